"""Shikaku: cut the grid into rectangles, each holding one number equal to its area."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...grid import draw_rooms
from ..base import Genre, Propagate, Violation, register
from . import generate as _generate
from . import rules as _rules
from .model import Answer, Puzzle, candidates, check_answer_fits, rect_mask
from .validate import validate as _validate


class Shikaku(Genre):
    name = "shikaku"
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "dual"

    def initial_domains(self, puzzle: Puzzle) -> np.ndarray:
        d = np.empty(len(puzzle.numbers), dtype=object)
        for k, cands in enumerate(candidates(puzzle)):
            d[k] = (1 << len(cands)) - 1
        return d

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def decode(self, puzzle: Puzzle, domains: np.ndarray) -> Answer:
        rects = [cands[int(v).bit_length() - 1]
                 for cands, v in zip(candidates(puzzle), domains, strict=True)]
        label = [[-1] * puzzle.cols for _ in range(puzzle.rows)]
        for k, (t, lft, h, w) in enumerate(rects):
            for r in range(t, t + h):
                for c in range(lft, lft + w):
                    label[r][c] = k  # overlaps and holes are left for the validator to find
        return Answer.from_rooms(tuple(tuple(row) for row in label))

    def encode(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        rects = set(answer.rects())
        d = np.empty(len(puzzle.numbers), dtype=object)
        for k, cands in enumerate(candidates(puzzle)):
            d[k] = sum(1 << i for i, rect in enumerate(cands) if rect in rects)
        return d

    def branch_preference(self, puzzle: Puzzle) -> np.ndarray:
        """Larger rectangles first: they cut the board most (fewer nodes on Janko's hardest)."""
        return np.array([max(n, 0) for _, _, n in puzzle.numbers], dtype=float)

    def accept(self, puzzle: Puzzle) -> Callable[[np.ndarray], bool]:
        """A drawing cannot show two rectangles on one cell, so an assignment whose
        rectangles overlap or leave holes is turned away before the validator reads it."""
        cands, full = candidates(puzzle), puzzle.rows * puzzle.cols
        check = super().accept(puzzle)

        def ok(d: np.ndarray) -> bool:
            rects = [c[int(v).bit_length() - 1] for c, v in zip(cands, d, strict=True)]
            cells = 0
            for rect in rects:
                cells |= rect_mask(rect, puzzle.cols)
            if sum(h * w for _, _, h, w in rects) != full or cells != (1 << full) - 1:
                return False
            return check(d)

        return ok

    def validate(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        check_answer_fits(puzzle, answer)
        return _validate(puzzle, answer)

    def answer_json(self, puzzle: Puzzle, answer: Answer) -> list[list[int]]:
        return [list(rect) for rect in answer.rects()]

    def render(self, puzzle: Puzzle, answer: Answer | None = None) -> str:
        rooms = answer.rooms() if answer is not None else tuple(
            tuple(r * puzzle.cols + c for c in range(puzzle.cols)) for r in range(puzzle.rows)
        )
        if answer is None:
            rooms = tuple(tuple(0 for _ in row) for row in rooms)

        def text(r: int, c: int) -> str:
            v = puzzle.clues[r][c]
            return "." if v == -1 else "?" if v == -2 else str(v)

        return draw_rooms(rooms, text)

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 accept: Callable[[Puzzle], bool]) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, accept)


SHIKAKU = register(Shikaku())

__all__ = ["SHIKAKU", "Answer", "Puzzle", "Shikaku", "rect_mask"]
