"""Shikaku boards with exactly one answer: cut the grid into random rectangles (1×1 pieces
weighted down, 1 against 3), then try several clue placements on that tiling — which cell
carries the number changes everything — and keep a placement the solver proves unique."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .model import Puzzle, Rect

MAX_SIDE = 6
PLACEMENTS = 8


def random_tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect]:
    """Fill the grid row-major: at the first free cell put a random rectangle that fits."""
    free = np.ones((rows, cols), dtype=bool)
    rects: list[Rect] = []
    while free.any():
        r, c = (int(v) for v in np.argwhere(free)[0])
        shapes, weights = [], []
        for h in range(1, min(MAX_SIDE, rows - r) + 1):
            for w in range(1, min(MAX_SIDE, cols - c) + 1):
                if free[r : r + h, c : c + w].all():
                    shapes.append((h, w))
                    weights.append(1.0 if h * w == 1 else 3.0 / max(1, h * w - 3) ** 0.5)
        h, w = shapes[int(rng.choice(len(shapes), p=np.array(weights) / sum(weights)))]
        free[r : r + h, c : c + w] = False
        rects.append((r, c, h, w))
    return rects


def generate(rows: int, cols: int, rng: np.random.Generator,
             accept: Callable[[Puzzle], bool]) -> Puzzle | None:
    """One attempt: a tiling and up to PLACEMENTS clue placements; None if none is unique."""
    rects = random_tiling(rows, cols, rng)
    for _ in range(PLACEMENTS):
        clues = [[-1] * cols for _ in range(rows)]
        for t, lft, h, w in rects:
            clues[t + int(rng.integers(h))][lft + int(rng.integers(w))] = h * w
        puzzle = Puzzle(rows, cols, tuple(map(tuple, clues)))
        if accept(puzzle):
            return puzzle
    return None
