"""Random Shakashaka boards with a known legal answer (the first step of the generator).

Lay white pieces on an all-black board — upright rectangles of plain white cells and 2×2
diamonds (◤◥ over ◣◢) — each kept one cell away from the others, so that the black cells
between them separate every white region. Number every black cell from the answer. The
answer is legal by construction (checked by the validator before returning)."""

from __future__ import annotations

import numpy as np

from ...errors import RectlogicError
from ...grid import neighbour_sum
from .model import BLACK, TNE, TNW, TSE, TSW, Answer, E, Puzzle
from .validate import UI_ONLY_CODES, validate


def random_board(rows: int, cols: int, rng: np.random.Generator,
                 fill: float = 0.6) -> tuple[Puzzle, Answer]:
    """A board whose black cells all carry their numbers, and the answer it was made from."""
    state = np.full((rows, cols), BLACK, dtype=np.int8)
    taken = np.zeros((rows + 2, cols + 2), dtype=bool)  # pieces plus their one-cell margin
    for _ in range(int(fill * rows * cols)):
        if rng.random() < 0.3:
            h = w = 2
        else:
            h, w = int(rng.integers(1, 5)), int(rng.integers(1, 5))
        if h > rows or w > cols:
            continue
        r, c = int(rng.integers(0, rows - h + 1)), int(rng.integers(0, cols - w + 1))
        if taken[r : r + h + 2, c : c + w + 2].any():
            continue
        taken[r + 1 : r + h + 1, c + 1 : c + w + 1] = True
        if (h, w) == (2, 2) and rng.random() < 0.6:
            state[r : r + 2, c : c + 2] = [[TNW, TNE], [TSW, TSE]]
        else:
            state[r : r + h, c : c + w] = E
    tri = np.isin(state, (TNW, TNE, TSE, TSW))
    padded = np.zeros((rows + 2, cols + 2), dtype=np.int8)
    padded[1:-1, 1:-1] = tri
    clues = np.where(state == BLACK, neighbour_sum(padded), -1)
    puzzle = Puzzle(rows, cols, tuple(tuple(int(v) for v in row) for row in clues))
    answer = Answer(tuple(tuple(int(s) for s in row) for row in state))
    problems = [v for v in validate(puzzle, answer) if v.code not in UI_ONLY_CODES]
    if problems:
        raise RectlogicError(f"generator made an illegal answer: {problems[0].code}")
    return puzzle, answer
