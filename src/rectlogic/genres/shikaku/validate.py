"""The Shikaku answer check, read from the rule book alone and sharing no code with the
rules: rooms are the pieces the answer lines cut out; each must hold exactly one number, be
a rectangle (size equals bounding box) and have the number's area; no line may end inside.
Violations in pzprjs's active order: bkNoNum, bkNumGe2, bkNotRect, bkSizeNe, bdDeadEnd."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from ...compiled import njit
from ...grid import NO_CLUE, piece_boxes
from ..base import Cells, Check, Place, Violation, run_checks
from ..kits.region_play import drawn_boxes
from ..kits.regions import tiling_clues
from .model import Answer, Puzzle


@dataclass(frozen=True)
class Rooms:
    """What the checks read, computed once: the rooms the lines cut out (numbered by first
    cell), each room's cells, and which rooms break which rule."""

    cells: dict[int, Cells]
    no_number: list[int]
    two_numbers: list[int]
    not_rectangle: list[int]
    wrong_size: list[int]


def _rooms(puzzle: Puzzle, answer: Answer) -> Rooms:
    rooms = answer.room_labels()
    k = rooms.ravel()
    size, top, left, bottom, right = piece_boxes(rooms).T
    n = size.size
    clues = puzzle.clue_array.ravel()
    numbered = clues != NO_CLUE
    count = np.bincount(k[numbered], minlength=n)
    value = np.zeros(n, int)
    value[k[numbered]] = clues[numbered]  # read only where the room has exactly one
    rectangle = size == (bottom - top + 1) * (right - left + 1)
    wrong_size = (count == 1) & (value > 0) & (value != size)
    bad = np.flatnonzero((count != 1) | ~rectangle | wrong_size).tolist()
    cells = {room: tuple((int(r), int(c)) for r, c in zip(*np.nonzero(rooms == room),
                                                            strict=True)) for room in bad}
    return Rooms(cells, [x for x in bad if count[x] == 0], [x for x in bad if count[x] >= 2],
                 [x for x in bad if not rectangle[x]], [x for x in bad if wrong_size[x]])


def _rooms_in(which: str) -> Callable[[Puzzle, Answer, Rooms], Iterator[Place]]:
    def find(puzzle: Puzzle, answer: Answer, rooms: Rooms) -> Iterator[Place]:
        yield from ((rooms.cells[room], ()) for room in getattr(rooms, which))
    return find


def _dead_ends(puzzle: Puzzle, answer: Answer, rooms: Rooms) -> Iterator[Place]:
    R, C = answer.rows, answer.cols
    if R > 1 and C > 1:
        v = np.array(answer.vertical, dtype=np.int8).reshape(R, C - 1)
        h = np.array(answer.horizontal, dtype=np.int8).reshape(R - 1, C)
        # the four segments meeting at interior point (i, j), 1 ≤ i < R, 1 ≤ j < C
        meeting = v[:-1, :] + v[1:, :] + h[:, :-1] + h[:, 1:]
        for i, j in zip(*np.nonzero(meeting == 1), strict=True):
            yield (), ((int(i) + 1, int(j) + 1),)


CHECKS = (
    Check("bkNoNum", "An area has no numbers.", _rooms_in("no_number"),
          "A region has no number."),
    Check("bkNumGe2", "An area has more than one number.", _rooms_in("two_numbers"),
          "A region has more than one number."),
    Check("bkNotRect", "An area is not a rectangle.", _rooms_in("not_rectangle"),
          "A region is not a rectangle."),
    Check("bkSizeNe", "The size of the area is not equal to the number.",
          _rooms_in("wrong_size"), "A region's size is not its number."),
    Check("bdDeadEnd", "There is a dead-end line.", _dead_ends,
          "A line stops inside the board."),
)
"""pzprjs's checks for Shikaku, in its order."""


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    return run_checks(CHECKS, puzzle, answer, _rooms(puzzle, answer))


def live(puzzle: Puzzle, position: list[list[int]]) -> list[Violation]:
    """The drawn rectangles that are wrong whatever else is drawn: one with no number, two
    or more, or an area that is not its number (the undrawn rest is not judged)."""
    out = []
    for (_, _, h, w), numbers, cells in drawn_boxes(puzzle, position):
        check = (CHECKS[0] if not numbers else CHECKS[1] if len(numbers) > 1
                 else CHECKS[3] if 0 < numbers[0] != h * w else None)
        if check is not None:
            out.append(Violation(check.code, check.message, cells, (), check.plain))
    return out


def rectangles_obey_rules(puzzle: Puzzle, rects: np.ndarray) -> bool:
    """The rule book read over rectangles (rows [top, left, height, width]), compiled, for a
    search's every leaf: they tile the board (no cell twice, none left), and each holds
    exactly one number, whose value (unless `?`) is its area. The same verdict as
    `validate` on the drawing of those rectangles, without drawing it."""
    return bool(_rectangles_ok(np.ascontiguousarray(rects, dtype=np.int64),
                               puzzle.clue_array, NO_CLUE))


@njit(cache=True, nogil=True)
def _rectangles_ok(rects, clues, no_clue):  # pragma: no cover - compiled
    found = tiling_clues(rects, clues, no_clue)
    if found is None:
        return False
    for k in range(rects.shape[0]):
        value, numbers = found[k, 0], found[k, 1]
        if numbers != 1 or (value > 0 and value != rects[k, 2] * rects[k, 3]):
            return False  # `?` (negative) and 0 take any area, as pzprjs lets them
    return True
