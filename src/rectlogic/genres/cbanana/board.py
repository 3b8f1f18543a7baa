"""How the player draws and plays Choco Banana: numbers in their cells; a click shades a
cell, a dot marks one unshaded."""

from __future__ import annotations

from typing import Any

from ...grid import ANY_CLUE, NO_CLUE
from ..drawing import DOT, FILL, OPEN, cell_board, fixed
from ..kits.shaded import PLAY_HELP
from .model import Puzzle


def describe(puzzle: Puzzle) -> dict[str, Any]:
    labels = {NO_CLUE: None, ANY_CLUE: "?"}
    return cell_board(
        puzzle, lambda r, c: None if puzzle.clues[r][c] == NO_CLUE else fixed(
            text=labels.get(puzzle.clues[r][c], str(puzzle.clues[r][c]))),
        {OPEN: {}, "#": FILL, ".": DOT}, [OPEN, "#"], ".", {OPEN: "."}, PLAY_HELP,
        back="dot", paint=True)
