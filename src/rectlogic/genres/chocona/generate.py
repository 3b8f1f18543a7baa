"""Chocona boards as published ones look. Each board draws a setter's taste of its own
(`Taste`): Janko's boards come from many setters, and what gave ours away was less any mean
than that they were all alike. Legal answers are exactly packings of rectangles that do not
touch along an edge: darts of the shapes in Janko's answers are thrown, each put where it
nestles closest among a few places and kept where it touches no other along an edge, then
rectangles are grown a row or a column at a time while the window rule holds (some edge
rows given back and the middle grown again), until the answer is as dense as Janko's (about
59 % shaded). Regions are grown across the answer to sizes drawn about the taste's scale,
and shaded cells passed across their borders until their counts spread no more than the
setter's (`balanced`: Janko's numbers keep to 2, 3 and 4); every region with a shaded cell
is numbered from the answer (those without too, if the setter shows 0s); while a second
answer exists a cell where the two differ moves to a neighbouring region, then regions are
merged while the board stays acceptable (first those a player reads at a glance: one cell,
one whole rectangle, none shaded) and balanced again, some regions a cell or two from a
rectangle made one (`squared`), and numbers thinned down to the taste's share, the odd ones
first (`generating.STYLES` in the minimal style). The earlier generator — regions along the
answer's rectangles, blended across them (`answer_board`, `blend`) — makes the scaling
benchmark's first candidates; `raw_board` is the stream for experiments: any partition,
every region numbered."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from ...grid import NO_CLUE, label_pieces, neighbour_sum, piece_labels
from ..generating import SMALL_CELLS, Judge, degenerate, thin
from ..kits.shaded import darts
from .model import Answer, Puzzle, make_puzzle


def dart_packing(rows: int, cols: int, rng: np.random.Generator, max_rect: int = 4) -> np.ndarray:
    shapes = ((int(rng.integers(1, max_rect + 1)), int(rng.integers(1, max_rect + 1)))
              for _ in range(2 * rows * cols))
    return darts(rows, cols, rng, shapes)


def _regions(pieces: np.ndarray, rng: np.random.Generator, max_size: int,
             apart: np.ndarray | None = None) -> list[list[int]]:
    """Merge pieces (initial labels) at random across their borders into regions of at most
    max_size cells; pieces themselves are never cut, and cells on different sides of `apart`
    (a boolean grid) are never joined."""
    rows, cols = pieces.shape
    label = {int(v): int(v) for v in np.unique(pieces)}
    size = {int(v): int((pieces == v).sum()) for v in np.unique(pieces)}

    def root(v: int) -> int:
        while label[v] != v:
            v = label[v]
        return v

    borders = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    borders += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    for k in rng.permutation(len(borders)):
        (a, b) = borders[k]
        if apart is not None and apart[a] != apart[b]:
            continue
        ra, rb = root(int(pieces[a])), root(int(pieces[b]))
        if ra != rb and size[ra] + size[rb] <= max_size:
            label[rb] = ra
            size[ra] += size[rb]
    return [[root(int(v)) for v in row] for row in pieces]


def _numbered(labels: list[list[int]], shaded: np.ndarray,
              zeros: bool = True) -> tuple[Puzzle, Answer]:
    """Every region numbered from the answer (`zeros`: those with no shaded cell too)."""
    base = make_puzzle(labels, [[NO_CLUE] * len(labels[0]) for _ in labels])
    clues = tuple(int(v) if v or zeros else NO_CLUE for v in _held(base.region_array, shaded))
    puzzle = Puzzle(base.rows, base.cols, base.regions, clues)
    return puzzle, Answer(tuple(tuple(int(v) for v in row) for row in shaded))


def _held(labels: np.ndarray, shaded: np.ndarray) -> np.ndarray:
    """The shaded cells each region (labelled 0, 1, …) holds."""
    return np.bincount(labels.reshape(-1), weights=shaded.reshape(-1),
                       minlength=int(labels.max()) + 1).astype(int)


def answer_board(rows: int, cols: int, rng: np.random.Generator,
                 max_size: int = 8) -> tuple[Puzzle, Answer]:
    """Regions drawn along the answer's rectangle boundaries: each shaded rectangle is a
    region of its own, and the unshaded cells merge into regions of at most max_size. Fully
    numbered, the board is settled by the tallies alone; thinning makes it a puzzle."""
    shaded = dart_packing(rows, cols, rng)
    cells = np.arange(rows * cols).reshape(rows, cols)
    pieces = label_pieces(np.where(shaded, -1, cells).tolist())  # each rectangle one piece
    return _numbered(_regions(np.array(pieces), rng, max_size, apart=shaded), shaded)


REACH = 3
"""How far past its size a region grows to reach a shaded cell (`published_regions`)."""


def grown_regions(rows: int, cols: int, rng: np.random.Generator, max_size: int,
                  draw: Callable[[], int] | None = None,
                  toward: np.ndarray | None = None, blocky: float = 0.0) -> list[list[int]]:
    """The write-ups' partition: each region draws a target size uniformly from 1..max_size
    (or from `draw`) and grows from a random free cell into random free edge-neighbours until
    it reaches the target or cannot grow. With `toward` (a boolean grid), a region that has
    no such cell yet grows into one when it can, up to REACH cells past its target. Each
    step keeps inside the region's bounding box, where it can, with chance `blocky`, or
    leaves it with chance −`blocky` (some setters draw boxy regions, others winding ones)."""
    label = np.full((rows, cols), -1)
    k = 0
    while (free := np.argwhere(label < 0)).size:
        r, c = (int(v) for v in free[rng.integers(len(free))])
        target = draw() if draw else int(rng.integers(1, max_size + 1))
        label[r, c] = k
        edge = {(r, c)}
        size = 1
        while size < target or (toward is not None and size < target + REACH
                                and not any(toward[a, b] for a, b in edge)):
            around = sorted({(y, x) for a, b in edge
                             for y, x in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1))
                             if 0 <= y < rows and 0 <= x < cols and label[y, x] < 0})
            if not around:
                break
            if toward is not None and not any(toward[a, b] for a, b in edge):
                around = [(y, x) for y, x in around if toward[y, x]] or around
            elif rng.random() < abs(blocky):
                (top, left), (bottom, right) = np.min(list(edge), 0), np.max(list(edge), 0)
                around = [(y, x) for y, x in around
                          if (top <= y <= bottom and left <= x <= right) == (blocky > 0)
                          ] or around
            y, x = around[rng.integers(len(around))]
            label[y, x] = k
            edge.add((y, x))
            size += 1
        k += 1
    return label.tolist()


def raw_board(rows: int, cols: int, rng: np.random.Generator, max_size: int = 6,
              max_rect: int = 3, grown: bool = False) -> tuple[Puzzle, Answer]:
    """The experiments' stream: a random partition into regions of up to max_size cells (by
    merging cells across random borders, or `grown` as the write-ups did), a dart packing
    with rectangles up to max_rect, every region numbered."""
    shaded = dart_packing(rows, cols, rng, max_rect)
    if grown:
        return _numbered(grown_regions(rows, cols, rng, max_size), shaded)
    cells = np.arange(rows * cols).reshape(rows, cols)
    return _numbered(_regions(cells, rng, max_size), shaded)


# -- boards as published ones look ------------------------------------------------------------

SHADED_SHAPES = {(1, 1): 22.4, (1, 2): 14.8, (2, 3): 10.7, (1, 3): 9.4, (2, 2): 8.3, (2, 4): 4.7,
                 (1, 4): 4.6, (3, 3): 4.4, (3, 4): 4.1, (2, 5): 3.2, (1, 5): 1.9, (3, 5): 1.8,
                 (2, 6): 1.7, (1, 6): 1.5, (4, 4): 1.3, (3, 6): 1.1, (2, 7): 0.6, (4, 5): 0.5,
                 (1, 7): 0.5, (5, 5): 0.3, (3, 7): 0.3}
"""The shaded rectangles of Janko's 10×10 Chocona by shape (short side, long side), in %."""
REGION_SIZES = {1: 3.8, 2: 9.4, 3: 14.4, 4: 19.8, 5: 18.5, 6: 14.7, 7: 9.0, 8: 5.3, 9: 2.7,
                10: 0.9, 11: 0.4, 12: 0.5}
"""The regions of Janko's 10×10 Chocona by size, in %."""
DARTS, GROWTH, REGROWTH = 3, 3, 2
"""Darts thrown per cell, growth moves per cell, and growth moves per cell after shaving."""


SPREAD, SPREAD_SCATTER = 1.15, 0.28
"""The setters' spreads of counts (`Taste.spread`): the middle one, and the standard
deviation of their logarithm. Janko's 10×10s spread 1.33 in the middle (quartiles 1.13 and
1.6), but balancing stops as soon as a board is under its setter's: aimed at 1.15, 48
`nested` 10×10s were told from his 0.61 of the time (0.69 at 1.33, 0.72 at 1.0) and 48
`probe` ones 0.69 (0.76 at 1.33)."""


LARGER_SIZES = {1: 4.1, 2: 28.1, 3: 15.6, 4: 9.9, 5: 10.4, 6: 10.0, 7: 9.1, 8: 8.1, 9: 4.2,
                10: 0.2, 11: 0.2, 13: 0.1}
"""The regions of Janko's Chocona above 10×10 (23 boards, 12×12 to 17×17) by size, in %:
more and finer ones than on his 10×10s, a third of them two cells."""


@dataclass(frozen=True)
class Setters:
    """The hands a range of sizes is drawn by (`setter` draws one taste from them). Janko's
    boards above 10×10 are not his 10×10s scaled up: their regions are finer (4.3 cells a
    region against 5; a third of them two cells), every one shows 0s (14 % of its numbers
    against 3 %), their numbers spread wider (1.95 about their mean against 1.33), fewer
    cells are shaded (53 % against 59 %) and none has a very large room. Drawn with the
    10×10s' setters, the bank's larger boards were told from his every time. The defaults
    are the 10×10s' (`TENS`)."""

    fine: float = 1.0
    """How far the setters spread along the fine trait (regions: many and small, boxy,
    0s shown), as a standard deviation."""
    coarse: float = 1.0
    """How far they spread along the coarse trait (larger rectangles, fewer numbers)."""
    huge: float = 0.12
    """The share of setters whose large room is very large (12 to 36 cells)."""
    least_shaded: float = 0.55
    """The shaded share below which an answer is packed again (`dense_packing`)."""
    sizes: dict[int, float] = field(default_factory=lambda: REGION_SIZES)
    """The region sizes drawn (`published_regions`), in %."""
    narrow: float = 0.55
    """How far a board's region sizes spread about their mean, as a share of the spread of
    `sizes` (a board's own spread is narrower: the rest is the setters' different scales)."""
    cells_per_region: float = 5.5
    """The cells per region merging stops at (`coarsen`), times the taste's scale: past
    Janko's 5 on his 10×10s, as merges are refused short of it and balancing trims the
    larger regions."""
    numbered: float = 0.87
    """The middle setter's least share of numbers kept (`Taste.numbered`)."""
    zeros: float = 0.17
    """The middle setter's chance of showing 0s (`Taste.zeros`)."""
    spread: float = SPREAD
    """The middle setter's spread of counts (`Taste.spread`)."""
    scatter: float = SPREAD_SCATTER
    """The standard deviation of the logarithm of the setters' spreads."""
    blind: bool = False
    """Whether a setter who shows 0s lets regions miss the shading (`Taste.seeks_shade`):
    on Janko's larger boards a region in nine holds no shaded cell."""
    squared: float = 0.3
    """The share of the regions `squared` looks at (those a cell or two from a rectangle
    it makes one): at 0.3 the 10×10s' rectangles went from 25 % of the regions to 27–28 %
    (Janko's 31 %), and the classifier over 240 fresh 10×10s from 0.76–0.77 to 0.74–0.76;
    0.5 told them apart no less often."""


TENS = Setters()
"""The setters of 10×10 boards and smaller."""
LARGER = Setters(fine=1.5, coarse=0.5, huge=0.0, least_shaded=0.52, sizes=LARGER_SIZES,
                 narrow=1.0, cells_per_region=4.3, numbered=0.95, zeros=0.3, spread=2.5,
                 scatter=0.4, blind=True, squared=0.0)
"""The setters of boards above SMALL_CELLS cells, drawn to Janko's 12×12 to 17×17 (`Setters`).
Their balancing aims at a spread of 2.5 since it stops as soon as a board is under its
setter's; 0s are shown by three setters in ten, not all (0 among the numbers is bounded
over all sizes together, where the 10×10s are most of Janko's). They do not square
regions (`squared`): 42 % of the regions of the bank's larger boards are rectangles, near
his 46 %."""


@dataclass(frozen=True)
class Taste:
    """One setter's hand, drawn afresh for each board (`setter`). Janko's boards come from
    many setters and differ from one another far more than boards made with fixed settings:
    across his 10×10 boards the mean shaded rectangle spreads 2.4 times as far as it did here,
    the largest region 3 times, the mean region size and the share of rectangular regions
    1.6 times; that sameness, more than any mean, told our boards from his. The defaults are
    the middle setter."""

    region_scale: float = 1.0
    """Region sizes (Janko's, drawn) and the cells per region merging stops at, times this."""
    big_region: int = 0
    """A region grown to this size first (a setter's one large room: Janko's largest
    region is 9 or 10 cells on most boards, 16 or more on one in twenty); 0: none."""
    blocky: float = 0.3
    """How often a growing region keeps to its bounding box (below 0: leaves it;
    `grown_regions`)."""
    shape_tilt: float = 0.5
    """Darts' shapes drawn from Janko's weighted by area to this power: larger, fewer
    rectangles as it grows."""
    largest_rect: int = 24
    """The largest rectangle growth makes."""
    looks: int = 6
    """Places each dart is looked at in before it is put where it nestles closest
    (`nestled_darts`): a setter packing tight or loose."""
    shave: float = 0.25
    """The chance a rectangle on the board's edge gives that edge's row or column back
    before growing again inward (growth fills the edge, where no lane is needed, so the
    edge came out more shaded than the middle: 41 % of shaded cells against Janko's 37 %)."""
    numbered: float = 0.85
    """The share of numbers thinning keeps at least, in the published style."""
    zeros: bool = False
    """Unshaded regions kept as they come, their 0s thinned like any number (one setter in
    four of Janko's shows a 0 at all); else merged away where the board allows, and 0s
    thinned first."""
    spread: float = SPREAD
    """How far the regions' counts of shaded cells spread about their mean at most (their
    standard deviation; `balanced`, `SPREAD`)."""
    of: Setters = TENS
    """The setters this taste was drawn from."""

    @property
    def seeks_shade(self) -> bool:
        """Whether regions reach for a shaded cell while they have none (`published_regions`)."""
        return not (self.zeros and self.of.blind)


def setter(rng: np.random.Generator, setters: Setters = TENS) -> Taste:
    """A taste drawn from `setters` to spread as Janko's boards do. Two traits run through
    his: fine regions (more and smaller regions, more of them rectangles, more 0s) and
    coarse shading (larger rectangles, more shaded cells, fewer numbers)."""
    fine, coarse, *own = rng.normal(size=8)
    fine, coarse = fine * setters.fine, coarse * setters.coarse
    return Taste(
        region_scale=float(np.exp(-0.17 * fine + 0.08 * own[0])),
        big_region=(int(rng.integers(8, 12)) if rng.random() > setters.huge
                    else int(np.exp(rng.uniform(np.log(12), np.log(37))))),
        blocky=float(np.clip(0.3 + 0.6 * (0.6 * fine + 0.8 * own[1]), -0.8, 0.95)),
        shape_tilt=float(0.3 + 0.45 * coarse),
        largest_rect=int(np.clip(round(17 * np.exp(0.3 * coarse + 0.2 * own[2])), 9, 100)),
        shave=float(np.clip(0.2 + 0.15 * own[3], 0, 0.7)),
        looks=int(rng.integers(3, 13)),
        numbered=float(np.clip(setters.numbered - 0.05 * coarse + 0.07 * own[4], 0.6, 1.0)),
        zeros=bool(rng.random() < setters.zeros + 0.08 * fine),
        spread=float(setters.spread * np.exp(setters.scatter * own[5])),
        of=setters)


def shaded_shapes(rng: np.random.Generator, count: int,
                  tilt: float = 0.5) -> list[tuple[int, int]]:
    """`count` shapes drawn from Janko's, each turned either way, weighted by area to the
    power `tilt` (placed darts favour small shapes, which fit anywhere: √area gives Janko's
    mix)."""
    shapes = [(h, w) for a, b in SHADED_SHAPES for h, w in {(a, b), (b, a)}]
    weight = np.array([SHADED_SHAPES[min(h, w), max(h, w)] * (h * w) ** tilt / (1 if h == w else 2)
                       for h, w in shapes])
    return [shapes[int(k)] for k in rng.choice(len(shapes), size=count, p=weight / weight.sum())]


def legal(shaded: np.ndarray) -> bool:
    """Every shaded clump a rectangle: no 2×2 window holds exactly three shaded cells."""
    window = (shaded[:-1, :-1].astype(np.int8) + shaded[1:, :-1] + shaded[:-1, 1:]
              + shaded[1:, 1:])
    return not (window == 3).any()


def clumps(shaded: np.ndarray) -> np.ndarray:
    rows, cols = shaded.shape
    return piece_labels(rows, cols, (shaded[:, :-1] & shaded[:, 1:]).reshape(-1),
                        (shaded[:-1, :] & shaded[1:, :]).reshape(-1))


def _block(shaded: np.ndarray, r: int, c: int) -> list[int]:
    """The shaded rectangle holding cell (r, c) of a legal answer, as [top, bottom, left,
    right) bounds: its clump is a rectangle, so the runs through the cell give it."""
    top, bottom, left, right = r, r + 1, c, c + 1
    while top > 0 and shaded[top - 1, c]:
        top -= 1
    while bottom < shaded.shape[0] and shaded[bottom, c]:
        bottom += 1
    while left > 0 and shaded[r, left - 1]:
        left -= 1
    while right < shaded.shape[1] and shaded[r, right]:
        right += 1
    return [top, bottom, left, right]


def dense_packing(rows: int, cols: int, rng: np.random.Generator,
                  taste: Taste = Taste()) -> np.ndarray:
    """An answer packed as densely as Janko's (about 59 % shaded): darts of Janko's shapes,
    then rectangles grown a row or column at a time where the window rule allows (darts
    alone leave gaps; growing closes them to the one-cell lanes published answers have);
    then rectangles on the edge shaved and grown again, inward only. Packed again, up to
    PACKINGS times, while less of it is shaded than the setters' least (Janko's boards
    never are)."""
    largest = max(LEAST_LARGEST, round(taste.largest_rect * (100 / (rows * cols)) ** MAX_SCALING))
    for _ in range(PACKINGS):
        shaded = nestled_darts(rows, cols, rng,
                               shaded_shapes(rng, DARTS * rows * cols, taste.shape_tilt),
                               taste.looks)
        shaded = _grown(shaded, rng, largest, GROWTH * rows * cols)
        if taste.shave:
            shaded = _grown(_shaved(shaded, rng, taste.shave), rng, largest,
                            REGROWTH * rows * cols, to_edge=False)
        if shaded.mean() >= taste.of.least_shaded:
            break
    return shaded


PACKINGS = 6
"""Packings tried per answer."""
MAX_SCALING, LEAST_LARGEST = 0.2, 6
"""The taste's largest rectangle is for a 10×10, times (100 / cells) to this power on
other sizes (more rectangles reach further up: Janko's 12×12 and larger boards have no
larger rectangles than his 10×10s), and never below LEAST_LARGEST cells."""


def nestled_darts(rows: int, cols: int, rng: np.random.Generator,
                  shapes: Iterable[tuple[int, int]], looks: int) -> np.ndarray:
    """Darts as `kits.shaded.darts` throws them (kept where they touch no shaded cell along
    an edge), each looked at in up to `looks` random places and put where it nestles
    closest: most shaded cells just past its one-cell lanes and at its corners (single
    cells, which nestle anywhere, look in a third as many: else every crevice gets one). Thrown
    blindly, darts jam loose (about 52 % shaded, three all-white 2×2 windows a 10×10);
    setters pack tighter, many small rectangles a lane apart (Janko's: 59 %, 1.5)."""
    shaded = np.zeros((rows + 4, cols + 4), dtype=bool)  # two cells of margin
    cells, reach = BoxSums(shaded), BoxSums(_reach(shaded))
    fits = [(h, w) for h, w in shapes if h <= rows and w <= cols]
    tries = [looks if h * w > 1 else 1 + looks // 3 for h, w in fits]
    # every place drawn in one call, row then column per look: the same numbers as a call
    # per draw (numpy's bounded draws take the same bits however they are batched)
    places = iter(rng.integers(2, np.repeat([(rows - h + 3, cols - w + 3) for h, w in fits],
                                            tries, axis=0).reshape(-1)).tolist())
    for (h, w), looked in zip(fits, tries, strict=True):
        best = None
        for _ in range(looked):
            r, c = next(places), next(places)
            if reach(r, r + h, c, c + w):  # it or a strip along its sides is shaded
                continue
            near = (cells(r, r + h, c - 2, c - 1) + cells(r, r + h, c + w + 1, c + w + 2)
                    + cells(r - 2, r - 1, c, c + w) + cells(r + h + 1, r + h + 2, c, c + w)
                    + cells(r - 1, r, c - 1, c) + cells(r - 1, r, c + w, c + w + 1)
                    + cells(r + h, r + h + 1, c - 1, c) + cells(r + h, r + h + 1, c + w, c + w + 1))
            if best is None or near > best[0]:
                best = (near, r, c)
        if best is not None:
            _, r, c = best
            shaded[r : r + h, c : c + w] = True
            cells, reach = BoxSums(shaded), BoxSums(_reach(shaded))
    return shaded[2:-2, 2:-2]


class BoxSums:
    """The true cells of a grid counted over any box in four look-ups (a summed-area table,
    as plain lists: `nestled_darts` looks at thousands of places between two darts). The
    Python-side twin of `grid.prefix_sums`, which only compiled rules call (from Python it
    would be compiled at first use in every worker)."""

    __slots__ = ("table",)

    def __init__(self, grid: np.ndarray) -> None:
        table = np.zeros((grid.shape[0] + 1, grid.shape[1] + 1), dtype=np.int64)
        table[1:, 1:] = grid.cumsum(0).cumsum(1)
        self.table = table.tolist()

    def __call__(self, top: int, bottom: int, left: int, right: int) -> int:
        t = self.table
        return t[bottom][right] - t[top][right] - t[bottom][left] + t[top][left]


def _reach(shaded: np.ndarray) -> np.ndarray:
    """Cells shaded or beside a shaded cell along an edge: a box holds none of them exactly
    when neither it nor the strips along its sides (not its corners) hold a shaded cell."""
    return shaded | neighbour_sum(np.pad(shaded, 1))


def _grown(shaded: np.ndarray, rng: np.random.Generator, largest: int, moves: int,
           to_edge: bool = True) -> np.ndarray:
    """`moves` tries at growing a random rectangle by a row or column on a random side, each
    kept where the window rule holds and the rectangle stays within `largest` cells (and,
    unless `to_edge`, off the board's edge where it was not on it)."""
    rows, cols = shaded.shape
    edge = (0, rows, 0, cols)
    shaded = shaded.copy()
    cells = np.argwhere(shaded)
    for _ in range(moves):
        r, c = cells[rng.integers(len(cells))]
        box = _block(shaded, int(r), int(c))
        side = int(rng.integers(4))
        box[side] += 1 if side % 2 else -1
        if (box[0] < 0 or box[2] < 0 or box[1] > rows or box[3] > cols
                or (box[1] - box[0]) * (box[3] - box[2]) > largest
                or (not to_edge and box[side] == edge[side])):
            continue
        # only windows touching the box can change: the rule is looked at there alone
        top, left = max(box[0] - 1, 0), max(box[2] - 1, 0)
        around = shaded[top : box[1] + 1, left : box[3] + 1].copy()
        around[box[0] - top : box[1] - top, box[2] - left : box[3] - left] = True
        if legal(around):
            shaded[box[0] : box[1], box[2] : box[3]] = True
            cells = np.argwhere(shaded)
    return shaded


def _shaved(shaded: np.ndarray, rng: np.random.Generator, chance: float) -> np.ndarray:
    """Each rectangle's side on the board's edge given back (its row or column unshaded)
    with this chance, where the rectangle is more than one cell thick there (taking cells
    off a rectangle never makes two touch)."""
    rows, cols = shaded.shape
    out = shaded.copy()
    labels = clumps(shaded)
    for k in np.unique(labels[shaded]):
        cells = np.argwhere(labels == k)
        (top, left), (bottom, right) = cells.min(0), cells.max(0) + 1
        if top == 0 and bottom - top > 1 and rng.random() < chance:
            out[top, left:right] = False
            top += 1
        if bottom == rows and bottom - top > 1 and rng.random() < chance:
            out[bottom - 1, left:right] = False
            bottom -= 1
        if left == 0 and right - left > 1 and rng.random() < chance:
            out[top:bottom, left] = False
            left += 1
        if right == cols and right - left > 1 and rng.random() < chance:
            out[top:bottom, right - 1] = False
    return out


def published_regions(rows: int, cols: int, rng: np.random.Generator, shaded: np.ndarray,
                      taste: Taste = Taste()) -> np.ndarray:
    """Regions grown as in `grown_regions`, each to a size drawn from the setters' (times the
    taste's scale; its big region first), reaching for a shaded cell while they have none
    where the taste seeks shade (regions with no shaded cell are rare on Janko's 10×10s: one
    in fifteen); a region that could not grow past one cell joins a neighbour (growth leaves
    more of them than Janko's 4 %)."""
    sizes = np.array(list(taste.of.sizes))
    share = np.array(list(taste.of.sizes.values()))
    mean = float(sizes @ share / share.sum())
    first = [taste.big_region] if taste.big_region else []

    def size() -> int:
        if first:
            return first.pop()
        drawn = rng.choice(sizes, p=share / share.sum())
        drawn = (mean + taste.of.narrow * (drawn - mean)) * taste.region_scale
        return max(1, int(drawn + rng.random()))  # rounded at random: the scale's mean kept

    labels = np.array(grown_regions(rows, cols, rng, 0, size,
                                    shaded if taste.seeks_shade else None, taste.blocky))
    for r, c in rng.permutation(np.argwhere(labels >= 0)):
        if (labels == labels[r, c]).sum() == 1 and rng.random() < 0.8:
            labels = _moved(labels, (int(r), int(c)), rng)
    return labels


def _moved(labels: np.ndarray, cell: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """The regions with `cell` moved into a random neighbouring region (`_moved_to`)."""
    rows, cols = labels.shape
    r, c = cell
    around = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
              if 0 <= y < rows and 0 <= x < cols and labels[y, x] != labels[r, c]]
    if not around:
        return labels
    return _moved_to(labels, cell, int(labels[around[int(rng.integers(len(around)))]]))


def _moved_to(labels: np.ndarray, cell: tuple[int, int], region: int) -> np.ndarray:
    """The regions with `cell` moved into `region`, renumbered in room order (a region it
    leaves in two becomes two)."""
    moved = labels.copy()
    moved[cell] = region
    return np.array(label_pieces(moved.tolist()))


REPAIRS_PER_CELL = 0.4
"""Rounds of repair per cell before a board that stays ambiguous is given up (a 10×10 is
unique after 10 rounds or so, a 20×20 after about 100)."""
REPAIR_BUDGET = 40_000
"""Search nodes a round of repair may spend looking for two answers before the board is
given up. Nearly all rounds finish within a few thousand; on a few fully numbered 20×20s
the first round ran 130,000 to 200,000 nodes (30 to 40 s each, a third of the time `make
bank` spent on Chocona's 20×20s), and those boards then failed anyway."""


def made_unique(labels: np.ndarray, shaded: np.ndarray, rng: np.random.Generator,
                answers: Callable[[Puzzle], list[Answer]], zeros: bool = True) -> Puzzle | None:
    """The fully numbered board (without `zeros`, regions with no shaded cell are left
    unnumbered), its regions redrawn until it has one answer: while a second answer exists,
    a cell where the two differ moves to a neighbouring region (the numbers, counted from
    our answer, then mostly rule the other out). None when it stays ambiguous."""
    for _ in range(round(REPAIRS_PER_CELL * labels.size)):
        puzzle, answer = _numbered(labels.tolist(), shaded, zeros)
        found = answers(puzzle, budget=REPAIR_BUDGET)
        other = next((a for a in found if a != answer), None)
        if other is None:
            return puzzle if found == [answer] else None
        differ = np.argwhere(np.array(other.shaded, dtype=bool) != shaded)
        labels = _repaired(labels, shaded, differ, rng)
    return None


REPAIR_TRIES = 1
"""Moves looked at per round of repair (`_repaired`)."""


def _repaired(labels: np.ndarray, shaded: np.ndarray, differ: np.ndarray,
              rng: np.random.Generator) -> np.ndarray:
    """A cell where the answers differ (`differ`) moved to a neighbouring region: of up to
    REPAIR_TRIES such moves, the first that leaves no more unshaded regions than before.
    Moved at random, the cells split off regions with no shaded cell (a 10×10 went from 2
    to 8 in its repair), whose 0 the board then needs — while Janko shows a 0 on one board
    in five."""
    before = _unshaded(labels, shaded)
    for k in range(REPAIR_TRIES):
        r, c = differ[int(rng.integers(len(differ)))]
        moved = _moved(labels, (int(r), int(c)), rng)
        if k == REPAIR_TRIES - 1 or _unshaded(moved, shaded) <= before:
            return moved
    raise AssertionError("unreachable")


def _unshaded(labels: np.ndarray, shaded: np.ndarray) -> int:
    """How many regions hold no shaded cell."""
    return int((_held(labels, shaded) == 0).sum())


BLENDS = 40
"""Merges tried per board (each kept only when the judge still accepts the board)."""
BLEND_SIZE = 10
"""The largest region a merge may make."""


def blend(puzzle: Puzzle, answer: Answer, rng: np.random.Generator,
          accept: Callable[[Puzzle], bool]) -> Puzzle:
    """Merge regions across the answer's rectangle boundaries, at random neighbouring cells,
    keeping each merge the judge accepts (its number is the merged count): regions that
    cut through shaded and unshaded cells make the reasoning harder than quotas alone —
    Janko's boards are drawn that way, and without it no board needs probing."""
    regions = np.array(puzzle.regions)
    shaded = np.array(answer.shaded, dtype=bool)
    rows, cols = regions.shape
    for _ in range(BLENDS):
        r, c = int(rng.integers(rows)), int(rng.integers(cols))
        r2, c2 = (r, c + 1) if rng.random() < 0.5 else (r + 1, c)
        if r2 == rows or c2 == cols or regions[r, c] == regions[r2, c2]:
            continue
        merged = np.where(regions == regions[r2, c2], regions[r, c], regions)
        if (merged == regions[r, c]).sum() > BLEND_SIZE:
            continue
        labels = np.array(label_pieces(merged.tolist()))
        counts = tuple(int(shaded[labels == k].sum()) for k in range(labels.max() + 1))
        candidate = Puzzle(rows, cols, tuple(map(tuple, labels.tolist())), counts)
        if accept(candidate):
            puzzle, regions = candidate, labels
    return puzzle


MERGES, MERGED_SIZE, PLAIN_FIRST = 60, 9, 0.5
"""Merges tried per board, the largest region one may make, and how often a merge starts
from a region all or none shaded."""
LARGE, LARGE_MERGES = 8, 0.3
"""A merge that makes a region of LARGE cells or more is tried only this often: one region
in ten of Janko's has 8 cells or more, and merging alone made twice as many."""


def coarsen(labels: np.ndarray, shaded: np.ndarray, rng: np.random.Generator,
            accept: Callable[[Puzzle], bool], taste: Taste = Taste()) -> np.ndarray:
    """Merge neighbouring regions while the board stays acceptable, down to Janko's cells per
    region (times the taste's scale): first those a player reads at a glance, which
    published boards hardly have — the repair leaves them behind — each tried with every
    neighbour (`_plain_merged`); then mostly all-shaded or unshaded ones, and small ones
    with small neighbours (a board of large regions in Janko's has few small ones, not
    many very large ones)."""
    labels = _plain_merged(labels, shaded, rng, accept, taste)
    scale = taste.region_scale
    for _ in range(MERGES):
        n = int(labels.max()) + 1
        if labels.size / n >= taste.of.cells_per_region * scale:
            break
        sizes = np.bincount(labels.reshape(-1), minlength=n)
        dark = _held(labels, shaded)
        plain = np.flatnonzero((dark == 0) | (dark == sizes) | (sizes == 1))
        k = (int(rng.choice(plain)) if plain.size and rng.random() < PLAIN_FIRST
             else _smallish(np.arange(n), sizes, rng))
        around = _around(labels, k)
        if not around.size:
            continue
        j = _smallish(around, sizes, rng)
        if sizes[k] + sizes[j] > MERGED_SIZE * min(scale, 1) or (
                sizes[k] + sizes[j] >= LARGE * scale and rng.random() > LARGE_MERGES):
            continue
        merged = np.array(label_pieces(np.where(labels == j, k, labels).tolist()))
        if _accepts(accept, merged, shaded, taste):
            labels = merged
    return labels


BALANCING, COMPACT = 3, 0.3
"""Moves `balanced` tries per region, and the weight of a move per border side it adds
(moved freely, cells left regions ragged: 52 % of the sides inside a board were borders,
Janko's 50 %)."""


def balanced(labels: np.ndarray, shaded: np.ndarray, rng: np.random.Generator,
             accept: Callable[[Puzzle], bool] | None, taste: Taste = Taste()) -> np.ndarray:
    """Shaded cells moved across region borders one at a time, from a region holding at
    least two more than its neighbour (which narrows the counts' spread and keeps their
    mean), each kept where the board stays acceptable and no region splits, until the
    counts spread no more than the taste's. Regions drawn across the answer hold whatever
    the shading gives them: 1s and 6s and more twice as often as Janko's, their counts
    spread 1.8 about their mean on a 10×10 against his 1.3 (his setters choose their
    numbers); and a spread of numbers, more than anything else, told ours from his.
    `accept` None: every move is kept (regions not yet made unique)."""
    rows, cols = labels.shape
    n = int(labels.max()) + 1  # no move splits a region: the count stays
    refused: set[tuple[int, int, int]] = set()
    for _ in range(BALANCING * n):
        counts = _held(labels, shaded)
        if counts.std() <= taste.spread:
            break
        sizes = np.bincount(labels.reshape(-1), minlength=n)
        moves, weights = [], []
        for r, c in np.argwhere(shaded).tolist():
            a = labels[r, c]
            around = [int(labels[y, x]) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                      if 0 <= y < rows and 0 <= x < cols]
            for b in set(around):
                if counts[a] - counts[b] >= 2 and sizes[a] > 1 and (r, c, b) not in refused:
                    moves.append((r, c, b))
                    # the widest gaps first, and cells more of whose sides face b
                    longer = around.count(a) - around.count(b)  # border sides the move adds
                    weights.append((counts[a] - counts[b] - 1) ** 2 * COMPACT ** longer)
        if not moves:
            break
        weight = np.array(weights)
        r, c, b = moves[int(rng.choice(len(moves), p=weight / weight.sum()))]
        moved = _moved_to(labels, (r, c), b)
        if int(moved.max()) + 1 == n and (
                accept is None or _accepts(accept, moved, shaded, taste)):
            labels = moved
            refused.clear()
        else:
            refused.add((r, c, b))
    return labels


def _accepts(accept: Callable[[Puzzle], bool], labels: np.ndarray, shaded: np.ndarray,
             taste: Taste) -> bool:
    """Does the judge accept these regions numbered from the answer (as the taste shows 0s)?"""
    return accept(_numbered(labels.tolist(), shaded, taste.zeros)[0])


def _smallish(regions: np.ndarray, sizes: np.ndarray, rng: np.random.Generator) -> int:
    """One of the regions, drawn with weight 1 / size²."""
    weight = 1.0 / sizes[regions] ** 2
    return int(rng.choice(regions, p=weight / weight.sum()))


def _around(labels: np.ndarray, k: int) -> np.ndarray:
    """The regions beside region k."""
    mine = labels == k
    return np.unique(labels[_reach(mine) & ~mine])


def _plain_merged(labels: np.ndarray, shaded: np.ndarray, rng: np.random.Generator,
                  accept: Callable[[Puzzle], bool], taste: Taste) -> np.ndarray:
    """Each region a player reads at a glance merged into a neighbour, where one keeps the
    board acceptable (the neighbours tried in random order): one cell, exactly one shaded
    rectangle, or no shaded cell (unless the setter keeps 0s). Janko's boards have few of
    each (4 %, 2 % and 7 % of regions), and most of his boards none; the repair leaves
    them behind."""
    blocks = clumps(shaded)
    block_sizes = np.bincount(blocks.reshape(-1))

    def plain(mine: np.ndarray) -> bool:
        size, dark = int(mine.sum()), int(shaded[mine].sum())
        return (size == 1 or (dark == 0 and not taste.zeros)
                or (dark == size and block_sizes[blocks[mine][0]] == size))

    n = int(labels.max()) + 1
    first = [cell for cell in rng.permutation(np.argwhere(labels >= 0))
             if plain(labels == labels[tuple(cell)])][:n]
    for cell in first:
        k = int(labels[tuple(cell)])  # the region there now (earlier merges renumber)
        mine = labels == k
        if not plain(mine):
            continue  # merged already
        for j in rng.permutation(_around(labels, k)):
            if mine.sum() + (labels == j).sum() >= LARGE * taste.region_scale:
                continue
            merged = np.array(label_pieces(np.where(labels == j, k, labels).tolist()))
            if _accepts(accept, merged, shaded, taste):
                labels = merged
                break
    return labels


SQUARE_SHORT = 2
"""The most cells a region may lack of its bounding box to be made a rectangle."""


def squared(labels: np.ndarray, shaded: np.ndarray, rng: np.random.Generator,
            accept: Callable[[Puzzle], bool], taste: Taste = Taste()) -> np.ndarray:
    """A share of the regions (the setters' `squared`) that are nearly rectangles made
    rectangles, each where the board stays acceptable and no neighbour splits: the cells
    missing from its bounding box (up to SQUARE_SHORT) taken in, or the one cell sticking
    out of a rectangle given to a neighbour. Only unshaded cells move, so every count stays
    as balancing left it. Merged, repaired and balanced, a quarter of the regions of a
    10×10 came out rectangles against 31 % of Janko's, whose setters draw straight strips
    and rooms: the share of rectangles was what most told the two apart."""
    share = taste.of.squared
    if not share:
        return labels  # no draws either: such boards are as they were without this step
    for k in rng.permutation(int(labels.max()) + 1).tolist():
        if rng.random() >= share:
            continue
        moved = _squared_region(labels, shaded, k, rng)
        if (moved is not None and moved.max() == labels.max()
                and _accepts(accept, moved, shaded, taste)):
            labels = moved
    return labels


def _squared_region(labels: np.ndarray, shaded: np.ndarray, k: int,
                    rng: np.random.Generator) -> np.ndarray | None:
    """The regions (renumbered in room order) with region k made a rectangle by moving
    unshaded cells (`squared`); None when no such move does it."""
    mine = labels == k
    missing = _box(mine) & ~mine
    if not missing.any():
        return None  # a rectangle already
    if missing.sum() <= SQUARE_SHORT and not (missing & shaded).any():
        return np.array(label_pieces(np.where(missing, k, labels).tolist()))
    return _trimmed(labels, shaded, k, rng)


def _trimmed(labels: np.ndarray, shaded: np.ndarray, k: int,
             rng: np.random.Generator) -> np.ndarray | None:
    """The regions with the one unshaded cell of region k whose loss leaves a rectangle
    given to a neighbouring region (None: there is no such cell)."""
    mine = labels == k
    for r, c in np.argwhere(mine & ~shaded).tolist():
        rest = mine.copy()
        rest[r, c] = False
        if (_box(rest) == rest).all():
            return _moved(labels, (r, c), rng)
    return None


def _box(mine: np.ndarray) -> np.ndarray:
    """The bounding box of the true cells, as a mask."""
    cells = np.argwhere(mine)
    (top, left), (bottom, right) = cells.min(0), cells.max(0) + 1
    box = np.zeros_like(mine)
    box[top:bottom, left:right] = True
    return box


UNMADE = "quota"
"""The grade these boards never have: with regions drawn across the answer, the counts
alone never finish a board (asked for it, an attempt gives up at once)."""
UNMADE_LARGE = frozenset({"corner", "box"})
"""Grades these boards do not have above SMALL_CELLS cells (asked for them, an attempt gives
up at once): a repaired board of 15×15 or 20×20 always needs probing (0 of 60 attempts at
each, against 16 of 896 at 6×6 and 1 of 252 at 10×10 for corner), and the bank's fishing
spent 20 minutes finding none."""


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge,
             blended: bool = True) -> Puzzle | None:
    """A dense answer and regions drawn across it (made unique), as Janko's boards are; or,
    with a judge that cannot count answers, regions along the answer's rectangles, blended
    while acceptable (the earlier generator's boards, kept for the scaling benchmark);
    `blended=False`: regions along the rectangles, never blended (the write-ups' generator,
    which the fishing study sets beside this one)."""
    if blended and (judge.target == UNMADE
                    or (judge.target in UNMADE_LARGE and rows * cols > SMALL_CELLS)):
        return None
    taste = setter(rng, LARGER if rows * cols > SMALL_CELLS else TENS)
    if judge.answers is not None and blended:
        shaded = dense_packing(rows, cols, rng, taste)
        drawn = balanced(published_regions(rows, cols, rng, shaded, taste), shaded, rng,
                         None, taste)
        made = made_unique(drawn, shaded, rng, judge.answers, taste.zeros)
        if made is None or not judge.accept(made):
            return None
        regions = coarsen(np.array(made.regions), shaded, rng, judge.accept, taste)
        regions = balanced(regions, shaded, rng, judge.accept, taste)
        regions = squared(regions, shaded, rng, judge.accept, taste)
        puzzle = _numbered(regions.tolist(), shaded, taste.zeros)[0]
    else:
        puzzle, answer = answer_board(rows, cols, rng)
        if not judge.accept(puzzle):
            return None
        if blended:
            puzzle = blend(puzzle, answer, rng, judge.accept)

    def without(taken: frozenset[int]) -> Puzzle:
        clues = tuple(NO_CLUE if k in taken else v for k, v in enumerate(puzzle.clues))
        return Puzzle(rows, cols, puzzle.regions, clues)

    sizes = np.bincount(np.array(puzzle.regions).reshape(-1))
    clues = np.array(puzzle.clues)
    shown = clues[clues >= 0]
    odd = (clues >= 0) & (np.abs(clues - (shown.mean() if shown.size else 0))
                          >= ODD * taste.of.spread / SPREAD)
    first = frozenset(np.flatnonzero((sizes >= BARE) | odd).tolist())
    return thin(len(puzzle.clues), without, judge.accept, rng, judge.style, first,
                taste.numbered if judge.style == "published" else None)


BARE, ODD = 15, 2
"""Numbers thinning tries first: those of regions this large (Janko numbers hardly any of
his large rooms, none of 17 cells or more), and those this far from the board's mean
number (his numbers spread 1.33 about their mean over all regions, 1.08 over those he
shows): as far again, in proportion, where the setters' spread is wider."""


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    shaded = np.array(answer.shaded, dtype=bool)
    blocks = len(np.unique(clumps(shaded)[shaded]))
    numbers = [v for v in puzzle.clues if v >= 0]
    return degenerate(blocks, numbers.count(0), len(numbers))
