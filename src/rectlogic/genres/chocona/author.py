"""What a setter can change in a Chocona, for the analysis (`rectlogic analyze`): a region's
number can be dropped (a relaxation), and an unnumbered region can be given the number one
answer shows, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...grid import ANY_CLUE, NO_CLUE, borders_of, is_number, rooms_from_borders
from ..drawing import edit_description, read_borders, read_tokens
from ..kits.shaded import givens, repair, unfix  # noqa: F401  (its author parts)
from .model import Answer, Puzzle, make_puzzle

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


EDIT = edit_description(
    cycle=[], numbers=True, unknown=True, max_number=None, filled=[], borders=True,
    help_lines=["Click between two cells to draw or erase a region border.",
                "Select a cell and type its region's number (? for one not given); Backspace "
                "clears it."])


def decompose(puzzle: Puzzle) -> dict:
    cells = [[""] * puzzle.cols for _ in range(puzzle.rows)]
    for k, v in enumerate(puzzle.clues):
        if v != NO_CLUE:
            r, c = puzzle.top_cell(k)
            cells[r][c] = "?" if v == ANY_CLUE else str(v)
    v, h = borders_of(puzzle.regions)
    cols = puzzle.cols
    return {"cells": cells, "borders": {
        "vertical": [[bool(b) for b in v[r * (cols - 1):(r + 1) * (cols - 1)]]
                     for r in range(puzzle.rows)],
        "horizontal": [[bool(b) for b in h[r * cols:(r + 1) * cols]]
                       for r in range(puzzle.rows - 1)]}}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    tokens = read_tokens(rows, cols, cells, lambda t: t in ("", "?") or is_number(t))
    regions = rooms_from_borders(rows, cols, *read_borders(rows, cols, borders))
    clues = [[NO_CLUE if t == "" else ANY_CLUE if t == "?" else int(t) for t in row]
             for row in tokens]
    return make_puzzle(regions, clues)


def impossible(puzzle: Puzzle) -> str | None:
    """No reason at a glance: the analysis searches."""
    return None


ADDED_NUMBERS = "1234"
"""The numbers `bench --analyze` writes on an empty cell."""
