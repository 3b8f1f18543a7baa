"""Chocona in clauses: a variable per cell (shaded); in every 2×2 window the window law as
its prime clauses, derived from the solver's own table (`kits.shaded.WINDOW_OK`: four clauses, three
shaded cells force the fourth); each number a cardinality constraint on its region."""

from __future__ import annotations

from collections.abc import Collection

from ...engine.clauses import Cnf, Encoding, framed
from ..kits.shaded import window_boxes, window_clauses, window_law  # noqa: F401
from .model import Answer, Puzzle

NEAR_FIRST = False
"""`ClueSwitches.NEAR_FIRST`: the window law is most of the model, and a count is short."""
COMPARES_FROM = 200
"""`ClueSwitches.COMPARES_FROM`: on the bank's 20×20 boards 147 analyses of 2,171 ran out of
time so, 748 by the search; at 15×15 none of 1,401 so, 41 by the search; at 10×10 the
search is the quicker (17 of 1,637 cut short, against 191 with the solver)."""
COUNTS_FROM = 400
"""`ClueSwitches.COUNTS_FROM`: a 20×20 with a number deleted takes the search 0.1–2.3 s to
count, this model 10 ms; on smaller boards the search is quick enough."""


def _frame(cnf: Cnf, R: int, C: int) -> list[list[int]]:
    """The model without the numbers (the variable of each cell, row by row)."""
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    window_law(cnf, s)
    return s


def encode(puzzle: Puzzle) -> Encoding:
    return switched(puzzle, [])[0]


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: the number of each region written at `cells` (its top cell)
    counts behind a switch (a `?` one's switches nothing), the others as they are."""
    R, C = puzzle.rows, puzzle.cols
    cnf, s = framed(("chocona", R, C), lambda cnf: _frame(cnf, R, C))
    counts = {puzzle.top_cell(k): (n, tuple(puzzle.region_cells[k]))
              for k, n in enumerate(puzzle.clues) if n >= 0}
    switches = cnf.clues(counts, cells, lambda cnf, when, at, says: cnf.exactly(
        [s[r][c] for r, c in says[1]], says[0], when))

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode), switches
