"""Shikaku in clauses: a variable per candidate rectangle; exactly one per clue, and every
cell covered by exactly one chosen rectangle."""

from __future__ import annotations

from ...engine.clauses import Cnf, Encoding
from .model import Answer, Puzzle, candidates


def encode(puzzle: Puzzle) -> Encoding:
    cnf = Cnf()
    rects = candidates(puzzle)
    chosen = [[cnf.var() for _ in cands] for cands in rects]
    covering: dict[tuple[int, int], list[int]] = {
        (r, c): [] for r in range(puzzle.rows) for c in range(puzzle.cols)
    }
    for k, cands in enumerate(rects):
        cnf.exactly(chosen[k], 1)
        for v, (t, lft, h, w) in zip(chosen[k], cands, strict=True):
            for r in range(t, t + h):
                for c in range(lft, lft + w):
                    covering[r, c].append(v)
    for lits in covering.values():
        cnf.exactly(lits, 1)

    def decode(true: set[int]) -> Answer:
        picked = [cands[i] for cands, vs in zip(rects, chosen, strict=True)
                  for i, v in enumerate(vs) if v in true]
        return Answer.from_rects(puzzle.rows, puzzle.cols, picked)

    return Encoding(cnf, [v for vs in chosen for v in vs], decode)
