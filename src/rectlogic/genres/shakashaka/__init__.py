"""Shakashaka: place black half-cell triangles so that every white region is a rectangle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import ANY_CLUE, NO_CLUE
from ..base import (
    ClauseModel,
    ClueSwitches,
    Genre,
    JankoCodec,
    Part,
    Propagate,
    Violation,
    framed_cell,
    position_rows,
    register,
)
from ..generating import Judge
from . import generate as _generate
from . import rules as _rules
from .model import (
    BIT,
    BLACK,
    FROM_GLYPH,
    GLYPH,
    WHITE,
    Answer,
    E,
    Puzzle,
    check_answer_fits,
)
from .validate import UI_ONLY_CODES
from .validate import live as _live
from .validate import obeys_rules as _obeys_rules
from .validate import states_obey_rules as _states_obey_rules
from .validate import validate as _validate


class Shakashaka(Genre[Puzzle, Answer]):
    HEAVY_EXAMPLE = "https://puzz.link/p?shakashaka/60/60/"
    RULES_TEXT = (
        "Place black triangles in some white cells: each fills half its cell, with its right "
        "angle in one of the four corners. A number in a black cell says how many of the "
        "four cells beside it hold a triangle. When done, every white area — joined along "
        "sides, never at a single point — is a rectangle, upright or turned 45°.")
    REASONS: ClassVar[dict[str, str]] = {
        "clues": "a number counts the triangles in the cells beside it",
        "parity": "the white angle at every corner point is a whole number of right angles",
        "tips": "a white area cannot end in a 45° point",
        "reflex": "a white area cannot bend inwards",
        "probe": "every other choice there leads to a contradiction",
        "nested": "every other choice there leads to a contradiction, found by trying a "
                  "second cell inside that assumption",
    }
    name = "shakashaka"
    janko = Part(".codec", JankoCodec)
    clause_model = Part(".cnf", ClauseModel)
    clue_switches = Part(".cnf", ClueSwitches)
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "probe"
    STAR_CUTS = (82.6, 99.9, 169.6, 211.7)
    PROBE_EVERY_NODE = True  # compiled, a probe costs microseconds: the search stays shallow
    UI_ONLY_CODES = UI_ONLY_CODES

    def initial_domains(self, puzzle: Puzzle) -> np.ndarray:
        d = np.full((puzzle.rows + 2, puzzle.cols + 2), BIT[BLACK], dtype=np.uint8)
        d[1:-1, 1:-1] = np.where(puzzle.clue_array == NO_CLUE, WHITE, BIT[BLACK])
        return d.ravel()

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def decode(self, puzzle: Puzzle, domains: np.ndarray) -> Answer:
        return Answer(tuple(map(tuple, _states(puzzle, domains).tolist())))

    def accept(self, puzzle: Puzzle) -> Callable[[np.ndarray], bool]:
        """The validator's verdict (`obeys_rules`) read straight off the search's domains:
        the black cells are the puzzle's by construction, so only the numbers and the white
        regions are checked, as there, with no Answer built."""
        return lambda d: _states_obey_rules(puzzle, _states(puzzle, d))

    def encode(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        check_answer_fits(puzzle, answer)
        d = np.full((puzzle.rows + 2, puzzle.cols + 2), BIT[BLACK], dtype=np.uint8)
        d[1:-1, 1:-1] = np.left_shift(1, np.array(answer.cells))
        return d.ravel()

    def faults(self, puzzle: Puzzle, answer: Answer) -> list[str]:
        return _generate.faults(puzzle, answer)

    def live_mistakes(self, puzzle: Puzzle, position: Any) -> list[Violation]:
        return _live(puzzle, position)

    def pzprjs_findings(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
        check_answer_fits(puzzle, answer)
        return _validate(puzzle, answer)

    def obeys_rules(self, puzzle: Puzzle, answer: Answer) -> bool:
        check_answer_fits(puzzle, answer)
        return _obeys_rules(puzzle, answer)

    def scaling_board(self, side: int, rng: np.random.Generator) -> Puzzle:
        """The sparse generator's board (pieces a cell apart, every black cell numbered),
        whose numbers settle it: a dense answer becomes unique only by a solver's repairs,
        which at 100×100 take minutes."""
        return _generate.random_board(side, side, rng)[0]

    def answer_json(self, puzzle: Puzzle, answer: Answer) -> list[str]:
        return ["".join(_glyph(puzzle, answer, r, c) for c in range(puzzle.cols))
                for r in range(puzzle.rows)]

    def render(self, puzzle: Puzzle, answer: Answer | None = None) -> str:
        return "\n".join(
            " ".join(_glyph(puzzle, answer, r, c) for c in range(puzzle.cols))
            for r in range(puzzle.rows)
        )

    def position_domains(self, puzzle: Puzzle, position: list[str]) -> np.ndarray:
        """Rows of characters: ◤◥◢◣ placed, `.` marked empty (a dot), `_` or space open."""
        d = self.initial_domains(puzzle).reshape(puzzle.rows + 2, puzzle.cols + 2)
        for r, row in enumerate(position_rows(puzzle, position)):
            for c, ch in enumerate(row):
                if puzzle.is_black(r, c) or ch in "_ ":
                    continue
                if ch not in FROM_GLYPH:
                    raise RectlogicError(f"position cell ({r},{c}) has {ch!r}")
                d[r + 1, c + 1] = BIT[FROM_GLYPH[ch]]
        return d.ravel()

    def describe(self, puzzle: Puzzle, variable: int, before: int, after: int) -> dict:
        r, c = framed_cell(variable, puzzle.cols)
        left = [s for s in range(5) if (after >> s) & 1]
        gone = [s for s in range(5) if (before >> s) & 1 and not (after >> s) & 1]
        name = {**GLYPH, E: "no triangle"}
        where = f"Row {r + 1}, column {c + 1}"
        if not left:
            text = f"{where} has no possible content: a contradiction"
        elif len(left) == 1:
            text = (f"{where} holds {name[left[0]]}" if left[0] != E
                    else f"{where} holds no triangle")
        else:
            text = f"{where} cannot hold {' or '.join(name[s] for s in gone)}"
        move = {"cell": [r, c], "state": GLYPH[left[0]]} if len(left) == 1 else None
        return {"cells": [[r, c]], "text": text, "values": [name[s] for s in left],
                "move": move}

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, judge)


STATE_OF_BIT = np.zeros(64, dtype=np.int8)
STATE_OF_BIT[[1 << s for s in range(6)]] = range(6)
"""A decided domain (one bit) → its state."""


def _states(puzzle: Puzzle, domains: np.ndarray) -> np.ndarray:
    """The picture (rows, cols) of decided domains, as states."""
    return STATE_OF_BIT[domains.reshape(puzzle.rows + 2, puzzle.cols + 2)[1:-1, 1:-1]]


def _glyph(puzzle: Puzzle, answer: Answer | None, r: int, c: int) -> str:
    clue = puzzle.clues[r][c]
    if clue >= 0:
        return str(clue)
    if clue == ANY_CLUE:
        return "#"
    return GLYPH[answer.cells[r][c]] if answer is not None else "."


SHAKASHAKA = register(Shakashaka())

__all__ = ["SHAKASHAKA", "Answer", "Puzzle", "Shakashaka"]
