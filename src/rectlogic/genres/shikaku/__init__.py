"""Shikaku: cut the grid into rectangles, each holding one number equal to its area."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ...compiled import njit
from ...grid import NO_CLUE
from ..base import (
    ClauseModel,
    ClueSwitches,
    Genre,
    JankoCodec,
    Part,
    Propagate,
    register,
)
from ..kits.region_play import RegionGenre
from ..kits.regions import chosen_rects
from . import generate as _generate
from . import rules as _rules
from . import validate as _checker
from .model import (
    Answer,
    Puzzle,
)
from .validate import _rectangles_ok
from .validate import rectangles_obey_rules as _rectangles_obey_rules


class Shikaku(RegionGenre, Genre[Puzzle, Answer]):
    name = "shikaku"
    janko = Part(".codec", JankoCodec)
    clause_model = Part(".cnf", ClauseModel)
    clue_switches = Part(".cnf", ClueSwitches)
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
    checker = _checker
    maker = _generate
    STAR_CUTS = (5.0, 11.6, 15.5, 24.3)

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def branch_preference(self, puzzle: Puzzle) -> np.ndarray:
        """Larger rectangles first: they cut the board most (fewer nodes on Janko's hardest)."""
        return np.maximum(puzzle.number_array[:, 2], 0.0)

    def leaf_ok(self, puzzle: Puzzle, domains: np.ndarray, first: np.ndarray,
                rects: np.ndarray) -> bool:
        return bool(_chosen_obey_rules(domains, first, rects, puzzle.clue_array, NO_CLUE))

    def boxes_ok(self, puzzle: Puzzle, boxes: np.ndarray) -> bool:
        return _rectangles_obey_rules(puzzle, boxes)


SHIKAKU = register(Shikaku())


@njit(cache=True, nogil=True)
def _chosen_obey_rules(domains, first, rects, clues, no_clue):  # pragma: no cover
    """`Shikaku.accept` for uint64 domains: `chosen_rects`, then the validator's compiled reading
    of the rule book over the rectangles."""
    return _rectangles_ok(chosen_rects(domains, first, rects), clues, no_clue)


__all__ = ["SHIKAKU", "Answer", "Puzzle", "Shikaku"]
