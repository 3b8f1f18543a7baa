"""The Shikaku answer check, read from the rule book alone and sharing no code with the
rules: rooms are the pieces the answer lines cut out; each must hold exactly one number, be
a rectangle (size equals bounding box) and have the number's area; no line may end inside.
Violations in pzprjs's active order: bkNoNum, bkNumGe2, bkNotRect, bkSizeNe, bdDeadEnd."""

from __future__ import annotations

import numpy as np

from ...grid import piece_boxes
from ..base import Violation
from .model import NO_CLUE, Answer, Puzzle

MESSAGES = {
    "bkNoNum": "An area has no numbers.",
    "bkNumGe2": "An area has more than one number.",
    "bkNotRect": "An area is not a rectangle.",
    "bkSizeNe": "The size of the area is not equal to the number.",
    "bdDeadEnd": "There is a dead-end line.",
}


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    rooms = answer.room_labels()
    found: dict[str, list[Violation]] = {code: [] for code in MESSAGES}

    def report(code: str, cells: list[tuple[int, int]] = (), points=()) -> None:
        found[code].append(Violation(code, MESSAGES[code], tuple(cells), tuple(points)))

    # per room (numbered by first cell): its size, bounding box, and the numbers inside
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
    for room in np.flatnonzero((count != 1) | ~rectangle | wrong_size).tolist():
        cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(rooms == room), strict=True)]
        if count[room] == 0:
            report("bkNoNum", cells)
        elif count[room] >= 2:
            report("bkNumGe2", cells)
        if not rectangle[room]:
            report("bkNotRect", cells)
        if wrong_size[room]:
            report("bkSizeNe", cells)
    R, C = answer.rows, answer.cols
    if R > 1 and C > 1:
        v = np.array(answer.vertical, dtype=np.int8).reshape(R, C - 1)
        h = np.array(answer.horizontal, dtype=np.int8).reshape(R - 1, C)
        # the four segments meeting at interior point (i, j), 1 ≤ i < R, 1 ≤ j < C
        meeting = v[:-1, :] + v[1:, :] + h[:, :-1] + h[:, 1:]
        for i, j in zip(*np.nonzero(meeting == 1), strict=True):
            report("bdDeadEnd", points=[(int(i) + 1, int(j) + 1)])
    return [v for code in MESSAGES for v in found[code]]
