"""Shakashaka's rules as whole-board array sweeps.

Domains live in a padded (rows+2)×(cols+2) grid, flattened; the frame is black, so the board
edge needs no special case. The lattice rule reads the four quadrant views of that grid (one
shifted slice each), forms every point's 16-bit key at once, looks up the supported patterns,
and narrows each cell by the AND of its four corners. The clue rule counts possible and
certain triangles around every number at once."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from ...engine import Rule, fixpoint
from ...engine.lattice import point_rule
from ...grid import neighbour_sum
from .model import (
    DOMAIN_TO_PATTERNS,
    NO_TRI,
    PATTERNS_TO_DOMAIN,
    RING_TABLES,
    TRI,
    Puzzle,
    support_table,
)

RULES = ("clues", "parity", "tips", "reflex", "probe")
LADDER = {
    "none": (),
    "clues": ("clues",),
    "parity": ("clues", "parity"),
    "tips": ("clues", "parity", "tips"),
    "reflex": ("clues", "parity", "tips", "reflex"),
    "probe": ("clues", "parity", "tips", "reflex", "probe"),
}
ALL = np.uint8(0x3F)
_D2P = [DOMAIN_TO_PATTERNS[q] for q in range(4)]
_P2D = [PATTERNS_TO_DOMAIN[q] for q in range(4)]


def lattice_rule(rows: int, cols: int, names: frozenset[str]) -> Rule:
    """Arc consistency of every lattice point against the ring tables named."""
    return point_rule(rows, cols, _D2P, cell_masks(names))


@cache
def cell_masks(names: frozenset[str]) -> tuple[np.ndarray, ...]:
    """Per quadrant q, point key → the states a cell in quadrant q may keep (the 16-bit
    support table, unpacked once so that a sweep needs one lookup per corner)."""
    sup = support_table(names)
    return tuple(_P2D[q][(sup >> (4 * q)) & 15] for q in range(4))


def clue_rule(puzzle: Puzzle) -> Rule | None:
    """A number n: exactly n of its edge neighbours hold a triangle. Count the neighbours that
    must and that may; too many or too few is a contradiction (the number's own domain is
    emptied); when the count is met, the others lose their triangles; when it can only just
    be met, every possible one must be a triangle."""
    clues = np.array(puzzle.clues, dtype=np.int8)
    numbered = clues >= 0
    if not numbered.any():
        return None
    target = np.where(numbered, clues, 99).astype(np.int8)  # 99: never met, never exceeded
    floor = np.where(numbered, clues, -1).astype(np.int8)  # -1: never short
    R, C = puzzle.rows, puzzle.cols

    def rule(d: np.ndarray) -> np.ndarray:
        b = d.reshape(d.shape[0], R + 2, C + 2)
        may = (b & TRI) != 0
        must = (b & NO_TRI) == 0
        may_n = neighbour_sum(may.view(np.int8))
        must_n = neighbour_sum(must.view(np.int8))
        met = np.zeros(b.shape, dtype=bool)
        tight = np.zeros(b.shape, dtype=bool)
        met[:, 1:-1, 1:-1] = must_n == target
        tight[:, 1:-1, 1:-1] = may_n == target
        inner = b[:, 1:-1, 1:-1]
        keep = np.where(neighbour_sum(met) & ~must[:, 1:-1, 1:-1], NO_TRI, ALL) & np.where(
            neighbour_sum(tight) & may[:, 1:-1, 1:-1], TRI, ALL
        )
        bad = (must_n > target) | (may_n < floor)
        out = b.copy()
        out[:, 1:-1, 1:-1] = np.where(bad, 0, inner & keep)
        return out.reshape(d.shape)

    near = np.zeros((R + 2, C + 2), dtype=bool)
    rr, cc = np.nonzero(numbered)
    for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
        near[rr + 1 + dr, cc + 1 + dc] = True
    rule.watch = np.flatnonzero(near)  # type: ignore[attr-defined]
    return rule


def build(puzzle: Puzzle, names: frozenset[str]) -> Callable[[np.ndarray], np.ndarray] | None:
    """The fixpoint of the named rules (any subset of clues, parity, tips, reflex)."""
    rules: list[Rule] = []
    if "clues" in names:
        rule = clue_rule(puzzle)
        if rule is not None:
            rules.append(rule)
    ring_names = frozenset(names) & RING_TABLES.keys()
    if ring_names:
        rules.append(lattice_rule(puzzle.rows, puzzle.cols, frozenset(ring_names)))
    if not rules:
        return None
    return lambda d: fixpoint(d, rules)
