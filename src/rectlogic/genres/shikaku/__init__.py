"""Shikaku: cut the grid into rectangles, each holding one number equal to its area."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from ...compiled import njit
from ...errors import RectlogicError
from ...grid import ANY_CLUE, NO_CLUE, draw_rooms
from ..base import (
    ClauseModel,
    Genre,
    JankoCodec,
    Part,
    Propagate,
    Violation,
    register,
)
from ..generating import Judge
from ..kits.regions import chosen_rects, draw_rects
from . import generate as _generate
from . import rules as _rules
from .model import (
    Answer,
    Puzzle,
    candidate_array,
    candidate_table,
    candidates,
    check_answer_fits,
)
from .validate import _rectangles_ok
from .validate import live as _live
from .validate import rectangles_obey_rules as _rectangles_obey_rules
from .validate import validate as _validate


class Shikaku(Genre[Puzzle, Answer]):
    name = "shikaku"
    janko = Part(".codec", JankoCodec)
    clause_model = Part(".cnf", ClauseModel)
    ALIASES = ("sikaku", "rect", "rectangles")
    SCALING_SIDES = (10, 20, 30, 40, 50)  # candidates grow fast with the side
    RULES_TEXT = (
        "Cut the grid along the lines into rectangles so that each rectangle holds exactly "
        "one number, and its area (how many cells it covers) is that number. A ? may be any "
        "area.")
    REASONS: ClassVar[dict[str, str]] = {
        "only-coverer": "no other number can reach a cell it must cover",
        "forced-cell": "every rectangle left to another number covers a cell this one needs",
        "probe": "every other rectangle for it leads to a contradiction",
        "nested": "every other rectangle for it leads to a contradiction, found by trying "
                  "a second number's rectangle inside that assumption",
    }
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "dual"
    STAR_CUTS = (5.0, 11.6, 15.5, 24.3)

    def initial_domains(self, puzzle: Puzzle) -> np.ndarray:
        """One bitset of candidates per clue: uint64 when every clue has at most 64 (most
        boards), else Python integers."""
        table = candidate_table(puzzle)
        counts = table.counts
        if counts.size and counts.max() <= 64:
            return table.full.copy()
        d = np.empty(counts.size, dtype=object)
        d[:] = [(1 << n) - 1 for n in counts.tolist()]
        return d

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def chosen(self, puzzle: Puzzle, domains: np.ndarray) -> np.ndarray:
        """Each clue's rectangle (the lowest candidate left), rows [top, left, height, width]."""
        rects, _, first = candidate_array(puzzle)
        if domains.dtype != object:
            return chosen_rects(domains, first, rects)
        pick = np.array([int(v).bit_length() - 1 for v in domains], dtype=np.int64)
        return rects[first[:-1] + pick]

    def decode(self, puzzle: Puzzle, domains: np.ndarray) -> Answer:
        """The chosen rectangles drawn as rooms (a drawing cannot show two rectangles on one
        cell: the leaf test reads the rectangles themselves)."""
        return Answer.from_rooms(draw_rects(self.chosen(puzzle, domains), puzzle.rows,
                                       puzzle.cols)[0])

    def picture(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        """Each cell: which rectangle (top, left, height, width) holds it."""
        out = np.zeros((puzzle.rows, puzzle.cols), dtype=np.int64)
        for t, lft, h, w in answer.rects():
            out[t:t + h, lft:lft + w] = ((t * puzzle.cols + lft) * (puzzle.rows + 1) + h) * (
                puzzle.cols + 1) + w
        return out

    def empty_answer(self, puzzle: Puzzle) -> Answer:
        """No line drawn (the first candidates would be an arbitrary drawing, and a clue
        that fits nowhere has none)."""
        return Answer(puzzle.rows, puzzle.cols, (0,) * (puzzle.rows * (puzzle.cols - 1)),
                      (0,) * ((puzzle.rows - 1) * puzzle.cols))

    def encode(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        rects = set(answer.rects())
        d = np.empty(len(puzzle.numbers), dtype=object)
        for k, cands in enumerate(candidates(puzzle)):
            d[k] = sum(1 << i for i, rect in enumerate(cands) if rect in rects)
        return d

    def branch_preference(self, puzzle: Puzzle) -> np.ndarray:
        """Larger rectangles first: they cut the board most (fewer nodes on Janko's hardest)."""
        return np.maximum(puzzle.number_array[:, 2], 0.0)

    def accept(self, puzzle: Puzzle) -> Callable[[np.ndarray], bool]:
        """The rule book read over the chosen rectangles, compiled (no drawing made): a drawing
        could not show two rectangles on one cell, this check sees the overlap. For uint64
        domains, choosing and checking are one compiled call (a leaf is on every solve's
        path)."""
        rects, _, first = candidate_array(puzzle)

        def ok(d: np.ndarray) -> bool:
            if d.dtype != object:
                return bool(_chosen_obey_rules(d, first, rects, puzzle.clue_array, NO_CLUE))
            return _rectangles_obey_rules(puzzle, self.chosen(puzzle, d))

        return ok

    def faults(self, puzzle: Puzzle, answer: Answer) -> list[str]:
        return _generate.faults(puzzle, answer)

    def live_mistakes(self, puzzle: Puzzle, position: Any) -> list[Violation]:
        return _live(puzzle, position)

    def pzprjs_findings(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        check_answer_fits(puzzle, answer)
        return _validate(puzzle, answer)

    def answer_json(self, puzzle: Puzzle, answer: Answer) -> list[list[int]]:
        return [list(rect) for rect in answer.rects()]

    def render(self, puzzle: Puzzle, answer: Answer | None = None) -> str:
        rooms = answer.rooms() if answer is not None else ((0,) * puzzle.cols,) * puzzle.rows

        def text(r: int, c: int) -> str:
            v = puzzle.clues[r][c]
            return "." if v == NO_CLUE else "?" if v == ANY_CLUE else str(v)

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

    def open_variables(self, puzzle: Puzzle, position: list[list[int]],
                       domains: np.ndarray) -> np.ndarray:
        """The clues whose rectangle is not drawn yet — a clue with one possible rectangle
        from the start is decided, but the player still has to draw it."""
        drawn = {tuple(rect) for rect in position}
        cands = candidates(puzzle)
        return np.array([not any(cands[k][i] in drawn for i in range(len(cands[k]))
                                 if (int(domains[k]) >> i) & 1)
                         for k in range(len(cands))], dtype=bool)

    def describe(self, puzzle: Puzzle, variable: int, before: int, after: int) -> dict:
        r, c, n = puzzle.numbers[variable]
        label = "?" if n < 0 else str(n)
        cands = candidates(puzzle)[variable]
        left = [cands[i] for i in range(len(cands)) if (after >> i) & 1]
        if len(left) == 1:
            t, lft, h, w = left[0]
            cells = [[rr, cc] for rr in range(t, t + h) for cc in range(lft, lft + w)]
            return {"cells": cells, "text": f"The {label} at row {r + 1}, column {c + 1} takes "
                    f"the {h}×{w} rectangle from row {t + 1}, column {lft + 1}",
                    "values": [list(left[0])],
                    "move": {"rect": list(left[0])}}
        gone = (before & ~after).bit_count()
        return {"cells": [[r, c]], "text": f"The {label} at row {r + 1}, column {c + 1} cannot "
                f"take {gone} of its rectangles ({len(left)} left)",
                "values": [list(x) for x in left]}

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, judge)


SHIKAKU = register(Shikaku())


@njit(cache=True, nogil=True)
def _chosen_obey_rules(domains, first, rects, clues, no_clue):  # pragma: no cover
    """`Shikaku.accept` for uint64 domains: `chosen_rects`, then the validator's compiled reading
    of the rule book over the rectangles."""
    return _rectangles_ok(chosen_rects(domains, first, rects), clues, no_clue)


__all__ = ["SHIKAKU", "Answer", "Puzzle", "Shikaku"]
