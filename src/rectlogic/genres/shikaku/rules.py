"""Shikaku's two dual rules over candidate sets, compiled.

- only-coverer: a cell that only one clue can still reach pins that clue to the candidates
  covering it (and a cell nobody can reach is a contradiction);
- forced-cell: a cell that every candidate of one clue covers is closed to every other clue
  (so a clue with one candidate left commits it).
A clue that loses every candidate is a contradiction. Before anything, without `?`, the
numbers must add up to the board's area."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from .model import Puzzle, candidate_array

RULES = ("only-coverer", "forced-cell", "probe")
LADDER = {
    "none": (),
    "coverer": ("only-coverer",),
    "dual": ("only-coverer", "forced-cell"),
    "probe": ("only-coverer", "forced-cell", "probe"),
}


def build(puzzle: Puzzle, names: frozenset[str]) -> Callable[[np.ndarray], np.ndarray] | None:
    coverer, forced = "only-coverer" in names, "forced-cell" in names
    if not (coverer or forced):
        return None
    rects, sizes, first = candidate_array(puzzle)
    exact = all(n > 0 for _, _, n in puzzle.numbers)
    area_ok = not exact or sum(n for _, _, n in puzzle.numbers) == puzzle.rows * puzzle.cols
    nbytes = (int(first[-1]) + 7) // 8
    owner = np.repeat(np.arange(sizes.size), sizes)  # each candidate's clue
    bit = (np.arange(int(first[-1])) - first[owner]).astype(np.uint64)  # and its bit there

    def unpack(domains: np.ndarray) -> np.ndarray:
        """Clue domains → one flag per candidate: vectorised for uint64 domains, through one
        long Python integer for wider (object) ones."""
        if domains.dtype != object:
            return ((domains[owner] >> bit) & np.uint64(1)).astype(np.bool_)
        packed = 0
        for k, v in enumerate(domains):
            packed |= int(v) << int(first[k])
        raw = np.frombuffer(packed.to_bytes(nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[: first[-1]].astype(np.bool_)

    def pack(alive: np.ndarray, like: np.ndarray) -> np.ndarray:
        if like.dtype != object:  # every clue has a live candidate here, so no empty slice
            return np.bitwise_or.reduceat(alive.astype(np.uint64) << bit, first[:-1])
        packed = int.from_bytes(np.packbits(alive, bitorder="little").tobytes(), "little")
        out = np.empty_like(like)
        for k in range(len(out)):
            out[k] = (packed >> int(first[k])) & ((1 << int(sizes[k])) - 1)
        return out

    def settle(domains: np.ndarray) -> np.ndarray:
        """Both rules on one board; all zeros on a contradiction."""
        alive = unpack(domains)
        if not area_ok or not _settle(
                alive, first, rects, puzzle.rows, puzzle.cols, coverer, forced):
            return np.zeros_like(domains)
        return pack(alive, domains)

    def propagate(d: np.ndarray) -> np.ndarray:
        return np.stack([settle(board) for board in d])

    return propagate


@njit(cache=True, nogil=True)
def _settle(alive, first, rects, R, C, coverer, forced):  # pragma: no cover - compiled
    """Both rules to their fixpoint over the live candidates (in place); False on a
    contradiction. Each round reads, per cell, how many clues can still reach it (and one of
    them) and which clue surely covers it (its core), then kills candidates against that."""
    K = first.size - 1
    reach = np.zeros(R * C, np.int64)  # per clue, in turn: its live candidates on each cell
    covers = np.zeros(R * C, np.int64)  # how many clues can reach the cell
    last = np.zeros(R * C, np.int64)  # one clue that can
    core = np.zeros(R * C, np.int64)  # the clue sure to cover the cell, or -1
    only_start = np.zeros(K + 1, np.int64)
    only = np.zeros(R * C, np.int64)
    changed = True
    while changed:
        changed = False
        covers[:] = 0
        core[:] = -1
        for k in range(K):
            live, top, left, bottom, right = 0, R, C, -1, -1
            for x in range(first[k], first[k + 1]):
                if alive[x]:
                    live += 1
                    t, lft, h, w = rects[x, 0], rects[x, 1], rects[x, 2], rects[x, 3]
                    top, left = min(top, t), min(left, lft)
                    bottom, right = max(bottom, t + h - 1), max(right, lft + w - 1)
                    for r in range(t, t + h):
                        for c in range(lft, lft + w):
                            reach[r * C + c] += 1
            if live == 0:
                return False
            for r in range(top, bottom + 1):
                for c in range(left, right + 1):
                    cell = r * C + c
                    if reach[cell]:
                        covers[cell] += 1
                        last[cell] = k
                        if forced and reach[cell] == live:
                            if core[cell] >= 0:
                                return False  # two clues both sure to cover one cell
                            core[cell] = k
                        reach[cell] = 0
        if coverer:  # the cells only one clue reaches, grouped by that clue
            only_start[:] = 0
            for cell in range(R * C):
                if covers[cell] == 0:
                    return False  # a cell nobody can reach
                if covers[cell] == 1:
                    only_start[last[cell] + 1] += 1
            for k in range(K):
                only_start[k + 1] += only_start[k]
            fill = only_start[:K].copy()
            for cell in range(R * C):
                if covers[cell] == 1:
                    only[fill[last[cell]]] = cell
                    fill[last[cell]] += 1
        for k in range(K):
            for x in range(first[k], first[k + 1]):
                if not alive[x]:
                    continue
                t, lft, h, w = rects[x, 0], rects[x, 1], rects[x, 2], rects[x, 3]
                if forced:
                    for r in range(t, t + h):  # a cell another clue surely covers: not mine
                        for c in range(lft, lft + w):
                            if core[r * C + c] >= 0 and core[r * C + c] != k:
                                alive[x] = False
                if coverer and alive[x]:
                    for i in range(only_start[k], only_start[k + 1]):  # only mine: covered
                        r, c = only[i] // C, only[i] % C
                        if not (t <= r < t + h and lft <= c < lft + w):
                            alive[x] = False
                            break
                if not alive[x]:
                    changed = True
    return True
