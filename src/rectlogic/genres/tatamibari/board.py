"""How the player draws and plays Tatamibari: the marks are given; rectangles are dragged
from corner to corner."""

from __future__ import annotations

from typing import Any

from ...grid import NO_CLUE
from ..drawing import fixed, rectangle_board
from .model import SYMBOL, Puzzle

HELP = ("Drag from one corner to the other to draw a rectangle (shown as you drag); it "
        "replaces any it overlaps. Each holds one mark: + a square, - wider than tall, "
        "| taller than wide; no four rectangles may meet at a point.",
        "Right-drag or the Erase mode removes the rectangles you drag over; clicking a 1×1 "
        "removes it; the keyboard: Enter at one corner, then at the other.")


def describe(puzzle: Puzzle) -> dict[str, Any]:
    def given(r: int, c: int) -> dict[str, Any] | None:
        v = puzzle.clues[r][c]
        return None if v == NO_CLUE else fixed(text=SYMBOL[v])

    return rectangle_board(puzzle, given, HELP)
