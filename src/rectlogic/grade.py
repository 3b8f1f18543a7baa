"""Grading: the weakest rung of a genre's ladder whose fixpoint alone finishes the board.

A board is graded only when it has exactly one answer. Its grade is the first rung (weakest
first) whose rules, run to a fixpoint from the empty board, decide every variable and land on
that answer; `search` when no rung does, so guessing is needed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .engine import popcount
from .engine.limits import time_limit
from .genres import Board, genre_of
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

    def to_json(self) -> dict[str, Any]:
        return {"genre": self.genre, "grade": self.grade, "score": self.score,
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


def score(puzzle: Board, rung: str) -> int:
    """How many cells need the rung's own rule: solve the board as a person would, in rounds,
    each round deciding what the weakest rung that decides anything decides; count the cells
    decided in rounds that needed this rung (the rungs below found nothing then). Boards of
    one grade can be ordered by it, easier first. Every rung has a score, `none` too (its
    boards are decided before any rule runs, so none of their cells needs a rule: 0)."""
    genre = genre_of(puzzle)
    rungs = list(genre.LADDER)
    rungs = rungs[: rungs.index(rung) + 1]
    props = [genre.propagator(puzzle, genre.rules_for(r)) for r in rungs]
    d = genre.initial_domains(puzzle)
    count = 0
    while (popcount(d) > 1).any() and d.all():
        for k, propagate in enumerate(props):
            after = d if propagate is None else propagate(d[None])[0]
            new = (popcount(d) > 1) & (popcount(after) == 1)
            if new.any():
                d = np.where(new, after, d)
                if k == len(props) - 1:
                    count += int(new.sum())
                break
        else:
            break
    return count


def grade(puzzle: Board, budget: int | None = DEFAULT_BUDGET,
          timeout: float | None = None, scored: bool = False) -> Grade:
    """The grade, after proving the board unique; status `unknown` (and no grade) when the
    node budget or the time limit ran out first. `scored`: also the score within the grade
    (the grade's own deductions; slower, so the generator does not ask for it)."""
    with time_limit(timeout) as deadline:
        solution = solve(puzzle, limit=2, budget=budget)
        if solution.status != "unique":
            return Grade(puzzle.genre, None, False, solution.nodes, solution.status)
        genre = genre_of(puzzle)
        answer = solution.answers[0]
        found = next((r for r in genre.LADDER if finished_by(puzzle, r) == answer), SEARCH)
        if deadline is not None and deadline.expired():
            # a rung cut short by the deadline may look weaker than the board needs
            return Grade(puzzle.genre, None, True, solution.nodes, "unknown", answer)
        points = score(puzzle, found) if scored and found != SEARCH else None
        return Grade(puzzle.genre, found, True, solution.nodes, solution.status, answer,
                     points)
