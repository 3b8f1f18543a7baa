"""Choco Banana's rules over a padded grid of cell domains (the frame is unshaded, and is
never part of a group).

- corner: the shaded window law (kit `shaded`): no 2×2 window holds exactly three shaded
  cells, as arc consistency at every lattice point — every shaded group a rectangle;
- size: a number against its group: a group already as large as a number in it is shut in
  (its open neighbours take the other colour), one larger, or one that can no longer reach
  the number through cells not of the other colour, is a contradiction; two groups with
  different numbers (or too large together) are never joined by an open cell; a cell of
  number 1 or 2 is shaded (an unshaded group that small is a rectangle);
- bent: an unshaded group is not a rectangle, made local: an unshaded rectangle shut in
  is a contradiction, and one with a single open neighbour takes that neighbour in;
- box: a shaded group with a number n lies in a rectangle of area n: the rectangles left
  (all cells shadable, no shaded cell along their sides) must exist, the cells they share
  are shaded, and a neighbour of the group none of them reaches is unshaded; an open cell
  with a number n that no such rectangle through it fits is unshaded."""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np

from ...compiled import njit
from ...engine import kernel
from ...engine.kernel import CompiledRules, Kernels
from ..kits.shaded import BIT, BOTH, SHADED, WHITE, window_table
from .model import Puzzle

RULES = ("corner", "size", "bent", "box", "probe", "nested")
LADDER = {
    "none": (),
    "corner": ("corner",),
    "size": ("corner", "size"),
    "bent": ("corner", "size", "bent"),
    "box": ("corner", "size", "bent", "box"),
    "probe": ("corner", "size", "bent", "box", "probe"),
    "nested": ("corner", "size", "bent", "box", "probe", "nested"),
}
SH, WH = BIT[SHADED], BIT[WHITE]
CORNER, SIZE, BENT, BOX = 1, 2, 4, 8
"""Rule flags in the packed context."""
FRAME = -9
"""The clue of a frame cell in the packed context."""
SCRATCH = 15
"""Scratch arrays of N cells each in the context (see `_groups`)."""


def pack(puzzle: Puzzle, names: frozenset[str]) -> np.ndarray | None:
    """The puzzle and the chosen rules as the int32 context of `fixpoint`: R, C, flags, 0,
    per padded cell its clue (FRAME on the frame), the window table (256 keys), then
    scratch: the cells' worklist and on-list flags, and SCRATCH arrays for the groups
    (one context serves one caller at a time). None when no rule is chosen."""
    flags = (CORNER * ("corner" in names) | SIZE * ("size" in names)
             | BENT * ("bent" in names) | BOX * ("box" in names))
    if not flags:
        return None
    ctx = _layout(puzzle).copy()
    ctx[2] = flags
    return ctx


@lru_cache(maxsize=8)
def _layout(puzzle: Puzzle) -> np.ndarray:
    R, C = puzzle.rows, puzzle.cols
    n = (R + 2) * (C + 2)
    table = window_table()
    ctx = np.zeros(4 + n + table.size + (2 + SCRATCH) * n, np.int32)
    ctx[0], ctx[1] = R, C
    clues = np.full((R + 2, C + 2), FRAME, np.int32)
    clues[1:-1, 1:-1] = puzzle.clue_array
    ctx[4:4 + n] = clues.ravel()
    ctx[4 + n:4 + n + table.size] = table
    return ctx


def build(puzzle: Puzzle, names: frozenset[str]) -> CompiledRules | None:
    """The fixpoint of the named rules, compiled."""
    ctx = pack(puzzle, names)
    return None if ctx is None else CompiledRules(KERNELS, ctx)


@njit(cache=True, nogil=True)
def fixpoint(g, ctx, seed):  # pragma: no cover - compiled
    """Narrow one padded board g in place to the fixpoint of the rules packed in ctx; False
    on a contradiction. The window law spreads from changed cells to their four windows
    (every window once when seed < 0); when that work is done the group rules look at the
    whole board, and whatever they narrow goes back on the worklist."""
    R, C, flags = ctx[0], ctx[1], ctx[2]
    W, n = C + 2, g.size
    NEXT = 4 + n
    TODO = NEXT + 256
    QUEUED = TODO + n
    top = 0
    if seed < 0:
        for x in range(n):
            if g[x] == 0:
                return kernel.fail(ctx, QUEUED, n)
        if flags & CORNER:
            for i in range(R + 1):
                for nw in range(i * W, i * W + C + 1):
                    top = _window(g, ctx, NEXT, TODO, QUEUED, top, nw, W)
                    if top < 0:
                        return kernel.fail(ctx, QUEUED, n)
    elif seed < n:
        top = kernel.push(ctx, TODO, QUEUED, top, seed)
    while True:
        while top:
            top -= 1
            x = np.int64(ctx[TODO + top])
            ctx[QUEUED + x] = 0
            if g[x] == 0:
                return kernel.fail(ctx, QUEUED, n)
            if flags & CORNER:
                for nw in (x - W - 1, x - W, x - 1, x):
                    top = _window(g, ctx, NEXT, TODO, QUEUED, top, nw, W)
                    if top < 0:
                        return kernel.fail(ctx, QUEUED, n)
        if not flags & (SIZE | BENT | BOX):
            return True
        top = _groups(g, ctx, R, C, flags, TODO, QUEUED)
        if top < 0:
            return kernel.fail(ctx, QUEUED, n)
        if top == 0:
            return True


@njit(cache=True, nogil=True, inline="always")
def _window(g, ctx, NEXT, TODO, QUEUED, top, nw, W):  # pragma: no cover - compiled
    """The window law at the window whose NW cell is nw (one lookup of the kit's table):
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


@njit(cache=True, nogil=True, inline="always")
def _narrow(g, ctx, TODO, QUEUED, top, y, keep):  # pragma: no cover - compiled
    """Cell y keeps only the values in `keep`: the new top, or -1 when none is left."""
    if g[y] & ~keep:
        g[y] &= keep
        if g[y] == 0:
            return -1
        top = kernel.push(ctx, TODO, QUEUED, top, y)
    return top


@njit(cache=True, nogil=True)
def _groups(g, ctx, R, C, flags, TODO, QUEUED):  # pragma: no cover - compiled
    """The group rules once over the whole board, in place: the cells narrowed go on the
    worklist; its new top, or -1 on a contradiction. The groups are the decided cells'
    4-connected pieces of one colour (never the frame)."""
    W, n = C + 2, g.size
    CLUE = 4
    base = 4 + n + 256 + 2 * n
    LABEL, STACK, SIZE_, NUM = base, base + n, base + 2 * n, base + 3 * n
    TOP, LEFT, BOTTOM, RIGHT = base + 4 * n, base + 5 * n, base + 6 * n, base + 7 * n
    OPEN, LAST, MARK, COVER = base + 8 * n, base + 9 * n, base + 10 * n, base + 11 * n
    FIRST, REACHED, WIDE = base + 12 * n, base + 13 * n, base + 14 * n
    top = 0
    for x in range(n):
        ctx[LABEL + x] = -1
        ctx[MARK + x] = -1
    K = 0
    for x0 in range(n):  # label the groups
        v = g[x0]
        if ctx[CLUE + x0] == FRAME or ctx[LABEL + x0] >= 0 or (v != SH and v != WH):
            continue
        k = K
        K += 1
        ctx[LABEL + x0] = k
        ctx[FIRST + k] = x0
        ctx[STACK], sp = x0, 1
        size, num, opens = 0, -1, 0
        t, lf, b, rt = R + 2, W, -1, -1
        while sp:
            sp -= 1
            x = ctx[STACK + sp]
            size += 1
            r, c = x // W, x % W
            t, b, lf, rt = min(t, r), max(b, r), min(lf, c), max(rt, c)
            q = ctx[CLUE + x]
            if q >= 1:
                if num >= 1 and num != q:
                    return -1  # two numbers in one group
                num = q
            for y in (x - W, x + W, x - 1, x + 1):
                if ctx[CLUE + y] == FRAME:
                    continue
                if g[y] == v:
                    if ctx[LABEL + y] < 0:
                        ctx[LABEL + y] = k
                        ctx[STACK + sp] = y
                        sp += 1
                elif g[y] == BOTH and ctx[MARK + y] != k:
                    ctx[MARK + y] = k
                    opens += 1
                    ctx[LAST + k] = y
        ctx[SIZE_ + k], ctx[NUM + k], ctx[OPEN + k] = size, num, opens
        ctx[TOP + k], ctx[LEFT + k], ctx[BOTTOM + k], ctx[RIGHT + k] = t, lf, b, rt
    for x in range(n):
        ctx[MARK + x] = -1
        ctx[WIDE + x] = 0
    for k in range(K):
        ctx[REACHED + k] = 0
    for k in range(K):
        size, num = ctx[SIZE_ + k], ctx[NUM + k]
        t, lf, b, rt = ctx[TOP + k], ctx[LEFT + k], ctx[BOTTOM + k], ctx[RIGHT + k]
        x0 = ctx[FIRST + k]
        v = g[x0]
        other = SH + WH - v
        boxed = size == (b - t + 1) * (rt - lf + 1)
        if flags & SIZE and num >= 1:
            if size > num:
                return -1
            if v == WH and num <= 2:
                return -1
            if size == num and ctx[OPEN + k]:
                for x in range(n):
                    if ctx[LABEL + x] == k:
                        for y in (x - W, x + W, x - 1, x + 1):
                            if g[y] == BOTH and ctx[CLUE + y] != FRAME:
                                g[y] = other
                                top = kernel.push(ctx, TODO, QUEUED, top, y)
            elif size < num and not ctx[REACHED + k]:
                reach = _reach(g, ctx, x0, v, num, W, STACK, MARK, k, LABEL, NUM)
                if reach < num:
                    return -1
                if reach > num:  # the groups and cells of this number it met reach as far
                    _reached(g, ctx, v, num, reach, STACK, LABEL, NUM, REACHED, WIDE)
                if reach == num:  # every cell it can reach is in the group
                    for i in range(num):
                        y = ctx[STACK + i]
                        if g[y] == BOTH:
                            g[y] = v
                            top = kernel.push(ctx, TODO, QUEUED, top, y)
        if flags & BENT and v == WH and boxed:
            if ctx[OPEN + k] == 0:
                return -1  # an unshaded rectangle shut in
            if ctx[OPEN + k] == 1 and g[ctx[LAST + k]] == BOTH:
                top = _narrow(g, ctx, TODO, QUEUED, top, ctx[LAST + k], WH)
                if top < 0:
                    return -1
        if flags & BOX and v == SH and num >= 1 and size < num:
            top = _box(g, ctx, k, num, t, lf, b, rt, R, C, W, n, LABEL, COVER, TODO, QUEUED,
                       top)
            if top < 0:
                return -1
    for x in range(n):  # the open cells: what joining their neighbours would make
        if g[x] != BOTH or ctx[CLUE + x] == FRAME:
            continue
        m = ctx[CLUE + x]
        keep = BOTH
        if flags & SIZE:
            if m == 1 or m == 2:
                keep &= SH
            for v in (SH, WH):
                num = m if m >= 1 else -1
                size = 1
                bad = False
                k1, k2, k3 = -1, -1, -1
                for y in (x - W, x + W, x - 1, x + 1):
                    k = ctx[LABEL + y]
                    if k < 0 or g[y] != v or k == k1 or k == k2 or k == k3:  # noqa: SIM109
                        continue
                    if k1 < 0:
                        k1 = k
                    elif k2 < 0:
                        k2 = k
                    else:
                        k3 = k
                    size += ctx[SIZE_ + k]
                    q = ctx[NUM + k]
                    if q >= 1:
                        if num >= 1 and num != q:
                            bad = True
                        num = q
                if bad or (num >= 1 and size > num):
                    keep &= ~v
        if flags & BOX and m >= 1 and keep & SH and not _fits(g, ctx, x, m, R, C, W):
            keep &= WH
        if flags & SIZE and m >= 3 and keep & WH and not ctx[WIDE + x]:
            reach = _reach(g, ctx, x, WH, m, W, STACK, MARK, K + x, LABEL, NUM)
            if reach < m:
                keep &= SH
            elif reach > m:
                _reached(g, ctx, WH, m, reach, STACK, LABEL, NUM, REACHED, WIDE)
        if keep != BOTH:
            top = _narrow(g, ctx, TODO, QUEUED, top, x, keep)
            if top < 0:
                return -1
    return top


@njit(cache=True, nogil=True)
def _reach(g, ctx, x0, v, num, W, STACK, MARK, stamp, LABEL, NUM):  # pragma: no cover
    """How many cells (up to num + 1) the group of x0, of colour v and number num, could
    take in: those reached from it through cells that may have its colour and would not
    join it to a number of its colour other than num (they sit in such a group, carry such
    a number, or touch such a group). Breadth first: the cells reached are STACK[:count]."""
    ctx[MARK + x0] = stamp
    ctx[STACK] = x0
    head, tail = 0, 1
    while head < tail:
        x = ctx[STACK + head]
        head += 1
        if head > num:
            return head
        for y in (x - W, x + W, x - 1, x + 1):
            if ctx[4 + y] == FRAME or not g[y] & v or ctx[MARK + y] == stamp:
                continue
            ctx[MARK + y] = stamp
            q = ctx[4 + y]
            if q >= 1 and q != num:
                continue
            if g[y] == v and ctx[LABEL + y] >= 0:
                q = ctx[NUM + ctx[LABEL + y]]
                if q >= 1 and q != num:
                    continue
            else:
                clash = False
                for z in (y - W, y + W, y - 1, y + 1):
                    if g[z] == v and ctx[LABEL + z] >= 0:
                        q = ctx[NUM + ctx[LABEL + z]]
                        clash = clash or (q >= 1 and q != num)
                if clash:
                    continue
            ctx[STACK + tail] = y
            tail += 1
    return head


@njit(cache=True, nogil=True)
def _reached(g, ctx, v, num, reach, STACK, LABEL, NUM, REACHED, WIDE):  # pragma: no cover
    """After a `_reach` past num: the groups of colour v and number num among the cells it
    met, and the open cells of that number, reach past num too (the same cells are allowed
    to all of them, and they are connected): marked, so they are not searched again."""
    for i in range(reach):
        y = ctx[STACK + i]
        j = ctx[LABEL + y]
        if g[y] == v and j >= 0 and ctx[NUM + j] == num:
            ctx[REACHED + j] = 1
        elif g[y] == BOTH and ctx[4 + y] == num and v == WH:
            ctx[WIDE + y] = 1


@njit(cache=True, nogil=True, inline="always")
def _rect_ok(g, ctx, t, lf, h, w, W):  # pragma: no cover - compiled
    """Can rows t..t+h-1, columns lf..lf+w-1 (padded) be one whole shaded group: every cell
    shadable, no shaded cell beside it along a side?"""
    for r in range(t, t + h):
        for c in range(lf, lf + w):
            if not g[r * W + c] & SH:
                return False
    for c in range(lf, lf + w):
        if g[(t - 1) * W + c] == SH or g[(t + h) * W + c] == SH:
            return False
    for r in range(t, t + h):  # noqa: SIM110  (compiled: a plain loop)
        if g[r * W + lf - 1] == SH or g[r * W + lf + w] == SH:
            return False
    return True


@njit(cache=True, nogil=True)
def _fits(g, ctx, x, m, R, C, W):  # pragma: no cover - compiled
    """Does some rectangle of area m through cell x pass `_rect_ok`?"""
    r0, c0 = x // W, x % W
    for h in range(1, min(m, R) + 1):
        if m % h:
            continue
        w = m // h
        if w > C:
            continue
        for t in range(max(1, r0 - h + 1), min(r0, R - h + 1) + 1):
            for lf in range(max(1, c0 - w + 1), min(c0, C - w + 1) + 1):
                if _rect_ok(g, ctx, t, lf, h, w, W):
                    return True
    return False


@njit(cache=True, nogil=True)
def _box(g, ctx, k, m, t0, l0, b0, r0, R, C, W, n, LABEL, COVER,
         TODO, QUEUED, top):  # pragma: no cover - compiled
    """The rectangles of area m holding the shaded group k (box t0..b0 × l0..r0): none is a
    contradiction; cells in all of them are shaded; open neighbours of the group in none
    are unshaded. The new top, or -1."""
    count = 0
    T, L, B, RR = R + 2, W, -1, -1  # the reach of all the rectangles
    for h in range(b0 - t0 + 1, min(m, R) + 1):
        if m % h:
            continue
        w = m // h
        if w < r0 - l0 + 1 or w > C:
            continue
        for t in range(max(1, b0 - h + 1), min(t0, R - h + 1) + 1):
            for lf in range(max(1, r0 - w + 1), min(l0, C - w + 1) + 1):
                if not _rect_ok(g, ctx, t, lf, h, w, W):
                    continue
                count += 1
                T, B, L, RR = min(T, t), max(B, t + h - 1), min(L, lf), max(RR, lf + w - 1)
                for r in range(t, t + h):
                    for c in range(lf, lf + w):
                        ctx[COVER + r * W + c] += 1
    if count == 0:
        return -1
    for r in range(T, B + 1):
        for c in range(L, RR + 1):
            y = r * W + c
            if ctx[COVER + y] == count and g[y] == BOTH:
                g[y] = SH
                top = kernel.push(ctx, TODO, QUEUED, top, y)
    for x in range(n):
        if ctx[LABEL + x] == k:
            for y in (x - W, x + W, x - 1, x + 1):
                if g[y] == BOTH and ctx[4 + y] != FRAME and ctx[COVER + y] == 0:
                    g[y] = WH
                    top = kernel.push(ctx, TODO, QUEUED, top, y)
    for r in range(T, B + 1):
        for c in range(L, RR + 1):
            ctx[COVER + r * W + c] = 0
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
