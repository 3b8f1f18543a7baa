"""Peers from PyPI, timed through their own public entry points (the optional extra
`rectlogic[bench]`): puzzlekit (Shikaku) and multi-puzzle-solver, `mps` (Shakashaka, and
Shikaku as its `rectangles`). Both build a CP-SAT model in Python.

Their work differs from ours and the table says so: puzzlekit stops at the first answer (it
proves nothing about uniqueness); mps enumerates every answer. A peer that cannot take a
board (a genre it lacks, a `?` clue) gives None, and the board is left out of its figures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import RectlogicError
from ..solve import status_of


@dataclass(frozen=True)
class PeerResult:
    status: str
    """unique, multiple or none when the peer counts answers; `found` when it stops at one."""


def _shakashaka_grid(puzzle: Any) -> list[list[str]]:
    cell = {-1: " ", -2: "B"}
    return [[cell.get(v, str(v)) for v in row] for row in puzzle.clues]


def _shikaku_grid(puzzle: Any, blank: str) -> list[list[str]] | None:
    if any(v in (-2, 0) for row in puzzle.clues for v in row):
        return None  # `?` clues: neither peer has them
    return [[blank if v < 0 else str(v) for v in row] for row in puzzle.clues]


def _counted(answers: list[Any]) -> PeerResult:
    return PeerResult(status_of(len(answers)))


def _mps(puzzle: Any) -> PeerResult | None:
    import numpy as np

    if puzzle.genre == "shakashaka":
        from puzzle_solver.puzzles.shakashaka.shakashaka import Board

        grid = _shakashaka_grid(puzzle)
    elif puzzle.genre == "shikaku":
        from puzzle_solver.puzzles.rectangles.rectangles import Board

        grid = _shikaku_grid(puzzle, " ")
        if grid is None:
            return None
    else:
        return None
    return _counted(Board(np.array(grid)).solve_and_print(verbose=False))


def _puzzlekit(puzzle: Any) -> PeerResult | None:
    if puzzle.genre != "shikaku":
        return None
    from puzzlekit.solvers.shikaku import ShikakuSolver

    grid = _shikaku_grid(puzzle, "-")
    if grid is None:
        return None
    result = ShikakuSolver(puzzle.rows, puzzle.cols, grid).solve()
    status = result.solution_data.get("status")
    return PeerResult("found" if status in ("Optimal", "Feasible") else "none")


PEERS: dict[str, tuple[str, frozenset[str], Callable[[Any], PeerResult | None]]] = {
    "puzzlekit": ("puzzlekit", frozenset({"shikaku"}), _puzzlekit),
    "mps": ("puzzle_solver", frozenset({"shakashaka", "shikaku"}), _mps),
}
"""name → (module to import, genres it solves, runner)."""


def installed(name: str) -> bool:
    try:
        __import__(PEERS[name][0])
    except ImportError:
        return False
    return True


def peer(name: str) -> Callable[[Any], PeerResult | None]:
    """The runner of an installed peer; a clear error when it is not installed."""
    if not installed(name):
        raise RectlogicError(f"peer {name} is not installed: pip install 'rectlogic[bench]'")
    return PEERS[name][2]


def supports(name: str, genre: str) -> bool:
    return genre in PEERS[name][1]
