"""Shakashaka studies: the local⟺global theorem swept, the rule ladder measured, the census of
lattice points, and what makes a board unique."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import numpy as np

from ...engine import search
from ...grid import ANY_CLUE, NO_CLUE
from ...solve import solve
from ...studies import Params, Track, bank_boards, pct, pmap, rule_set_rows, rules_label, study
from . import SHAKASHAKA
from .generate import random_board
from .model import (
    BLACK,
    FULL,
    TIPS,
    Puzzle,
    local_ok_batch,
    point_rings,
    runs,
)
from .rules import LADDER
from .validate import white_area_ok_batch

G = SHAKASHAKA
CHUNK = 1 << 20

# -- the equivalence sweep --------------------------------------------------------------------


def every_picture(rows: int, cols: int, values: int) -> Iterator[np.ndarray]:
    """Every picture with `values` states per cell (5: white states only; 6: black too), in
    chunks of (B, rows, cols): the picture number's base-`values` digits."""
    n = rows * cols
    total = values**n
    powers = values ** np.arange(n - 1, -1, -1, dtype=np.int64)
    for start in range(0, total, CHUNK):
        k = np.arange(start, min(total, start + CHUNK), dtype=np.int64)
        yield ((k[:, None] // powers) % values).astype(np.int8).reshape(-1, rows, cols)


def crowded_pictures(count: int, rng: np.random.Generator, size: int = 5) -> Iterator[np.ndarray]:
    """Random pictures on random crowded boards: a cell is black with probability 0.6, and a
    white cell empty with probability 0.7 (uniform pictures are almost never legal)."""
    for start in range(0, count, CHUNK):
        b = min(CHUNK, count - start)
        pics = rng.choice(5, size=(b, size, size), p=[0.7] + [0.075] * 4).astype(np.int8)
        pics[rng.random((b, size, size)) < 0.6] = BLACK
        yield pics


NEAR = [(dr, dc) for dr in range(0, 3) for dc in range(-2, 3) if (dr, dc) > (0, 0)]
"""Second cells of a two-cell edit: the later cells within two steps (king moves)."""


def edits(answer: np.ndarray) -> Iterator[np.ndarray]:
    """Every one-cell edit of an answer (a white cell to each other white state) and every
    two-cell edit of two white cells within two king steps of each other."""
    rows, cols = answer.shape
    white = [(r, c) for r in range(rows) for c in range(cols) if answer[r, c] != BLACK]
    ones = [(r, c, s) for r, c in white for s in range(5) if s != answer[r, c]]
    batch = np.repeat(answer[None], len(ones), axis=0)
    for k, (r, c, s) in enumerate(ones):
        batch[k, r, c] = s
    yield batch
    for r, c in white:
        pairs = [(r + dr, c + dc) for dr, dc in NEAR
                 if 0 <= r + dr < rows and 0 <= c + dc < cols and answer[r + dr, c + dc] != BLACK]
        if not pairs:
            continue
        batch = np.repeat(answer[None], 16 * len(pairs), axis=0)
        k = 0
        for r2, c2 in pairs:
            for s in range(5):
                if s == answer[r, c]:
                    continue
                for s2 in range(5):
                    if s2 == answer[r2, c2]:
                        continue
                    batch[k, r, c], batch[k, r2, c2] = s, s2
                    k += 1
        yield batch


def sweep(chunks: Iterator[np.ndarray]) -> tuple[int, int, int]:
    """(configurations, legal by the definition, disagreements with the table)."""
    seen = legal = disagree = 0
    for pics in chunks:
        by_definition = white_area_ok_batch(pics)
        by_table = local_ok_batch(pics)
        seen += len(pics)
        legal += int(by_definition.sum())
        disagree += int((by_definition != by_table).sum())
    return seen, legal, disagree


@study("shakashaka-equivalence", ("source", "configurations", "legal", "disagreements"),
       lambda rows: f"{sum(r['configurations'] for r in rows):,} pictures (every 3×3 board "
       f"with black cells among them) judged by the definition and by the table: "
       f"{sum(r['disagreements'] for r in rows)} disagreements.")
def equivalence(params: Params, track: Track) -> list[dict[str, Any]]:
    """The definition (quarter flood fill, box areas) and the 256-entry table judge alike.

    Every picture is judged twice: by the validator's definition, compiled for the sweep, and by
    the lattice-point table. `every 3x3 board` is every picture with black cells too (6⁹
    configurations). Edits are every one-cell edit of every bank answer and every two-cell edit
    of two white cells within two king steps (distant pairs touch no common lattice point).
    `--boards` sets the number of random crowded 5×5 pictures (default 1,000,000)."""
    rng = np.random.default_rng(params.seed)
    answers = [np.array(a.cells, dtype=np.int8)
               for boards in bank_boards("shakashaka").values() for _, a in boards]
    sources = {
        "empty 2x2": lambda: every_picture(2, 2, 5),
        "empty 3x3": lambda: every_picture(3, 3, 5),
        "every 2x3 board": lambda: every_picture(2, 3, 6),
        "every 3x3 board": lambda: every_picture(3, 3, 6),
        "random crowded 5x5": lambda: crowded_pictures(params.n(1_000_000), rng),
        "edits of bank answers": lambda: (e for a in answers for e in edits(a)),
    }
    rows = []
    for source, chunks in track(sources.items(), len(sources), "sources"):
        seen, legal, disagree = sweep(chunks())
        rows.append({"source": source, "configurations": seen, "legal": legal,
                     "disagreements": disagree})
    return rows


# -- the naive angle rule, counted by transfer matrices ---------------------------------------

NAIVE = np.array([bin(r).count("1") in (0, 2, 4, 8) for r in range(256)], dtype=bool)
"""The naive local rule: the white angle at a point is 0°, 90°, 180° or 360°."""


def count_pictures(rows: int, cols: int, table: np.ndarray) -> int:
    """How many pictures on the empty rows×cols board pass `table` at every lattice point,
    counted row by row (a transfer matrix over the 5^cols row pictures), not enumerated."""
    states = next(every_picture(1, cols, 5)).reshape(-1, cols)
    black = np.full((1, cols), BLACK, dtype=np.int8)

    def fits(above: np.ndarray, below: np.ndarray) -> np.ndarray:
        """(A, B): may row picture b lie under row picture a (every point between passes)?"""
        a = np.pad(above, ((0, 0), (1, 1)), constant_values=BLACK)
        b = np.pad(below, ((0, 0), (1, 1)), constant_values=BLACK)
        pairs = np.stack(np.broadcast_arrays(a[:, None, :], b[None, :, :]), axis=-2)
        return table[point_rings(pairs)].all(axis=(-2, -1))

    step = fits(states, states).astype(object)
    counts = fits(black, states)[0].astype(object)
    for _ in range(rows - 1):
        counts = counts @ step
    return int(counts @ fits(states, black)[:, 0].astype(object))


@study("shakashaka-naive",
       ("board", "legal", "naive_legal", "legal_rejected", "illegal_accepted"),
       lambda rows: f"the naive angle rule on the empty 4×4 accepts {rows[-1]['naive_legal']:,} "
       f"pictures and rejects {rows[-1]['legal_rejected']} of the {rows[-1]['legal']} legal ones.")
def naive(params: Params, track: Track) -> list[dict[str, Any]]:
    """The "white angle is 0°, 90°, 180° or 360°" rule is not the rectangle law.

    Counted on empty boards: 2×2 and 3×3 by enumerating every picture and judging it by the
    definition, 4×4 (5¹⁶ pictures) with transfer matrices, using the table for the truth (the
    equivalence study shows the two agree)."""
    rows = []
    for n in track((2, 3, 4), 3, "boards"):
        both_table = FULL & NAIVE
        if n <= 3:
            legal = naive_ok = both = 0
            for pics in every_picture(n, n, 5):
                truth = white_area_ok_batch(pics)
                guess = local_ok_batch(pics, NAIVE)
                legal += int(truth.sum())
                naive_ok += int(guess.sum())
                both += int((truth & guess).sum())
        else:
            legal, naive_ok = count_pictures(n, n, FULL), count_pictures(n, n, NAIVE)
            both = count_pictures(n, n, both_table)
        rows.append({"board": f"empty {n}x{n}", "legal": legal, "naive_legal": naive_ok,
                     "legal_rejected": legal - both, "illegal_accepted": naive_ok - both})
    return rows


# -- the census of lattice points -------------------------------------------------------------

KINDS = ("empty", "one_corner", "one_edge", "interior", "two_arcs")


def point_kind(ring: int) -> str:
    r = runs(ring)
    if len(r) >= 2:
        return "two_arcs"
    return {(): "empty", (2,): "one_corner", (4,): "one_edge", (8,): "interior"}.get(
        tuple(r), "other")


KIND_OF_RING = [point_kind(r) for r in range(256)]


def rings(cells: np.ndarray) -> np.ndarray:
    """The 8-bit ring at every lattice point of an answer (off-board cells black)."""
    return point_rings(np.pad(cells, 1, constant_values=BLACK))


@study("shakashaka-census", ("size", "points", *KINDS))
def census(params: Params, track: Track) -> list[dict[str, Any]]:
    """What the lattice points of real answers look like (percent of points by kind).

    A point is `empty` (no white sector), `one_corner` (one white run of 90°), `one_edge`
    (180°), `interior` (all white) or `two_arcs` (two or more separate white runs). Every
    point of every bank answer, borders included."""
    rows = []
    for size, boards in track(bank_boards("shakashaka").items(), None, "sizes"):
        tally = dict.fromkeys(KINDS, 0)
        points = 0
        for _, answer in boards:
            for ring in rings(np.array(answer.cells)).ravel():
                tally[KIND_OF_RING[ring]] += 1
                points += 1
        rows.append({"size": size, "points": points,
                     **{k: pct(tally[k], points) for k in KINDS}})
    return rows


# -- propagating search against leaf-only search ----------------------------------------------


def small_board(rng: np.random.Generator, white: int) -> Puzzle:
    """A small board with exactly `white` white cells: half the time made from a random legal
    answer (so it has answers), half the time black cells thrown at random; numbers kept or
    dropped at random."""
    while True:
        rows, cols = int(rng.integers(2, 4)), int(rng.integers(2, 5))
        if rng.random() < 0.5:
            clues = np.array(random_board(rows, cols, rng)[0].clues)
        else:
            clues = np.full((rows, cols), ANY_CLUE)
            clues.flat[rng.permutation(rows * cols)[:white]] = NO_CLUE
        if (clues == NO_CLUE).sum() != white:
            continue
        numbered = clues >= 0
        clues[numbered & (rng.random(clues.shape) < 0.5)] = ANY_CLUE
        return Puzzle(rows, cols, tuple(map(tuple, clues.tolist())))


def _nodes(p: Puzzle) -> dict[str, Any]:
    fast = solve(p, rung="reflex", limit=0)
    leaf = solve(p, limit=0, leaf_only=True, budget=None)
    if sorted(map(str, fast.answers)) != sorted(map(str, leaf.answers)):
        raise AssertionError(f"the two searches disagree on {p}")
    return {"board": G.render(p).replace("\n", "/"), "white_cells": p.white_cells,
            "answers": fast.count, "nodes_propagating": fast.nodes, "nodes_leaf": leaf.nodes,
            "ratio": round(leaf.nodes / fast.nodes, 1)}


@study("shakashaka-nodes",
       ("board", "white_cells", "answers", "nodes_propagating", "nodes_leaf", "ratio"))
def nodes(params: Params, track: Track) -> list[dict[str, Any]]:
    """What the rules save: nodes of the propagating search against the leaf-only search.

    Small random boards with 2–6 white cells; both searches count every answer and must find
    the same ones. The propagating search uses the full rule (rung `reflex`) without probing,
    which would settle every one of these boards at the root. The leaf-only search visits the
    whole tree, (5^(n+1)−1)/4 nodes on n white cells. `--boards` sets the number of boards
    (default 10)."""
    rng = np.random.default_rng(params.seed)
    boards = [small_board(rng, 2 + k % 5) for k in range(params.n(10))]
    return pmap(_nodes, boards, params, track, "boards")


# -- ladder, ablation, relative ---------------------------------------------------------------


def _mean(rows: list[dict[str, Any]], rules: str) -> float:
    return statistics.mean(r["finished_pct"] for r in rows if r["rules"] == rules)

FULL_RULES = ("clues", "parity", "tips", "reflex")


def _bank_puzzles() -> dict[str, list[Puzzle]]:
    return {size: [p for p, _ in boards] for size, boards in bank_boards("shakashaka").items()}


@study("shakashaka-ladder", ("size", "rules", "reduction_pct", "finished_pct"))
def ladder(params: Params, track: Track) -> list[dict[str, Any]]:
    """Climbing the ladder: what each rung's fixpoint achieves on the bank's boards.

    reduction = the share of removable values (all but one per cell) the fixpoint removes,
    averaged over boards; finished = boards it decides completely and correctly."""
    sets = {rules_label(LADDER[r]): frozenset(LADDER[r]) for r in LADDER}
    return rule_set_rows(_bank_puzzles(), sets, params, track)


@study("shakashaka-ablation", ("size", "rules", "reduction_pct", "finished_pct"),
       lambda rows: "bank boards finished by the fixpoint without each rule (mean over sizes): "
       + ", ".join(f"{r} {_mean(rows, r):.0f} %" for r in sorted({x['rules'] for x in rows}))
       + ".")
def ablation(params: Params, track: Track) -> list[dict[str, Any]]:
    """Leaving one rule out of the full set {clues, parity, tips, reflex}."""
    sets = {"full": frozenset(FULL_RULES)}
    sets |= {f"full − {r}": frozenset(FULL_RULES) - {r} for r in FULL_RULES}
    return rule_set_rows(_bank_puzzles(), sets, params, track)


@study("shakashaka-relative",
       ("size", "against", "rules", "reduction_pct", "finished_pct"))
def relative(params: Params, track: Track) -> list[dict[str, Any]]:
    """One rule's worth depends on its company: tips scored against two different sets.

    tips is left out of {clues, tips, reflex} and out of {clues, parity, tips, reflex}. Its
    contribution to the reduction is the gap between the two rows of a pair; it differs by
    set because parity, when present, already removes much of what tips would."""
    rows = []
    for base in (("clues", "tips", "reflex"), FULL_RULES):
        sets = {rules_label(base): frozenset(base),
                rules_label(r for r in base if r != "tips"): frozenset(base) - {"tips"}}
        rows += rule_set_rows(_bank_puzzles(), sets, params, track,
                              against=rules_label(base))
    return rows


# -- what makes a board unique ----------------------------------------------------------------

ANSWER_CAP = 100
"""Answers counted at most per board when clues are dropped."""


def tips_only_count(p: Puzzle) -> int:
    """Answers (up to 2) when the shape rule is weakened to tips alone: the tips table stands
    in for the rectangle law both in the propagation and in the leaf test."""
    start = G.initial_domains(p)
    propagate = G.base_propagator(p, frozenset({"clues", "tips"}))
    numbers = frozenset({"nmTriangleGt", "nmTriangleLt"})

    def accept(d: np.ndarray) -> bool:
        answer = G.decode(p, d)
        if any(v.code in numbers for v in G.validate(p, answer)):
            return False
        return bool(local_ok_batch(np.array(answer.cells, dtype=np.int8)[None], TIPS)[0])

    return search(propagate(start[None])[0], propagate, accept, limit=2, budget=200_000).count


def _uniqueness(p: Puzzle) -> tuple[int, bool, bool]:
    blank = Puzzle(p.rows, p.cols, tuple(tuple(ANY_CLUE if v >= 0 else v for v in row)
                                         for row in p.clues))
    without = solve(blank, limit=ANSWER_CAP, budget=100_000)
    return without.count, without.status == "unique", tips_only_count(p) == 1


@study("shakashaka-uniqueness", ("size", "boards", "unique_without_clues",
                                 "median_answers_without_clues", "unique_with_tips_only"),
       lambda rows: f"of {sum(r['boards'] for r in rows)} unique bank boards, "
       f"{sum(r['unique_without_clues'] for r in rows)} stay unique with every number dropped "
       f"and {sum(r['unique_with_tips_only'] for r in rows)} with the shape rule cut to tips.")
def uniqueness(params: Params, track: Track) -> list[dict[str, Any]]:
    """The numbers and the full shape rule both carry the uniqueness of a bank board.

    Every unique bank board re-counted with all its numbers dropped (black cells kept;
    answers counted up to 100, so a median of 100 means at least 100) and with the rectangle
    law weakened to the tips table alone (in propagation and in the leaf test)."""
    rows = []
    for size, puzzles in _bank_puzzles().items():
        got = pmap(_uniqueness, puzzles, params, track, size)
        rows.append({"size": size, "boards": len(got),
                     "unique_without_clues": sum(u for _, u, _ in got),
                     "median_answers_without_clues": statistics.median(n for n, _, _ in got),
                     "unique_with_tips_only": sum(t for _, _, t in got)})
    return rows


@study("shakashaka-clues", ("size", "black_cells", "numbers_kept", "share",
                            *(f"digit_{k}" for k in range(5))))
def clues(params: Params, track: Track) -> list[dict[str, Any]]:
    """How few numbers the bank's boards keep: the geometry carries the puzzle.

    Per board, black cells and kept numbers (means); share = numbers / black cells (%);
    digit_k = the share of kept numbers that are k (%)."""
    rows = []
    for size, puzzles in _bank_puzzles().items():
        values = np.array([v for p in puzzles for row in p.clues for v in row])
        black, kept = int((values != NO_CLUE).sum()), values[values >= 0]
        rows.append({"size": size, "black_cells": round(black / len(puzzles), 1),
                     "numbers_kept": round(len(kept) / len(puzzles), 1),
                     "share": pct(len(kept), black),
                     **{f"digit_{k}": pct(int((kept == k).sum()), len(kept)) for k in range(5)}})
    return rows


# -- how boards look beside published ones ----------------------------------------------------

MEETS = np.array([len(runs(r)) >= 2 for r in range(256)])
"""Rings where two white runs meet at one point: two regions touching at a corner (in a legal
picture a rectangle meets a point in one run)."""


def corners_touch(answer: Any) -> bool:
    """Do two white regions of this (legal) answer meet at a lattice point?"""
    s = np.full((answer.rows + 2, answer.cols + 2), BLACK, dtype=np.uint8)
    s[1:-1, 1:-1] = np.array(answer.cells)
    return bool(MEETS[point_rings(s)].any())


def looks(boards: list[tuple[Puzzle, Any]]) -> dict[str, float]:
    """Black share, numbered share and digits (medians per board; digits pooled), and the
    share of answers where white regions touch at a corner."""
    black, numbered, digits, touching = [], [], np.zeros(5), 0
    for puzzle, answer in boards:
        clues = np.array(puzzle.clues)
        blacks = int((clues != NO_CLUE).sum())
        black.append(100 * blacks / clues.size)
        numbered.append(100 * int((clues >= 0).sum()) / max(1, blacks))
        digits += np.bincount(clues[clues >= 0], minlength=5)
        touching += corners_touch(answer)
    return {
        "black cells % (median)": round(statistics.median(black), 1),
        "black cells numbered % (median)": round(statistics.median(numbered), 1),
        **{f"digit {d} % of numbers": pct(digits[d], digits.sum()) for d in range(5)},
        "answers with regions meeting at a corner %": pct(touching, len(boards)),
    }
