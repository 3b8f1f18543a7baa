"""Shikaku in clauses: a variable per candidate rectangle; exactly one per clue, and every
cell covered by exactly one chosen rectangle (the region kit's `cover_encoding`)."""

from __future__ import annotations

from ...engine.clauses import Encoding
from ..kits.region_cnf import cover_encoding, switched_cover
from . import author
from .model import Puzzle

NEAR_FIRST = False
"""`ClueSwitches.NEAR_FIRST`: a `?` clue has as many candidates as any, so the model is the
same size whatever is switched."""
COMPARES_FROM = None
"""`ClueSwitches.COMPARES_FROM`: no edit of a bank board leaves several answers (the numbers
must add up to the area)."""
COUNTS_FROM = None
"""`ClueSwitches.COUNTS_FROM`: the search counts in a few milliseconds."""


def encode(puzzle: Puzzle) -> Encoding:
    return cover_encoding(puzzle)


def switched(puzzle: Puzzle, cells: list[tuple[int, int]]) -> tuple[Encoding, dict]:
    return switched_cover(puzzle, author.relax(puzzle, cells), cells)
