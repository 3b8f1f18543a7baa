"""What a setter can change in a Shikaku, for the analysis (`rectlogic analyze`): a number can
become `?` (a relaxation: any area), and a number can move within the rectangle one answer
gives it, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from ...grid import ANY_CLUE, NO_CLUE, is_number
from ..drawing import edit_description, read_tokens
from ..kits.region_play import givens, moved_clues, unfix  # noqa: F401  (its author part)
from .model import Answer, CandidateTable, Puzzle, candidate_table
from .rules import DualRules

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, c, v in puzzle.numbers if v > 0]


def _with(puzzle: Puzzle, changes: dict[Cell, int]) -> Puzzle:
    clues = puzzle.clue_array.copy()
    for cell, v in changes.items():
        clues[cell] = v
    return Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues.tolist())))


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers at these cells made `?`."""
    return _with(puzzle, {cell: ANY_CLUE for cell in cells})


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Move the number of a rectangle of `answer` that covers a cell where the answers differ
    to another cell of that rectangle."""
    return moved_clues(puzzle, answer, near, str, _with)


EDIT = edit_description(
    cycle=[], numbers=True, unknown=True, max_number=None, filled=[], borders=False,
    help_lines=["Select a cell and type its number (? for a number not given); Backspace "
                "clears it."])


def decompose(puzzle: Puzzle) -> dict:
    return {"cells": [["" if v == NO_CLUE else "?" if v == ANY_CLUE else str(v) for v in row]
                      for row in puzzle.clues], "borders": None}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    tokens = read_tokens(rows, cols, cells, lambda t: t in ("", "?") or is_number(t))
    return Puzzle(rows, cols, tuple(tuple(NO_CLUE if t == "" else ANY_CLUE if t == "?" else int(t)
                                          for t in row) for row in tokens))


def impossible(puzzle: Puzzle) -> str | None:
    """Why no answer can exist at a glance, for the setter: the rectangles' areas are the
    numbers, so the numbers must add up to the board's area (unless some are `?`), and a
    board without numbers has no rectangle."""
    values = [v for _, _, v in puzzle.numbers]
    total, area = sum(values), puzzle.rows * puzzle.cols
    if not values:
        return "no numbers yet: every rectangle holds one"
    if ANY_CLUE in values or 0 in values or total == area:
        return None
    return (f"the numbers add up to {total}, the board has {area} cells "
            f"({'add' if total < area else 'take away'} {abs(area - total)})")


REPAIR_MARGINS = (0, 1, 2, 4, 8)
"""How far around the rectangles to repair `repair` frees the others, step by step."""
REPAIR_NODES = 30
"""Search nodes for one step of a repair (a repair that works mostly takes one or two)."""


def repair(puzzle: Puzzle, answer: Answer, given_up: Iterable[Cell],
           near: Iterable[Cell]) -> Answer | None:
    """An answer of `relax(puzzle, given_up)` made from `answer` (an answer of another
    relaxation): the rectangles of the clues at `near`, of the kept clues it breaks, and of
    every clue whose rectangle comes within a margin of theirs are searched for again (the
    dual rules' search), every other rectangle stays; the margin grows until an answer is
    found. None when none is (no proof that no answer exists)."""
    loose = relax(puzzle, given_up)
    numbers = loose.numbers
    cells = [(r, c) for r, c, _ in numbers]
    where = {cell: k for k, cell in enumerate(cells)}
    rooms = answer.room_labels()
    boxes = {int(rooms[t, lft]): (t, lft, h, w) for t, lft, h, w in answer.rects()}
    rects = [boxes[int(rooms[r, c])] for r, c in cells]
    must = {where[cell] for cell in near if cell in where}
    must |= {k for k, (_, _, v) in enumerate(numbers)
             if v > 0 and rects[k][2] * rects[k][3] != v}
    if not must:
        return None
    table = candidate_table(loose)
    owner = np.repeat(np.arange(len(cells)), table.counts)
    # each clue's rectangle in `answer`, among its candidates (a candidate is there once)
    mine = (table.rects == np.asarray(rects, dtype=np.int64)[owner]).all(axis=1)
    top = min(rects[k][0] for k in must)
    left = min(rects[k][1] for k in must)
    bottom = max(rects[k][0] + rects[k][2] for k in must)
    right = max(rects[k][1] + rects[k][3] for k in must)
    freed = -1
    for margin in REPAIR_MARGINS:
        t, lft, b, r = top - margin, left - margin, bottom + margin, right + margin
        free = np.array([y < b and y + h > t and x < r and x + w > lft
                         for y, x, h, w in rects])
        if free.sum() == freed:
            continue
        freed = int(free.sum())
        found = _cut_again(loose, table, owner, mine, free, rects)
        if found is not None:
            return found
        if free.all():
            break
    return None


def _cut_again(puzzle: Puzzle, table: CandidateTable, owner: np.ndarray, mine: np.ndarray,
               free: np.ndarray, rects: list[tuple[int, int, int, int]]) -> Answer | None:
    """The dual rules' search over the free clues' candidates that lie inside the cells
    their rectangles in `rects` cover (`mine`: which candidates those are; `owner`: each
    candidate's clue), every other clue keeping its own — a table of its own, small."""
    outside = np.ones((puzzle.rows + 1, puzzle.cols + 1), dtype=np.int64)
    outside[0, :] = outside[:, 0] = 0
    for k in np.flatnonzero(free):
        y, x, h, w = rects[k]
        outside[y + 1:y + h + 1, x + 1:x + w + 1] = 0
    p = outside.cumsum(0).cumsum(1)
    t, lft, h, w = table.rects.T
    holes = p[t + h, lft + w] - p[t, lft + w] - p[t + h, lft] + p[t, lft]
    keep = np.where(free[owner], holes == 0, mine)
    counts = np.bincount(owner[keep], minlength=len(rects))
    if not counts.all():
        return None
    narrow = CandidateTable(table.rects[keep], counts,
                            np.concatenate([[0], np.cumsum(counts)]).astype(np.int64), None)
    domains = np.empty(len(rects), dtype=object)  # wide: the search takes any width
    domains[:] = [(1 << int(n)) - 1 for n in counts]
    found, _, _ = DualRules(puzzle, True, True, narrow).compiled_search(
        domains, None, 1, REPAIR_NODES, None, False)
    if not found:
        return None
    picks = [int(v).bit_length() - 1 for v in found[0]]
    return Answer.from_rects(puzzle.rows, puzzle.cols, [
        tuple(x) for x in narrow.rects[narrow.first[:-1] + picks].tolist()])


ADDED_NUMBERS = "1234"
"""The numbers `bench --analyze` writes on an empty cell."""
