"""Square Jam: cut the grid into squares; a number is the side of its square; no four squares
meet at a point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from ...grid import ANY_CLUE, NO_CLUE, draw_rooms
from ..base import ClauseModel, ClueSwitches, Genre, Part, Propagate, Violation, register
from ..generating import Judge
from ..kits.regions import draw_rects, drawn_boxes, region_picture, regions_json
from . import generate as _generate
from . import rules as _rules
from .model import Answer, Puzzle, check_answer_fits, squares
from .validate import live as _live
from .validate import tiling_ok as _tiling_ok
from .validate import validate as _validate

NOT_A_CORNER = 1
"""Bit 0 of a cell's domain: a square from elsewhere covers it."""


class SquareJam(Genre[Puzzle, Answer]):
    name = "squarejam"
    clause_model = Part(".cnf", ClauseModel)
    clue_switches = Part(".cnf", ClueSwitches)
    ALIASES = ("square-jam", "square jam")
    TITLE = "Square Jam"
    SCALING_SIDES = (10, 15, 20, 25, 30)  # squares grow as the cube of the side
    RULES_TEXT = (
        "Cut the grid along the lines into squares. A number is the side of the square it "
        "lies in; a square may hold no number, or several (all the same). No four squares "
        "may meet at one point.")
    REASONS: ClassVar[dict[str, str]] = {
        "cover": "only one square can still cover a cell, or a square would overlap one "
                 "that must be there",
        "cross": "four squares would meet at a point",
        "core": "every square that can cover a cell also covers these cells",
        "probe": "every other choice for it leads to a contradiction",
        "nested": "every other choice for it leads to a contradiction, found by trying a "
                  "second choice inside that assumption",
    }
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "core"
    STAR_CUTS = (6.8, 17.5, 37.8, 66.2)
    """Set on the shipped bank's boards (Janko publishes no Square Jam), so that stars still
    tell an easy board from a hard one until a published corpus sets them."""

    def initial_domains(self, puzzle: Puzzle) -> np.ndarray:
        """Per cell: bit 0 (a square from elsewhere covers it) and bit s for each square of
        side s that may start there (uint64)."""
        return squares(puzzle).full.copy()

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def chosen(self, domains: np.ndarray, cols: int) -> np.ndarray:
        """The squares of a decided board, rows [top, left, side, side]: every cell whose
        domain is one side."""
        rows = []
        for i, v in enumerate(int(x) for x in domains):
            if v > NOT_A_CORNER and not v & NOT_A_CORNER:
                s = v.bit_length() - 1
                rows.append((i // cols, i % cols, s, s))
        return np.array(rows, dtype=np.int64).reshape(-1, 4)

    def decode(self, puzzle: Puzzle, domains: np.ndarray) -> Answer:
        labels, _ = draw_rects(self.chosen(domains, puzzle.cols), puzzle.rows, puzzle.cols)
        return Answer.from_rooms(labels)

    def encode(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        d = np.full(puzzle.rows * puzzle.cols, NOT_A_CORNER, dtype=np.uint64)
        for t, lft, h, w in answer.rects():
            d[t * puzzle.cols + lft] = np.uint64(1 << h) if h == w and h < 64 else 0
        return d

    def empty_answer(self, puzzle: Puzzle) -> Answer:
        """No line drawn."""
        return Answer(puzzle.rows, puzzle.cols, (0,) * (puzzle.rows * (puzzle.cols - 1)),
                      (0,) * ((puzzle.rows - 1) * puzzle.cols))

    def picture(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        return region_picture(puzzle.rows, puzzle.cols, answer)

    def accept(self, puzzle: Puzzle) -> Callable[[np.ndarray], bool]:
        """The rule book read over a leaf's squares, compiled (`validate.tiling_ok`)."""
        clues = puzzle.clue_array
        return lambda d: bool(_tiling_ok(np.asarray(d, dtype=np.uint64), clues))

    def pzprjs_findings(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        """pzprjs's checklist, in its order (`validate.CHECKS`)."""
        check_answer_fits(puzzle, answer)
        return _validate(puzzle, answer)

    def live_mistakes(self, puzzle: Puzzle, position: Any) -> list[Violation]:
        """Drawn rectangles no answer can have (`validate.live`)."""
        return _live(puzzle, position)

    def faults(self, puzzle: Puzzle, answer: Answer) -> list[str]:
        """Why a unique board would still look made by no setter (`generate.faults`)."""
        return _generate.faults(puzzle, answer)

    def answer_json(self, puzzle: Puzzle, answer: Answer) -> list[list[int]]:
        """The squares, [top, left, side, side] (any region's box, for a wrong drawing)."""
        return regions_json(answer)

    def render(self, puzzle: Puzzle, answer: Answer | None = None) -> str:
        shown = {NO_CLUE: ".", ANY_CLUE: "?"}
        return draw_rooms(answer.rooms() if answer is not None
                          else tuple((0,) * puzzle.cols for _ in range(puzzle.rows)),
                          lambda r, c: shown.get(puzzle.clues[r][c], str(puzzle.clues[r][c])))

    def _drawn(self, puzzle: Puzzle, position: Any) -> list[tuple[int, int, int, int]]:
        return drawn_boxes(puzzle.rows, puzzle.cols, position)

    def position_domains(self, puzzle: Puzzle, position: list[list[int]]) -> np.ndarray:
        """Squares drawn so far, [top, left, height, width]: each fixes its top-left cell to
        its side and the rest of its cells to "covered from elsewhere" (a drawing that is
        no possible square leaves its corner nothing)."""
        d = self.initial_domains(puzzle)
        C = puzzle.cols
        for t, lft, h, w in self._drawn(puzzle, position):
            for r in range(t, t + h):
                d[r * C + lft:r * C + lft + w] &= np.uint64(NOT_A_CORNER)
            d[t * C + lft] = (np.uint64(1 << h) & squares(puzzle).full[t * C + lft]
                              if h == w and h < 64 else np.uint64(0))
        return d

    def open_variables(self, puzzle: Puzzle, position: list[list[int]],
                       domains: np.ndarray) -> np.ndarray:
        """The cells no drawn rectangle covers yet that are sure to be a square's top-left
        corner (by the plain rules from `domains`): a hint's move is a square, so only the
        corner of one is a variable to set. The first cell no drawn square covers is always
        one (its coverer cannot reach over the squares before it)."""
        covered = np.zeros((puzzle.rows, puzzle.cols), dtype=bool)
        for t, lft, h, w in self._drawn(puzzle, position):
            covered[t:t + h, lft:lft + w] = True
        plain = _rules.build(puzzle, frozenset(self.LADDER[self.strongest_plain_rung]))
        after = domains if plain is None else plain(np.asarray(domains)[None])[0]
        if not after.all():
            after = domains
        return ~covered.reshape(-1) & ((np.asarray(after) & np.uint64(NOT_A_CORNER)) == 0)

    def describe(self, puzzle: Puzzle, variable: int, before: int, after: int) -> dict:
        r, c = divmod(variable, puzzle.cols)
        where = f"row {r + 1}, column {c + 1}"
        if after == NOT_A_CORNER:
            return {"cells": [[r, c]], "text": f"No square has its top-left corner at {where}",
                    "values": []}
        sides = [s for s in range(1, 64) if (after >> s) & 1]
        if len(sides) == 1 and not after & NOT_A_CORNER:
            s = sides[0]
            return {"cells": [[rr, cc] for rr in range(r, r + s) for cc in range(c, c + s)],
                    "text": f"The {s}×{s} square from {where} is there",
                    "values": [[r, c, s, s]], "move": {"rect": [r, c, s, s]}}
        gone = [s for s in range(1, 64) if (before >> s) & 1 and not (after >> s) & 1]
        text = (f"No square of side {', '.join(map(str, gone))} starts at {where}" if gone
                else f"A square has its top-left corner at {where}")
        return {"cells": [[r, c]], "text": text, "values": [[r, c, s, s] for s in sides]}

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, judge)

    def scaling_board(self, side: int, rng: np.random.Generator) -> Puzzle:
        """A board the core rung's fixpoint finishes (`generate.scaling_board`): the
        generator's first candidate has several answers from 25×25 on."""
        return _generate.scaling_board(side, side, rng)


SQUAREJAM = register(SquareJam())

__all__ = ["SQUAREJAM", "Answer", "Puzzle", "SquareJam"]
