"""Run a set of rules to a fixpoint over a batch of domain arrays."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from . import limits

Propagate = Callable[[np.ndarray], np.ndarray]
"""Any narrowing of a batch of domains (B, N) → (B, N): a rule, a fixpoint, a probing."""

Rule = Propagate
"""A rule takes domains of shape (B, N) and returns them narrowed (never widened). A rule that
finds a contradiction empties some domain of that board. A rule may carry `watch`, the indices
of every variable it reads or writes; a single-board fixpoint then skips it while those are
unchanged since a run of it that changed nothing."""


_bit_count = np.frompyfunc(int.bit_count, 1, 1)


def popcount(a: np.ndarray) -> np.ndarray:
    """How many values each domain still allows. Domains wider than 64 values are numpy
    object arrays of Python integers."""
    if a.dtype == object:
        return _bit_count(a).astype(np.int64)
    return np.bitwise_count(a)


def dead(domains: np.ndarray) -> np.ndarray:
    """Per board: has some variable lost every value?"""
    return ~domains.reshape(domains.shape[0], -1).all(axis=1)


def fixpoint(domains: np.ndarray, rules: Sequence[Rule], max_rounds: int = 10_000) -> np.ndarray:
    """Apply the rules in order, round after round, until a round changes nothing.

    In a batch, only the boards that changed in the last round (and are not dead) are swept
    again, so a batch costs what its slowest boards cost, not B times that. At the deadline
    of `limits.time_limit` it returns what it has (narrowed soundly, maybe not to the end)."""
    d = domains
    if d.shape[0] == 1:
        last_input: list[np.ndarray | None] = [None] * len(rules)
        for _ in range(max_rounds):
            before = d
            for k, rule in enumerate(rules):
                watch = getattr(rule, "watch", None)
                if watch is not None:
                    seen = d[0, watch]
                    if last_input[k] is not None and np.array_equal(seen, last_input[k]):
                        continue  # same input as a run that changed nothing
                    last_input[k] = seen
                d = rule(d)
            if np.array_equal(d, before) or not d.all() or limits.expired():
                return d
        raise RuntimeError("fixpoint did not settle: a rule is widening domains")
    d = d.copy()
    active = np.arange(d.shape[0])
    for _ in range(max_rounds):
        if active.size == 0:
            return d
        sub = d[active]
        new = sub
        for rule in rules:
            new = rule(new)
        moved = (new != sub).any(axis=1) & new.all(axis=1)
        d[active] = new
        active = active[moved] if not limits.expired() else active[:0]
    raise RuntimeError("fixpoint did not settle: a rule is widening domains")
