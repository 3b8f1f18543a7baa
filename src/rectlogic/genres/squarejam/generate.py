"""Square Jam boards with exactly one answer: a random tiling by squares in which no four
meet (drawn square by square along the skyline, backing up where a point would join four),
its side written in one cell of each square, then numbers taken off while the board stays
unique and of the grade asked (a square may end with no number)."""

from __future__ import annotations

import numpy as np

from ...engine.fixpoint import popcount
from ...errors import RectlogicError
from ..generating import Judge, degenerate, numbered_until_settled, thin
from . import rules
from .model import Answer, Puzzle, squares

SIDES = {1: 0.6, 2: 1.6, 3: 1.3, 4: 0.8, 5: 0.4, 6: 0.2, 7: 0.1}
"""How often a square of each side is drawn (any larger: 0.05): twos and threes most, as
puzz.link's boards have them."""
SLIVER = 0.15
"""How much less often a square is drawn that leaves one row between it and the board's
bottom, or a gap one cell wide beside it (to the edge or a taller column): such a line
fills with 1×1s, which published boards do not line up."""
PLACEMENTS = 6
"""Ways of numbering one tiling tried before the attempt gives up."""
TILINGS = 8
"""Tilings drawn at most per attempt (at 30×30 about one in two backs up past STEPS)."""
STEPS = 4000
"""Squares placed at most while drawing one tiling (backing up counts), on boards up to
STEPS / STEPS_PER_CELL cells; larger boards get STEPS_PER_CELL a cell."""
STEPS_PER_CELL = 5


def tiling(rows: int, cols: int, rng: np.random.Generator) -> list[tuple[int, int, int]] | None:
    """Squares (top, left, side) tiling the board, no four meeting at a point, or None
    when the drawing backed up too often. The first free cell (lowest, then leftmost) takes
    a square; the cell's left and upper neighbours are taken already, so a point where one
    square's bottom-right corner lies can take no square's top-left corner: there the
    drawing backs up. Depth-first with its own stack (a 100×100 board places thousands of
    squares, deeper than Python's recursion)."""
    height = [0] * cols
    ends = np.zeros((rows + 1, cols + 1), dtype=bool)  # bottom-right corners so far
    placed: list[tuple[int, int, int]] = []
    tried: list[list[int]] = []  # per placed square: the sides still to try at its cell

    def sides_at(r: int, c: int) -> list[int]:
        if ends[r, c]:
            return []  # four squares would meet at (r, c)
        run = 1
        while c + run < cols and height[c + run] == r:
            run += 1
        sides = list(range(1, min(run, rows - r) + 1))
        weight = np.array([SIDES.get(s, 0.05) * (SLIVER if rows - r - s == 1 else 1)
                           * (SLIVER if run - s == 1 else 1) for s in sides])
        order = rng.choice(len(sides), size=len(sides), replace=False, p=weight / weight.sum())
        return [sides[int(k)] for k in order]

    def take_back() -> None:
        r, c, s = placed.pop()
        ends[r + s, c + s] = False
        height[c:c + s] = [r] * s

    todo = sides_at(0, 0)
    steps, budget = 0, max(STEPS, STEPS_PER_CELL * rows * cols)
    while True:
        if not todo:
            if not placed:
                return None
            take_back()
            todo = tried.pop()
            continue
        steps += 1
        if steps > budget:
            return None
        r = min(height)
        c = height.index(r)
        s = todo.pop(0)
        height[c:c + s] = [r + s] * s
        ends[r + s, c + s] = True
        placed.append((r, c, s))
        tried.append(todo)
        r = min(height)
        if r == rows:
            return placed
        todo = sides_at(r, height.index(r))


def _board(rows: int, cols: int, numbers: list[tuple[int, int, int]]) -> Puzzle:
    clues = [[-1] * cols for _ in range(rows)]
    for r, c, v in numbers:
        clues[r][c] = v
    return Puzzle(rows, cols, tuple(map(tuple, clues)))


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """One attempt: a tiling, then up to PLACEMENTS numberings (each square's side in one
    random cell of it); the first the judge accepts is thinned, and kept when it is of the
    grade asked (else the first acceptable one is, at the end)."""
    squares = None
    for _ in range(TILINGS):
        squares = tiling(rows, cols, rng)
        if squares is not None and len(squares) >= 2:  # one square is no puzzle
            break
    if squares is None or len(squares) < 2:
        return None
    first = None
    for _ in range(PLACEMENTS):
        numbers = [(t + int(rng.integers(s)), lft + int(rng.integers(s)), s)
                   for t, lft, s in squares]
        if not judge.accept(_board(rows, cols, numbers)):
            continue
        board = thin(len(numbers), lambda gone, numbers=numbers: _board(
            rows, cols, [n for k, n in enumerate(numbers) if k not in gone]),
            judge.accept, rng, judge.style, harder=judge.harder)
        if judge.hits is None or judge.hits(board):
            return board
        first = first or board
    return first


SCALING_RUNG = "core"
"""The rung whose fixpoint must finish a scaling board (the strongest without probing)."""
SCALING_MORE = 0.2
"""The share of the cells `SCALING_RUNG` leaves open that get their square's side each round."""
SCALING_TILINGS = 20
"""Tilings drawn, at most, before a scaling board is given up."""


def scaling_board(rows: int, cols: int, rng: np.random.Generator) -> Puzzle:
    """A board with exactly one answer, fast, for the scaling benchmark: a tiling, each
    square's side in one random cell of it, then more cells numbered where `SCALING_RUNG`'s
    fixpoint leaves them open until it leaves none (the generator's first candidate is
    ambiguous from 25×25 on, and a solver's repair is slow there)."""
    for _ in range(SCALING_TILINGS):
        tiles = tiling(rows, cols, rng)
        if tiles is None:
            continue
        side = np.zeros((rows, cols), dtype=np.int64)
        numbered = np.zeros((rows, cols), dtype=bool)
        for t, lft, s in tiles:
            side[t:t + s, lft:lft + s] = s
            numbered[t + int(rng.integers(s)), lft + int(rng.integers(s))] = True
        puzzle = numbered_until_settled(
            numbered, lambda on, side=side: _board(rows, cols, [
                (int(r), int(c), int(side[r, c])) for r, c in np.argwhere(on)]),
            _open_after, rng, SCALING_MORE)
        if puzzle is not None:
            return puzzle
    raise RectlogicError(f"no {rows}x{cols} Square Jam scaling board in "
                         f"{SCALING_TILINGS} tilings")


def _open_after(puzzle: Puzzle) -> np.ndarray | None:
    """The cells `SCALING_RUNG`'s fixpoint leaves open (rows, cols), None on a contradiction."""
    settle = rules.build(puzzle, frozenset(rules.LADDER[SCALING_RUNG]))
    d = settle(squares(puzzle).full.copy()[None])[0]
    if not d.all():
        return None
    return (popcount(d) > 1).reshape(puzzle.rows, puzzle.cols)


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    return degenerate(len(answer.rects()), 0, 0)
