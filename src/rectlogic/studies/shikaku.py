"""Shikaku studies: how far each of the two dual rules, and probing, carries real boards."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..genres.shikaku.rules import LADDER
from ..grade import finished_by
from ..grid import NO_CLUE
from . import Params, Track, bank_boards, janko_puzzles, pct, pmap, study
from .looks import Measures, rectangle_looks, share

RUNGS = tuple(LADDER)[1:]  # coverer, dual, probe


def _finished(puzzle: Any) -> dict[str, bool]:
    return {r: finished_by(puzzle, r) is not None for r in RUNGS}


@study("shikaku-ablation", ("source", "boards", *(f"{r}_pct" for r in RUNGS)),
       lambda rows: "Janko's Shikaku finished without a guess: "
       + ", ".join(f"{r} {rows[-1][r + '_pct']} %" for r in RUNGS) + ".",
       project="the shipped bank by size, and Janko's 501 readable Shikaku")
def ablation(params: Params, track: Track) -> list[dict[str, Any]]:
    """How far each rung's fixpoint carries real Shikaku boards, with no guess.

    `coverer` = only-coverer alone, `dual` = both dual rules, `probe` = probing on top; the
    bank by size, and Janko's published Shikaku (when run from a checkout)."""
    sources = {f"bank {size}": [p for p, _ in boards]
               for size, boards in bank_boards("shikaku").items()}
    if (janko := janko_puzzles("shikaku")) is not None:
        sources["janko"] = janko
    rows = []
    for source, puzzles in sources.items():
        got = pmap(_finished, puzzles, params, track, source)
        rows.append({"source": source, "boards": len(got),
                     **{f"{r}_pct": pct(sum(g[r] for g in got), len(got)) for r in RUNGS}})
    return rows


LOOKS_BOUNDS = {"180° symmetric clue positions %": (65, 100),
                "rectangles with aspect ≥ 4 %": (0, 35), "rectangles of area 2–3 %": (25, 100),
                "clue inside a 3×3-or-more rectangle %": (20, 100)}
"""Issue 27's bounds on the means at 10×10 and above, after Janko's (71 %, 32 %, 30 %,
25 %): symmetric clues as Nikoli-style setters place them, few long strips, many small
rectangles, clues inside large ones."""


def board_looks(puzzle: Any, answer: Any) -> Measures:
    has = np.array(puzzle.clues) != NO_CLUE
    return {"clues per 100 cells": share(int(has.sum()), has.size),
            **rectangle_looks(has, answer.rects(), np.array(answer.rooms()))}
