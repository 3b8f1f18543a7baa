"""The Chocona answer check, read from the rule book alone: flood-fill every clump of shaded
cells and compare its size with its bounding box (never a 2×2 window); count each numbered
region. Violations in pzprjs's active order: brNoShade, csNotRect, bkShadeNe."""

from __future__ import annotations

from ..base import Violation
from .model import Answer, Puzzle

MESSAGES = {
    "brNoShade": "There are no shaded cells on the board.",
    "csNotRect": "A mass of shaded cells is not rectangle.",
    "bkShadeNe": "The number of shaded cells in the room and the number written in the room "
    "is different.",
}
UI_ONLY_CODES = frozenset({"brNoShade"})
"""pzprjs's "not started" guard: reported by the checker, not a rule of the puzzle."""


def clumps(answer: Answer) -> list[list[tuple[int, int]]]:
    """The 4-connected clumps of shaded cells, each from its first row-major cell."""
    rows, cols = answer.rows, answer.cols
    left = {(r, c) for r in range(rows) for c in range(cols) if answer.shaded[r][c]}
    out = []
    for seed in sorted(left):
        if seed not in left:
            continue
        left.remove(seed)
        clump, todo = [seed], [seed]
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in left:
                    left.remove(nb)
                    clump.append(nb)
                    todo.append(nb)
        out.append(sorted(clump))
    return out


def is_rectangle(cells: list[tuple[int, int]]) -> bool:
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    return len(cells) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)


def validate(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    out: list[Violation] = []
    if not any(any(row) for row in answer.shaded):
        out.append(Violation("brNoShade", MESSAGES["brNoShade"]))
    for clump in clumps(answer):
        if not is_rectangle(clump):
            out.append(Violation("csNotRect", MESSAGES["csNotRect"], cells=tuple(clump)))
    for k, cells in enumerate(puzzle.region_cells):
        n = puzzle.clues[k]
        if n >= 0 and sum(answer.shaded[r][c] for r, c in cells) != n:
            out.append(Violation("bkShadeNe", MESSAGES["bkShadeNe"], cells=tuple(cells)))
    return out
