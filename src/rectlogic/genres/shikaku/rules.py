"""Shikaku's two dual rules over candidate sets (the region kit's cover rules, `kits.cover`).

- only-coverer: a cell that only one clue can still reach pins that clue to the candidates
  covering it (and a cell nobody can reach is a contradiction);
- forced-cell: a cell that every candidate of one clue covers is closed to every other clue
  (so a clue with one candidate left commits it).
A clue that loses every candidate is a contradiction. Before anything, without `?`, the
numbers must add up to the board's area."""

from __future__ import annotations

from ..kits.cover import DualRules, _settle  # noqa: F401  (the kit's rules; tests read _settle)
from .model import Puzzle

RULES = ("only-coverer", "forced-cell", "probe", "nested")
LADDER = {
    "none": (),
    "coverer": ("only-coverer",),
    "dual": ("only-coverer", "forced-cell"),
    "probe": ("only-coverer", "forced-cell", "probe"),
    "nested": ("only-coverer", "forced-cell", "probe", "nested"),
}


def build(puzzle: Puzzle, names: frozenset[str]) -> DualRules | None:
    coverer, forced = "only-coverer" in names, "forced-cell" in names
    if not (coverer or forced):
        return None
    return DualRules(puzzle, coverer, forced)
