"""The Chocona answer check, read from the rule book alone: flood-fill every clump of shaded
cells and compare its size with its bounding box (never a 2×2 window); count each numbered
region. Violations in pzprjs's active order: brNoShade, csNotRect, bkShadeNe."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ...compiled import njit
from ...grid import mask_labels, piece_boxes
from ..base import Check, Place, Violation, position_rows, run_checks
from .model import BIT, SHADED, Answer, Puzzle

UI_ONLY_CODES = frozenset({"brNoShade"})
"""pzprjs's "not started" guard: reported by the checker, not a rule of the puzzle."""


def clumps(answer: Answer) -> list[tuple[list[tuple[int, int]], bool]]:
    """The 4-connected clumps of shaded cells, from their first row-major cell: each clump's
    cells (row-major) and whether its size equals its bounding box's area."""
    shaded = np.array(answer.shaded, dtype=np.bool_).reshape(answer.rows, answer.cols)
    labels = mask_labels(shaded)
    boxes = piece_boxes(labels)
    ks = np.unique(labels[shaded])
    size, top, left, bottom, right = boxes[ks].T
    rectangle = size == (bottom - top + 1) * (right - left + 1)
    return [([(int(r), int(c)) for r, c in zip(*np.nonzero(labels == k), strict=True)], ok)
            for k, ok in zip(ks.tolist(), rectangle.tolist(), strict=True)]


def _blank(puzzle: Puzzle, answer: Answer, facts: None) -> Iterator[Place]:
    if not any(any(row) for row in answer.shaded):
        yield (), ()


def _not_rectangle(puzzle: Puzzle, answer: Answer, facts: None) -> Iterator[Place]:
    for cells, rectangle in clumps(answer):
        if not rectangle:
            yield tuple(cells), ()


def _count_differs(puzzle: Puzzle, answer: Answer, facts: None) -> Iterator[Place]:
    for k, cells in enumerate(puzzle.region_cells):
        n = puzzle.clues[k]
        if n >= 0 and sum(answer.shaded[r][c] for r, c in cells) != n:
            yield tuple(cells), ()


CHECKS = (
    Check("brNoShade", "There are no shaded cells on the board.", _blank,
          "Nothing is shaded yet."),
    Check("csNotRect", "A mass of shaded cells is not rectangle.", _not_rectangle,
          "A group of shaded cells is not a rectangle."),
    Check("bkShadeNe", "The number of shaded cells in the room and the number written in the "
          "room is different.", _count_differs,
          "A region has a different number of shaded cells than its number."),
)
"""pzprjs's checks for Chocona, in its order."""


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    return run_checks(CHECKS, puzzle, answer)


def live(puzzle: Puzzle, position: list[str]) -> list[Violation]:
    """What no shading of the open cells can mend: a clump whose bounding box holds a cell
    marked unshaded (it can never be a rectangle), a region with more shaded cells than its
    number."""
    rows = position_rows(puzzle, position)
    shaded = np.array([[ch == "#" for ch in row] for row in rows], dtype=np.bool_)
    marked = np.array([[ch == "." for ch in row] for row in rows], dtype=np.bool_)
    labels = mask_labels(shaded)
    out = []
    for k in np.unique(labels[shaded]).tolist():
        where = np.nonzero(labels == k)
        top, bottom, left, right = where[0].min(), where[0].max(), where[1].min(), where[1].max()
        if marked[top:bottom + 1, left:right + 1].any():
            cells = tuple((int(r), int(c)) for r, c in zip(*where, strict=True))
            out.append(Violation("csNotRect", CHECKS[1].message, cells, (),
                                 "This group can no longer be a rectangle: a cell inside its "
                                 "box is marked unshaded."))
    for k, cells in enumerate(puzzle.region_cells):
        n = puzzle.clues[k]
        if n >= 0 and sum(shaded[r][c] for r, c in cells) > n:
            out.append(Violation("bkShadeNe", CHECKS[2].message, tuple(cells), (),
                                 "A region has more shaded cells than its number."))
    return out


def obeys_rules(puzzle: Puzzle, answer: Answer) -> bool:
    """Every clump its bounding box and every number its count: the verdict of `validate`
    without its report, over arrays (for a search's every leaf)."""
    return shading_obeys_rules(puzzle, np.array(answer.shaded, dtype=np.bool_))


def shading_obeys_rules(puzzle: Puzzle, shaded: np.ndarray) -> bool:
    """`obeys_rules` on a shading (rows, cols) of booleans."""
    return bool(_shading_ok(np.ascontiguousarray(shaded, dtype=np.bool_), puzzle.region_array,
                            puzzle.clue_array))


def domains_obey_rules(puzzle: Puzzle, domains: np.ndarray) -> bool:
    """`shading_obeys_rules` of a search's decided domains (padded, flat): the search's leaf
    test, the shading read off in the same compiled call."""
    return bool(_domains_ok(domains, puzzle.region_array, puzzle.clue_array, BIT[SHADED]))


@njit(cache=True, nogil=True)
def _domains_ok(d, regions, clues, shaded_bit):  # pragma: no cover - compiled
    R, C = regions.shape
    shaded = d.reshape(R + 2, C + 2)[1:-1, 1:-1] == shaded_bit
    return _shading_ok(shaded, regions, clues)


@njit(cache=True, nogil=True)
def _shading_ok(shaded, regions, clues):  # pragma: no cover - compiled
    """Every number its count of shaded cells, then every clump its bounding box."""
    counts = np.zeros(clues.size, np.int64)
    for r in range(shaded.shape[0]):
        for c in range(shaded.shape[1]):
            if shaded[r, c]:
                counts[regions[r, c]] += 1
    for k in range(clues.size):
        if clues[k] >= 0 and counts[k] != clues[k]:
            return False
    return _clumps_are_boxes(shaded)


@njit(cache=True, nogil=True)
def _clumps_are_boxes(shaded):  # pragma: no cover - compiled
    """Flood-fill the clumps; does each fill its bounding box (size equals box area)?"""
    labels = mask_labels(shaded)
    boxes = piece_boxes(labels)
    for r in range(shaded.shape[0]):
        for c in range(shaded.shape[1]):
            if shaded[r, c]:
                size, top, left, bottom, right = boxes[labels[r, c]]
                if size != (bottom - top + 1) * (right - left + 1):
                    return False
    return True
