"""Shakashaka: the states of a cell, the puzzle and answer values, and the lattice-point tables.

A white cell is E (no triangle) or holds a black half-cell triangle named by the corner of its
right angle: TNW ◤, TNE ◥, TSE ◢, TSW ◣. Black cells (numbered or not) are state BLACK.

At a lattice point the full turn is cut into eight 45° sectors, numbered clockwise from north;
the cell NE of the point owns sectors 0-1, SE 2-3, SW 4-5, NW 6-7. A cell fills two bits of
that 8-bit ring (its quadrant pattern). The white area is a union of rectangles exactly when
at every point each maximal cyclic run of white sectors is 2, 4 or 8 long: the table PAT."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import ClassVar

import numpy as np

from ...compiled import njit
from ...errors import RectlogicError
from ...grid import NO_CLUE, check_same_size, check_size, frozen_array, neighbour_sum

E, TNW, TNE, TSE, TSW, BLACK = range(6)
STATE_NAMES = ("E", "TNW", "TNE", "TSE", "TSW", "BLACK")
BIT = tuple(1 << s for s in range(6))
WHITE = 0b011111
"""Every state a white cell can take."""
TRI = 0b011110
"""The four triangle states."""
NO_TRI = BIT[E] | BIT[BLACK]
GLYPH = {E: ".", TNW: "◤", TNE: "◥", TSE: "◢", TSW: "◣"}
FROM_GLYPH = {g: s for s, g in GLYPH.items()}


# QUAD_PATTERN[q][state]: the two sector bits (bit 0 = the lower sector) a cell in quadrant q
# of a lattice point fills. Quadrants: 0 NE, 1 SE, 2 SW, 3 NW of the point.
QUAD_PATTERN = np.array(
    [
        # E  TNW TNE TSE TSW BLACK
        [3, 2, 3, 1, 0, 0],  # q0: the cell NE of the point
        [3, 0, 2, 3, 1, 0],  # q1: SE
        [3, 1, 0, 2, 3, 0],  # q2: SW
        [3, 3, 1, 0, 2, 0],  # q3: NW
    ],
    dtype=np.uint8,
)


def ring_of(states: tuple[int, int, int, int]) -> int:
    """The 8-bit white-sector ring at a point whose NE, SE, SW, NW cells hold these states."""
    return sum(int(QUAD_PATTERN[q][s]) << (2 * q) for q, s in enumerate(states))


def runs(ring: int) -> list[int]:
    """Lengths of the maximal cyclic runs of white sectors (1 bits) in an 8-bit ring."""
    if ring == 0xFF:
        return [8]
    if ring == 0:
        return []
    start = next(k for k in range(8) if not (ring >> k) & 1)  # begin just after a black sector
    out, length = [], 0
    for step in range(1, 9):
        if (ring >> ((start + step) % 8)) & 1:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return out


def _table(ok) -> np.ndarray:
    return np.array([ok(runs(r), r) for r in range(256)], dtype=bool)


PAT = _table(lambda rs, r: all(n in (2, 4, 8) for n in rs))
"""The full local rule: every run 2, 4 or 8 long (a corner, a straight edge, the inside)."""
TIPS = _table(lambda rs, r: all(n % 2 == 0 for n in rs))
"""No odd run: no 45° wedge."""
REFLEX = _table(lambda rs, r: 6 not in rs)
"""No run of 6: no corner bending the wrong way."""
PARITY = _table(lambda rs, r: r.bit_count() % 2 == 0)
"""The white angle is a whole number of right angles (implied by TIPS)."""
FULL = PAT
RING_TABLES = {"parity": PARITY, "tips": TIPS, "reflex": REFLEX}

# Domain (6-bit set of states) → set of 2-bit patterns it can show in quadrant q (4 bits),
# pre-shifted into its nibble of the 16-bit point key; and the way back.
DOMAIN_TO_PATTERNS = np.zeros((4, 64), dtype=np.uint16)
PATTERNS_TO_DOMAIN = np.zeros((4, 16), dtype=np.uint8)
for _q in range(4):
    for _d in range(64):
        _ps = 0
        for _s in range(6):
            if (_d >> _s) & 1:
                _ps |= 1 << int(QUAD_PATTERN[_q][_s])
        DOMAIN_TO_PATTERNS[_q][_d] = _ps << (4 * _q)
    for _ps in range(16):
        PATTERNS_TO_DOMAIN[_q][_ps] = sum(
            1 << _s for _s in range(6) if (_ps >> int(QUAD_PATTERN[_q][_s])) & 1
        )


SUPPORT_FOLDER = Path(__file__).with_name("support")
"""The support tables of every rule subset, computed once and shipped, one plain .npy file
each (a first solve would otherwise spend 30 ms building one, and 7 ms unpacking it from a
compressed archive); a test holds each to `compute_support_table`."""


def support_key(names: frozenset[str]) -> str:
    return "+".join(sorted(names)) or "none"


@cache
def support_table(names: frozenset[str]) -> np.ndarray:
    """For each 16-bit point key (four 4-bit pattern sets), the 16-bit set of patterns that
    take part in at least one ring every named table accepts: the shipped table (only the one
    asked for is read), or computed when there is none."""
    try:
        return np.load(SUPPORT_FOLDER / f"{support_key(names)}.npy")
    except OSError:
        return compute_support_table(names)


def compute_support_table(names: frozenset[str]) -> np.ndarray:
    """`support_table` from the ring tables."""
    legal = np.ones(256, dtype=bool)
    for name in names:
        legal &= RING_TABLES[name]
    rings = np.flatnonzero(legal)
    pats = np.stack([(rings >> (2 * q)) & 3 for q in range(4)])  # (4, L)
    keys = np.arange(1 << 16, dtype=np.int64)
    fits = np.ones((keys.size, rings.size), dtype=bool)
    for q in range(4):
        fits &= ((keys[:, None] >> (4 * q + pats[q][None, :])) & 1).astype(bool)
    out = np.zeros(keys.size, dtype=np.uint16)
    for q in range(4):
        for p in range(4):
            cols = pats[q] == p
            if cols.any():
                hit = fits[:, cols].any(axis=1)
                out |= (hit.astype(np.uint16) << (4 * q + p)).astype(np.uint16)
    return out


@dataclass(frozen=True)
class Puzzle:
    """A Shakashaka board: per cell -1 (white), -2 (black without number) or 0–4."""

    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    genre: ClassVar[str] = "shakashaka"

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(row) != self.cols for row in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")
        for r, row in enumerate(self.clues):
            for c, v in enumerate(row):
                if not (-2 <= v <= 4):
                    raise RectlogicError(
                        f"cell ({r},{c}): a Shakashaka number must be 0-4, got {v}"
                    )

    def is_black(self, r: int, c: int) -> bool:
        return self.clues[r][c] != NO_CLUE

    @cached_property
    def clue_array(self) -> np.ndarray:
        """The clue grid (rows, cols) as a read-only array: what the rules, the leaf test and
        the checks read (made once, not at each of them)."""
        return frozen_array(self.clues, self.rows, self.cols)

    @property
    def white_cells(self) -> int:
        return sum(v == NO_CLUE for row in self.clues for v in row)


@dataclass(frozen=True)
class Answer:
    """A state per cell (BLACK on the black cells)."""

    cells: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        for row in self.cells:
            if row and not (min(row) >= 0 and max(row) <= BLACK):
                bad = next(s for s in row if not 0 <= s <= BLACK)
                raise RectlogicError(f"unknown Shakashaka cell state {bad}")

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0


def check_answer_fits(puzzle: Puzzle, answer: Answer) -> None:
    """An answer must have the puzzle's size and leave black cells black, white cells white."""
    check_same_size(puzzle, answer)
    if any(len(row) != puzzle.cols for row in answer.cells):
        raise RectlogicError(f"answer rows must each have {puzzle.cols} cells")
    black = puzzle.clue_array != NO_CLUE
    wrong = np.argwhere((np.array(answer.cells).reshape(black.shape) == BLACK) != black)
    if wrong.size:
        r, c = (int(v) for v in wrong[0])
        what = "black" if puzzle.is_black(r, c) else "white"
        raise RectlogicError(f"answer cell ({r},{c}) does not match the {what} cell")


def triangles_beside(answer: Answer) -> np.ndarray:
    """Per cell (rows, cols), how many of its four edge neighbours hold a triangle: what a
    number there says (the generator writes it, the fast leaf check and the setter's
    edits read it; the validator counts again on its own)."""
    return triangles_around(np.array(answer.cells, dtype=np.int8).reshape(answer.rows,
                                                                           answer.cols))


def triangles_around(states: np.ndarray) -> np.ndarray:
    """`triangles_beside` of a picture given as an array of states (rows, cols)."""
    framed = np.zeros((states.shape[0] + 2, states.shape[1] + 2), dtype=np.int8)
    framed[1:-1, 1:-1] = (states >= TNW) & (states <= TSW)
    return neighbour_sum(framed)


def point_rings(framed: np.ndarray) -> np.ndarray:
    """The 8-bit ring (`ring_of`) at every lattice point between the cells of state arrays
    (..., H, W): one point per 2×2 block of cells, (..., H-1, W-1) of them."""
    ring = QUAD_PATTERN[0][framed[..., :-1, 1:]]
    ring |= QUAD_PATTERN[1][framed[..., 1:, 1:]] << 2
    ring |= QUAD_PATTERN[2][framed[..., 1:, :-1]] << 4
    ring |= QUAD_PATTERN[3][framed[..., :-1, :-1]] << 6
    return ring


def local_ok_batch(states: np.ndarray, table: np.ndarray = FULL) -> np.ndarray:
    """The local reading for a stack of complete pictures (B, R, C): does every lattice point's
    ring pass the table? Off-board cells count as black."""
    B, R, C = states.shape
    s = np.full((B, R + 2, C + 2), BLACK, dtype=np.uint8)
    s[:, 1:-1, 1:-1] = states
    return table[point_rings(s)].reshape(B, -1).all(axis=1)


def local_ok_one(states: np.ndarray, table: np.ndarray = FULL) -> bool:
    """The local reading for one picture (R, C), compiled: a table lookup per lattice point,
    stopping at the first that fails."""
    framed = np.full((states.shape[0] + 2, states.shape[1] + 2), BLACK, dtype=np.int8)
    framed[1:-1, 1:-1] = states
    return bool(_local_ok(framed, QUAD_PATTERN, table))


@njit(cache=True, nogil=True)
def _local_ok(framed, pattern, table):  # pragma: no cover - compiled
    for i in range(1, framed.shape[0]):
        for j in range(1, framed.shape[1]):
            ring = (pattern[0, framed[i - 1, j]] | pattern[1, framed[i, j]] << 2
                    | pattern[2, framed[i, j - 1]] << 4 | pattern[3, framed[i - 1, j - 1]] << 6)
            if not table[ring]:
                return False
    return True
