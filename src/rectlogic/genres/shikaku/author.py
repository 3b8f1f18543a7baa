"""What a setter can change in a Shikaku, for the analysis (`rectlogic analyze`): a number can
become `?` (a relaxation: any area), and a number can move within the rectangle one answer
gives it, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...grid import ANY_CLUE, NO_CLUE, is_number
from ..drawing import edit_description, read_tokens
from .model import Answer, Puzzle

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, c, v in puzzle.numbers if v > 0]


def _with(puzzle: Puzzle, changes: dict[Cell, int]) -> Puzzle:
    clues = tuple(tuple(changes.get((r, c), v) for c, v in enumerate(row))
                  for r, row in enumerate(puzzle.clues))
    return Puzzle(puzzle.rows, puzzle.cols, clues)


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers at these cells made `?`."""
    return _with(puzzle, {cell: ANY_CLUE for cell in cells})


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Move the number of a rectangle of `answer` that covers a cell where the answers differ
    to another cell of that rectangle."""
    for t, lft, h, w in answer.rects():
        box = [(r, c) for r in range(t, t + h) for c in range(lft, lft + w)]
        if not near.intersection(box):
            continue
        clue = next(((r, c) for r, c in box if puzzle.clues[r][c] != NO_CLUE), None)
        if clue is None:
            continue
        v = puzzle.clues[clue[0]][clue[1]]
        for r, c in box:
            if (r, c) != clue:
                yield (f"move the {v} at row {clue[0] + 1}, column {clue[1] + 1} to row {r + 1}, "
                       f"column {c + 1}", _with(puzzle, {clue: NO_CLUE, (r, c): v}))


EDIT = edit_description(
    cycle=[], numbers=True, unknown=True, max_number=None, filled=[], borders=False,
    help_lines=["Select a cell and type its number (? for a number not given); Backspace "
                "clears it."])


def decompose(puzzle: Puzzle) -> dict:
    return {"cells": [["" if v == NO_CLUE else "?" if v == ANY_CLUE else str(v) for v in row]
                      for row in puzzle.clues], "borders": None}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    tokens = read_tokens(rows, cols, cells, lambda t: t in ("", "?") or is_number(t))
    return Puzzle(rows, cols, tuple(tuple(NO_CLUE if t == "" else ANY_CLUE if t == "?" else int(t)
                                          for t in row) for row in tokens))


def impossible(puzzle: Puzzle) -> str | None:
    """Why no answer can exist at a glance, for the setter: the rectangles' areas are the
    numbers, so the numbers must add up to the board's area (unless some are `?`)."""
    values = [v for _, _, v in puzzle.numbers]
    total, area = sum(values), puzzle.rows * puzzle.cols
    if not values or ANY_CLUE in values or 0 in values or total == area:
        return None
    return (f"the numbers add up to {total}, the board has {area} cells "
            f"({'add' if total < area else 'take away'} {abs(area - total)})")


def givens(puzzle: Puzzle) -> list[Cell]:
    """Nothing stays fixed once the numbers are relaxed."""
    return []


def unfix(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    return puzzle


ADDED_NUMBERS = "1234"
"""The numbers `bench --analyze` writes on an empty cell."""
