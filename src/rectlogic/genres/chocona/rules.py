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

from collections.abc import Callable
from functools import cache

import numpy as np

from ...engine import Rule, fixpoint
from ...engine.lattice import point_rule
from .model import BIT, BOTH, SHADED, WHITE, Puzzle

RULES = ("quota", "corner", "box", "probe")
LADDER = {
    "none": (),
    "quota": ("quota",),
    "corner": ("quota", "corner"),
    "box": ("quota", "corner", "box"),
    "probe": ("quota", "corner", "box", "probe"),
}
SH, WH = BIT[SHADED], BIT[WHITE]


@cache
def window_tables() -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """Key parts (a cell's 2-bit domain in its quadrant's place) and, per quadrant, the values
    a cell keeps given the point's key: those in some filling of the window whose shaded
    count is not three."""
    parts = tuple(np.array([d << (2 * q) for d in range(4)], dtype=np.uint8) for q in range(4))
    allowed = np.zeros((4, 256), dtype=np.uint8)
    for key in range(256):
        doms = [(key >> (2 * q)) & 3 for q in range(4)]
        for fill in range(16):
            values = [(fill >> q) & 1 for q in range(4)]
            if sum(values) != 3 and all((doms[q] >> values[q]) & 1 for q in range(4)):
                for q in range(4):
                    allowed[q][key] |= 1 << values[q]
    return parts, tuple(allowed)


def corner_rule(puzzle: Puzzle) -> Rule:
    parts, allowed = window_tables()
    return point_rule(puzzle.rows, puzzle.cols, parts, allowed)


def padded_regions(puzzle: Puzzle) -> np.ndarray:
    """Region index per padded cell; frame cells get an extra region with no clue."""
    k = len(puzzle.clues)
    reg = np.full((puzzle.rows + 2, puzzle.cols + 2), k, dtype=np.intp)
    reg[1:-1, 1:-1] = puzzle.regions
    return reg.ravel()


def quota_rule(puzzle: Puzzle) -> Rule | None:
    if not any(v >= 0 for v in puzzle.clues):
        return None
    reg = padded_regions(puzzle)
    order = np.argsort(reg, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(reg[order]) != 0])
    clues = np.array([*puzzle.clues, -1])
    target = np.where(clues >= 0, clues, 99)  # 99: never met, never exceeded
    floor = np.where(clues >= 0, clues, -1)  # -1: never short

    def tally(x: np.ndarray) -> np.ndarray:
        return np.add.reduceat(x[:, order].astype(np.int16), starts, axis=1)

    def rule(d: np.ndarray) -> np.ndarray:
        shaded = tally(d == SH)
        shadable = tally((d & SH) != 0)
        open_ = d == BOTH
        out = d.copy()
        out[((shaded == target)[:, reg]) & open_] = WH
        out[((shadable == target)[:, reg]) & open_] = SH
        out[((shaded > target) | (shadable < floor))[:, reg]] = 0
        return out

    return rule


def box_rule(puzzle: Puzzle) -> Rule:
    R, C = puzzle.rows, puzzle.cols

    def rule(d: np.ndarray) -> np.ndarray:
        return np.stack([_box_one(g.reshape(R + 2, C + 2)).ravel() for g in d])

    return rule


def _prefix(a: np.ndarray) -> np.ndarray:
    p = np.zeros((a.shape[0] + 1, a.shape[1] + 1), dtype=np.int32)
    p[1:, 1:] = a.cumsum(0).cumsum(1)
    return p


def _clumps(shaded: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Bounding boxes (top, bottom, left, right) of the 4-connected clumps of shaded cells."""
    seen = np.zeros_like(shaded)
    boxes = []
    for r0, c0 in zip(*np.nonzero(shaded), strict=True):
        if seen[r0, c0]:
            continue
        seen[r0, c0] = True
        todo, box = [(r0, c0)], [r0, r0, c0, c0]
        while todo:
            r, c = todo.pop()
            box = [min(box[0], r), max(box[1], r), min(box[2], c), max(box[3], c)]
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if shaded[rr, cc] and not seen[rr, cc]:
                    seen[rr, cc] = True
                    todo.append((rr, cc))
        boxes.append((int(box[0]), int(box[1]), int(box[2]), int(box[3])))
    return boxes


def _count(p: np.ndarray, t: int, b: int, lft: int, r: int) -> int:
    """How many marked cells in rows t..b, columns lft..r, from a prefix-sum table."""
    return int(p[b + 1, r + 1] - p[t, r + 1] - p[b + 1, lft] + p[t, lft])


def _growth(g: np.ndarray, box: tuple[int, int, int, int]) -> tuple[int, np.ndarray]:
    """The rectangles a clump with this bounding box can still become: how many, and per
    cell how many of them cover it. A rectangle must hold only shadable cells and have no
    forced-shaded cell along its four sides (that cell would join the clump)."""
    t0, b0, l0, r0 = box
    blocked = _prefix(g & SH == 0)
    forced = _prefix(g == SH)

    def free(t: int, b: int, lft: int, r: int) -> bool:
        return not _count(blocked, t, b, lft, r)

    def sides_clear(t: int, b: int, lft: int, r: int) -> bool:
        return not (
            _count(forced, t - 1, t - 1, lft, r) or _count(forced, b + 1, b + 1, lft, r)
            or _count(forced, t, b, lft - 1, lft - 1) or _count(forced, t, b, r + 1, r + 1)
        )

    last_row, last_col = g.shape[0] - 1, g.shape[1] - 1
    cover = np.zeros((g.shape[0] + 1, g.shape[1] + 1), dtype=np.int32)
    n = 0
    for t in _reach(t0, 0, -1, lambda t: free(t, t0, l0, r0)):
        for b in _reach(b0, last_row, 1, lambda b, t=t: free(t, b, l0, r0)):
            lefts = _reach(l0, 0, -1, lambda c, t=t, b=b: free(t, b, c, l0))
            rights = _reach(r0, last_col, 1, lambda c, t=t, b=b: free(t, b, r0, c))
            for lft in lefts:
                for r in rights:
                    if sides_clear(t, b, lft, r):
                        n += 1
                        cover[t, lft] += 1
                        cover[t, r + 1] -= 1
                        cover[b + 1, lft] -= 1
                        cover[b + 1, r + 1] += 1
    return n, cover.cumsum(0).cumsum(1)[:-1, :-1]


def _box_one(g: np.ndarray) -> np.ndarray:
    if not g.all():
        return g
    out = g.copy()
    for t0, b0, l0, r0 in _clumps(g == SH):
        if (out[t0 : b0 + 1, l0 : r0 + 1] & SH == 0).any():
            return np.zeros_like(g)
        n, reach = _growth(out, (t0, b0, l0, r0))
        if n == 0:
            return np.zeros_like(g)
        out[reach == n] &= SH
        ring = np.zeros(g.shape, dtype=bool)
        ring[t0 - 1, l0 : r0 + 1] = ring[b0 + 1, l0 : r0 + 1] = True
        ring[t0 : b0 + 1, l0 - 1] = ring[t0 : b0 + 1, r0 + 1] = True
        out[ring & (reach == 0)] &= WH
        if not out.all():
            return out
    return out


def _reach(start: int, stop: int, step: int, ok: Callable[[int], bool]) -> list[int]:
    """start, start+step, … up to (not including) stop, for as long as ok holds."""
    out = []
    for v in range(start, stop, step):
        if not ok(v):
            break
        out.append(v)
    return out


def build(puzzle: Puzzle, names: frozenset[str]) -> Callable[[np.ndarray], np.ndarray] | None:
    rules: list[Rule] = []
    if "quota" in names and (rule := quota_rule(puzzle)) is not None:
        rules.append(rule)
    if "corner" in names:
        rules.append(corner_rule(puzzle))
    if "box" in names:
        rules.append(box_rule(puzzle))
    if not rules:
        return None
    return lambda d: fixpoint(d, rules)
