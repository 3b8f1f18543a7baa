"""Choco Banana: shade cells so that every shaded group is a rectangle, no unshaded group is
one, and every number gives the size of its group."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ...grid import ANY_CLUE
from ..base import ClauseModel, ClueSwitches, Genre, Part, Propagate, Violation, register
from ..generating import Judge
from ..kits import shaded
from . import generate as _generate
from . import rules as _rules
from .model import Answer, Puzzle
from .validate import UI_ONLY_CODES
from .validate import domains_obey_rules as _domains_obey_rules
from .validate import live as _live
from .validate import obeys_rules as _obeys_rules
from .validate import validate as _validate


class ChocoBanana(shaded.ShadedCells, Genre[Puzzle, Answer]):
    RULES_TEXT = (
        "Shade some cells. Every group of shaded cells joined along sides is a filled "
        "rectangle; every group of unshaded cells is not a rectangle. A number gives the "
        "size of the group, shaded or unshaded, its cell is in.")
    REASONS: ClassVar[dict[str, str]] = {
        "corner": "three shaded cells of a 2×2 square force the fourth: a shaded group is "
                  "never L-shaped",
        "size": "a number is the size of its group: a group that has it is closed off, one "
                "that cannot reach it is impossible, and groups with other numbers never join",
        "bent": "an unshaded group is never a rectangle: one that is must still grow",
        "box": "a shaded group with a number fills a rectangle of that area",
        "probe": "the other colour there leads to a contradiction",
        "nested": "the other colour there leads to a contradiction, found by trying a second "
                  "cell inside that assumption",
    }
    name = "cbanana"
    ALIASES = ("chocobanana", "choco-banana")
    TITLE = "Choco Banana"
    BANK_SIDES = (6, 8, 10, 15)  # 20×20 not built yet: the generator takes minutes a board
    BANK_LARGE_TOP = "probe"
    """At 15×15 an attempt at `nested` takes about 90 s (its repair runs the nested fixpoint
    once per number added) and one at `search` 20–90 s: on 2 cores `make bank` spent 6.1
    minutes fishing `nested` there, and `search` had not finished after 4 more."""
    clause_model = Part(".cnf", ClauseModel)
    clue_switches = Part(".cnf", ClueSwitches)
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "probe"
    STAR_CUTS = (14.0, 47.2, 141.6, 357.3)
    """Set on the shipped bank's boards (Janko publishes no Choco Banana), so that stars
    still tell an easy board from a hard one until a published corpus sets them."""
    UI_ONLY_CODES = UI_ONLY_CODES
    PROBE_EVERY_NODE = True

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def scaling_board(self, side: int, rng: np.random.Generator) -> Puzzle:
        """A board the box rung's fixpoint finishes (`generate.scaling_board`): the
        generator's first candidate is ambiguous, and its repair by the solver takes
        minutes at 25×25. The default sides are all in reach: a 200×200 board takes about
        7 s to make and 0.15 s to solve."""
        return _generate.scaling_board(side, side, rng)

    faults = staticmethod(_generate.faults)
    live_mistakes = staticmethod(_live)

    def pzprjs_findings(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        return _validate(puzzle, answer)

    def obeys_rules(self, puzzle: Puzzle, answer: Answer) -> bool:
        return _obeys_rules(puzzle, answer)

    def accept(self, puzzle: Puzzle):
        """The validator's verdict read straight off the search's domains (no Answer made)."""
        bit = shaded.BIT[shaded.SHADED]
        return lambda d: _domains_obey_rules(puzzle, d, bit)

    def render(self, puzzle: Puzzle, answer: Answer | None = None) -> str:
        """Numbers in their cells, shaded cells as #, unshaded ones as ."""
        rows = []
        for r, row in enumerate(puzzle.clues):
            cells = []
            for c, v in enumerate(row):
                mark = "#" if answer is not None and answer.shaded[r][c] else ""
                text = "" if v < 0 and v != ANY_CLUE else "?" if v == ANY_CLUE else str(v)
                cells.append(f"{(text + mark) or '.':>3}")
            rows.append("".join(cells))
        return "\n".join(rows)

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, judge)


CBANANA = register(ChocoBanana())

__all__ = ["CBANANA", "Answer", "ChocoBanana", "Puzzle"]
