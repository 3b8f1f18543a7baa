"""The Shikaku answer check, read from the rule book alone and sharing no code with the
rules: rooms are the pieces the answer lines cut out; each must hold exactly one number, be
a rectangle (size equals bounding box) and have the number's area; no line may end inside.
Violations in pzprjs's active order: bkNoNum, bkNumGe2, bkNotRect, bkSizeNe, bdDeadEnd."""

from __future__ import annotations

import numpy as np

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
    rooms: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(answer.rooms()):
        for c, k in enumerate(row):
            rooms.setdefault(k, []).append((r, c))
    found: dict[str, list[Violation]] = {code: [] for code in MESSAGES}

    def report(code: str, cells: list[tuple[int, int]] = (), points=()) -> None:
        found[code].append(Violation(code, MESSAGES[code], tuple(cells), tuple(points)))

    for cells in rooms.values():
        numbers = [puzzle.clues[r][c] for r, c in cells if puzzle.clues[r][c] != NO_CLUE]
        if not numbers:
            report("bkNoNum", cells)
        elif len(numbers) >= 2:
            report("bkNumGe2", cells)
        rs, cs = [r for r, _ in cells], [c for _, c in cells]
        if len(cells) != (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1):
            report("bkNotRect", cells)
        if len(numbers) == 1 and numbers[0] > 0 and numbers[0] != len(cells):
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
