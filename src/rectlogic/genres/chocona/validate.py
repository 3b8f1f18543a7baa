"""The Chocona answer check, read from the rule book alone: flood-fill every clump of shaded
cells and compare its size with its bounding box (never a 2×2 window); count each numbered
region. Violations in pzprjs's active order: brNoShade, csNotRect, bkShadeNe."""

from __future__ import annotations

import numpy as np

from ...grid import mask_labels, piece_boxes
from ..base import Violation
from .model import Answer, Puzzle

MESSAGES = {
    "brNoShade": "There are no shaded cells on the board.",
    "csNotRect": "A mass of shaded cells is not rectangle.",
    "bkShadeNe": "The number of shaded cells in the room and the number written in the room "
    "is different.",
}
UI_ONLY_CODES = frozenset({"brNoShade"})
"""pzprjs's "not started" guard: reported by the checker, not a rule of the puzzle."""


def clumps(answer: Answer) -> list[tuple[list[tuple[int, int]], bool]]:
    """The 4-connected clumps of shaded cells, from their first row-major cell: each clump's
    cells (row-major) and whether its size equals its bounding box's area."""
    shaded = np.array(answer.shaded, dtype=np.bool_).reshape(answer.rows, answer.cols)
    labels = mask_labels(shaded)
    boxes = piece_boxes(labels)
    out = []
    for k in np.unique(labels[shaded]).tolist():
        size, top, left, bottom, right = boxes[k].tolist()
        cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(labels == k), strict=True)]
        out.append((cells, size == (bottom - top + 1) * (right - left + 1)))
    return out


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    out: list[Violation] = []
    if not any(any(row) for row in answer.shaded):
        out.append(Violation("brNoShade", MESSAGES["brNoShade"]))
    for cells, rectangle in clumps(answer):
        if not rectangle:
            out.append(Violation("csNotRect", MESSAGES["csNotRect"], cells=tuple(cells)))
    for k, cells in enumerate(puzzle.region_cells):
        n = puzzle.clues[k]
        if n >= 0 and sum(answer.shaded[r][c] for r, c in cells) != n:
            out.append(Violation("bkShadeNe", MESSAGES["bkShadeNe"], cells=tuple(cells)))
    return out
