"""The shaded-cell kit: genres whose answer colours each cell shaded or unshaded (Chocona,
Choco Banana), with the rule "every shaded clump is a rectangle" as a law over 2×2 windows.

The domains: one 2-bit mask per cell of a framed (rows+2)×(cols+2) grid, the frame unshaded.
What such a genre shares is here: the values, the window law and the narrowing table built
from it, the open board, answers as rows of `#`/`.`, a player's position read back, a
narrowing said in words, and the law's prime clauses for the clause engines; the answer type
(`Shading`), the Genre methods all of them share (`ShadedCells`), the player's help and
the setter's parts a shaded-cell genre has nothing to say in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from ...engine.clauses import box_clauses, prime_boxes
from ...errors import FormatError, RectlogicError
from ...grid import check_same_size
from ..base import framed_cell, position_rows

WHITE, SHADED = 0, 1
BIT = (1, 2)
BOTH = 3
WINDOW_OK = np.ones((2, 2, 2, 2), dtype=bool)
WINDOW_OK[tuple(np.array([v for v in np.ndindex(2, 2, 2, 2) if sum(v) == 3]).T)] = False
"""The window law as a table over the states of a 2×2 window's cells (NE, SE, SW, NW;
WHITE 0, SHADED 1): every clump is a rectangle ⟺ no window holds exactly three shaded. The
solver's window rule and the clause engines' prime clauses are both derived from it."""
MARK = {SHADED: "#", WHITE: "."}
"""A decided cell in an answer's rows and a player's position."""


@cache
def window_table() -> np.ndarray:
    """Per key (a window's four 2-bit domains: NE, SE, SW, NW from the low bits up), the
    key after the law has narrowed it: each cell keeps the values in some filling of the
    window the law allows (`WINDOW_OK`: the shaded count is not three); -1 when a cell
    keeps none. One lookup tells a window that has nothing to narrow, the usual case."""
    quads = np.arange(4)
    doms = (np.arange(256)[:, None] >> (2 * quads)) & 3  # (key, quadrant): the cell's domain
    values = (np.arange(16)[:, None] >> quads) & 1  # (filling, quadrant): 0 white, 1 shaded
    fits = (WINDOW_OK[tuple(values.T)][None, :]  # (key, filling): allowed and in the domains
            & ((doms[:, None, :] >> values[None, :, :]) & 1).all(axis=2))
    kept = np.bitwise_or.reduce(np.where(fits[:, :, None], 1 << values[None], 0), axis=1)
    after = (kept << (2 * quads)).sum(axis=1)
    return np.where((kept == 0).any(axis=1), -1, after).astype(np.int32)


@lru_cache(maxsize=32)
def open_board(rows: int, cols: int) -> np.ndarray:
    """Every cell open inside an unshaded frame (flat, read-only: copied for each use, which
    is cheaper than building it)."""
    d = np.full((rows + 2, cols + 2), BIT[WHITE], dtype=np.uint8)
    d[1:-1, 1:-1] = BOTH
    d.flags.writeable = False
    return d.ravel()


def shading(puzzle: Any, domains: np.ndarray) -> tuple[tuple[int, ...], ...]:
    """Decided domains → 1 per shaded cell, 0 per unshaded one, row by row."""
    inner = domains.reshape(puzzle.rows + 2, puzzle.cols + 2)[1:-1, 1:-1]
    return tuple(map(tuple, (inner == BIT[SHADED]).astype(int).tolist()))


def shaded_domains(puzzle: Any, shaded: Sequence[Sequence[int]]) -> np.ndarray:
    """1/0 per cell → fully decided domains (the frame unshaded)."""
    d = np.full((puzzle.rows + 2, puzzle.cols + 2), BIT[WHITE], dtype=np.uint8)
    d[1:-1, 1:-1] = np.where(np.array(shaded, dtype=bool), BIT[SHADED], BIT[WHITE])
    return d.ravel()


def answer_rows(shaded: Sequence[Sequence[int]]) -> list[str]:
    """The JSON ANSWER: a row of `#` (shaded) and `.` per board row."""
    return ["".join("#" if v else "." for v in row) for row in shaded]


def position_domains(puzzle: Any, start: np.ndarray, position: Any) -> np.ndarray:
    """A player's rows over the open domains `start`: `#` shaded, `.` marked unshaded, `_`
    or space open."""
    d = start.reshape(puzzle.rows + 2, puzzle.cols + 2)
    for r, row in enumerate(position_rows(puzzle, position)):
        for c, ch in enumerate(row):
            if ch in "#.":
                d[r + 1, c + 1] = BIT[SHADED if ch == "#" else WHITE]
            elif ch not in "_ ":
                raise RectlogicError(f"position cell ({r},{c}) has {ch!r}")
    return d.ravel()


def describe(puzzle: Any, variable: int, before: int, after: int) -> dict[str, Any]:
    """One narrowing of a cell in words, with the move it makes when it decides the cell."""
    r, c = framed_cell(variable, puzzle.cols)
    where = f"Row {r + 1}, column {c + 1}"
    text = {BIT[SHADED]: f"{where} is shaded",
            BIT[WHITE]: f"{where} stays unshaded"}.get(
                after, f"{where} can be neither: a contradiction")
    state = {BIT[SHADED]: "#", BIT[WHITE]: "."}.get(after)
    return {"cells": [[r, c]], "text": text,
            "move": {"cell": [r, c], "state": state} if state else None}


@cache
def window_boxes() -> tuple[tuple[int, ...], ...]:
    """The window law's maximal forbidden boxes (per cell NE, SE, SW, NW: a 2-bit state mask)."""
    return prime_boxes(~WINDOW_OK)


def window_clauses(window: list[int]) -> list[list[int]]:
    """The prime clauses over one window's cell variables (NE, SE, SW, NW): a cell is WHITE
    when its variable is false, SHADED when true."""
    return box_clauses(window_boxes(), [(-v, v) for v in window])


def read_answer_rows(puzzle: Any, data: object, title: str) -> tuple[tuple[int, ...], ...]:
    """The JSON ANSWER read back (rows of `#` and `.`): 1 per shaded cell, 0 per unshaded."""
    shaped = (isinstance(data, list) and len(data) == puzzle.rows
              and all(isinstance(r, str) and len(r) == puzzle.cols for r in data))
    if not shaped:
        raise FormatError(f"a {title} answer is {puzzle.rows} strings of {puzzle.cols} # or .")
    if any(set(row) - set(MARK.values()) for row in data):  # type: ignore[union-attr]
        raise FormatError(f"a {title} answer uses # (shaded) and . only")
    return tuple(tuple(int(ch == MARK[SHADED]) for ch in row) for row in data)  # type: ignore


def darts(rows: int, cols: int, rng: np.random.Generator,
          shapes: Iterable[tuple[int, int]]) -> np.ndarray:
    """Shaded rectangles that never touch along an edge (every shaded group a rectangle):
    each shape thrown at a random place, kept where it touches no shaded cell along an
    edge. The generators' first answers (rows, cols) of booleans."""
    shaded = np.zeros((rows + 2, cols + 2), dtype=bool)
    for h, w in shapes:
        if h > rows or w > cols:
            continue
        r, c = int(rng.integers(1, rows - h + 2)), int(rng.integers(1, cols - w + 2))
        # the rectangle and its four side strips (not the corners) must be unshaded
        if (shaded[r : r + h, c - 1 : c + w + 1].any()
                or shaded[r - 1, c : c + w].any() or shaded[r + h, c : c + w].any()):
            continue
        shaded[r : r + h, c : c + w] = True
    return shaded[1:-1, 1:-1]


@dataclass(frozen=True)
class Shading:
    """A shaded-cell genre's answer."""

    shaded: tuple[tuple[int, ...], ...]
    """1 for a shaded cell, 0 for an unshaded one."""

    @property
    def rows(self) -> int:
        return len(self.shaded)

    @property
    def cols(self) -> int:
        return len(self.shaded[0]) if self.shaded else 0


class ShadedCells:
    """The Genre methods every shaded-cell genre has alike (listed before `Genre` among a
    genre's bases): its domains, answers and positions, and a narrowing in words."""

    def initial_domains(self, puzzle: Any) -> np.ndarray:
        return open_board(puzzle.rows, puzzle.cols).copy()

    def decode(self, puzzle: Any, domains: np.ndarray) -> Shading:
        return Shading(shading(puzzle, domains))

    def encode(self, puzzle: Any, answer: Shading) -> np.ndarray:
        check_same_size(puzzle, answer)
        return shaded_domains(puzzle, answer.shaded)

    def answer_json(self, puzzle: Any, answer: Shading) -> list[str]:
        return answer_rows(answer.shaded)

    def position_domains(self, puzzle: Any, position: list[str]) -> np.ndarray:
        """Rows of characters: `#` shaded, `.` marked unshaded, `_` or space open."""
        return position_domains(puzzle, self.initial_domains(puzzle), position)

    def describe(self, puzzle: Any, variable: int, before: int, after: int) -> dict:
        return describe(puzzle, variable, before, after)


PLAY_HELP = ("Click a cell to shade it, again to clear it; drag to paint a stroke the way the "
             "first cell went.",
             "Right-click, Shift+click, the . key or the Dot mode marks a cell unshaded; Erase "
             "clears.")
"""How a shaded-cell board is played (the player's help lines)."""


def givens(puzzle: Any) -> list[tuple[int, int]]:
    """The author's part: nothing stays fixed once the numbers are relaxed."""
    return []


def unfix(puzzle: Any, cells: Iterable[tuple[int, int]]) -> Any:
    """The author's part: no givens to undo."""
    return puzzle


def repair(puzzle: Any, answer: Any, given_up: Iterable[tuple[int, int]],
           near: Iterable[tuple[int, int]]) -> Any | None:
    """The author's part: no cheap repair (the analysis searches; its conflicts are small)."""
    return None


def window_law(cnf: Any, s: Sequence[Sequence[int]]) -> None:
    """The window law's prime clauses over every 2×2 window of cell variables s[r][c]."""
    for r in range(len(s) - 1):
        for c in range(len(s[0]) - 1):
            cnf.clauses.extend(window_clauses([s[r][c + 1], s[r + 1][c + 1], s[r + 1][c],
                                               s[r][c]]))
