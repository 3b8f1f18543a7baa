"""The region kit: genres whose answer cuts the board into rectangles, one per clue (Shikaku;
Tatamibari and Square Jam have the same shape). A clue's domain is the bitset of its
candidates — boxes holding it and no other clue — so the puzzle is exact cover of the cells;
an answer is drawn as pzprjs stores it, the borders between cells.

A puzzle here is anything with `rows`, `cols`, a `clue_array` (NO_CLUE where none) and a
`number_array` (the clues' row, column and value, row-major: `clue_numbers`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any, NamedTuple

import numpy as np

from ...compiled import njit
from ...errors import RectlogicError
from ...grid import NO_CLUE, borders_of, box_sum, check_same_size, piece_labels, prefix_sums

MAX_CANDIDATES = 200_000
"""Candidates allowed over the whole board (a `?` can take very many rectangles)."""


Rect = tuple[int, int, int, int]
"""(top, left, height, width)."""


@dataclass(frozen=True)
class Borders:
    """Answer lines as pzprjs stores them: vertical borders (between (r,c) and (r,c+1)) then
    horizontal ones (between (r,c) and (r+1,c)), 1 for a line. A tiling, or any drawing."""

    rows: int
    cols: int
    vertical: tuple[int, ...]
    horizontal: tuple[int, ...]

    @staticmethod
    def from_rooms(rooms: Any) -> Borders:
        """Lines wherever two neighbouring cells carry different labels (nested tuples or an
        array)."""
        v, h = borders_of(rooms)
        return Borders(len(rooms), len(rooms[0]), tuple(v), tuple(h))

    @staticmethod
    def from_rects(rows: int, cols: int, rects: list[Rect]) -> Borders:
        label = [[-1] * cols for _ in range(rows)]
        for k, (t, lft, h, w) in enumerate(rects):
            if h < 1 or w < 1:
                raise RectlogicError(f"rectangle {[t, lft, h, w]} has no area: height and "
                                     "width are at least 1")
            for r in range(t, t + h):
                for c in range(lft, lft + w):
                    if not (0 <= r < rows and 0 <= c < cols):
                        raise RectlogicError(f"rectangle {[t, lft, h, w]} leaves the board")
                    if label[r][c] != -1:
                        raise RectlogicError(f"rectangles overlap at cell ({r},{c})")
                    label[r][c] = k
        return Borders.from_rooms(tuple(tuple(row) for row in label))

    def rooms(self) -> tuple[tuple[int, ...], ...]:
        return tuple(map(tuple, self.room_labels().tolist()))

    def room_labels(self) -> np.ndarray:
        """The rooms the lines cut out, as an array of room numbers (by first cell)."""
        return piece_labels(self.rows, self.cols, [not b for b in self.vertical],
                            [not b for b in self.horizontal])

    def rects(self) -> list[Rect]:
        """Each room's bounding box, sorted by (top, left): the rectangles of a tiling."""
        _, room = np.unique(self.room_labels().ravel(), return_inverse=True)
        r, c = np.divmod(np.arange(room.size), self.cols)
        n = int(room.max()) + 1 if room.size else 0
        top, left = np.full(n, self.rows), np.full(n, self.cols)
        bottom, right = np.full(n, -1), np.full(n, -1)
        np.minimum.at(top, room, r)
        np.minimum.at(left, room, c)
        np.maximum.at(bottom, room, r)
        np.maximum.at(right, room, c)
        return sorted(zip(top.tolist(), left.tolist(), (bottom - top + 1).tolist(),
                          (right - left + 1).tolist(), strict=True))


def lines_at_points(answer: Borders) -> np.ndarray:
    """How many answer lines meet at each interior lattice point, (rows-1, cols-1): point
    (i, j), 1 ≤ i < rows, 1 ≤ j < cols, at [i-1, j-1]. Four is a crossing (four regions
    meet: the no-four-meet law read over borders), one a line that stops inside."""
    R, C = answer.rows, answer.cols
    if R < 2 or C < 2:
        return np.zeros((max(R - 1, 0), max(C - 1, 0)), dtype=np.int64)
    v = np.array(answer.vertical, dtype=np.int64).reshape(R, C - 1)
    h = np.array(answer.horizontal, dtype=np.int64).reshape(R - 1, C)
    return v[:-1, :] + v[1:, :] + h[:, :-1] + h[:, 1:]


def points_with(answer: Borders, lines: int) -> list[tuple[int, int]]:
    """The interior lattice points (i, j) where exactly `lines` answer lines meet."""
    meeting = lines_at_points(answer)
    return [(int(i) + 1, int(j) + 1) for i, j in zip(*np.nonzero(meeting == lines),
                                                     strict=True)]


def check_borders_fit(puzzle: Any, answer: Borders) -> None:
    check_same_size(puzzle, answer)
    if (len(answer.vertical) != puzzle.rows * (puzzle.cols - 1)
            or len(answer.horizontal) != (puzzle.rows - 1) * puzzle.cols):
        raise RectlogicError("answer borders do not match the board size")


class CandidateTable(NamedTuple):
    """Every clue's candidates, as the compiled rules, the search and the leaf drawing read
    them."""

    rects: np.ndarray
    """(total, 4): rows [top, left, height, width], clue after clue."""
    counts: np.ndarray
    """How many each clue has."""
    first: np.ndarray
    """Where each clue's run starts (K+1 offsets, the last one the total)."""
    full: np.ndarray
    """Each clue's bitset with every candidate in (uint64; meaningful up to 64)."""


@lru_cache(maxsize=256)
def candidate_table(puzzle: Any) -> CandidateTable:
    """The candidates of every clue, made in one compiled pass. A clue's shapes are the ones
    its puzzle allows (`allowed_shapes`: a (K, rows+1, cols+1) table of the heights and widths
    each clue may take), else those of the clue's area (any for `?` and 0): then each clue's
    candidates are kept (`_by_clue`) and only the clues not seen on a board with the same
    clue cells are made — the setter's analysis asks about many boards that differ from one
    another by a few numbers made `?`. Kept for the puzzles seen last, not for every puzzle
    a server or a benchmark ever saw."""
    allowed = getattr(puzzle, "allowed_shapes", None)
    if allowed is None:
        table = _by_clue(puzzle)
    else:
        table = CandidateTable(*_candidates(puzzle.clue_array, puzzle.number_array, allowed,
                                            puzzle.rows, puzzle.cols, MAX_CANDIDATES))
    if table.first[-1] > MAX_CANDIDATES:
        raise RectlogicError(
            f"too many possible rectangles (over {MAX_CANDIDATES}); too many ? clues?"
        )
    return table


KEPT_CANDIDATES = 1 << 20
"""Candidates `_by_clue` keeps at most (32 MB) before it forgets them all."""
_kept: dict[tuple[int, int, bytes], dict[int, np.ndarray]] = {}
_kept_rows = [0]


def _by_clue(puzzle: Any) -> CandidateTable:
    """`_candidates` over the clues' areas, each clue's run made once per set of clue cells,
    board size, cell and area (a clue's candidates hold no other clue's cell and depend on
    nothing else), the clues not kept yet made together in one compiled pass."""
    rows, cols = puzzle.rows, puzzle.cols
    numbers = puzzle.number_array
    where = (rows, cols, np.packbits(puzzle.clue_array != NO_CLUE).tobytes())
    # a clue by its cell and area (any for `?` and 0; none past the board's area)
    area = rows * cols
    keys = ((numbers[:, 0] * cols + numbers[:, 1]) * (area + 2)
            + np.clip(numbers[:, 2], 0, area + 1)).tolist()
    kept = _kept.get(where, {})
    parts = [kept.get(key) for key in keys]
    missing = [k for k, part in enumerate(parts) if part is None]
    if missing:
        some = numbers[missing]
        rects, _, first, _ = _candidates(puzzle.clue_array, some, area_shapes(some, rows, cols),
                                         rows, cols, MAX_CANDIDATES)
        if first[-1] > MAX_CANDIDATES:  # too many: the caller says so
            return CandidateTable(rects, np.zeros(0, np.int64), first, np.zeros(0, np.uint64))
        if _kept_rows[0] + len(rects) > KEPT_CANDIDATES:
            _kept.clear()
            _kept_rows[0] = 0
        kept = _kept.setdefault(where, kept)
        for k, a, b in zip(missing, first[:-1].tolist(), first[1:].tolist(), strict=True):
            parts[k] = kept[keys[k]] = rects[a:b]
            _kept_rows[0] += b - a
    counts = np.array([len(p) for p in parts], dtype=np.int64)
    first = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    rects = (np.concatenate(parts).astype(np.int64) if parts
             else np.empty((0, 4), dtype=np.int64))
    full = np.full(len(counts), ~np.uint64(0))  # 64 candidates or more: every bit
    small = counts < 64
    full[small] = (np.uint64(1) << counts[small].astype(np.uint64)) - np.uint64(1)
    return CandidateTable(rects, counts, first, full)


def candidate_array(puzzle: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rects, counts, first) of `candidate_table`."""
    return candidate_table(puzzle)[:3]


@lru_cache(maxsize=256)
def candidates(puzzle: Any) -> tuple[tuple[Rect, ...], ...]:
    """Per clue (in `numbers` order), every rectangle it may take. Kept for the puzzles seen
    last, not for every puzzle a server or a benchmark ever saw."""
    rects, _, first = candidate_array(puzzle)
    flat = list(map(tuple, rects.tolist()))
    return tuple(tuple(flat[a:b]) for a, b in pairwise(first.tolist()))


@njit(cache=True, nogil=True)
def clue_numbers(clues):  # pragma: no cover - compiled
    """`Puzzle.number_array`: row, column and value of every clue, in row-major order."""
    R, C = clues.shape
    out = np.empty((R * C, 3), np.int64)
    k = 0
    for r in range(R):
        for c in range(C):
            if clues[r, c] != NO_CLUE:
                out[k, 0], out[k, 1], out[k, 2] = r, c, clues[r, c]
                k += 1
    return out[:k].copy()


@njit(cache=True, nogil=True)
def area_shapes(numbers, R, C):  # pragma: no cover - compiled
    """The shapes (height, width) of each clue's area, as `_candidates` reads them: any for
    `?` and 0 (a value of at most 0)."""
    allowed = np.zeros((numbers.shape[0], R + 1, C + 1), np.bool_)
    for k in range(numbers.shape[0]):
        n = numbers[k, 2]
        for h in range(1, R + 1):
            for w in range(1, C + 1):
                allowed[k, h, w] = n <= 0 or h * w == n
    return allowed


@njit(cache=True, nogil=True)
def _candidates(clues, numbers, allowed, R, C, limit):  # pragma: no cover - compiled
    """Every box of a shape its clue allows (`allowed[k, h, w]`) holding its clue and no
    other clue, per clue in order, shapes by height then width, boxes row-major; stops adding
    shapes past `limit`. The fields of `CandidateTable`."""
    prefix = prefix_sums(clues != NO_CLUE)
    out = np.empty((64, 4), np.int64)
    K = numbers.shape[0]
    counts = np.zeros(K, np.int64)
    first = np.zeros(K + 1, np.int64)
    total = 0
    for k in range(K):
        r, c = numbers[k, 0], numbers[k, 1]
        for h in range(1, R + 1):
            for w in range(1, C + 1):
                if total > limit or not allowed[k, h, w]:
                    continue
                for t in range(max(0, r - h + 1), min(r, R - h) + 1):
                    for lft in range(max(0, c - w + 1), min(c, C - w) + 1):
                        if box_sum(prefix, t, t + h - 1, lft, lft + w - 1) == 1:
                            # exactly one clue (this one) inside the box
                            if total == out.shape[0]:
                                grown = np.empty((2 * total, 4), np.int64)
                                grown[:total] = out
                                out = grown
                            out[total, 0], out[total, 1] = t, lft
                            out[total, 2], out[total, 3] = h, w
                            total += 1
                            counts[k] += 1
        first[k + 1] = total
    full = np.full(K, ~np.uint64(0))  # 64 candidates or more: every bit
    for k in range(K):
        if counts[k] < 64:
            full[k] = (np.uint64(1) << np.uint64(counts[k])) - np.uint64(1)
    return out[:total].copy(), counts, first, full


@njit(cache=True, nogil=True)
def chosen_rects(domains, first, rects):  # pragma: no cover - compiled
    """Each clue's rectangle, the lowest candidate left in its uint64 domain (a decided
    domain: its one candidate), rows [top, left, height, width]."""
    out = np.empty((domains.size, 4), np.int64)
    for k in range(domains.size):
        d, pick = domains[k], 0
        if d == 0:
            raise ValueError("a clue has no rectangle left")
        while pick < 63 and not (d >> np.uint64(pick)) & np.uint64(1):
            pick += 1
        out[k] = rects[first[k] + pick]
    return out


@njit(cache=True, nogil=True)
def draw_rects(rects, R, C):  # pragma: no cover - compiled
    """Label each cell with the last rectangle drawn on it (overlaps and holes are left for
    the validator to find); and whether every cell was drawn exactly once."""
    label = np.full((R, C), -1, np.int64)
    cover = np.zeros((R, C), np.int64)
    for k in range(rects.shape[0]):
        t, lft, h, w = rects[k, 0], rects[k, 1], rects[k, 2], rects[k, 3]
        label[t:t + h, lft:lft + w] = k
        cover[t:t + h, lft:lft + w] += 1
    return label, (cover == 1).all()


@njit(cache=True, nogil=True)
def tiling_clues(rects, clues, no_clue):  # pragma: no cover - compiled
    """Boxes (rows [top, left, height, width]) read as a tiling of the clue grid: each box's
    clue (the last one in it, row-major) and how many it holds, (K, 2); None unless they
    lie inside the board and cover every cell exactly once."""
    R, C = clues.shape
    cover = np.zeros((R, C), np.bool_)
    out = np.zeros((rects.shape[0], 2), np.int64)
    for k in range(rects.shape[0]):
        t, lft, h, w = rects[k, 0], rects[k, 1], rects[k, 2], rects[k, 3]
        if t < 0 or lft < 0 or h < 1 or w < 1 or t + h > R or lft + w > C:
            return None
        for r in range(t, t + h):
            for c in range(lft, lft + w):
                if cover[r, c]:
                    return None  # two boxes on one cell
                cover[r, c] = True
                if clues[r, c] != no_clue:
                    out[k, 0] = clues[r, c]
                    out[k, 1] += 1
    if not cover.all():
        return None  # a hole
    return out


# -- exact cover of the cells by rectangle candidates, read cell by cell ---------------------
# For region genres whose pieces are not one per clue (a piece may hold no number, or
# several), the unknown is which candidate covers each cell; a genre with one piece per
# clue may read its candidates so too (only a clue's own candidates cover its cell). These
# laws know only rectangles (rows [top, left, height, width]) and the cells: nothing of any
# genre's numbers.


@njit(cache=True, nogil=True)
def cover_lists(rects, R, C):  # pragma: no cover - compiled
    """Per cell (row-major), the candidates covering it, as CSR: (start (R·C+1), members),
    each cell's members in candidate order."""
    N = R * C
    start = np.zeros(N + 1, np.int64)
    for x in range(rects.shape[0]):
        for r in range(rects[x, 0], rects[x, 0] + rects[x, 2]):
            for c in range(rects[x, 1], rects[x, 1] + rects[x, 3]):
                start[r * C + c + 1] += 1
    for i in range(N):
        start[i + 1] += start[i]
    fill = start[:N].copy()
    members = np.empty(start[N], np.int64)
    for x in range(rects.shape[0]):
        for r in range(rects[x, 0], rects[x, 0] + rects[x, 2]):
            for c in range(rects[x, 1], rects[x, 1] + rects[x, 3]):
                members[fill[r * C + c]] = x
                fill[r * C + c] += 1
    return start, members


@njit(cache=True, nogil=True, inline="always")
def _covers(rects, x, r, c):  # pragma: no cover - compiled
    return (rects[x, 0] <= r < rects[x, 0] + rects[x, 2]
            and rects[x, 1] <= c < rects[x, 1] + rects[x, 3])


@njit(cache=True, nogil=True)
def _drop(x, alive, rects, cov, queue, queued, top, C):  # pragma: no cover - compiled
    """Candidate x dies: every cell it covers has one coverer less and is queued again."""
    alive[x] = False
    for r in range(rects[x, 0], rects[x, 0] + rects[x, 2]):
        for c in range(rects[x, 1], rects[x, 1] + rects[x, 3]):
            i = r * C + c
            cov[i] -= 1
            if not queued[i]:
                queued[i] = True
                queue[top] = i
                top += 1
    return top


@njit(cache=True, nogil=True)
def no_four_meet(alive, rects, start, members, i, R, C, cov, queue, queued,
                 top):  # pragma: no cover - compiled
    """The local double of "no four regions meet at a lattice point", for any tiling by
    rectangles: four meet at an interior point exactly when one chosen rectangle has its
    bottom-right corner there and another its top-left corner. Read at cell i (r, c): if
    every live coverer of i starts at i, the point above-left of i is a top-left corner, so
    the coverers of the cell diagonally above-left that end there die; if every live coverer
    of i ends at i, the coverers of the cell diagonally below-right that start there die.
    The queue's new top."""
    r, c = i // C, i % C
    if r > 0 and c > 0:
        starts = True
        for m in range(start[i], start[i + 1]):
            x = members[m]
            if alive[x] and not (rects[x, 0] == r and rects[x, 1] == c):
                starts = False
                break
        if starts:
            j = i - C - 1
            for m in range(start[j], start[j + 1]):
                x = members[m]
                if (alive[x] and rects[x, 0] + rects[x, 2] == r
                        and rects[x, 1] + rects[x, 3] == c):
                    top = _drop(x, alive, rects, cov, queue, queued, top, C)
    if r < R - 1 and c < C - 1:
        ends = True
        for m in range(start[i], start[i + 1]):
            x = members[m]
            if alive[x] and not (rects[x, 0] + rects[x, 2] == r + 1
                                 and rects[x, 1] + rects[x, 3] == c + 1):
                ends = False
                break
        if ends:
            j = i + C + 1
            for m in range(start[j], start[j + 1]):
                x = members[m]
                if alive[x] and rects[x, 0] == r + 1 and rects[x, 1] == c + 1:
                    top = _drop(x, alive, rects, cov, queue, queued, top, C)
    return top


@njit(cache=True, nogil=True)
def settle_cover(alive, rects, start, members, R, C, core, cross):  # pragma: no cover
    """Exact cover of the cells by the live candidates (flags, in place) to a fixpoint;
    False on a contradiction. Always: a cell no live candidate covers is a contradiction,
    and a cell one live candidate covers takes it (every candidate overlapping it dies).
    `core`: whichever live coverer a cell takes, it covers their intersection, so every
    candidate on a cell of the intersection that misses the cell dies. `cross`:
    `no_four_meet`. Work is queued per cell, when one of its coverers dies."""
    N = R * C
    cov = np.zeros(N, np.int64)
    for i in range(N):
        for m in range(start[i], start[i + 1]):
            cov[i] += alive[members[m]]
    queue = np.empty(N, np.int64)
    queued = np.ones(N, np.bool_)
    for i in range(N):
        queue[i] = N - 1 - i  # popped from the top: row-major
    top = N
    while top > 0:
        top -= 1
        i = queue[top]
        queued[i] = False
        if cov[i] == 0:
            return False
        r, c = i // C, i % C
        if cov[i] == 1 or core:
            t, lft, b, rt = 0, 0, R, C  # the intersection of the live coverers
            for m in range(start[i], start[i + 1]):
                x = members[m]
                if alive[x]:
                    t, lft = max(t, rects[x, 0]), max(lft, rects[x, 1])
                    b = min(b, rects[x, 0] + rects[x, 2])
                    rt = min(rt, rects[x, 1] + rects[x, 3])
            for y in range(t, b):
                for z in range(lft, rt):
                    j = y * C + z
                    if j == i or cov[j] == cov[i]:
                        continue  # (j's live coverers that cover i are i's: all of j's)
                    for m in range(start[j], start[j + 1]):
                        x = members[m]
                        if alive[x] and not _covers(rects, x, r, c):
                            top = _drop(x, alive, rects, cov, queue, queued, top, C)
                    if cov[j] == 0:
                        return False
        if cross:
            top = no_four_meet(alive, rects, start, members, i, R, C, cov, queue, queued, top)
    return cov.min() > 0 if N else True


@njit(cache=True, nogil=True)
def lines_meeting(vertical, horizontal, R, C, count):  # pragma: no cover - compiled
    """The interior lattice points (i, j), 1 ≤ i < R, 1 ≤ j < C, where exactly `count` of
    the four border segments around them are lines (4: a cross, pzprjs's bdCross; 1: a dead
    end, bdDeadEnd), from border bits as `Borders` stores them."""
    out = np.empty((max(0, (R - 1) * (C - 1)), 2), np.int64)
    k = 0
    for i in range(1, R):
        for j in range(1, C):
            n = (vertical[(i - 1) * (C - 1) + j - 1] + vertical[i * (C - 1) + j - 1]
                 + horizontal[(i - 1) * C + j - 1] + horizontal[(i - 1) * C + j])
            if n == count:
                out[k, 0], out[k, 1] = i, j
                k += 1
    return out[:k].copy()


# -- what the shells read of any region answer -------------------------------------------


def regions_json(answer: Borders) -> list[list[int]]:
    """A drawing's regions as the JSON ANSWER has them: each one's bounding box [top, left,
    height, width], by top then left."""
    return [list(box) for box in answer.rects()]


def region_picture(rows: int, cols: int, answer: Borders) -> np.ndarray:
    """One value per cell naming its region's box, so that two drawings compare cell by
    cell."""
    out = np.zeros((rows, cols), dtype=np.int64)
    for t, lft, h, w in answer.rects():
        key = np.ravel_multi_index((t, lft, h - 1, w - 1), (rows, cols, rows, cols))
        out[t:t + h, lft:lft + w] = key
    return out


def drawn_boxes(rows: int, cols: int, position: Any) -> list[Rect]:
    """A rectangle player's position: a list of [top, left, height, width], each inside the
    board (anything else is refused)."""
    shape = "a position is a list of rectangles [top, left, height, width]"
    if not isinstance(position, list):
        raise RectlogicError(shape)
    out: list[Rect] = []
    for box in position:
        if not (isinstance(box, list) and len(box) == 4
                and all(isinstance(v, int) for v in box)):
            raise RectlogicError(shape)
        t, lft, h, w = box
        if min(t, lft) < 0 or min(h, w) < 1 or t + h > rows or lft + w > cols:
            raise RectlogicError(f"rectangle {box} is not inside the board")
        out.append((t, lft, h, w))
    return out


@njit(cache=True, nogil=True)
def put_row(out, total, a, b, c, d):  # pragma: no cover - compiled
    """Row `total` of a growing (n, 4) table set to (a, b, c, d), the table doubled when
    full; the table (the same or grown)."""
    if total == out.shape[0]:
        grown = np.empty((2 * total, 4), np.int64)
        grown[:total] = out
        out = grown
    out[total, 0], out[total, 1], out[total, 2], out[total, 3] = a, b, c, d
    return out
