"""Every legal picture of an empty board, found two independent ways, and the outline checker
that counts turns — for the studies that set the local table against the definition.

- `by_table`: cells in reading order, each lattice point tested against the 256-entry table
  as soon as its four cells are set (the local reading, used as a pruned enumerator).
- `by_rectangles`: the definition built up, not tested: quarters in order, each either
  black or the first quarter of a white rectangle (upright, or 45° with its corners on
  lattice points) laid there whole; two rectangles may not share an edge (they would be one
  region), and each finished cell must show one of the five white states. No lattice point,
  sector or table is consulted.
- `outline_ok`: the checker that traces each white region's outline and accepts it when it
  turns exactly four times — and, fixed, when those four turns are all right angles. Every
  vertex of a white outline is a lattice point (inside a cell the outline runs along a whole
  diagonal), so the turns are read at the points: a white run of 45° sectors there that is
  not 180° (straight) or 360° (inside) is one turn of the region it belongs to."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np

from ...compiled import njit
from .generate import tilted_piece
from .model import BLACK, FULL, QUAD_PATTERN, E, ring_of
from .validate import STATE_OF_QUARTERS, WHITE_QUARTERS, WHITE_TABLE, _quarter_geometry


@cache
def _legal_point() -> list[bool]:
    """Table verdict by (nw, ne, sw, se) states, as a flat list indexed 216·nw+36·ne+6·sw+se."""
    return [bool(FULL[ring_of((ne, se, sw, nw))])
            for nw in range(6) for ne in range(6) for sw in range(6) for se in range(6)]


def by_table(n: int) -> list[tuple[int, ...]]:
    """Every picture of the empty n×n board whose lattice points all pass the table (flat
    tuples of states in reading order)."""
    ok = _legal_point()
    s = [[BLACK] * (n + 2) for _ in range(n + 2)]
    out: list[tuple[int, ...]] = []

    def point(i: int, j: int) -> bool:  # the point at the top-left corner of framed cell (i, j)
        return ok[216 * s[i - 1][j - 1] + 36 * s[i - 1][j] + 6 * s[i][j - 1] + s[i][j]]

    def place(k: int) -> None:
        if k == n * n:
            out.append(tuple(s[r][c] for r in range(1, n + 1) for c in range(1, n + 1)))
            return
        r, c = divmod(k, n)
        r, c = r + 1, c + 1
        for state in range(5):
            s[r][c] = state
            if (point(r, c) and (c < n or point(r, c + 1))
                    and (r < n or (point(r + 1, c) and (c < n or point(r + 1, c + 1))))):
                place(k + 1)
        s[r][c] = BLACK

    place(0)
    return out


def _rectangles(n: int) -> list[list[tuple[int, ...]]]:
    """Per quarter index q = 4·cell + k, the rectangles (sorted quarter tuples) whose first
    quarter is q: upright boxes of whole cells, and 45° rectangles with sides p and q cell
    diagonals (the generator's `tilted_piece`) placed anywhere they fit."""
    shapes = [np.full((h, w), E) for h in range(1, n + 1) for w in range(1, n + 1)]
    shapes += [tilted_piece(p, q) for p in range(1, n) for q in range(1, n) if p + q <= n]
    first: list[list[tuple[int, ...]]] = [[] for _ in range(4 * n * n)]
    for shape in shapes:
        h, w = shape.shape
        for r0 in range(n - h + 1):
            for c0 in range(n - w + 1):
                quarters = sorted(4 * ((r0 + r) * n + c0 + c) + k
                                  for r in range(h) for c in range(w)
                                  for k in WHITE_QUARTERS[int(shape[r, c])])
                first[quarters[0]].append(tuple(quarters))
    return first


def by_rectangles(n: int) -> list[tuple[int, ...]]:
    """Every picture of the empty n×n board whose white regions are rectangles, built as
    sets of rectangles (see the module's text)."""
    first = _rectangles(n)
    Q = 4 * n * n
    owner = [-1] * Q  # -1 open, 0 black, else the rectangle's number
    nb = _quarter_geometry(n, n)[0]
    neighbours = [[int(y) for y in row if y < Q] for row in nb]
    out: list[tuple[int, ...]] = []

    def state(cell: int) -> int | None:
        """The state its white quarters show (None: no state shows just those)."""
        return STATE_OF_QUARTERS.get(tuple(int(o > 0) for o in owner[4 * cell : 4 * cell + 4]))

    def cells_ok(quarters: Iterable[int]) -> bool:
        """Every cell whose quarters are all decided shows a white state."""
        return all(-1 in owner[4 * cell : 4 * cell + 4] or state(cell) not in (None, BLACK)
                   for cell in {q // 4 for q in quarters})

    def step(q: int, label: int) -> None:
        while q < Q and owner[q] != -1:
            q += 1
        if q == Q:
            out.append(tuple(state(c) for c in range(n * n)))
            return
        owner[q] = 0
        if cells_ok((q,)):
            step(q + 1, label)
        owner[q] = -1
        for rect in first[q]:
            if any(owner[x] != -1 for x in rect):
                continue
            if any(owner[y] > 0 for x in rect for y in neighbours[x]):
                continue  # touching a rectangle along an edge: one region, not two
            for x in rect:
                owner[x] = label
            if cells_ok(rect):
                step(q + 1, label + 1)
            for x in rect:
                owner[x] = -1

    step(0, 1)
    return out


# -- the outline checker ----------------------------------------------------------------------

SECTOR_CELL = np.array([(-1, 0), (-1, 0), (0, 0), (0, 0), (0, -1), (0, -1), (-1, -1), (-1, -1)])
"""Sector k of a lattice point (i, j) lies in cell (i + dr, j + dc) ..."""
SECTOR_QUARTER = np.array([3, 2, 0, 3, 1, 0, 2, 1])
"""... in that cell's quarter N 0, E 1, S 2, W 3 (sector 0: the NE cell's west quarter)."""


def outline_ok(pictures: np.ndarray, right_angles: bool) -> np.ndarray:
    """(B,) verdicts of the turn-counting checker on pictures (B, R, C): every white region's
    outline turns exactly four times (and, with `right_angles`, every turn is 90°)."""
    pictures = np.ascontiguousarray(pictures, dtype=np.int8)
    _, R, C = pictures.shape
    nb, _ = _quarter_geometry(R, C)
    return _outline_many(pictures, nb, WHITE_TABLE, QUAD_PATTERN, SECTOR_CELL, SECTOR_QUARTER,
                         right_angles)


@njit(cache=True, nogil=True)
def _outline_many(pictures, nb, white, pattern, sector_cell, sector_quarter,
                  right_angles):  # pragma: no cover - compiled
    B, R, C = pictures.shape
    Q = 4 * R * C
    out = np.ones(B, np.bool_)
    label = np.empty(Q, np.int64)
    stack = np.empty(Q, np.int64)
    turns = np.empty(Q, np.int64)
    bent = np.empty(Q, np.bool_)
    for b in range(B):
        p = pictures[b]
        label[:] = -1
        regions = 0
        for q0 in range(Q):  # flood-fill the white quarters into regions
            if label[q0] >= 0 or not white[p[(q0 >> 2) // C, (q0 >> 2) % C], q0 & 3]:
                continue
            label[q0] = regions
            stack[0] = q0
            top = 1
            while top:
                top -= 1
                q = stack[top]
                for k in range(3):
                    m = nb[q, k]
                    if m < Q and label[m] < 0 and white[p[(m >> 2) // C, (m >> 2) % C], m & 3]:
                        label[m] = regions
                        stack[top] = m
                        top += 1
            regions += 1
        turns[:regions] = 0
        bent[:regions] = False
        for i in range(R + 1):
            for j in range(C + 1):
                ring = 0
                for k in range(8):
                    r, c = i + sector_cell[k, 0], j + sector_cell[k, 1]
                    if 0 <= r < R and 0 <= c < C:
                        q = k // 2
                        if (pattern[q, p[r, c]] >> (k % 2)) & 1:
                            ring |= 1 << k
                if ring == 0 or ring == 255:
                    continue
                start = 0
                while (ring >> start) & 1:
                    start += 1
                length = 0
                for step in range(1, 9):  # the white runs, from just after a black sector
                    k = (start + step) % 8
                    if (ring >> k) & 1:
                        if length == 0:
                            r, c = i + sector_cell[k, 0], j + sector_cell[k, 1]
                            region = label[4 * (r * C + c) + sector_quarter[k]]
                        length += 1
                    elif length:
                        if length != 4:
                            turns[region] += 1
                            bent[region] |= length != 2
                        length = 0
        for g in range(regions):
            if turns[g] != 4 or (right_angles and bent[g]):
                out[b] = False
                break
    return out
