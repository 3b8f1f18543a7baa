"""Chocona's rules over a padded grid of cell domains (frame cells are unshaded).

- quota: region tallies both ways (the number reached: the rest unshaded; the free cells
  just enough: all shaded; too many or too few: a contradiction);
- corner: no 2×2 window holds exactly three shaded cells, as arc consistency at every
  lattice point (a 256-entry table), which covers "three shaded force the fourth" and "two
  shaded beside an unshaded cell force the last one unshaded";
- box: the rectangle law made global again: a clump's bounding box fills; the rectangles a
  clump may still grow into (all cells shadable, no forced-shaded cell along their sides)
  must exist, every cell they all share is shaded, and a cell beside the box that none of
  them reaches is unshaded (the moat)."""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np

from ...compiled import njit
from ...engine import kernel
from ...engine.kernel import CompiledRules, Kernels
from ...grid import box_sum, mask_labels, piece_boxes, prefix_sums
from ..kits.shaded import window_table
from .model import BIT, BOTH, SHADED, WHITE, Puzzle

RULES = ("quota", "corner", "box", "probe", "ways", "nested")
LADDER = {
    "none": (),
    "quota": ("quota",),
    "corner": ("quota", "corner"),
    "box": ("quota", "corner", "box"),
    "probe": ("quota", "corner", "box", "probe"),
    "ways": ("quota", "corner", "box", "probe", "ways"),
    "nested": ("quota", "corner", "box", "probe", "ways", "nested"),
}
SH, WH = BIT[SHADED], BIT[WHITE]


QUOTA, CORNER, BOX = 1, 2, 4
"""Rule flags in the packed context."""


def pack(puzzle: Puzzle, names: frozenset[str]) -> np.ndarray | None:
    """The puzzle and the chosen rules as the int32 context of `fixpoint`: R, C, flags, K,
    then per padded cell its region, per region (the frame last) its target and floor, the
    regions' cells (CSR: K+1 starts, then N cells), the window table (256 keys), and
    scratch for the worklists (2·N for cells, 2·K for regions: a probe allocates nothing;
    one context serves one caller at a time). None when no rule is chosen."""
    flags = (QUOTA * ("quota" in names and max(puzzle.clues) >= 0)  # some number
             | CORNER * ("corner" in names) | BOX * ("box" in names))
    if not flags:
        return None
    ctx = _layout(puzzle)[0].copy()  # a solve packs twice (probing's rules and the search's)
    ctx[2] = flags
    return ctx


@lru_cache(maxsize=8)
def _layout(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray]:
    """The context of `pack` with no rule flag set (copied before use: its scratch is
    written) and the `region_tallies`, made in one compiled pass."""
    return _packed(puzzle.region_array, puzzle.clue_array, window_table())


@njit(cache=True, nogil=True)
def _packed(regions, clues, tables):  # pragma: no cover - compiled
    """`_layout`: the frame is one more region (the last, with no clue); targets are never
    met (1 << 20) and floors never short (-1) where there is no number; the regions' cells
    by a stable counting sort (row-major within a region). Then the tallies (`_tallies`)."""
    R, C = regions.shape
    W, n, k = C + 2, (R + 2) * (C + 2), clues.size + 1
    ctx = np.zeros(4 + n + 3 * k + 1 + n + tables.size + 2 * n + 2 * k, np.int32)
    ctx[0], ctx[1], ctx[3] = R, C, k
    reg, target, floor = 4, 4 + n, 4 + n + k
    starts, cells = floor + k, floor + 2 * k + 1
    for i in range(n):
        ctx[reg + i] = k - 1  # the frame
    for r in range(R):
        for c in range(C):
            ctx[reg + (r + 1) * W + c + 1] = regions[r, c]
    for j in range(k):
        v = clues[j] if j < k - 1 else -1
        ctx[target + j] = v if v >= 0 else 1 << 20
        ctx[floor + j] = v if v >= 0 else -1
    for i in range(n):
        ctx[starts + ctx[reg + i] + 1] += 1
    for j in range(k):
        ctx[starts + j + 1] += ctx[starts + j]
    fill = ctx[starts:starts + k].copy()
    for i in range(n):
        j = ctx[reg + i]
        ctx[cells + fill[j]] = i
        fill[j] += 1
    ctx[cells + n:cells + n + tables.size] = tables  # the rest: scratch for the worklist
    return ctx, _tallies(ctx)


def region_tallies(puzzle: Puzzle) -> np.ndarray:
    """The numbered regions as tallies over the padded board (in the layout of
    `kernel.probe_tallies`): exactly the number of their cells shaded."""
    return _layout(puzzle)[1]


@njit(cache=True, nogil=True)
def _tallies(ctx):  # pragma: no cover - compiled
    """`region_tallies`, read off the packed context's regions (see `pack`): those with a
    floor (a number), in order, their cells as the context lists them."""
    n, K = (ctx[0] + 2) * (ctx[1] + 2), ctx[3]
    TARGET = 4 + n
    FLOOR = TARGET + K
    STARTS = FLOOR + K
    MEMBERS = STARTS + K + 1
    T, size = 0, 0
    for k in range(K):
        if ctx[FLOOR + k] >= 0:
            T += 1
            size += ctx[STARTS + k + 1] - ctx[STARTS + k]
    out = np.empty(3 * T + 2 + size, np.int32)
    out[0], out[1] = T, 0
    t, at = 0, 3 * T + 2
    for k in range(K):
        if ctx[FLOOR + k] >= 0:
            for m in range(ctx[STARTS + k], ctx[STARTS + k + 1]):
                out[at] = ctx[MEMBERS + m]
                at += 1
            out[2 + t] = at - (3 * T + 2)
            out[T + 2 + t] = ctx[TARGET + k]
            out[2 * T + 2 + t] = SH
            t += 1
    return out


def build(puzzle: Puzzle, names: frozenset[str]) -> CompiledRules | None:
    """The fixpoint of the named rules, compiled: a probe runs in about a microsecond."""
    ctx = pack(puzzle, names)
    return None if ctx is None else CompiledRules(KERNELS, ctx)


@njit(cache=True, nogil=True)
def _clump_boxes(g):  # pragma: no cover - compiled
    """[size, top, left, bottom, right] of each 4-connected clump of shaded cells."""
    shaded = g == SH
    labels = mask_labels(shaded)
    pieces = piece_boxes(labels)
    is_clump = np.zeros(pieces.shape[0], np.bool_)
    for r in range(g.shape[0]):
        for c in range(g.shape[1]):
            if shaded[r, c]:
                is_clump[labels[r, c]] = True
    return pieces[np.flatnonzero(is_clump)]


@njit(cache=True, nogil=True)
def _box_one(g):  # pragma: no cover - compiled
    """The box rule on one padded board (H, W), in place; True if it narrowed anything. A
    contradiction empties the board. The prefix sums are rebuilt only after a narrowing, and
    each clump's cover table is summed only over the box its rectangles can reach."""
    H, W = g.shape
    changed = dirty = False
    boxes = _clump_boxes(g)
    blocked = prefix_sums((g & SH) == 0)
    forced = prefix_sums(g == SH)
    cover = np.zeros((H + 1, W + 1), np.int32)
    for k in range(boxes.shape[0]):
        t0, l0, b0, r0 = boxes[k, 1], boxes[k, 2], boxes[k, 3], boxes[k, 4]
        if dirty:
            blocked = prefix_sums((g & SH) == 0)
            forced = prefix_sums(g == SH)
            dirty = False
        if box_sum(blocked, t0, b0, l0, r0):
            g[:, :] = 0
            return True
        n = 0
        top, bottom, left, right = t0, b0, l0, r0  # the reach of all rectangles
        t = t0
        while t > 0 and not box_sum(blocked, t, t0, l0, r0):
            b = b0
            while b < H - 1 and not box_sum(blocked, t, b, l0, r0):
                lmin = l0
                while lmin - 1 > 0 and not box_sum(blocked, t, b, lmin - 1, l0):
                    lmin -= 1
                rmax = r0
                while rmax + 1 < W - 1 and not box_sum(blocked, t, b, r0, rmax + 1):
                    rmax += 1
                for lft in range(lmin, l0 + 1):
                    for r in range(r0, rmax + 1):
                        if (box_sum(forced, t - 1, t - 1, lft, r)
                                or box_sum(forced, b + 1, b + 1, lft, r)
                                or box_sum(forced, t, b, lft - 1, lft - 1)
                                or box_sum(forced, t, b, r + 1, r + 1)):
                            continue  # a forced-shaded cell along a side would join
                        n += 1
                        cover[t, lft] += 1
                        cover[t, r + 1] -= 1
                        cover[b + 1, lft] -= 1
                        cover[b + 1, r + 1] += 1
                        top, bottom = min(top, t), max(bottom, b)
                        left, right = min(left, lft), max(right, r)
                b += 1
            t -= 1
        if n == 0:
            g[:, :] = 0
            return True
        for r in range(top, bottom + 2):  # difference table → counts, within the reach
            for c in range(left, right + 2):
                if r > top:
                    cover[r, c] += cover[r - 1, c]
                if c > left:
                    cover[r, c] += cover[r, c - 1]
                if r > top and c > left:
                    cover[r, c] -= cover[r - 1, c - 1]
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                if cover[r, c] == n and g[r, c] == BOTH:
                    g[r, c] = SH
                    changed = dirty = True
        dead = False
        for i in range(2 * (r0 - l0 + 1) + 2 * (b0 - t0 + 1)):  # the moat round the box
            r, c = _ring(i, t0, b0, l0, r0)
            reached = top <= r <= bottom and left <= c <= right and cover[r, c] > 0
            if not reached and g[r, c] & SH:
                g[r, c] &= WH
                changed = dirty = True
                dead = dead or g[r, c] == 0
        cover[top:bottom + 2, left:right + 2] = 0
        if dead:
            return True
    return changed


@njit(cache=True, nogil=True)
def _ring(i, t0, b0, l0, r0):  # pragma: no cover - compiled
    """The i-th cell beside the box rows t0..b0, columns l0..r0: the row above, the row
    below, then the column left, the column right (corners excluded)."""
    w = r0 - l0 + 1
    if i < 2 * w:
        return (t0 - 1 if i < w else b0 + 1), l0 + i % w
    i -= 2 * w
    h = b0 - t0 + 1
    return t0 + i % h, (l0 - 1 if i < h else r0 + 1)


@njit(cache=True, nogil=True)
def fixpoint(g, ctx, seed):  # pragma: no cover - compiled
    """Narrow one padded board g in place to the fixpoint of the rules packed in ctx; False
    on a contradiction. Work spreads from changed cells to the four windows and the region
    around each (when seed < 0, every window and region is looked at once first); a region
    is recounted once however many of its cells changed meanwhile; the box rule runs when
    that work is done.
    The context is read by offsets (see `pack`), not sliced: a probe calls this a million
    times, and every slice is an object to make and release."""
    R, C, flags, K = ctx[0], ctx[1], ctx[2], ctx[3]
    W, n = C + 2, g.size
    REG = 4
    TARGET = REG + n
    FLOOR = TARGET + K
    STARTS = FLOOR + K
    MEMBERS = STARTS + K + 1
    NEXT = MEMBERS + n
    TODO = ctx.size - 2 * n - 2 * K  # scratch: the cells' worklist, the cells' and the
    QUEUED = TODO + n  # regions' on-list flags (one clear on failing), the regions' worklist
    RQUEUED = QUEUED + n
    RTODO = RQUEUED + K
    top = rtop = 0
    if seed < 0:  # everything may have changed: every window once, every region once
        for x in range(n):
            if g[x] == 0:
                return kernel.fail(ctx, QUEUED, n + K)
        if flags & CORNER:
            for i in range(R + 1):
                for nw in range(i * W, i * W + C + 1):
                    top = _window(g, ctx, NEXT, TODO, QUEUED, top, nw, W)
                    if top < 0:
                        return kernel.fail(ctx, QUEUED, n + K)
        if flags & QUOTA:
            for k in range(K):
                if ctx[FLOOR + k] >= 0:
                    rtop = kernel.push(ctx, RTODO, RQUEUED, rtop, k)
    elif seed < n:
        top = kernel.push(ctx, TODO, QUEUED, top, seed)
    before = np.empty_like(g) if flags & BOX else g
    while True:
        while top or rtop:
            if top == 0:
                rtop -= 1
                k = ctx[RTODO + rtop]
                ctx[RQUEUED + k] = 0
                shaded = shadable = 0
                for m in range(ctx[STARTS + k], ctx[STARTS + k + 1]):
                    shaded += g[ctx[MEMBERS + m]] == SH
                    shadable += (g[ctx[MEMBERS + m]] & SH) != 0
                target = ctx[TARGET + k]
                if shaded > target or shadable < ctx[FLOOR + k]:
                    return kernel.fail(ctx, QUEUED, n + K)
                keep = WH if shaded == target else SH if shadable == target else BOTH
                if keep != BOTH:
                    for m in range(ctx[STARTS + k], ctx[STARTS + k + 1]):
                        y = ctx[MEMBERS + m]
                        if g[y] == BOTH:
                            g[y] = keep
                            top = kernel.push(ctx, TODO, QUEUED, top, y)
                continue
            top -= 1
            x = np.int64(ctx[TODO + top])
            ctx[QUEUED + x] = 0
            if g[x] == 0:
                return kernel.fail(ctx, QUEUED, n + K)
            k = ctx[REG + x]
            if flags & QUOTA and ctx[FLOOR + k] >= 0:
                rtop = kernel.push(ctx, RTODO, RQUEUED, rtop, k)
            if flags & CORNER:  # the four windows x is a corner of, by their NW cells
                for nw in (x - W - 1, x - W, x - 1, x):
                    top = _window(g, ctx, NEXT, TODO, QUEUED, top, nw, W)
                    if top < 0:
                        return kernel.fail(ctx, QUEUED, n + K)
        if not flags & BOX:
            return True
        kernel.copy_into(before, g)
        _box_one(g.reshape(R + 2, W))
        for y in range(n):
            if g[y] != before[y]:
                if g[y] == 0:
                    return kernel.fail(ctx, QUEUED, n + K)
                top = kernel.push(ctx, TODO, QUEUED, top, y)
        if top == 0:
            return True


@njit(cache=True, nogil=True, inline="always")
def _window(g, ctx, NEXT, TODO, QUEUED, top, nw, W):  # pragma: no cover - compiled
    """The window law at the window whose NW cell is nw (one lookup of `window_table`):
    cells it narrows go on the worklist; the new top, or -1 on a contradiction."""
    ne, sw = nw + 1, nw + W
    se = sw + 1
    key = g[ne] + 4 * g[se] + 16 * g[sw] + 64 * g[nw]
    after = ctx[NEXT + key]
    if after == key:
        return top
    if after < 0:
        return -1
    for y in (ne, se, sw, nw):
        if g[y] != after & 3:
            g[y] = after & 3
            top = kernel.push(ctx, TODO, QUEUED, top, y)
        after >>= 2
    return top


_rules = sys.modules[__name__]  # `_rules.fixpoint`, not `fixpoint`: numba can cache that


@njit(cache=True, nogil=True)
def _many(d, ctx):  # pragma: no cover - compiled
    kernel.fixpoint_many(_rules.fixpoint, d, ctx)


@njit(cache=True, nogil=True)
def _probe(d, ctx, weights, work, seed, stop):  # pragma: no cover - compiled
    return kernel.probe_board(_rules.fixpoint, d, ctx, weights, work, seed, stop)


@njit(cache=True, nogil=True)
def _search(stack, seeds, top, lower, outer, tallies, work, budget, leaf,
            stop):  # pragma: no cover - compiled
    return kernel.search_steps(
        _rules.fixpoint, stack, seeds, top, lower, outer, tallies, work, budget, leaf, stop)


@njit(cache=True, nogil=True)
def _settle(d, lower, outer, tallies, weights, work, seed, stop):  # pragma: no cover - compiled
    return kernel.settle(_rules.fixpoint, d, lower, outer, tallies, weights, work, seed, stop)


KERNELS = Kernels(_many, _probe, _search, _settle)
