"""The Square Jam answer check, read from the rule book alone and sharing no code with the
rules: regions are the pieces the answer lines cut out; no four lines may cross at a point,
each region must be a square, every number in it must be its side, and no line may end
inside. Violations in pzprjs's active order: bdCross, bkNotSquare, bkSideNe, bdDeadEnd."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from ...compiled import njit
from ...grid import piece_boxes
from ..base import Cells, Check, Place, Violation, run_checks
from ..kits.regions import drawn_boxes, lines_meeting
from .model import Answer, Puzzle


@dataclass(frozen=True)
class Regions:
    """What the checks read, computed once: each failing region's cells, by rule."""

    cells: dict[int, Cells]
    not_square: list[int]
    wrong_side: list[int]


def _regions(puzzle: Puzzle, answer: Answer) -> Regions:
    labels = answer.room_labels()
    size, top, left, bottom, right = piece_boxes(labels).T
    height, width = bottom - top + 1, right - left + 1
    square = (height == width) & (height * width == size)
    wrong = np.zeros(size.size, bool)
    for r, c, v in puzzle.numbers:
        k = labels[r, c]
        if v >= 1 and (v != height[k] or v != width[k]):
            wrong[k] = True  # pzprjs reads the side off the bounding box
    bad = np.flatnonzero(~square | wrong).tolist()
    cells = {k: tuple((int(r), int(c)) for r, c in zip(*np.nonzero(labels == k), strict=True))
             for k in bad}
    return Regions(cells, [k for k in bad if not square[k]], [k for k in bad if wrong[k]])


def _regions_in(which: str) -> Callable[[Puzzle, Answer, Regions], Iterator[Place]]:
    def find(puzzle: Puzzle, answer: Answer, regions: Regions) -> Iterator[Place]:
        yield from ((regions.cells[k], ()) for k in getattr(regions, which))
    return find


def _points(count: int) -> Callable[[Puzzle, Answer, Regions], Iterator[Place]]:
    def find(puzzle: Puzzle, answer: Answer, regions: Regions) -> Iterator[Place]:
        v = np.asarray(answer.vertical, dtype=np.int64)
        h = np.asarray(answer.horizontal, dtype=np.int64)
        for i, j in lines_meeting(v, h, answer.rows, answer.cols, count).tolist():
            yield (), ((i, j),)
    return find


CHECKS = (
    Check("bdCross", "There is a crossing border line.", _points(4),
          "Four regions meet at a point."),
    Check("bkNotSquare", "An area is not a square.", _regions_in("not_square"),
          "A region is not a square."),
    Check("bkSideNe", "The side length of a room is not equal to a number inside of it.",
          _regions_in("wrong_side"), "A number in a region is not its side."),
    Check("bdDeadEnd", "There is a dead-end line.", _points(1),
          "A line stops inside the board."),
)
"""pzprjs's checks for Square Jam, in its order."""


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    return run_checks(CHECKS, puzzle, answer, _regions(puzzle, answer))


def live(puzzle: Puzzle, position: list[list[int]]) -> list[Violation]:
    """The drawn rectangles that are wrong whatever else is drawn: one that is not a square,
    or a square holding a number that is not its side."""
    out = []
    for t, lft, h, w in drawn_boxes(puzzle.rows, puzzle.cols, position):
        values = puzzle.clue_array[t:t + h, lft:lft + w]
        broken = (CHECKS[1] if h != w
                  else CHECKS[2] if np.any((values >= 1) & (values != h)) else None)
        if broken is not None:
            out.append(Violation(broken.code, broken.message, tuple(
                (t + k // w, lft + k % w) for k in range(h * w)), (), broken.plain))
    return out


@njit(cache=True, nogil=True)
def tiling_ok(d, clues):  # pragma: no cover - compiled
    """The rule book read over decided domains (each cell: bit 0, not a corner, or one side
    s, a square's top-left corner), for a search's every leaf: the squares lie inside the
    board and tile it, each number is the side of its square, and no point is the
    bottom-right corner of one square and the top-left corner of another (four meeting)."""
    R, C = clues.shape
    owner = np.full((R, C), -1, np.int64)
    side = np.zeros(R * C, np.int64)
    for i in range(R * C):
        v = d[i]
        if v == 1:
            continue
        if v == 0 or v & (v - np.uint64(1)) or v & np.uint64(1):
            return False  # undecided, or nothing
        s = 0
        while (v >> np.uint64(s)) != 1:
            s += 1
        r, c = i // C, i % C
        if r + s > R or c + s > C:
            return False
        side[i] = s
        for y in range(r, r + s):
            for x in range(c, c + s):
                if owner[y, x] >= 0:
                    return False
                owner[y, x] = i
                if clues[y, x] >= 1 and clues[y, x] != s:
                    return False
    for r in range(R):
        for c in range(C):
            if owner[r, c] < 0:
                return False
    for r in range(1, R):
        for c in range(1, C):
            k = owner[r - 1, c - 1]
            if owner[r, c] == r * C + c and k // C + side[k] == r and k % C + side[k] == c:
                return False
    return True
