"""Boards made to order: a genre, a size, optionally a grade; reproducible from a seed.

Board k of a batch is made from seed S+k alone, so any board can be made again by itself,
and a batch can be spread over processes in any order."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from .batch import executor
from .engine import limits, popcount
from .errors import RectlogicError
from .formats.auto import url_of
from .genres.base import SEARCH, genre_of
from .genres.generating import DEFAULT_STYLE, STYLES, Judge
from .genres.registry import get_genre
from .grade import assess, finished_by, grade
from .grid import check_size
from .solve import DEFAULT_BUDGET, solve

GENERATOR_VERSION = "2"
"""2: dense Shakashaka answers, Shikaku rectangles of published sizes, numbers thinned to a
style."""
MAX_GENERATE_SIDE = 30
"""Generation proves uniqueness many times per board; larger boards are refused."""
ATTEMPTS = 60


class NoBoard(RectlogicError):
    """No board of the grade asked came out of the attempts or the time allowed (bad luck,
    or a grade out of the generator's reach at that size), as opposed to a bad request."""


@dataclass(frozen=True)
class Board:
    genre: str
    rows: int
    cols: int
    grade: str
    seed: int
    puzzle: Any
    answer: Any
    score: int | None = None
    """How hard inside its grade (`grade.score`); None for `search` boards."""
    stars: int | None = None
    """1–5 against Janko's boards (`grade.stars`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "genre": self.genre, "rows": self.rows, "cols": self.cols, "grade": self.grade,
            "score": self.score, "stars": self.stars, "seed": self.seed,
            "url": url_of(self.puzzle),
            "solution": get_genre(self.genre).answer_json(self.puzzle, self.answer),
        }


def grades(genre_name: str) -> list[str]:
    """The grades of a genre by name, easiest first (its rungs, then `search`)."""
    return get_genre(genre_name).grades


def check_request(genre_name: str, rows: int, cols: int, target: str | None,
                  style: str = DEFAULT_STYLE) -> None:
    get_genre(genre_name)
    if style not in STYLES:
        raise RectlogicError(f"unknown style {style!r}; known: {', '.join(STYLES)}")
    check_size(rows, cols, MAX_GENERATE_SIDE)
    if target is not None and target not in grades(genre_name):
        raise RectlogicError(
            f"unknown {genre_name} grade {target!r}; known: {', '.join(grades(genre_name))}"
        )
    if target == "none":
        raise RectlogicError("grade 'none' means a board with nothing to solve; ask for another")


def acceptor(target: str | None) -> Callable[[Any], bool]:
    """Unique, and no harder than the target: the target rung alone finishes it."""
    if target is None or target == SEARCH:
        return lambda p: solve(p, limit=2).status == "unique"
    return lambda p: finished_by(p, target) is not None


def two_answers(puzzle: Any, budget: int | None = DEFAULT_BUDGET) -> list[Any]:
    """Up to two answers; none when the search could not finish within `budget` nodes (a
    generator then starts again rather than trust a partial count). The solver's own search
    (probing, compiled): on the ambiguous boards a generator repairs it visits a hundredth
    of the nodes of a search without probing, which runs in Python (Chocona's 10×10
    repairs: 14 times quicker)."""
    found = solve(puzzle, limit=2, budget=budget)
    return found.answers if found.complete else []


def judge(genre_name: str, target: str | None, style: str = DEFAULT_STYLE) -> Judge:
    """What the generator may ask: acceptable, two answers, and — for a grade above the
    first rung — whether an accepted board needs that grade (the rung below leaves it)."""
    ladder = grades(genre_name)
    if target is None or target == SEARCH or ladder.index(target) == 0:
        return Judge(acceptor(target), two_answers, style, target=target)
    below = ladder[ladder.index(target) - 1]

    def hits(puzzle: Any) -> bool:
        return finished_by(puzzle, below) is None

    return Judge(acceptor(target), two_answers, style, hits, target,
                 lambda puzzle: left_open(puzzle, below))


def left_open(puzzle: Any, rung: str) -> int:
    """How many variables the rung's fixpoint leaves undecided (0 when it dies)."""
    genre = genre_of(puzzle)
    start = genre.initial_domains(puzzle)
    propagate = genre.propagator(puzzle, genre.rules_for(rung))
    d = start if propagate is None else propagate(start[None])[0]
    return int((popcount(d) > 1).sum()) if d.all() else 0


def make_board(genre_name: str, rows: int, cols: int, target: str | None = None,
               seed: int = 0, timeout: float | None = None, attempts: int = ATTEMPTS,
               style: str = DEFAULT_STYLE) -> Board:
    """One board from this seed, within `timeout` seconds (or an enclosing time limit)."""
    check_request(genre_name, rows, cols, target, style)
    with limits.time_limit(timeout) as deadline:
        return _make_board(genre_name, rows, cols, target, seed, attempts, deadline, style)


def _make_board(genre_name: str, rows: int, cols: int, target: str | None, seed: int,
                attempts: int, deadline: limits.Deadline | None, style: str) -> Board:
    rng = np.random.default_rng(seed)
    verdicts = judge(genre_name, target, style)
    for _ in range(attempts):
        if deadline is not None and deadline.expired():
            raise NoBoard(
                f"no {genre_name} {rows}x{cols} board of grade {target or 'any'} within "
                f"{deadline.seconds:g} s (seed {seed}); try another grade, size or seed")
        board = attempt(genre_name, rows, cols, target, seed, rng, verdicts)
        if board is not None:
            return board
    raise NoBoard(
        f"no {genre_name} {rows}x{cols} board of grade {target or 'any'} in {attempts} attempts "
        f"(seed {seed}); try another grade, size or seed"
    )


def attempt(genre_name: str, rows: int, cols: int, target: str | None, seed: int,
            rng: np.random.Generator, verdicts: Judge) -> Board | None:
    """One go of the genre's generator: a unique board of the grade asked, or None."""
    genre = get_genre(genre_name)
    puzzle = genre.generate(rows, cols, rng, verdicts)
    if puzzle is None:
        return None
    g = grade(puzzle)
    if g.grade in (None, "none") or (target is not None and g.grade != target):
        return None  # ambiguous, nothing to solve, or not the grade asked
    if genre.is_blank(puzzle, g.answer):
        return None  # an empty answer: nothing to solve
    if genre.faults(puzzle, g.answer):
        return None  # a board no published setter would make
    points, _, _, star_count = assess(puzzle, g.grade, g.answer)
    return Board(genre_name, rows, cols, g.grade, seed, puzzle, g.answer, points, star_count)


Job = tuple[str, int, int, "str | None", int, "float | None", int, str]
"""make_board's arguments: genre, rows, cols, grade, seed, timeout, attempts, style."""


def _one(job: Job) -> Board:
    return make_board(*job)


def make_boards(genre_name: str, rows: int, cols: int, target: str | None = None,
                seed: int = 0, count: int = 1, workers: int = 1,
                scheduler: str | None = None, timeout: float | None = None,
                style: str = DEFAULT_STYLE) -> Iterator[Board]:
    """Boards seed, seed+1, …, in order; here, on a local pool, or on a Dask cluster; each
    within `timeout` seconds."""
    check_request(genre_name, rows, cols, target, style)
    jobs = [(genre_name, rows, cols, target, seed + k, timeout, ATTEMPTS, style)
            for k in range(count)]
    with executor(workers, scheduler) as pool:
        yield from pool.map(_one, jobs)


Try = tuple[str, int, int, "str | None", int, str]
"""One attempt's arguments: genre, rows, cols, grade, seed, style."""


def timed_attempt(job: Try) -> tuple[Board | None, float]:
    """One attempt from its own seed (so batches can be spread anywhere), and its seconds."""
    genre_name, rows, cols, target, seed, style = job
    started = time.perf_counter()
    board = attempt(genre_name, rows, cols, target, seed, np.random.default_rng(seed),
                    judge(genre_name, target, style))
    return board, time.perf_counter() - started


@dataclass
class Catch:
    """What fishing for one grade gave: the boards, and what it took."""

    boards: list[Board]
    attempts: int
    seconds: list[float]
    """Each attempt's seconds."""
    hits: list[bool]
    """Each attempt: did it make a board of the grade (one already caught counts too)?"""


SHORT = 0.75
"""Fishing gives up at a checkpoint where the rate so far would bring fewer than this share
of the boards wanted within the most attempts allowed."""


def looks_alike(puzzle: Any) -> tuple:
    """The givens a player sees (each given cell's fill and text, each region border), up to
    the eight symmetries and a shift: two boards of one form are one board to a player, so a
    catch keeps one of them. On doubled coordinates, cells odd and edges even, cropped to the
    givens; the least of the eight turns."""
    described = get_genre(puzzle.genre).board_json(puzzle)
    grid = np.full((2 * puzzle.rows + 1, 2 * puzzle.cols + 1), "", dtype=object)
    for r, row in enumerate(described["fixed"]):
        for c, given in enumerate(row):
            if given:
                grid[2 * r + 1, 2 * c + 1] = f"{given['fill']}:{given['text']}"
    borders = described["borders"] or {}
    for kind, dy, dx in (("vertical", 1, 2), ("horizontal", 2, 1)):
        for r, row in enumerate(borders.get(kind, [])):
            for c, on in enumerate(row):
                if on:
                    grid[2 * r + dy, 2 * c + dx] = "edge"
    ys, xs = np.nonzero(grid != "")
    if len(ys):
        grid = grid[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    turns = [np.rot90(g, k) for g in (grid, grid.T) for k in range(4)]
    return min((t.shape, tuple(map(tuple, t))) for t in turns)


def fish(genre_name: str, rows: int, cols: int, target: str | None, seed: int, want: int,
         most: int, give_up: int | None = None, workers: int = 1,
         scheduler: str | None = None, style: str = DEFAULT_STYLE) -> Catch:
    """Attempts from seeds seed, seed+1, … until `want` different boards of the grade are
    caught (different to a player: `looks_alike`), `most` attempts are spent, or — looked at
    after every `give_up` attempts — the hits so far would, at their rate, bring fewer than
    `SHORT` of `want` within `most` (none at all: the grade is out of the generator's reach
    at that size). Reproducible: the same arguments give the same boards, however many
    workers (the checkpoints count the hits of the first attempts in seed order, whatever
    the batches)."""
    check_request(genre_name, rows, cols, target, style)
    catch = Catch([], 0, [], [])
    forms: set[tuple] = set()
    batch = max(4, 2 * workers)
    checkpoint = give_up
    with executor(workers, scheduler) as pool:
        while len(catch.boards) < want and catch.attempts < most:
            if checkpoint is not None and catch.attempts >= checkpoint:
                hits = sum(catch.hits[:checkpoint])
                if hits == 0 or hits * most < SHORT * want * checkpoint:
                    break
                checkpoint += give_up
            size = min(batch, most - catch.attempts)
            jobs = [(genre_name, rows, cols, target, seed + catch.attempts + k, style)
                    for k in range(size)]
            catch.attempts += size
            for board, seconds in pool.map(timed_attempt, jobs):
                catch.seconds.append(seconds)
                catch.hits.append(board is not None)
                if board is not None and len(catch.boards) < want:
                    form = looks_alike(board.puzzle)
                    if form not in forms:
                        forms.add(form)
                        catch.boards.append(board)
    return catch
