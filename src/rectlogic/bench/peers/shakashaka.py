"""Other projects' Shakashaka solvers, for the benchmark (`rectlogic[bench]`):
multi-puzzle-solver. A runner gives the peer's verdict, or None for a board it cannot take."""

from __future__ import annotations

from ...genres.shakashaka.model import Puzzle
from ...grid import ANY_CLUE, NO_CLUE
from ...solve import status_of


def mps(puzzle: Puzzle) -> str | None:
    import numpy as np
    from puzzle_solver.puzzles.shakashaka.shakashaka import Board

    cell = {NO_CLUE: " ", ANY_CLUE: "B"}
    grid = [[cell.get(v, str(v)) for v in row] for row in puzzle.clues]
    return status_of(len(Board(np.array(grid)).solve_and_print(verbose=False)))


PEERS = {"mps": mps}
