"""The Tatamibari answer check, read from the rule book alone and sharing no code with the
rules: regions are the pieces the answer lines cut out; no four meet at a point (no line
crossing), each holds exactly one mark, is a rectangle of the mark's shape, and no line
ends inside. Violations in pzprjs's active order: bdCross, bkNoNum, bkNotSquare, bkNotHRect,
bkNotVRect, bkNumGe2, bkNotRect, bdDeadEnd. (pzprjs reads a region's shape from the first
mark in it, so a region with two marks may fail a shape check before bkNumGe2.)"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ...compiled import njit
from ...grid import ANY_CLUE, NO_CLUE, piece_boxes
from ..base import Check, Place, Violation, run_checks
from ..kits.cover import four_meet
from ..kits.region_play import drawn_boxes
from ..kits.regions import points_with, tiling_clues
from .model import SQUARE, TALL, WIDE, Answer, Puzzle

Facts = dict[str, list[tuple[tuple[int, int], ...]]]
"""Per check code, the cells of each region that fails it."""


def _facts(puzzle: Puzzle, answer: Answer) -> Facts:
    labels = answer.room_labels()
    size, top, left, bottom, right = piece_boxes(labels).T
    height, width = bottom - top + 1, right - left + 1
    rect = size == height * width
    marks: dict[int, list[int]] = {}
    for r, c, m in puzzle.numbers:  # row-major: a region's first mark first
        marks.setdefault(int(labels[r, c]), []).append(m)
    out: Facts = {code: [] for code in ("bkNoNum", "bkNotSquare", "bkNotHRect", "bkNotVRect",
                                        "bkNumGe2", "bkNotRect")}
    for room in range(size.size):
        found = marks.get(room, [])
        h, w = int(height[room]), int(width[room])
        codes = []
        if not found:
            codes.append("bkNoNum")
        elif rect[room]:
            first = found[0]
            if (first == SQUARE and h != w) or (first == WIDE and not w > h) or (
                    first == TALL and not h > w):
                codes.append({SQUARE: "bkNotSquare", WIDE: "bkNotHRect",
                              TALL: "bkNotVRect"}[first])
        if len(found) > 1:
            codes.append("bkNumGe2")
        if not rect[room]:
            codes.append("bkNotRect")
        if codes:
            cells = tuple((int(r), int(c)) for r, c in np.argwhere(labels == room))
            for code in codes:
                out[code].append(cells)
    return out


def _regions(code: str):
    def find(puzzle: Puzzle, answer: Answer, facts: Facts) -> Iterator[Place]:
        yield from ((cells, ()) for cells in facts[code])
    return find


def _points(lines: int):
    def find(puzzle: Puzzle, answer: Answer, facts: Facts) -> Iterator[Place]:
        yield from (((), (p,)) for p in points_with(answer, lines))
    return find


CHECKS = (
    Check("bdCross", "There is a crossing border line.", _points(4),
          "Four regions meet at a point."),
    Check("bkNoNum", "A tatami has no marks.", _regions("bkNoNum"), "A region has no mark."),
    Check("bkNotSquare", "A tatami is not a square.", _regions("bkNotSquare"),
          "A region with a + is not a square."),
    Check("bkNotHRect", "A tatami is not a horizontally long rectangle.",
          _regions("bkNotHRect"), "A region with a - is not wider than tall."),
    Check("bkNotVRect", "A tatami is not a vertically long rectangle.",
          _regions("bkNotVRect"), "A region with a | is not taller than wide."),
    Check("bkNumGe2", "A tatami has multiple marks.", _regions("bkNumGe2"),
          "A region has more than one mark."),
    Check("bkNotRect", "A tatami is not rectangle.", _regions("bkNotRect"),
          "A region is not a rectangle."),
    Check("bdDeadEnd", "There is a dead-end line.", _points(1),
          "A line stops inside the board."),
)
"""pzprjs's checks for Tatamibari, in its order."""


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    return run_checks(CHECKS, puzzle, answer, _facts(puzzle, answer))


def live(puzzle: Puzzle, position: list[list[int]]) -> list[Violation]:
    """The drawn rectangles that are wrong whatever else is drawn: one with no mark, with
    two or more, or of a shape its mark forbids (the undrawn rest is not judged)."""
    by_code = {check.code: check for check in CHECKS}
    out = []
    for (_, _, h, w), marks, cells in drawn_boxes(puzzle, position):
        code = None
        if not marks:
            code = "bkNoNum"
        elif len(marks) > 1:
            code = "bkNumGe2"
        elif marks[0] == SQUARE and h != w:
            code = "bkNotSquare"
        elif marks[0] == WIDE and not w > h:
            code = "bkNotHRect"
        elif marks[0] == TALL and not h > w:
            code = "bkNotVRect"
        if code is not None:
            check = by_code[code]
            out.append(Violation(check.code, check.message, cells, (), check.plain))
    return out


@njit(cache=True, nogil=True)
def boxes_ok(rects, clues):  # pragma: no cover - compiled
    """The rule book read over rectangles (rows [top, left, height, width]), compiled, for a
    search's every leaf: they tile the board, each holds exactly one mark of its shape, and
    no four meet at a point. The same verdict as `validate` on their drawing."""
    found = tiling_clues(rects, clues, NO_CLUE)
    if found is None:
        return False
    for k in range(rects.shape[0]):
        mark, marks, h, w = found[k, 0], found[k, 1], rects[k, 2], rects[k, 3]
        if marks != 1 or not (mark == ANY_CLUE or (mark == SQUARE and h == w)
                              or (mark == WIDE and w > h) or (mark == TALL and h > w)):
            return False
    return not four_meet(rects, clues.shape[0], clues.shape[1])
