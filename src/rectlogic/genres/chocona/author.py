"""What a setter can change in a Chocona, for the analysis (`rectlogic analyze`): a region's
number can be dropped (a relaxation), and an unnumbered region can be given the number one
answer shows, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...grid import NO_CLUE
from .model import Answer, Puzzle

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    """Where each region's number is written (its first cell)."""
    return [puzzle.top_cell(k) for k, v in enumerate(puzzle.clues) if v != NO_CLUE]


def _with(puzzle: Puzzle, changes: dict[int, int]) -> Puzzle:
    clues = tuple(changes.get(k, v) for k, v in enumerate(puzzle.clues))
    return Puzzle(puzzle.rows, puzzle.cols, puzzle.regions, clues)


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers of the regions written at these cells dropped."""
    return _with(puzzle, {puzzle.regions[r][c]: NO_CLUE for r, c in cells})


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Number a region without a number that holds a cell where the answers differ."""
    regions = sorted({puzzle.regions[r][c] for r, c in near})
    for k in regions:
        if puzzle.clues[k] != NO_CLUE:
            continue
        n = sum(answer.shaded[r][c] for r, c in puzzle.region_cells[k])
        r, c = puzzle.top_cell(k)
        yield (f"number the region at row {r + 1}, column {c + 1}: {n}", _with(puzzle, {k: n}))
