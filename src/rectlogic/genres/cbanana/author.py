"""What a setter can change in a Choco Banana, for the workbench and the analysis: a number
can be dropped (a relaxation), and an empty cell can be given the size of its group in one
answer, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from ...grid import ANY_CLUE, NO_CLUE, is_number
from ..drawing import edit_description, read_tokens
from ..kits.shaded import givens, repair, unfix  # noqa: F401  (its author parts)
from .model import Answer, Puzzle
from .validate import groups

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, row in enumerate(puzzle.clues) for c, v in enumerate(row)
            if v != NO_CLUE]


def _with(puzzle: Puzzle, changes: dict[Cell, int]) -> Puzzle:
    clues = tuple(tuple(changes.get((r, c), v) for c, v in enumerate(row))
                  for r, row in enumerate(puzzle.clues))
    return Puzzle(puzzle.rows, puzzle.cols, clues)


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers at these cells dropped."""
    return _with(puzzle, {cell: NO_CLUE for cell in cells})


def group_sizes(answer: Answer) -> np.ndarray:
    """Per cell, the size of its group in the answer (the number it would carry)."""
    labels, boxes = groups(np.array(answer.shaded, dtype=np.bool_))
    return boxes[labels, 0]


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Number an empty cell where the answers differ with its group's size in `answer`."""
    sizes = group_sizes(answer)
    for r, c in sorted(near):
        if puzzle.clues[r][c] == NO_CLUE:
            n = int(sizes[r, c])
            yield (f"write {n} at row {r + 1}, column {c + 1}", _with(puzzle, {(r, c): n}))


EDIT = edit_description(
    cycle=[], numbers=True, unknown=True, max_number=None, filled=[], borders=False,
    help_lines=["Select a cell and type a number (? for one not given); Backspace clears it."])


def decompose(puzzle: Puzzle) -> dict:
    return {"cells": [["" if v == NO_CLUE else "?" if v == ANY_CLUE else str(v) for v in row]
                      for row in puzzle.clues], "borders": None}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    tokens = read_tokens(rows, cols, cells, lambda t: t in ("", "?") or is_number(t))
    return Puzzle(rows, cols, tuple(
        tuple(NO_CLUE if t == "" else ANY_CLUE if t == "?" else int(t) for t in row)
        for row in tokens))


def impossible(puzzle: Puzzle) -> str | None:
    """A number larger than the board is seen at a glance; the rest the analysis searches."""
    for r, row in enumerate(puzzle.clues):
        for c, v in enumerate(row):
            if v > puzzle.rows * puzzle.cols:
                return f"the number {v} at row {r + 1}, column {c + 1} is larger than the board"
    return None


ADDED_NUMBERS = "1234"
"""The numbers `bench --analyze` writes on an empty cell."""
