"""Backtracking search over domain arrays: smallest domain first, counting up to a limit.

Two modes. The propagating search narrows every node with the rules and branches on the
variable with the fewest values left. The leaf-only mode uses no rules at all: it assigns
variables in order and tests complete assignments only, which makes it a slow but obviously
correct reference for the propagating search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from . import limits
from .fixpoint import Propagate, popcount

Accept = Callable[[np.ndarray], bool]
Weigh = Callable[[np.ndarray], "np.ndarray | None"]


@dataclass
class SearchResult:
    solutions: list[np.ndarray] = field(default_factory=list)
    nodes: int = 0
    stopped: str | None = None
    """Why the search ended before it could finish: `limits.NODES` (the node budget),
    `limits.TIME` (the deadline) or `limits.MEMORY` (the stack cap); None when it finished."""

    @property
    def exhausted(self) -> bool:
        """Did the search stop early (so a count is only a lower bound)?"""
        return self.stopped is not None

    @property
    def count(self) -> int:
        return len(self.solutions)


def _values(v: int) -> list[int]:
    out = []
    while v:
        low = v & -v
        out.append(low)
        v ^= low
    return out


def tiebreak_of(prefer: np.ndarray) -> np.ndarray:
    """Weights scaled into (-1/2, 1/2): subtracted from a domain's size, they break ties
    only. (A compiled search computes the same, to the bit.)"""
    return prefer / (2.0 * (float(np.max(np.abs(prefer))) + 1))


def search(
    domains: np.ndarray,
    propagate: Propagate | None = None,
    accept: Accept | None = None,
    limit: int = 2,
    budget: int | None = None,
    leaf_only: bool = False,
    prefer: np.ndarray | None = None,
    weigh: Weigh | None = None,
    settled: bool = False,
) -> SearchResult:
    """Count solutions of one board (domains of shape (N,)) up to `limit` (0 = all).

    Every visited node counts toward `nodes`; past `budget` nodes, at the deadline of
    `limits.time_limit`, or when its stack passes `limits.MAX_STACK_BYTES`, the search stops
    and says why in `stopped`. A complete assignment is a solution only if `accept` says so. Among
    variables with equally few values, the one with the largest `prefer` weight goes first.
    `weigh`, if it has weights for a propagated node (a probing's look-ahead), overrides
    both: the open variable of largest weight is branched on. A propagator that offers
    `compiled_search` (a probing whose rules are all compiled, Shikaku's rules) runs this
    same search compiled, when it can. `settled`: the caller already
    brought `domains` to a fixpoint at least as strong as `propagate`'s, so the root is not
    propagated again."""
    own = getattr(propagate, "compiled_search", None)
    if not leaf_only and own is not None:
        # rules (or a probing) that run this search compiled, or None when they cannot
        found = own(domains, accept, limit, budget, prefer, settled)
        if found is not None:
            return SearchResult(*found)
    tiebreak = None
    if prefer is not None and len(prefer):
        tiebreak = tiebreak_of(np.asarray(prefer, dtype=float))
    result = SearchResult()
    stack = [np.asarray(domains).copy()]
    deadline = limits.current()
    max_depth = max(1, limits.MAX_STACK_BYTES // max(1, stack[0].nbytes))
    while stack:
        if budget is not None and result.nodes >= budget:
            result.stopped = limits.NODES
            break
        if deadline is not None and deadline.expired():
            result.stopped = deadline.reason  # time, or the process's memory
            break
        if len(stack) > max_depth:
            result.stopped = limits.MEMORY
            break
        d = stack.pop()
        result.nodes += 1
        if not leaf_only and propagate is not None and not (settled and result.nodes == 1):
            d = propagate(d[None])[0]
        if not d.all():
            continue
        sizes = popcount(d)
        open_ = sizes > 1
        if not open_.any():
            if accept is None or accept(d):
                result.solutions.append(d)
                if limit and result.count >= limit:
                    break
            continue
        weights = None if leaf_only or weigh is None else weigh(d)
        if leaf_only:
            i = int(np.argmax(open_))
        elif weights is not None:
            i = int(np.argmax(np.where(open_, weights, -1.0)))
        else:
            score = np.where(open_, sizes, np.inf)
            if tiebreak is not None:
                score = score - tiebreak  # |tiebreak| < 1/2: only breaks ties
            i = int(np.argmin(score))
        for value in reversed(_values(int(d[i]))):
            child = d.copy()
            child[i] = value
            stack.append(child)
    return result
