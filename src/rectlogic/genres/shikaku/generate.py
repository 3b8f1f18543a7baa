"""Shikaku boards with exactly one answer: cut the grid into random rectangles of the sizes
published boards use, then try several clue placements on that tiling — which cell carries
the number changes everything — and keep a placement the solver proves unique."""

from __future__ import annotations

import numpy as np

from ..generating import Judge, degenerate
from .model import Answer, Puzzle, Rect

PLACEMENTS = 8
SHAPES = {(1, 2): 15.6, (1, 4): 14.4, (1, 3): 13.6, (2, 3): 11.2, (2, 2): 8.6, (2, 4): 7.0,
          (1, 6): 6.6, (1, 5): 4.0, (2, 5): 2.7, (1, 8): 2.6, (3, 3): 2.4, (3, 4): 2.2,
          (2, 6): 2.1, (1, 7): 1.2, (1, 10): 1.1, (1, 9): 0.9, (3, 5): 0.7, (1, 12): 0.5,
          (4, 4): 0.4, (2, 7): 0.3, (2, 8): 0.3, (3, 6): 0.2, (4, 5): 0.2, (1, 11): 0.1,
          (2, 9): 0.1, (2, 10): 0.1, (1, 1): 0.05}
"""How often each shape (short side, long side) is among the rectangles of Janko's Shikaku at
10×10 and above (%): strips 1×2 … 1×4 and 2×3 most; 1×1 hardly ever."""
AREA_BIAS = 1.5
"""Filling row by row, a free cell at the first free place takes what still fits, which is
often a small piece: drawing each shape with weight share × area^1.5 gives back Janko's mix
(about 27 % areas 2–3, 30 % of aspect 4 or more, 18 clues per 100 cells)."""
SYMMETRIC = 0.8
"""The share of published boards whose clues sit 180°-symmetric, as Nikoli-style setters
place them (71 % of Janko's)."""
INSIDE = 4.0
"""How much likelier a clue is drawn on a cell off its rectangle's edge (a quarter of
Janko's clues in rectangles of 3×3 or more sit inside; drawn evenly, a tenth would)."""
OUTSIDE = 0.5
"""How much likelier a clue is drawn on the board's edge (Janko's clues sit there less often
than evenly drawn ones would)."""


def _weight(h: int, w: int) -> float:
    """A shape's weight: its share among Janko's (halved between its two turns), biased to
    larger areas."""
    share = SHAPES.get((min(h, w), max(h, w)), 0.0)
    return share * (h * w) ** AREA_BIAS / (1 if h == w else 2)


def random_tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect]:
    """Fill the grid row-major: at the first free cell put a random rectangle that fits."""
    free = np.ones((rows, cols), dtype=bool)
    rects: list[Rect] = []
    while free.any():
        r, c = (int(v) for v in np.argwhere(free)[0])
        shapes, weights = [(1, 1)], [_weight(1, 1)]
        for h in range(1, rows - r + 1):
            for w in range(1, cols - c + 1):
                if (h, w) != (1, 1) and _weight(h, w) > 0 and free[r : r + h, c : c + w].all():
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


def merged(rects: list[Rect], rng: np.random.Generator, small: int = 1) -> list[Rect]:
    """Join each rectangle of at most `small` cells, in random order, to a random neighbour
    it makes a rectangle with, where the union is a shape published boards use: filling
    row by row leaves slivers (1×1s along the last rows) that published tilings do not have."""
    left = set(rects)
    for k in rng.permutation(len(rects)):
        mine = rects[int(k)]
        if mine not in left or mine[2] * mine[3] > small:
            continue
        unions = sorted((u, other) for other in left if other != mine
                        and (u := _joined(mine, other)) is not None
                        and _weight(u[2], u[3]) > 0)
        if unions:
            u, other = unions[int(rng.integers(len(unions)))]
            left -= {mine, other}
            left.add(u)
    return sorted(left)


def split(rects: list[Rect], rng: np.random.Generator) -> list[Rect]:
    """The tiling with one random rectangle cut in two across its long side, both halves
    shapes published boards use (a half-turn-symmetric clue set needs a tiling whose count
    of rectangles is even, or odd with one holding the centre cell)."""
    for k in rng.permutation(len(rects)):
        t, lft, h, w = rects[int(k)]
        cuts = [(t, lft, a, w, t + a, lft, h - a, w) for a in range(1, h)]
        cuts += [(t, lft, h, a, t, lft + a, h, w - a) for a in range(1, w)]
        cuts = [cut for cut in cuts if _weight(*cut[2:4]) > 0 and _weight(*cut[6:]) > 0]
        if cuts:
            cut = cuts[int(rng.integers(len(cuts)))]
            return sorted(rects[: int(k)] + rects[int(k) + 1 :] + [cut[:4], cut[4:]])
    return rects


def _cell(rect: Rect, rng: np.random.Generator, rows: int, cols: int,
          allowed: np.ndarray | None = None) -> tuple[int, int]:
    """A random cell of the rectangle (among `allowed`, a mask of it, when given), cells off
    its edge drawn INSIDE times likelier, cells on the board's edge OUTSIDE times."""
    t, lft, h, w = rect
    weight = np.ones((h, w))
    weight[1:-1, 1:-1] = INSIDE
    r, c = np.arange(t, t + h), np.arange(lft, lft + w)
    weight[(r == 0) | (r == rows - 1), :] *= OUTSIDE
    weight[:, (c == 0) | (c == cols - 1)] *= OUTSIDE
    if allowed is not None:
        weight = weight * allowed
    k = int(rng.choice(h * w, p=weight.reshape(-1) / weight.sum()))
    return t + k // w, lft + k % w


def symmetric_clues(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator,
                    budget: int = 2000) -> list[tuple[int, int]] | None:
    """One cell per rectangle, the set of them symmetric under the half turn: the rectangles
    are paired (a rectangle with the one its turned cells fall in; the rectangle holding the
    centre cell may pair with itself), a random perfect pairing found by backtracking within
    `budget` steps, then each pair takes a cell and its turned image. None when there is no
    pairing (or the budget ran out)."""
    owner = np.zeros((rows, cols), dtype=int)
    for k, (t, lft, h, w) in enumerate(rects):
        owner[t : t + h, lft : lft + w] = k
    turned = owner[::-1, ::-1]
    centre = int(owner[rows // 2, cols // 2]) if rows % 2 and cols % 2 else -1
    partners = [set() for _ in rects]
    for a, b in zip(owner.reshape(-1).tolist(), turned.reshape(-1).tolist(), strict=True):
        if a != b or a == centre:
            partners[a].add(b)
    mate: dict[int, int] = {}
    steps = [0]

    def pair() -> bool:
        free = [k for k in range(len(rects)) if k not in mate]
        if not free:
            return True
        steps[0] += 1
        if steps[0] > budget:
            return False
        k = min(free, key=lambda j: len(partners[j] - mate.keys()))
        options = list(partners[k] - mate.keys())
        for j in rng.permutation(len(options)):
            other = options[int(j)]
            mate[k], mate[other] = other, k
            if pair():
                return True
            del mate[k]
            mate.pop(other, None)
        return False

    if not pair():
        return None
    cells = []
    for k, other in mate.items():
        if k == other:  # the centre cell, its own image
            cells.append((rows // 2, cols // 2))
        elif k < other:
            t, lft, h, w = rects[k]
            r, c = _cell(rects[k], rng, rows, cols, turned[t : t + h, lft : lft + w] == other)
            cells += [(r, c), (rows - 1 - r, cols - 1 - c)]
    return cells


TILINGS = 60
"""Tilings drawn, at most, until one takes a half-turn-symmetric clue set (about one in
fifteen does at 10×10; drawing one takes a millisecond or so)."""


def tiling(rows: int, cols: int, rng: np.random.Generator, symmetric: bool) -> list[Rect] | None:
    """A random tiling; when `symmetric`, one on which the clues can sit symmetric (None if
    none came up in TILINGS draws)."""
    for _ in range(TILINGS if symmetric else 1):
        rects = merged(random_tiling(rows, cols, rng), rng)
        if not symmetric:
            return rects
        if len(rects) % 2 != (rows * cols) % 2:
            rects = split(rects, rng)
        if symmetric_clues(rows, cols, rects, rng, budget=200) is not None:
            return rects
    return None


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """One attempt: a tiling and up to PLACEMENTS clue placements; the first that is of the
    grade asked, else the first acceptable one, else None. (Every number is needed: the
    style only says whether the clues may sit symmetric — most published boards' do.)"""
    symmetric = judge.style == "published" and rng.random() < SYMMETRIC
    rects = tiling(rows, cols, rng, symmetric)
    if rects is None:
        return None
    first = None
    for _ in range(PLACEMENTS):
        cells = (symmetric_clues(rows, cols, rects, rng) if symmetric
                 else [_cell(rect, rng, rows, cols) for rect in rects])
        if cells is None:
            continue
        area = np.zeros((rows, cols), dtype=int)
        for t, lft, h, w in rects:
            area[t : t + h, lft : lft + w] = h * w
        clues = [[-1] * cols for _ in range(rows)]
        for r, c in cells:
            clues[r][c] = int(area[r, c])
        puzzle = Puzzle(rows, cols, tuple(map(tuple, clues)))
        if judge.accept(puzzle):
            if judge.hits is None or judge.hits(puzzle):
                return puzzle
            first = first or puzzle
    return first


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    return degenerate(len(answer.rects()), 0, 0)
