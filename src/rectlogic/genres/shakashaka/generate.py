"""Shakashaka boards: a legal answer first, then the numbers, then as few numbers as keep it.

The answer: white pieces — upright rectangles of plain white cells and tilted rectangles
(45°, their corners on lattice points, drawn with triangles along the edges) — laid on an
all-black board, each kept one cell away from the others so that black cells separate every
white region. Every black cell is numbered from the answer; then numbers are removed in random
order as long as the board stays acceptable (unique, and no harder than asked). Most black
cells end up unnumbered: the geometry carries the puzzle."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...errors import RectlogicError
from ...grid import neighbour_sum
from .model import BLACK, TNE, TNW, TSE, TSW, Answer, E, Puzzle
from .validate import UI_ONLY_CODES, validate

# The white quarters of a cell → its state (N, E, S, W as in the validator).
_STATE_OF_QUARTERS = {
    (1, 1, 1, 1): E, (0, 1, 1, 0): TNW, (0, 0, 1, 1): TNE, (1, 0, 0, 1): TSE,
    (1, 1, 0, 0): TSW, (0, 0, 0, 0): BLACK,
}
_QUARTER_CENTRES = ((0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5))  # N, E, S, W in a cell


def tilted_piece(p: int, q: int) -> np.ndarray:
    """The states of a 45° rectangle with sides p and q (counted in cell diagonals) in its
    (p+q)×(p+q) bounding box, read off from which quarters fall inside it; in U = x+y and
    V = x-y it is the box p < U < p+2q, -p < V < p."""
    n = p + q
    u0, u1, v0, v1 = p, p + 2 * q, -p, p  # a rectangle in U = x+y, V = x-y, corners on points
    out = np.full((n, n), BLACK, dtype=np.int8)
    for r in range(n):
        for c in range(n):
            inside = []
            for dx, dy in _QUARTER_CENTRES:
                x, y = c + dx, r + dy
                inside.append(int(u0 < x + y < u1 and v0 < x - y < v1))
            out[r, c] = _STATE_OF_QUARTERS[tuple(inside)]
    return out


def random_answer(rows: int, cols: int, rng: np.random.Generator, fill: float = 0.7) -> Answer:
    state = np.full((rows, cols), BLACK, dtype=np.int8)
    taken = np.zeros((rows + 2, cols + 2), dtype=bool)  # pieces plus their one-cell margin
    for _ in range(int(fill * rows * cols)):
        if rng.random() < 0.4:
            piece = tilted_piece(int(rng.integers(1, 4)), int(rng.integers(1, 4)))
        else:
            piece = np.full((int(rng.integers(1, 5)), int(rng.integers(1, 5))), E, dtype=np.int8)
        h, w = piece.shape
        if h > rows or w > cols:
            continue
        r, c = int(rng.integers(0, rows - h + 1)), int(rng.integers(0, cols - w + 1))
        if taken[r : r + h + 2, c : c + w + 2].any():
            continue
        taken[r + 1 : r + h + 1, c + 1 : c + w + 1] = True
        state[r : r + h, c : c + w] = piece
    return Answer(tuple(tuple(int(s) for s in row) for row in state))


def numbered(answer: Answer) -> Puzzle:
    """The answer's black cells, each with the count of its neighbouring triangles."""
    state = np.array(answer.cells)
    padded = np.zeros((answer.rows + 2, answer.cols + 2), dtype=np.int8)
    padded[1:-1, 1:-1] = np.isin(state, (TNW, TNE, TSE, TSW))
    clues = np.where(state == BLACK, neighbour_sum(padded), -1)
    return Puzzle(answer.rows, answer.cols, tuple(tuple(int(v) for v in row) for row in clues))


def random_board(rows: int, cols: int, rng: np.random.Generator) -> tuple[Puzzle, Answer]:
    """A fully numbered board and the answer it was made from (legal, checked)."""
    answer = random_answer(rows, cols, rng)
    puzzle = numbered(answer)
    problems = [v for v in validate(puzzle, answer) if v.code not in UI_ONLY_CODES]
    if problems:
        raise RectlogicError(f"generator made an illegal answer: {problems[0].code}")
    return puzzle, answer


def generate(rows: int, cols: int, rng: np.random.Generator,
             accept: Callable[[Puzzle], bool]) -> Puzzle | None:
    puzzle, _ = random_board(rows, cols, rng)
    if not accept(puzzle):
        return None
    clues = [list(row) for row in puzzle.clues]
    numbers = [(r, c) for r in range(rows) for c in range(cols) if clues[r][c] >= 0]
    for k in rng.permutation(len(numbers)):
        r, c = numbers[k]
        kept, clues[r][c] = clues[r][c], -2
        if not accept(Puzzle(rows, cols, tuple(map(tuple, clues)))):
            clues[r][c] = kept
    return Puzzle(rows, cols, tuple(map(tuple, clues)))
