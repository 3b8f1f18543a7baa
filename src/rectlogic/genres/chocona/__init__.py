"""Chocona: shade cells so that every clump is a rectangle and every number counts its region."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ...grid import ANY_CLUE, check_same_size, draw_rooms
from ..base import (
    ClauseModel,
    ClueSwitches,
    Genre,
    JankoCodec,
    Part,
    Propagate,
    Violation,
    register,
)
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


class Chocona(shaded.ShadedCells, Genre[Puzzle, Answer]):
    RULES_TEXT = (
        "Shade some cells. A number in a region (the thick lines) says how many of its cells "
        "are shaded. Every group of shaded cells joined along sides is a filled rectangle; "
        "groups may cross region borders and touch at corners.")
    REASONS: ClassVar[dict[str, str]] = {
        "quota": "a region's number counts its shaded cells",
        "corner": "three shaded cells of a 2×2 square force the fourth, and a shaded block "
                  "is never L-shaped",
        "box": "every shaded block fills a rectangle",
        "probe": "the other colour there leads to a contradiction",
        "ways": "every way a numbered region can still reach its number, tried in turn, "
                "agrees here (the ways that lead to a contradiction are out)",
        "nested": "the other colour there leads to a contradiction, found by trying a second "
                  "cell inside that assumption",
    }
    HEAVY_EXAMPLE = "https://puzz.link/p?chocona/30/30/" + "0" * 348 + "+1c2"
    name = "chocona"
    janko = Part(".codec", JankoCodec)
    clause_model = Part(".cnf", ClauseModel)
    clue_switches = Part(".cnf", ClueSwitches)
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "probe"
    BANK_LARGE_SPARE = 0.0  # a 20×20 attempt takes 2.5 s: even once spare, 10 minutes
    STAR_CUTS = (62.6, 69.6, 71.9, 239.8)
    UI_ONLY_CODES = UI_ONLY_CODES
    SLOW_RULES = frozenset({"box"})
    PROBE_EVERY_NODE = True  # windows and tallies alone leave hard boards to deep search

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def faults(self, puzzle: Puzzle, answer: Answer) -> list[str]:
        return _generate.faults(puzzle, answer)

    def live_mistakes(self, puzzle: Puzzle, position: Any) -> list[Violation]:
        return _live(puzzle, position)

    def pzprjs_findings(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        check_same_size(puzzle, answer)
        return _validate(puzzle, answer)

    def obeys_rules(self, puzzle: Puzzle, answer: Answer) -> bool:
        check_same_size(puzzle, answer)
        return _obeys_rules(puzzle, answer)

    def tallies(self, puzzle: Puzzle) -> np.ndarray:
        """Each numbered region: exactly its number of cells shaded. Probing the ways to
        shade a region as one variable is what settles Janko's hardest boards (the search
        over 184_10x10 falls from 1,133 nodes to one)."""
        return _rules.region_tallies(puzzle)

    def accept(self, puzzle: Puzzle):
        """The validator's verdict read straight off the search's domains (no Answer made)."""
        return lambda d: _domains_obey_rules(puzzle, d)

    def render(self, puzzle: Puzzle, answer: Answer | None = None) -> str:
        """Clues on their top cells, shaded cells as #, region borders drawn."""
        tops = {puzzle.top_cell(k): v for k, v in enumerate(puzzle.clues) if v != -1}

        def text(r: int, c: int) -> str:
            mark = "#" if answer is not None and answer.shaded[r][c] else ""
            v = tops.get((r, c))
            if v is None:
                return mark or "."
            return ("?" if v == ANY_CLUE else str(v)) + mark

        return draw_rooms(puzzle.regions, text)

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, judge)


CHOCONA = register(Chocona())

__all__ = ["CHOCONA", "Answer", "Chocona", "Puzzle"]
