"""Failed-literal probing over any lower rule set, batched.

For every undecided variable and every value it still allows, a copy of the board is made with
that value assigned; all copies run the lower rules to a fixpoint at once (one batch). A value
whose copy dies is impossible. Beyond that, whatever value a variable finally takes, the board
must look like one of its surviving copies, so each domain can shrink to the union of that
variable's surviving copies (constructive disjunction) — sound, and free once the batch ran."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .fixpoint import dead, popcount

Propagate = Callable[[np.ndarray], np.ndarray]

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


def probe_round(d: np.ndarray, propagate: Propagate) -> np.ndarray:
    """One round of probing on a single board (N,): returns the narrowed domains."""
    undecided = np.flatnonzero(popcount(d) > 1)
    if undecided.size == 0:
        return d
    per_chunk = max(1, BATCH_ELEMENTS // (5 * d.size))
    result = d.copy()
    for start in range(0, undecided.size, per_chunk):
        cells = undecided[start : start + per_chunk]
        idx, bits = _literals(d, cells)
        batch = np.repeat(d[None], idx.size, axis=0)
        batch[np.arange(idx.size), idx] = bits
        out = propagate(batch)
        out[dead(out)] = 0
        starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])
        union = np.bitwise_or.reduceat(out, starts, axis=0)
        result &= np.bitwise_and.reduce(union, axis=0)
        if not result.all():
            break
    return result


def probe(d: np.ndarray, propagate: Propagate, max_rounds: int = 1000) -> np.ndarray:
    """Alternate the lower rules and probing rounds on one board (N,) until neither narrows."""
    d = propagate(d[None])[0]
    for _ in range(max_rounds):
        if not d.all():
            return d
        narrowed = probe_round(d, propagate)
        if np.array_equal(narrowed, d):
            return d
        d = propagate(narrowed[None])[0]
    return d
