"""The Shakashaka answer check, read from the rule book alone.

Every cell is cut along both diagonals into four quarter triangles N, E, S, W; a triangle
state blackens two of them. White quarters are flood-filled (edge adjacency only) and each
region is compared, in doubled coordinates where a quarter has area 1, with its upright and
its 45° bounding box: equal area means the region is that box. No angles, no sectors.

Violations come in pzprjs's active order: brNoTriangle, nmTriangleGt, cuNotRectx,
nmTriangleLt. For cuNotRectx the lattice points where the local rule fails are added as a
pointer for people; they play no part in the verdict."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import numpy as np

from ...compiled import njit, prange
from ..base import Check, Place, Violation, position_rows, run_checks
from .model import (
    BLACK,
    FULL,
    GLYPH,
    TNE,
    TNW,
    TSE,
    TSW,
    Answer,
    E,
    Puzzle,
    ring_of,
    triangles_around,
)

UI_ONLY_CODES = frozenset({"brNoTriangle"})
"""pzprjs's "not started" guard: reported by the checker, not a rule of the puzzle."""

N, EAST, S, W = range(4)
WHITE_QUARTERS = {
    E: (N, EAST, S, W),
    TNW: (S, EAST),
    TNE: (S, W),
    TSE: (N, W),
    TSW: (N, EAST),
    BLACK: (),
}
# The two cell corners of each quarter (the third vertex is the cell centre), as (dx, dy)
# offsets in doubled coordinates from the cell's top-left corner.
CORNERS = {N: ((0, 0), (2, 0)), EAST: ((2, 0), (2, 2)), S: ((0, 2), (2, 2)), W: ((0, 0), (0, 2))}
ACROSS = {N: (-1, 0, S), EAST: (0, 1, W), S: (1, 0, N), W: (0, -1, EAST)}


def white_regions(answer: Answer) -> list[list[tuple[int, int, int]]]:
    """The connected pieces of white, as lists of quarters (r, c, k)."""
    rows, cols = answer.rows, answer.cols
    white = {
        (r, c, k)
        for r in range(rows)
        for c in range(cols)
        for k in WHITE_QUARTERS[answer.cells[r][c]]
    }
    regions = []
    for seed in sorted(white):
        if seed not in white:
            continue
        white.remove(seed)
        region, todo = [seed], [seed]
        while todo:
            r, c, k = todo.pop()
            dr, dc, k2 = ACROSS[k]
            for q in ((r, c, (k + 1) % 4), (r, c, (k + 3) % 4), (r + dr, c + dc, k2)):
                if q in white:
                    white.remove(q)
                    region.append(q)
                    todo.append(q)
        regions.append(region)
    return regions


def _extents(k: int) -> tuple[int, ...]:
    """A quarter's vertex extremes, offset from its cell's top-left corner (doubled units):
    min and max of X, Y, U = X+Y and V = X-Y over the centre and its two corners."""
    pts = [(1, 1), *CORNERS[k]]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    us, vs = [x + y for x, y in pts], [x - y for x, y in pts]
    return min(xs), max(xs), min(ys), max(ys), min(us), max(us), min(vs), max(vs)


EXTENTS = {k: _extents(k) for k in range(4)}


def is_rectangle(region: list[tuple[int, int, int]]) -> bool:
    """Area equals the upright box, or twice the area equals the tilted box (U=X+Y, V=X-Y)."""
    ext = [(2 * c, 2 * r, EXTENTS[k]) for r, c, k in region]
    x0 = min(x + e[0] for x, _, e in ext)
    x1 = max(x + e[1] for x, _, e in ext)
    y0 = min(y + e[2] for _, y, e in ext)
    y1 = max(y + e[3] for _, y, e in ext)
    count = len(region)
    if count == (x1 - x0) * (y1 - y0):
        return True
    u0 = min(x + y + e[4] for x, y, e in ext)
    u1 = max(x + y + e[5] for x, y, e in ext)
    v0 = min(x - y + e[6] for x, y, e in ext)
    v1 = max(x - y + e[7] for x, y, e in ext)
    return 2 * count == (u1 - u0) * (v1 - v0)


def white_area_ok(answer: Answer) -> bool:
    """The global rule alone: every white region is a rectangle."""
    return all(is_rectangle(region) for region in white_regions(answer))


def _triangles_around(puzzle: Puzzle, answer: Answer, r: int, c: int) -> int:
    count = 0
    for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
        if 0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols and answer.cells[rr][cc] in (
            TNW,
            TNE,
            TSE,
            TSW,
        ):
            count += 1
    return count


def _failing_points(answer: Answer, cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Corners of the given cells where the local lattice rule fails (for display)."""
    rows, cols = answer.rows, answer.cols

    def state(r: int, c: int) -> int:
        return answer.cells[r][c] if 0 <= r < rows and 0 <= c < cols else BLACK

    points = sorted({(r + dr, c + dc) for r, c in cells for dr in (0, 1) for dc in (0, 1)})
    return [
        (i, j)
        for i, j in points
        if not FULL[ring_of((state(i - 1, j), state(i, j), state(i, j - 1), state(i - 1, j - 1)))]
    ]


def _counts(puzzle: Puzzle, answer: Answer) -> list[tuple[int, int, int, int]]:
    """Each number (r, c, n) with how many triangles its neighbours hold."""
    return [(r, c, n, _triangles_around(puzzle, answer, r, c))
            for r, row in enumerate(puzzle.clues) for c, n in enumerate(row) if n >= 0]


def _blank(puzzle: Puzzle, answer: Answer, counts: list) -> Iterator[Place]:
    if not any(s in (TNW, TNE, TSE, TSW) for row in answer.cells for s in row):
        yield (), ()


def _too_many(puzzle: Puzzle, answer: Answer, counts: list) -> Iterator[Place]:
    yield from ((((r, c),), ()) for r, c, n, around in counts if around > n)


def _too_few(puzzle: Puzzle, answer: Answer, counts: list) -> Iterator[Place]:
    yield from ((((r, c),), ()) for r, c, n, around in counts if around < n)


def _not_rectangle(puzzle: Puzzle, answer: Answer, counts: list) -> Iterator[Place]:
    for region in white_regions(answer):
        if not is_rectangle(region):
            cells = {(r, c) for r, c, _ in region}
            yield tuple(sorted(cells)), tuple(_failing_points(answer, cells))


CHECKS = (
    Check("brNoTriangle", "There are no triangles on the board.", _blank,
          "No triangle is placed yet."),
    Check("nmTriangleGt", "There are too many triangles adjacent to a number.", _too_many,
          "A number has more triangles beside it than it says."),
    Check("cuNotRectx", "A white area is not rectangle.", _not_rectangle,
          "A white region is not a rectangle (upright or tilted)."),
    Check("nmTriangleLt", "There are not enough triangles adjacent to a number.", _too_few,
          "A number has fewer triangles beside it than it says."),
)
"""pzprjs's checks for Shakashaka, in its order."""


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    return run_checks(CHECKS, puzzle, answer, _counts(puzzle, answer))


def live(puzzle: Puzzle, position: list[str]) -> list[Violation]:
    """What no later triangle can mend: a number with more triangles beside it than it says
    (triangles are only ever added)."""
    rows = position_rows(puzzle, position)
    glyphs = {GLYPH[t]: t for t in (TNW, TNE, TSE, TSW)}
    states = np.array([[glyphs.get(ch, E) for ch in row] for row in rows], dtype=np.int8)
    around = triangles_around(states)
    check = CHECKS[1]
    return [Violation(check.code, check.message, ((r, c),), (), check.plain)
            for r, row in enumerate(puzzle.clues) for c, n in enumerate(row)
            if n >= 0 and around[r, c] > n]


def white_area_ok_batch(states: np.ndarray) -> np.ndarray:
    """The same definition for a stack of pictures (B, R, C) at once, for the sweeps over
    millions of pictures: the same flood fill and box areas as `white_area_ok`, compiled."""
    states = np.ascontiguousarray(states, dtype=np.int8)
    B, R, C = states.shape
    nb, ext = _quarter_geometry(R, C)
    return _white_area_ok_many(states.reshape(B, R * C), WHITE_TABLE, nb, ext)


def obeys_rules(puzzle: Puzzle, answer: Answer) -> bool:
    """Every number's count right and every white region a rectangle: the verdict of
    `validate` without its report, fast enough for a search's every leaf (the numbers
    counted over arrays, the regions flood-filled by the compiled `white_area_ok_batch`)."""
    return states_obey_rules(puzzle, np.array(answer.cells, dtype=np.int8))


def states_obey_rules(puzzle: Puzzle, states: np.ndarray) -> bool:
    """`obeys_rules` of a picture given as an array of states (rows, cols): the search's
    leaf test reads it straight off its domains, with no Answer built."""
    clues = puzzle.clue_array
    if (triangles_around(states) != clues)[clues >= 0].any():
        return False
    return white_area_ok_one(states)


def white_area_ok_one(states: np.ndarray) -> bool:
    """The definition for one picture (R, C), compiled: the search's leaf test."""
    nb, ext = _quarter_geometry(*states.shape)
    return bool(_white_area_ok(np.ascontiguousarray(states, dtype=np.int8).ravel(),
                               WHITE_TABLE, nb, ext))


@njit(cache=True, parallel=True, nogil=True)
def _white_area_ok_many(states, white_table, nb, ext):  # pragma: no cover - compiled
    B, cells = states.shape
    out = np.ones(B, np.bool_)
    chunks = max(1, min(B, 256))
    for part in prange(chunks):
        seen = np.zeros(4 * cells, np.int64)  # stamp: the picture index + 1 that saw a quarter
        stack = np.empty(4 * cells, np.int64)
        for b in range(part * B // chunks, (part + 1) * B // chunks):
            out[b] = _regions_ok(states[b], white_table, nb, ext, seen, stack, b + 1)
    return out


@njit(cache=True, nogil=True)
def _white_area_ok(state, white_table, nb, ext):  # pragma: no cover - compiled
    """One picture (cells,), without the threads of the batch version."""
    seen = np.zeros(4 * state.size, np.int64)
    stack = np.empty(4 * state.size, np.int64)
    return _regions_ok(state, white_table, nb, ext, seen, stack, 1)


@njit(cache=True, nogil=True)
def _regions_ok(state, white_table, nb, ext, seen, stack, stamp):  # pragma: no cover
    """Flood-fill the white quarters of one picture; False at the first region whose area is
    neither its upright nor its 45° box. `seen[q] == stamp` marks quarters already filled."""
    Q = 4 * state.size
    for q0 in range(Q):
        if seen[q0] == stamp or not white_table[state[q0 >> 2], q0 & 3]:
            continue
        seen[q0] = stamp
        stack[0] = q0
        top, count = 1, 0
        x0 = y0 = u0 = v0 = 1 << 30
        x1 = y1 = u1 = v1 = -(1 << 30)
        while top:
            top -= 1
            q = stack[top]
            count += 1
            x0, x1 = min(x0, ext[0, 0, q]), max(x1, ext[1, 0, q])
            y0, y1 = min(y0, ext[0, 1, q]), max(y1, ext[1, 1, q])
            u0, u1 = min(u0, ext[0, 2, q]), max(u1, ext[1, 2, q])
            v0, v1 = min(v0, ext[0, 3, q]), max(v1, ext[1, 3, q])
            for k in range(3):
                n = nb[q, k]
                if n < Q and seen[n] != stamp and white_table[state[n >> 2], n & 3]:
                    seen[n] = stamp
                    stack[top] = n
                    top += 1
        upright = count == (x1 - x0) * (y1 - y0)
        if not upright and 2 * count != (u1 - u0) * (v1 - v0):
            return False
    return True


WHITE_TABLE = np.zeros((6, 4), dtype=bool)
for _s, _qs in WHITE_QUARTERS.items():
    WHITE_TABLE[_s, list(_qs)] = True
STATE_OF_QUARTERS = {tuple(int(k in qs) for k in (N, EAST, S, W)): s
                     for s, qs in WHITE_QUARTERS.items()}
"""Which white quarters (N, E, S, W flags) → the state that shows exactly them."""


@cache
def _quarter_geometry(R: int, C: int) -> tuple[np.ndarray, np.ndarray]:
    """Neighbour indices (Q, 3) with Q for 'none', and vertex extremes ext[min/max, xyuv, Q]
    (quarter q = 4·cell + k), built over arrays: a board of a new size costs no Python loop
    per quarter."""
    Q = 4 * R * C
    r, c, k = (a.ravel() for a in np.meshgrid(np.arange(R), np.arange(C), np.arange(4),
                                               indexing="ij"))
    cell = r * C + c
    nb = np.full((Q, 3), Q, dtype=np.int64)
    nb[:, 0] = cell * 4 + (k + 1) % 4
    nb[:, 1] = cell * 4 + (k + 3) % 4
    dr, dc, k2 = (np.array([ACROSS[x][i] for x in range(4)])[k] for i in range(3))
    inside = (r + dr >= 0) & (r + dr < R) & (c + dc >= 0) & (c + dc < C)
    nb[inside, 2] = (((r + dr) * C + c + dc) * 4 + k2)[inside]
    base = np.stack([2 * c, 2 * r, 2 * c + 2 * r, 2 * c - 2 * r])  # x, y, u, v of the corner
    extents = np.array([EXTENTS[x] for x in range(4)])[k]  # (Q, 8): min, max per axis
    ext = np.stack([base + extents[:, 0::2].T, base + extents[:, 1::2].T]).astype(np.int64)
    return nb, ext
