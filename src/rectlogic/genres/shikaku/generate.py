"""Shikaku boards with exactly one answer: cut the grid into random rectangles of the sizes
published boards use, then try several clue placements on that tiling — which cell carries
the number changes everything — and keep a placement the solver proves unique. Clues sit
where no two neighbouring rectangles could be cut the other way around them (`untying`,
`untied`): left to chance, that second answer sank most placements on many small pieces,
the more so the larger the board, and the large boards that came out had larger pieces
than Janko's.

Published boards come from many setters, each with habits of their own: the size of the
pieces and how alike they are, strips or blocks, where the clues sit and whether two may
touch, the symmetry of the clues. A board of the published style is drawn with a setter's
taste of its own (`Taste`, `drawn`), so that boards differ from one another as much as
Janko's do; boards asked of a grade are made as a setter aiming at it would (`Aim`)."""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate

import numpy as np

from ..generating import Judge, degenerate
from ..kits.region_play import skyline_tiling
from .model import Answer, Puzzle, Rect

PLACEMENTS = 8
SHAPES = {(1, 2): 15.6, (1, 4): 14.4, (1, 3): 13.6, (2, 3): 11.2, (2, 2): 8.6, (2, 4): 7.0,
          (1, 6): 6.6, (1, 5): 4.0, (2, 5): 2.7, (1, 8): 2.6, (3, 3): 2.4, (3, 4): 2.2,
          (2, 6): 2.1, (1, 7): 1.2, (1, 10): 1.1, (1, 9): 0.9, (3, 5): 0.7, (1, 12): 0.5,
          (4, 4): 0.4, (2, 7): 0.3, (2, 8): 0.3, (3, 6): 0.2, (4, 5): 0.2, (1, 11): 0.1,
          (2, 9): 0.1, (2, 10): 0.1, (1, 1): 0.05}
"""How often each shape (short side, long side) is among the rectangles of Janko's Shikaku at
10×10 and above (%): strips 1×2 … 1×4 and 2×3 most; 1×1 hardly ever."""
AREA_BIAS = 1.25
"""Filling row by row, a free cell at the first free place takes what still fits, which is
often a small piece: drawing each shape with weight share × area^1.25 (and the taste's
other weights) gives back Janko's mix on the boards that come out unique (about 27 %
areas 2–3, 30 % of aspect 4 or more, 19 clues per 100 cells)."""
SYMMETRY = {"half-turn": 0.66, "both": 0.10, "left-right": 0.035, "up-down": 0.035}
"""The share of published boards whose clues sit symmetric, by symmetry, as Nikoli-style
setters place them; the rest anywhere. Janko's 10×10 boards: 56 % under the half turn
alone, 11 % under both mirrors (and so the half turn too), 5 % under one mirror, 27 % none
(larger boards: 51, 21, 2 and 26 %); drawn a little apart from those, since boards with
free clues come out unique more often than those with symmetric ones (drawn 66/10/7/17 %,
fresh 10×10 boards come out 56/10/8/28 %)."""
IMAGES = {"half-turn": lambda a: a[::-1, ::-1], "left-right": lambda a: a[:, ::-1],
          "up-down": lambda a: a[::-1, :]}
"""Each symmetry as what it does to a board's array of cells."""


INSIDE = 4.0
"""How much likelier a clue is drawn on a cell off its rectangle's edge (a quarter of
Janko's clues in rectangles of 3×3 or more sit inside; drawn evenly, a tenth would)."""
OUTSIDE = 0.5
"""How much likelier a clue is drawn on the board's edge (Janko's clues sit there less often
than evenly drawn ones would)."""


PRIMES = frozenset({2, 3, 5, 7, 11, 13, 17, 19, 23})
"""The prime areas a published shape can have."""


def beside(mask: np.ndarray) -> np.ndarray:
    """The cells with an edge neighbour in the mask."""
    rows, cols = mask.shape
    near = np.zeros((rows + 2, cols + 2), dtype=bool)
    for dr, dc in ((0, 1), (2, 1), (1, 0), (1, 2)):
        near[dr : dr + rows, dc : dc + cols] |= mask
    return near[1:-1, 1:-1]


def published_shape(h: int, w: int) -> bool:
    """Whether published boards use the shape (either way round)."""
    return (min(h, w), max(h, w)) in SHAPES


@dataclass(frozen=True)
class Taste:
    """One setter's habits: how a board's rectangles are drawn and where its clues sit. The
    plain taste (the defaults) gives Janko's means; the published style draws one per board
    (`drawn`), because Janko's boards come from many setters and differ far more from one
    another than boards of one taste do (at 10×10 the clues per 100 cells spread 6.3 about
    their mean, against 2.7 under one taste), and that sameness is what gives a generated
    board away."""

    bias: float = AREA_BIAS
    """The area exponent of the shape weights (larger: fewer, larger rectangles)."""
    centre: float = 5.0
    narrow: float = 0.0
    """How tightly the areas keep to `centre` (the weights fall as exp(−narrow · ln²(area /
    centre))): one setter's board keeps to a size, the mix of setters' spans them all."""
    hug: float = 1.0
    """How much likelier a rectangle on the board's edge lies along it (for each edge it
    touches; 1 / hug across it)."""
    rim: float = 0.0
    """The area exponent added for a rectangle on the board's edge (Janko's setters make
    those larger: their mean area is 1.08 times the board's, 0.99 when drawn alike)."""
    strips: float = 1.0
    """How much likelier a shape one cell wide is drawn."""
    squares: float = 1.0
    """How much likelier a square is drawn."""
    primes: float = 1.0
    """How much likelier a shape of prime area is drawn (some setters keep to numbers that
    are not)."""
    align: float = 1.0
    """How much likelier a rectangle is drawn whose corner makes four rectangles meet."""
    inside: float = INSIDE
    outside: float = OUTSIDE
    corner: float = 1.0
    """How much likelier a clue is drawn in its rectangle's corner."""
    beside: float = 1.0
    """How much likelier a clue is drawn beside a clue already placed (some setters never
    put two side by side, some like pairs)."""

    def weight(self, h: int, w: int) -> float:
        """A shape's weight: its share among Janko's (halved between its two turns), biased
        to larger areas, to strips and to squares as the taste has it."""
        share = SHAPES.get((min(h, w), max(h, w)), 0.0)
        keep = np.exp(-self.narrow * np.log(h * w / self.centre) ** 2) if self.narrow else 1
        return (share * (h * w) ** self.bias / (1 if h == w else 2) * float(keep)
                * (self.strips if min(h, w) == 1 < h * w else 1.0)
                * (self.squares if h == w > 1 else 1.0)
                * (self.primes if h * w in PRIMES else 1.0))

    def shapes(self, rows: int, cols: int) -> list[tuple[int, int, float]]:
        """Every shape (height, width) a tiling of this board may draw, with its weight (the
        single cell first: it always fits)."""
        turns = {(h, w) for a, b in SHAPES for h, w in ((a, b), (b, a))
                 if h <= rows and w <= cols}
        return [(1, 1, self.weight(1, 1)),
                *sorted((h, w, self.weight(h, w)) for h, w in turns if (h, w) != (1, 1))]

    def placing(self, r: int, c: int, h: int, w: int, rows: int, cols: int) -> float:
        """How much likelier the taste draws a rectangle here, on the board's edge, than in
        the middle (`hug`, `rim`)."""
        rim = (h * w) ** self.rim if r == 0 or c == 0 or r + h == rows or c + w == cols else 1
        if h == w or self.hug == 1:
            return float(rim)
        flat = 1 if w > h else -1  # lying along the top and bottom edges, across the sides
        edges = flat * ((r == 0) + (r + h == rows) - (c == 0) - (c + w == cols))
        return float(self.hug ** edges * rim)

    def cell_weights(self, rect: Rect, rows: int, cols: int,
                     placed: np.ndarray | None = None) -> np.ndarray:
        """How likely each cell of the rectangle is to carry its clue: off its edge `inside`
        times, in its corners `corner` times, on the board's edge `outside` times, beside a
        clue already `placed` (a mask of the board) `beside` times (never, at 0)."""
        t, lft, h, w = rect
        weight = np.ones((h, w))
        weight[1:-1, 1:-1] = self.inside
        for r in {0, h - 1}:
            for c in {0, w - 1}:
                weight[r, c] = self.corner
        r, c = np.arange(t, t + h), np.arange(lft, lft + w)
        weight[(r == 0) | (r == rows - 1), :] *= self.outside
        weight[:, (c == 0) | (c == cols - 1)] *= self.outside
        if placed is not None and placed.any():
            weight[beside(placed)[t : t + h, lft : lft + w]] *= self.beside
        return weight

    def next_rectangle(self, left: list[int], rects: list[Rect], placed: np.ndarray) -> int:
        """Which of the rectangles `left` (in random order) takes its clue next: the first;
        for a taste against clues side by side, the one with the fewest cells left apart
        from those placed (the one most likely to be cornered)."""
        if self.beside >= 1 or not placed.any():
            return left[0]
        near = np.zeros((placed.shape[0] + 1, placed.shape[1] + 1), dtype=np.int64)
        near[1:, 1:] = beside(placed).cumsum(0).cumsum(1)  # near[r, c]: those above-left
        apart = [h * w - int(near[t + h, lft + w] - near[t, lft + w] - near[t + h, lft]
                             + near[t, lft]) for t, lft, h, w in (rects[k] for k in left)]
        return left[int(np.argmin(apart))]


RIM = 0.7
"""The published style's `rim`."""
PLAIN = Taste()
"""The taste of every board in the minimal style."""
TASTES = {"bias": (AREA_BIAS, 0.0), "centre": (4.4, 0.7), "narrow": (1.0, 0.8),
          "strips": (1.2, 0.6), "squares": (1.0, 0.5), "primes": (1.0, 0.8),
          "align": (1.2, 0.4), "hug": (3.0, 0.5), "inside": (INSIDE, 0.6),
          "outside": (OUTSIDE, 1.5), "corner": (1.3, 0.8), "beside": (6.0, 1.5),
          "rim": (RIM, 0.0)}
"""How the published style draws a taste: per habit, the median and the spread of the
logarithm of a log-normal draw (tuned on Janko's 10×10 boards against fresh ones: with
one taste for all, the clues per 100 cells spread 2.7 from board to board against Janko's
6.3 and a forest told ours from theirs 79 times in 100; drawn so, 5.5 and about 62). Janko's
setters make the pieces on the board's edge larger than the rest (their mean area 1.07
times the board's): `rim` and a stronger `hug` with a smaller `centre` give 1.02 (0.98
before) and the forest, with that measure among its own, 0.57 (0.70 before), 100 fresh
boards against Janko's 133. `align` (four rectangles meeting) was drawn about 2 while ties
(`untied`) sank most tilings of many small pieces, which meet four ways most; with ties
undone, 1.2 and a narrower spread give Janko's 1.4 crossings per 100 cells at 10×10 (drawn
2 with spread 0.8, 2.0; drawn 1 so, 1.5 but too many boards with none and a few with
many)."""


APART = {"half-turn": 0.6, "both": 0.5, None: 0.25}
"""The share of setters drawn who never put two clues side by side where they can help it,
on a 10×10 board, by the symmetry of its clues (0.5 under a single mirror). Janko's 10×10
boards with none side by side: 57 % under the half turn, 20 % under both mirrors, 25 %
with no symmetry; boards with clues apart come out unique less often, the more so the
freer the clues (and the larger the board)."""
APART_LARGE = 0.85
"""The share on boards of 225 cells or more, whatever the symmetry (in proportion between):
55 % of Janko's larger boards have no two clues side by side."""
BESIDE = {"half-turn": 3.0, "both": 0.1, None: 0.1}
"""The `beside` habit of the other setters by the symmetry of the clues, times TASTES's (1
under a single mirror): at 10×10 a quarter of Janko's boards under the half turn have most
clues side by side, their boards with no symmetry a quarter at most; free clues side by
side come out unique more often."""
BESIDE_LARGE = 1.0
"""The median of the `beside` habit on boards of 225 cells or more, whatever the symmetry
(in proportion between)."""


DENSE_BESIDE = (0.7, 2.0)
"""How much more a setter of smaller pieces keeps clues apart, per unit of the logarithm of
how much smaller the taste's area centre is than TASTES's: the share never putting them
side by side, and the logarithm of `beside`. Drawn alike, clues of many small pieces touch
far more often (at 10×10 the clues per 100 cells and the share beside another correlate
0.46; in Janko's boards, 0.06)."""


def drawn(rng: np.random.Generator, cells: int = 100, denser: float = 1.0,
          symmetry: str | None = None) -> Taste:
    """A setter's taste at random for a board of this many cells and clues of this
    symmetry (`TASTES`, `APART`, `BESIDE`), the area centre divided by `denser`."""
    larger = float(np.clip((cells - 100) / 125, 0, 1))
    got = {name: median * float(np.exp(spread * rng.standard_normal()))
           for name, (median, spread) in TASTES.items()}
    beside = TASTES["beside"][0] * BESIDE.get(symmetry, 1.0)
    got["beside"] *= BESIDE.get(symmetry, 1.0) * (BESIDE_LARGE / beside) ** larger
    got["centre"] /= denser
    dense = float(np.log(TASTES["centre"][0] / got["centre"]))  # > 0: smaller pieces
    got["beside"] *= float(np.exp(-DENSE_BESIDE[1] * dense))
    apart = APART.get(symmetry, 0.5)
    apart = float(np.clip(apart + larger * (APART_LARGE - apart) + DENSE_BESIDE[0] * dense,
                          0, 1))
    if rng.random() < apart:
        got["beside"] = 0.0
    return Taste(**got)


def random_tiling(rows: int, cols: int, rng: np.random.Generator,
                  taste: Taste = PLAIN) -> list[Rect]:
    """Fill the grid row-major: at the first free cell put a random rectangle that fits,
    drawn by the taste's weights (`align` times likelier where its top right corner makes
    four rectangles meet). (What is filled is a skyline: a rectangle at the first free cell
    starts at its column's height, so it fits where the columns beside are as high and the
    board is deep enough.)"""
    shapes = taste.shapes(rows, cols)
    owner = np.full((rows, cols), -1)
    placed = [0]

    def crossing(r: int, c: int) -> bool:
        """Would a rectangle ending left of lattice point (r, c), below it, make four meet?"""
        if r == 0 or c == cols:
            return False
        left, right, below = owner[r - 1, c - 1], owner[r - 1, c], owner[r, c]
        return left != right and below != right

    def choose(r: int, c: int, run: int) -> tuple[int, int]:
        fits = [(h, w, wt * (taste.align if crossing(r, c + w) else 1.0)
                 * taste.placing(r, c, h, w, rows, cols))
                for h, w, wt in shapes if w <= run and r + h <= rows]
        totals = list(accumulate(wt for _, _, wt in fits))
        h, w, _ = fits[min(len(fits) - 1, bisect(totals, rng.random() * totals[-1]))]
        placed[0] += 1
        owner[r : r + h, c : c + w] = placed[0]
        return h, w

    rects = skyline_tiling(rows, cols, choose)
    assert rects is not None  # the single cell always fits
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
                        and published_shape(u[2], u[3]))
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
        cuts = [cut for cut in cuts if all(h * w > 1 and published_shape(h, w)
                                           for h, w in (cut[2:4], cut[6:]))]
        if cuts:
            cut = cuts[int(rng.integers(len(cuts)))]
            return sorted(rects[: int(k)] + rects[int(k) + 1 :] + [cut[:4], cut[4:]])
    return rects


def _tie(a: Rect, b: Rect, p: tuple[int, int], q: tuple[int, int]) -> bool:
    """Whether two rectangles sharing a whole side, holding the clues p and q, make a second
    answer on their own: their union cut another way into two pieces, each holding one of
    the clues and of its area (two dominoes making a square, their clues on a diagonal, are
    the commonest)."""
    union = _joined(a, b)
    if union is None:
        return False
    ut, ul, uh, uw = union
    area = a[2] * a[3]
    for axis, start, length, across in ((0, ut, uh, uw), (1, ul, uw, uh)):
        if area % across:
            continue
        for cut, first in ((area // across, True), (length - area // across, False)):
            if not 0 < cut < length or ((p[axis] < start + cut) != first
                                        or (q[axis] < start + cut) == first):
                continue
            piece = (ut, ul, cut, uw) if axis == 0 else (ut, ul, uh, cut)
            if piece not in (a, b):
                return True
    return False


def joinable(rects: list[Rect], owner: np.ndarray) -> list[list[int]]:
    """Each rectangle's neighbours (indices) whose union with it is a rectangle."""
    rows, cols = owner.shape
    near: list[list[int]] = [[] for _ in rects]
    for k, (t, lft, h, w) in enumerate(rects):
        for y, x in ((t + h, lft), (t, lft + w)):  # below and to the right
            if y < rows and x < cols:
                j = int(owner[y, x])
                if _joined(rects[k], rects[j]) is not None:
                    near[k].append(j)
                    near[j].append(k)
    return near


def tied(rects: list[Rect], cells: list[tuple[int, int]], owner: np.ndarray,
         near: list[list[int]] | None = None) -> list[tuple[int, int]]:
    """The pairs of neighbouring rectangles (indices) whose clues `_tie` (`near`: the
    rectangles' `joinable` neighbours, if known): the board has a second answer there. Left
    to chance, most placements on many small pieces have one (at 10×10, eight in ten of the
    placements the solver turned down did; at 15×15, nine in ten)."""
    clue = {int(owner[cell]): cell for cell in cells}
    return [(k, j) for k, by in enumerate(near or joinable(rects, owner)) for j in by
            if k < j and _tie(rects[k], rects[j], clue[k], clue[j])]


def untying(rect: Rect, owner: np.ndarray, rects: list[Rect], near: list[list[int]],
            clue: dict[int, tuple[int, int]],
            orbit: Callable[[tuple[int, int]], Iterable[tuple[int, int]]] = lambda c: (c,)
            ) -> np.ndarray:
    """A mask of the rectangle's cells whose clue, placed with its images (`orbit`: the cells
    a clue there is placed with, itself among them), makes no two neighbouring rectangles
    `_tie` with the clues already placed (`clue`, by rectangle) or with one another: where a
    setter puts a clue so as not to leave a second answer beside it at a glance."""
    t, lft, h, w = rect
    free = np.ones((h, w), dtype=bool)
    for r in range(h):
        for c in range(w):
            here = {int(owner[cell]): cell for cell in orbit((t + r, lft + c))}
            free[r, c] = not any(
                _tie(rects[i], rects[j], cell, other)
                for i, cell in here.items() for j in near[i]
                if (other := here.get(j, clue.get(j))) is not None)
    return free


def _paired(rows: int, cols: int, symmetry: str | None
            ) -> Callable[[tuple[int, int]], tuple[tuple[int, int], ...]]:
    """A clue cell and the cell placed with it under `symmetry` (itself alone with none):
    the `orbit` `untying` reads."""
    if symmetry is None:
        return lambda cell: (cell,)
    return lambda cell: (cell, _image(cell, rows, cols, symmetry))


def _untying(allowed: np.ndarray, free: np.ndarray) -> np.ndarray:
    """The cells allowed that are `free` (`untying`), or all those allowed if none is."""
    both = allowed & free
    return both if both.any() else allowed


def _cell(rect: Rect, rng: np.random.Generator, rows: int, cols: int,
          allowed: np.ndarray | None = None, taste: Taste = PLAIN,
          placed: np.ndarray | None = None) -> tuple[int, int]:
    """A random cell of the rectangle (among `allowed`, a mask of it, when given), drawn by
    the taste's weights (`Taste.cell_weights`: `placed` marks the clues already placed)."""
    t, lft, h, w = rect
    weight = taste.cell_weights(rect, rows, cols, placed)
    if allowed is not None:
        weight = weight * allowed
    if not weight.any():  # every cell allowed is beside a clue, and the taste says never
        weight = taste.cell_weights(rect, rows, cols) * (1 if allowed is None else allowed)
    k = int(rng.choice(h * w, p=weight.reshape(-1) / weight.sum()))
    return t + k // w, lft + k % w


def clue_cells(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator,
               taste: Taste = PLAIN) -> list[tuple[int, int]]:
    """One cell per rectangle, placed one after another (`Taste.next_rectangle`, from a
    random order: so that a taste can keep clues apart, or together), where it ties with no
    clue placed before it (`untying`) if it can."""
    placed = np.zeros((rows, cols), dtype=bool)
    owner = _maps(rows, cols, rects)[1]
    near = joinable(rects, owner)
    clue: dict[int, tuple[int, int]] = {}
    cells = []
    left = rng.permutation(len(rects)).tolist()
    while left:
        k = taste.next_rectangle(left, rects, placed)
        left.remove(k)
        _, _, h, w = rects[k]
        free = _untying(np.ones((h, w), dtype=bool), untying(rects[k], owner, rects, near, clue))
        cell = _cell(rects[k], rng, rows, cols, free, taste, placed)
        placed[cell] = True
        clue[k] = cell
        cells.append(cell)
    return cells


def _image(cell: tuple[int, int], rows: int, cols: int, symmetry: str) -> tuple[int, int]:
    r, c = cell
    return ((rows - 1 - r if symmetry != "left-right" else r),
            (cols - 1 - c if symmetry != "up-down" else c))


def _image_rect(rect: Rect, rows: int, cols: int, symmetry: str) -> Rect:
    t, lft, h, w = rect
    return ((rows - t - h if symmetry != "left-right" else t),
            (cols - lft - w if symmetry != "up-down" else lft), h, w)


MIRRORS = ("left-right", "up-down", "half-turn")
"""The symmetries of a board's clues under `both` (each mirror, and the two of them)."""


def orbit_clues(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator,
                taste: Taste = PLAIN) -> list[tuple[int, int]] | None:
    """One cell per rectangle of a tiling that is its own image under both mirrors, the set
    of them so too: each rectangle in turn (`Taste.next_rectangle`) takes a cell that every
    mirror taking the rectangle to itself keeps (drawn by the taste; one whose orbit ties
    with no clue placed, `untying`, if it can), and its images the cell's images. None when
    a rectangle has no such cell."""
    index = {rect: k for k, rect in enumerate(rects)}
    owner = _maps(rows, cols, rects)[1]
    near = joinable(rects, owner)
    clue: dict[int, tuple[int, int]] = {}

    def orbit(cell: tuple[int, int]) -> set[tuple[int, int]]:
        return {cell, *(_image(cell, rows, cols, m) for m in MIRRORS)}

    placed = np.zeros((rows, cols), dtype=bool)
    cells: list[tuple[int, int]] = []
    left = rng.permutation(len(rects)).tolist()
    while left:
        k = taste.next_rectangle(left, rects, placed)
        t, lft, h, w = rects[k]
        own = [m for m in MIRRORS if _image_rect(rects[k], rows, cols, m) == rects[k]]
        kept = np.array([[all(_image((r, c), rows, cols, m) == (r, c) for m in own)
                          for c in range(lft, lft + w)] for r in range(t, t + h)])
        if not kept.any():
            return None
        if taste.beside == 0:  # nor where the cell's images would touch it, if it can help it
            touching = np.array([[any(abs(a - r) + abs(b - c) == 1 for a, b in
                                      (_image((r, c), rows, cols, m) for m in MIRRORS))
                                  for c in range(lft, lft + w)] for r in range(t, t + h)])
            kept = kept & ~touching if (kept & ~touching).any() else kept
        kept = _untying(kept, untying(rects[k], owner, rects, near, clue, orbit))
        cell = _cell(rects[k], rng, rows, cols, kept, taste, placed)
        for r, c in orbit(cell):
            placed[r, c] = True
            clue[int(owner[r, c])] = (r, c)
        cells += sorted(orbit(cell))
        taken = {index[_image_rect(rects[k], rows, cols, m)] for m in MIRRORS} | {k}
        left = [j for j in left if j not in taken]
    return cells


def symmetric_clues(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator,
                    budget: int = 2000, symmetry: str = "half-turn", taste: Taste = PLAIN,
                    place: bool = True) -> list[tuple[int, int]] | None:
    """One cell per rectangle, the set of them symmetric (`symmetry`: under the half turn or a
    mirror): the rectangles are paired (a rectangle with one its images fall in; a rectangle
    holding a cell that is its own image may pair with itself), a random perfect pairing
    found by backtracking within `budget` steps, then each pair in turn takes a cell (drawn
    by the taste; one that, with its image, ties with no clue placed, `untying`, if it can)
    and its image. None when there is no pairing (or the budget ran out); no cells, when
    not asked to `place` them (whether the tiling takes symmetric clues at all)."""
    owner = np.zeros((rows, cols), dtype=int)
    for k, (t, lft, h, w) in enumerate(rects):
        owner[t : t + h, lft : lft + w] = k
    turned = IMAGES[symmetry](owner)
    fixed = IMAGES[symmetry](np.arange(rows * cols).reshape(rows, cols)) == np.arange(
        rows * cols).reshape(rows, cols)  # the cells that are their own images
    partners = [set() for _ in rects]
    for a, b, own in zip(owner.reshape(-1).tolist(), turned.reshape(-1).tolist(),
                         fixed.reshape(-1).tolist(), strict=True):
        if a != b or own:
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
    if not place:
        return []
    cells: list[tuple[int, int]] = []
    placed = np.zeros((rows, cols), dtype=bool)
    near = joinable(rects, owner)
    clue: dict[int, tuple[int, int]] = {}
    orbit = _paired(rows, cols, symmetry)

    def room(k: int) -> int:  # the cells a clue of the rectangle may sit on
        t, lft, h, w = rects[k]
        return int((fixed if k == mate[k] else turned == mate[k])[t : t + h, lft : lft + w].sum())

    left = sorted(rng.permutation(len(rects)).tolist(), key=room)  # the least room first
    while left:
        k = taste.next_rectangle(left, rects, placed)
        other = mate[k]
        left = [j for j in left if j not in (k, other)]
        t, lft, h, w = rects[k]
        allowed = (fixed if k == other else turned == other)[t : t + h, lft : lft + w]
        free = untying(rects[k], owner, rects, near, clue, orbit)
        cell = _cell(rects[k], rng, rows, cols, _untying(allowed, free), taste, placed)
        new = [cell] if k == other else [cell, _image(cell, rows, cols, symmetry)]
        for cell in new:
            placed[cell] = True
            clue[int(owner[cell])] = cell
        cells += new
    return cells


TILINGS = 60
"""Tilings drawn, at most, until one takes a symmetric clue set (about one in fifteen does at
10×10 under the half turn; drawing one takes a millisecond or so)."""
MIRROR_ABOVE = 300
"""Boards of more cells take symmetric clues on a mirrored tiling at once: no random one
takes them (none in ten at 20×20, where looking took 0.3 s an attempt; four in ten at
15×15)."""


def tiling(rows: int, cols: int, rng: np.random.Generator,
           symmetry: str | None, taste: Taste = PLAIN) -> list[Rect] | None:
    """A random tiling with no single cell left (published boards have next to none: 0.1 %
    of Janko's 10×10 rectangles) unless none came up in TILINGS draws; with a `symmetry`,
    one on which the clues can sit so (None if none came up)."""
    cells = np.arange(rows * cols).reshape(rows, cols)
    selfless = symmetry is not None and not (IMAGES[symmetry](cells) == cells).any()
    rects: list[Rect] = []
    for _ in range(TILINGS):
        rects = merged(random_tiling(rows, cols, rng, taste), rng)
        if selfless and len(rects) % 2:
            rects = split(rects, rng)  # every rectangle needs a partner: an even count
        if any(h * w == 1 for _, _, h, w in rects):
            continue
        if symmetry is None or symmetric_clues(rows, cols, rects, rng, 200, symmetry,
                                               place=False) is not None:
            return rects
    return None if symmetry else rects


@dataclass(frozen=True)
class Aim:
    """How a setter goes about a board of one grade: how many more clues the board gets
    (the taste's area `centre` divided by `denser`), how many changes are tried to make it
    harder inside its grade (`climb`: a clue moved, or two rectangles cut again; each kept
    when the board stays of the grade and gets harder by the judge's `harder`), and the
    fewest clues it may leave to the grade's own rule after that (`floor`; on boards of
    fewer than 100 cells, that share of a hundred of its cells)."""

    denser: float = 1.0
    climb: int = 12
    floor: float = 0.0


AIMS = {"coverer": Aim(denser=0.9), "probe": Aim(denser=1.4, climb=40, floor=9)}
"""Aims that are not the plain one, by grade. Janko's 10×10 boards have 17.2 clues per
100 cells at `coverer`, 19.9 at `dual` and 24.4 at `probe` (setters of hard boards cut them
into more pieces), where tastes drawn alike give about 19 at every grade; their `probe`
boards leave 6 to 34 clues to probing (median 19), where the first placement of the grade
found leaves 3 to 25 (median 13): a setter makes a board harder, and does not publish a
board at a grade whose rule it needs for two or three clues. Climbing `dual` boards further
would take them above Janko's (median 12, the bank's at 12 climbs 15)."""
DRAWS = 4
"""Draws of a move allowed per move tried, at most (draws of a placement already tried are
not tries)."""


def _clued(rows: int, cols: int, area: np.ndarray, cells: list[tuple[int, int]]) -> Puzzle:
    clues = [[-1] * cols for _ in range(rows)]
    for r, c in cells:
        clues[r][c] = int(area[r, c])
    return Puzzle(rows, cols, tuple(map(tuple, clues)))


def moved(cells: list[tuple[int, int]], rects: list[Rect], owner: np.ndarray,
          rng: np.random.Generator, symmetry: str | None, taste: Taste = PLAIN,
          at: int | None = None, near: list[list[int]] | None = None
          ) -> list[tuple[int, int]]:
    """The clue cells with one of them (the one `at`, else one at random) drawn again inside
    its rectangle, by the taste (and, with a `symmetry`, its partner moved with it, the pair
    still images of each other), where it ties with no other clue (`untying`) if it can
    (`near`: the rectangles' `joinable` neighbours, if known)."""
    rows, cols = owner.shape
    out = list(cells)
    k = int(rng.integers(len(out))) if at is None else at
    mine = int(owner[out[k]])
    image = _image(out[k], rows, cols, symmetry) if symmetry else out[k]
    placed = np.zeros((rows, cols), dtype=bool)
    for cell in out:
        placed[cell] = cell not in (out[k], image)
    if symmetry is not None and image == out[k]:
        return out  # on its own image: it stays there (a rare move lost)
    t, lft, h, w = rects[mine]
    clue = {int(owner[cell]): cell for cell in out if cell not in (out[k], image)}
    free = untying(rects[mine], owner, rects, near or joinable(rects, owner), clue,
                   _paired(rows, cols, symmetry))
    if symmetry is None:
        out[k] = _cell(rects[mine], rng, rows, cols, _untying(np.ones((h, w), dtype=bool), free),
                       taste, placed)
        return out
    turned = IMAGES[symmetry](owner)[t : t + h, lft : lft + w] == int(owner[image])
    out[k] = _cell(rects[mine], rng, rows, cols, _untying(turned, free), taste, placed)
    out[out.index(image)] = _image(out[k], rows, cols, symmetry)
    return out


UNTIE = 2
"""Tries per rectangle to untie a placement (`untied`)."""


def untied(cells: list[tuple[int, int]], rects: list[Rect], rng: np.random.Generator,
           symmetry: str | None, taste: Taste = PLAIN
           ) -> tuple[list[tuple[int, int]], list[Rect]]:
    """The clue cells and the tiling with each two rectangles `tied` set apart, as a setter
    who sees a second answer there at a glance: one of their clues drawn again (with its
    partner under the `symmetry`; an orbit under both mirrors is not moved) or the two cut
    again (`recut`), at random, until none are tied or UNTIE tries a rectangle are spent.
    Left to chance, ties sink most placements on many small pieces, and the more so the
    larger the board: the boards that came out unique were those of few small pieces (at
    15×15, 15 % of their rectangles of area 2–3, Janko's 27 %)."""
    rows = max(t + h for t, _, h, _ in rects)
    cols = max(lft + w for _, lft, _, w in rects)
    owner = _maps(rows, cols, rects)[1]
    near = joinable(rects, owner)
    for _ in range(UNTIE * len(rects)):
        pairs = tied(rects, cells, owner, near)
        if not pairs:
            break
        pair = pairs[int(rng.integers(len(pairs)))]
        if symmetry != "both" and rng.random() < 0.5:
            mine = pair[int(rng.integers(2))]
            at = next(i for i, cell in enumerate(cells) if owner[cell] == mine)
            cells = moved(cells, rects, owner, rng, symmetry, taste, at, near)
        elif (cut := recut(rects, cells, rng, taste, pair)) is not None:
            rects = cut
            owner = _maps(rows, cols, rects)[1]
            near = joinable(rects, owner)
    return cells, rects


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """One attempt: a tiling and up to PLACEMENTS clue placements; the first that is of the
    grade asked (the hardest, made harder still: `Aim`), else the first acceptable one, else
    None. (Every number is needed: the style only says whether the clues may sit symmetric —
    most published boards' do, `SYMMETRY`.) Where no random tiling takes symmetric clues
    (large boards), a mirrored tiling does, and each placement's rectangles are then redrawn
    around its clues (`unmirrored`). In the published style each attempt has a setter's
    taste of its own (`drawn`), in the minimal style the plain one."""
    symmetry = None
    taste = PLAIN
    aim = AIMS.get(judge.target or "", Aim())
    if judge.style == "published":
        draw = rng.random()
        for kind, share in SYMMETRY.items():
            if draw < share:
                symmetry = kind
                break
            draw -= share
        if symmetry == "both" and min(rows, cols) < 2:
            symmetry = "half-turn"  # a line has no halves to mirror it by
        taste = drawn(rng, rows * cols, aim.denser, symmetry)
    at_random = symmetry != "both" and (symmetry is None or rows * cols <= MIRROR_ABOVE)
    base = tiling(rows, cols, rng, symmetry, taste) if at_random else None
    mirrored = base is None and symmetry is not None
    if mirrored:
        base = mirrored_tiling(rows, cols, rng, symmetry, taste)
    if base is None:
        return None
    first = None
    best: tuple[float, Puzzle, list[tuple[int, int]], list[Rect]] | None = None
    for _ in range(PLACEMENTS):
        cells = (orbit_clues(rows, cols, base, rng, taste) if symmetry == "both"
                 else symmetric_clues(rows, cols, base, rng, symmetry=symmetry, taste=taste)
                 if symmetry else clue_cells(rows, cols, base, rng, taste))
        if cells is None:
            continue
        rects = unmirrored(base, cells, rng, taste) if mirrored else base
        cells, rects = untied(cells, rects, rng, symmetry, taste)
        puzzle = _clued(rows, cols, _maps(rows, cols, rects)[0], cells)
        if not judge.accept(puzzle):
            continue
        if judge.hits is None or judge.hits(puzzle):
            if judge.harder is None:
                return puzzle
            height = judge.harder(puzzle)
            if best is None or height > best[0]:
                best = (height, puzzle, cells, rects)
            continue
        first = first or puzzle
    if best is None:
        return first
    _, puzzle, cells, rects = best
    puzzle, height = climbed(puzzle, cells, rects, rng, judge, symmetry, taste, aim.climb)
    return puzzle if height >= aim.floor * min(1, rows * cols / 100) else first


def _maps(rows: int, cols: int, rects: list[Rect]) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's rectangle's area, and its rectangle's index."""
    area = np.zeros((rows, cols), dtype=int)
    owner = np.zeros((rows, cols), dtype=int)
    for k, (t, lft, h, w) in enumerate(rects):
        area[t : t + h, lft : lft + w] = h * w
        owner[t : t + h, lft : lft + w] = k
    return area, owner


def _strips(length: int, rng: np.random.Generator, taste: Taste = PLAIN) -> list[int]:
    """A line of `length` cells cut into strips of the lengths published boards use (no single
    cell unless the line is one: Janko's larger boards have none)."""
    out: list[int] = []
    while (left := length - sum(out)) > 0:
        fits = [w for w in range(2, left + 1) if published_shape(1, w) and left - w != 1
                ] or [left]
        weights = np.array([taste.weight(1, w) or 1.0 for w in fits])
        out.append(fits[int(rng.choice(len(fits), p=weights / weights.sum()))])
    return out


def mirrored_tiling(rows: int, cols: int, rng: np.random.Generator,
                    symmetry: str, taste: Taste = PLAIN) -> list[Rect]:
    """A tiling that is its own image under the symmetry: one half tiled at random (under
    `both`, itself mirrored left to right) and mirrored, the middle line of an odd board cut
    into strips that are images of each other (or their own); symmetric clues always fit it
    (each rectangle pairs with its image)."""
    turned = symmetry != "left-right"  # the rows are cut in half, else the columns
    long, short = (rows, cols) if turned else (cols, rows)  # the side cut in half, the other
    size = (rows // 2, cols) if turned else (rows, cols // 2)
    half = (mirrored_tiling(*size, rng, "left-right", taste) if symmetry == "both"
            else merged(random_tiling(*size, rng, taste), rng))
    rects = list(half)
    if long % 2:  # the middle line: strips, mirrored along it unless the mirror keeps it
        m = long // 2
        line = _strips(short, rng, taste)
        if symmetry in ("half-turn", "both"):  # the line its own image end to end
            centre = 3 if short % 2 else 2 * int(rng.integers(0, 2)) * (symmetry != "both")
            centre = min(centre, short)  # no lone centre cell, nor one on no cell of its own
            side = _strips((short - centre) // 2, rng, taste)
            line = side + ([centre] if centre else []) + side[::-1]
        at = 0
        for w in line:
            rects.append((m, at, 1, w) if turned else (at, m, w, 1))
            at += w
    for t, lft, h, w in half:
        rects.append(_image_rect((t, lft, h, w), rows, cols,
                                 "up-down" if symmetry == "both" else symmetry))
    return sorted(rects)


def recut(rects: list[Rect], cells: list[tuple[int, int]], rng: np.random.Generator,
          taste: Taste = PLAIN, pair: tuple[int, int] | None = None,
          meet: float | None = None) -> list[Rect] | None:
    """The tiling (one clue cell in each rectangle) with two neighbours whose union is a
    rectangle (the `pair` given, by index, else drawn) cut again across it, anywhere that
    parts their two clues into shapes published boards use and leaves them no `_tie` (drawn
    by the taste's weights, `align` times likelier for each end of the cut that makes four
    rectangles meet); None when the rectangle drawn has no such neighbour or cut."""
    rows = max(t + h for t, _, h, _ in rects)
    cols = max(lft + w for _, lft, _, w in rects)
    _, owner = _maps(rows, cols, rects)
    if pair is None:
        k = int(rng.integers(len(rects)))
        t, lft, h, w = rects[k]
        beside = {int(owner[y, x]) for y, x in ((t - 1, lft), (t + h, lft), (t, lft - 1),
                                                  (t, lft + w))
                  if 0 <= y < rows and 0 <= x < cols}
        unions = [(j, u) for j in beside if (u := _joined(rects[k], rects[j])) is not None]
        if not unions:
            return None
        j, (ut, ul, uh, uw) = unions[int(rng.integers(len(unions)))]
    else:
        (k, j), joined = pair, _joined(rects[pair[0]], rects[pair[1]])
        assert joined is not None
        ut, ul, uh, uw = joined
    (r1, c1), (r2, c2) = [c for c in cells if ut <= c[0] < ut + uh and ul <= c[1] < ul + uw]
    cuts = [((ut, ul, a, uw), (ut + a, ul, uh - a, uw)) for a in range(1, uh)
            if (r1 < ut + a) != (r2 < ut + a)]
    cuts += [((ut, ul, uh, a), (ut, ul + a, uh, uw - a)) for a in range(1, uw)
             if (c1 < ul + a) != (c2 < ul + a)]

    def ends(a: Rect) -> tuple[tuple[int, int], tuple[int, int]]:  # a's clue first
        inside = a[0] <= r1 < a[0] + a[2] and a[1] <= c1 < a[1] + a[3]
        return ((r1, c1), (r2, c2)) if inside else ((r2, c2), (r1, c1))

    def meets(a: Rect) -> int:  # the four-way crossings at the ends of the cut after a
        if a[3] == uw:  # across: the ends on the union's left and right sides
            y = ut + a[2]
            beyond = ((y - 1, ul - 1), (y, ul - 1)), ((y - 1, ul + uw), (y, ul + uw))
        else:
            x = ul + a[3]
            beyond = ((ut - 1, x - 1), (ut - 1, x)), ((ut + uh, x - 1), (ut + uh, x))
        return sum(all(0 <= y < rows and 0 <= x < cols for y, x in (p, q))
                   and owner[p] != owner[q] for p, q in beyond)  # the line goes on there

    weights = np.array([taste.weight(a[2], a[3]) * taste.weight(b[2], b[3])
                        * (taste.align if meet is None else meet) ** meets(a)
                        if a[2] * a[3] > 1 < b[2] * b[3] and not _tie(a, b, *ends(a)) else 0.0
                        for a, b in cuts])
    if not weights.any():
        return None
    cut = cuts[int(rng.choice(len(cuts), p=weights / weights.sum()))]
    return sorted([r for i, r in enumerate(rects) if i not in (j, k)] + list(cut))


UNMIRROR_MEET = 0.3
"""How much likelier a cut redrawn to unmirror a tiling makes four rectangles meet at an end
(`recut`'s `meet`, in place of the taste's `align`). A mirrored tiling's halves meet along a
line straight across the board, and four rectangles meet wherever the edges of the two
halves fall together: drawn alike, 20×20 boards had 2.5 such crossings per 100 cells,
Janko's boards of 300 cells or more 1.2 (`dual`) to 1.9 (`probe`); so, 1.4 and 2.1."""


def unmirrored(rects: list[Rect], cells: list[tuple[int, int]], rng: np.random.Generator,
               taste: Taste = PLAIN) -> list[Rect]:
    """The tiling redrawn around its clues: `recut`, two tries a rectangle, leaving few
    crossings (`UNMIRROR_MEET`) — a mirrored tiling, unmirrored."""
    for _ in range(2 * len(rects)):
        rects = recut(rects, cells, rng, taste, meet=UNMIRROR_MEET) or rects
    return sorted(rects)


def climbed(puzzle: Puzzle, cells: list[tuple[int, int]], rects: list[Rect],
            rng: np.random.Generator, judge: Judge, symmetry: str | None,
            taste: Taste = PLAIN, climb: int = Aim.climb) -> tuple[Puzzle, float]:
    """The board, and how hard it is inside its grade, after `climb` tries to change it, each
    kept when the board stays of the grade asked and gets harder inside it: a clue moved
    inside its rectangle (by the taste) or two rectangles cut again between their clues
    (`recut`: the numbers change, the clues stay where they are, their symmetry too). A
    board tried once is not tried again (a taste that keeps clues in a few cells draws the
    same ones often; a few draws more are allowed for them)."""
    assert judge.harder is not None and judge.hits is not None
    height = judge.harder(puzzle)
    seen = {(frozenset(cells), frozenset(rects))}
    tries = 0
    for _ in range(DRAWS * climb):
        if symmetry != "both" and rng.random() < 0.5:  # (a clue's orbit is not moved)
            trial, tiles = moved(cells, rects, _maps(puzzle.rows, puzzle.cols, rects)[1], rng,
                                 symmetry, taste), rects
        else:
            trial, tiles = cells, recut(rects, cells, rng, taste) or rects
        if (frozenset(trial), frozenset(tiles)) in seen:
            continue
        seen.add((frozenset(trial), frozenset(tiles)))
        board = _clued(puzzle.rows, puzzle.cols, _maps(puzzle.rows, puzzle.cols, tiles)[0],
                       trial)
        if judge.accept(board) and judge.hits(board) and (h := judge.harder(board)) > height:
            puzzle, cells, rects, height = board, trial, tiles, h
        tries += 1
        if tries == climb:
            break
    return puzzle, height


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    return degenerate(len(answer.rects()), 0, 0)
