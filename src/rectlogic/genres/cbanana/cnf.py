"""Choco Banana in clauses, exactly: a variable per cell (shaded).

- every shaded group a rectangle: the kit's window law (no 2×2 window with three shaded);
- no unshaded group a rectangle: for every rectangle of the board, not (all its cells
  unshaded and every cell beside it along a side shaded) — a group is that rectangle exactly
  then (`_no_unshaded_rectangles`, in short clauses);
- a number n at x: the cells of x's colour reached from x in at most k steps through cells
  of that colour, level by level (L_{k+1}(y) ⟺ L_k(y) ∨ (y has x's colour ∧ some neighbour
  in L_k)); exactly n cells at level n. A group of n cells lies within n−1 steps of x; a
  larger one has at least n+1 cells within n steps (each level adds one), a smaller one
  fewer than n."""

from __future__ import annotations

from collections.abc import Collection

from ...engine.clauses import Cnf, Encoding, framed
from ..kits.shaded import window_law
from .model import Answer, Puzzle

NEAR_FIRST = True
"""`ClueSwitches.NEAR_FIRST`: a number's levels are most of the model (thousands of
variables for a large one)."""
COMPARES_FROM = None
"""`ClueSwitches.COMPARES_FROM`: the whole model is costly (`NEAR_FIRST`)."""
COUNTS_FROM = None
"""`ClueSwitches.COUNTS_FROM`: the whole model is costly (`NEAR_FIRST`)."""


def _no_unshaded_rectangles(cnf: Cnf, s: list[list[int]], rows: int, cols: int) -> None:
    """For every rectangle, not (its cells unshaded and those beside it shaded), in short
    clauses over chains (each link implied by what makes it so: a model may set it true
    only where that helps nothing). Per row and span l…r: "all unshaded", "all unshaded
    with shaded (or the edge) on either side" (open), "all shaded"; per band of rows t…b,
    "every row open over l…r" (rows t…b−1, then row b); and no band open with the rows
    above and below it all shaded over the span (or off the board). (Written out, one
    clause per rectangle over its inside and its ring: half a million literals on 15×15.)"""
    spans = [(lf, r) for lf in range(cols) for r in range(lf, cols)]
    open_, shaded = [], []
    for y in range(rows):
        unshaded: dict[tuple[int, int], int] = {}
        opened: dict[tuple[int, int], int] = {}
        full: dict[tuple[int, int], int] = {}
        for lf, r in spans:
            u, f = unshaded[lf, r], full[lf, r] = cnf.var(), cnf.var()
            if r == lf:
                cnf.clauses += [[u, s[y][r]], [f, -s[y][r]]]
            else:
                cnf.clauses += [[u, -unshaded[lf, r - 1], s[y][r]],
                                [f, -full[lf, r - 1], -s[y][r]]]
            o = opened[lf, r] = cnf.var()
            cnf.clauses.append([o, -u] + ([-s[y][lf - 1]] if lf > 0 else [])
                               + ([-s[y][r + 1]] if r + 1 < cols else []))
        open_.append(opened)
        shaded.append(full)
    for lf, r in spans:
        for t in range(rows):
            band = open_[t][lf, r]
            for b in range(t, rows):
                if b > t:
                    wider = cnf.var()
                    cnf.clauses.append([wider, -band, -open_[b][lf, r]])
                    band = wider
                cnf.clauses.append([-band] + ([-shaded[t - 1][lf, r]] if t > 0 else [])
                                   + ([-shaded[b + 1][lf, r]] if b + 1 < rows else []))


def _group_size(cnf: Cnf, s: list[list[int]], r0: int, c0: int, n: int,
                when: int = 0) -> None:
    """x's group has n cells, levels and all only when `when` is true (if given: a clue
    switched off then leaves its variables free, nothing for a solver to keep up)."""
    x = s[r0][c0]
    same: dict[tuple[int, int], int] = {}
    clauses: list[list[int]] = []

    def same_as_x(r: int, c: int) -> int:
        """A variable ⟺ (the cell has x's colour), made on first use."""
        if (r, c) not in same:
            e = same[r, c] = cnf.var()
            v = s[r][c]
            clauses.extend([[-e, -v, x], [-e, v, -x], [e, v, x], [e, -v, -x]])
        return same[r, c]

    level = {(r0, c0): cnf.var()}
    clauses.append([level[r0, c0]])
    for k in range(n):
        nxt = {}
        for r, c in _within(r0, c0, k + 1, len(s), len(s[0])):
            was = level.get((r, c))
            near = [level[y, z] for y, z in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if (y, z) in level]
            if was is None and not near:
                continue
            now = nxt[r, c] = cnf.var()
            e = same_as_x(r, c)
            if was is not None:
                clauses.append([-was, now])
            clauses += [[-e, -z, now] for z in near]
            keep = [was] if was is not None else []
            clauses.append([-now, *keep, e])
            clauses.append([-now, *keep, *near])
        level = nxt
    cnf.add(clauses, when)
    cnf.exactly(list(level.values()), n, when)


def _within(r0: int, c0: int, d: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The cells at most `d` steps from (r0, c0), row by row."""
    return [(r, c) for r in range(max(0, r0 - d), min(rows, r0 + d + 1))
            for c in range(max(0, c0 - (d - abs(r - r0))), min(cols, c0 + d - abs(r - r0) + 1))]


def _frame(cnf: Cnf, R: int, C: int) -> list[list[int]]:
    """The model without the numbers (the variable of each cell, row by row)."""
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    window_law(cnf, s)
    _no_unshaded_rectangles(cnf, s, R, C)
    return s


def encode(puzzle: Puzzle) -> Encoding:
    return switched(puzzle, [])[0]


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: the numbers at `cells` count behind a switch (a `?` one's
    switches nothing), the others as they are."""
    R, C = puzzle.rows, puzzle.cols
    cnf, s = framed(("cbanana", R, C), lambda cnf: _frame(cnf, R, C))
    switches = cnf.clues({(r, c): n for r, c, n in puzzle.numbers()}, cells,
                         lambda cnf, when, at, n: _group_size(cnf, s, *at, n, when))

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode), switches
