"""The Genre interface, like a game in Tatham's collection: one small set of methods that the
shells (CLI, web, benchmarks, studies) are written against once."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar, overload

import numpy as np

from ..engine import probing
from ..engine.fixpoint import Propagate, popcount
from ..engine.kernel import NO_TALLIES
from ..errors import MissingPart, RectlogicError, UnknownGenre
from . import drawing
from .generating import Judge


@dataclass(frozen=True)
class Violation:
    """One failed answer check: a pzprjs code, its message, where it happens, and the same
    in our own plain words (`plain`: what the API's `message` says; pzprjs's stays beside)."""

    code: str
    message: str
    cells: tuple[tuple[int, int], ...] = ()
    points: tuple[tuple[int, int], ...] = ()
    plain: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.plain or self.message,
            "pzprjs_message": self.message,
            "cells": [list(c) for c in self.cells],
            "points": [list(p) for p in self.points],
        }


SEARCH = "search"
"""The grade of a board no rung finishes without a guess."""

PROBING_RULES = frozenset({"probe", "ways", "nested"})
"""Rules that wrap a genre's other rules rather than narrow on their own: `probe` (assume one
value, run the rules, drop it on a contradiction), `ways` (inside probing, a tally's ways to
reach its number tried as one variable: `Genre.tallies`) and `nested` (probing whose every
probe itself probes, one level: a guess inside a guess)."""


Cells = tuple[tuple[int, int], ...]
Place = tuple[Cells, Cells]
"""Where a check fails: (cells, lattice points)."""


@dataclass(frozen=True)
class Check:
    """One named answer check, as pzprjs declares them: its code, its message, and what finds
    the places where it fails, from the puzzle, the answer and facts computed once for all of
    a genre's checks."""

    code: str
    message: str
    find: Callable[[Any, Any, Any], Iterable[Place]]
    plain: str = ""
    """The message in our own words (the rule book's: "region", never "room" or "area")."""


def run_checks(checks: Iterable[Check], puzzle: Any, answer: Any,
               facts: Any = None) -> list[Violation]:
    """Every failure of every check, in the checklist's order (pzprjs's active order)."""
    return [Violation(c.code, c.message, tuple(cells), tuple(points), c.plain)
            for c in checks for cells, points in c.find(puzzle, answer, facts)]


class Board(Protocol):
    """What puzzles, answers and results have in common: a size and the name of a genre."""

    rows: int
    cols: int
    genre: str


P = TypeVar("P", bound=Board)
A = TypeVar("A")


# -- a genre's parts: what each is (a Protocol), and how a genre declares one (`Part`) ----------
class Codec(Protocol):
    """The formats every genre reads and writes (formats/ holds the shared machinery)."""

    PID: str
    """Its puzz.link id."""
    EXTRA_FORMATS: tuple[str, ...]
    """Formats only some genres have (`tatham`, …): it has `from_<f>`/`to_<f>` for each."""

    def from_url(self, parts: Any) -> Any: ...
    def to_url(self, puzzle: Any) -> str: ...
    def from_pzprv3(self, f: Any) -> tuple[Any, Any]: ...
    def to_pzprv3(self, puzzle: Any, answer: Any) -> str: ...
    def from_text(self, tb: Any) -> tuple[Any, Any]: ...
    def to_text(self, puzzle: Any, answer: Any) -> str: ...
    def answer_from_json(self, puzzle: Any, data: object) -> Any: ...


class JankoCodec(Protocol):
    """Janko's text: read, written, and how much a text looks like this genre's."""

    def from_janko(self, jt: Any) -> tuple[Any, Any]: ...
    def to_janko(self, puzzle: Any, answer: Any) -> str: ...
    def janko_likeness(self, jt: Any) -> float: ...


class Author(Protocol):
    """What a setter edits (the workbench) and what the analysis may change."""

    EDIT: dict[str, Any]
    """The workbench's controls (`drawing.edit_description`)."""

    def compose(self, rows: int, cols: int, cells: object, borders: object = None) -> Any: ...
    def decompose(self, puzzle: Any) -> dict[str, Any]: ...
    def clue_cells(self, puzzle: Any) -> list[tuple[int, int]]: ...
    def relax(self, puzzle: Any, cells: Iterable[tuple[int, int]]) -> Any: ...
    def edits(self, puzzle: Any, answer: Any,
              near: set[tuple[int, int]]) -> Iterator[tuple[str, Any]]: ...
    def givens(self, puzzle: Any) -> list[tuple[int, int]]: ...
    """What stays when every number is relaxed and may itself be in conflict (Shakashaka's
    black cells); none in most genres."""
    def unfix(self, puzzle: Any, cells: Iterable[tuple[int, int]]) -> Any: ...
    """Those givens undone (a relaxation beyond `relax`)."""
    def impossible(self, puzzle: Any) -> str | None: ...
    """Why no answer can exist at a glance (Shikaku: the numbers must add up to the area),
    or None."""
    def repair(self, puzzle: Any, answer: Any, given_up: Iterable[tuple[int, int]],
               near: Iterable[tuple[int, int]]) -> Any | None: ...
    """An answer of `relax(puzzle, given_up)` made cheaply from `answer` (an answer of
    another relaxation) by changing it only around `near` and where it breaks a clue kept;
    None when there is no cheap repair (which proves nothing). The conflict search's
    witnesses: most trials differ from the last one by one clue given up."""

    ADDED_NUMBERS: str
    """The numbers `bench --analyze` writes on empty cells, one edit each."""


class BoardDescription(Protocol):
    """What the player draws and plays a board from (`genres.drawing`)."""

    def describe(self, puzzle: Any) -> dict[str, Any]: ...


class ClauseModel(Protocol):
    """The rules as clauses (`engine.clauses.Encoding`), for the clause engines."""

    def encode(self, puzzle: Any) -> Any: ...


class ClueSwitches(Protocol):
    """The clause model with its clues switched on and off by literals, for the analysis's
    conflict search (`analyze.conflict`): one incremental SAT solver asked under
    assumptions instead of a board built and searched per question."""

    NEAR_FIRST: bool
    """Is the model mostly its switched clues' clauses (not the board's own)? Then the
    search builds it over the clues nearest the edit first, and over more only while those
    have an answer together."""

    COMPARES_FROM: int | None
    """Boards of at least this many cells have the cells where their answers differ found
    by this model, not by the genre's search (None: never); where the search is the slower."""
    COUNTS_FROM: int | None
    """Boards of at least this many cells have their answers counted (the verdict) by this
    model, not by the genre's search (None: never); where the search is the slower on the
    boards a setter edits."""

    def switched(self, puzzle: Any, cells: list[tuple[int, int]]) -> tuple[Any, dict[Any, int]]:
        """(the `Encoding` of `author.relax(puzzle, cells)`, a literal per cell): under the
        assumption that the literals of a subset S are true, the models are exactly the
        answers of `author.relax(puzzle, cells − S)` (each switch, true, imposes its clue
        as `puzzle` has it; false, it imposes nothing)."""
        ...


class Examples(Protocol):
    """A genre's own examples, like pzprjs's test scripts (see `genres.examples`)."""

    SOLVED: tuple[Any, ...]
    """Boards with their one answer (`Solved`), smallest first."""
    FAILING: tuple[Any, ...]
    """Answers that fail, each with the code the checker gives first (`Failing`)."""


def protocol_members(kind: type) -> list[str]:
    """The names a Protocol asks for: its annotated attributes and its methods."""
    names = set(getattr(kind, "__annotations__", {}))
    names |= {n for n, v in vars(kind).items() if callable(v) and not n.startswith("_")}
    return sorted(names)


T = TypeVar("T")


class Part(Generic[T]):
    """One declared part of a genre: a module of its package and the Protocol it keeps.

    Declared on a genre class (`clause_model = Part(".cnf", ClauseModel)`; `Genre` declares the
    required ones, each a module of the same name in the genre's package), found by
    `register` when the genre is imported (a part missing is an error there, naming the genre
    and the part), imported on first access and checked then against its Protocol: the
    CLI's start-up imports no clause model it does not use."""

    def __init__(self, module: str, kind: type[T]) -> None:
        self.module = module
        self.kind = kind
        self.attr = ""
        self.found: dict[type, ModuleType] = {}
        """Per genre class, its module once imported (kept here: a genre pickles by value)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = name

    def where(self, owner: type) -> str:
        """The module's full name (a relative name is read from the genre's package)."""
        package = sys.modules[owner.__module__].__package__ or owner.__module__
        return importlib.util.resolve_name(self.module, package)

    @overload
    def __get__(self, genre: None, owner: type) -> Part[T]: ...
    @overload
    def __get__(self, genre: Genre, owner: type) -> T: ...

    def __get__(self, genre: Genre | None, owner: type) -> Part[T] | T:
        if genre is None:
            return self
        if owner not in self.found:
            module = importlib.import_module(self.where(owner))
            missing = [m for m in protocol_members(self.kind) if not hasattr(module, m)]
            if missing:
                raise MissingPart(f"{genre.name}: its {self.attr} part ({module.__name__}) "
                                  f"lacks {', '.join(missing)}")
            self.found[owner] = module
        return self.found[owner]  # type: ignore[return-value]


REQUIRED_PARTS = ("codec", "author", "board", "examples")
OPTIONAL_PARTS = ("janko", "clause_model", "clue_switches")


def check_parts(genre: Genre) -> None:
    """Every required part declared and every declared part's module present (found, not
    imported): a genre missing one fails when it is imported, naming itself and the part."""
    owner = type(genre)
    for attr in (*REQUIRED_PARTS, *OPTIONAL_PARTS):
        declared = getattr(owner, attr, None)
        if declared is None and attr in OPTIONAL_PARTS:
            continue
        if not isinstance(declared, Part):
            raise MissingPart(f"genre {genre.name} declares no {attr} part")
        try:
            found = importlib.util.find_spec(declared.where(owner))
        except (ImportError, AttributeError, ValueError):  # its package is not a package
            found = None
        if found is None:
            raise MissingPart(f"genre {genre.name}: its {attr} part "
                              f"{declared.where(owner)} does not exist")


class Genre(ABC, Generic[P, A]):
    """What every genre provides, over its own Puzzle (P) and Answer (A) types: immutable
    values; domains are flat numpy arrays of bitmasks that the engine works on."""

    name: ClassVar[str]
    ALIASES: ClassVar[tuple[str, ...]] = ()
    """Other names the genre goes by (puzz.link's ids, other sites' names)."""
    TITLE: ClassVar[str] = ""
    """The name as people write it, where it is not the id capitalised ("Choco Banana")."""
    BANK_SIDES: ClassVar[tuple[int, ...]] = (6, 8, 10, 15, 20)
    """The board sides the shipped bank promises boards of (`bank.build` fills these): a
    genre whose generator does not reach one answer on larger boards promises fewer."""
    BANK_LARGE_TOP: ClassVar[str | None] = None
    """The hardest grade the shipped bank fishes at its large sides (15×15, 20×20); None:
    every grade. A genre whose attempts at its top grades take minutes on a large board
    stops below them, so that `make bank` stays within its half hour."""
    BANK_LARGE_SPARE: ClassVar[float] = 3.0
    """Boards the shipped bank fishes at its large sides beyond those it keeps, as a share
    of them, where it keeps those that look most published (`bank.LOOKS_SPARE`). A genre
    whose large attempts take seconds each fishes fewer, or none (0: it keeps the first
    caught), so that `make bank` stays within its half hour."""
    SCALING_SIDES: ClassVar[tuple[int, ...]] = (10, 25, 50, 100, 200)
    """Board sides of the scaling benchmark (`bench --scaling`)."""
    RULES_TEXT: ClassVar[str] = ""
    """The puzzle's rules for people, as the rules page shows them."""
    REASONS: ClassVar[dict[str, str]] = {}
    """Each rule in plain words, for hints."""
    HEAVY_EXAMPLE: ClassVar[str | None] = None
    """A puzzle whose search runs long (for load tests: `rectlogic soak`)."""
    RULES: ClassVar[tuple[str, ...]]
    """Rule names in ladder order; the probing rules (`PROBING_RULES`) come last and wrap
    the others."""
    LADDER: ClassVar[dict[str, tuple[str, ...]]]
    """Named cumulative rule sets (the grades), weakest first."""
    DEFAULT_RUNG: ClassVar[str]
    STAR_CUTS: ClassVar[tuple[float, ...]] = ()
    """The difficulties at `grade.STAR_SHARES` over Janko's boards with one answer (as
    `tools/janko-difficulty` prints them; the tests recompute them from the corpus), or for
    a genre Janko does not publish over the shipped bank's boards (the same tool prints
    those): a board is one star more for each cut its difficulty passes. None: every board
    one star."""
    PROBE_EVERY_NODE: ClassVar[bool] = False
    """Probe at every search node, not only at the root (when probing is asked for)."""
    SLOW_RULES: ClassVar[frozenset[str]] = frozenset()
    """Rules that probing leaves out of its many small fixpoints (it runs them between
    probing rounds instead), where a rule is too slow to run once per probed value."""
    UI_ONLY_CODES: ClassVar[frozenset[str]] = frozenset()
    """pzprjs's "not started" guard (nothing shaded, no triangle): not a rule of the puzzle.
    An empty answer that obeys every rule is an answer — the solver counts it and the checker
    accepts it, with the guard as a note — but a board whose answer is empty has nothing to
    solve, so the generator and the bank refuse it."""

    # -- model -------------------------------------------------------------------------------
    @abstractmethod
    def initial_domains(self, puzzle: P) -> np.ndarray:
        """The domains before any reasoning, shape (N,)."""

    @abstractmethod
    def base_propagator(self, puzzle: P, rules: frozenset[str]) -> Propagate | None:
        """The fixpoint of the named rules (probe excluded) over a batch (B, N)."""

    @abstractmethod
    def decode(self, puzzle: P, domains: np.ndarray) -> A:
        """A complete assignment → the genre's Answer."""

    @abstractmethod
    def encode(self, puzzle: P, answer: A) -> np.ndarray:
        """An Answer → fully decided domains (for soundness tests and hints)."""

    # -- the definition reading ---------------------------------------------------------------
    @abstractmethod
    def pzprjs_findings(self, puzzle: P, answer: A) -> list[Violation]:
        """What pzprjs's checks find, in its active order, its "not started" guard included
        (UI_ONLY_CODES): puzz.link's verdict, code for code."""

    def validate(self, puzzle: P, answer: A) -> list[Violation]:
        """Every violation of the puzzle's rules, in pzprjs's order; [] means solved — an
        empty answer that obeys every rule too, as the solver and `check` say (pzprjs's
        "not started" guard is not a rule: `check` gives it as a note)."""
        return [v for v in self.pzprjs_findings(puzzle, answer)
                if v.code not in self.UI_ONLY_CODES]

    # -- output -------------------------------------------------------------------------------
    @abstractmethod
    def answer_json(self, puzzle: P, answer: A) -> Any:
        """The ANSWER value of the JSON output."""

    @abstractmethod
    def render(self, puzzle: P, answer: A | None = None) -> str:
        """A readable board for people (the puzzle, or the answer drawn on it)."""

    @abstractmethod
    def generate(self, rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> P | None:
        """One attempt at a board with exactly one answer; the judge says whether a candidate
        board is good enough (unique, not harder than asked) and how many numbers to keep.
        None when the attempt fails."""

    def scaling_board(self, side: int, rng: np.random.Generator) -> P:
        """A side×side board for the scaling benchmark: the generator's first candidate, every
        number kept (thinning a 100×100 board would take longer than the benchmark)."""
        first: list[P] = []

        def accept(puzzle: P) -> bool:
            first.append(puzzle)
            return len(first) == 1

        self.generate(side, side, rng, Judge(accept))
        if not first:
            raise RectlogicError(f"the {self.name} generator makes no {side}x{side} board")
        return first[0]

    # -- play -----------------------------------------------------------------------------------
    @abstractmethod
    def position_domains(self, puzzle: P, position: Any) -> np.ndarray:
        """A player's partial position (the JSON ANSWER form, with undecided cells) → domains."""

    def open_variables(self, puzzle: P, position: Any, domains: np.ndarray) -> np.ndarray:
        """Which variables the player has still to set (a hint's move sets one): here, those
        with more than one value left in the position's domains."""
        return popcount(domains) > 1

    @abstractmethod
    def describe(self, puzzle: P, variable: int, before: int, after: int) -> dict[str, Any]:
        """One narrowing in words: {"cells": [[r, c], …], "text": "…"} (for hints)."""

    @property
    def grades(self) -> list[str]:
        """Its grades, easiest first: its rungs, then `search`."""
        return [*self.LADDER, SEARCH]

    @property
    def rung_text(self) -> dict[str, str]:
        """Each rung with rules in a line: the rule(s) it adds to the rung below, in words
        (for the rung selector and the grades' explanations)."""
        out, before = {}, frozenset()
        for rung, rules in self.LADDER.items():
            added = [r for r in rules if r not in before]
            if added:
                out[rung] = "; ".join(self.REASONS.get(r, r) for r in added)
            before = frozenset(rules)
        return out

    @property
    def strongest_plain_rung(self) -> str:
        """The strongest rung that does not probe (a search's cheapest strong propagation)."""
        return [r for r, rules in self.LADDER.items() if not PROBING_RULES & set(rules)][-1]

    # -- the genre's other parts: declared (`Part`), each a module of its package ------------
    codec = Part(".codec", Codec)
    """Its mapping of the formats (puzz.link, pzprv3, text, …) onto its types (required)."""
    author = Part(".author", Author)
    """What a setter edits, for the workbench and the analysis (required)."""
    board = Part(".board", BoardDescription)
    """What the player needs to draw and play a board (required)."""
    examples = Part(".examples", Examples)
    """Its own boards with answers and failing boards with codes, like pzprjs's test scripts
    (required): what the contract tests, the native build and the first-solve figure run."""
    janko: ClassVar[Part[JankoCodec] | None] = None
    """Its reading of Janko's text, where Janko publishes the genre (optional: a genre
    declares `janko = Part(".codec", JankoCodec)`)."""
    clause_model: ClassVar[Part[ClauseModel] | None] = None
    """Its rules as clauses, for the clause engines (optional, where an exact model is
    practical: `clause_model = Part(".cnf", ClauseModel)`)."""
    clue_switches: ClassVar[Part[ClueSwitches] | None] = None
    """Its clause model with each clue behind a switch, for the conflict search (optional:
    `clue_switches = Part(".cnf", ClueSwitches)`; without it the search is the solver's)."""

    @property
    def title(self) -> str:
        """The name the pages show (the id stays in URLs, files and the API)."""
        return self.TITLE or self.name.capitalize()

    def board_json(self, puzzle: P) -> dict[str, Any]:
        """What the player needs to draw and play the board (see `genres.drawing`)."""
        return {"genre": self.name, "title": self.title, "rows": puzzle.rows, "cols": puzzle.cols,
                "rungs": list(self.LADDER), "rung_text": self.rung_text,
                **self.board.describe(puzzle)}

    def play(self, puzzle: P) -> drawing.CellPlay | drawing.RectanglePlay:
        """How the board is played, whatever its input (cells, or rectangles): its empty
        position, a position part of the way to an answer, a move made, what a position
        draws, the marks that disagree with an answer (`drawing.play`)."""
        return drawing.play(self.board_json(puzzle))

    # -- shared machinery ---------------------------------------------------------------------
    def rules_for(self, rung: str | None = None, rules: Iterable[str] | None = None) -> frozenset:
        """Resolve a rung name or an explicit rule list to a validated set of rule names."""
        if rung is not None and rules is not None:
            raise RectlogicError("give a rung or a list of rules, not both")
        if rules is not None:
            names = frozenset(r.strip() for r in rules if r.strip())
            unknown = sorted(names - set(self.RULES))
            if unknown:
                raise RectlogicError(
                    f"unknown {self.name} rule {', '.join(unknown)}; "
                    f"known: {', '.join(self.RULES)}"
                )
            return names
        rung = rung or self.DEFAULT_RUNG
        if rung not in self.LADDER:
            raise RectlogicError(
                f"unknown {self.name} rung {rung!r}; known: {', '.join(self.LADDER)}"
            )
        return frozenset(self.LADDER[rung])

    def propagators(
        self, puzzle: P, rules: frozenset[str], probe_all: bool = False,
        for_search: bool = False,
    ) -> tuple[Propagate | None, Propagate | None]:
        """(full, base): the named rules with probing when `probe` is asked for, and the same
        rules without it. The search probes at the root and uses `base` below. `probe_all`
        keeps the slow rules inside every probe too (the write-ups' probe). `for_search`:
        the probing also tries the ways of the genre's `tallies` — a search's strength, not a
        rung's (grades and hints read the rules alone). A rung with `ways` tries them too; with
        `nested`, each probe of an outer probing runs the whole single-level probing (the
        search never nests: too dear at every node)."""
        plain = rules - PROBING_RULES
        base = self.base_propagator(puzzle, plain)
        if not rules & PROBING_RULES:
            return base, base
        slow = frozenset() if probe_all else rules & self.SLOW_RULES
        lower = self.base_propagator(puzzle, plain - slow) if slow else base
        outer = base if slow else None
        ways = for_search or "ways" in rules
        single = probing(lower, outer, self.tallies(puzzle) if ways else NO_TALLIES)
        if "nested" in rules and not for_search:
            return probing(single), base
        return single, base

    def propagator(self, puzzle: P, rules: frozenset[str],
                   probe_all: bool = False) -> Propagate | None:
        """The fixpoint of the named rules, probing included."""
        return self.propagators(puzzle, rules, probe_all)[0]

    def branch_preference(self, puzzle: P) -> np.ndarray | None:
        """Optional weights: among variables with equally few values, branch on the heaviest."""
        return None

    def tallies(self, puzzle: P) -> np.ndarray:
        """Counts the search's probing may try as wholes, every way at once (packed as
        `engine.kernel.probe_tallies` reads them); none unless a genre has them."""
        return NO_TALLIES

    def accept(self, puzzle: P) -> Callable[[np.ndarray], bool]:
        """The leaf test of every search: the validator, never the rules."""
        return lambda d: self.obeys_rules(puzzle, self.decode(puzzle, d))

    def obeys_rules(self, puzzle: P, answer: A) -> bool:
        return not self.validate(puzzle, answer)

    def check(self, puzzle: P, answer: A) -> tuple[list[Violation], list[Violation]]:
        """(errors, notes), the verdict every shell gives: pzprjs's findings, except that the
        "not started" guard alone is a note, not an error (see UI_ONLY_CODES). No errors
        exactly when `validate` finds nothing."""
        found = self.pzprjs_findings(puzzle, answer)
        if all(v.code in self.UI_ONLY_CODES for v in found):
            return [], found
        return found, []

    def faults(self, puzzle: P, answer: A) -> list[str]:
        """Why a board with one answer looks degenerate, as no published setter would make
        it (`generating.degenerate`: one piece, mostly 0s, clumped black cells); empty when
        it does not. The generator refuses such boards."""
        return []

    def live_mistakes(self, puzzle: P, position: Any) -> list[Violation]:
        """What is wrong in a position whatever the open cells become (a rule already broken
        for good), for "show mistakes as I play"; none unless a genre finds them."""
        return []

    def empty_answer(self, puzzle: P) -> A:
        """The answer before any move (what `check` reads when given no answer): every
        variable at its first value, which in the genres that place things is nothing."""
        d = self.initial_domains(puzzle)
        return self.decode(puzzle, d & -d)

    def picture(self, puzzle: P, answer: A) -> np.ndarray:
        """The answer as one value per cell (rows, cols), so two answers can be compared
        cell by cell: here, the characters of the JSON ANSWER's rows."""
        rows = self.answer_json(puzzle, answer)
        return np.array([[ord(ch) for ch in row] for row in rows], dtype=np.int64)

    def is_blank(self, puzzle: P, answer: A) -> bool:
        """Is the answer empty (nothing placed: pzprjs's "not started" guard fires)?"""
        return any(v.code in self.UI_ONLY_CODES for v in self.pzprjs_findings(puzzle, answer))


def position_rows(puzzle: Any, position: Any) -> list[str]:
    """A position drawn as one string per row (the genres whose answers are cell pictures)."""
    if (not isinstance(position, list) or len(position) != puzzle.rows
            or not all(isinstance(r, str) and len(r) == puzzle.cols for r in position)):
        raise RectlogicError(f"a position is {puzzle.rows} strings of {puzzle.cols} characters")
    return position


def framed_cell(variable: int, cols: int) -> tuple[int, int]:
    """The board cell (r, c) of a variable of a framed domain array ((rows+2)×(cols+2))."""
    r, c = divmod(variable, cols + 2)
    return r - 1, c - 1


_LOADED: dict[str, Genre] = {}
"""The genres whose packages have been imported, by name. Any puzzle, answer or result names
a genre that made it, so its genre is here: the library below the shells finds a board's genre
without the registry (which imports every genre, and so sits above them)."""


def register(genre: Genre) -> Genre:
    """Called once by each genre package for its Genre object: its parts are checked here."""
    check_parts(genre)
    _LOADED[genre.name] = genre
    return genre


def unregister(genre: Genre) -> None:
    """Forget a genre `register` was given (the registry's `registered`, when its block ends)."""
    if _LOADED.get(genre.name) is genre:
        del _LOADED[genre.name]


def genre_of(board: Board) -> Genre:
    """The Genre of a puzzle, answer or result (anything with a `genre` name)."""
    try:
        return _LOADED[board.genre]
    except KeyError:
        raise UnknownGenre(f"unknown genre {board.genre!r}") from None
