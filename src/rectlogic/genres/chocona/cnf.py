"""Chocona in clauses: a variable per cell (shaded); in every 2×2 window, three shaded cells
force the fourth (four clauses); each number is a cardinality constraint on its region."""

from __future__ import annotations

from ...engine.clauses import Cnf, Encoding
from .model import Answer, Puzzle


def encode(puzzle: Puzzle) -> Encoding:
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    for r in range(R - 1):
        for c in range(C - 1):
            window = [s[r][c], s[r][c + 1], s[r + 1][c], s[r + 1][c + 1]]
            for k, fourth in enumerate(window):
                cnf.clauses.append([-v for i, v in enumerate(window) if i != k] + [fourth])
    for k, cells in enumerate(puzzle.region_cells):
        if puzzle.clues[k] >= 0:
            cnf.exactly([s[r][c] for r, c in cells], puzzle.clues[k])

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode)
