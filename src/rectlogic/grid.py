"""Grid geometry shared by all genres: sizes, cells, edge neighbours, lattice points.

A lattice point (i, j) is the corner shared by cells (i-1, j-1), (i-1, j), (i, j-1), (i, j);
there are (rows+1)·(cols+1) of them, border points included."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Hashable, Sequence
from itertools import chain
from math import prod
from typing import Any

import numpy as np

from .compiled import njit
from .errors import BoardTooLarge, RectlogicError

MAX_SIDE = 256
"""The largest side the library accepts; larger boards are refused before any work."""

DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Edge neighbours in the order N, E, S, W."""


def hashed_once(self: Any) -> int:
    """`__hash__` for a frozen dataclass used as a cache key (`__hash__ = hashed_once` in its
    body): its fields are hashed on first use and the hash remembered — a board's tuples of
    tuples cost microseconds to hash, and a solve looks a puzzle up in several caches."""
    known = self.__dict__.get("_hash")
    if known is None:
        known = self.__dict__["_hash"] = hash(
            tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
    return known


def frozen_array(values: Any, *shape: int) -> np.ndarray:
    """A puzzle's grid or list as a read-only int64 array (made once per puzzle, in a cached
    property, and shared by the rules, the leaf test and the checks: none may write it)."""
    flat = chain.from_iterable(values) if len(shape) > 1 else values  # rows of a grid
    a = np.fromiter(flat, dtype=np.int64, count=prod(shape)).reshape(shape)
    a.flags.writeable = False
    return a


def check_size(rows: int, cols: int, limit: int = MAX_SIDE) -> None:
    """Refuse an empty, negative or oversized board with a clear message."""
    if not isinstance(rows, int) or not isinstance(cols, int) or rows < 1 or cols < 1:
        raise RectlogicError(f"board size must be at least 1x1, got {rows}x{cols}")
    if rows > limit or cols > limit:
        raise BoardTooLarge(f"board {rows}x{cols} is larger than the limit of {limit}x{limit}")


def check_same_size(puzzle: Any, answer: Any) -> None:
    """An answer must be drawn on a board of the puzzle's size."""
    if answer.rows != puzzle.rows or answer.cols != puzzle.cols:
        raise RectlogicError(
            f"answer is {answer.rows}x{answer.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}"
        )


def neighbour_sum(padded: np.ndarray) -> np.ndarray:
    """For arrays framed by one extra row and column on each side (last two axes), the sum
    over the four edge neighbours of every inner cell (an OR for booleans)."""
    return (
        padded[..., :-2, 1:-1] + padded[..., 2:, 1:-1] + padded[..., 1:-1, :-2]
        + padded[..., 1:-1, 2:]
    )


def corner_sum(padded: np.ndarray) -> np.ndarray:
    """As `neighbour_sum`, over the four corner (diagonal) neighbours."""
    return (
        padded[..., :-2, :-2] + padded[..., :-2, 2:] + padded[..., 2:, :-2]
        + padded[..., 2:, 2:]
    )


def components(
    rows: int, cols: int, joined: Callable[[int, int, int, int], bool]
) -> tuple[tuple[int, ...], ...]:
    """Connected pieces of the grid, where joined(r, c, r2, c2) says whether two edge
    neighbours belong together; numbered by their first row-major cell (pzprjs room order)."""
    right = [joined(r, c, r, c + 1) for r in range(rows) for c in range(cols - 1)]
    down = [joined(r, c, r + 1, c) for r in range(rows - 1) for c in range(cols)]
    return pieces(rows, cols, right, down)


def label_pieces(labels: Sequence[Sequence[Hashable]]) -> tuple[tuple[int, ...], ...]:
    """Any labelling → its connected pieces of equal labels, numbered by first row-major
    cell (a border runs wherever two neighbours have different labels, as in pzprjs)."""
    grid = np.asarray(labels)
    if grid.ndim == 2 and grid.dtype.kind in "biuf":  # numbers: compared a row at a time
        return pieces(*grid.shape, grid[:, :-1] == grid[:, 1:], grid[:-1, :] == grid[1:, :])
    return components(
        len(labels), len(labels[0]), lambda r, c, rr, cc: labels[r][c] == labels[rr][cc]
    )


def pieces(
    rows: int, cols: int, right: Sequence[bool], down: Sequence[bool]
) -> tuple[tuple[int, ...], ...]:
    """Connected pieces given which sides are open: right[r*(cols-1)+c] joins (r,c) and
    (r,c+1), down[r*cols+c] joins (r,c) and (r+1,c). Numbered by first row-major cell."""
    return tuple(map(tuple, piece_labels(rows, cols, right, down).tolist()))


def piece_labels(rows: int, cols: int, right: Sequence[bool], down: Sequence[bool]) -> np.ndarray:
    """`pieces` as an array (rows, cols) of piece numbers."""
    labels = _pieces(rows, cols, np.asarray(right, dtype=np.bool_).reshape(-1),
                     np.asarray(down, dtype=np.bool_).reshape(-1))
    return labels.reshape(rows, cols)


@njit(cache=True, nogil=True)
def _pieces(rows, cols, right, down):  # pragma: no cover - compiled
    """Flood fill from each unlabelled cell in row-major order (a hot loop: every answer
    check and every Shikaku leaf reads its rooms this way)."""
    label = np.full(rows * cols, -1, np.int64)
    stack = np.empty(rows * cols, np.int64)
    n = 0
    for start in range(rows * cols):
        if label[start] >= 0:
            continue
        label[start] = n
        stack[0], top = start, 1
        while top:
            top -= 1
            i = stack[top]
            r, c = i // cols, i % cols
            for j, open_ in ((i + 1, c + 1 < cols and right[r * (cols - 1) + c]),
                             (i - 1, c > 0 and right[r * (cols - 1) + c - 1]),
                             (i + cols, r + 1 < rows and down[i]),
                             (i - cols, r > 0 and down[i - cols])):
                if open_ and label[j] < 0:
                    label[j] = n
                    stack[top] = j
                    top += 1
        n += 1
    return label


@njit(cache=True, nogil=True)
def _joined(a, alike):  # pragma: no cover - compiled
    """Neighbours joined into one piece: both True (`alike` false), or of the same value."""
    rows, cols = a.shape
    right = np.zeros(rows * max(cols - 1, 0), np.bool_)
    down = np.zeros(max(rows - 1, 0) * cols, np.bool_)
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                right[r * (cols - 1) + c] = (a[r, c] == a[r, c + 1] if alike
                                             else a[r, c] and a[r, c + 1])
            if r + 1 < rows:
                down[r * cols + c] = (a[r, c] == a[r + 1, c] if alike
                                      else a[r, c] and a[r + 1, c])
    return _pieces(rows, cols, right, down).reshape(rows, cols)


@njit(cache=True, nogil=True)
def mask_labels(mask):  # pragma: no cover - compiled
    """Pieces of a boolean grid (rows, cols): 4-connected True cells share a number, every
    False cell is a piece of its own; numbered by first row-major cell. Compiled, so the
    rules can call it too."""
    return _joined(mask, False)


@njit(cache=True, nogil=True)
def colour_labels(a):  # pragma: no cover - compiled
    """Pieces of one colour (rows, cols): 4-connected cells of the same value share a
    number, by first row-major cell (the groups of shaded and of unshaded cells alike)."""
    return _joined(a, True)


@njit(cache=True, nogil=True)
def piece_boxes(labels):  # pragma: no cover - compiled
    """Per piece of a labelling (rows, cols) of pieces 0..n-1: [size, top, left, bottom,
    right] (a row each), the facts every "is each part a rectangle" check reads."""
    rows, cols = labels.shape
    n = labels.max() + 1 if labels.size else 0
    out = np.zeros((n, 5), np.int64)
    out[:, 1], out[:, 2] = rows, cols
    for r in range(rows):
        for c in range(cols):
            b = out[labels[r, c]]
            b[0] += 1
            b[1], b[2] = min(b[1], r), min(b[2], c)
            b[3], b[4] = max(b[3], r), max(b[4], c)
    return out


@njit(cache=True, nogil=True)
def prefix_sums(marked):  # pragma: no cover - compiled
    """p[r, c] = marked cells above and left of (r, c): any box's count in four reads."""
    rows, cols = marked.shape
    p = np.zeros((rows + 1, cols + 1), np.int32)
    for r in range(rows):
        for c in range(cols):
            p[r + 1, c + 1] = p[r, c + 1] + p[r + 1, c] - p[r, c] + marked[r, c]
    return p


@njit(cache=True, nogil=True, inline="always")
def box_sum(p, t, b, lft, r):  # pragma: no cover - compiled
    """Marked cells in rows t..b, columns lft..r, from `prefix_sums`."""
    return p[b + 1, r + 1] - p[t, r + 1] - p[b + 1, lft] + p[t, lft]


def rooms_from_borders(
    rows: int, cols: int, vertical: list[int], horizontal: list[int]
) -> tuple[tuple[int, ...], ...]:
    """Rooms (connected across sides without a border), numbered by first row-major cell.
    Borders come in pzprjs order: vertical[r*(cols-1)+c] between (r,c) and (r,c+1), then
    horizontal[r*cols+c] between (r,c) and (r+1,c)."""
    return pieces(rows, cols, [not b for b in vertical], [not b for b in horizontal])


def borders_of(rooms: Any) -> tuple[list[int], list[int]]:
    """The vertical and horizontal border bits (pzprjs order) between differing labels, for
    any labelling (nested tuples or an array)."""
    vertical, horizontal = _borders(np.ascontiguousarray(rooms, dtype=np.int64))
    return vertical.tolist(), horizontal.tolist()


@njit(cache=True, nogil=True)
def _borders(a):  # pragma: no cover - compiled
    """`borders_of` over an array: 1 where a cell's label differs from its right (vertical)
    or lower (horizontal) neighbour's, row-major."""
    vertical = (a[:, :-1] != a[:, 1:]).astype(np.int64).ravel()
    horizontal = (a[:-1, :] != a[1:, :]).astype(np.int64).ravel()
    return vertical, horizontal


def draw_rooms(rooms: tuple[tuple[int, ...], ...], text: Callable[[int, int], str]) -> str:
    """A board for people: each cell's text, with | and ── where neighbouring rooms differ."""
    rows, cols = len(rooms), len(rooms[0])
    lines = []
    for r in range(rows):
        row = ""
        for c in range(cols):
            wall = c + 1 < cols and rooms[r][c] != rooms[r][c + 1]
            row += f"{text(r, c):>3}" + ("|" if wall else " ")
        lines.append(row.rstrip())
        if r + 1 < rows:
            lines.append("".join(
                " ───" if rooms[r][c] != rooms[r + 1][c] else "    " for c in range(cols)
            ).rstrip())
    return "\n".join(lines)


NO_CLUE, ANY_CLUE = -1, -2
"""The clue codes of every genre: a cell (or region) with no clue, and `?` — a clue whose
number is not given. Numbers are 0 and up."""

MAX_DIGITS = 6
"""Digits a number in any input may have: enough for every clue and size, and no 5,000-digit
number ever reaches int() or a numpy array."""


def is_number(token: str) -> bool:
    """ASCII digits only ('²'.isdigit() is true, but int('²') fails), at most MAX_DIGITS."""
    return 0 < len(token) <= MAX_DIGITS and token.isascii() and token.isdigit()


def is_integer(value: object) -> bool:
    """An integer read from JSON: `true` and `false` are not numbers, though Python's bool
    is an int."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(token: str, what: str) -> int:
    """A whole number read from input, or a RectlogicError that says what was expected."""
    token = token.strip()
    if not is_number(token):
        shown = token if len(token) <= 20 else token[:20] + "…"
        raise RectlogicError(f"{what} must be a whole number of at most {MAX_DIGITS} digits, "
                             f"got {shown!r}")
    return int(token)


_SIZE = re.compile(r"^\s*([0-9]+)\s*[xX×]\s*([0-9]+)\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """'RxC' (rows by columns) → (rows, cols); a single 'N' means NxN."""
    m = _SIZE.match(text)
    if m:
        rows, cols = whole_number(m.group(1), "rows"), whole_number(m.group(2), "columns")
    elif is_number(text.strip()):
        rows = cols = int(text.strip())
    else:
        raise RectlogicError(f"size must look like 8x8 (rows x columns), got {text!r}")
    check_size(rows, cols)
    return rows, cols


