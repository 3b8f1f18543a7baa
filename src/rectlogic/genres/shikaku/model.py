"""Shikaku: cut the grid into rectangles, one number each, of that area.

The unknown is not a cell but which rectangle each number takes. Every clue gets the list of
its candidates — each h×w box with h·w = n that contains the clue and no other clue (any area
for `?`) — and the puzzle becomes exact cover of the cells by one candidate per clue. A clue's
domain is the bitset of its candidates still possible."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import Any, ClassVar, NamedTuple

import numpy as np

from ...compiled import njit
from ...errors import RectlogicError
from ...grid import (
    NO_CLUE,
    borders_of,
    box_sum,
    check_same_size,
    check_size,
    frozen_array,
    hashed_once,
    piece_labels,
    prefix_sums,
)

MAX_CANDIDATES = 200_000
"""Candidates allowed over the whole board (a `?` can take very many rectangles)."""


@dataclass(frozen=True)
class Puzzle:
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', n ≥ 0 the area (pzprjs lets 0 pass like '?')."""
    genre: ClassVar[str] = "shikaku"

    __hash__ = hashed_once  # the candidate caches look a puzzle up several times a solve

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(r) != self.cols for r in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")
        if any(v < -2 for row in self.clues for v in row):
            raise RectlogicError("a Shikaku clue is a number or ?")

    @cached_property
    def clue_array(self) -> np.ndarray:
        """The clue grid as an array (read by every answer check)."""
        return frozen_array(self.clues, self.rows, self.cols)

    @cached_property
    def number_array(self) -> np.ndarray:
        """The clues (K, 3): row, column, value, in row-major order."""
        return _numbers(self.clue_array)

    @cached_property
    def numbers(self) -> tuple[tuple[int, int, int], ...]:
        """The clues (r, c, value) in row-major order: the search's variables."""
        return tuple(map(tuple, self.number_array.tolist()))


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
    def from_rooms(rooms: Any) -> Answer:
        """Lines wherever two neighbouring cells carry different labels (nested tuples or an
        array)."""
        v, h = borders_of(rooms)
        return Answer(len(rooms), len(rooms[0]), tuple(v), tuple(h))

    @staticmethod
    def from_rects(rows: int, cols: int, rects: list[Rect]) -> Answer:
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
def candidate_table(puzzle: Puzzle) -> CandidateTable:
    """The candidates of every clue, made in one compiled pass. Kept for the puzzles seen
    last, not for every puzzle a server or a benchmark ever saw."""
    table = CandidateTable(*_candidates(puzzle.clue_array, puzzle.number_array, puzzle.rows,
                                        puzzle.cols, MAX_CANDIDATES))
    if table.first[-1] > MAX_CANDIDATES:
        raise RectlogicError(
            f"too many possible rectangles (over {MAX_CANDIDATES}); too many ? clues?"
        )
    return table


def candidate_array(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rects, counts, first) of `candidate_table`."""
    return candidate_table(puzzle)[:3]


@lru_cache(maxsize=256)
def candidates(puzzle: Puzzle) -> tuple[tuple[Rect, ...], ...]:
    """Per clue (in `numbers` order), every rectangle it may take. Kept for the puzzles seen
    last, not for every puzzle a server or a benchmark ever saw."""
    rects, _, first = candidate_array(puzzle)
    flat = list(map(tuple, rects.tolist()))
    return tuple(tuple(flat[a:b]) for a, b in pairwise(first.tolist()))


@njit(cache=True, nogil=True)
def _numbers(clues):  # pragma: no cover - compiled
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
def _candidates(clues, numbers, R, C, limit):  # pragma: no cover - compiled
    """Every box of area n (any area for `?` and 0) holding its clue and no other clue, per
    clue in order, shapes by height then width, boxes row-major; stops adding shapes past
    `limit`. The fields of `CandidateTable`."""
    prefix = prefix_sums(clues != NO_CLUE)
    out = np.empty((64, 4), np.int64)
    K = numbers.shape[0]
    counts = np.zeros(K, np.int64)
    first = np.zeros(K + 1, np.int64)
    total = 0
    for k in range(K):
        r, c, n = numbers[k, 0], numbers[k, 1], numbers[k, 2]
        for h in range(1, R + 1):
            lo, hi = 1, C  # widths: any for `?` and 0, else the one that makes the area
            if n > 0:
                if n % h:
                    continue
                lo = hi = n // h
            for w in range(lo, min(hi, C) + 1):
                if total > limit:
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

