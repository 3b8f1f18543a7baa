"""How the player draws and plays Shakashaka: black cells (with their numbers) are given; a
free cell cycles through the four triangles; a dot marks a cell that stays white."""

from __future__ import annotations

from typing import Any

from ...grid import ANY_CLUE, NO_CLUE
from ..drawing import DOT, OPEN, cell_board, fixed, polygon
from .model import GLYPH, TNE, TNW, TSE, TSW, E, Puzzle

TRIANGLES = {
    GLYPH[TNW]: polygon([(0, 0), (1, 0), (0, 1)]), GLYPH[TNE]: polygon([(0, 0), (1, 0), (1, 1)]),
    GLYPH[TSE]: polygon([(1, 0), (1, 1), (0, 1)]), GLYPH[TSW]: polygon([(0, 0), (1, 1), (0, 1)]),
}
HELP = ("Click near a corner of a white cell to put the triangle's right angle there (again "
        "to remove it); click its middle to step through ◤ ◥ ◢ ◣ and back to empty; "
        "right-click steps back.",
        "Shift+click, the . key or the Dot mode marks a cell that stays white; Erase clears.")


def describe(puzzle: Puzzle) -> dict[str, Any]:
    def given(r: int, c: int) -> dict[str, Any] | None:
        v = puzzle.clues[r][c]
        if v == NO_CLUE:
            return None
        text = None if v == ANY_CLUE else str(v)
        return fixed(fill=True, text=text, answer=text or "#", position="#")

    states = {OPEN: {}, GLYPH[E]: DOT, **TRIANGLES}
    corners = {"nw": GLYPH[TNW], "ne": GLYPH[TNE], "se": GLYPH[TSE], "sw": GLYPH[TSW]}
    return cell_board(puzzle, given, states, [OPEN, *TRIANGLES], GLYPH[E],
                      {OPEN: GLYPH[E]}, HELP, corners=corners)
