"""Shikaku's two dual rules over candidate sets (Python integers as bitsets).

- only-coverer: a cell that only one clue can still reach pins that clue to the candidates
  covering it (and a cell nobody can reach is a contradiction);
- forced-cell: a cell that every candidate of one clue covers is closed to every other clue
  (so a clue with one candidate left commits it).
A clue that loses every candidate is a contradiction. Before anything, without `?`, the
numbers must add up to the board's area."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .model import Puzzle, candidates, rect_mask

RULES = ("only-coverer", "forced-cell", "probe")
LADDER = {
    "none": (),
    "coverer": ("only-coverer",),
    "dual": ("only-coverer", "forced-cell"),
    "probe": ("only-coverer", "forced-cell", "probe"),
}


def _bits(v: int) -> list[int]:
    out = []
    while v:
        low = v & -v
        out.append(low.bit_length() - 1)
        v ^= low
    return out


def build(puzzle: Puzzle, names: frozenset[str]) -> Callable[[np.ndarray], np.ndarray] | None:
    coverer, forced = "only-coverer" in names, "forced-cell" in names
    if not (coverer or forced):
        return None
    masks = [[rect_mask(rect, puzzle.cols) for rect in cands] for cands in candidates(puzzle)]
    everything = (1 << (puzzle.rows * puzzle.cols)) - 1
    exact = all(n > 0 for _, _, n in puzzle.numbers)
    area_ok = not exact or sum(n for _, _, n in puzzle.numbers) == puzzle.rows * puzzle.cols

    def settle(domains: list[int]) -> list[int]:
        """Both rules, round after round, on one board; all zeros on a contradiction.
        Each clue keeps its live candidates as (index, cells) pairs, and its cover (cells it
        can reach) and core (cells it surely covers) are recomputed only when they shrink."""
        dead = [0] * len(domains)
        if not area_ok:
            return dead
        live = [[(i, masks[k][i]) for i in _bits(a)] for k, a in enumerate(domains)]
        cover, core = [0] * len(live), [0] * len(live)

        def refresh(k: int) -> bool:
            cv, co = 0, everything
            for _, m in live[k]:
                cv |= m
                co &= m
            cover[k], core[k] = cv, co
            return bool(live[k])

        if not all(refresh(k) for k in range(len(live))):
            return dead
        changed = True
        while changed:
            changed = False
            if forced:
                claimed = 0
                for co in core:
                    if claimed & co:
                        return dead  # two clues both sure to cover one cell
                    claimed |= co
                for k in range(len(live)):
                    others = claimed & ~core[k]
                    if cover[k] & others:
                        live[k] = [(i, m) for i, m in live[k] if not m & others]
                        if not refresh(k):
                            return dead
                        changed = True
            if coverer:
                once = twice = 0
                for cv in cover:
                    twice |= once & cv
                    once |= cv
                if once != everything:
                    return dead  # a cell nobody can reach
                only = once & ~twice
                for k in range(len(live)):
                    need = only & cover[k]
                    if need and need & ~core[k]:
                        live[k] = [(i, m) for i, m in live[k] if m & need == need]
                        if not refresh(k):
                            return dead
                        changed = True
        return [sum(1 << i for i, _ in pairs) for pairs in live]

    def propagate(d: np.ndarray) -> np.ndarray:
        out = np.empty_like(d)
        for b in range(d.shape[0]):
            out[b] = settle([int(v) for v in d[b]])
        return out

    return propagate
