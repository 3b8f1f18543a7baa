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


def _group_size(cnf: Cnf, s: list[list[int]], rows: int, cols: int, r0: int, c0: int,
                n: int) -> None:
    x = s[r0][c0]
    same = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            e = same[r][c] = cnf.var()  # e ⟺ (cell has x's colour)
            v = s[r][c]
            cnf.clauses += [[-e, -v, x], [-e, v, -x], [e, v, x], [e, -v, -x]]
    level = {(r0, c0): cnf.var()}
    cnf.clauses.append([level[r0, c0]])
    for k in range(n):
        nxt = {}
        for r in range(rows):
            for c in range(cols):
                if abs(r - r0) + abs(c - c0) > k + 1:
                    continue
                was = level.get((r, c))
                near = [level[y, z] for y, z in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                        if (y, z) in level]
                if was is None and not near:
                    continue
                now = nxt[r, c] = cnf.var()
                e = same[r][c]
                if was is not None:
                    cnf.clauses.append([-was, now])
                cnf.clauses += [[-e, -z, now] for z in near]
                keep = [was] if was is not None else []
                cnf.clauses.append([-now, *keep, e])
                cnf.clauses.append([-now, *keep, *near])
        level = nxt
    cnf.exactly(list(level.values()), n)


def encode(puzzle: Puzzle) -> Encoding:
    R, C = puzzle.rows, puzzle.cols
    cnf = Cnf()
    s = [[cnf.var() for _ in range(C)] for _ in range(R)]
    window_law(cnf, s)
    _no_unshaded_rectangles(cnf, s, R, C)
    for r, c, n in puzzle.numbers():
        _group_size(cnf, s, R, C, r, c, n)

    def decode(true: set[int]) -> Answer:
        return Answer(tuple(tuple(int(v in true) for v in row) for row in s))

    return Encoding(cnf, [v for row in s for v in row], decode)
