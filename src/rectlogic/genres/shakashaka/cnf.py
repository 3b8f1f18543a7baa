"""Shakashaka in clauses: one state per white cell; at every lattice point each combination
of the four cells' states that the 256-entry table rejects is a clause; each number is a
cardinality constraint on its neighbours' "not empty" literals."""

from __future__ import annotations

import itertools

from ...engine.clauses import Cnf, Encoding
from .model import BLACK, PAT, Answer, E, Puzzle, ring_of


def encode(puzzle: Puzzle) -> Encoding:
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    x: dict[tuple[int, int], list[int]] = {}
    for r in range(R):
        for c in range(C):
            if not puzzle.is_black(r, c):
                x[r, c] = [cnf.var() for _ in range(5)]
                cnf.exactly(x[r, c], 1)

    def options(r: int, c: int) -> list[tuple[int, int | None]]:
        if (r, c) in x:
            return [(s, x[r, c][s]) for s in range(5)]
        return [(BLACK, None)]

    for i in range(R + 1):
        for j in range(C + 1):
            around = [(i - 1, j), (i, j), (i, j - 1), (i - 1, j - 1)]  # NE, SE, SW, NW
            for combo in itertools.product(*(options(r, c) for r, c in around)):
                if not PAT[ring_of(tuple(s for s, _ in combo))]:
                    cnf.clauses.append([-lit for _, lit in combo if lit is not None])
    for r in range(R):
        for c in range(C):
            n = puzzle.clues[r][c]
            if n >= 0:
                near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                cnf.exactly([-x[p][E] for p in near if p in x], n)

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(
            tuple(next(s for s in range(5) if x[r, c][s] in true) if (r, c) in x else BLACK
                  for c in range(C))
            for r in range(R)
        ))

    return Encoding(cnf, [v for vs in x.values() for v in vs], decode)
