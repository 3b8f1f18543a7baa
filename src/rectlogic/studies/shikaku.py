"""Shikaku studies: how far each of the two dual rules, and probing, carries real boards."""

from __future__ import annotations

import statistics
from typing import Any

from ..genres.shikaku.rules import LADDER
from ..grade import finished_by
from ..grid import NO_CLUE
from . import Params, Track, bank_boards, janko_puzzles, pct, pmap, study

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


def looks(boards: list[tuple[Any, Any]]) -> dict[str, float]:
    """Cells per clue (median per board), the share of 1×1 rectangles and the largest."""
    per_clue, ones, areas = [], 0, []
    for puzzle, _ in boards:
        clues = [v for row in puzzle.clues for v in row if v != NO_CLUE]
        per_clue.append(puzzle.rows * puzzle.cols / len(clues))
        ones += clues.count(1)
        areas += [v for v in clues if v > 0]
    return {"cells per clue (median)": round(statistics.median(per_clue), 2),
            "1x1 rectangles %": pct(ones, len(areas)),
            "largest rectangle": max(areas, default=0)}
