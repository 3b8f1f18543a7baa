"""Tatamibari's rules over candidate sets: the region kit's cover rules (`kits.cover`:
only-coverer, forced-cell) and the no-four-meet law over live boxes (`kits.cover.no_four_meet`),
compiled; probing above them."""

from __future__ import annotations

from ..kits.cover import DualRules
from .model import Puzzle

RULES = ("only-coverer", "forced-cell", "no-four", "probe", "nested")
LADDER = {
    "none": (),
    "coverer": ("only-coverer",),
    "dual": ("only-coverer", "forced-cell"),
    "corners": ("only-coverer", "forced-cell", "no-four"),
    "probe": ("only-coverer", "forced-cell", "no-four", "probe"),
    "nested": ("only-coverer", "forced-cell", "no-four", "probe", "nested"),
}


def build(puzzle: Puzzle, names: frozenset[str]) -> DualRules | None:
    coverer, forced, corners = ("only-coverer" in names, "forced-cell" in names,
                                "no-four" in names)
    if not (coverer or forced or corners):
        return None
    return DualRules(puzzle, coverer, forced, area=False, corners=corners)
