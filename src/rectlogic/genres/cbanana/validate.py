"""The Choco Banana answer check, read from the rule book alone: flood-fill every group of
cells of one colour and compare its size with its bounding box (never a 2×2 window); a
number against the size of its group. Violations in pzprjs's active order: csNotRect,
cuRect, bkSizeNe (pzprjs's last entry, doneShadingDecided, only starts its auto-check)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ...compiled import njit
from ...grid import check_same_size, colour_labels, piece_boxes
from ..base import Check, Place, Violation, position_rows, run_checks
from .model import Answer, Puzzle

UI_ONLY_CODES: frozenset[str] = frozenset()
"""Choco Banana has no "not started" guard: an empty board is one unshaded rectangle."""


@njit(cache=True, nogil=True)
def groups(shaded):  # pragma: no cover - compiled
    """The groups of one colour (rows, cols): each cell's group number (by first row-major
    cell) and per group [size, top, left, bottom, right]."""
    labels = colour_labels(shaded)
    return labels, piece_boxes(labels)


def _facts(answer: Answer) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    shaded = np.array(answer.shaded, dtype=np.bool_).reshape(answer.rows, answer.cols)
    labels, boxes = groups(shaded)
    return shaded, labels, boxes


def _boxed(boxes: np.ndarray) -> np.ndarray:
    """Per group: does it fill its bounding box?"""
    size, top, left, bottom, right = boxes.T
    return size == (bottom - top + 1) * (right - left + 1)


def _cells(labels: np.ndarray, k: int) -> tuple[tuple[int, int], ...]:
    return tuple((int(r), int(c)) for r, c in zip(*np.nonzero(labels == k), strict=True))


def _first_cells(shaded: np.ndarray, labels: np.ndarray, colour: bool) -> list[int]:
    """The groups of one colour, in order of their first cell."""
    return sorted(set(labels[shaded == colour].tolist()))


def _shaded_not_rectangle(puzzle: Puzzle, answer: Answer, facts) -> Iterator[Place]:
    shaded, labels, boxes = facts
    boxed = _boxed(boxes)
    for k in _first_cells(shaded, labels, True):
        if not boxed[k]:
            yield _cells(labels, k), ()


def _unshaded_rectangle(puzzle: Puzzle, answer: Answer, facts) -> Iterator[Place]:
    shaded, labels, boxes = facts
    boxed = _boxed(boxes)
    for k in _first_cells(shaded, labels, False):
        if boxed[k]:
            yield _cells(labels, k), ()


def _size_differs(puzzle: Puzzle, answer: Answer, facts) -> Iterator[Place]:
    _, labels, boxes = facts
    told = set()
    for r, c, n in puzzle.numbers():
        k = int(labels[r, c])
        if boxes[k, 0] != n and k not in told:
            told.add(k)
            yield _cells(labels, k), ()


CHECKS = (
    Check("csNotRect", "A mass of shaded cells is not rectangle.", _shaded_not_rectangle,
          "A group of shaded cells is not a rectangle."),
    Check("cuRect", "A mass of unshaded cells is rectangle.", _unshaded_rectangle,
          "A group of unshaded cells is a rectangle."),
    Check("bkSizeNe", "The size of the area is not equal to the number.", _size_differs,
          "A number is not the size of the group its cell is in."),
)
"""pzprjs's checks for Choco Banana, in its order."""


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    check_same_size(puzzle, answer)
    return run_checks(CHECKS, puzzle, answer, _facts(answer))


def live(puzzle: Puzzle, position: list[str]) -> list[Violation]:
    """What no colouring of the open cells can mend: a shaded group whose bounding box holds
    a cell marked unshaded, a group of one colour already larger than a number in it, an
    unshaded rectangle shut in by shaded cells and the edge."""
    rows = position_rows(puzzle, position)
    state = np.array([[{"#": 1, ".": 0}.get(ch, -1) for ch in row] for row in rows])
    out = []
    for colour in (1, 0):
        mask = state == colour
        labels, boxes = groups(np.where(mask, 1, np.where(state < 0, 2, 3)))
        for k in sorted(set(labels[mask].tolist())):
            size, top, left, bottom, right = boxes[k].tolist()
            inside = state[top:bottom + 1, left:right + 1]
            cells = _cells(labels, k)
            if colour and (inside == 0).any():
                out.append(Violation("csNotRect", CHECKS[0].message, cells, (),
                                     "This group can no longer be a rectangle: a cell inside "
                                     "its box is marked unshaded."))
            if not colour and size == (bottom - top + 1) * (right - left + 1) and not any(
                    state[y, x] < 0 for r, c in cells
                    for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= y < puzzle.rows and 0 <= x < puzzle.cols):
                out.append(Violation("cuRect", CHECKS[1].message, cells, (),
                                     "This unshaded group is a rectangle shut in for good."))
            if any(puzzle.clues[r][c] >= 1 and size > puzzle.clues[r][c] for r, c in cells):
                out.append(Violation("bkSizeNe", CHECKS[2].message, cells, (),
                                     "This group is already larger than a number in it."))
    return out


def obeys_rules(puzzle: Puzzle, answer: Answer) -> bool:
    """The verdict of `validate` without its report, over arrays (for a search's leaves)."""
    check_same_size(puzzle, answer)
    return bool(_shading_ok(np.array(answer.shaded, dtype=np.bool_), puzzle.clue_array))


def domains_obey_rules(puzzle: Puzzle, domains: np.ndarray, shaded_bit: int) -> bool:
    """`obeys_rules` of a search's decided domains (padded, flat), read in one compiled call."""
    return bool(_domains_ok(domains, puzzle.clue_array, shaded_bit))


@njit(cache=True, nogil=True)
def _domains_ok(d, clues, shaded_bit):  # pragma: no cover - compiled
    R, C = clues.shape
    return _shading_ok(d.reshape(R + 2, C + 2)[1:-1, 1:-1] == shaded_bit, clues)


@njit(cache=True, nogil=True)
def _shading_ok(shaded, clues):  # pragma: no cover - compiled
    """Shaded groups fill their boxes, unshaded ones do not, every number its group's size."""
    labels, boxes = groups(shaded)
    for r in range(shaded.shape[0]):
        for c in range(shaded.shape[1]):
            size, top, left, bottom, right = boxes[labels[r, c]]
            if (size == (bottom - top + 1) * (right - left + 1)) != shaded[r, c]:
                return False
            if clues[r, c] >= 1 and clues[r, c] != size:
                return False
    return True
