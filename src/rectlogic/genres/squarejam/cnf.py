"""Square Jam in clauses: a variable per candidate square (inside the board, every number in
it its side); every cell covered by exactly one chosen square, and no chosen square's
bottom-right corner the top-left corner of another (four would meet there)."""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

from ...engine.clauses import Cnf, Encoding, framed
from ..kits.region_cnf import dissection
from .model import Answer, Puzzle, squares

NEAR_FIRST = False
"""`ClueSwitches.NEAR_FIRST`: the borders, sides and offsets are most of the model."""
COMPARES_FROM = 400
"""`ClueSwitches.COMPARES_FROM`: on the bank's 20×20 boards 12 analyses of 1,454 ran out of
time so, 16 by the search; at 15×15 18 of 1,345 so, 2 by the search."""
COUNTS_FROM = None
"""`ClueSwitches.COUNTS_FROM`: the search counts about as fast."""


def encode(puzzle: Puzzle) -> Encoding:
    cnf = Cnf()
    boxes = [tuple(int(v) for v in row[:3]) for row in squares(puzzle).rects]
    chosen = [cnf.var() for _ in boxes]
    on: dict[tuple[int, int], list[int]] = {}
    starts: dict[tuple[int, int], list[int]] = {}
    ends: dict[tuple[int, int], list[int]] = {}
    for v, (t, lft, s) in zip(chosen, boxes, strict=True):
        for r in range(t, t + s):
            for c in range(lft, lft + s):
                on.setdefault((r, c), []).append(v)
        starts.setdefault((t, lft), []).append(v)
        ends.setdefault((t + s, lft + s), []).append(v)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cnf.exactly(on.get((r, c), []), 1)
    for point, closing in ends.items():
        for a in closing:
            cnf.clauses.extend([-a, -b] for b in starts.get(point, []))

    def decode(true: set[int]) -> Answer:
        return Answer.from_rects(puzzle.rows, puzzle.cols, [
            (t, lft, s, s) for v, (t, lft, s) in zip(chosen, boxes, strict=True) if v in true])

    return Encoding(cnf, chosen, decode)


def _frame(cnf: Cnf, R: int, C: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`switched`'s model without the numbers: (s ≥ k per cell and k = 0 … side + 1, the
    vertical borders, the horizontal ones)."""
    side = min(R, C)
    true = cnf.var()
    cnf.clauses.append([true])
    vertical, horizontal = dissection(cnf, R, C, four=False)
    cell = np.arange(R * C).reshape(R, C)

    def ladder(first: int, last: np.ndarray) -> np.ndarray:
        """Per cell, the literals "≥ k" for k = 0 … side + 1: true below `first`, false past
        the cell's `last`, a new variable each between."""
        k = np.arange(side + 2)
        out = np.where(k < first, true, -true)[None, :].repeat(R * C, axis=0)
        new = (k >= first) & (k <= last.reshape(-1, 1))
        out[new] = np.arange(cnf.top + 1, cnf.top + 1 + int(new.sum()))
        cnf.top += int(new.sum())
        return out

    row, col = np.divmod(np.arange(R * C), C)
    # a cell's offset in its room is at most its distance from the board's edge
    s = ladder(2, np.full(R * C, side))
    d, e = ladder(1, np.minimum(col, side - 1)), ladder(1, np.minimum(row, side - 1))
    laws = []

    def law(*lits: np.ndarray) -> None:
        """Clauses of three literals, one per element of the broadcast arrays (any clause
        that holds anyway, with the literal `true`, left out)."""
        clauses = np.stack(np.broadcast_arrays(*lits), axis=-1).reshape(-1, 3)
        laws.append(clauses[~(clauses == true).any(axis=1)])

    for offset, borders, before, after in ((d, vertical, cell[:, :-1], cell[:, 1:]),
                                           (e, horizontal, cell[:-1, :], cell[1:, :])):
        b = borders.ravel()[:, None]
        x, y = before.ravel(), after.ravel()
        if offset is d:
            law(b, -s[x], s[y])
            law(b, s[x], -s[y])
        law(-offset[:, 1:-1], offset[:, :-2], -true)  # ≥ k + 1 → ≥ k
        law(b, -offset[x, :-1], offset[y, 1:])
        law(b, offset[x, :-1], -offset[y, 1:])
        # the room's first line of cells (a border before, or the board's edge): offset 0
        first = np.full(R * C, true)
        first[y] = b[:, 0]
        law(-first, -offset[:, 1], -true)
        # its last: offset ≥ k ⟺ side ≥ k + 1
        end = np.full(R * C, true)
        end[x] = b[:, 0]
        law(-end[:, None], -offset[:, :-1], s[:, 1:])
        law(-end[:, None], offset[:, :-1], -s[:, 1:])
    for clauses in laws:
        cnf.clauses.extend(clauses.tolist())
    return s, vertical, horizontal


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: a leaner model than `encode` (kept as the clause engine's
    own: the two check each other), with no candidate squares, so that it stays small with
    every number relaxed (a 20×20 board has 2,870 squares, and a cell lies in up to a
    thousand). The borders cut the board into rectangles (`kits.region_cnf.dissection`,
    four never meeting); each cell knows its room's side s and its column and row offsets
    in the room, d and e, in order encoding (s ≥ k, d ≥ k, e ≥ k): across a side with no
    border, d (or e) is one more, and along a row s is the same; a border on the left (or
    the board's edge) makes d 0 and one on the right makes d = s − 1, and likewise e above
    and below. So every row of a room is s wide and, with the room a rectangle, every
    column s high. A number n says s = n at its cell, behind its switch at `cells` (a `?`
    switches nothing). (s's "≥ k + 1 → ≥ k" follows from d's at the room's last cell.)"""
    R, C = puzzle.rows, puzzle.cols
    side = min(R, C)
    cnf, (s, vertical, horizontal) = framed(("squarejam", R, C), lambda cnf: _frame(cnf, R, C))

    def side_is(cnf: Cnf, when: int, at: tuple[int, int], n: int) -> None:
        i = at[0] * C + at[1]
        cnf.add([[int(s[i, min(n, side + 1)])], [-int(s[i, min(n + 1, side + 1)])]], when)

    switches = cnf.clues({(r, c): n for r, c, n in puzzle.numbers if n >= 1}, cells, side_is)
    decisions = [*vertical.ravel().tolist(), *horizontal.ravel().tolist()]

    def decode(true_: set[int]) -> Answer:
        return Answer(R, C, tuple(int(v in true_) for v in vertical.ravel().tolist()),
                      tuple(int(v in true_) for v in horizontal.ravel().tolist()))

    return Encoding(cnf, decisions, decode), switches
