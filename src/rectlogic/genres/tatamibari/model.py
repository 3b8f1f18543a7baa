"""Tatamibari: cut the grid into rectangles, each holding exactly one mark — `+` a square,
`-` wider than tall, `|` taller than wide — and no four rectangles meeting at a point.

As in every region genre (the region kit), the unknown is which rectangle each mark takes:
its candidates are the boxes of a shape its mark allows holding it and no other mark, and
the puzzle is exact cover of the cells by one candidate per mark, with the no-four-meet law
over the chosen boxes. The marks are stored as pzprjs stores them (its `qnum`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import ANY_CLUE, NO_CLUE, hashed_once
from ..kits.region_play import RegionPuzzle
from ..kits.regions import (  # noqa: F401  (Tatamibari's answers and candidates are the kit's)
    Borders,
    Rect,
    candidate_array,
    candidate_table,
    candidates,
    check_borders_fit,
    clue_numbers,
)

SQUARE, TALL, WIDE = 1, 2, 3
"""The marks as pzprjs's `qnum`: 1 `+`, 2 `|`, 3 `-` (and -2, `?`: any shape)."""
SYMBOL = {SQUARE: "+", TALL: "|", WIDE: "-", ANY_CLUE: "?"}
MARK_OF = {v: k for k, v in SYMBOL.items()}

Answer = Borders
"""A Tatamibari answer: the board's borders, drawn as pzprjs stores them."""


@dataclass(frozen=True)
class Puzzle(RegionPuzzle):
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', else a mark (SQUARE, TALL, WIDE)."""
    genre: ClassVar[str] = "tatamibari"

    __hash__ = hashed_once  # the candidate caches look a puzzle up several times a solve

    def __post_init__(self) -> None:
        self.check_grid()
        if any(v not in (NO_CLUE, ANY_CLUE, SQUARE, TALL, WIDE) for row in self.clues
               for v in row):
            raise RectlogicError("a Tatamibari clue is +, -, | or ?")

    @cached_property
    def allowed_shapes(self) -> np.ndarray:
        """Which heights and widths each mark allows (K, rows+1, cols+1), as the region kit's
        candidate table reads them."""
        h = np.arange(self.rows + 1)[:, None]
        w = np.arange(self.cols + 1)[None, :]
        shapes = {SQUARE: h == w, TALL: h > w, WIDE: w > h,
                  ANY_CLUE: np.ones((self.rows + 1, self.cols + 1), dtype=bool)}
        marks = self.number_array[:, 2]
        out = np.zeros((marks.size, self.rows + 1, self.cols + 1), dtype=bool)
        for k, m in enumerate(marks.tolist()):
            out[k] = shapes[m]
        out[:, 0, :] = out[:, :, 0] = False
        return out


def check_answer_fits(puzzle: Puzzle, answer: Answer) -> None:
    check_borders_fit(puzzle, answer)
