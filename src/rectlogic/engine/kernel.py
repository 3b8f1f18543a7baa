"""The engine compiled: fixpoints, probing and search for genres whose rules are compiled.

A genre with compiled rules writes one compiled function `fix(g, ctx, seed)`: it narrows one
board's domains g (uint8, N) in place to the fixpoint of its rules and returns False on a
contradiction. `ctx` is the puzzle packed into an int32 array (the engine never reads it);
`seed` is the one variable changed since g was last at a fixpoint of these rules, so a probe
does only the work its own value causes; -1 when any may have changed; N when none did but
g was only at the fixpoint of a weaker set (then only the rules that look at the whole board,
such as Chocona's box, have work to do). The kernels below take `fix` as their first
argument, so this module knows no genre; the genre binds them to its `fix` in three compiled
one-line wrappers (see `Kernels`), which numba caches on disk with these kernels compiled
into them. The kernels that take `fix` are not cached themselves: their cache index would be
keyed by a dispatcher's type, which numba rebuilds from disk as a new object that is
collected at once ("underlying object has vanished" when another process wrote the index).
(Numba's cache does not see an edit to this file from the genre's wrappers: clear
`__pycache__` after changing it.)

Probing here is the same reasoning as `probe.probe` (failed literals, constructive
disjunction, look-ahead weights), one variable at a time, with every narrowing used at once;
the search is `search.search` with that probing at every node. Both are tested to reach the
same fixpoints and walk the same trees as their Python twins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..compiled import njit
from . import limits

UNKNOWN = np.int64(-1)
"""The seed when any variable may have changed (typed, so `fix` is compiled only once)."""
SEED = np.int64  # every seed goes in as int64, for the same reason


@njit(cache=True, nogil=True)
def _popcount8(x):  # pragma: no cover - compiled
    """Bits set in a uint8, without branches."""
    x = x - ((x >> 1) & 0x55)
    x = (x & 0x33) + ((x >> 2) & 0x33)
    return (x + (x >> 4)) & 0x0F


@njit(cache=True, nogil=True, inline="always")
def copy_into(dst, src):  # pragma: no cover - compiled
    """dst[:] = src for boards (1-D) of one size, as a loop the compiler turns into vector
    moves: numba's slice assignment copies byte by byte, each index clamped (it was a fifth
    of probing's time)."""
    for i in range(src.size):
        dst[i] = src[i]


@njit(cache=True, nogil=True, inline="always")
def same(a, b):  # pragma: no cover - compiled
    """Are two boards equal (without the temporary array of `(a == b).all()`)?"""
    for i in range(a.size):  # noqa: SIM110 - numba compiles no generator into all()
        if a[i] != b[i]:
            return False
    return True


@njit(nogil=True)  # not cached: see the module's docstring
def fixpoint_many(fix, d, ctx):  # pragma: no cover - compiled
    """Each board of d (B, N) to its fixpoint, in place; a board with a contradiction is
    emptied."""
    for b in range(d.shape[0]):
        if not fix(d[b], ctx, UNKNOWN):
            d[b, :] = 0


@njit(nogil=True)  # not cached: see the module's docstring
def probe_board(fix, d, ctx, weights, work, seed, stop):  # pragma: no cover - compiled
    """Alternate the rules and probing on one board, in place, round-robin over the
    variables, until a full cycle narrows nothing (or `work`, probed values × variables,
    runs out, or the deadline flag stop[0] is raised: what was narrowed is sound).
    False: the board has no answer. `weights` receives each variable's look-ahead weight
    1024·Πw + Σw over its surviving values, w = how many values that value's fixpoint
    removed; after a quiet pass they are those of the final domains. `seed` as for `fix`."""
    if not fix(d, ctx, seed):
        return False
    n = d.size
    trial = np.empty_like(d)
    union = np.empty_like(d)
    left = _values_left(d)
    v, quiet = 0, 0  # round-robin: stop after n variables in a row narrowed nothing
    while quiet < n:
        dv = d[v]
        v_now = v
        v = v + 1 if v + 1 < n else 0
        quiet += 1
        if dv & (dv - 1) == 0:
            continue  # decided
        union[:] = 0
        alive, product, total = 0, 1.0, 0.0
        rest = np.int64(dv)
        while rest:
            bit = rest & -rest
            rest ^= bit
            work -= n
            if work < 0 or stop[0]:
                return True  # out of budget or time: what was narrowed so far is sound
            copy_into(trial, d)
            trial[v_now] = bit
            if fix(trial, ctx, v_now):
                alive += 1
                kept = 0
                for i in range(n):  # branch-free, so it vectorises
                    union[i] |= trial[i]
                    kept += _popcount8(trial[i])
                product *= left - kept
                total += left - kept
        if alive == 0:
            return False
        weights[v_now] = 1024.0 * product + total if alive > 1 else 0.0
        narrowed = keep_only(fix, d, ctx, union)
        if narrowed < 0:
            return False
        if narrowed:
            left = _values_left(d)
            quiet = 0
    return True


@njit(nogil=True)  # not cached: see the module's docstring
def keep_only(fix, d, ctx, union):  # pragma: no cover - compiled
    """Narrow board d to `union` (what some surviving trial left each variable: constructive
    disjunction), one change at a time, each spread by `fix` from its own cell. How many
    variables narrowed; -1 on a contradiction."""
    lost = 0
    for i in range(d.size):  # branch-free, so it vectorises: usually nothing is lost
        lost |= d[i] & ~union[i]
    if not lost:
        return 0
    narrowed = 0
    for i in range(d.size):
        if d[i] & union[i] != d[i]:
            d[i] &= union[i]
            narrowed += 1
            if not fix(d, ctx, SEED(i)):
                return -1
    return narrowed


@njit(cache=True, nogil=True)
def _values_left(d):  # pragma: no cover - compiled
    total = 0
    for i in range(d.size):
        total += _popcount8(d[i])
    return total


@njit(nogil=True)  # not cached: see the module's docstring
def settle(fix, d, lower, outer, tallies, weights, work, seed, stop):  # pragma: no cover
    """What `Probing` does to one board, compiled: probing over the rules packed in `lower`,
    alternating with the stronger `outer` rules (when outer is not empty) until neither
    narrows; then the ways of the `tallies` (see `probe_tallies`: the dearest, so the last),
    and all again while they narrow. The outer rules go first (one cheap pass narrows what
    many probes would). `seed` as for `fix`. False: no answer."""
    if outer.size:
        if not fix(d, outer, seed):
            return False
        seed = SEED(d.size)  # at a fixpoint of stronger rules than the lower ones
    if not probe_board(fix, d, lower, weights, work, seed, stop):
        return False
    if outer.size == 0 and tallies[0] == 0:
        return True
    before = np.empty_like(d)
    settled = SEED(d.size)  # at the lower rules' fixpoint: only the outer ones have work
    while True:
        copy_into(before, d)
        if outer.size and not fix(d, outer, settled):
            return False
        if same(d, before):
            if not probe_tallies(fix, d, lower, tallies, stop):
                return False
            if same(d, before):
                return True
        if stop[0]:
            return True
        if not probe_board(fix, d, lower, weights, work, UNKNOWN, stop):
            return False


TALLY_WAYS = 100
"""Ways a tally may have and still be probed (more are left to the search: their count
falls as the board narrows)."""


@njit(cache=True, nogil=True)
def ways(k, j, limit):  # pragma: no cover - compiled
    """How many ways to choose j of k (counting stops past `limit`)."""
    j = min(j, k - j)
    count = 1
    for i in range(j):
        count = count * (k - i) // (i + 1)
        if count > limit:
            return count
    return count


@njit(nogil=True)  # not cached: see the module's docstring
def probe_tallies(fix, d, ctx, tallies, stop):  # pragma: no cover - compiled
    """Probe each tally's ways as one many-valued variable, in place: a tally says exactly
    `target` of its members take a value inside `mask`; tallies come packed in one int32
    array: T, the T+1 starts of their runs of members, T targets, T masks, then the members
    (`unpack_tallies` reads it in Python). Every
    way to pick the open members that do (at most TALLY_WAYS of them) is tried, with the
    rules of ctx; a way that dies is out, and every variable keeps only the values some
    surviving way left it (constructive disjunction, as probing does for one variable).
    Each narrowing is spread by `fix` before the next tally. False: no way survives."""
    T = tallies[0]
    if T == 0:
        return True
    STARTS, TARGETS = 1, 2 + T
    MASKS, MEMBERS = TARGETS + T, TARGETS + 2 * T
    n = d.size
    trial = np.empty_like(d)
    union = np.empty_like(d)
    members = np.empty(n, np.int64)  # the open members of the tally at hand
    pick = np.empty(n, np.int64)  # the way at hand: which open members are inside
    for t in range(T):
        if stop[0]:
            return True
        mask = tallies[MASKS + t]
        k, inside = 0, 0
        for i in range(tallies[STARTS + t], tallies[STARTS + t + 1]):
            m = tallies[MEMBERS + i]
            if d[m] & mask:
                if d[m] & ~mask:
                    members[k] = m
                    k += 1
                else:
                    inside += 1
        need = tallies[TARGETS + t] - inside
        if k == 0:
            continue
        if need < 0 or need > k:
            return False
        if ways(k, need, TALLY_WAYS) > TALLY_WAYS:
            continue
        union[:] = 0
        alive = 0
        for j in range(need):
            pick[j] = j
        while True:
            copy_into(trial, d)
            for j in range(k):
                trial[members[j]] = d[members[j]] & ~mask
            for j in range(need):
                trial[members[pick[j]]] = d[members[pick[j]]] & mask
            ok = True
            for j in range(k):  # every member changed: each spreads from its own cell
                if not fix(trial, ctx, SEED(members[j])):
                    ok = False
                    break
            if ok:
                alive += 1
                for i in range(n):
                    union[i] |= trial[i]
            j = need - 1  # the next way, in lexicographic order
            while j >= 0 and pick[j] == k - need + j:
                j -= 1
            if j < 0:
                break
            pick[j] += 1
            for i in range(j + 1, need):
                pick[i] = pick[i - 1] + 1
        if alive == 0 or keep_only(fix, d, ctx, union) < 0:
            return False
    return True


@njit(cache=True, nogil=True)
def push(ctx, todo, queued, top, y):  # pragma: no cover - compiled
    """For a genre's `fix`: put variable y on a worklist kept in its context (the stack at
    ctx[todo:], the on-list flags at ctx[queued:]), once; the new top."""
    if ctx[queued + y]:
        return top
    ctx[queued + y] = 1
    ctx[todo + top] = y
    return top + 1


@njit(cache=True, nogil=True)
def fail(ctx, queued, n):  # pragma: no cover - compiled
    """For a genre's `fix` at a contradiction: clear the worklist's flags for the next call;
    False."""
    for i in range(queued, queued + n):
        ctx[i] = 0
    return False


DONE, FOUND, BUDGET, STOPPED = 0, 1, 2, 3
"""How a `search_steps` call ended: the tree is exhausted, a leaf is in `leaf`, the node
budget ran out, or the deadline flag was raised."""


@njit(nogil=True)  # not cached: see the module's docstring
def search_steps(fix, stack, seeds, top, lower, outer, tallies, work, budget, leaf,
                 stop):  # pragma: no cover - compiled
    """The engine's search (`search.search` with a probing propagator), compiled and
    resumable: depth first from the boards stack[:top] (each with the variable its branch
    set, or -1, in seeds), each node settled, branching on the open variable of largest
    look-ahead weight, lowest value first. It stops at the first complete board (copied to
    `leaf`, for the caller's validator), when the stack empties, after `budget` nodes, or
    when stop[0] is raised (a node cut short by it is put back, to be resumed).
    Returns (how it ended, the stack and seeds (grown if needed), top, nodes)."""
    n = stack.shape[1]
    weights = np.zeros(n)
    nodes = 0
    while top > 0:
        if nodes >= budget:
            return BUDGET, stack, seeds, top, nodes
        if stop[0]:
            return STOPPED, stack, seeds, top, nodes
        top -= 1
        d = stack[top].copy()
        nodes += 1
        weights[:] = 0.0
        if not settle(fix, d, lower, outer, tallies, weights, work, seeds[top], stop):
            continue
        if stop[0]:
            return STOPPED, stack, seeds, top + 1, nodes
        best, best_weight = -1, -1.0
        for v in range(n):
            if d[v] & (d[v] - 1) and weights[v] > best_weight:
                best, best_weight = v, weights[v]
        if best < 0:
            copy_into(leaf, d)
            return FOUND, stack, seeds, top, nodes
        size = _popcount8(d[best])
        if top + size > stack.shape[0]:
            grown = np.empty((2 * stack.shape[0] + size, n), np.uint8)
            grown[:top] = stack[:top]
            stack = grown
            more = np.empty(grown.shape[0], np.int64)
            more[:top] = seeds[:top]
            seeds = more
        values = np.empty(size, np.uint8)
        rest, k = np.int64(d[best]), 0
        while rest:
            values[k] = rest & -rest
            rest ^= rest & -rest
            k += 1
        for k in range(size - 1, -1, -1):  # pushed last, popped first: the lowest value
            copy_into(stack[top], d)  # settled: the branch changes one variable only
            stack[top, best] = values[k]
            seeds[top] = best
            top += 1
    return DONE, stack, seeds, top, nodes


@dataclass(frozen=True)
class Kernels:
    """The engine's kernels bound to one genre's `fix`, each a compiled one-line wrapper
    such as

        @njit(cache=True)
        def many(d, ctx):
            return kernel.fixpoint_many(fix, d, ctx)
    """

    many: Callable[[np.ndarray, np.ndarray], None]
    """`many(d, ctx)`: `fixpoint_many` bound."""
    probe: Callable[[np.ndarray, np.ndarray, np.ndarray, int, int, np.ndarray], bool]
    """`probe(d, ctx, weights, work, seed, stop)`: `probe_board` bound."""
    search: Callable[..., tuple[int, np.ndarray, np.ndarray, int, int]]
    """`search(stack, seeds, top, lower, outer, tallies, work, budget, leaf, stop)`:
    `search_steps` bound."""
    settle: Callable[..., bool] | None = None
    """`settle(d, lower, outer, tallies, weights, work, seed, stop)`: `settle` bound, for a
    genre whose probing has stronger rules or tallies (optional: without it, `Probing`
    alternates them in Python; with it, a probe inside a probe — the `nested` rung — runs
    compiled whole)."""


class CompiledRules:
    """A genre's compiled rule set for one puzzle, as the engine's batch propagator
    (B, N) → (B, N); probing recognises it and runs `probe_board` instead of batches."""

    def __init__(self, kernels: Kernels, ctx: np.ndarray) -> None:
        self.kernels = kernels
        self.ctx = np.ascontiguousarray(ctx, dtype=np.int32)

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        out = np.array(batch, dtype=np.uint8, order="C")
        self.kernels.many(out, self.ctx)
        return out

    def probe(self, d: np.ndarray, weights: np.ndarray, work: int) -> np.ndarray:
        """Probing over these rules on one board (N,): the narrowed copy (all 0 if dead)."""
        out = np.array(d, dtype=np.uint8, order="C")
        if not self.kernels.probe(out, self.ctx, weights, work, UNKNOWN, limits.stop_flag()):
            out[:] = 0
        return out


NO_RULES = np.zeros(0, dtype=np.int32)
"""The `outer` context of a probing that has no stronger rules."""


def unpack_tallies(packed: np.ndarray) -> list[tuple[np.ndarray, int, int]]:
    """(members, target, mask) per tally of a packed array (see `probe_tallies`)."""
    T = int(packed[0])
    starts, targets = packed[1:T + 2], packed[T + 2:2 * T + 2]
    masks, members = packed[2 * T + 2:3 * T + 2], packed[3 * T + 2:]
    return [(members[starts[t]:starts[t + 1]].astype(np.intp), int(targets[t]), int(masks[t]))
            for t in range(T)]


NO_TALLIES = np.zeros(1, dtype=np.int32)
"""The tallies of a probing that has none (T = 0)."""


CHUNK = 4096
"""Nodes per call of `search_steps`: between calls the driver checks the stack's memory."""


def chunk_for(board_bytes: int) -> int:
    """Nodes per call for boards of `board_bytes`: fewer for big boards, so that one call
    cannot grow the stack far past its cap (a node adds at most 64 boards)."""
    return max(1, min(CHUNK, limits.MAX_STACK_BYTES // (64 * max(1, board_bytes))))


def run_search(
    lower: CompiledRules,
    outer: CompiledRules | None,
    tallies: np.ndarray,
    start: np.ndarray,
    accept: Callable[[np.ndarray], bool] | None,
    limit: int,
    budget: int | None,
    work: int,
) -> tuple[list[np.ndarray], int, str | None]:
    """`search_steps` over these rules, driven by `drive`."""
    stack = np.array(start, dtype=np.uint8).reshape(1, -1)  # a copy: the search writes it
    seeds = np.full(1, -1, dtype=np.int64)
    leaf = np.empty(stack.shape[1], dtype=np.uint8)
    outer_ctx = NO_RULES if outer is None else outer.ctx
    stop = limits.stop_flag()
    top = 1

    def step(chunk: int) -> tuple[int, int, int, int]:
        nonlocal stack, seeds, top
        status, stack, seeds, top, used = lower.kernels.search(
            stack, seeds, top, lower.ctx, outer_ctx, tallies, work, chunk, leaf, stop)
        return status, used, stack.nbytes, top

    return drive(step, leaf.copy, accept, limit, budget, chunk_for(leaf.nbytes))


def drive(
    step: Callable[[int], tuple[int, int, int, int]],
    found: Callable[[], np.ndarray],
    accept: Callable[[np.ndarray], bool] | None,
    limit: int,
    budget: int | None,
    chunk: int = CHUNK,
) -> tuple[list[np.ndarray], int, str | None]:
    """Drive a compiled search a chunk of nodes at a time: `step(chunk)` runs up to `chunk`
    nodes and says how it ended (DONE, FOUND, BUDGET, STOPPED), the nodes it used, its
    stack's bytes and how many nodes its stack still holds; after FOUND, `found()` gives the
    complete board, which goes to `accept` (the genre's validator) in Python before the
    search resumes — unless the stack is empty: then the search is over (most puzzles end
    so: their answer is the last node). Returns (solutions, nodes, why it stopped early or
    None), with the reasons of `limits`."""
    solutions: list[np.ndarray] = []
    nodes = 0
    while True:
        left = (1 << 62) if budget is None else budget - nodes
        status, used, stack_bytes, pending = step(min(left, chunk))
        nodes += used
        if status == STOPPED:
            return solutions, nodes, limits.stopped_why()
        if status == BUDGET:
            if used >= left:
                return solutions, nodes, limits.NODES
            if stack_bytes > limits.MAX_STACK_BYTES:
                return solutions, nodes, limits.MEMORY
            continue
        if status == DONE:
            return solutions, nodes, None
        board = found()
        if accept is None or accept(board):
            solutions.append(board)
            if limit and len(solutions) >= limit:
                return solutions, nodes, None
        if not pending:
            return solutions, nodes, None
