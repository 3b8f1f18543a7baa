"""The cover rules of the region kit over candidate sets, compiled: every region genre whose
answer is one rectangle per clue (a clue's domain: the bitset of its candidate boxes, the
region kit's `candidate_table`) is exact cover of the cells, and these rules reason on it.

- only-coverer: a cell that only one clue can still reach pins that clue to the candidates
  covering it (and a cell nobody can reach is a contradiction);
- forced-cell: a cell that every candidate of one clue covers is closed to every other clue
  (so a clue with one candidate left commits it);
- no-four-meet (optional, `corners`): at no interior lattice point do four rectangles meet
  (`no_four_meet`: a law over boxes that knows nothing of the clues).
A clue that loses every candidate is a contradiction. Where the clues' values are areas
(`area`), without `?` they must add up to the board's area."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

import numpy as np

from ...compiled import njit
from ...engine import kernel, limits
from ...engine.search import tiebreak_of
from .regions import CandidateTable, candidate_table

NO_PREFERENCE = np.zeros(0)
"""The branching weights of a search that has none."""


_LOADED: list[bool] = []


def load_kernels() -> None:
    """Load the kernel the wide search calls on its own (`settle_all`; the narrow search's
    is inside `_search_steps`) from numba's cache with the rules' first use in a process: a
    first solve pays for loading kernels (the process's cost, once), not the first board
    that has a clue of more than 64 candidates (some 10 ms)."""
    if not _LOADED:
        settle_all(np.ones(0, np.bool_), np.zeros(1, np.int64), np.zeros((0, 4), np.int64),
                   1, 1, True, True, True)
        _LOADED.append(True)


class DualRules:
    """The two dual rules for one puzzle, as the engine's batch propagator (B, K) → (B, K)
    over clue domains (a bitset of candidates per clue), and the whole search compiled
    (`compiled_search`: in one kernel when every clue has at most 64 candidates)."""

    def __init__(self, puzzle: Any, coverer: bool, forced: bool,
                 table: CandidateTable | None = None, area: bool = True,
                 corners: bool = False) -> None:
        """`table`: candidates of its own instead of the puzzle's (a narrower set: the
        setter's analysis repairs part of an answer so). `area`: the clues' values are the
        areas of their rectangles (so, without `?`, they must add up to the board's);
        `corners`: the no-four-meet rule (`no_four_meet`) runs with the other two."""
        self.puzzle = puzzle
        self.rects, self.sizes, self.first, _ = table or candidate_table(puzzle)
        self.numbers = puzzle.number_array
        self.R, self.C = puzzle.rows, puzzle.cols
        self.coverer, self.forced = coverer, forced
        self.area, self.corners = area, corners
        load_kernels()

    @cached_property
    def area_ok(self) -> bool:
        """Can the numbers tile the board (without `?`, they must add up to its area)? The
        compiled search asks `_area_ok` itself."""
        return not self.area or bool(_area_ok(self.numbers, self.R * self.C))

    @cached_property
    def nbytes(self) -> int:
        return (int(self.first[-1]) + 7) // 8

    def unpack(self, domains: np.ndarray) -> np.ndarray:
        """Clue domains → one flag per candidate: compiled for uint64 domains, through one
        long Python integer for wider (object) ones."""
        if domains.dtype != object:
            return _flags(domains, self.first)
        packed = 0
        for k, v in enumerate(domains):
            packed |= int(v) << int(self.first[k])
        raw = np.frombuffer(packed.to_bytes(self.nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[: self.first[-1]].astype(np.bool_)

    def pack(self, alive: np.ndarray, like: np.ndarray) -> np.ndarray:
        if like.dtype != object:
            return _bits(alive, self.first)
        packed = int.from_bytes(np.packbits(alive, bitorder="little").tobytes(), "little")
        out = np.empty_like(like)
        for k in range(len(out)):
            out[k] = (packed >> int(self.first[k])) & ((1 << int(self.sizes[k])) - 1)
        return out

    def settle(self, domains: np.ndarray) -> np.ndarray:
        """Both rules on one board; all zeros on a contradiction."""
        alive = self.unpack(domains)
        if not self.area_ok or not settle_all(alive, self.first, self.rects, self.R, self.C,
                                              self.coverer, self.forced, self.corners):
            return np.zeros_like(domains)
        return self.pack(alive, domains)

    def __call__(self, d: np.ndarray) -> np.ndarray:
        return np.stack([self.settle(board) for board in d])

    def compiled_search(self, domains: np.ndarray, accept: Callable[[np.ndarray], bool] | None,
                        limit: int, budget: int | None, prefer: np.ndarray | None,
                        settled: bool) -> tuple[list[np.ndarray], int, str | None]:
        """`engine.search.search` with these rules, compiled: the same tree (smallest domain
        first, ties by `prefer`, lowest candidate first), the same node count. Wider
        domains than 64 candidates (a `?` reaches many rectangles) go through
        `_wide_search`: the same tree again."""
        if domains.dtype == object:
            return self._wide_search(domains, accept, limit, budget, prefer, settled)
        if not domains.all():
            return [], 1, None  # the root is dead: one node, as the Python search counts
        weights = NO_PREFERENCE if prefer is None else np.asarray(prefer, dtype=float)
        stack = domains.astype(np.uint64).reshape(1, -1)  # a copy: the search writes it
        leaf = np.empty(domains.size, dtype=np.uint64)
        stop = limits.stop_flag()
        top, first_call = 1, True

        def step(chunk: int) -> tuple[int, int, int, int]:
            nonlocal stack, top, first_call
            status, stack, top, used = _search_steps(
                stack, top, self.first, self.rects, self.R, self.C, self.coverer, self.forced,
                self.corners, self.area_ok, weights, settled and first_call, chunk, leaf, stop)
            first_call = False
            return status, used, stack.nbytes, top

        return kernel.drive(step, leaf.copy, accept, limit, budget, kernel.chunk_for(leaf.nbytes))

    def _wide_search(self, domains: np.ndarray, accept: Callable[[np.ndarray], bool] | None,
                     limit: int, budget: int | None, prefer: np.ndarray | None,
                     settled: bool) -> tuple[list[np.ndarray], int, str | None]:
        """`compiled_search` of wide (object) domains, the tree of `engine.search` node for
        node: a node some clue still has more than 64 candidates at is settled and branched
        on here, over candidate flags; below the first node where every clue has at most
        64, the rest of that subtree runs compiled, over the candidates left renumbered into
        a table of their own (the dead ones play no part in either rule)."""
        tiebreak = np.zeros(self.sizes.size)
        if prefer is not None and len(prefer):
            tiebreak = tiebreak_of(np.asarray(prefer, dtype=float))
        owner = np.repeat(np.arange(self.sizes.size), self.sizes)
        deadline = limits.current()
        solutions: list[np.ndarray] = []
        nodes = 0
        stack = [self.unpack(domains)]
        while stack:
            if budget is not None and nodes >= budget:
                return solutions, nodes, limits.NODES
            if deadline is not None and deadline.expired():
                return solutions, nodes, deadline.reason
            if len(stack) * stack[0].nbytes > limits.MAX_STACK_BYTES:
                return solutions, nodes, limits.MEMORY
            alive = stack.pop()
            nodes += 1
            if not (settled and nodes == 1) and not (self.area_ok and settle_all(
                    alive, self.first, self.rects, self.R, self.C, self.coverer, self.forced,
                    self.corners)):
                continue
            counts = np.bincount(owner[alive], minlength=self.sizes.size)
            if not counts.size or counts.max() <= 64:
                want = limit and limit - len(solutions)
                found, used, stopped = self._narrow_search(
                    alive, counts, accept, want, budget and budget - nodes + 1, prefer)
                nodes += used - 1  # this node was its first
                solutions += found
                if stopped is not None or (limit and len(solutions) >= limit):
                    return solutions, nodes, stopped
                continue
            best = int(np.argmin(np.where(counts > 1, counts - tiebreak, np.inf)))
            for x in np.flatnonzero(alive[self.first[best]:self.first[best + 1]])[::-1]:
                child = alive.copy()  # lowest candidate popped first
                child[self.first[best]:self.first[best + 1]] = False
                child[self.first[best] + x] = True
                stack.append(child)
        return solutions, nodes, None

    def _narrow_search(self, alive: np.ndarray, counts: np.ndarray,
                       accept: Callable[[np.ndarray], bool] | None, limit: int,
                       budget: int | None, prefer: np.ndarray | None
                       ) -> tuple[list[np.ndarray], int, str | None]:
        """The compiled search from a settled node (`alive`: candidate flags) where each
        clue has at most 64 left (`counts`), over those alone; answers as wide domains."""
        left = np.flatnonzero(alive)
        full = np.array([(1 << int(n)) - 1 for n in counts], dtype=np.uint64)
        narrow = DualRules(self.puzzle, self.coverer, self.forced, CandidateTable(
            self.rects[left], counts, np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
            full), self.area, self.corners)

        def widen(leaf: np.ndarray) -> np.ndarray:
            lowest = np.array([int(v).bit_length() - 1 for v in leaf], dtype=np.int64)
            picked = left[narrow.first[:-1] + lowest] - self.first[:-1]
            out = np.empty(leaf.size, dtype=object)
            out[:] = [1 << int(x) for x in picked]
            return out

        found, nodes, stopped = narrow.compiled_search(full, None if accept is None else (
            lambda leaf: accept(widen(leaf))), limit, budget, prefer, True)
        return [widen(x) for x in found], nodes, stopped


@njit(cache=True, nogil=True)
def _flags(domains, first):  # pragma: no cover - compiled
    """`DualRules.unpack` for uint64 domains: one flag per candidate."""
    alive = np.empty(first[-1], np.bool_)
    _flags_into(domains, first, alive)
    return alive


@njit(cache=True, nogil=True)
def _flags_into(domains, first, alive):  # pragma: no cover - compiled
    for k in range(domains.size):
        for x in range(first[k], first[k + 1]):
            alive[x] = (domains[k] >> np.uint64(x - first[k])) & np.uint64(1)


@njit(cache=True, nogil=True)
def _bits(alive, first):  # pragma: no cover - compiled
    """`DualRules.pack` for uint64 domains: each clue's live candidates as a bitset."""
    domains = np.empty(first.size - 1, np.uint64)
    _bits_into(alive, first, domains)
    return domains


@njit(cache=True, nogil=True)
def _bits_into(alive, first, domains):  # pragma: no cover - compiled
    for k in range(domains.size):
        bits = np.uint64(0)
        for x in range(first[k], first[k + 1]):
            if alive[x]:
                bits |= np.uint64(1) << np.uint64(x - first[k])
        domains[k] = bits


@njit(cache=True, nogil=True)
def _search_steps(stack, top, first, rects, R, C, coverer, forced, corners, area_ok, prefer,
                  skip_first, budget, leaf, stop):  # pragma: no cover - compiled
    """Up to `budget` nodes of the search over clue domains (stack rows: each clue's live
    candidates as a uint64 bitset, top rows live), each node's candidates unpacked to
    flags and settled by both rules (the first node not, when `skip_first`: the caller
    settled it), branching on the open clue with fewest candidates (ties: the smallest
    score less `prefer`'s tiebreak, the first), its lowest candidate first. Stops at the
    first complete node (its domains in `leaf`), when the stack empties, at the budget, or
    when stop[0] is raised. `area_ok`: can the clues tile the board at all (every node dies
    when not); `corners`: the no-four-meet rule too.
    Returns (how it ended, the stack (grown if needed), top, nodes)."""
    K = first.size - 1
    nodes = 0
    tiebreak = np.zeros(K)
    if prefer.size:  # as `search.tiebreak_of`, to the bit
        scale = 0.0
        for k in range(K):
            scale = max(scale, abs(prefer[k]))
        scale = 2.0 * (scale + 1)
        for k in range(K):
            tiebreak[k] = prefer[k] / scale
    alive = np.empty(first[K], np.bool_)
    settled = np.empty(K, np.uint64)
    while top > 0:
        if nodes >= budget:
            return kernel.BUDGET, stack, top, nodes
        if stop[0]:
            return kernel.STOPPED, stack, top, nodes
        top -= 1
        _flags_into(stack[top], first, alive)
        nodes += 1
        if not (skip_first and nodes == 1) and not (
                area_ok and settle_all(alive, first, rects, R, C, coverer, forced, corners)):
            continue
        best, best_score, size = -1, np.inf, 0
        for k in range(K):
            live = 0
            for x in range(first[k], first[k + 1]):
                live += alive[x]
            if live > 1 and live - tiebreak[k] < best_score:
                best, best_score, size = k, live - tiebreak[k], live
        if best < 0:
            _bits_into(alive, first, leaf)
            return kernel.FOUND, stack, top, nodes
        if top + size > stack.shape[0]:
            grown = np.empty((2 * stack.shape[0] + size, K), np.uint64)
            grown[:top] = stack[:top]
            stack = grown
        _bits_into(alive, first, settled)
        for x in range(first[best + 1] - 1, first[best] - 1, -1):  # lowest popped first
            if alive[x]:
                kernel.copy_into(stack[top], settled)
                stack[top, best] = np.uint64(1) << np.uint64(x - first[best])
                top += 1
    return kernel.DONE, stack, top, nodes


@njit(cache=True, nogil=True)
def _area_ok(numbers, area):  # pragma: no cover - compiled
    """Can the clues (r, c, value) tile a board of `area` cells? Without `?` (or 0: any
    size), their values must add up to it."""
    total = 0
    for k in range(numbers.shape[0]):
        if numbers[k, 2] <= 0:
            return True
        total += numbers[k, 2]
    return total == area


@njit(cache=True, nogil=True)
def _settle(alive, first, rects, R, C, coverer, forced):  # pragma: no cover - compiled
    """Both rules to their fixpoint over the live candidates (in place); False on a
    contradiction. Counts kept up to date as candidates die — per clue and cell of its box
    (the cells its live candidates reach), how many of them cover the cell; per cell, how
    many clues still reach it, and the sum of those clues (which names the clue when one
    does) — and work queued only where a count says a rule may fire: a cell reached by one
    clue (only-coverer), a clue that lost a candidate (its core may have grown:
    forced-cell), a cell that became some clue's core (the other clues' candidates on it
    die)."""
    K = first.size - 1
    N = R * C
    box = np.empty((K, 4), np.int64)  # top, left, height, width
    box_first = np.zeros(K + 1, np.int64)
    live = np.zeros(K, np.int64)
    for k in range(K):
        top, left, bottom, right = R, C, 0, 0
        for x in range(first[k], first[k + 1]):
            if alive[x]:
                live[k] += 1
                top, left = min(top, rects[x, 0]), min(left, rects[x, 1])
                bottom = max(bottom, rects[x, 0] + rects[x, 2])
                right = max(right, rects[x, 1] + rects[x, 3])
        if live[k] == 0:
            return False
        box[k, 0], box[k, 1], box[k, 2], box[k, 3] = top, left, bottom - top, right - left
        box_first[k + 1] = box_first[k] + box[k, 2] * box[k, 3]
    count = np.zeros(box_first[K], np.int32)
    covers = np.zeros(N, np.int64)
    reacher = np.zeros(N, np.int64)  # the sum of the clues that reach the cell: the clue,
    core = np.full(N, -1, np.int64)  # when one does
    queued = np.zeros(K, np.bool_)
    events = np.empty(2 * N + K, np.int64)  # a cell: only-coverer; N + cell: a new core;
    top = 0  # 2N + k: clue k lost a candidate. Each can be queued once at a time at most.
    for k in range(K):
        for x in range(first[k], first[k + 1]):
            if alive[x]:
                for r in range(rects[x, 0], rects[x, 0] + rects[x, 2]):
                    at = _row_at(box, box_first, k, r)
                    for c in range(rects[x, 1], rects[x, 1] + rects[x, 3]):
                        if count[at + c] == 0:
                            covers[r * C + c] += 1
                            reacher[r * C + c] += k
                        count[at + c] += 1
        if forced:
            events[top] = 2 * N + k
            queued[k] = True
            top += 1
    if coverer:
        for cell in range(N):
            if covers[cell] == 0:
                return False  # a cell nobody can reach
            if covers[cell] == 1:
                events[top] = cell
                top += 1
    while top > 0:
        top -= 1
        e = events[top]
        if e >= 2 * N:  # a clue lost a candidate: the cells all its live ones cover
            k = e - 2 * N
            queued[k] = False
            x = first[k]
            while not alive[x]:
                x += 1
            for r in range(rects[x, 0], rects[x, 0] + rects[x, 2]):
                at = _row_at(box, box_first, k, r)
                for c in range(rects[x, 1], rects[x, 1] + rects[x, 3]):
                    if count[at + c] == live[k] and core[r * C + c] != k:
                        if core[r * C + c] >= 0:
                            return False  # two clues both sure to cover one cell
                        core[r * C + c] = k
                        events[top] = N + r * C + c
                        top += 1
            continue
        cell = e % N
        r, c = cell // C, cell % C
        if e < N:  # a cell one clue alone reaches: that clue's candidates must cover it
            k = reacher[cell]
            for x in range(first[k], first[k + 1]):
                if alive[x] and not _holds(rects, x, r, c):
                    top = _kill(x, k, alive, rects, live, count, covers, reacher, box,
                                box_first, C, coverer, forced, queued, events, top)
                    if top < 0:
                        return False
            continue
        if covers[cell] == 1:
            continue  # a core cell no other clue reaches (a clue's own cell, always)
        for k in range(K):  # a core cell: the other clues' candidates on it die
            if k == core[cell] or not _holds(box, k, r, c):
                continue
            if count[_row_at(box, box_first, k, r) + c] == 0:
                continue
            for x in range(first[k], first[k + 1]):
                if alive[x] and _holds(rects, x, r, c):
                    top = _kill(x, k, alive, rects, live, count, covers, reacher, box,
                                box_first, C, coverer, forced, queued, events, top)
                    if top < 0:
                        return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _holds(boxes, i, r, c):  # pragma: no cover - compiled
    """Does box i (a row [top, left, height, width]: a candidate, or a clue's reach) hold
    cell (r, c)?"""
    return (boxes[i, 0] <= r < boxes[i, 0] + boxes[i, 2]
            and boxes[i, 1] <= c < boxes[i, 1] + boxes[i, 3])


@njit(cache=True, nogil=True, inline="always")
def _row_at(box, box_first, k, r):  # pragma: no cover - compiled
    """Where row r of clue k's box sits in the flat counts, less the box's left column (so
    + c gives cell (r, c)'s count)."""
    return box_first[k] + (r - box[k, 0]) * box[k, 3] - box[k, 1]


@njit(cache=True, nogil=True, inline="always")
def _kill(x, k, alive, rects, live, count, covers, reacher, box, box_first, C, coverer, forced,
          queued, events, top):  # pragma: no cover - compiled
    """Candidate x of clue k dies: its counts go down and the events they raise are queued
    (see `_settle`). The new top of the queue, or -1 on a contradiction."""
    N = covers.size
    alive[x] = False
    live[k] -= 1
    if live[k] == 0:
        return -1
    for r in range(rects[x, 0], rects[x, 0] + rects[x, 2]):
        at = _row_at(box, box_first, k, r)
        for c in range(rects[x, 1], rects[x, 1] + rects[x, 3]):
            count[at + c] -= 1
            if count[at + c] == 0:
                covers[r * C + c] -= 1
                reacher[r * C + c] -= k
                if coverer:
                    if covers[r * C + c] == 0:
                        return -1  # a cell nobody can reach
                    if covers[r * C + c] == 1:
                        events[top] = r * C + c
                        top += 1
    if forced and not queued[k]:
        queued[k] = True
        events[top] = 2 * N + k
        top += 1
    return top


@njit(cache=True, nogil=True)
def settle_all(alive, first, rects, R, C, coverer, forced, corners):  # pragma: no cover
    """The cover rules (`_settle`) and, with `corners`, the no-four-meet law, in turn until
    neither narrows (in place); False on a contradiction."""
    while True:
        if not _settle(alive, first, rects, R, C, coverer, forced):
            return False
        if not corners:
            return True
        killed = no_four_meet(alive, rects, R, C)
        if killed < 0:
            return False
        if killed == 0:
            return True


@njit(cache=True, nogil=True)
def no_four_meet(alive, rects, R, C):  # pragma: no cover - compiled
    """The no-four-meet law over live boxes (rows [top, left, height, width]; any boxes,
    whoever owns them): at an interior lattice point four regions meet exactly when none of
    the four unit segments around it lies inside one region. A segment may lie inside one
    when some live box crosses it (covers the cells on both sides). A point none of whose
    segments a live box crosses is a contradiction; a point with one such segment left
    needs it crossed, so every live box covering one of its two cells and not the other
    dies. How many boxes died, or -1 on a contradiction."""
    # counts by 2D differences: boxes covering each cell; boxes crossing each vertical
    # segment (r, j), which parts (r, j-1) from (r, j), and each horizontal one (i, c),
    # which parts (i-1, c) from (i, c)
    cover = np.zeros((R + 1, C + 1), np.int32)
    vert = np.zeros((R + 1, C + 1), np.int32)
    horiz = np.zeros((R + 1, C + 1), np.int32)
    for x in range(rects.shape[0]):
        if not alive[x]:
            continue
        t, lft, h, w = rects[x, 0], rects[x, 1], rects[x, 2], rects[x, 3]
        _add_box(cover, t, lft, t + h, lft + w)
        if w > 1:
            _add_box(vert, t, lft + 1, t + h, lft + w)
        if h > 1:
            _add_box(horiz, t + 1, lft, t + h, lft + w)
    _sum_up(cover)
    _sum_up(vert)
    _sum_up(horiz)
    killed = 0
    for i in range(1, R):
        for j in range(1, C):
            # the segments at point (i, j): up, down (vertical), left, right (horizontal)
            crossed = 0
            side = -1
            if vert[i - 1, j] > 0:
                crossed += 1
                side = 0
            if vert[i, j] > 0:
                crossed += 1
                side = 1
            if horiz[i, j - 1] > 0:
                crossed += 1
                side = 2
            if horiz[i, j] > 0:
                crossed += 1
                side = 3
            if crossed == 0:
                return -1
            if crossed > 1:
                continue
            if side == 0:
                ar, ac, br, bc, through = i - 1, j - 1, i - 1, j, vert[i - 1, j]
            elif side == 1:
                ar, ac, br, bc, through = i, j - 1, i, j, vert[i, j]
            elif side == 2:
                ar, ac, br, bc, through = i - 1, j - 1, i, j - 1, horiz[i, j - 1]
            else:
                ar, ac, br, bc, through = i - 1, j, i, j, horiz[i, j]
            if cover[ar, ac] == through and cover[br, bc] == through:
                continue  # every box on either cell crosses: none to kill
            for x in range(rects.shape[0]):
                if alive[x] and _holds(rects, x, ar, ac) != _holds(rects, x, br, bc):
                    alive[x] = False
                    killed += 1
    return killed


@njit(cache=True, nogil=True, inline="always")
def _add_box(diff, top, left, bottom, right):  # pragma: no cover - compiled
    """One box [top, bottom) × [left, right) added to a 2D difference array."""
    diff[top, left] += 1
    diff[top, right] -= 1
    diff[bottom, left] -= 1
    diff[bottom, right] += 1


@njit(cache=True, nogil=True)
def _sum_up(diff):  # pragma: no cover - compiled
    """A 2D difference array summed into its counts, in place."""
    R, C = diff.shape
    for r in range(R):
        for c in range(1, C):
            diff[r, c] += diff[r, c - 1]
    for r in range(1, R):
        for c in range(C):
            diff[r, c] += diff[r - 1, c]


@njit(cache=True, nogil=True)
def four_meet(rects, R, C):  # pragma: no cover - compiled
    """Is some interior lattice point a corner of four of these boxes (rows [top, left,
    height, width], a tiling)? The no-four-meet law read over chosen boxes."""
    corner = np.zeros((R + 1, C + 1), np.int64)
    for x in range(rects.shape[0]):
        t, lft, h, w = rects[x, 0], rects[x, 1], rects[x, 2], rects[x, 3]
        corner[t, lft] += 1
        corner[t, lft + w] += 1
        corner[t + h, lft] += 1
        corner[t + h, lft + w] += 1
    for i in range(1, R):
        for j in range(1, C):
            if corner[i, j] >= 4:
                return True
    return False
