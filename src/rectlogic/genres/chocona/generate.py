"""Chocona boards. Legal answers are exactly packings of rectangles that do not touch along
an edge, so darts are thrown: 2n² random rectangles, each kept when its cells and its four side
strips are still free — no search, no restarts. Regions are then drawn along the answer's
rectangle boundaries (every shaded rectangle lies inside one region), every region is
numbered, regions are then blended across those boundaries while the board stays acceptable
(`blend`), and numbers are thinned while the board stays acceptable (unique, and no harder
than asked), down to the style's share (`generating.STYLES`). `raw_board` is the stream
for experiments: any partition, every region numbered."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...grid import NO_CLUE, label_pieces
from ..generating import Judge, thin
from .model import Answer, Puzzle, make_puzzle


def dart_packing(rows: int, cols: int, rng: np.random.Generator, max_rect: int = 4) -> np.ndarray:
    shaded = np.zeros((rows + 2, cols + 2), dtype=bool)
    for _ in range(2 * rows * cols):
        h, w = int(rng.integers(1, max_rect + 1)), int(rng.integers(1, max_rect + 1))
        if h > rows or w > cols:
            continue
        r, c = int(rng.integers(1, rows - h + 2)), int(rng.integers(1, cols - w + 2))
        # the rectangle and its four side strips (not the corners) must be unshaded
        if (shaded[r : r + h, c - 1 : c + w + 1].any()
                or shaded[r - 1, c : c + w].any() or shaded[r + h, c : c + w].any()):
            continue
        shaded[r : r + h, c : c + w] = True
    return shaded[1:-1, 1:-1]


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


def _numbered(labels: list[list[int]], shaded: np.ndarray) -> tuple[Puzzle, Answer]:
    base = make_puzzle(labels, [[NO_CLUE] * len(labels[0]) for _ in labels])
    counts = [int(sum(shaded[r, c] for r, c in cells)) for cells in base.region_cells]
    puzzle = Puzzle(base.rows, base.cols, base.regions, tuple(counts))
    return puzzle, Answer(tuple(tuple(int(v) for v in row) for row in shaded))


def answer_board(rows: int, cols: int, rng: np.random.Generator,
                 max_size: int = 8) -> tuple[Puzzle, Answer]:
    """Regions drawn along the answer's rectangle boundaries: each shaded rectangle is a
    region of its own, and the unshaded cells merge into regions of at most max_size. Fully
    numbered, the board is settled by the tallies alone; thinning makes it a puzzle."""
    shaded = dart_packing(rows, cols, rng)
    cells = np.arange(rows * cols).reshape(rows, cols)
    pieces = label_pieces(np.where(shaded, -1, cells).tolist())  # each rectangle one piece
    return _numbered(_regions(np.array(pieces), rng, max_size, apart=shaded), shaded)


def grown_regions(rows: int, cols: int, rng: np.random.Generator,
                  max_size: int) -> list[list[int]]:
    """The write-ups' partition: each region draws a target size uniformly from 1..max_size
    and grows from a random free cell into random free edge-neighbours until it reaches the
    target or cannot grow."""
    label = np.full((rows, cols), -1)
    k = 0
    while (free := np.argwhere(label < 0)).size:
        r, c = (int(v) for v in free[rng.integers(len(free))])
        target = int(rng.integers(1, max_size + 1))
        label[r, c] = k
        edge = {(r, c)}
        size = 1
        while size < target:
            around = sorted({(y, x) for a, b in edge
                             for y, x in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1))
                             if 0 <= y < rows and 0 <= x < cols and label[y, x] < 0})
            if not around:
                break
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


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge,
             blended: bool = True) -> Puzzle | None:
    """A board the judge accepts; `blended=False` leaves the regions along the rectangles
    (the write-ups' generator, which the fishing study sets beside this one)."""
    puzzle, answer = answer_board(rows, cols, rng)
    if not judge.accept(puzzle):
        return None
    if blended:
        puzzle = blend(puzzle, answer, rng, judge.accept)

    def without(taken: frozenset[int]) -> Puzzle:
        clues = tuple(NO_CLUE if k in taken else v for k, v in enumerate(puzzle.clues))
        return Puzzle(rows, cols, puzzle.regions, clues)

    return thin(len(puzzle.clues), without, judge.accept, rng, judge.style)
