"""Tatamibari boards with exactly one answer: cut the grid into random rectangles of the
shapes Janko's boards use, no four meeting at a point, then try several mark placements on
that tiling (which cell of a rectangle carries its mark changes everything) and keep one the
solver proves unique. Every rectangle needs its mark, so nothing is thinned."""

from __future__ import annotations

from bisect import bisect
from functools import cache
from itertools import accumulate

import numpy as np

from ...grid import NO_CLUE
from ..generating import Judge, degenerate
from ..kits.region_play import skyline_tiling
from .model import SQUARE, TALL, WIDE, Answer, Puzzle, Rect

PLACEMENTS = 8
TILINGS = 200
"""Tilings drawn, at most, until one fills the board with no four rectangles meeting."""
SHAPES = {(1, 2): 26.9, (1, 1): 24.8, (1, 3): 13.7, (2, 2): 8.4, (1, 4): 8.1, (2, 3): 5.8,
          (1, 5): 3.8, (2, 4): 2.6, (3, 3): 1.9, (1, 6): 1.6, (3, 4): 0.9, (4, 4): 0.6,
          (1, 7): 0.4, (2, 5): 0.2}
"""How often each shape (short side, long side) is among the rectangles of Janko's 150
Tatamibari (%)."""
AREA_BIAS = 1.0
"""Filling row by row leaves the last free places small: each shape is drawn with weight
share × area^AREA_BIAS."""


@cache
def _shapes(rows: int, cols: int) -> tuple[tuple[int, int, float], ...]:
    out = []
    for (a, b), share in SHAPES.items():
        turns = {(a, b), (b, a)}
        for h, w in turns:
            if h <= rows and w <= cols:
                out.append((h, w, share * (h * w) ** AREA_BIAS / len(turns)))
    return tuple(sorted(out))


def random_tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect] | None:
    """Fill the grid row-major: at the first free cell put a random rectangle that fits and
    makes no point where four rectangles meet (its top-left corner is checked as it is
    placed, its top-right one where the cell beyond is filled; every crossing is the
    top-left corner of a rectangle, so none slips through). None when the fill gets stuck."""
    shapes = _shapes(rows, cols)
    label = np.full((rows, cols), -1, dtype=np.int64)
    placed = [0]

    def choose(r: int, c: int, run: int) -> tuple[int, int] | None:
        if r > 0 and c > 0 and len({label[r - 1, c - 1], label[r - 1, c], label[r, c - 1]}) == 3:
            return None  # any rectangle here would make a crossing
        fits = [(h, w, wt) for h, w, wt in shapes
                if w <= run and r + h <= rows and not _crossing(label, r, c + w)]
        if not fits:
            return None
        totals = list(accumulate(wt for _, _, wt in fits))
        h, w, _ = fits[min(len(fits) - 1, bisect(totals, rng.random() * totals[-1]))]
        label[r:r + h, c:c + w] = placed[0]
        placed[0] += 1
        return h, w

    return skyline_tiling(rows, cols, choose)


def _crossing(label: np.ndarray, r: int, x: int) -> bool:
    """Would a rectangle whose top-right corner is point (r, x) make four meet there (the
    three cells around it filled, each of another rectangle)?"""
    return (r > 0 and x < label.shape[1] and label[r, x] >= 0
            and len({label[r - 1, x - 1], label[r - 1, x], label[r, x]}) == 3)


def tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect] | None:
    for _ in range(TILINGS):
        rects = random_tiling(rows, cols, rng)
        if rects is not None:
            return rects
    return None


def mark_of(h: int, w: int) -> int:
    return SQUARE if h == w else WIDE if w > h else TALL


def placed(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator) -> Puzzle:
    """One mark per rectangle, on a random cell of it."""
    clues = [[NO_CLUE] * cols for _ in range(rows)]
    for t, lft, h, w in rects:
        k = int(rng.integers(h * w))
        clues[t + k // w][lft + k % w] = mark_of(h, w)
    return Puzzle(rows, cols, tuple(map(tuple, clues)))


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """One attempt: a tiling and up to PLACEMENTS mark placements; the first of the grade
    asked, else the first acceptable one, else None."""
    rects = tiling(rows, cols, rng)
    if rects is None:
        return None
    first = None
    for _ in range(PLACEMENTS):
        puzzle = placed(rows, cols, rects, rng)
        if not judge.accept(puzzle):
            continue
        if judge.hits is None or judge.hits(puzzle):
            return puzzle
        first = first or puzzle
    return first


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    return degenerate(len(answer.rects()), 0, 0)
