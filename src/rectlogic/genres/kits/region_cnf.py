"""The region kit in clauses: a variable per candidate box; exactly one per clue, and every
cell covered by exactly one chosen box (exact cover); optionally the no-four-meet law. Or,
with no candidates at all, a variable per border and the lattice-point law that makes the
borders cut the board into rectangles (`dissection`)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np

from ...engine.clauses import Cnf, Encoding, at_most_one
from .regions import Borders, Rect, candidate_table, candidates


def cover_encoding(puzzle: Any, corners: bool = False) -> Encoding:
    """Exact cover of the cells by one candidate per clue; with `corners`, no interior
    lattice point is a corner of four chosen boxes (`no_four_clauses`)."""
    cnf = Cnf()
    rects = candidates(puzzle)
    chosen = [[cnf.var() for _ in cands] for cands in rects]
    covering: dict[tuple[int, int], list[int]] = {
        (r, c): [] for r in range(puzzle.rows) for c in range(puzzle.cols)
    }
    for k, cands in enumerate(rects):
        cnf.exactly(chosen[k], 1)
        for v, (t, lft, h, w) in zip(chosen[k], cands, strict=True):
            for r in range(t, t + h):
                for c in range(lft, lft + w):
                    covering[r, c].append(v)
    for lits in covering.values():
        cnf.exactly(lits, 1)
    if corners:
        no_four_clauses(cnf, [(v, rect) for vs, cands in zip(chosen, rects, strict=True)
                              for v, rect in zip(vs, cands, strict=True)],
                        puzzle.rows, puzzle.cols)

    def decode(true: set[int]) -> Borders:
        picked = [cands[i] for cands, vs in zip(rects, chosen, strict=True)
                  for i, v in enumerate(vs) if v in true]
        return Borders.from_rects(puzzle.rows, puzzle.cols, picked)

    return Encoding(cnf, [v for vs in chosen for v in vs], decode)


def switched_cover(puzzle: Any, loose: Any, cells: list[tuple[int, int]],
                   corners: bool = False) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched` for the kit: the cover of `loose` (`puzzle` with the clues at
    `cells` made `?`, which keeps every clue where it is and only adds candidates), and per
    cell a switch that, true, rules out each candidate of its clue that `puzzle` does not
    give it.

    A leaner model than `cover_encoding` (the clause engines' own, kept as it is: the two
    check each other), for a board with many `?`, whose cells each lie in hundreds of
    candidates: one candidate per clue; every cell in some chosen candidate; and a variable
    per cell and clue that can reach it, implied by each of the clue's candidates over the
    cell, at most one per cell (no cell in two clues' rectangles; one clue has one)."""
    table = candidate_table(loose)
    rows, cols = loose.rows, loose.cols
    rects, first = table.rects, table.first
    count = len(rects)
    clue = np.repeat(np.arange(len(table.counts)), table.counts)
    cnf = Cnf()
    cnf.top = count
    chosen = [list(range(1 + int(a), 1 + int(b))) for a, b in pairwise(first.tolist())]
    for vs in chosen:
        cnf.clauses.append(vs)
        at_most_one(cnf, vs)
    # every (candidate, cell) pair, cell by cell of each candidate
    t, lft, h, w = rects.T
    area = h * w
    which = np.repeat(np.arange(count), area)
    step = np.arange(len(which)) - np.repeat(np.cumsum(area) - area, area)
    cell = (t[which] + step // w[which]) * cols + lft[which] + step % w[which]
    pairs, owner = np.unique(clue[which] * (rows * cols) + cell, return_inverse=True)
    base = cnf.top + 1
    cnf.top += len(pairs)
    cnf.clauses.extend(np.stack([-(which + 1), base + owner], axis=1).tolist())
    cnf.clauses.extend(_by_cell(cell, which + 1, rows * cols))  # every cell covered
    for owners in _by_cell(pairs % (rows * cols), base + np.arange(len(pairs)), rows * cols):
        at_most_one(cnf, owners)
    if corners:
        no_four_clauses(cnf, list(zip(range(1, count + 1), map(tuple, rects.tolist()),
                                      strict=True)), rows, cols)
    # the candidates `puzzle` gives each switched clue, by clue and rectangle
    own = candidate_table(puzzle)
    own_clue = np.repeat(np.arange(len(own.counts)), own.counts)
    scale = np.array([cols * (rows + 1) * (cols + 1), (rows + 1) * (cols + 1), cols + 1, 1])
    every = rows * scale[0]  # past every rectangle's number
    given = np.isin(clue * every + rects @ scale, own_clue * every + own.rects @ scale)
    where = {(r, c): k for k, (r, c, _) in enumerate(loose.numbers)}
    switches = {}
    for r, c in cells:
        k = where[r, c]
        s = switches[r, c] = cnf.var()
        cnf.clauses.extend([-s, -v] for v in
                           (1 + np.flatnonzero(~given[first[k]:first[k + 1]]) + first[k]).tolist())

    def decode(true: set[int]) -> Borders:
        return Borders.from_rects(rows, cols, [tuple(x) for x in rects[
            [v - 1 for v in true if v <= count]].tolist()])

    return Encoding(cnf, list(range(1, count + 1)), decode), switches


def _by_cell(cell: np.ndarray, values: np.ndarray, cells: int) -> list[list[int]]:
    """`values` grouped by their `cell` (0 … cells−1), in order within each cell."""
    order = np.argsort(cell, kind="stable")
    bounds = np.searchsorted(cell[order], np.arange(cells + 1)).tolist()
    flat = values[order].tolist()
    return [flat[a:b] for a, b in pairwise(bounds)]


def no_four_clauses(cnf: Cnf, boxes: list[tuple[int, Rect]], rows: int, cols: int) -> None:
    """The no-four-meet law over boxes (each with its variable), exact when one chosen box
    covers each cell: per interior point and quadrant (NW, NE, SW, SE), a variable "the
    quadrant's cell lies in a box cornered here" that each such box implies; not all four."""
    corner: dict[tuple[int, int, int], int] = {}
    for v, (t, lft, h, w) in boxes:
        # the box's corners, each with the quadrant the box takes at it
        for (i, j), q in (((t + h, lft + w), 0), ((t + h, lft), 1), ((t, lft + w), 2),
                          ((t, lft), 3)):
            if 0 < i < rows and 0 < j < cols:
                if (i, j, q) not in corner:
                    corner[i, j, q] = cnf.var()
                cnf.clauses.append([-v, corner[i, j, q]])
    for i in range(1, rows):
        for j in range(1, cols):
            four = [corner.get((i, j, q)) for q in range(4)]
            if all(four):
                cnf.clauses.append([-x for x in four])


def dissection(cnf: Cnf, rows: int, cols: int, four: bool = True
               ) -> tuple[np.ndarray, np.ndarray]:
    """A variable per border, vertical (rows × cols−1: between (r, c) and (r, c+1)) and
    horizontal (rows−1 × cols: between (r, c) and (r+1, c)), and clauses at every interior
    lattice point that make the rooms the borders cut out rectangles, and each border one
    between two rooms: no line ends at a point, and none bends there (a line that comes in
    goes on, or meets one across it); with `four` false, no four lines meet at one (no four
    rooms do). The borders are arrays of variables, as laid out."""
    vertical = np.arange(cnf.top + 1, cnf.top + 1 + rows * (cols - 1)).reshape(rows, cols - 1)
    cnf.top += vertical.size
    horizontal = np.arange(cnf.top + 1, cnf.top + 1 + (rows - 1) * cols).reshape(rows - 1, cols)
    cnf.top += horizontal.size
    up, down = vertical[:-1, :].ravel(), vertical[1:, :].ravel()
    left, right = horizontal[:, :-1].ravel(), horizontal[:, 1:].ravel()
    laws = []
    for line, across, (a, b) in ((up, down, (left, right)), (down, up, (left, right)),
                                 (left, right, (up, down)), (right, left, (up, down))):
        # a line without the one across from it meets both lines of the other axis
        laws += [np.stack([-line, across, a], axis=1), np.stack([-line, across, b], axis=1)]
    if not four:
        laws.append(-np.stack([up, down, left, right], axis=1))
    for law in laws:
        cnf.clauses.extend(law.tolist())
    return vertical, horizontal
