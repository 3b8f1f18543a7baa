"""Shikaku: cut the grid into rectangles, each holding one number equal to its area."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...errors import RectlogicError
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
        label = np.full((puzzle.rows, puzzle.cols), -1)
        for k, (t, lft, h, w) in enumerate(rects):
            label[t:t + h, lft:lft + w] = k  # overlaps and holes are left for the validator
        return Answer.from_labels(label)

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
        rooms = answer.rooms() if answer is not None else ((0,) * puzzle.cols,) * puzzle.rows

        def text(r: int, c: int) -> str:
            v = puzzle.clues[r][c]
            return "." if v == -1 else "?" if v == -2 else str(v)

        return draw_rooms(rooms, text)

    def position_domains(self, puzzle: Puzzle, position: list[list[int]]) -> np.ndarray:
        """Rectangles drawn so far, [top, left, height, width]: a rectangle holding exactly
        one clue fixes that clue's candidate (to nothing, if it cannot be one)."""
        d = self.initial_domains(puzzle)
        numbers = puzzle.numbers
        cands = candidates(puzzle)
        if not isinstance(position, list):
            raise RectlogicError("a Shikaku position is a list of [top, left, height, width]")
        for rect in position:
            if not (isinstance(rect, list) and len(rect) == 4
                    and all(isinstance(v, int) for v in rect)):
                raise RectlogicError("a Shikaku position is a list of [top, left, height, width]")
            t, lft, h, w = rect
            inside = [k for k, (r, c, _) in enumerate(numbers)
                      if t <= r < t + h and lft <= c < lft + w]
            if len(inside) == 1:
                k = inside[0]
                d[k] = sum(1 << i for i, cand in enumerate(cands[k]) if cand == tuple(rect))
        return d

    def describe(self, puzzle: Puzzle, variable: int, before: int, after: int) -> dict:
        r, c, n = puzzle.numbers[variable]
        label = "?" if n < 0 else str(n)
        cands = candidates(puzzle)[variable]
        left = [cands[i] for i in range(len(cands)) if (after >> i) & 1]
        if len(left) == 1:
            t, lft, h, w = left[0]
            cells = [[rr, cc] for rr in range(t, t + h) for cc in range(lft, lft + w)]
            return {"cells": cells, "text": f"the {label} at ({r},{c}) must take the {h}x{w} "
                    f"rectangle at ({t},{lft})", "values": [list(left[0])]}
        gone = (before & ~after).bit_count()
        return {"cells": [[r, c]], "text": f"the {label} at ({r},{c}) cannot take {gone} of its "
                f"rectangles ({len(left)} left)", "values": [list(x) for x in left]}

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 accept: Callable[[Puzzle], bool]) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, accept)


SHIKAKU = register(Shikaku())

__all__ = ["SHIKAKU", "Answer", "Puzzle", "Shikaku", "rect_mask"]
