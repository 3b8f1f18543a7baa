"""Tatamibari in clauses: the region kit's exact cover of the cells by one candidate per
mark (each of its mark's shape), and the no-four-meet law (`kits.region_cnf`)."""

from __future__ import annotations

from ...engine.clauses import Encoding
from ..kits.region_cnf import cover_encoding, switched_cover
from . import author
from .model import Puzzle

NEAR_FIRST = False
"""`ClueSwitches.NEAR_FIRST`: a `?` mark has as many candidates as any, so the model is the
same size whatever is switched."""
COMPARES_FROM = None
"""`ClueSwitches.COMPARES_FROM`: the search is quick enough on the bank's boards (none cut
short at 10×10 and 15×15)."""
COUNTS_FROM = None
"""`ClueSwitches.COUNTS_FROM`: the search counts in a few milliseconds."""


def encode(puzzle: Puzzle) -> Encoding:
    return cover_encoding(puzzle, corners=True)


def switched(puzzle: Puzzle, cells: list[tuple[int, int]]) -> tuple[Encoding, dict]:
    return switched_cover(puzzle, author.relax(puzzle, cells), cells, corners=True)
