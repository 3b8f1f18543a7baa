"""Grading: the weakest rung of a genre's ladder whose fixpoint alone finishes the board.

A board is graded only when it has exactly one answer. Its grade is the first rung (weakest
first) whose rules, run to a fixpoint from the empty board, decide every variable and land on
that answer; `search` when no rung does, so guessing is needed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

import numpy as np

from .engine import Propagate, popcount
from .engine.limits import time_limit
from .genres import Board, Genre, genre_of
from .genres.base import SEARCH
from .solve import DEFAULT_BUDGET, solve


@dataclass(frozen=True)
class Grade:
    genre: str
    grade: str | None
    """A rung name, `search`, or None when the board has no single answer."""
    unique: bool
    nodes: int
    status: str
    answer: Any = None
    """The one answer, when the board is unique (so that a caller need not solve again)."""
    score: int | None = None
    """Inside the grade, how hard: the cells only the grade's own rule could decide (see
    `score`); None when not asked for, or for `search` and ungraded boards."""
    steps: dict[str, int] | None = None
    """Cells decided per rung when solving in rounds (`rounds`; `search`: cells revealed)."""
    difficulty: float | None = None
    """How hard for a person (`difficulty`), across grades and sizes."""
    stars: int | None = None
    """1–5, the difficulty against Janko's boards (`stars`)."""

    def to_json(self) -> dict[str, Any]:
        return {"genre": self.genre, "grade": self.grade, "score": self.score,
                "stars": self.stars, "difficulty": self.difficulty, "steps": self.steps,
                "unique": self.unique, "nodes": self.nodes}


def finished_by(puzzle: Board, rung: str, probe_all: bool = False) -> Any | None:
    """The answer this rung's fixpoint reaches from the empty board with no guess, if it
    decides every variable and the validator accepts the result; else None. (Sound rules keep
    every answer, so a finished board has exactly this one.) `probe_all`: probes run every
    rule below them, slow ones too (the write-ups' probe)."""
    genre = genre_of(puzzle)
    start = genre.initial_domains(puzzle)
    propagate = genre.propagator(puzzle, genre.rules_for(rung), probe_all)
    d = start if propagate is None else propagate(start[None])[0]
    if not (popcount(d) == 1).all():
        return None
    answer = genre.decode(puzzle, d)
    return answer if genre.accept(puzzle)(d) else None


@dataclass(frozen=True)
class Round:
    """One round of solving as a person would: the weakest rung that decides anything, and
    the cells (variables) it decides at once; rung `search` is a revealed cell (no rung
    decides anything there)."""

    rung: str
    cells: int


def rungs_of(genre: Genre, up_to: str | None = None) -> list[str]:
    """The rungs that have rules, weakest first, up to `up_to` (all when None)."""
    names = [r for r, rules in genre.LADDER.items() if rules]
    return names[: names.index(up_to) + 1] if up_to in names else (
        [] if up_to is not None else names)


@lru_cache(maxsize=128)
def _cached_propagator(puzzle: Board, rung: str) -> Propagate | None:
    genre = genre_of(puzzle)
    return genre.propagator(puzzle, genre.rules_for(rung))


def kept(cached: Any, *args: Any) -> Any:
    """`cached(*args)` through its lru_cache, or worked out anew when an argument cannot be a
    cache key."""
    try:
        return cached(*args)
    except TypeError:
        return cached.__wrapped__(*args)


def rung_propagator(puzzle: Board, rung: str) -> Propagate | None:
    """A rung's propagator, kept for the boards used last: hints and rounds ask for the same
    ones again and again, and packing a board for the compiled rules costs more than a
    fixpoint near the end of a solve."""
    return kept(_cached_propagator, puzzle, rung)


def weakest_step(genre: Genre, puzzle: Board, d: np.ndarray, open_: np.ndarray,
                 rungs: list[str], fixpoints: list[np.ndarray] | None = None
                 ) -> tuple[str, np.ndarray, np.ndarray] | None:
    """The weakest of these rungs whose fixpoint from d decides an open variable: (the rung,
    its fixpoint, the open variables it decides); None when none decides one (or d is dead).
    Each fixpoint reached is appended to `fixpoints` when given (a caller that goes on
    from the strongest need not work it out again)."""
    for rung in rungs:
        propagate = rung_propagator(puzzle, rung)
        after = d if propagate is None else propagate(d[None])[0]
        if fixpoints is not None:
            fixpoints.append(after)
        if not after.all():
            return None
        new = open_ & (popcount(after) == 1)
        if new.any():
            return rung, after, new
    return None


def most_constrained(d: np.ndarray, open_: np.ndarray) -> int:
    """The open variable with the fewest values left (the first in reading order on a tie):
    the one to reveal when no rung decides anything."""
    sizes = np.where(open_, popcount(d), np.iinfo(np.int64).max)
    return int(np.argmin(sizes))


def rounds(puzzle: Board, answer: Any = None, up_to: str | None = None) -> list[Round]:
    """Solve the board as a person would, in rounds from the empty board: each round applies
    every cell the weakest rung that decides anything decides (they are found side by side,
    in parallel). With the one `answer`, where no rung up to `up_to` decides anything, the
    most constrained cell is revealed from it (a `search` round); without, solving stops
    there. (When `up_to` finishes the board alone, no round needs a stronger rung: a
    fixpoint from a narrower board is narrower.)"""
    genre = genre_of(puzzle)
    rungs = rungs_of(genre, up_to)
    truth = None if answer is None else genre.encode(puzzle, answer)
    d = genre.initial_domains(puzzle)
    out: list[Round] = []
    settled = 0  # rungs[:settled] are known to decide nothing at d
    while d.all():
        open_ = popcount(d) > 1
        if not open_.any():
            break
        step = weakest_step(genre, puzzle, d, open_, rungs[settled:])
        if step is not None:
            rung, after, new = step
            d = np.where(new, after, d)
            out.append(Round(rung, int(new.sum())))
            settled = _settled_by(genre, rungs, rung) if np.array_equal(d, after) else 0
        elif truth is not None:
            settled = 0
            i = most_constrained(d, open_)
            d = d.copy()
            d[i] = truth[i]
            out.append(Round(SEARCH, 1))
        else:
            break
    return out


def _settled_by(genre: Genre, rungs: list[str], rung: str) -> int:
    """How many of the first rungs have nothing to decide on a board that is this rung's
    fixpoint whole (a round that kept everything its rung narrowed): those up to it whose
    rules are all among its own (its fixpoint is theirs too, and they decide nothing
    there; the rung itself neither: a fixpoint is one). The next round's search for the
    weakest rung starts after them: the round after a `nested` round, say, reveals a cell
    without running every rung once more."""
    mine = genre.rules_for(rung)
    count = 0
    for name in rungs[: rungs.index(rung) + 1]:
        if not genre.rules_for(name) <= mine:
            break
        count += 1
    return count


def steps(found: list[Round]) -> dict[str, int]:
    """Cells decided per rung (deductions per rung), in ladder order."""
    out: dict[str, int] = {}
    for r in found:
        out[r.rung] = out.get(r.rung, 0) + r.cells
    return out


def weight(genre: Genre, rung: str) -> float:
    """What one round of a rung costs a person: doubling up the ladder (quota 1, corner 2,
    box 4, probe 8, …); a revealed cell (`search`) twice the strongest rung."""
    names = rungs_of(genre)
    return float(2 ** (names.index(rung) if rung in names else len(names)))


def difficulty(puzzle: Board, found: list[Round]) -> float:
    """How hard the board is for a person, from its rounds, after HoDoKu's score (each step
    weighted by its technique) and Pelánek's finding that steps offered side by side are
    quicker to find: a round deciding k cells at once costs its rung's weight × (1 + log2 k),
    so a cell of a parallel round costs less than a cell found alone."""
    genre = genre_of(puzzle)
    return round(sum(weight(genre, r.rung) * (1 + float(np.log2(r.cells))) for r in found), 1)


STAR_SHARES = (0.10, 0.35, 0.65, 0.90)
"""Where Janko's boards are cut into stars, by their share in order of difficulty: the
easiest 10 % are 1 star, then 25 % 2 stars, 30 % 3 stars, 25 % 4 stars, the hardest 10 % 5."""

def star_cuts(difficulties: list[float]) -> tuple[float, ...]:
    """The cut-offs at STAR_SHARES of these difficulties (order statistics, no interpolation,
    so they are reproducible to the digit)."""
    ordered = sorted(difficulties)
    return tuple(ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in STAR_SHARES)


def stars(genre: Genre, value: float) -> int:
    """1–5 stars for a difficulty, by the genre's cut-offs set on Janko's boards
    (`Genre.STAR_CUTS`)."""
    return 1 + sum(value > cut for cut in genre.STAR_CUTS)


def assess(puzzle: Board, level: str, answer: Any, found: list[Round] | None = None
           ) -> tuple[int | None, dict[str, int], float, int]:
    """(score, steps, difficulty, stars) of a board of this grade with this one answer, from
    one solve in rounds (`found`, when already worked out). (The score is `score`'s: the
    rounds never need a rung stronger than the grade.)"""
    found = rounds(puzzle, answer) if found is None else found
    per_rung = steps(found)
    value = difficulty(puzzle, found)
    points = per_rung.get(level, 0) if level != SEARCH else None
    return points, per_rung, value, stars(genre_of(puzzle), value)


def score(puzzle: Board, rung: str) -> int:
    """How many cells need the rung's own rule: solve the board as a person would, in rounds
    (`rounds`, up to this rung); count the cells decided in rounds that needed this rung (the
    rungs below found nothing then). Boards of one grade can be ordered by it, easier first.
    0 for the rung without rules (`none`)."""
    return sum(r.cells for r in rounds(puzzle, up_to=rung) if r.rung == rung)


def grade(puzzle: Board, budget: int | None = DEFAULT_BUDGET,
          timeout: float | None = None, scored: bool = False) -> Grade:
    """The grade, after proving the board unique; status `unknown` (and no grade) when the
    node budget or the time limit ran out first. `scored`: also the score within the grade
    (the grade's own deductions), the steps per rung, the difficulty and the stars (slower,
    so the generator does not ask for them)."""
    with time_limit(timeout) as deadline:
        solution = solve(puzzle, limit=2, budget=budget)
        if solution.status != "unique":
            return Grade(puzzle.genre, None, False, solution.nodes, solution.status)
        genre = genre_of(puzzle)
        answer = solution.answers[0]
        solved = rounds(puzzle, answer) if scored and _rungs_nest(genre) else None
        found = graded_by(genre, solved) if solved else None
        if found is None:
            found = _weakest_finishing(genre, puzzle, answer)
        if deadline is not None and deadline.expired():
            # a rung cut short by the deadline may look weaker than the board needs
            return Grade(puzzle.genre, None, True, solution.nodes, "unknown", answer)
        if not scored:
            return Grade(puzzle.genre, found, True, solution.nodes, solution.status, answer)
        return Grade(puzzle.genre, found, True, solution.nodes, solution.status, answer,
                     *assess(puzzle, found, answer, solved))


def _rungs_nest(genre: Genre) -> bool:
    """Whether each rung's rules include the weaker rungs' (every ladder's so far)."""
    names = rungs_of(genre)
    return all(genre.rules_for(a) <= genre.rules_for(b) for a, b in pairwise(names))


def _weakest_finishing(genre: Genre, puzzle: Board, answer: Any) -> str:
    """The weakest rung whose fixpoint from the empty board finishes it on `answer`
    (`finished_by`), else `search`; on a ladder whose rungs nest, each rung's fixpoint
    worked out from the last one's (the same fixpoint: the weaker rules' deductions are
    the stronger rung's too), not from the empty board again."""
    if not _rungs_nest(genre):
        return next((r for r in genre.LADDER if finished_by(puzzle, r) == answer), SEARCH)
    d = genre.initial_domains(puzzle)
    accept = genre.accept(puzzle)
    for rung in genre.LADDER:
        propagate = rung_propagator(puzzle, rung) if genre.rules_for(rung) else None
        d = d if propagate is None else propagate(d[None])[0]
        if not d.all():
            break
        if (popcount(d) == 1).all() and accept(d) and genre.decode(puzzle, d) == answer:
            return rung
    return SEARCH


def graded_by(genre: Genre, found: list[Round]) -> str:
    """The grade read off a unique board's rounds (`rounds`, with its answer), on a ladder
    whose rungs nest: `search` if a cell was revealed, else the strongest rung a round
    used. (A rung whose fixpoint finishes the board decides something at every state on
    the way, rules being sound and monotone, so no round needs a stronger one; and the
    strongest rung used finishes the board from the empty one, its rules covering every
    round's.) A scored grade so solves the board once, not once per rung and again in
    rounds: on a `nested` Choco Banana 10×10, 0.2 s instead of 0.4 s."""
    names = rungs_of(genre)
    used = {r.rung for r in found}
    return SEARCH if SEARCH in used else max(used, key=names.index)
