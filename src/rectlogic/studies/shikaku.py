"""Shikaku studies: how far each of the two dual rules, and probing, carries real boards."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..genres.shikaku.rules import LADDER
from ..grade import finished_by
from ..grid import NO_CLUE
from . import Params, Track, bank_boards, janko_puzzles, pct, pmap, study
from .looks import (
    Measures,
    on_border,
    share,
    symmetric_share,
    with_neighbour,
)

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
    clues = np.array(puzzle.clues)
    has = clues != NO_CLUE
    area = clues.size
    rects = answer.rects()
    sizes = np.array([h * w for _, _, h, w in rects])
    aspect = np.array([max(h, w) / min(h, w) for _, _, h, w in rects])
    big, inside, corner = 0, 0, 0
    for t, lft, h, w in rects:
        spots = np.argwhere(has[t:t + h, lft:lft + w])
        if len(spots) != 1:
            continue
        r, c = spots[0]
        edge_r, edge_c = r in (0, h - 1), c in (0, w - 1)
        corner += edge_r and edge_c
        if h >= 3 and w >= 3:
            big += 1
            inside += not (edge_r or edge_c)
    rows, cols = clues.shape
    edge = sum(t == 0 or lft == 0 or t + h == rows or lft + w == cols for t, lft, h, w in rects)
    labels = np.array(answer.rooms())
    p = labels
    four = ((p[:-1, :-1] != p[:-1, 1:]) & (p[1:, :-1] != p[1:, 1:])
            & (p[:-1, :-1] != p[1:, :-1]) & (p[:-1, 1:] != p[1:, 1:]))
    primes = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}
    return {
        "clues per 100 cells": share(int(has.sum()), area),
        "180° symmetric clue positions %": 100.0 * bool((has == has[::-1, ::-1]).all()),
        "clues with a 180° partner %": symmetric_share(has),
        "mirror-symmetric clue positions %": 100.0 * bool((has == has[:, ::-1]).all()
                                                          or (has == has[::-1, :]).all()),
        "rectangles with aspect ≥ 4 %": share(int((aspect >= 4).sum()), len(rects)),
        "rectangles of area 1 %": share(int((sizes == 1).sum()), len(rects)),
        "rectangles of area 2–3 %": share(int(((sizes >= 2) & (sizes <= 3)).sum()), len(rects)),
        "rectangles of area ≥ 10 %": share(int((sizes >= 10).sum()), len(rects)),
        "prime areas %": share(sum(int(s) in primes for s in sizes), len(rects)),
        "squares %": share(sum(h == w for _, _, h, w in rects), len(rects)),
        "strips (one cell wide) %": share(sum(min(h, w) == 1 for _, _, h, w in rects),
                                         len(rects)),
        "mean area": float(sizes.mean()),
        "largest area": float(sizes.max()),
        "area spread (sd)": float(sizes.std()),
        "clue inside a 3×3-or-more rectangle %": share(inside, big) if big else float("nan"),
        "clue in a rectangle's corner %": share(corner, len(rects)),
        "rectangles on the border %": share(edge, len(rects)),
        "clues on the border %": share(on_border(has), int(has.sum())),
        "clues with a clue beside %": share(with_neighbour(has), int(has.sum())),
        "four-way crossings per 100 cells": share(int(four.sum()), area),
        "mean aspect": float(aspect.mean()),
    }
