"""The board description the player draws and plays any genre from (`Genre.board_json`).

Genre-neutral: a grid of fixed cells (filled, with a text, in the middle or a corner), region
borders, and how the player's free cells behave — their states with a shape each, the click
cycle, the dot — or, for genres whose answer is a set of rectangles, that input. Each genre
builds its description from these pieces in its `board.py`; `play.js` knows no genre."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

OPEN = "_"
"""The state of a free cell nothing is placed in (the position's undecided mark)."""
DOT = {"dot": True}
FILL = {"fill": True}


def fixed(fill: bool = False, text: str | None = None, corner: bool = False,
          answer: str | None = None, position: str | None = None) -> dict[str, Any]:
    """A given cell: dark when `fill`, a `text` (in the top-left corner when `corner`), and
    what stands for it in the answer and in a position (None: the player's cell after all,
    only labelled)."""
    return {"fill": fill, "text": text, "corner": corner, "answer": answer,
            "position": position}


def polygon(points: Sequence[tuple[float, float]]) -> dict[str, Any]:
    """A state drawn as a dark polygon; points in the cell's unit square, y down."""
    return {"polygon": [list(p) for p in points]}


def borders(regions: Sequence[Sequence[int]]) -> dict[str, list[list[bool]]]:
    """Thick lines between cells of different regions: `vertical` (right of each cell but
    the last column) and `horizontal` (below each cell but the last row)."""
    rows, cols = len(regions), len(regions[0])
    return {"vertical": [[regions[r][c] != regions[r][c + 1] for c in range(cols - 1)]
                         for r in range(rows)],
            "horizontal": [[regions[r][c] != regions[r + 1][c] for c in range(cols)]
                           for r in range(rows - 1)]}


def cell_board(puzzle: Any, given: Callable[[int, int], dict[str, Any] | None],
               states: dict[str, dict[str, Any]], cycle: Sequence[str], dot: str | None,
               answer_of: dict[str, str], help_lines: Sequence[str], back: str = "cycle",
               regions: Sequence[Sequence[int]] | None = None) -> dict[str, Any]:
    """A genre played cell by cell: each free cell holds one of `states` (keys are the
    characters of a position; OPEN first); a click steps through `cycle`; a right-click
    steps back (`back="cycle"`) or toggles the dot (`back="dot"`); `dot` marks a cell as
    decided-empty; `answer_of` maps a state to the answer's character (absent: the same)."""
    return {
        "input": "cells",
        "fixed": [[given(r, c) for c in range(puzzle.cols)] for r in range(puzzle.rows)],
        "borders": borders(regions) if regions is not None else None,
        "states": states, "cycle": list(cycle), "dot": dot, "back": back,
        "answer_of": answer_of, "help": list(help_lines),
    }


def rectangle_board(puzzle: Any, given: Callable[[int, int], dict[str, Any] | None],
                    help_lines: Sequence[str]) -> dict[str, Any]:
    """A genre whose answer is rectangles ([top, left, height, width]) drawn by dragging."""
    return {
        "input": "rectangles",
        "fixed": [[given(r, c) for c in range(puzzle.cols)] for r in range(puzzle.rows)],
        "borders": None, "states": {}, "cycle": [], "dot": None, "back": None, "answer_of": {},
        "help": list(help_lines),
    }
