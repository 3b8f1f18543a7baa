"""Shakashaka's rules as whole-board array sweeps.

Domains live in a padded (rows+2)×(cols+2) grid, flattened; the frame is black, so the board
edge needs no special case. The lattice rule reads the four quadrant views of that grid (one
shifted slice each), forms every point's 16-bit key at once, looks up the supported patterns,
and narrows each cell by the AND of its four corners. The clue rule counts possible and
certain triangles around every number at once."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...engine import Rule, fixpoint
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
_NEIGHBOURS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def lattice_rule(rows: int, cols: int, names: frozenset[str]) -> Rule:
    """Arc consistency of every lattice point against the ring tables named."""
    table = support_table(names)
    R, C = rows, cols

    def rule(d: np.ndarray) -> np.ndarray:
        b = d.reshape(d.shape[0], R + 2, C + 2)
        key = (
            _D2P[0][b[:, : R + 1, 1:]]  # NE cell of each point
            | _D2P[1][b[:, 1:, 1:]]  # SE
            | _D2P[2][b[:, 1:, : C + 1]]  # SW
            | _D2P[3][b[:, : R + 1, : C + 1]]  # NW
        )
        sup = table[key]
        mask = (
            _P2D[0][sup[:, 1:, :C] & 15]
            & _P2D[1][(sup[:, :R, :C] >> 4) & 15]
            & _P2D[2][(sup[:, :R, 1:] >> 8) & 15]
            & _P2D[3][sup[:, 1:, 1:] >> 12]
        )
        out = b.copy()
        out[:, 1 : R + 1, 1 : C + 1] &= mask
        return out.reshape(d.shape)

    return rule


def clue_rule(puzzle: Puzzle) -> Rule | None:
    """A number n: exactly n of its edge neighbours hold a triangle. Count the neighbours that
    must and that may; too many or too few is a contradiction (the number's own domain is
    emptied); when the count is met, the others lose their triangles; when it can only just
    be met, every possible one must be a triangle."""
    spots = [
        (r + 1, c + 1, n)
        for r, row in enumerate(puzzle.clues)
        for c, n in enumerate(row)
        if n >= 0
    ]
    if not spots:
        return None
    ca, cb, n = (np.array(v) for v in zip(*spots, strict=True))
    R, C = puzzle.rows, puzzle.cols
    around = [(ca + dr, cb + dc) for dr, dc in _NEIGHBOURS]

    def rule(d: np.ndarray) -> np.ndarray:
        b = d.reshape(d.shape[0], R + 2, C + 2)
        may = (b & TRI) != 0
        must = (b & NO_TRI) == 0
        may_n = sum(may[:, a, c].astype(np.int8) for a, c in around)
        must_n = sum(must[:, a, c].astype(np.int8) for a, c in around)
        met = must_n == n
        tight = may_n == n
        out = b.copy()
        for a, c in around:
            keep = np.where(met & ~must[:, a, c], NO_TRI, ALL) & np.where(
                tight & may[:, a, c], TRI, ALL
            )
            out[:, a, c] &= keep.astype(np.uint8)
        bad = (must_n > n) | (may_n < n)
        out[:, ca, cb] = np.where(bad, 0, out[:, ca, cb])
        return out.reshape(d.shape)

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
