"""Chocona: shade cells so that every clump is a rectangle and every number counts its region."""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import ANY_CLUE, check_same_size, draw_rooms
from ..base import Genre, Propagate, Violation, framed_cell, position_rows, register
from ..generating import Judge
from . import generate as _generate
from . import rules as _rules
from .model import BIT, BOTH, SHADED, WHITE, Answer, Puzzle
from .validate import UI_ONLY_CODES
from .validate import domains_obey_rules as _domains_obey_rules
from .validate import obeys_rules as _obeys_rules
from .validate import validate as _validate


class Chocona(Genre[Puzzle, Answer]):
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
    RULES = _rules.RULES
    LADDER = _rules.LADDER
    DEFAULT_RUNG = "probe"
    UI_ONLY_CODES = UI_ONLY_CODES
    SLOW_RULES = frozenset({"box"})
    PROBE_EVERY_NODE = True  # windows and tallies alone leave hard boards to deep search

    def initial_domains(self, puzzle: Puzzle) -> np.ndarray:
        return _open_board(puzzle.rows, puzzle.cols).copy()

    def base_propagator(self, puzzle: Puzzle, rules: frozenset[str]) -> Propagate | None:
        return _rules.build(puzzle, rules)

    def decode(self, puzzle: Puzzle, domains: np.ndarray) -> Answer:
        inner = domains.reshape(puzzle.rows + 2, puzzle.cols + 2)[1:-1, 1:-1]
        return Answer(tuple(map(tuple, (inner == BIT[SHADED]).astype(int).tolist())))

    def encode(self, puzzle: Puzzle, answer: Answer) -> np.ndarray:
        check_same_size(puzzle, answer)
        d = np.full((puzzle.rows + 2, puzzle.cols + 2), BIT[WHITE], dtype=np.uint8)
        d[1:-1, 1:-1] = np.where(np.array(answer.shaded, dtype=bool), BIT[SHADED], BIT[WHITE])
        return d.ravel()

    def validate(self, puzzle: Puzzle, answer: Answer) -> list[Violation]:
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

    def answer_json(self, puzzle: Puzzle, answer: Answer) -> list[str]:
        return ["".join("#" if v else "." for v in row) for row in answer.shaded]

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

    def position_domains(self, puzzle: Puzzle, position: list[str]) -> np.ndarray:
        """Rows of characters: `#` shaded, `.` marked unshaded, `_` or space open."""
        d = self.initial_domains(puzzle).reshape(puzzle.rows + 2, puzzle.cols + 2)
        for r, row in enumerate(position_rows(puzzle, position)):
            for c, ch in enumerate(row):
                if ch in "#.":
                    d[r + 1, c + 1] = BIT[SHADED if ch == "#" else WHITE]
                elif ch not in "_ ":
                    raise RectlogicError(f"position cell ({r},{c}) has {ch!r}")
        return d.ravel()

    def describe(self, puzzle: Puzzle, variable: int, before: int, after: int) -> dict:
        r, c = framed_cell(variable, puzzle.cols)
        where = f"Row {r + 1}, column {c + 1}"
        text = {BIT[SHADED]: f"{where} is shaded",
                BIT[WHITE]: f"{where} stays unshaded"}.get(
                    after, f"{where} can be neither: a contradiction")
        state = {BIT[SHADED]: "#", BIT[WHITE]: "."}.get(after)
        return {"cells": [[r, c]], "text": text,
                "move": {"cell": [r, c], "state": state} if state else None}

    def generate(self, rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge) -> Puzzle | None:
        return _generate.generate(rows, cols, rng, judge)


@lru_cache(maxsize=32)
def _open_board(rows: int, cols: int) -> np.ndarray:
    """Every cell open inside an unshaded frame (flat, read-only: copied for each use, which
    is cheaper than building it)."""
    d = np.full((rows + 2, cols + 2), BIT[WHITE], dtype=np.uint8)
    d[1:-1, 1:-1] = BOTH
    d.flags.writeable = False
    return d.ravel()


CHOCONA = register(Chocona())

__all__ = ["CHOCONA", "Answer", "Chocona", "Puzzle"]
