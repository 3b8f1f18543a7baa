"""Shakashaka in clauses: one state per white cell (one-hot), each number a cardinality
constraint on its neighbours' "not empty" literals, and at every lattice point the window law
as its prime clauses.

The prime clauses are derived from the same 256-entry table the solver uses: for every
maximal box B1×B2×B3×B4 of window states (NE, SE, SW, NW; a black or off-board cell is the
sixth state) whose every combination the table forbids, the clause "cell 1 ∉ B1 or … or cell 4
∉ B4" — over one-hot literals, the states outside each Bi. There are 104 of them, about eleven
literals long, against up to 625 clauses a point when each forbidden combination is its own
clause (`forbidden_clauses`, kept to check the primes against)."""

from __future__ import annotations

import itertools
from collections.abc import Collection
from functools import cache

import numpy as np

from ...engine import clauses
from ...engine.clauses import Cnf, Encoding
from .model import BLACK, PAT, Answer, E, Puzzle, ring_of

STATES = 6  # E, TNW, TNE, TSE, TSW, BLACK


@cache
def forbidden_table() -> np.ndarray:
    """F[ne, se, sw, nw]: does the table reject these four cells' states at a point?"""
    f = np.zeros((STATES,) * 4, dtype=bool)
    for combo in itertools.product(range(STATES), repeat=4):
        f[combo] = not PAT[ring_of(combo)]
    return f


@cache
def prime_boxes() -> tuple[tuple[int, int, int, int], ...]:
    """Every maximal all-forbidden box of the window law, as four 6-bit state masks."""
    return clauses.prime_boxes(forbidden_table())

NEAR_FIRST = False
"""`ClueSwitches.NEAR_FIRST`: the window law is most of the model."""


def encode(puzzle: Puzzle) -> Encoding:
    return _encode(puzzle, _prime_point_clauses)[0]


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: the numbers at `cells` count behind a switch (a `?` one's
    switches nothing), the others as they are; every black cell stays black."""
    return _encode(puzzle, _prime_point_clauses, cells)


def encode_forbidden(puzzle: Puzzle) -> Encoding:
    """The same rules with one clause per forbidden combination at each point (the weaker
    encoding this one replaced; tests hold the two to the same answers)."""
    return _encode(puzzle, _forbidden_point_clauses)[0]


def _prime_point_clauses(cells: list[list[int] | None]) -> list[list[int]]:
    """A point's prime clauses: `cells` holds each quadrant's five state literals, or None
    for a black or off-board cell (whose only state is BLACK)."""
    given = (None,) * BLACK + (True,)
    return clauses.box_clauses(prime_boxes(), [given if lits is None else (*lits, None)
                                               for lits in cells])


def _forbidden_point_clauses(cells: list[list[int] | None]) -> list[list[int]]:
    options = [[(s, lits[s]) for s in range(5)] if lits is not None else [(BLACK, None)]
               for lits in cells]
    return [[-lit for _, lit in combo if lit is not None]
            for combo in itertools.product(*options)
            if not PAT[ring_of(tuple(s for s, _ in combo))]]


def _encode(puzzle: Puzzle, point_clauses, cells: Collection[tuple[int, int]] = ()
            ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    x: dict[tuple[int, int], list[int]] = {}
    for r in range(R):
        for c in range(C):
            if not puzzle.is_black(r, c):
                x[r, c] = [cnf.var() for _ in range(5)]
                cnf.exactly(x[r, c], 1)
    for i in range(R + 1):
        for j in range(C + 1):
            around = [(i - 1, j), (i, j), (i, j - 1), (i - 1, j - 1)]  # NE, SE, SW, NW
            cnf.clauses.extend(point_clauses([x.get(p) for p in around]))
    switches = {cell: cnf.var() for cell in cells}
    for r in range(R):
        for c in range(C):
            n = puzzle.clues[r][c]
            if n >= 0:
                near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                cnf.exactly([-x[p][E] for p in near if p in x], n, switches.get((r, c), 0))

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(
            tuple(next(s for s in range(5) if x[r, c][s] in true) if (r, c) in x else BLACK
                  for c in range(C))
            for r in range(R)
        ))

    return Encoding(cnf, [v for vs in x.values() for v in vs], decode), switches
