"""What a setter can change in a Shakashaka, for the analysis (`rectlogic analyze`): the
numbers can be dropped (a relaxation: the cell stays black), and an unnumbered black cell can
be given the number one answer shows, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...grid import ANY_CLUE
from .model import TNE, TNW, TSE, TSW, Answer, Puzzle

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, row in enumerate(puzzle.clues) for c, v in enumerate(row) if v >= 0]


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers at these cells dropped (the cells stay black)."""
    clues = [list(row) for row in puzzle.clues]
    for r, c in cells:
        clues[r][c] = ANY_CLUE
    return Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues)))


def triangles_around(answer: Answer, r: int, c: int) -> int:
    rows, cols = len(answer.cells), len(answer.cells[0])
    return sum(0 <= rr < rows and 0 <= cc < cols and answer.cells[rr][cc] in (TNW, TNE, TSE, TSW)
               for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Number an unnumbered black cell beside the cells where the answers differ, with the
    count `answer` shows there."""
    seen: set[Cell] = set()
    for r0, c0 in sorted(near):
        for r, c in ((r0 - 1, c0), (r0, c0 + 1), (r0 + 1, c0), (r0, c0 - 1)):
            if (r, c) in seen or not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols):
                continue
            seen.add((r, c))
            if puzzle.clues[r][c] == ANY_CLUE:
                n = triangles_around(answer, r, c)
                clues = [list(row) for row in puzzle.clues]
                clues[r][c] = n
                yield (f"number the black cell at row {r + 1}, column {c + 1}: {n}",
                       Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues))))
