"""Square Jam: cut the grid into squares; a number is the side of the square it lies in.

A square may hold no number or several (all equal), so the unknown is not one square per clue
but, per cell, which square starts there: a cell's domain is a bitset whose bit 0 says "a
square from elsewhere covers it" and bit s "a square of side s has its top-left corner
here". The candidates are those squares (inside the board, every number in them equal to
their side); the puzzle is exact cover of the cells by them, with no four meeting at a
point (`kits.regions`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import ClassVar, NamedTuple

import numpy as np

from ...compiled import njit
from ...errors import RectlogicError
from ...grid import check_size, frozen_array, hashed_once
from ..kits.regions import Borders, check_borders_fit, cover_lists, put_row

Answer = Borders
"""A Square Jam answer: the board's borders, drawn as pzprjs stores them."""

MAX_SQUARE = 63
"""The largest square a domain (uint64, bit 0 taken) can name."""


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', n ≥ 1 the side of its square."""
    genre: ClassVar[str] = "squarejam"

    __hash__ = hashed_once

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(r) != self.cols for r in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")
        if any(v < -2 or v == 0 for row in self.clues for v in row):
            raise RectlogicError("a Square Jam clue is a number from 1, or ?")

    @cached_property
    def clue_array(self) -> np.ndarray:
        return frozen_array(self.clues, self.rows, self.cols)

    @cached_property
    def numbers(self) -> tuple[tuple[int, int, int], ...]:
        """The clues (r, c, value) in row-major order."""
        return tuple((r, c, v) for r, row in enumerate(self.clues) for c, v in enumerate(row)
                     if v != -1)


@lru_cache(maxsize=256)
def squares(puzzle: Puzzle) -> Squares:
    """The candidates of a puzzle, made once (kept for the puzzles seen last)."""
    rects, first = _squares(puzzle.clue_array, MAX_SQUARE)
    start, members = cover_lists(rects, puzzle.rows, puzzle.cols)
    return Squares(rects, first, start, members, _full(rects, first, start, members))


@njit(cache=True, nogil=True)
def _squares(clues, largest):  # pragma: no cover - compiled
    """Every square inside the board whose numbers (values ≥ 1) all equal its side, per
    anchor cell row-major, sides ascending. Each anchor's square grows by its rim (the new
    bottom row and right column), keeping the least and the largest number inside: past a
    number smaller than the side, no larger square fits."""
    R, C = clues.shape
    out = np.empty((64, 4), np.int64)
    first = np.zeros(R * C + 1, np.int64)
    total = 0
    for i in range(R * C):
        r, c = divmod(i, C)
        least, most = R * C + 1, 0
        for s in range(1, min(R - r, C - c, largest) + 1):
            for k in range(s):
                for v in (clues[r + s - 1, c + k], clues[r + k, c + s - 1]):
                    if v >= 1:
                        least, most = min(least, v), max(most, v)
            if least < s:
                break
            if most == 0 or least == most == s:
                out = put_row(out, total, r, c, s, s)
                total += 1
        first[i + 1] = total
    return out[:total].copy(), first


@njit(cache=True, nogil=True)
def _full(rects, first, start, members):  # pragma: no cover - compiled
    N = first.size - 1
    d = np.zeros(N, np.uint64)
    for i in range(N):
        for x in range(first[i], first[i + 1]):
            d[i] |= np.uint64(1) << np.uint64(rects[x, 2])
        for m in range(start[i], start[i + 1]):
            if members[m] < first[i] or members[m] >= first[i + 1]:
                d[i] |= np.uint64(1)  # some square from elsewhere covers it
                break
    return d


class Squares(NamedTuple):
    """The candidate squares of a puzzle and how cells and domains read them: `rects` (M, 4)
    [top, left, side, side], anchors row-major, sides ascending; `first` (N+1), where each
    cell's own squares (their top-left corner there) start; `start` (N+1) and `members`,
    each cell's coverers (`kits.regions.cover_lists`); `full`, each cell's domain before any
    reasoning (uint64)."""

    rects: np.ndarray
    first: np.ndarray
    start: np.ndarray
    members: np.ndarray
    full: np.ndarray


def check_answer_fits(puzzle: Puzzle, answer: Answer) -> None:
    check_borders_fit(puzzle, answer)
