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
from ...engine.clauses import Cnf, Encoding, framed
from .model import BLACK, PAT, Answer, E, Puzzle, ring_of

STATES = 6  # E, TNW, TNE, TSE, TSW, BLACK


@cache
def forbidden_table() -> np.ndarray:
    """F[ne, se, sw, nw]: does the table reject these four cells' states at a point?"""
    f = np.zeros((STATES,) * 4, dtype=bool)
    for combo in itertools.product(range(STATES), repeat=4):
        f[combo] = not PAT[ring_of(combo)]
    return f


def prime_boxes() -> tuple[tuple[int, int, int, int], ...]:
    """Every maximal all-forbidden box of the window law, as four 6-bit state masks:
    `PRIME_BOXES`, which `engine.clauses.prime_boxes` derives from the table in about a
    second (a test holds the two the same): the analysis of a workbench's first edit
    needs them, in a fresh worker process."""
    return PRIME_BOXES


PRIME_BOXES: tuple[tuple[int, int, int, int], ...] = (
    (2, 38, 63, 63), (2, 47, 61, 63), (2, 47, 63, 20), (2, 54, 2, 63), (2, 54, 10, 59),
    (2, 63, 55, 20), (5, 9, 19, 60), (5, 9, 27, 56), (5, 9, 38, 23), (5, 9, 46, 19),
    (5, 25, 46, 3), (5, 29, 44, 3), (5, 50, 27, 3), (5, 54, 25, 3), (7, 9, 17, 60),
    (7, 13, 25, 56), (7, 13, 36, 23), (7, 13, 44, 19), (7, 34, 19, 23), (7, 34, 27, 19),
    (7, 38, 25, 19), (8, 20, 61, 63), (8, 20, 63, 47), (8, 59, 10, 60), (8, 63, 8, 60),
    (8, 63, 55, 47), (8, 63, 63, 44), (10, 4, 61, 63), (10, 4, 63, 47), (10, 20, 10, 43),
    (10, 20, 53, 20), (10, 34, 10, 60), (10, 38, 55, 47), (10, 38, 63, 44), (10, 43, 10, 20),
    (10, 47, 8, 60), (10, 47, 53, 47), (10, 47, 61, 44), (10, 47, 63, 4), (10, 54, 2, 47),
    (10, 54, 10, 40), (10, 63, 55, 4), (13, 25, 19, 44), (13, 25, 27, 40), (13, 25, 38, 7),
    (13, 29, 25, 40), (13, 29, 36, 7), (13, 50, 19, 7), (13, 54, 17, 3), (15, 9, 17, 44),
    (15, 13, 25, 40), (15, 13, 36, 7), (15, 34, 19, 7), (15, 38, 17, 3), (48, 20, 46, 20),
    (48, 25, 19, 23), (48, 25, 27, 19), (48, 29, 25, 19), (50, 9, 17, 23), (50, 13, 25, 19),
    (50, 59, 55, 20), (50, 63, 38, 20), (50, 63, 63, 16), (53, 20, 10, 20), (53, 59, 10, 59),
    (55, 4, 46, 20), (55, 43, 55, 20), (55, 47, 38, 20), (55, 47, 63, 16), (55, 50, 10, 59),
    (55, 63, 2, 20), (55, 63, 8, 59), (55, 63, 10, 16), (56, 16, 63, 63), (56, 20, 44, 63),
    (56, 20, 61, 59), (56, 25, 19, 7), (56, 29, 17, 3), (58, 9, 17, 7), (58, 13, 17, 3),
    (58, 16, 55, 20), (58, 16, 63, 16), (58, 20, 36, 20), (58, 20, 61, 16), (61, 16, 10, 63),
    (61, 16, 63, 47), (61, 20, 8, 63), (61, 20, 44, 47), (61, 20, 46, 4), (61, 20, 61, 43),
    (61, 59, 2, 63), (61, 59, 10, 56), (63, 4, 44, 63), (63, 4, 46, 4), (63, 4, 61, 59),
    (63, 16, 10, 59), (63, 20, 8, 59), (63, 50, 2, 63), (63, 50, 10, 56), (63, 59, 2, 20),
    (63, 59, 10, 16), (63, 59, 55, 4), (63, 63, 8, 56), (63, 63, 38, 4),
)


NEAR_FIRST = False
"""`ClueSwitches.NEAR_FIRST`: the window law is most of the model."""
COMPARES_FROM = None
"""`ClueSwitches.COMPARES_FROM`: on the bank's 20×20 boards the search ran out of time in 2 analyses
of 922, the solver in 21."""
COUNTS_FROM = None
"""`ClueSwitches.COUNTS_FROM`: the search counts faster (0.45 s against 4.5 s on 44 edits of
two 20×20s)."""


def encode(puzzle: Puzzle) -> Encoding:
    return _encode(puzzle, _prime_point_clauses)


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: the numbers at `cells` count behind a switch (a `?` one's
    switches nothing), the others as they are; every black cell stays black. On a frame
    of the board's size (`_frame`: every cell in one of six states, black among them, and
    the window law's prime clauses), which black cells are black a given (`Cnf.given`):
    a board edited keeps its frame whatever cell turns black or white."""
    R, C = puzzle.rows, puzzle.cols
    cnf, x = framed(("shakashaka", R, C), lambda cnf: _frame(cnf, R, C))
    cnf.given = [x[r][c][BLACK] if puzzle.is_black(r, c) else -x[r][c][BLACK]
                 for r in range(R) for c in range(C)]
    counts = {}
    for r in range(R):
        for c in range(C):
            if puzzle.clues[r][c] >= 0:
                near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                counts[r, c] = (puzzle.clues[r][c], tuple(
                    (i, j) for i, j in near
                    if 0 <= i < R and 0 <= j < C and not puzzle.is_black(i, j)))
    switches = cnf.clues(counts, cells, lambda cnf, when, at, says: cnf.exactly(
        [-x[i][j][E] for i, j in says[1]], says[0], when))

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(next(s for s in range(STATES) if x[r][c][s] in true)
                                  for c in range(C)) for r in range(R)))

    return Encoding(cnf, [v for row in x for lits in row for v in lits], decode), switches


def _frame(cnf: Cnf, R: int, C: int) -> list[list[list[int]]]:
    """`switched`'s model of a board of this size with no black cell given and no number:
    each cell one of six states, the window law at every point (an off-board cell black);
    the state literals of each cell."""
    x = [[[cnf.var() for _ in range(STATES)] for _ in range(C)] for _ in range(R)]
    for row in x:
        for lits in row:
            cnf.exactly(lits, 1)
    off = (None,) * BLACK + (True,)
    for i in range(R + 1):
        for j in range(C + 1):
            around = [(i - 1, j), (i, j), (i, j - 1), (i - 1, j - 1)]  # NE, SE, SW, NW
            cnf.clauses.extend(clauses.box_clauses(prime_boxes(), [
                tuple(x[r][c]) if 0 <= r < R and 0 <= c < C else off for r, c in around]))
    return x


def encode_forbidden(puzzle: Puzzle) -> Encoding:
    """The same rules with one clause per forbidden combination at each point (the weaker
    encoding this one replaced; tests hold the two to the same answers)."""
    return _encode(puzzle, _forbidden_point_clauses)


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


def _encode(puzzle: Puzzle, point_clauses) -> Encoding:
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
