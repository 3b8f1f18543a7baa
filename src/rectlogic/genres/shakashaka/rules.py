"""Shakashaka's rules, compiled (what the solver runs) and as whole-board array sweeps (their
Python twin, which the tests hold the compiled rules to).

Domains live in a padded (rows+2)×(cols+2) grid, flattened; the frame is black, so the board
edge needs no special case. The lattice rule forms a point's 16-bit key from its four cells,
looks up the supported patterns, and narrows each cell to them; the clue rule counts possible
and certain triangles around a number. Compiled (`fixpoint`), work spreads from each changed
cell to its four points and the numbers beside it; as sweeps (`build_arrays`), every point
and every number at once."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache

import numpy as np

from ...compiled import njit
from ...engine import Rule, kernel
from ...engine import fixpoint as sweep_fixpoint
from ...engine.kernel import CompiledRules, Kernels
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

RULES = ("clues", "parity", "tips", "reflex", "probe", "nested")
LADDER = {
    "none": (),
    "clues": ("clues",),
    "parity": ("clues", "parity"),
    "tips": ("clues", "parity", "tips"),
    "reflex": ("clues", "parity", "tips", "reflex"),
    "probe": ("clues", "parity", "tips", "reflex", "probe"),
    "nested": ("clues", "parity", "tips", "reflex", "probe", "nested"),
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


def build_arrays(puzzle: Puzzle,
                 names: frozenset[str]) -> Callable[[np.ndarray], np.ndarray] | None:
    """The fixpoint of the named rules (any subset of clues, parity, tips, reflex), as
    numpy sweeps over a batch of boards."""
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
    return lambda d: sweep_fixpoint(d, rules)


# -- compiled ---------------------------------------------------------------------------------

CLUES, LATTICE = 1, 2
"""Rule flags in the packed context."""
HEAD = 3


@cache
def _tables(ring_names: frozenset[str]) -> np.ndarray:
    """The context's constant part for these ring rules: key parts (4·64), pattern → states
    (4·16) and the support table (65,536 keys)."""
    return np.concatenate([np.concatenate(_D2P), np.concatenate(_P2D),
                           support_table(ring_names)]).astype(np.int32)


def pack(puzzle: Puzzle, names: frozenset[str]) -> np.ndarray | None:
    """The puzzle and the chosen rules as the int32 context of `fixpoint`: R, C, flags, then
    per padded cell its number (99: none) and its floor (-1: none), the tables (only when a
    ring rule is chosen: the clue rule alone reads none), and 2·N cells of scratch for the
    worklist. None when no rule is chosen."""
    clues = puzzle.clue_array
    numbered = clues >= 0
    ring_names = frozenset(names & RING_TABLES.keys())
    flags = CLUES * ("clues" in names and bool(numbered.any())) | LATTICE * bool(ring_names)
    if not flags:
        return None
    R, C = puzzle.rows, puzzle.cols
    n = (R + 2) * (C + 2)
    tables = _tables(ring_names) if ring_names else np.zeros(0, dtype=np.int32)
    ctx = np.zeros(HEAD + 2 * n + tables.size + 2 * n, dtype=np.int32)  # one copy of the tables
    ctx[:HEAD] = R, C, flags
    target = ctx[HEAD:HEAD + n].reshape(R + 2, C + 2)
    target[:] = 99
    target[1:-1, 1:-1] = np.where(numbered, clues, 99)
    ctx[HEAD + n:HEAD + 2 * n] = np.where(target == 99, -1, target).ravel()  # the floor
    ctx[HEAD + 2 * n:HEAD + 2 * n + tables.size] = tables
    return ctx


def build(puzzle: Puzzle, names: frozenset[str]) -> CompiledRules | None:
    """The fixpoint of the named rules, compiled."""
    ctx = pack(puzzle, names)
    return None if ctx is None else CompiledRules(KERNELS, ctx)


@njit(cache=True, nogil=True)
def fixpoint(g, ctx, seed):  # pragma: no cover - compiled
    """Narrow one padded board g in place to the fixpoint of the rules packed in ctx; False
    on a contradiction. Work spreads from changed cells (all cells when seed < 0 or seed =
    N) to the numbers beside them and their four lattice points. The context is read by
    offsets (see `pack`), never sliced."""
    R, C, flags = np.int64(ctx[0]), np.int64(ctx[1]), ctx[2]
    W, n = C + 2, g.size
    TARGET = HEAD
    FLOOR = TARGET + n
    PARTS = FLOOR + n
    P2D = PARTS + 256
    SUP = P2D + 64
    TODO, QUEUED = ctx.size - 2 * n, ctx.size - n
    top = 0
    for x in range(n) if seed < 0 or seed >= n else range(seed, seed + 1):
        top = kernel.push(ctx, TODO, QUEUED, top, x)
    while top:
        top -= 1
        x = np.int64(ctx[TODO + top])
        ctx[QUEUED + x] = 0
        if g[x] == 0:
            return kernel.fail(ctx, QUEUED, n)
        if flags & CLUES:
            for y in (x, x - 1, x + 1, x - W, x + W):
                if y < 0 or y >= n or ctx[FLOOR + y] < 0:
                    continue  # off the grid, or no number there
                must = may = 0
                for z in (y - 1, y + 1, y - W, y + W):
                    may += (g[z] & TRI) != 0
                    must += (g[z] & NO_TRI) == 0
                target = ctx[TARGET + y]
                if must > target or may < ctx[FLOOR + y]:
                    return kernel.fail(ctx, QUEUED, n)
                for z in (y - 1, y + 1, y - W, y + W):
                    if g[z] & TRI and g[z] & NO_TRI and (must == target or may == target):
                        g[z] &= NO_TRI if must == target else TRI  # met, or only just met
                        top = kernel.push(ctx, TODO, QUEUED, top, z)
        if flags & LATTICE:
            r, c = x // W, x % W
            for i in range(max(r - 1, 0), min(r, R) + 1):
                for j in range(max(c - 1, 0), min(c, C) + 1):
                    nw = i * W + j
                    ne, sw = nw + 1, nw + W
                    se = sw + 1
                    key = (ctx[PARTS + g[ne]] | ctx[PARTS + 64 + g[se]]
                           | ctx[PARTS + 128 + g[sw]] | ctx[PARTS + 192 + g[nw]])
                    sup = ctx[SUP + key]
                    for q, y in ((0, ne), (1, se), (2, sw), (3, nw)):
                        v = g[y] & ctx[P2D + 16 * q + ((sup >> (4 * q)) & 15)]
                        if v != g[y]:
                            if v == 0:
                                return kernel.fail(ctx, QUEUED, n)
                            g[y] = v
                            top = kernel.push(ctx, TODO, QUEUED, top, y)
    return True


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


KERNELS = Kernels(_many, _probe, _search)
