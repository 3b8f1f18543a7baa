"""Shikaku: cut the grid into rectangles, one number each, of that area.

The unknown is not a cell but which rectangle each number takes. Every clue gets the list of
its candidates — each h×w box with h·w = n that contains the clue and no other clue (any area
for `?`) — and the puzzle becomes exact cover of the cells by one candidate per clue. A clue's
domain is the bitset of its candidates still possible."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import RectlogicError
from ...grid import hashed_once
from ..kits.region_play import RegionPuzzle
from ..kits.regions import (  # noqa: F401  (Shikaku's answers and candidates are the kit's)
    MAX_CANDIDATES,
    Borders,
    CandidateTable,
    Rect,
    candidate_array,
    candidate_table,
    candidates,
    check_borders_fit,
    clue_numbers,
)

Answer = Borders
"""A Shikaku answer: the board's borders, drawn as pzprjs stores them."""


@dataclass(frozen=True)
class Puzzle(RegionPuzzle):
    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]
    """Per cell: -1 none, -2 '?', n ≥ 0 the area (pzprjs lets 0 pass like '?')."""
    genre: ClassVar[str] = "shikaku"

    __hash__ = hashed_once  # the candidate caches look a puzzle up several times a solve

    def __post_init__(self) -> None:
        self.check_grid()
        if min(map(min, self.clues)) < -2:  # (row by row: the analysis makes many boards)
            raise RectlogicError("a Shikaku clue is a number or ?")


def check_answer_fits(puzzle: Puzzle, answer: Answer) -> None:
    check_borders_fit(puzzle, answer)
