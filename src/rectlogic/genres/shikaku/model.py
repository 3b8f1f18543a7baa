"""Shikaku: cut the grid into rectangles, one number each, of that area.

The unknown is not a cell but which rectangle each number takes. Every clue gets the list of
its candidates — each h×w box with h·w = n that contains the clue and no other clue (any area
for `?`) — and the puzzle becomes exact cover of the cells by one candidate per clue. A
candidate's cells are a Python integer used as a bitset (bit r·cols + c)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import ClassVar

import numpy as np
from numba import njit

from ...errors import RectlogicError
from ...grid import borders_of, check_same_size, check_size, piece_labels

NO_CLUE, ANY_AREA = -1, -2
"""Cell values besides the numbers: no clue, and `?` (a clue of any area)."""
MAX_CANDIDATES = 200_000
"""Candidates allowed over the whole board (a `?` can take very many rectangles)."""


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', n ≥ 0 the area (pzprjs lets 0 pass like '?')."""
    genre: ClassVar[str] = "shikaku"

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(r) != self.cols for r in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")
        if any(v < -2 for row in self.clues for v in row):
            raise RectlogicError("a Shikaku clue is a number or ?")

    @cached_property
    def clue_array(self) -> np.ndarray:
        """The clue grid as an array (read by every answer check)."""
        return np.array(self.clues, dtype=np.int64)

    @cached_property
    def numbers(self) -> tuple[tuple[int, int, int], ...]:
        """The clues (r, c, value) in row-major order: the search's variables."""
        rows, cols = np.nonzero(self.clue_array != NO_CLUE)
        values = self.clue_array[rows, cols]
        return tuple(zip(rows.tolist(), cols.tolist(), values.tolist(), strict=True))


Rect = tuple[int, int, int, int]
"""(top, left, height, width)."""


@dataclass(frozen=True)
class Answer:
    """Answer lines as pzprjs stores them: vertical borders (between (r,c) and (r,c+1)) then
    horizontal ones (between (r,c) and (r+1,c)), 1 for a line. A tiling, or any drawing."""

    rows: int
    cols: int
    vertical: tuple[int, ...]
    horizontal: tuple[int, ...]

    @staticmethod
    def from_rooms(rooms: tuple[tuple[int, ...], ...]) -> Answer:
        v, h = borders_of(rooms)
        return Answer(len(rooms), len(rooms[0]), tuple(v), tuple(h))

    @staticmethod
    def from_labels(label: np.ndarray) -> Answer:
        """Lines wherever two neighbouring cells carry different labels."""
        vertical = (label[:, :-1] != label[:, 1:]).ravel().astype(int).tolist()
        horizontal = (label[:-1, :] != label[1:, :]).ravel().astype(int).tolist()
        return Answer(label.shape[0], label.shape[1], tuple(vertical), tuple(horizontal))

    @staticmethod
    def from_rects(rows: int, cols: int, rects: list[Rect]) -> Answer:
        label = [[-1] * cols for _ in range(rows)]
        for k, (t, lft, h, w) in enumerate(rects):
            for r in range(t, t + h):
                for c in range(lft, lft + w):
                    if not (0 <= r < rows and 0 <= c < cols):
                        raise RectlogicError(f"rectangle {[t, lft, h, w]} leaves the board")
                    if label[r][c] != -1:
                        raise RectlogicError(f"rectangles overlap at cell ({r},{c})")
                    label[r][c] = k
        return Answer.from_rooms(tuple(tuple(row) for row in label))

    def rooms(self) -> tuple[tuple[int, ...], ...]:
        return tuple(map(tuple, self.room_labels().tolist()))

    def room_labels(self) -> np.ndarray:
        """The rooms the lines cut out, as an array of room numbers (by first cell)."""
        return piece_labels(self.rows, self.cols, [not b for b in self.vertical],
                            [not b for b in self.horizontal])

    def rects(self) -> list[Rect]:
        """Each room's bounding box, sorted by (top, left): the rectangles of a tiling."""
        boxes: dict[int, list[int]] = {}
        for r, row in enumerate(self.rooms()):
            for c, k in enumerate(row):
                b = boxes.setdefault(k, [r, c, r, c])
                b[0], b[1] = min(b[0], r), min(b[1], c)
                b[2], b[3] = max(b[2], r), max(b[3], c)
        return sorted((t, lft, b - t + 1, r - lft + 1) for t, lft, b, r in boxes.values())


def check_answer_fits(puzzle: Puzzle, answer: Answer) -> None:
    check_same_size(puzzle, answer)
    if (len(answer.vertical) != puzzle.rows * (puzzle.cols - 1)
            or len(answer.horizontal) != (puzzle.rows - 1) * puzzle.cols):
        raise RectlogicError("answer borders do not match the board size")


@lru_cache(maxsize=256)
def candidate_array(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray]:
    """Every clue's candidates as one array of rows [top, left, height, width], clue after
    clue, and how many each clue has (what the compiled rules read)."""
    clues = np.array(puzzle.clues, dtype=np.int64)
    numbers = np.array(puzzle.numbers, dtype=np.int64).reshape(-1, 3)
    rects, counts = _candidates(clues, numbers, puzzle.rows, puzzle.cols, MAX_CANDIDATES)
    if counts.sum() > MAX_CANDIDATES:
        raise RectlogicError(
            f"too many possible rectangles (over {MAX_CANDIDATES}); too many ? clues?"
        )
    return rects, counts


@lru_cache(maxsize=256)
def candidates(puzzle: Puzzle) -> tuple[tuple[Rect, ...], ...]:
    """Per clue (in `numbers` order), every rectangle it may take. Kept for the puzzles seen
    last, not for every puzzle a server or a benchmark ever saw."""
    rects, counts = candidate_array(puzzle)
    flat = list(map(tuple, rects.tolist()))
    ends = np.cumsum(counts).tolist()
    return tuple(tuple(flat[e - n:e]) for e, n in zip(ends, counts.tolist(), strict=True))


@njit(cache=True, nogil=True)
def _candidates(clues, numbers, R, C, limit):  # pragma: no cover - compiled
    """Every box of area n (any area for `?` and 0) holding its clue and no other clue, per
    clue in order, shapes by height then width, boxes row-major; stops past `limit`."""
    prefix = np.zeros((R + 1, C + 1), np.int64)
    for r in range(R):
        for c in range(C):
            prefix[r + 1, c + 1] = (prefix[r, c + 1] + prefix[r + 1, c] - prefix[r, c]
                                    + (clues[r, c] != NO_CLUE))
    out = np.empty((64, 4), np.int64)
    counts = np.zeros(numbers.shape[0], np.int64)
    total = 0
    for k in range(numbers.shape[0]):
        r, c, n = numbers[k, 0], numbers[k, 1], numbers[k, 2]
        for h in range(1, R + 1):
            for w in range(1, C + 1):
                if (n > 0 and h * w != n) or total > limit:
                    continue
                for t in range(max(0, r - h + 1), min(r, R - h) + 1):
                    for lft in range(max(0, c - w + 1), min(c, C - w) + 1):
                        inside = (prefix[t + h, lft + w] - prefix[t, lft + w]
                                  - prefix[t + h, lft] + prefix[t, lft])
                        if inside == 1:  # exactly one clue (this one) inside the box
                            if total == out.shape[0]:
                                grown = np.empty((2 * total, 4), np.int64)
                                grown[:total] = out
                                out = grown
                            out[total, 0], out[total, 1] = t, lft
                            out[total, 2], out[total, 3] = h, w
                            total += 1
                            counts[k] += 1
    return out[:total], counts


def rect_mask(rect: Rect, cols: int) -> int:
    """The rectangle's cells as a bitset (bit r·cols + c)."""
    t, lft, h, w = rect
    return _block(h, w, cols) << (t * cols + lft)


@cache
def _block(h: int, w: int, cols: int) -> int:
    row = (1 << w) - 1
    return sum(row << (i * cols) for i in range(h))
