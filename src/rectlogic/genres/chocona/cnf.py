"""Chocona in clauses: a variable per cell (shaded); in every 2×2 window the window law as
its prime clauses, derived from the solver's own table (`kits.shaded.WINDOW_OK`: four clauses, three
shaded cells force the fourth); each number a cardinality constraint on its region."""

from __future__ import annotations

from collections.abc import Collection

from ...engine.clauses import Cnf, Encoding
from ..kits.shaded import window_boxes, window_clauses, window_law  # noqa: F401
from .model import Answer, Puzzle


def encode(puzzle: Puzzle) -> Encoding:
    return switched(puzzle, [])[0]


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: the number of each region written at `cells` (its top cell)
    counts behind a switch (a `?` one's switches nothing), the others as they are."""
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    window_law(cnf, s)
    switches = {cell: cnf.var() for cell in cells}
    for k, cells_in in enumerate(puzzle.region_cells):
        if puzzle.clues[k] >= 0:
            cnf.exactly([s[r][c] for r, c in cells_in], puzzle.clues[k],
                        switches.get(puzzle.top_cell(k), 0))

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode), switches
