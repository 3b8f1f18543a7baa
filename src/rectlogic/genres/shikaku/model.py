"""Shikaku: cut the grid into rectangles, one number each, of that area.

The unknown is not a cell but which rectangle each number takes. Every clue gets the list of
its candidates — each h×w box with h·w = n that contains the clue and no other clue (any area
for `?`) — and the puzzle becomes exact cover of the cells by one candidate per clue. A clue's
domain is the bitset of its candidates still possible."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import check_size, frozen_array, hashed_once
from ..kits.regions import (  # noqa: F401  (Shikaku's answers and candidates are the kit's)
    MAX_CANDIDATES,
    Borders,
    CandidateTable,
    Rect,
    candidate_array,
    candidate_table,
    candidates,
    check_borders_fit,
    clue_numbers,
)

Answer = Borders
"""A Shikaku answer: the board's borders, drawn as pzprjs stores them."""


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', n ≥ 0 the area (pzprjs lets 0 pass like '?')."""
    genre: ClassVar[str] = "shikaku"

    __hash__ = hashed_once  # the candidate caches look a puzzle up several times a solve

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(r) != self.cols for r in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")
        if any(v < -2 for row in self.clues for v in row):
            raise RectlogicError("a Shikaku clue is a number or ?")

    @cached_property
    def clue_array(self) -> np.ndarray:
        """The clue grid as an array (read by every answer check)."""
        return frozen_array(self.clues, self.rows, self.cols)

    @cached_property
    def number_array(self) -> np.ndarray:
        """The clues (K, 3): row, column, value, in row-major order."""
        return clue_numbers(self.clue_array)

    @cached_property
    def numbers(self) -> tuple[tuple[int, int, int], ...]:
        """The clues (r, c, value) in row-major order: the search's variables."""
        return tuple(map(tuple, self.number_array.tolist()))


def check_answer_fits(puzzle: Puzzle, answer: Answer) -> None:
    check_borders_fit(puzzle, answer)
