"""What a setter can change in a Shakashaka, for the analysis (`rectlogic analyze`): the
numbers can be dropped (a relaxation: the cell stays black), and an unnumbered black cell can
be given the number one answer shows, which keeps that answer and may rule others out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...grid import ANY_CLUE, NO_CLUE, is_number
from ..drawing import edit_description, read_tokens
from .model import Answer, Puzzle, triangles_beside

Cell = tuple[int, int]


def clue_cells(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r, row in enumerate(puzzle.clues) for c, v in enumerate(row) if v >= 0]


def relax(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """The numbers at these cells dropped (the cells stay black)."""
    clues = [list(row) for row in puzzle.clues]
    for r, c in cells:
        clues[r][c] = ANY_CLUE
    return Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues)))


def givens(puzzle: Puzzle) -> list[Cell]:
    """The black cells: what stays when every number is dropped."""
    return [(r, c) for r, row in enumerate(puzzle.clues) for c, v in enumerate(row)
            if v != NO_CLUE]


def unfix(puzzle: Puzzle, cells: Iterable[Cell]) -> Puzzle:
    """These black cells made white (a relaxation beyond `relax`: for a conflict among the
    black cells themselves)."""
    clues = [list(row) for row in puzzle.clues]
    for r, c in cells:
        clues[r][c] = NO_CLUE
    return Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues)))


def edits(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    """Number an unnumbered black cell beside the cells where the answers differ, with the
    count `answer` shows there; then make one of those cells black (which keeps no answer it
    touches, but may leave exactly one other)."""
    yield from _numbered(puzzle, answer, near)
    for r, c in sorted(near):
        if puzzle.clues[r][c] == NO_CLUE:
            yield f"make the cell at row {r + 1}, column {c + 1} black", Puzzle(
                puzzle.rows, puzzle.cols, tuple(
                    tuple(ANY_CLUE if (i, j) == (r, c) else v for j, v in enumerate(row))
                    for i, row in enumerate(puzzle.clues)))


def _numbered(puzzle: Puzzle, answer: Answer, near: set[Cell]) -> Iterator[tuple[str, Puzzle]]:
    seen: set[Cell] = set()
    around = triangles_beside(answer)
    for r0, c0 in sorted(near):
        for r, c in ((r0 - 1, c0), (r0, c0 + 1), (r0 + 1, c0), (r0, c0 - 1)):
            if (r, c) in seen or not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols):
                continue
            seen.add((r, c))
            if puzzle.clues[r][c] == ANY_CLUE:
                n = int(around[r, c])
                clues = [list(row) for row in puzzle.clues]
                clues[r][c] = n
                yield (f"number the black cell at row {r + 1}, column {c + 1}: {n}",
                       Puzzle(puzzle.rows, puzzle.cols, tuple(map(tuple, clues))))


EDIT = edit_description(
    cycle=["", "#", "0", "1", "2", "3", "4"], numbers=True, unknown=False, max_number=4,
    filled=["#", "0", "1", "2", "3", "4"], borders=False,
    help_lines=["Click a cell: white → black → black with 0 … 4 → white; or type 0–4 on it.",
                "# makes it black without a number; Backspace makes it white."])


def decompose(puzzle: Puzzle) -> dict:
    return {"cells": [["" if v == NO_CLUE else "#" if v == ANY_CLUE else str(v) for v in row]
                      for row in puzzle.clues], "borders": None}


def compose(rows: int, cols: int, cells: object, borders: object = None) -> Puzzle:
    def allowed(t: str) -> bool:
        return t in ("", "#") or (is_number(t) and int(t) <= 4)

    tokens = read_tokens(rows, cols, cells, allowed)
    return Puzzle(rows, cols, tuple(tuple(NO_CLUE if t == "" else ANY_CLUE if t == "#" else int(t)
                                          for t in row) for row in tokens))


def repair(puzzle: Puzzle, answer: Answer, given_up: Iterable[Cell],
           near: Iterable[Cell]) -> Answer | None:
    """No cheap repair: the analysis searches (its conflicts are small and quick)."""
    return None


def impossible(puzzle: Puzzle) -> str | None:
    """No reason at a glance: the analysis searches."""
    return None


ADDED_NUMBERS = "01234"
"""The numbers `bench --analyze` writes on an empty cell."""
