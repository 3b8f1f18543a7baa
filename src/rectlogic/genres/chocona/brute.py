"""Two more readings of the Chocona rectangle law, for cross-checks and studies; neither
uses a 2×2 window, so agreeing with the window rules is evidence, not tautology.

`brute_force` enumerates shadings cell by cell, pruned only by region tallies, and accepts
with the validator (clump flood fill against bounding boxes). `pairwise_legal_count` counts
clue-free shadings by a third formulation: a clump is a rectangle iff every pair of its cells
spans an all-shaded box."""

from __future__ import annotations

import itertools

from .model import Answer, Puzzle
from .validate import UI_ONLY_CODES, validate


def brute_force(p: Puzzle) -> list[Answer]:
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    left = [len(cs) for cs in p.region_cells]
    have = [0] * len(p.clues)
    grid = [[0] * p.cols for _ in range(p.rows)]
    found = []

    def walk(k: int) -> None:
        if k == len(cells):
            answer = Answer(tuple(map(tuple, grid)))
            if all(v.code in UI_ONLY_CODES for v in validate(p, answer)):
                found.append(answer)
            return
        r, c = cells[k]
        reg = p.regions[r][c]
        n = p.clues[reg]
        left[reg] -= 1
        for v in (0, 1):
            have[reg] += v
            if n < 0 or (have[reg] <= n and have[reg] + left[reg] >= n):
                grid[r][c] = v
                walk(k + 1)
            have[reg] -= v
        grid[r][c] = 0
        left[reg] += 1

    walk(0)
    return found


def pairwise_legal_count(rows: int, cols: int) -> int:
    n = rows * cols
    box = {}
    for i, j in itertools.combinations(range(n), 2):
        (r1, c1), (r2, c2) = divmod(i, cols), divmod(j, cols)
        box[i, j] = sum(
            1 << (r * cols + c)
            for r in range(min(r1, r2), max(r1, r2) + 1)
            for c in range(min(c1, c2), max(c1, c2) + 1)
        )
    near = [
        [j for j in (i - cols, i + cols) if 0 <= j < n]
        + [j for j in (i - 1, i + 1) if 0 <= j < n and j // cols == i // cols]
        for i in range(n)
    ]
    legal = 0
    for s in range(1 << n):
        ok, seen = True, 0
        for i in range(n):
            if not (s >> i) & 1 or (seen >> i) & 1:
                continue
            clump, todo = [i], [i]
            seen |= 1 << i
            while todo:
                for j in near[todo.pop()]:
                    if (s >> j) & 1 and not (seen >> j) & 1:
                        seen |= 1 << j
                        clump.append(j)
                        todo.append(j)
            if any(box[min(a, b), max(a, b)] & ~s for a, b in itertools.combinations(clump, 2)):
                ok = False
                break
        legal += ok
    return legal
