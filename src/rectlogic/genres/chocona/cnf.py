"""Chocona in clauses: a variable per cell (shaded); in every 2×2 window the window law as
its prime clauses, derived from the solver's own table (`model.WINDOW_OK`: four clauses, three
shaded cells force the fourth); each number a cardinality constraint on its region."""

from __future__ import annotations

from functools import cache

from ...engine.clauses import Cnf, Encoding, box_clauses, prime_boxes
from .model import WINDOW_OK, Answer, Puzzle


@cache
def window_boxes() -> tuple[tuple[int, ...], ...]:
    """The window law's maximal forbidden boxes (per cell NE, SE, SW, NW: a 2-bit state mask)."""
    return prime_boxes(~WINDOW_OK)


def window_clauses(window: list[int]) -> list[list[int]]:
    """The prime clauses over one window's cell variables (NE, SE, SW, NW): a cell is WHITE
    when its variable is false, SHADED when true."""
    return box_clauses(window_boxes(), [(-v, v) for v in window])


def encode(puzzle: Puzzle) -> Encoding:
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    for r in range(R - 1):
        for c in range(C - 1):
            cnf.clauses.extend(window_clauses([s[r][c + 1], s[r + 1][c + 1], s[r + 1][c],
                                               s[r][c]]))
    for k, cells in enumerate(puzzle.region_cells):
        if puzzle.clues[k] >= 0:
            cnf.exactly([s[r][c] for r, c in cells], puzzle.clues[k])

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode)
