"""The library's front door for solving: any genre's puzzle → a counted, checked Solution."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .engine import Probing, search
from .engine.limits import time_limit
from .genres import Board, genre_of

DEFAULT_BUDGET = 200_000
"""Search nodes allowed before a solve gives up with status `unknown`."""
DEFAULT_TIMEOUT = 60.0
"""Seconds the command line gives a solve, grade or generation before it gives up and says so
(the library sets no limit unless asked)."""


@dataclass
class Solution:
    genre: str
    rows: int
    cols: int
    status: str
    """unique, multiple, none, or unknown (the search stopped before it could tell)."""
    answers: list[Any] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    stopped: str | None = None
    """Why the search stopped before the end: `nodes` (budget), `time` (deadline) or `memory`
    (stack cap); None when it finished or found all the answers it was asked for."""
    phases: dict[str, float] | None = None
    """Where an engine's time went, in ms, where it has phases (the clause engines: building
    the model, then solving it)."""

    @property
    def complete(self) -> bool:
        """Is the count exact (as far as it was asked for)? When not, it is a lower bound."""
        return self.stopped is None

    @property
    def count(self) -> int:
        return len(self.answers)

    def to_json(self, puzzle: Board) -> dict[str, Any]:
        genre = genre_of(self)
        return {
            "genre": self.genre,
            "rows": self.rows,
            "cols": self.cols,
            "status": self.status,
            "count": self.count,
            "complete": self.complete,
            "stopped": self.stopped,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "solutions": [genre.answer_json(puzzle, a) for a in self.answers],
        }


def status_of(count: int, exhausted: bool = False) -> str:
    """What a count of answers says, given that two were looked for: multiple, else unknown
    when the search stopped early, else unique or none."""
    if count >= 2:
        return "multiple"
    if exhausted:
        return "unknown"
    return "unique" if count == 1 else "none"


def solve(
    puzzle: Board,
    rung: str | None = None,
    rules: Iterable[str] | None = None,
    limit: int = 2,
    budget: int | None = DEFAULT_BUDGET,
    leaf_only: bool = False,
    timeout: float | None = None,
    start: Any = None,
) -> Solution:
    """Count answers up to `limit` (0 = all). The status needs two answers looked for, so the
    search always looks for at least two, and returns at most `limit`. The search stops after
    `budget` nodes or `timeout` seconds (or an enclosing `time_limit`), and then says so.
    `start`: domains to search from instead of the puzzle's initial ones (a narrowing of
    them: the setter's analysis asks whether an answer differs from another somewhere)."""
    if limit < 0:
        raise ValueError("limit must be 0 (all) or positive")
    with time_limit(timeout):
        return _solve(puzzle, rung, rules, limit, budget, leaf_only, start)


def _solve(puzzle: Board, rung: str | None, rules: Iterable[str] | None, limit: int,
           budget: int | None, leaf_only: bool, narrowed: Any = None) -> Solution:
    genre = genre_of(puzzle)
    names = genre.rules_for(rung, rules)
    started = time.perf_counter()
    start = genre.initial_domains(puzzle) if narrowed is None else narrowed
    propagate = None
    settled = False
    if not leaf_only:
        # Probing runs at the root; below it, only in genres that ask for it (where the rules
        # alone are weak), since it makes a node costly on large open boards.
        root, propagate = genre.propagators(puzzle, names, for_search=True)
        if genre.PROBE_EVERY_NODE:
            propagate = root  # the search's first node is the root
        elif root is not None and root is not propagate:
            start = root(start[None])[0]  # (without probing, the first node does the same)
            settled = True
    found = search(
        start,
        propagate,
        genre.accept(puzzle),
        limit=0 if limit == 0 else max(limit, 2),
        budget=budget,
        leaf_only=leaf_only,
        prefer=genre.branch_preference(puzzle),
        weigh=propagate.lookahead if isinstance(propagate, Probing) else None,
        settled=settled,
    )
    seconds = time.perf_counter() - started
    status = status_of(found.count, found.exhausted)
    answers = [genre.decode(puzzle, d) for d in found.solutions]
    if limit:
        answers = answers[:limit]
    return Solution(
        puzzle.genre, puzzle.rows, puzzle.cols, status, answers, found.nodes, seconds,
        found.stopped,
    )


def warm_up() -> None:
    """Compile every genre's kernels (or load them from numba's cache on disk) by solving one
    small board of each: the first compile takes some seconds per genre, which belongs to
    installing or starting a server, not to a user's first puzzle. What is loaded then
    (modules, kernels, tables) lives as long as the process, so it is frozen out of the
    garbage collector's sight (`gc.freeze`): a full collection walks only what work made
    since (with it, one in a hundred analyses took a tenth of a second longer)."""
    import gc

    import numpy as np

    from .genres.generating import FIRST_CANDIDATE
    from .genres.registry import GENRES

    for genre in GENRES:
        for seed in range(50):
            puzzle = genre.generate(5, 5, np.random.default_rng(seed), FIRST_CANDIDATE)
            if puzzle is not None:
                for rung, rules in genre.LADDER.items():
                    if rules:  # every rung with rules: each may call its own kernels
                        solve(puzzle, rung=rung, budget=500)
                break
    gc.collect()
    gc.freeze()
