"""The board description the player draws and plays any genre from (`Genre.board_json`).

Genre-neutral: a grid of fixed cells (filled, with a text, in the middle or a corner), region
borders, and how the player's free cells behave — their states with a shape each, the click
cycle, the dot — or, for genres whose answer is a set of rectangles, that input. Each genre
builds its description from these pieces in its `board.py`; `play.js` knows no genre."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..errors import RectlogicError

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
               regions: Sequence[Sequence[int]] | None = None,
               corners: dict[str, str] | None = None, paint: bool = False) -> dict[str, Any]:
    """A genre played cell by cell: each free cell holds one of `states` (keys are the
    characters of a position; OPEN first); a click steps through `cycle`; a right-click
    steps back (`back="cycle"`) or toggles the dot (`back="dot"`); `dot` marks a cell as
    decided-empty; `answer_of` maps a state to the answer's character (absent: the same);
    `corners` ({"nw": state, …}): a click near a cell's corner places that corner's state;
    `paint`: dragging paints the first cell's new state over every cell it crosses."""
    return {
        "input": "cells",
        "fixed": [[given(r, c) for c in range(puzzle.cols)] for r in range(puzzle.rows)],
        "borders": borders(regions) if regions is not None else None,
        "states": states, "cycle": list(cycle), "dot": dot, "back": back,
        "answer_of": answer_of, "help": list(help_lines), "corners": corners, "paint": paint,
    }


def rectangle_board(puzzle: Any, given: Callable[[int, int], dict[str, Any] | None],
                    help_lines: Sequence[str]) -> dict[str, Any]:
    """A genre whose answer is rectangles ([top, left, height, width]) drawn by dragging."""
    return {
        "input": "rectangles",
        "fixed": [[given(r, c) for c in range(puzzle.cols)] for r in range(puzzle.rows)],
        "borders": None, "states": {}, "cycle": [], "dot": None, "back": None, "answer_of": {},
        "corners": None, "paint": False,
        "help": list(help_lines),
    }


# -- playing: what a position is, for either input ------------------------------------------
# The shells that play a board for a player or a test (hints, their walks, the native build's
# workload, pictures) ask the board's `play` for what depends on the input, so that none of
# them knows which input a genre has: a position is the JSON ANSWER form with undecided cells
# (`Genre.position_domains` reads it), a move is what `Genre.describe` gives a hint.


class CellPlay:
    """A board played cell by cell (`cell_board`): a position is one string per row, a
    state's character per cell (OPEN where the player has set nothing); a move sets one cell
    ({"cell": [r, c], "state": s})."""

    def __init__(self, board: dict[str, Any]) -> None:
        self.board = board
        self.fixed = board["fixed"]

    def _answered(self, r: int, c: int, ch: str) -> str:
        """The answer's character for what a position holds at (r, c)."""
        given = self.fixed[r][c]
        if given is not None and given["answer"] is not None:
            return given["answer"]
        return self.board["answer_of"].get(ch, ch)

    def _free(self, r: int, c: int) -> bool:
        given = self.fixed[r][c]
        return given is None or given["answer"] is None

    def empty(self) -> list[str]:
        """The position before any move."""
        return [OPEN * len(row) for row in self.fixed]

    def showing(self, truth: Any, keep: Callable[[], bool]) -> list[str]:
        """The answer `truth` (its JSON form) with only the marks `keep()` says yes to shown
        (the given cells always): a position part of the way to the answer."""
        return ["".join(ch if keep() or self.fixed[r][c] else OPEN for c, ch in enumerate(row))
                for r, row in enumerate(truth)]

    def agrees(self, position: Any, move: dict[str, Any], truth: Any) -> bool:
        """Does the move set a mark still open in the position, as the answer has it?"""
        r, c = move["cell"]
        state = move["state"]
        return position[r][c] == OPEN and self.board["answer_of"].get(state, state) == truth[r][c]

    def after(self, position: Any, move: dict[str, Any]) -> list[str]:
        """The position with the move made."""
        (r, c), row = move["cell"], position[move["cell"][0]]
        return [*position[:r], row[:c] + move["state"] + row[c + 1:], *position[r + 1:]]

    def answer(self, position: Any) -> Any | None:
        """What a position draws as a JSON ANSWER, the given cells as given; None while a
        cell is open (a whole answer, not yet checked)."""
        drawn = ["".join(self._answered(r, c, ch) for c, ch in enumerate(row))
                 for r, row in enumerate(position)]
        return None if OPEN in "".join(drawn) else drawn

    def wrong(self, position: Any, truth: Any) -> dict[str, Any]:
        """The marks that disagree with the answer: cells [r, c] in reading order."""
        return {"wrong": [[r, c] for r, row in enumerate(position) for c, ch in enumerate(row)
                          if ch not in (OPEN, " ") and self._free(r, c)
                          and self._answered(r, c, ch) != truth[r][c]],
                "rects": []}

    def first_wrong(self, wrong: dict[str, Any]) -> tuple[Any, list[list[int]], str]:
        """The first wrong mark (of `wrong`'s, in reading order): it, its cells, and where it
        is in words."""
        r, c = first = wrong["wrong"][0]
        return first, [first], f"row {r + 1}, column {c + 1}"

    def marks(self, truth: Any) -> tuple[list[tuple[int, int, dict[str, Any]]], list[list[int]]]:
        """What to draw of an answer: (the shape of each state in a cell the player marks,
        a labelled one included — Choco Banana's shaded numbers —, with its row and column;
        no rectangles)."""
        state_of = {v: k for k, v in self.board["answer_of"].items()}
        return ([(r, c, self.board["states"].get(state_of.get(ch, ch), {}))
                 for r, row in enumerate(truth) for c, ch in enumerate(row)
                 if self._free(r, c)], [])


class RectanglePlay:
    """A board whose answer is rectangles (`rectangle_board`): a position is the rectangles
    drawn so far ([top, left, height, width]); a move draws one ({"rect": [t, l, h, w]})."""

    def __init__(self, board: dict[str, Any]) -> None:
        self.board = board

    def empty(self) -> list[list[int]]:
        return []

    def showing(self, truth: Any, keep: Callable[[], bool]) -> list[list[int]]:
        return [list(t) for t in truth if keep()]

    def agrees(self, position: Any, move: dict[str, Any], truth: Any) -> bool:
        return move["rect"] in truth and move["rect"] not in position

    def after(self, position: Any, move: dict[str, Any]) -> list[list[int]]:
        return [*position, move["rect"]]

    def answer(self, position: Any) -> Any:
        """The rectangles drawn are the answer to check (the checker says what is missing)."""
        return position

    def wrong(self, position: Any, truth: Any) -> dict[str, Any]:
        """The rectangles drawn that the answer does not have, by top then left."""
        return {"wrong": [], "rects": sorted(list(r) for r in position if list(r) not in truth)}

    def first_wrong(self, wrong: dict[str, Any]) -> tuple[Any, list[list[int]], str]:
        t, lft, h, w = first = wrong["rects"][0]
        return (first, [[r, c] for r in range(t, t + h) for c in range(lft, lft + w)],
                f"the {h}×{w} rectangle from row {t + 1}, column {lft + 1}")

    def marks(self, truth: Any) -> tuple[list[tuple[int, int, dict[str, Any]]], list[list[int]]]:
        return [], [list(t) for t in truth]


PLAYS = {"cells": CellPlay, "rectangles": RectanglePlay}
"""Each input a board description may have, with how it is played."""


def play(board: dict[str, Any]) -> CellPlay | RectanglePlay:
    """How a board (its description, `Genre.board_json`) is played."""
    return PLAYS[board["input"]](board)


# -- editing ----------------------------------------------------------------------------------
# The editor (`static/edit.js`) works on a genre-neutral state: one token per cell ("" empty,
# "#" a given dark cell, a number, "?") and, for genres with regions, the region borders. Each
# genre's `author.py` says which tokens it takes (`EDIT`) and turns the state into a puzzle
# (`compose`) and back (`decompose`).


def edit_description(cycle: Sequence[str], numbers: bool, unknown: bool, max_number: int | None,
                     filled: Sequence[str], borders: bool, help_lines: Sequence[str]
                     ) -> dict[str, Any]:
    """What the editor offers: a click steps a cell through `cycle`; typing digits writes a
    number (up to `max_number`), `?` an unknown number (when `unknown`); `filled` tokens are
    drawn dark; `borders`: clicking between two cells toggles a region border."""
    return {"cycle": list(cycle), "numbers": numbers, "unknown": unknown,
            "max_number": max_number, "filled": list(filled), "borders": borders,
            "help": list(help_lines)}


def read_tokens(rows: int, cols: int, cells: Any,
                allowed: Callable[[str], bool]) -> list[list[str]]:
    """The editor's cells, checked: rows × cols strings, each one `allowed`."""

    if (not isinstance(cells, list) or len(cells) != rows
            or not all(isinstance(row, list) and len(row) == cols for row in cells)):
        raise RectlogicError(f"cells must be {rows} rows of {cols} tokens")
    for r, row in enumerate(cells):
        for c, t in enumerate(row):
            if not isinstance(t, str) or not allowed(t):
                raise RectlogicError(f"row {r + 1}, column {c + 1}: {str(t)[:12]!r} is not "
                                     "allowed here")
    return cells


def read_borders(rows: int, cols: int, borders: Any) -> tuple[list[int], list[int]]:
    """The editor's borders ({"vertical": rows×(cols-1), "horizontal": (rows-1)×cols} of
    booleans) as pzprjs-ordered bits."""

    try:
        v = [int(bool(b)) for row in borders["vertical"] for b in row]
        h = [int(bool(b)) for row in borders["horizontal"] for b in row]
    except (TypeError, KeyError):
        raise RectlogicError("borders must be {vertical, horizontal} rows of booleans") from None
    if len(v) != rows * (cols - 1) or len(h) != (rows - 1) * cols:
        raise RectlogicError("borders do not match the size")
    return v, h
