"""Choco Banana in clauses, exactly: a variable per cell (shaded).

- every shaded group a rectangle: the kit's window law (no 2×2 window with three shaded);
- no unshaded group a rectangle: for every rectangle of the board, not (all its cells
  unshaded and every cell beside it along a side shaded) — a group is that rectangle exactly
  then;
- a number n at x: the cells of x's colour reached from x in at most k steps through cells
  of that colour, level by level (L_{k+1}(y) ⟺ L_k(y) ∨ (y has x's colour ∧ some neighbour
  in L_k)); exactly n cells at level n. A group of n cells lies within n−1 steps of x; a
  larger one has at least n+1 cells within n steps (each level adds one), a smaller one
  fewer than n."""

from __future__ import annotations

from collections.abc import Collection

from ...engine.clauses import Cnf, Encoding
from ..kits.shaded import window_law
from .model import Answer, Puzzle


def _no_unshaded_rectangles(cnf: Cnf, s: list[list[int]], rows: int, cols: int) -> None:
    for t in range(rows):
        for b in range(t, rows):
            for lf in range(cols):
                for r in range(lf, cols):
                    inside = [s[y][x] for y in range(t, b + 1) for x in range(lf, r + 1)]
                    ring = ([s[t - 1][x] for x in range(lf, r + 1)] if t > 0 else []) + (
                        [s[b + 1][x] for x in range(lf, r + 1)] if b + 1 < rows else []) + (
                        [s[y][lf - 1] for y in range(t, b + 1)] if lf > 0 else []) + (
                        [s[y][r + 1] for y in range(t, b + 1)] if r + 1 < cols else [])
                    cnf.clauses.append(inside + [-v for v in ring])


def _group_size(cnf: Cnf, s: list[list[int]], r0: int, c0: int, n: int,
                when: int = 0) -> None:
    """x's group has n cells (only when `when` is true, if given); the levels are defined
    either way."""
    x = s[r0][c0]
    same: dict[tuple[int, int], int] = {}

    def same_as_x(r: int, c: int) -> int:
        """A variable ⟺ (the cell has x's colour), made on first use."""
        if (r, c) not in same:
            e = same[r, c] = cnf.var()
            v = s[r][c]
            cnf.clauses.extend([[-e, -v, x], [-e, v, -x], [e, v, x], [e, -v, -x]])
        return same[r, c]

    level = {(r0, c0): cnf.var()}
    cnf.clauses.append([level[r0, c0]])
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
                cnf.clauses.append([-was, now])
            cnf.clauses += [[-e, -z, now] for z in near]
            keep = [was] if was is not None else []
            cnf.clauses.append([-now, *keep, e])
            cnf.clauses.append([-now, *keep, *near])
        level = nxt
    cnf.exactly(list(level.values()), n, when)


def _within(r0: int, c0: int, d: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The cells at most `d` steps from (r0, c0), row by row."""
    return [(r, c) for r in range(max(0, r0 - d), min(rows, r0 + d + 1))
            for c in range(max(0, c0 - (d - abs(r - r0))), min(cols, c0 + d - abs(r - r0) + 1))]


def encode(puzzle: Puzzle) -> Encoding:
    return switched(puzzle, [])[0]


def switched(puzzle: Puzzle, cells: Collection[tuple[int, int]]
             ) -> tuple[Encoding, dict[tuple[int, int], int]]:
    """`ClueSwitches.switched`: the numbers at `cells` count behind a switch (a `?` one's
    switches nothing), the others as they are."""
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    window_law(cnf, s)
    _no_unshaded_rectangles(cnf, s, R, C)
    switches = {cell: cnf.var() for cell in cells}
    for r, c, n in puzzle.numbers():
        _group_size(cnf, s, r, c, n, switches.get((r, c), 0))

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode), switches
