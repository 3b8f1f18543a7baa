"""Failed-literal probing over any lower rule set, batched.

For every undecided variable and every value it still allows, a copy of the board is made with
that value assigned; all copies run the lower rules to a fixpoint at once (one batch). A value
whose copy dies is impossible. Beyond that, whatever value a variable finally takes, the board
must look like one of its surviving copies, so each domain can shrink to the union of that
variable's surviving copies (constructive disjunction) — sound, and free once the batch ran.

The same batch says how much each value narrows the board. A variable both of whose values
narrow a lot is the one to branch on (the look-ahead rule of SAT solvers such as march): each
branch then starts from a much smaller board."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from math import comb

import numpy as np

from . import limits
from .fixpoint import Propagate, dead, popcount
from .kernel import (
    NO_RULES,
    NO_TALLIES,
    TALLY_WAYS,
    UNKNOWN,
    CompiledRules,
    run_search,
    unpack_tallies,
)

BATCH_ELEMENTS = 1 << 21
"""Upper bound on B·N for one probing batch, to keep memory flat on large boards."""


def _literals(d: np.ndarray, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (variable, single-bit value) pair still possible on the given variables."""
    idx, bits = [], []
    for i in cells:
        v = int(d[i])
        while v:
            low = v & -v
            idx.append(i)
            bits.append(low)
            v ^= low
    return np.asarray(idx, dtype=np.intp), np.asarray(bits, dtype=d.dtype)


def probe_cells(
    d: np.ndarray, cells: np.ndarray, propagate: Propagate, weights: np.ndarray | None = None
) -> np.ndarray:
    """Probe every value of the given variables of one board (N,) in one batch; return the
    narrowed domains (failed literals removed, constructive disjunction applied). With
    `weights` (N,), each probed variable's look-ahead weight is written there: 1024·Πw + Σw
    over its surviving values, w = how many values that value's fixpoint removed."""
    idx, bits = _literals(d, cells)
    batch = np.repeat(d[None], idx.size, axis=0)
    batch[np.arange(idx.size), idx] = bits
    out = propagate(batch)
    out[dead(out)] = 0
    starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])
    if weights is not None:
        alive = out.any(axis=1)
        w = np.where(alive, popcount(d).sum() - popcount(out).sum(axis=1), 1)
        weights[idx[starts]] = 1024.0 * np.multiply.reduceat(w.astype(float), starts) + (
            np.add.reduceat(w, starts))
    union = np.bitwise_or.reduceat(out, starts, axis=0)
    return d & np.bitwise_and.reduce(union, axis=0)


class Probing:
    """A batch propagator that probes each board over the `lower` rules (None: no rules).
    With `outer` (stronger rules too slow to run inside every probe), outer rules and probing
    alternate until neither narrows; with `tallies` (packed as `kernel.probe_tallies` reads
    them), the ways of each tally are probed then (`probe_tallies`: the dearest, so the
    last), and all again while they narrow. Compiled lower rules are probed by the compiled
    kernel. It remembers the look-ahead weights of the last board it settled."""

    def __init__(self, lower: Propagate | None, outer: Propagate | None = None,
                 tallies: np.ndarray = NO_TALLIES) -> None:
        self.lower = lower or (lambda d: d)
        self.outer = outer
        self.tallies = tallies
        self._last: tuple[np.ndarray, np.ndarray] | None = None

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        return np.stack([self.one(d) for d in batch])

    def _probe(self, d: np.ndarray, weights: np.ndarray) -> np.ndarray:
        if isinstance(self.lower, CompiledRules):
            return self.lower.probe(d, weights, WORK_BUDGET)
        return probe(d, self.lower, weights=weights)

    def one(self, d: np.ndarray) -> np.ndarray:
        weights = np.zeros(d.size)
        if self._settles_compiled:
            return self._settle(d, weights)
        if self.outer is not None:  # first: one cheap pass narrows what many probes would
            d = self.outer(d[None])[0]
        d = self._probe(d, weights)
        while (self.outer is not None or self.tallies[0]) and d.all():
            narrowed = d if self.outer is None else self.outer(d[None])[0]
            if np.array_equal(narrowed, d):
                narrowed = probe_tallies(d, self.tallies, self.lower)
            again = self._probe(narrowed, weights)
            if np.array_equal(again, d):
                break
            d = again
        self._last = (d, weights)
        return d

    @property
    def _settles_compiled(self) -> bool:
        """Is there stronger rules' or tallies' work the genre's compiled `settle` can do in
        one call (rather than alternating here)?"""
        return (self.compiled and self.lower.kernels.settle is not None
                and (self.outer is not None or bool(self.tallies[0])))

    def _settle(self, d: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """`one`, compiled (`kernel.settle`, the twin of the loop in `one`): the same
        fixpoint, the same weights."""
        out = np.array(d, dtype=np.uint8, order="C")
        outer = NO_RULES if self.outer is None else self.outer.ctx
        if not self.lower.kernels.settle(out, self.lower.ctx, outer, self.tallies, weights,
                                         WORK_BUDGET, UNKNOWN, limits.stop_flag()):
            out[:] = 0
        self._last = (out, weights)
        return out

    @property
    def compiled(self) -> bool:
        """Are all its rules compiled (so a whole search can run in the kernel)?"""
        return isinstance(self.lower, CompiledRules) and (
            self.outer is None or isinstance(self.outer, CompiledRules))

    def compiled_search(
        self, start: np.ndarray, accept: Callable[[np.ndarray], bool] | None, limit: int,
        budget: int | None, prefer: np.ndarray | None, settled: bool,
    ) -> tuple[list[np.ndarray], int, str | None] | None:
        """The engine's search with this probing at every node, the root included, compiled,
        branching by its look-ahead weights (so `prefer` and `settled` play no part); None
        when some rule is not compiled (see `compiled`)."""
        if not self.compiled:
            return None
        return run_search(self.lower, self.outer, self.tallies, start, accept, limit, budget,
                          WORK_BUDGET)

    def lookahead(self, d: np.ndarray) -> np.ndarray | None:
        """The look-ahead weights of board d, if d is the board this probing settled last."""
        if self._last is None or not np.array_equal(self._last[0], d):
            return None
        return self._last[1]


def probe_tallies(d: np.ndarray, tallies: np.ndarray, propagate: Propagate) -> np.ndarray:
    """Each tally's ways probed as one many-valued variable, on one board (N,), one tally
    after the other: every way (at most `kernel.TALLY_WAYS`) to pick which of its open
    members take a value inside its mask, the others one outside, is propagated in one
    batch; the board keeps what some surviving way left it, and is propagated again before
    the next tally. All zeros when a tally has no way left. (The compiled twin is
    `kernel.probe_tallies`.)"""
    for members, target, mask in unpack_tallies(tallies):
        values = d[members].astype(np.int64)
        inside, outside = (values & mask) != 0, (values & ~mask) != 0
        open_ = members[inside & outside]
        need = target - int(np.count_nonzero(inside & ~outside))
        if open_.size == 0:
            continue
        if not 0 <= need <= open_.size:
            return np.zeros_like(d)
        if comb(open_.size, need) > TALLY_WAYS:
            continue
        picks = list(combinations(range(open_.size), need))
        batch = np.repeat(d[None], len(picks), axis=0)
        batch[:, open_] = d[open_] & ~d.dtype.type(mask)
        for row, pick in enumerate(picks):
            chosen = open_[list(pick)]
            batch[row, chosen] = d[chosen] & mask
        out = propagate(batch)
        alive = ~dead(out)
        if not alive.any():
            return np.zeros_like(d)
        narrowed = d & np.bitwise_or.reduce(out[alive], axis=0)
        if not np.array_equal(narrowed, d):
            d = propagate(narrowed[None])[0]
            if dead(d[None])[0]:
                return np.zeros_like(d)
    return d


def probing(lower: Propagate | None, outer: Propagate | None = None,
            tallies: np.ndarray = NO_TALLIES) -> Probing:
    return Probing(lower, outer, tallies)


WORK_BUDGET = 50_000_000
"""Probed literals × board variables allowed per call: probing is a strengthening, so on a huge
open board it stops early (soundly) instead of running for minutes."""


def probe(
    d: np.ndarray,
    propagate: Propagate,
    chunk: int = 8,
    work: int = WORK_BUDGET,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """Alternate the lower rules and probing on one board (N,) until neither narrows.

    Variables are probed a chunk at a time, round-robin; as soon as a chunk narrows the board,
    the lower rules run again and probing goes on from the next chunk with the new domains,
    so one early discovery is not paid for by probing everything else on stale domains.
    It stops after a full cycle over the undecided variables finds nothing, or when the work
    budget is spent or the deadline passes. `weights` (N,), if given, receives look-ahead
    weights (see probe_cells); after a full quiet cycle they are those of the final domains."""
    d = propagate(d[None])[0]
    chunk = max(1, min(chunk, BATCH_ELEMENTS // (5 * max(1, d.size))))
    cursor, quiet = 0, 0
    while d.all():
        undecided = np.flatnonzero(popcount(d) > 1)
        if undecided.size == 0 or quiet >= undecided.size:
            return d
        first = int(np.searchsorted(undecided, cursor)) % undecided.size
        cells = np.roll(undecided, -first)[:chunk]
        cursor = int(cells[-1]) + 1
        work -= int(popcount(d[cells]).sum()) * d.size
        if work < 0 or limits.expired():
            return d
        narrowed = probe_cells(d, np.sort(cells), propagate, weights)
        if np.array_equal(narrowed, d):
            quiet += cells.size
            continue
        quiet = 0
        d = propagate(narrowed[None])[0]
    return d
