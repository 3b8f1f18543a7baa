"""Choco Banana by exhaustive enumeration, read from the rules alone (no window, no rule of
the solver): every shading of the board, its groups found by a flood fill of its own over
bit masks; a shaded group must be the whole of its bounding box, an unshaded one must not,
and each number its group's size. For cross-checks on small boards (up to 20 cells)."""

from __future__ import annotations

from functools import cache

from .model import Answer, Puzzle


def _groups_of(mask: int, rows: int, cols: int) -> list[int]:
    """The cells' group (a bit mask of the cells) for each cell, by a flood fill."""
    n = rows * cols
    group = [0] * n
    for start in range(n):
        if group[start]:
            continue
        colour = (mask >> start) & 1
        seen, todo = 1 << start, [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, cols)
            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = y * cols + x
                if (0 <= y < rows and 0 <= x < cols and not (seen >> j) & 1
                        and (mask >> j) & 1 == colour):
                    seen |= 1 << j
                    todo.append(j)
        for i in range(n):
            if (seen >> i) & 1:
                group[i] = seen
    return group


def _is_box(cells: int, rows: int, cols: int) -> bool:
    where = [divmod(i, cols) for i in range(rows * cols) if (cells >> i) & 1]
    rs, cs = [r for r, _ in where], [c for _, c in where]
    return len(where) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)


@cache
def legal_shadings(rows: int, cols: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every shading (a bit per cell, row-major) whose shaded groups are rectangles and
    whose unshaded groups are not, with each cell's group size."""
    out = []
    for mask in range(1 << (rows * cols)):
        group = _groups_of(mask, rows, cols)
        ok = all(_is_box(g, rows, cols) == bool((mask >> i) & 1)
                 for i, g in enumerate(group) if g & -g == 1 << i)  # each group once
        if ok:
            out.append((mask, tuple(bin(g).count("1") for g in group)))
    return tuple(out)


def brute_force(p: Puzzle) -> list[Answer]:
    numbers = [(r * p.cols + c, n) for r, c, n in p.numbers()]
    found = []
    for mask, sizes in legal_shadings(p.rows, p.cols):
        if all(sizes[i] == n for i, n in numbers):
            found.append(Answer(tuple(tuple((mask >> (r * p.cols + c)) & 1
                                            for c in range(p.cols)) for r in range(p.rows))))
    return found
