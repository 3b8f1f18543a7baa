"""The setter's analysis of a puzzle being written: how many answers, how hard, where it is
still open or ambiguous, which single edit would make it unique, and why it has no answer.

It must keep up with typing, so the count and the verdict come first and the rest (where the
answers differ, the suggestions, the smallest conflict) shares a small time budget, each part
saying whether it finished. Every fact comes from the solver, and the tests check each against
an independent reading: a suggestion, applied, is unique by the SAT engine too; a `differ`
cell differs between two answers the validator accepts; a conflict set has no answer alone
(by SAT), and dropping any one of its clues gives an answer."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from .engine import clauses, limits
from .engine.fixpoint import popcount
from .errors import RectlogicError
from .formats.auto import url_of
from .genres import Board, genre_of
from .grade import grade
from .hint import open_cells
from .solve import Solution, solve, status_of

try:  # with the analysis, not on a first edit (whose conflict has 20 ms): 0.15 s
    from pysat.card import CardEnc  # noqa: F401  (the switched models' counts)
    from pysat.solvers import Solver
except ImportError:  # python-sat is optional: the search alone then
    Solver = None

COUNT_CAP = 50
"""Answers counted at most: past it the count says `at least`."""
SUGGESTIONS = 5
EDITS_TRIED = 60
"""Candidate edits tried at most, nearest the ambiguity first."""
PATIENCE = 0.6
"""Seconds shared by the parts after the verdict (differing cells, suggestions, the smallest
conflict) on a 20×20 board, in proportion to the cells on smaller ones (0.15 s at 10×10, at
least 0.1 s): the workbench analyses after every keystroke. A part cut short says so, and
the workbench asks again with FOLLOW_UP times the patience."""
FOLLOW_UP = 10
"""How many times the first analysis's patience the workbench's second asking has, when a
part was cut short: the verdict shows at once, the fewest conflicting clues or every
differing cell a moment later (at most MOST_PATIENCE)."""
MOST_PATIENCE = 5.0
"""Seconds of patience a request may ask for."""
QUESTION_NODES = 3_000
"""Search nodes for one yes/no question (has this relaxed board an answer? does an answer
differ from the first at this variable?): past it the answer is `unknown`."""

Cell = tuple[int, int]


def analyze(puzzle: Board, timeout: float | None = None, patience: float | None = None,
            focus: Cell | None = None) -> dict[str, Any]:
    """{"genre", "rows", "cols", "status", "count", "complete", "grade", "score",
    "stars", "undecided", "differ", "differ_complete", "suggestions", "conflict",
    "conflict_minimal", "reason", "patience", "ask_again_with", "seconds"}, within
    `timeout`; the parts after the verdict within `patience` (seconds; by default
    `default_patience`). `ask_again_with`: where a part was cut short, the patience a second
    asking should have (FOLLOW_UP times as much), else None. `focus`: the cell the setter
    edited last (row, column), where a conflict is looked for first — the one the edit made,
    and a quicker one to prove."""
    started = time.perf_counter()
    if patience is None:
        patience = default_patience(puzzle)
    with limits.time_limit(timeout):
        genre = genre_of(puzzle)
        author = genre.author
        found = _switched_count(puzzle, COUNT_CAP) or count(
            puzzle, started + COUNT_SHARE * patience)
        settled = default_fixpoint(puzzle)
        out: dict[str, Any] = {
            "genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols,
            "status": found.status, "count": found.count,
            "complete": found.complete and found.count < COUNT_CAP,
            "grade": None, "score": None, "stars": None, "undecided": undecided(puzzle, settled),
            "differ": [], "differ_complete": True, "suggestions": [],
            "conflict": [], "conflict_minimal": True, "reason": None,
            "patience": round(patience, 4),
        }
        if found.status == "unique":
            g = grade(puzzle, scored=True)
            out["grade"], out["score"], out["stars"] = g.grade, g.score, g.stars
        elif found.status == "multiple":
            # keep an answer that places something (an empty one has nothing to solve)
            a = next((x for x in found.answers if not genre.is_blank(puzzle, x)),
                     found.answers[0])
            with limits.time_limit(_left(started, patience) / 2):
                near, out["differ_complete"] = differ(puzzle, a, found.answers, settled[1])
            out["differ"] = [list(cell) for cell in near]
            out["suggestions"] = suggestions(puzzle, a, set(near),
                                             time.perf_counter() + _left(started, patience))
        elif found.status == "none":
            out["reason"] = author.impossible(puzzle)
            with limits.time_limit(_left(started, patience)):
                cells, out["conflict_minimal"], why = conflict(puzzle, focus)
            out["conflict"] = [list(cell) for cell in cells]
            out["reason"] = out["reason"] or why
    out["ask_again_with"] = (min(MOST_PATIENCE, round(FOLLOW_UP * patience, 4))
                             if cut_short(out) and patience < MOST_PATIENCE else None)
    out["seconds"] = round(time.perf_counter() - started, 4)
    return out


def cut_short(out: dict[str, Any]) -> bool:
    """Did the time cut an analysis's differing cells or its conflict short?"""
    return out["differ_complete"] is False or out["conflict_minimal"] is False


def default_patience(puzzle: Board) -> float:
    """PATIENCE on a 20×20 board, in proportion to the cells on smaller ones, at least 0.1 s."""
    return min(PATIENCE, max(0.1, PATIENCE * puzzle.rows * puzzle.cols / 400))


COUNT_SHARE = 0.3
"""The share of the patience (from the analysis's start) the count of answers past the
second may take: a board far from unique has many answers that take long to tell apart (up
to 0.14 s for 50 on a Choco Banana 10×10), and past two the count only says how far from
unique it is (cut short, it says "at least"), while the suggestions need the time."""


def count(puzzle: Board, until: float) -> Solution:
    """The verdict (two answers looked for, however long that takes), then, where there are
    two, the answers up to COUNT_CAP found by `until` (perf_counter): past it the count is
    a lower bound (`complete` false)."""
    found = solve(puzzle, limit=2)
    if found.status != "multiple":
        return found
    left = until - time.perf_counter()
    more = solve(puzzle, limit=COUNT_CAP, timeout=left) if left > 0 else None
    if more is None or more.count < found.count:
        return replace(found, stopped=limits.TIME)
    return more


def _left(started: float, patience: float) -> float:
    """What is left of the patience, counted from the start of the analysis (the verdict's
    own time included, so a slow count leaves the later parts less), at least a little:
    enough for a first suggestion or a first conflict question."""
    return max(0.2 * patience, started + patience - time.perf_counter())


def default_fixpoint(puzzle: Board) -> tuple[np.ndarray, np.ndarray]:
    """The domains of the empty board, before and after the default rung's fixpoint (what
    the undecided cells and the differing cells both start from)."""
    genre = genre_of(puzzle)
    d = genre.initial_domains(puzzle)
    full = genre.propagator(puzzle, genre.rules_for(None))
    return d, (d if full is None else full(d[None])[0])


def undecided(puzzle: Board, settled: tuple[np.ndarray, np.ndarray]) -> list[list[int]]:
    """Cells the default rung's fixpoint (`settled`: before, after) leaves open from the empty
    board (none when that fixpoint finds no answer at all)."""
    d, after = settled
    return [] if not after.all() else sorted(open_cells(puzzle, d, after))


# -- where the answers differ ------------------------------------------------------------------

def differ(puzzle: Board, first: Any, answers: Sequence[Any],
           settled: np.ndarray) -> tuple[list[Cell], bool]:
    """Every cell on which some answer differs from `first`, and whether that is all of them.
    The answers found already show most; then each variable still open after the rules, on
    which no answer found differs yet, gets one question: is there an answer with another
    value here? (An answer found that way shows more cells at once; a question that runs
    out of nodes is asked again with 8, 64, … times as many, while the time lasts.)
    `settled`: the default rung's fixpoint from the empty board."""
    switched = _switched_differ(puzzle, first, answers)
    if switched is not None:
        return switched
    genre = genre_of(puzzle)
    picture = genre.picture(puzzle, first)
    mine = genre.encode(puzzle, first)
    seen = np.zeros(picture.shape, dtype=bool)
    varied = np.zeros(mine.shape, dtype=bool)

    def count_in(other: Any) -> None:
        nonlocal seen, varied
        seen |= genre.picture(puzzle, other) != picture
        varied |= genre.encode(puzzle, other) != mine

    for other in answers:
        count_in(other)
    full = genre.propagator(puzzle, genre.rules_for(None))
    settled = settled.copy()  # narrowed as variables are shown the same in every answer
    unsure = np.flatnonzero(popcount(settled) > 1).tolist()
    for scale in (1, 8, 64, 512, 4096):  # questions out of nodes, asked again with more
        asked, unsure = unsure, []
        for k, v in enumerate(asked):
            if varied[v] or popcount(settled[v:v + 1])[0] == 1:
                continue
            if limits.expired():
                unsure += asked[k:]  # not asked: not known
                break
            narrowed = settled.copy()
            narrowed[v] = int(settled[v]) & ~int(mine[v])  # (uint64 or Python int domains)
            found = solve(puzzle, limit=1, budget=scale * QUESTION_NODES, start=narrowed)
            if found.answers:
                count_in(found.answers[0])
            elif found.status == "none":
                settled = _kept(settled, v, mine[v], full)
            else:
                unsure.append(v)
        if not unsure or limits.expired():
            break
    return [(int(r), int(c)) for r, c in np.argwhere(seen)], not unsure


def _kept(settled: np.ndarray, v: int, value: Any, full: Any) -> np.ndarray:
    """`settled` with variable `v` shown to keep `value` in every answer, and what the rules
    make of that: every answer is still within it (a backbone learnt), and the questions
    about the other variables start narrower, while some of them are settled outright."""
    narrowed = settled.copy()
    narrowed[v] = value
    if full is None:
        return narrowed
    after = full(narrowed[None])[0]
    return after if after.all() else narrowed


def _switched_count(puzzle: Board, limit: int) -> Solution | None:
    """The verdict's count asked of the SAT solver of the conflict search (`_Switchboard`,
    every clue on), where the genre counts so (`ClueSwitches.COUNTS_FROM`: a Chocona 20×20
    with a number deleted, 0.1–2.3 s by the search, 10 ms so): an answer, then one unlike
    every answer so far, up to `limit`, each checked by the validator. None where the
    genre does not (or not on a board this small), or the solver cannot tell in
    its budget (the search counts then)."""
    began = time.perf_counter()
    opened = _whole_switchboard(puzzle, "COUNTS_FROM")
    if opened is None:
        return None
    board, items = opened
    switch = board.fresh()  # behind it, each answer found ruled out
    answers: list[Any] = []
    try:
        while len(answers) < limit:
            said, answer = board.ask(items, 8 * SWITCH_CONFLICTS, assume=[switch])
            if said is None:
                return None
            if said is True:
                break
            answers.append(answer)
            board.unlike(switch, board.true)
    finally:
        board.retire(switch)
        board.close()
    return Solution(puzzle.genre, puzzle.rows, puzzle.cols, status_of(len(answers)), answers,
                    seconds=time.perf_counter() - began)


def _switched_differ(puzzle: Board, first: Any, answers: Sequence[Any]
                     ) -> tuple[list[Cell], bool] | None:
    """`differ` asked of the SAT solver of the conflict search (`_Switchboard`, every clue
    on), where the genre has one: its first answer's decisions, then answers that break
    at least one decision that every answer so far keeps, until there is none (then each
    decision left is the same in every answer) — one question per answer found, not one
    per variable. Each answer is checked by the validator. None where the genre does not
    compare so (`ClueSwitches.COMPARES_FROM`), or not on a board this small, or the
    solver finds no answer in its budget."""
    opened = _whole_switchboard(puzzle, "COMPARES_FROM")
    if opened is None:
        return None
    board, items = opened
    genre = board.genre
    try:
        picture = genre.picture(puzzle, first)
        seen = np.zeros(picture.shape, dtype=bool)
        for other in answers:
            seen |= genre.picture(puzzle, other) != picture
        said, answer = board.ask(items, SWITCH_CONFLICTS)
        if said is not False:
            return None
        decisions = board.decisions
        sign = np.sign(board.true)
        same = np.ones(len(decisions), dtype=bool)  # the decisions every answer so far keeps
        complete = False
        while not limits.expired():
            seen |= genre.picture(puzzle, answer) != picture
            same &= np.sign(board.true) == sign
            breaking = (-decisions * sign)[same].tolist()
            board.solver.set_phases(breaking)  # break many at once
            switch = board.fresh()  # one clause, for this question: break one kept
            board.solver.add_clause([-switch, *breaking])
            for budget in (8, 64, 512):  # asked again with more, while the time lasts
                said, answer = board.ask(items, budget * SWITCH_CONFLICTS, assume=[switch])
                if said is not None or limits.expired():
                    break
            board.retire(switch)
            if said is not False:
                complete = said is True
                break
        return [(int(r), int(c)) for r, c in np.argwhere(seen)], complete
    finally:
        board.close()


# -- single edits that make it unique ------------------------------------------------------------

def suggestions(puzzle: Board, answer: Any, near: set[Cell],
                until: float = float("inf")) -> list[dict[str, Any]]:
    """Up to SUGGESTIONS single edits that keep `answer` and leave it the only one (never an
    empty one: nothing to solve), easiest grade first, then the fewest search nodes (an
    edit proved unique but not graded in time after the graded ones, its grade None); when
    none does, the edits that leave the fewest answers, with their counts (`complete` false
    when a count is a lower bound). Edits stop being tried at `until` (perf_counter), once
    there is something to suggest, and LATE_SHARE further on regardless (a grade or count
    still running then is cut short)."""
    genre = genre_of(puzzle)
    unique, others = [], []
    began = time.perf_counter()
    last = until + LATE_SHARE * (until - began)  # past `until` only while nothing is found
    for k, (change, edited) in enumerate(genre.author.edits(puzzle, answer, near)):
        now = time.perf_counter()
        late = now > until or limits.expired()
        if k >= EDITS_TRIED or (late and (unique or others)) or now >= last:
            break
        stop = until if unique or others else last
        g = grade(edited, timeout=None if stop == float("inf") else stop - now)
        if g.unique and not genre.is_blank(edited, g.answer):  # graded, or out of time
            rank = len(genre.grades) if g.grade is None else genre.grades.index(g.grade)
            unique.append((rank, g.nodes, change, edited, g.grade))
        elif g.status == "multiple":
            others.append((change, edited))
    if unique:
        unique.sort(key=lambda t: (t[0], t[1]))
        return [{"change": c, "url": url_of(e), "grade": g, "count": 1, "complete": True}
                for _, _, c, e, g in unique[:SUGGESTIONS]]
    counted = []
    for change, edited in others[:2 * SUGGESTIONS]:
        left = (until if counted else last) - time.perf_counter()
        if (left <= 0 or limits.expired()) and counted:
            break
        s = solve(edited, limit=COUNT_CAP, budget=10 * QUESTION_NODES,
                  timeout=None if left == float("inf") else max(QUESTION_FLOOR, left))
        # the grade above found two answers: a count cut shorter says at least two
        counted.append((max(2, s.count), s.complete and s.count < COUNT_CAP, change, edited))
    counted.sort(key=lambda t: t[0])
    return [{"change": c, "url": url_of(e), "grade": None, "count": n, "complete": done}
            for n, done, c, e in counted[:SUGGESTIONS]]


LATE_SHARE = 0.5
"""How far past its time (as a share of the time it had) `suggestions` goes on trying
edits while it has found none to suggest: a first suggestion is worth a little wait, a
0.2 s analysis after each keystroke more."""


# -- why there is no answer ----------------------------------------------------------------------

def conflict(puzzle: Board, focus: Cell | None = None
             ) -> tuple[list[Cell], bool | None, str | None]:
    """(cells, minimal, reason): a minimal set of clues that cannot all hold, by deletion
    over the clues, each dropped (relaxed) when the rest still has no answer. Relaxing a clue
    only adds answers, so the set found is minimal — `minimal` is false when the time ran
    out or a question went unanswered. When the board has no answer even with every clue
    relaxed, the conflict lies in what relaxing keeps (a genre's `givens`, e.g. Shakashaka's
    black cells): then a minimal set of those, and a reason saying so; where a genre keeps
    nothing but the clues' places (marks made `?`, each rectangle needing one), every clue,
    `minimal` None (no deletion narrows it: taking a clue away is no relaxation there) and
    a reason.
    `focus`: a cell to look around first (`_smallest`)."""
    author = genre_of(puzzle).author
    clues = author.clue_cells(puzzle)
    switched = _switched_smallest(puzzle, clues, focus)
    if isinstance(switched, tuple):
        return (*switched, None)
    loose = author.relax(puzzle, clues)
    if switched != RELAXED_NONE and _no_answer(loose) is not True:
        cells, minimal = _smallest(
            clues, lambda kept: author.relax(puzzle, _without(clues, kept)),
            lambda answer, given_up, near: author.repair(puzzle, answer, given_up, near),
            focus)
        return cells, minimal, None
    givens = author.givens(loose)
    if givens:
        cells, minimal = _smallest(givens, lambda kept: author.unfix(
            loose, _without(givens, kept)), focus=focus)
        return cells, minimal, ("no answer even without any number: these cells cannot all "
                                "be black")
    tokens = author.decompose(puzzle)["cells"]  # the clues' places, `?` ones among them
    return sorted((r, c) for r, row in enumerate(tokens) for c, token in enumerate(row)
                  if token not in ("", "#")), None, PLACES_ALONE


PLACES_ALONE = "no answer whatever the clues say: where they stand leaves none"
"""The reason when the board has no answer with every clue made `?` and the genre keeps no
other givens: the clues' places alone (a mark added among others where no tiling gives each
rectangle one of its own)."""


def _whole_switchboard(puzzle: Board, part: str) -> tuple[_Switchboard, list[Cell]] | None:
    """(the switched model of the whole board, its clues), where the genre does `part` of
    the analysis by it at this size (`ClueSwitches.COUNTS_FROM`, `COMPARES_FROM`: boards of
    at least that many cells); None where it does not, or the model cannot be built."""
    genre = genre_of(puzzle)
    least = getattr(genre.clue_switches, part, None)
    if least is None or puzzle.rows * puzzle.cols < least:
        return None
    items = genre.author.clue_cells(puzzle)
    try:
        return _Switchboard(puzzle, items), items
    except (ValueError, RectlogicError, ImportError):  # too many candidates; no python-sat
        return None


RELAXED_NONE = "relaxed none"
"""What the switched search says when the board has no answer even with every item relaxed
(the solver's core holds none): `conflict` looks among the givens at once."""
SWITCH_SOLVER = "glucose4"
"""The SAT solver of the switched search: one whose search a timer can stop (CaDiCaL 1.5's
cannot, and a question it takes long over, though few conflicts long, overran the time
left by up to a second on Choco Banana); about as fast as CaDiCaL on these models."""
QUESTION_FLOOR = 0.005
"""Seconds a question of the switched search has at least, the deadline past or not."""
SWITCH_CONFLICTS = 2_000
"""SAT conflicts for one question of the switched search (`_switched_smallest`), first;
a question that goes unanswered is asked again with 8 and 64 times as many while the time
lasts. Most are answered in a few hundred."""


class _Switchboard:
    """One incremental SAT solver over the genre's clause model with every item behind a
    switch (`Genre.clue_switches`): "has the board keeping these items no answer?" is a
    solve under the assumption that their switches are on. No answer comes with a core
    (the items it needed, a subset), an answer with a witness, decoded and checked by the
    genre's validator against the board it is an answer of."""

    def __init__(self, puzzle: Board, items: list[Cell], relaxed: Sequence[Cell] = ()) -> None:
        """`relaxed`: items left out of the model, relaxed in every question."""
        if Solver is None:
            raise ImportError("python-sat is not installed")
        genre = genre_of(puzzle)
        if relaxed:
            puzzle = genre.author.relax(puzzle, relaxed)
        self.puzzle, self.items, self.genre = puzzle, items, genre
        self.encoding, self.switch = genre.clue_switches.switched(puzzle, items)
        self.decisions = np.asarray(self.encoding.decisions)
        self.decisions_list = list(self.encoding.decisions)
        cnf = self.encoding.cnf
        self.frame = cnf.frame if cnf.only_frame_and_parts() else None
        held = _HELD.take(self.frame)
        # on a frame the board's givens are assumptions (the solver may serve other boards)
        self.given = cnf.given if self.frame is not None else []
        if held is None:
            self.solver = Solver(name=SWITCH_SOLVER, bootstrap_with=(
                cnf.clauses if self.frame is not None else cnf.as_clauses()))
            self.parts = set(cnf.parts)
        else:  # a solver that holds the frame: only the parts it lacks
            self.solver, self.parts = held
            for key in cnf.parts.keys() - self.parts:
                self.solver.append_formula(self.frame.parts[key][1])
            self.parts |= cnf.parts.keys()
        self.switches = set(self.switch.values())
        """Every switch the solver holds (a kept solver: of every part it holds)."""
        if self.frame is not None:
            self.switches.update(self.frame.parts[key][0] for key in self.parts)
        self.item_of = {v: c for c, v in self.switch.items()}

    def close(self) -> None:
        """Done: a solver on a frame is kept for the next board on it (whose switches
        choose among the parts it holds: a part not switched on says nothing)."""
        if self.frame is None:
            self.solver.delete()
        else:
            _HELD.give(self.frame, self.solver, self.parts)

    def fresh(self) -> int:
        """A variable of the solver's that no clause has (nor will have)."""
        return self.frame.fresh() if self.frame is not None else self.solver.nof_vars() + 1

    def ask(self, kept: list[Cell], budget: int, show: bool = True,
            assume: Sequence[int] = ()) -> tuple[bool | None, Any]:
        """(True and the core of the items kept that has no answer alone | False and an
        answer (`show`: decoded and checked, else None) | None, None: out of `budget`
        conflicts, or of time: a timer stops the solver at the deadline). `assume`: more
        literals to assume (each switching on clauses `unlike` added; the core then says
        nothing). An answer's decisions are kept, as the literals true in it (`true`)."""
        return self._ask(kept, budget, show, list(assume))

    def unlike(self, switch: int, true: np.ndarray) -> None:
        """Behind `switch` (a `fresh` variable, then assumed), no answer with these values
        of the decisions (`true`, as an answer left them)."""
        self.solver.add_clause([-switch, *(-self.decisions * np.sign(true)).tolist()])

    def retire(self, switch: int) -> None:
        """`switch` off for good (the clauses behind it with it)."""
        self.solver.add_clause([-switch])

    def _ask(self, kept: list[Cell], budget: int, show: bool, also: list[int]
             ) -> tuple[bool | None, Any]:
        deadline = limits.current()
        self.solver.conf_budget(budget)
        on = [self.switch[c] for c in kept]
        off = self.switches.difference(on)  # relaxed: nothing for the solver to decide
        alarm = None if deadline is None else threading.Timer(
            max(QUESTION_FLOOR, deadline.remaining()), self.solver.interrupt)
        if alarm is not None:
            alarm.start()
        try:
            said = self.solver.solve_limited(
                assumptions=[*self.given, *on, *(-v for v in off), *also],
                expect_interrupt=alarm is not None)
        finally:
            if alarm is not None:
                alarm.cancel()
                self.solver.clear_interrupt()
        if said is None:
            return None, None
        if said is False:
            return True, sorted(self.item_of[v] for v in self.solver.get_core() or []
                                if v in self.item_of)
        if not show:
            return False, None
        model = self.solver.get_model()  # (every variable's: only the decisions made an array)
        self.true = np.fromiter((model[v - 1] for v in self.decisions_list), dtype=np.int64,
                                count=len(self.decisions_list))
        answer = self.encoding.decode(set(self.decisions[self.true > 0].tolist()))
        kept_ = set(kept)
        board = self.genre.author.relax(self.puzzle, [c for c in self.items if c not in kept_])
        if not self.genre.obeys_rules(board, answer):
            raise RuntimeError(f"the switched clause model of {self.puzzle.genre} let a wrong "
                               "answer through")
        return False, answer


SOLVERS_KEPT = 4
"""Solvers `_HeldSolvers` keeps, one per frame (the last given back)."""
HELD_CLAUSES = 100_000
"""Clauses of parts a kept solver may hold (beyond, it goes: the next board on its frame
starts a new one with only the parts it needs; each part held, though switched off, still
has variables for the solver to set)."""


class _HeldSolvers:
    """SAT solvers kept between analyses, one per frame (`engine.clauses.Frame`), with the
    keys of the parts each holds: a board edited keeps its frame, often most of its model
    (a 20×20 Square Jam's is 90,000 clauses, whose loading alone costs a tenth of a
    second), and most of its clues, and the clauses the solver learnt about them stay
    true. Each is lent to one analysis at a time. A frame written anew (past its parts'
    limit) or no longer kept is never asked for again: its solver goes at the next
    `give`, with all it learnt (a solver is C memory the process's cap counts too)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: dict[Any, tuple[Any, set[Hashable]]] = {}

    def take(self, frame: Any) -> tuple[Any, set[Hashable]] | None:
        """(a solver holding `frame`, the keys of its parts), taken out, or None."""
        with self.lock:
            return self.kept.pop(frame, None) if frame is not None else None

    def give(self, frame: Any, solver: Any, parts: set[Hashable]) -> None:
        with self.lock:
            dropped = [self.kept.pop(frame, (None,))[0]]
            dropped += [self.kept.pop(old)[0] for old in list(self.kept)
                        if not clauses.kept(old)]
            if clauses.kept(frame) and sum(
                    len(frame.parts[key][1]) for key in parts) <= HELD_CLAUSES:
                self.kept[frame] = (solver, parts)
            else:
                dropped.append(solver)
            while len(self.kept) > SOLVERS_KEPT:
                dropped.append(self.kept.pop(next(iter(self.kept)))[0])
        for old in dropped:
            if old is not None:
                old.delete()


_HELD = _HeldSolvers()


NEAR_CLUES = 8
"""Items in the first switched model of a genre whose model is mostly its clues'
(`ClueSwitches.NEAR_FIRST`): the nearest the edit; then twice as many, and so on (a solver
kept on the frame is only given the parts it lacks)."""


def _switched_smallest(puzzle: Board, items: list[Cell], focus: Cell | None = None
                       ) -> tuple[list[Cell], bool] | str | None:
    """The deletion of `_smallest` asked of one SAT solver (`_Switchboard`), for a genre
    whose clause model has switches: the items within 1, 2, 4, … of `focus` first, until
    they alone have no answer (the conflict the edit made, near it); the core the solver
    gives, asked again while it shrinks; then each item of the core, farthest from the
    focus (or from the core's first item) first, asked whether the rest still has no
    answer: then the rest's core is the set, else the answer found (checked by the
    validator) shows the item needed. Relaxing only adds answers, so an item once shown
    needed stays needed as the set shrinks: once every item left is shown needed, the set
    is minimal. Where a genre's model is mostly its clues' (`NEAR_FIRST`), the solver
    holds only the NEAR_CLUES items nearest `focus` at first (every other relaxed: a set
    with no answer there has none on the board, and each member's answer without it is
    one of the board that relaxes the rest too), and twice as many only while those have
    an answer. None where there is no switched model (or it cannot be built), or the board
    has an answer even keeping every item by it; RELAXED_NONE where it has none with every
    item relaxed (what relaxing keeps is to blame: `conflict` looks among the givens)."""
    switches = genre_of(puzzle).clue_switches
    if switches is None or not items:
        return None
    order = items if focus is None else sorted(items, key=lambda c: (_distance(c, focus), c))
    sizes = [len(items)]
    if focus is not None and switches.NEAR_FIRST:
        sizes[:0] = [n for n in (NEAR_CLUES << k for k in range(8)) if n < len(items)]
    for n in sizes:
        if limits.expired() and n != sizes[0]:
            return None
        try:
            board = _Switchboard(puzzle, order[:n], order[n:])
        except (ValueError, RectlogicError, ImportError):  # too many candidates; no python-sat
            return None
        try:
            found = _switched_deletion(board, order[:n], focus, items)
        finally:
            board.close()
        if found != "grow":
            return found
    return None


def _switched_deletion(board: _Switchboard, items: list[Cell], focus: Cell | None,
                       every: list[Cell]) -> tuple[list[Cell], bool] | str | None:
    """`_switched_smallest` on one board holding `items` of `every` item, or "grow" where
    they are not all and have an answer, or the solver could not tell."""
    everything = len(items) == len(every)
    core: list[Cell] | None = None
    if focus is not None:
        reach = 1
        while not limits.expired():
            near = [c for c in items if _distance(c, focus) <= reach]
            if len(near) == len(items):
                break
            said, core = board.ask(near, SWITCH_CONFLICTS, show=False)
            if said is True:
                break
            core, reach = None, 2 * reach
    if core is None:  # asked even past the deadline (a question has QUESTION_FLOOR)
        said, core = board.ask(items, SWITCH_CONFLICTS, show=everything)
        if said is not True and not everything:
            return "grow"
        if said is None:
            return None  # the solver cannot tell in its budget: the native search may
        if said is False:
            return None  # our search said no answer: `conflict` goes on with its own
    if not core:
        return RELAXED_NONE
    while True:  # a core asked again often gives a smaller one
        said, again = board.ask(core, SWITCH_CONFLICTS)
        if said is not True or len(again) >= len(core):
            break
        core = again
    hub = focus if focus is not None else core[0]
    needed: set[Cell] = set()
    unsure: set[Cell] = set()
    for budget in (SWITCH_CONFLICTS, 8 * SWITCH_CONFLICTS, 64 * SWITCH_CONFLICTS):
        tried: set[Cell] = set()
        unsure = set()
        while True:  # the last item too: the board keeping none has an answer
            waiting = [c for c in core if c not in needed and c not in tried]
            if not waiting:
                break
            if limits.expired() and len(core) > 1:  # one item: one question says all
                return sorted(core), False
            item = max(waiting, key=lambda c: (_distance(c, hub), c))
            tried.add(item)
            said, got = board.ask([c for c in core if c != item], budget)
            if said is True:
                inside = set(got)
                core = [c for c in core if c in inside]
                if not core:
                    return RELAXED_NONE
            elif said is False:
                needed.add(item)
            else:
                unsure.add(item)
        if not unsure:
            break
    return sorted(core), not unsure


def _without(items: list[Cell], kept: list[Cell]) -> list[Cell]:
    kept_ = set(kept)
    return [c for c in items if c not in kept_]


Repair = Callable[[Any, list[Cell], list[Cell]], Any]
"""(answer, items given up, items near) → an answer of that relaxation, or None
(`Author.repair`)."""


class _Witnesses:
    """Answers that show items needed: each the answer of a board that gave up the item it
    shows and some items outside the set, with the items it breaks (where the validator,
    checking it against the board with every item kept, finds fault): the ones that had to
    give way for it. Every answer any question found is kept too (`pool`): one that breaks
    a single item of the set as it is now is an answer of that item's trial, so it shows
    the item needed without a search (the set only shrinks, so an answer that broke several
    items may come to break one). And the questions asked, with what they said (`ask`): the
    same board asked again with the same budget says the same."""

    def __init__(self, items: list[Cell], keeping: Callable[[list[Cell]], Board],
                 repair: Repair | None) -> None:
        self.items, self.keeping, self.repair = items, keeping, repair
        self.found: list[tuple[Cell, Any, set[Cell]]] = []
        self.pool: list[tuple[Any, set[Cell]]] = []
        self.asked: dict[tuple[frozenset[Cell], int, str | None, int], tuple[bool | None, Any]] = {}
        self._every: Board | None = None

    def broken(self, answer: Any) -> set[Cell]:
        if self._every is None:
            self._every = self.keeping(self.items)
        try:
            faults = genre_of(self._every).validate(self._every, answer)
        except RectlogicError:  # an answer the board with every item kept cannot read
            faults = []
        named = {cell for v in faults for cell in v.cells}
        return {c for c in self.items if c in named}

    def add(self, item: Cell, answer: Any) -> None:
        broken = next((b for a, b in self.pool if a is answer), None)
        if broken is None:
            broken = self.broken(answer)
            self.pool.append((answer, broken))
        self.found.append((item, answer, broken))

    def keep(self, answer: Any) -> None:
        """An answer found on the way (of a board that gave up several items of the set)."""
        if answer is not None:
            self.pool.append((answer, self.broken(answer)))

    def shows(self, item: Cell, core: list[Cell]) -> bool:
        """Does an answer found already show `item` needed in `core`: does it obey every
        rule of the board that keeps the rest of `core` (checked, the broken items named
        by the validator only choose which answers to check)?"""
        inside = set(core)
        trial = None
        for answer, broken in self.pool:
            if broken & inside == {item}:
                trial = trial or self.keeping([c for c in core if c != item])
                if genre_of(trial).obeys_rules(trial, answer):
                    self.add(item, answer)
                    return True
        return False

    def ask(self, given_up: set[Cell], budget: int, rung: str | None = None,
            most_values: int = 0) -> tuple[bool | None, Any]:
        """`_ask` about the board that gives up these items (each board and budget once)."""
        key = (frozenset(given_up), budget, rung, most_values if rung else 0)
        if key not in self.asked:
            board = self.keeping([c for c in self.items if c not in given_up])
            self.asked[key] = _ask(board, budget, rung, most_values or PROBE_VALUES)
            self.keep(self.asked[key][1])
        return self.asked[key]

    def nearest(self, item: Cell, n: int = 2) -> list[tuple[Cell, Any, set[Cell]]]:
        return sorted(self.found, key=lambda f: _distance(f[0], item))[:n]


def _distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _smallest(items: list[Cell], keeping: Callable[[list[Cell]], Board],
              repair: Repair | None = None, focus: Cell | None = None
              ) -> tuple[list[Cell], bool]:
    """Deletion: drop each item whose loss leaves `keeping(rest)` without an answer, in
    four steps, each cheaper per item than the next:

    1. a few items whose loss alone gives an answer (`_needed_anyway`): needed in every
       conflict, and where they are the conflict is; every later step works from the items
       farthest from them (or from `focus`, the cell last edited, when given) inwards, so
       that what is left clusters around them;
    2. the rules alone (a fixpoint, no search) asked about each item;
    3. the farthest items dropped in halves, quarters, … at once while the search proves
       the rest still without an answer (`_drop_far`: a conflict the rules cannot see, as
       a Shikaku's numbers that miss the area by a number deleted, would otherwise take a
       search per item);
    4. each item left asked about (`_needed`), item after nearest item, so that each answer
       found is a short step from the next (an answer found already that breaks only this
       item of the set shows it needed at once); the items whose question went unanswered
       are asked again with 4, 16, 64 times the budgets, while the time lasts.

    Dropping only ever relaxes the board, so once step 4 has asked about every item left,
    each is needed: the set is minimal unless some question went unanswered."""
    witnesses = _Witnesses(items, keeping, repair)
    known = _needed_anyway(items, witnesses)
    hub = [focus] if focus is not None else known or items
    core = sorted(items, key=lambda c: (-min(_distance(c, h) for h in hub), c))
    for item in list(core):
        if len(core) == 1:
            break
        if limits.expired():
            return sorted(core), False
        trial = [c for c in core if c != item]
        if item not in known and _wiped(keeping(trial)) is True:
            core = trial
    core = _drop_far(core, known, witnesses)
    unsure: list[Cell] = []
    asked = set(known)
    last = core[-1]
    while len(core) > 1:
        waiting = [c for c in core if c not in asked]
        if not waiting:
            break
        if limits.expired():
            return sorted(core), False
        item = min(waiting, key=lambda c: (_distance(c, last), c))
        asked.add(item)
        last = item
        said = _needed(item, core, items, witnesses)
        if said is False:
            core = [c for c in core if c != item]
        elif said is None:
            unsure.append(item)
    for scale in (4, 16, 64):  # the time left goes to the items still unanswered
        for item in list(unsure):
            if limits.expired() or len(core) == 1:
                return sorted(core), not unsure
            said = _needed(item, core, items, witnesses, scale=scale)
            if said is not None:
                unsure.remove(item)
            if said is False:
                core = [c for c in core if c != item]
    return sorted(core), not unsure


NEEDED_TRIED = 24
"""Items `_needed_anyway` tries at most (in a fixed shuffled order), until it has found
NEEDED_FOUND."""
NEEDED_FOUND = 3
QUICK_NODES = 200
"""Search nodes for a question that is one of several ways to the same fact: a witness
board of `_needed`, a chunk of `_drop_far` (one that goes unanswered is asked again in
smaller pieces), the trial asked early. Most are answered within a few dozen; a node of a
board with many `?` can cost a third of a millisecond."""
TRIAL_NODES = 1_000
"""Search nodes for the last questions about an item: the trial itself."""
TRIAL_RUNG = "probe"
"""The rung the trial is asked at last, when the default rung's search could not tell:
failed-literal probing at the root settles most boards the plain search cannot, at some
tens of milliseconds on a large one."""
PROBE_VALUES = 1_200
"""Values a board may start with to be probed (a round settles the board once per value:
4,000 values on a 20×20 Shikaku with many `?` took two seconds)."""


def _needed_anyway(items: list[Cell], witnesses: _Witnesses) -> list[Cell]:
    """Items whose loss alone gives an answer, found by trying some: each is in every
    conflict (without it, even every other item together has an answer), so no later
    step asks about it again. A board that gives up one item is tight: a short search."""
    order = list(items)
    random.Random(len(items)).shuffle(order)
    found: list[Cell] = []
    for item in order[:NEEDED_TRIED]:
        if len(found) >= NEEDED_FOUND or limits.expired():
            break
        said, answer = witnesses.ask({item}, QUICK_NODES)
        if said is False:
            found.append(item)
            witnesses.add(item, answer)
    return found


def _drop_far(core: list[Cell], known: list[Cell], witnesses: _Witnesses) -> list[Cell]:
    """`core` (farthest first) without its farthest items, dropped in chunks while the rest
    provably has no answer (the default rung's search, then probing's where it cannot
    tell): half of the others, then the next half, …; a chunk that cannot go is tried again
    in halves, down to two items. (An answer found, where a chunk cannot go, is kept.)"""
    movable = [c for c in core if c not in known]
    size = len(movable) // 2
    outside = [c for c in witnesses.items if c not in core]
    while size >= 2 and len(movable) >= size and not limits.expired():
        chunk = set(movable[:size])
        rest = [c for c in core if c not in chunk]
        given_up = chunk.union(outside)
        said = witnesses.ask(given_up, QUICK_NODES)[0]
        if said is None:
            said = witnesses.ask(given_up, QUICK_NODES, TRIAL_RUNG, PROBE_VALUES)[0]
        if said is True:
            core, movable = rest, movable[size:]
            outside += sorted(chunk)
        else:
            size //= 2
    return core


def _needed(item: Cell, core: list[Cell], items: list[Cell], witnesses: _Witnesses,
            scale: int = 1) -> bool | None:
    """Is `item` needed in `core` — has the trial (`core` without it kept, every other item
    given up) an answer? The trial gives up many items, and on a large board its search can
    run out of nodes before it finds an answer that is there. So first an answer found
    already that breaks no item of `core` but this one (`_Witnesses.shows`), then answers
    of tighter boards, each a restriction of the trial (it gives up `item` and only some of
    the items outside `core`, keeping the rest), so that an answer there is an answer of the
    trial: an answer that showed a nearby item needed, repaired around the two (the genre's
    `repair`, where it has one); the items such answers broke, given up again with `item`
    (where the conflict needs something far away to give way, as a Shikaku's missing area
    must be taken up somewhere, an answer that found the way shows it); and the items
    outside `core` nearest `item` (none, then 2, 4, 8, … by distance). Every answer is
    checked by the genre's validator before it counts. The trial itself is asked early
    with a small budget (where the conflict holds without `item`, its search is often
    short), and last with the full one, then probing (`TRIAL_RUNG`); its search proves
    `item` can go (no answer), or says it cannot tell (None)."""
    if witnesses.shows(item, core):
        return True
    kept = [c for c in core if c != item]
    outside = [c for c in items if c not in core]
    if witnesses.repair is not None:
        trial = None
        for shown, answer, _ in witnesses.nearest(item):
            repaired = witnesses.repair(answer, [*outside, item], [shown, item])
            if repaired is not None:
                trial = trial or witnesses.keeping(kept)
                if genre_of(trial).obeys_rules(trial, repaired):
                    witnesses.add(item, repaired)
                    return True
    near = sorted(outside, key=lambda c: _distance(c, item))
    quick = [set(), set(outside)]
    for _, _, broken in witnesses.nearest(item, 3):
        way = broken.intersection(outside)
        quick += [way, way.union(near[:4])]
    quick += [set(near[:n]) for n in (2, 4, 8, 16) if n < len(near)]
    steps = [(given_up, scale * QUICK_NODES, None) for given_up in quick]
    steps += [(set(outside), scale * TRIAL_NODES, None),
              (set(outside), scale * TRIAL_NODES, TRIAL_RUNG)]
    for given_up, budget, rung in steps:
        said, answer = witnesses.ask(given_up | {item}, budget, rung, scale * PROBE_VALUES)
        if said is False:
            witnesses.add(item, answer)
            return True
        if said is True and len(given_up) == len(outside):
            return False
    return None


def _wiped(puzzle: Board) -> bool | None:
    """True when the default rung's fixpoint finds no answer; None when it cannot tell."""
    genre = genre_of(puzzle)
    try:
        full = genre.propagator(puzzle, genre.rules_for(None))
        d = genre.initial_domains(puzzle)
    except ValueError:  # too many candidates once relaxed
        return None
    if full is None:
        return None
    return True if not full(d[None])[0].all() else None


def _ask(puzzle: Board, budget: int = QUESTION_NODES, rung: str | None = None,
         most_values: int = PROBE_VALUES) -> tuple[bool | None, Any]:
    """(Has the board no answer? True, False, or None when the search (at `rung`, else the
    default one) ran out of `budget` nodes — or, asked to probe, the board has more than
    `most_values` values; an answer when it has one.)"""
    if rung is not None and _values(puzzle) > most_values:
        return None, None
    try:
        found = solve(puzzle, rung=rung, limit=1, budget=budget)
    except ValueError:  # too many candidates once relaxed
        return None, None
    said = {"none": True, "unknown": None}.get(found.status, False)
    return said, (found.answers[0] if found.answers else None)


def _values(puzzle: Board) -> int:
    """How many values the board's variables start with (a probing round tries each)."""
    try:
        return int(popcount(genre_of(puzzle).initial_domains(puzzle)).sum())
    except ValueError:  # too many candidates once relaxed
        return PROBE_VALUES + 1


def _no_answer(puzzle: Board) -> bool | None:
    """Has the board no answer? True, False, or None when the search ran out of nodes."""
    return _ask(puzzle)[0]

