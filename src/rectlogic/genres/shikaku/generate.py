"""Shikaku boards with exactly one answer: cut the grid into random rectangles of the sizes
published boards use, then try several clue placements on that tiling — which cell carries
the number changes everything — and keep a placement the solver proves unique."""

from __future__ import annotations

import numpy as np

from ..generating import Judge
from .model import Puzzle, Rect

MAX_SIDE = 10
PLACEMENTS = 8
AREA_WEIGHT = {1: 0.02, 2: 1.0, 3: 0.9, 4: 1.5, 5: 0.3, 6: 1.2, 7: 0.1, 8: 0.7, 9: 0.3,
               10: 0.3, 12: 0.35, 14: 0.03, 15: 0.05, 16: 0.05, 18: 0.03, 20: 0.02}
"""How often each area is drawn, after the areas of Janko's Shikaku at 10×10 and above
(areas 2, 3, 4, 6 and 8 are most of them; 1×1 is rare; up to 20 and beyond)."""


def _weight(h: int, w: int) -> float:
    """A shape's weight: its area's, shared among the shapes of that area."""
    area = h * w
    shapes = sum(1 for a in range(1, area + 1) if area % a == 0
                 and max(a, area // a) <= MAX_SIDE)
    return AREA_WEIGHT.get(area, 0.0) / shapes


def random_tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect]:
    """Fill the grid row-major: at the first free cell put a random rectangle that fits."""
    free = np.ones((rows, cols), dtype=bool)
    rects: list[Rect] = []
    while free.any():
        r, c = (int(v) for v in np.argwhere(free)[0])
        shapes, weights = [], []
        for h in range(1, min(MAX_SIDE, rows - r) + 1):
            for w in range(1, min(MAX_SIDE, cols - c) + 1):
                if _weight(h, w) > 0 and free[r : r + h, c : c + w].all():
                    shapes.append((h, w))
                    weights.append(_weight(h, w))
        h, w = shapes[int(rng.choice(len(shapes), p=np.array(weights) / sum(weights)))]
        free[r : r + h, c : c + w] = False
        rects.append((r, c, h, w))
    return rects


def _joined(a: Rect, b: Rect) -> Rect | None:
    """The union of two rectangles when it is a rectangle (they share a whole side)."""
    (r1, c1, h1, w1), (r2, c2, h2, w2) = sorted((a, b))
    if c1 == c2 and w1 == w2 and r1 + h1 == r2:
        return (r1, c1, h1 + h2, w1)
    if r1 == r2 and h1 == h2 and c1 + w1 == c2:
        return (r1, c1, h1, w1 + w2)
    return None


def merged(rects: list[Rect], rng: np.random.Generator, small: int = 3) -> list[Rect]:
    """Join each rectangle of at most `small` cells, in random order, to a random neighbour
    it makes a rectangle with, where the union's area is one published boards use: filling
    row by row leaves slivers (1×1s along the last rows) that published tilings do not have."""
    left = set(rects)
    for k in rng.permutation(len(rects)):
        mine = rects[int(k)]
        if mine not in left or mine[2] * mine[3] > small:
            continue
        unions = sorted((u, other) for other in left if other != mine
                        and (u := _joined(mine, other)) is not None
                        and AREA_WEIGHT.get(u[2] * u[3], 0) > 0 and max(u[2], u[3]) <= MAX_SIDE)
        if unions:
            u, other = unions[int(rng.integers(len(unions)))]
            left -= {mine, other}
            left.add(u)
    return sorted(left)


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """One attempt: a tiling and up to PLACEMENTS clue placements; the first that is of the
    grade asked, else the first acceptable one, else None. (Every number is needed: the
    style does not apply.)"""
    rects = merged(random_tiling(rows, cols, rng), rng)
    first = None
    for _ in range(PLACEMENTS):
        clues = [[-1] * cols for _ in range(rows)]
        for t, lft, h, w in rects:
            clues[t + int(rng.integers(h))][lft + int(rng.integers(w))] = h * w
        puzzle = Puzzle(rows, cols, tuple(map(tuple, clues)))
        if judge.accept(puzzle):
            if judge.hits is None or judge.hits(puzzle):
                return puzzle
            first = first or puzzle
    return first
