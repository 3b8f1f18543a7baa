"""Other projects' Shikaku solvers, for the benchmark (`rectlogic[bench]`): puzzlekit, and
multi-puzzle-solver (its `rectangles`). Each runner gives the peer's verdict — unique,
multiple, none, or `found` when it stops at one answer — or None for a board it cannot take."""

from __future__ import annotations

from ...genres.shikaku.model import Puzzle
from ...grid import ANY_CLUE
from ...solve import status_of


def _grid(puzzle: Puzzle, blank: str) -> list[list[str]] | None:
    if any(v in (ANY_CLUE, 0) for row in puzzle.clues for v in row):
        return None  # `?` clues: neither peer has them
    return [[blank if v < 0 else str(v) for v in row] for row in puzzle.clues]


def mps(puzzle: Puzzle) -> str | None:
    import numpy as np
    from puzzle_solver.puzzles.rectangles.rectangles import Board

    grid = _grid(puzzle, " ")
    if grid is None:
        return None
    return status_of(len(Board(np.array(grid)).solve_and_print(verbose=False)))


def puzzlekit(puzzle: Puzzle) -> str | None:
    from puzzlekit.solvers.shikaku import ShikakuSolver

    grid = _grid(puzzle, "-")
    if grid is None:
        return None
    result = ShikakuSolver(puzzle.rows, puzzle.cols, grid).solve()
    return "found" if result.solution_data.get("status") in ("Optimal", "Feasible") else "none"


PEERS = {"puzzlekit": puzzlekit, "mps": mps}
