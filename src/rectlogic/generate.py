"""Boards made to order: a genre, a size, optionally a grade; reproducible from a seed.

Board k of a batch is made from seed S+k alone, so any board can be made again by itself,
and a batch can be spread over processes in any order."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from .batch import executor
from .engine import limits
from .errors import RectlogicError
from .formats.auto import dump
from .genres.base import SEARCH, genre_of
from .genres.generating import DEFAULT_STYLE, STYLES, Judge
from .genres.registry import get_genre
from .grade import finished_by, grade
from .grid import check_size
from .solve import solve

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

    def to_json(self) -> dict[str, Any]:
        return {
            "genre": self.genre, "rows": self.rows, "cols": self.cols, "grade": self.grade,
            "seed": self.seed, "url": dump(self.puzzle, None, "url").strip(),
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


def two_answers(puzzle: Any) -> list[Any]:
    """Up to two answers; none when the search could not finish (a generator then starts
    again rather than trust a partial count). The search runs without probing: a generator
    asks this of many ambiguous boards, where probing costs more than it saves."""
    genre = genre_of(puzzle)
    found = solve(puzzle, rung=genre.strongest_plain_rung, limit=2)
    return found.answers if found.complete else []


def judge(target: str | None, style: str = DEFAULT_STYLE) -> Judge:
    return Judge(acceptor(target), two_answers, style)


def make_board(genre_name: str, rows: int, cols: int, target: str | None = None,
               seed: int = 0, timeout: float | None = None, attempts: int = ATTEMPTS,
               style: str = DEFAULT_STYLE) -> Board:
    """One board from this seed, within `timeout` seconds (or an enclosing time limit)."""
    check_request(genre_name, rows, cols, target, style)
    with limits.time_limit(timeout) as deadline:
        return _make_board(genre_name, rows, cols, target, seed, attempts, deadline, style)


def _make_board(genre_name: str, rows: int, cols: int, target: str | None, seed: int,
                attempts: int, deadline: limits.Deadline | None, style: str) -> Board:
    genre = get_genre(genre_name)
    rng = np.random.default_rng(seed)
    verdicts = judge(target, style)
    for _ in range(attempts):
        if deadline is not None and deadline.expired():
            raise NoBoard(
                f"no {genre_name} {rows}x{cols} board of grade {target or 'any'} within "
                f"{deadline.seconds:g} s (seed {seed}); try another grade, size or seed")
        puzzle = genre.generate(rows, cols, rng, verdicts)
        if puzzle is None:
            continue
        g = grade(puzzle)
        if g.grade is None or (target is not None and g.grade != target):
            continue
        if genre.is_blank(puzzle, g.answer):
            continue  # an empty answer: nothing to solve
        return Board(genre_name, rows, cols, g.grade or SEARCH, seed, puzzle, g.answer)
    raise NoBoard(
        f"no {genre_name} {rows}x{cols} board of grade {target or 'any'} in {attempts} attempts "
        f"(seed {seed}); try another grade, size or seed"
    )


Job = tuple[str, int, int, "str | None", int, "float | None"]
"""make_board's arguments: genre, rows, cols, grade, seed, timeout."""


def _one(job: Job) -> Board:
    return make_board(*job)


def make_boards(genre_name: str, rows: int, cols: int, target: str | None = None,
                seed: int = 0, count: int = 1, workers: int = 1,
                scheduler: str | None = None, timeout: float | None = None) -> Iterator[Board]:
    """Boards seed, seed+1, …, in order; here, on a local pool, or on a Dask cluster; each
    within `timeout` seconds."""
    check_request(genre_name, rows, cols, target)
    jobs = [(genre_name, rows, cols, target, seed + k, timeout) for k in range(count)]
    with executor(workers, scheduler) as pool:
        yield from pool.map(_one, jobs)


def try_board(job: Job) -> Board | None:
    """make_board, or None where the grade was not reached (for batches that skip seeds)."""
    try:
        return make_board(*job)
    except NoBoard:
        return None


def collect(genre_name: str, rows: int, cols: int, target: str | None, seed: int, want: int,
            workers: int = 1, patience: int = 10, probe_batches: int = 3,
            scheduler: str | None = None) -> list[Board]:
    """Up to `want` different boards from seeds seed, seed+1, …, skipping seeds that miss the
    grade or repeat a board already found; gives up after `patience`·want seeds, or after
    `probe_batches` batches found nothing (the grade is then taken as out of this generator's
    reach at that size)."""
    check_request(genre_name, rows, cols, target)
    found: list[Board] = []
    batch = max(workers, 4)
    tried = 0
    with executor(workers, scheduler) as pool:
        while len(found) < want and tried < patience * want:
            jobs = [(genre_name, rows, cols, target, seed + tried + k, None)
                    for k in range(batch)]
            tried += batch
            got = [b for b in pool.map(try_board, jobs) if b is not None]
            if not found and not got and tried >= probe_batches * batch:
                break
            for b in got:
                if all(b.puzzle != f.puzzle for f in found):
                    found.append(b)
    return found[:want]
