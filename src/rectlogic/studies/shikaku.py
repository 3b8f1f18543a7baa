"""Shikaku studies: how far each of the two dual rules, and probing, carries real boards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..bench import load_corpus
from ..grade import finished_by
from . import Params, Track, bank_boards, pct, pmap, study

RUNGS = ("coverer", "dual", "probe")
JANKO = Path("tests/data/janko/Shikaku_dataset.json")
"""Janko's Shikaku, when run from a checkout (the corpus is test data, not shipped)."""


def _finished(puzzle: Any) -> dict[str, bool]:
    return {r: finished_by(puzzle, r) is not None for r in RUNGS}


@study("shikaku-ablation", ("source", "boards", *(f"{r}_pct" for r in RUNGS)),
       lambda rows: "Janko's Shikaku finished without a guess: "
       + ", ".join(f"{r} {rows[-1][r + '_pct']} %" for r in RUNGS) + ".")
def ablation(params: Params, track: Track) -> list[dict[str, Any]]:
    """How far each rung's fixpoint carries real Shikaku boards, with no guess.

    `coverer` = only-coverer alone, `dual` = both dual rules, `probe` = probing on top; the
    bank by size, and Janko's published Shikaku (when run from a checkout)."""
    sources = {f"bank {size}": [p for p, _ in boards]
               for size, boards in bank_boards("shikaku").items()}
    if JANKO.is_file():
        _, items = load_corpus(JANKO)
        sources["janko"] = [i.puzzle for i in items if i.puzzle is not None]
    rows = []
    for source, puzzles in sources.items():
        got = pmap(_finished, puzzles, params, track, source)
        rows.append({"source": source, "boards": len(got),
                     **{f"{r}_pct": pct(sum(g[r] for g in got), len(got)) for r in RUNGS}})
    return rows
