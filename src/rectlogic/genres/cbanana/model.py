"""Choco Banana: a grid with numbers on some cells, and shaded cells.

Every orthogonally connected group of shaded cells is a filled rectangle, every group of
unshaded cells is not one, and a number gives the size of the group (shaded or unshaded) its
cell lies in. A number 0 or `?` says nothing (pzprjs checks numbers from 1 up)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import check_size, frozen_array, hashed_once
from ..kits.shaded import Shading


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', n ≥ 0 the size of its group."""
    genre: ClassVar[str] = "cbanana"

    __hash__ = hashed_once  # the rules' and the leaf test's caches look a puzzle up

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(r) != self.cols for r in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")
        if any(v < -2 for row in self.clues for v in row):
            raise RectlogicError("a Choco Banana clue is a number, ? or nothing")

    @cached_property
    def clue_array(self) -> np.ndarray:
        """The clues (rows, cols), read-only."""
        return frozen_array(self.clues, self.rows, self.cols)

    def numbers(self) -> list[tuple[int, int, int]]:
        """(r, c, n) of every number that says something (n ≥ 1), row-major."""
        return [(r, c, v) for r, row in enumerate(self.clues) for c, v in enumerate(row)
                if v >= 1]


Answer = Shading
"""1 per shaded cell, 0 per unshaded one (the kit's answer)."""
