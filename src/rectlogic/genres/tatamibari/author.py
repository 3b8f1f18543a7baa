"""What a setter can change in a Tatamibari, for the analysis (`rectlogic analyze`): a mark
can become `?` (a relaxation: any shape), and a mark can move within the rectangle one answer
gives it, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...grid import ANY_CLUE, NO_CLUE
from ..drawing import edit_description, read_tokens
from ..kits.region_play import givens, moved_clues, unfix  # noqa: F401  (its author part)
from .model import MARK_OF, SYMBOL, Answer, Puzzle

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, c, v in puzzle.numbers if v != ANY_CLUE]


def _with(puzzle: Puzzle, changes: dict[Cell, int]) -> Puzzle:
    clues = [list(row) for row in puzzle.clues]
    for (r, c), v in changes.items():
        clues[r][c] = v
    return Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues)))


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The marks at these cells made `?`."""
    return _with(puzzle, {cell: ANY_CLUE for cell in cells})


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Move the mark of a rectangle of `answer` that covers a cell where the answers differ
    to another cell of that rectangle."""
    return moved_clues(puzzle, answer, near, SYMBOL.__getitem__, _with)


EDIT = edit_description(
    cycle=["", "+", "-", "|", "?"], numbers=False, unknown=True, max_number=None, filled=[],
    borders=False,
    help_lines=["Click a cell: empty → + (a square) → - (wider than tall) → | (taller than "
                "wide) → ? (any shape) → empty; or type + - | ? on it (or tap them below "
                "the board); Backspace clears it."])


def decompose(puzzle: Puzzle) -> dict:
    return {"cells": [["" if v == NO_CLUE else SYMBOL[v] for v in row]
                      for row in puzzle.clues], "borders": None}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    tokens = read_tokens(rows, cols, cells, lambda t: t == "" or t in MARK_OF)
    return Puzzle(rows, cols, tuple(tuple(NO_CLUE if t == "" else MARK_OF[t] for t in row)
                                    for row in tokens))


def impossible(puzzle: Puzzle) -> str | None:
    """Why no answer can exist at a glance: a board without marks has no rectangle."""
    return None if puzzle.numbers else "no marks yet: every rectangle holds one"


def repair(puzzle: Puzzle, answer: Answer, given_up: Iterable[Cell],
           near: Iterable[Cell]) -> Answer | None:
    """No cheap repair: the analysis searches afresh (which proves nothing missing)."""
    return None


ADDED_NUMBERS = "+-|"
"""The marks `bench --analyze` writes on an empty cell."""
