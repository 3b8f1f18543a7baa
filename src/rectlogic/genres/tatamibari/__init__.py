"""Tatamibari: cut the grid into rectangles, each holding exactly one mark (`+` a square, `-`
wider than tall, `|` taller than wide), no four of them meeting at a point."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ...compiled import njit
from ..base import ClauseModel, ClueSwitches, Genre, JankoCodec, Part, Propagate, register
from ..kits.region_play import RegionGenre
from ..kits.regions import chosen_rects
from . import generate as _generate
from . import rules as _rules
from . import validate as _checker
from .model import SYMBOL, Answer, Puzzle
from .validate import boxes_ok


class Tatamibari(RegionGenre, Genre[Puzzle, Answer]):
    name = "tatamibari"
    janko = Part(".codec", JankoCodec)
    clause_model = Part(".cnf", ClauseModel)
    clue_switches = Part(".cnf", ClueSwitches)
    ALIASES = ("tatami",)
    BANK_SIDES = (6, 8, 10, 15)  # 20×20 left out: about 20 s a board, minutes per grade fished
    SCALING_SIDES = (10, 15, 20)  # the cuts of a scaling board take a minute at 25×25
    RULES_TEXT = (
        "Cut the grid along the lines into rectangles so that each rectangle holds exactly "
        "one mark: a + lies in a square, a - in a rectangle wider than tall, a | in one "
        "taller than wide (a ? in any). No four rectangles may meet at one point.")
    REASONS: ClassVar[dict[str, str]] = {
        "only-coverer": "no other mark can reach a cell it must cover",
        "forced-cell": "every rectangle left to another mark covers a cell this one needs",
        "no-four": "otherwise four rectangles would meet at a point",
        "probe": "every other rectangle for it leads to a contradiction",
        "nested": "every other rectangle for it leads to a contradiction, found by trying "
                  "a second mark's rectangle inside that assumption",
    }
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "corners"
    STAR_CUTS = (26.0, 30.2, 52.6, 64.1)
    checker = _checker
    maker = _generate

    def clue_label(self, value: int) -> str:
        return SYMBOL[value]

    def scaling_board(self, side: int, rng: np.random.Generator) -> Puzzle:
        """A board the corners rung's fixpoint finishes (`generate.scaling_board`): the
        generator's first candidate has several answers, and its repair needs the solver."""
        return _generate.scaling_board(side, side, rng)

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def leaf_ok(self, puzzle: Puzzle, domains: np.ndarray, first: np.ndarray,
                rects: np.ndarray) -> bool:
        return bool(_chosen_obey_rules(domains, first, rects, puzzle.clue_array))

    def boxes_ok(self, puzzle: Puzzle, boxes: np.ndarray) -> bool:
        """Wide domains' chosen boxes as one candidate each, through the narrow kernel."""
        return self.leaf_ok(puzzle, np.ones(len(boxes), np.uint64),
                            np.arange(len(boxes) + 1, dtype=np.int64),
                            np.ascontiguousarray(boxes, dtype=np.int64))


TATAMIBARI = register(Tatamibari())


@njit(cache=True, nogil=True)
def _chosen_obey_rules(domains, first, rects, clues):  # pragma: no cover - compiled
    """`Tatamibari.accept` for uint64 domains: `chosen_rects`, then the validator's compiled
    reading of the rule book over the rectangles."""
    return boxes_ok(chosen_rects(domains, first, rects), clues)


__all__ = ["TATAMIBARI", "Answer", "Puzzle", "Tatamibari"]
