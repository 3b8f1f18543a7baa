"""How the player draws and plays Chocona: regions with thick borders, each region's number
in the corner of its first cell; a click shades a cell, a dot marks one unshaded."""

from __future__ import annotations

from typing import Any

from ...grid import ANY_CLUE, NO_CLUE
from ..drawing import DOT, FILL, OPEN, cell_board, fixed
from ..kits.shaded import PLAY_HELP
from .model import Puzzle

HELP = PLAY_HELP


def describe(puzzle: Puzzle) -> dict[str, Any]:
    labels = {puzzle.top_cell(k): v for k, v in enumerate(puzzle.clues) if v != NO_CLUE}

    def given(r: int, c: int) -> dict[str, Any] | None:
        if (r, c) not in labels:
            return None
        v = labels[r, c]
        return fixed(text="?" if v == ANY_CLUE else str(v), corner=True)

    return cell_board(puzzle, given, {OPEN: {}, "#": FILL, ".": DOT}, [OPEN, "#"], ".",
                      {OPEN: "."}, HELP, back="dot", regions=puzzle.regions, paint=True)
