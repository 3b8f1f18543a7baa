"""Chocona: regions, their clues, and shaded cells.

A board is cut into regions (connected pieces of cells); a region may carry a number (how many
of its cells are shaded) or `?`. Every orthogonally connected clump of shaded cells must be a
filled rectangle; clumps may cross region borders and touch at corners.

Regions are kept in pzprjs's room order (by their first cell in row-major order), and a clue
sits on the region's top cell: its leftmost column, topmost within it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import NO_CLUE, check_size, frozen_array, hashed_once, label_pieces
from ..kits.shaded import BIT, BOTH, SHADED, WHITE, WINDOW_OK, Shading  # noqa: F401


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]
    """Region index per cell, regions numbered in room order."""
    clues: tuple[int, ...]
    """Per region: -1 none, -2 '?', n ≥ 0 the number of shaded cells."""
    genre: ClassVar[str] = "chocona"

    __hash__ = hashed_once  # the rules' and the leaf test's caches look a puzzle up

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.regions) != self.rows or any(len(r) != self.cols for r in self.regions):
            raise RectlogicError(f"region grid does not match the size {self.rows}x{self.cols}")
        if label_pieces(self.regions) != self.regions:
            raise RectlogicError("regions must be connected and numbered in room order")
        if len(self.clues) != 1 + max(max(row) for row in self.regions):
            raise RectlogicError("one clue value per region is needed")
        if any(v < -2 for v in self.clues):
            raise RectlogicError("a Chocona clue is a number, ? or nothing")

    @cached_property
    def region_array(self) -> np.ndarray:
        """Region index per cell (rows, cols), read-only: what the rules and the leaf test
        read (made once)."""
        return frozen_array(self.regions, self.rows, self.cols)

    @cached_property
    def clue_array(self) -> np.ndarray:
        """Each region's clue, read-only."""
        return frozen_array(self.clues, len(self.clues))

    @cached_property
    def region_cells(self) -> list[list[tuple[int, int]]]:
        """Each region's cells in row-major order (computed once: read per clue and per rule)."""
        cells: list[list[tuple[int, int]]] = [[] for _ in self.clues]
        for r, row in enumerate(self.regions):
            for c, k in enumerate(row):
                cells[k].append((r, c))
        return cells

    def top_cell(self, region: int) -> tuple[int, int]:
        """Where the clue is drawn: the leftmost column, topmost within it."""
        return min(self.region_cells[region], key=lambda rc: (rc[1], rc[0]))


Answer = Shading
"""1 per shaded cell, 0 per unshaded one (the kit's answer)."""


def make_puzzle(labels: Sequence[Sequence[Hashable]], clue_grid: Sequence[Sequence[int]]) -> Puzzle:
    """A puzzle from region labels and clues written on any cells: each region keeps the
    first clue in row-major order (as pzprjs does) and it moves to the region's top cell."""
    rows, cols = len(labels), len(labels[0])
    regions = label_pieces(labels)
    clues = [NO_CLUE] * (1 + max(max(row) for row in regions))
    for r in range(rows):
        for c in range(cols):
            k, v = regions[r][c], clue_grid[r][c]
            if v != NO_CLUE and clues[k] == NO_CLUE:
                clues[k] = v
    return Puzzle(rows, cols, regions, tuple(clues))
