"""Grading: the weakest rung of a genre's ladder whose fixpoint alone finishes the board.

A board is graded only when it has exactly one answer. Its grade is the first rung (weakest
first) whose rules, run to a fixpoint from the empty board, decide every variable and land on
that answer; `search` when no rung does, so guessing is needed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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

    def to_json(self) -> dict[str, Any]:
        return {"genre": self.genre, "grade": self.grade, "unique": self.unique,
                "nodes": self.nodes}


def finished_by(puzzle: Board, rung: str) -> Any | None:
    """The answer this rung's fixpoint reaches from the empty board with no guess, if it
    decides every variable and the validator accepts the result; else None. (Sound rules keep
    every answer, so a finished board has exactly this one.)"""
    genre = genre_of(puzzle)
    start = genre.initial_domains(puzzle)
    propagate = genre.propagator(puzzle, genre.rules_for(rung))
    d = start if propagate is None else propagate(start[None])[0]
    if not (popcount(d) == 1).all():
        return None
    answer = genre.decode(puzzle, d)
    return answer if genre.accept(puzzle)(d) else None


def grade(puzzle: Board, budget: int | None = DEFAULT_BUDGET,
          timeout: float | None = None) -> Grade:
    """The grade, after proving the board unique; status `unknown` (and no grade) when the
    node budget or the time limit ran out first."""
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
        return Grade(puzzle.genre, found, True, solution.nodes, solution.status, answer)
