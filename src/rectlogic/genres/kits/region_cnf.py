"""The region kit in clauses: a variable per candidate box; exactly one per clue, and every
cell covered by exactly one chosen box (exact cover); optionally the no-four-meet law."""

from __future__ import annotations

from typing import Any

from ...engine.clauses import Cnf, Encoding
from .regions import Borders, Rect, candidates


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
