"""How the player draws and plays Choco Banana: numbers in their cells; a click shades a
cell, a dot marks one unshaded."""

from __future__ import annotations

from typing import Any

from ...grid import ANY_CLUE, NO_CLUE
from ..drawing import DOT, FILL, OPEN, cell_board, fixed
from .model import Puzzle

HELP = ("Click a cell to shade it, again to clear it; drag to paint a stroke the way the first "
        "cell went.",
        "Right-click, Shift+click, the . key or the Dot mode marks a cell unshaded; Erase "
        "clears.")


def describe(puzzle: Puzzle) -> dict[str, Any]:
    def given(r: int, c: int) -> dict[str, Any] | None:
        v = puzzle.clues[r][c]
        if v == NO_CLUE:
            return None
        return fixed(text="?" if v == ANY_CLUE else str(v))

    return cell_board(puzzle, given, {OPEN: {}, "#": FILL, ".": DOT}, [OPEN, "#"], ".",
                      {OPEN: "."}, HELP, back="dot", paint=True)
