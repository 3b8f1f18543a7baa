"""Square Jam's rules over the cells' domains (see `model`), compiled: each board's domains
are read as the live candidate squares, the region kit's exact-cover laws run to their
fixpoint over them, and the domains are read back.

- cover: a cell no square can cover is a contradiction; a cell only one square can cover
  takes it, and every square overlapping it dies (a cell sure to start a square — bit 0
  gone — has no other coverer);
- cross: no four squares meet at a point (`kits.regions.no_four_meet`);
- core: whichever square covers a cell, it covers the squares' intersection, which no
  square that misses the cell may touch."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...compiled import njit
from ...engine import kernel, limits
from ..kits.regions import settle_cover
from .model import Puzzle, Squares, squares

RULES = ("cover", "cross", "core", "probe", "nested")
LADDER = {"none": (), **{rule: RULES[:k + 1] for k, rule in enumerate(RULES)}}
"""Each rung is named after the rule it adds to the one below."""


def build(puzzle: Puzzle, names: frozenset[str]) -> SquareRules | None:
    if not names & {"cover", "cross", "core"}:
        return None
    return SquareRules(puzzle, "core" in names, "cross" in names)


class SquareRules:
    """The rules for one puzzle as the engine's batch propagator (B, N) → (B, N) over the
    cells' uint64 domains, and the engine's search over them compiled (`compiled_search`).
    `cover` is in every set: the others read what it keeps."""

    def __init__(self, puzzle: Puzzle, core: bool, cross: bool) -> None:
        self.puzzle = puzzle
        self.sq: Squares = squares(puzzle)
        self.R, self.C = puzzle.rows, puzzle.cols
        self.core, self.cross = core, cross

    def _args(self) -> tuple:
        sq = self.sq
        return (sq.rects, sq.first, sq.start, sq.members, self.R, self.C, self.core,
                self.cross)

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        out = np.array(batch, dtype=np.uint64, order="C")
        _settle_many(out, *self._args())
        return out

    def compiled_search(self, domains: np.ndarray, accept: Callable[[np.ndarray], bool] | None,
                        limit: int, budget: int | None, prefer: np.ndarray | None,
                        settled: bool) -> tuple[list[np.ndarray], int, str | None]:
        """`engine.search.search` with these rules, compiled: the same tree (the open cell
        with the fewest values first, ties by `prefer`, its lowest value first)."""
        d = np.asarray(domains, dtype=np.uint64)
        if not d.all():
            return [], 1, None
        weights = np.zeros(0) if prefer is None else np.asarray(prefer, dtype=float)
        stack = d.reshape(1, -1).copy()
        leaf = np.empty(d.size, np.uint64)
        stop = limits.stop_flag()
        top, skip = 1, settled

        def step(chunk: int) -> tuple[int, int, int, int]:
            nonlocal stack, top, skip
            status, stack, top, used = _search(stack, top, *self._args(), weights, skip,
                                               chunk, leaf, stop)
            skip = False
            return status, used, stack.nbytes, top

        return kernel.drive(step, leaf.copy, accept, limit, budget,
                            kernel.chunk_for(leaf.nbytes))


@njit(cache=True, nogil=True)
def _read(d, rects, first, C, alive):  # pragma: no cover - compiled
    """Domains → live candidates: a square lives while its side is in its anchor's domain
    and every other cell it covers may be covered from elsewhere (keeps bit 0)."""
    for i in range(first.size - 1):
        for x in range(first[i], first[i + 1]):
            t, lft, s = rects[x, 0], rects[x, 1], rects[x, 2]
            ok = (d[i] >> np.uint64(s)) & np.uint64(1) == 1
            for r in range(t, t + s):
                if not ok:
                    break
                for c in range(lft, lft + s):
                    if (r != t or c != lft) and not d[r * C + c] & np.uint64(1):
                        ok = False
                        break
            alive[x] = ok


@njit(cache=True, nogil=True)
def _write(alive, rects, first, start, members, d):  # pragma: no cover - compiled
    """Live candidates → domains: each anchor's live sides, and bit 0 where a live square
    from elsewhere covers the cell."""
    for i in range(first.size - 1):
        v = np.uint64(0)
        for x in range(first[i], first[i + 1]):
            if alive[x]:
                v |= np.uint64(1) << np.uint64(rects[x, 2])
        for m in range(start[i], start[i + 1]):
            x = members[m]
            if alive[x] and not first[i] <= x < first[i + 1]:
                v |= np.uint64(1)
                break
        d[i] = v


@njit(cache=True, nogil=True)
def _settle(d, rects, first, start, members, R, C, core, cross, alive):  # pragma: no cover
    """One board to the fixpoint, in place; False (and all zeros) on a contradiction."""
    _read(d, rects, first, C, alive)
    if not settle_cover(alive, rects, start, members, R, C, core, cross):
        d[:] = 0
        return False
    _write(alive, rects, first, start, members, d)
    return True


@njit(cache=True, nogil=True)
def _settle_many(batch, rects, first, start, members, R, C, core, cross):  # pragma: no cover
    alive = np.empty(rects.shape[0], np.bool_)
    for b in range(batch.shape[0]):
        _settle(batch[b], rects, first, start, members, R, C, core, cross, alive)


@njit(cache=True, nogil=True, inline="always")
def _bits(v):  # pragma: no cover - compiled
    n = 0
    while v:
        v &= v - np.uint64(1)
        n += 1
    return n


@njit(cache=True, nogil=True)
def _search(stack, top, rects, first, start, members, R, C, core, cross, prefer, skip,
            budget, leaf, stop):  # pragma: no cover - compiled
    """Up to `budget` nodes of the engine's search (stack rows: boards, top rows live), each
    node settled (the first not, when `skip`), branching on the open cell of fewest values
    (ties: the smallest score less `prefer`'s tiebreak, as `search.tiebreak_of` has it),
    lowest value first. Stops at a complete node (copied to `leaf`), at the budget, when
    the stack empties or when stop[0] is raised. (status, stack, top, nodes)."""
    N = first.size - 1
    tiebreak = np.zeros(N)
    if prefer.size:
        scale = 0.0
        for i in range(N):
            scale = max(scale, abs(prefer[i]))
        for i in range(N):
            tiebreak[i] = prefer[i] / (2.0 * (scale + 1))
    alive = np.empty(rects.shape[0], np.bool_)
    nodes = 0
    while top > 0:
        if stop[0] or nodes >= budget:  # the deadline, or the chunk of nodes, is used up
            return (kernel.STOPPED if stop[0] else kernel.BUDGET), stack, top, nodes
        top -= 1
        d = stack[top].copy()
        nodes += 1
        if not (skip and nodes == 1) and not _settle(d, rects, first, start, members, R, C,
                                                      core, cross, alive):
            continue
        best, score, size = -1, np.inf, 0
        for i in range(N):
            n = _bits(d[i])
            if n > 1 and n - tiebreak[i] < score:
                best, score, size = i, n - tiebreak[i], n
        if best < 0:
            kernel.copy_into(leaf, d)
            return kernel.FOUND, stack, top, nodes
        if top + size > stack.shape[0]:
            grown = np.empty((2 * stack.shape[0] + size, N), np.uint64)
            grown[:top] = stack[:top]
            stack = grown
        values = np.empty(size, np.uint64)
        rest, k = d[best], 0
        while rest:
            low = rest & (~rest + np.uint64(1))
            values[k] = low
            rest ^= low
            k += 1
        for k in range(size - 1, -1, -1):  # pushed last, popped first: the lowest value
            kernel.copy_into(stack[top], d)
            stack[top, best] = values[k]
            top += 1
    return kernel.DONE, stack, top, nodes
