"""What a setter can change in a Square Jam, for the analysis (`rectlogic analyze`): a number
can become `?` (a relaxation: any side), and a number can move to another cell of its square
in one answer, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...errors import RectlogicError
from ...grid import ANY_CLUE, NO_CLUE, is_number
from ..drawing import edit_description, read_tokens
from .model import Answer, Puzzle
from .validate import validate

Cell = tuple[int, int]

EDIT = edit_description(
    cycle=[], numbers=True, unknown=True, max_number=None, filled=[], borders=False,
    help_lines=["Select a cell and type the side of its square (? for a side not given); "
                "Backspace clears it."])

ADDED_NUMBERS = "123"
"""The numbers `bench --analyze` writes on an empty cell."""


def _changed(puzzle: Puzzle, changes: dict[Cell, int]) -> Puzzle:
    grid = [list(row) for row in puzzle.clues]
    for (r, c), v in changes.items():
        grid[r][c] = v
    return Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, grid)))


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, c, v in puzzle.numbers if v >= 1]


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers at these cells made `?`."""
    return _changed(puzzle, dict.fromkeys(cells, ANY_CLUE))


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Move a number of a square of `answer` that covers a cell where the answers differ to
    a cell of that square without one."""
    for t, lft, h, w in answer.rects():
        inside = [(r, c) for r in range(t, t + h) for c in range(lft, lft + w)]
        if near.isdisjoint(inside):
            continue
        given = [cell for cell in inside if puzzle.clues[cell[0]][cell[1]] != NO_CLUE]
        free = [cell for cell in inside if puzzle.clues[cell[0]][cell[1]] == NO_CLUE]
        for r0, c0 in given:
            v = puzzle.clues[r0][c0]
            for r, c in free:
                yield (f"move the {v} at row {r0 + 1}, column {c0 + 1} to row {r + 1}, "
                       f"column {c + 1}", _changed(puzzle, {(r0, c0): NO_CLUE, (r, c): v}))


def decompose(puzzle: Puzzle) -> dict:
    names = {NO_CLUE: "", ANY_CLUE: "?"}
    return {"cells": [[names.get(v, str(v)) for v in row] for row in puzzle.clues],
            "borders": None}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    tokens = read_tokens(rows, cols, cells, lambda t: t in ("", "?") or is_number(t))
    values = {"": NO_CLUE, "?": ANY_CLUE}
    grid = tuple(tuple(values[t] if t in values else int(t) for t in row) for row in tokens)
    if any(v == 0 for row in grid for v in row):
        raise RectlogicError("a Square Jam number is a side: 1 or more")
    return Puzzle(rows, cols, grid)


def impossible(puzzle: Puzzle) -> str | None:
    """Why no answer can exist at a glance: a number larger than the board's shorter side."""
    side = min(puzzle.rows, puzzle.cols)
    for r, c, v in puzzle.numbers:
        if v > side:
            return (f"the {v} at row {r + 1}, column {c + 1} is larger than the board's "
                    f"shorter side ({side})")
    return None


def repair(puzzle: Puzzle, answer: Answer, given_up: Iterable[Cell],
           near: Iterable[Cell]) -> Answer | None:
    """`answer` itself when it is an answer of the relaxed board (every number kept is its
    square's side); else None: no cheap repair here."""
    return None if validate(relax(puzzle, given_up), answer) else answer


def givens(puzzle: Puzzle) -> list[Cell]:
    """What stays when every number is relaxed: nothing (no cell is given but numbers)."""
    return []


def unfix(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """No givens to undo: the board as it is."""
    return puzzle
