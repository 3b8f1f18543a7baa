"""How the player draws and plays Square Jam: the numbers are given; squares are dragged from
corner to corner."""

from __future__ import annotations

from typing import Any

from ...grid import ANY_CLUE, NO_CLUE
from ..drawing import fixed, rectangle_board
from .model import Puzzle

HELP = ("Drag from one corner to the other to draw a square (shown as you drag); it replaces "
        "any region it overlaps.",
        "Right-drag or the Erase mode removes what you drag over; clicking a 1×1 removes it; "
        "the keyboard: Enter at one corner, then at the other.")


def describe(puzzle: Puzzle) -> dict[str, Any]:
    def label(r: int, c: int) -> dict[str, Any] | None:
        v = puzzle.clues[r][c]
        return None if v == NO_CLUE else fixed(text="?" if v == ANY_CLUE else str(v))

    return rectangle_board(puzzle, label, HELP)
