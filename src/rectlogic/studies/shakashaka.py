"""Shakashaka studies: the local⟺global theorem swept, the rule ladder measured, the census of
lattice points, and what makes a board unique."""

from __future__ import annotations

import functools
import itertools
import math
import statistics
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..engine import search
from ..genres.shakashaka import SHAKASHAKA, pictures
from ..genres.shakashaka.generate import Mix, dense_answer, random_board, thinned
from ..genres.shakashaka.model import (
    BLACK,
    FULL,
    TIPS,
    TNE,
    TNW,
    TSE,
    TSW,
    E,
    Puzzle,
    local_ok_batch,
    local_ok_one,
    point_rings,
    ring_of,
    runs,
    triangles_beside,
)
from ..genres.shakashaka.rules import LADDER
from ..genres.shakashaka.validate import white_area_ok, white_area_ok_batch, white_area_ok_one
from ..grid import ANY_CLUE, NO_CLUE
from ..solve import solve
from . import Params, Track, bank_boards, pct, pmap, rule_set_rows, rules_label, study
from .looks import (
    Measures,
    clumps,
    longest_run,
    on_border,
    share,
    symmetric_share,
    with_corner_neighbour,
    with_neighbour,
)

G = SHAKASHAKA
CHUNK = 1 << 20
WRITE_UP_SET = ("dense answers, ⌊n²/6⌋ black cells (30, 54, 84 white cells on 6×6, 8×8, "
                "10×10), white rectangles touching at corners, packed with the piece mix "
                "calibrated on the write-up's census (WRITE_UP_MIX); numbers on every black cell, "
                "then taken off in random order while the answer stays unique (no grade "
                "target)")
WRITE_UP_MIX = Mix(tilted=3.0, upright=1.5, upright_side=1, spread=2.5)
"""The pieces the write-up set's answers are packed and whitened with: tilted rectangles
weighted 3/(p·q)^2.5 (diamonds far the most) and single white cells (a quarter of the draws),
no larger upright block. Calibrated on the census, not on any other table: with it the set's
lattice points (empty / one corner / one edge / interior / two arcs) fall within 3 points of
the write-up's own census of its answers, 10/38/16/11/25 % at 6×6, 8/35/16/13/28 % at 8×8 and
5/33/13/13/35 % at 10×10 (the generator's default mix, upright blocks to 4×4 in 39 % of the
draws, gave too many straight edges and too few corner touches: up to 13 points off)."""
BANK_SET = "the shipped bank's boards (published style, graded, 6×6 to 20×20)"

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


def crowded_pictures(count: int, rng: np.random.Generator, size: int = 5,
                     empty: float = 0.7) -> Iterator[np.ndarray]:
    """Random pictures on random crowded boards: a cell is black with probability 0.6, and a
    white cell empty with probability `empty`, each half-white state sharing the rest (0.2:
    the uniform picture on the board's white cells, as the write-up draws them; 0.7, this
    project's biased sampler, because uniform pictures are so rarely legal)."""
    for start in range(0, count, CHUNK):
        b = min(CHUNK, count - start)
        pics = rng.choice(5, size=(b, size, size), p=[empty] + [(1 - empty) / 4] * 4)
        pics = pics.astype(np.int8)
        pics[rng.random((b, size, size)) < 0.6] = BLACK
        yield pics


NEAR = [(dr, dc) for dr in range(0, 3) for dc in range(-2, 3) if (dr, dc) > (0, 0)]
"""Second cells of a two-cell edit: the later cells within two steps (king moves)."""


def edits(answer: np.ndarray, every_pair: bool = False, states: int = 5) -> Iterator[np.ndarray]:
    """Every one-cell edit of an answer and every two-cell edit of two cells within two king
    steps of each other (of every two cells with `every_pair`). With `states` = 5 only white
    cells are edited, each to another white state; with 6 every cell is, to every other
    state, black included (as the write-up's sweep)."""
    rows, cols = answer.shape
    cells = [(r, c) for r in range(rows) for c in range(cols)
             if states == 6 or answer[r, c] != BLACK]
    editable = set(cells)
    later = {cell: cells[k + 1:] for k, cell in enumerate(cells)}
    ones = [(r, c, s) for r, c in cells for s in range(states) if s != answer[r, c]]
    batch = np.repeat(answer[None], len(ones), axis=0)
    for k, (r, c, s) in enumerate(ones):
        batch[k, r, c] = s
    yield batch
    for r, c in cells:
        pairs = later[r, c] if every_pair else [
            (r + dr, c + dc) for dr, dc in NEAR if (r + dr, c + dc) in editable]
        if not pairs:
            continue
        batch = np.repeat(answer[None], (states - 1) ** 2 * len(pairs), axis=0)
        k = 0
        for r2, c2 in pairs:
            for s in range(states):
                if s == answer[r, c]:
                    continue
                for s2 in range(states):
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
       lambda rows: f"{sum(r['configurations'] for r in rows):,} pictures ("
       + ", ".join(r["source"] for r in rows) + ") judged by the definition and by the table: "
       f"{sum(r['disagreements'] for r in rows)} disagreements.",
       project="every picture of the small boards; random crowded 5×5 pictures (biased "
       "towards legal ones); edits of "
       "the bank's answers",
       write_up="every one-cell and every two-cell edit of the write-up set's answers over "
       "all six cell states, black included (16 boards a size, 6×6, 8×8, 10×10: "
       + WRITE_UP_SET + "); 400,000 uniform random pictures on crowded random 5×5 boards "
       "(black cells with probability 0.6, each white cell any of its five states alike)")
def equivalence(params: Params, track: Track) -> list[dict[str, Any]]:
    """The definition (quarter flood fill, box areas) and the 256-entry table judge alike.

    Every picture is judged twice: by the validator's definition, compiled for the sweep, and by
    the lattice-point table. First the table is pinned to the geometry: at every one of the
    6⁴ = 1,296 ways to fill a point's four cells, the ring the tables read is the ring the
    picture has (eight spots around the point, the triangles as half-planes).
    `every 3x3 board` is every picture with black cells too (6⁹ configurations). Edits are
    every one-cell edit of every bank answer and every two-cell edit of two white cells within
    two king steps, white states only (distant pairs touch no common lattice point, so the
    table judges each change apart). The write-up setting edits as the
    write-up did: every cell and every pair of cells, to all six states, black included (an
    edit that blacks out a lone white cell, say, is legal). `biased crowded 5x5` is this
    project's sampler (a white cell empty with probability 0.7, so that legal pictures are
    met often); the write-up draws uniform pictures (`uniform crowded 5x5`, 400,000).
    `--boards` sets the number of random crowded 5×5 pictures (default 1,000,000 biased,
    400,000 uniform)."""
    rng = np.random.default_rng(params.seed)
    answers = [np.array(a.cells, dtype=np.int8)
               for boards in board_set(params, track, "census").values() for _, a in boards]
    if params.setting == "write-up":
        sources = {
            "edits of write-up answers, six states": lambda: (
                e for a in answers for e in edits(a, every_pair=True, states=6)),
            "uniform crowded 5x5": lambda: crowded_pictures(params.n(400_000), rng, empty=0.2),
        }
    else:
        sources = {
            "empty 2x2": lambda: every_picture(2, 2, 5),
            "empty 3x3": lambda: every_picture(3, 3, 5),
            "every 2x3 board": lambda: every_picture(2, 3, 6),
            "every 3x3 board": lambda: every_picture(3, 3, 6),
            "biased crowded 5x5": lambda: crowded_pictures(params.n(1_000_000), rng),
            "edits of bank answers": lambda: (e for a in answers for e in edits(a)),
        }
    rows = [points_against_geometry()]
    for source, chunks in track(sources.items(), len(sources), "sources"):
        seen, legal, disagree = sweep(chunks())
        rows.append({"source": source, "configurations": seen, "legal": legal,
                     "disagreements": disagree})
    return rows


# -- the lattice table pinned to the geometry ------------------------------------------------

# Where a cell's quadrant lies relative to the point: (left, top) of the cell in a frame
# centred on the point, x to the right, y downwards. Order NE, SE, SW, NW.
CELL_ORIGIN = ((0, -1), (0, 0), (-1, 0), (-1, -1))


def white_at(state: int, x: float, y: float) -> bool:
    """Is the spot (x, y) of a unit cell white? The triangles as half-planes."""
    if state == BLACK:
        return False
    if state == E:
        return True
    return {
        TNW: x + y >= 1,  # black where x + y < 1 (the right angle at the top-left)
        TNE: y >= x,
        TSE: x + y <= 1,
        TSW: x >= y,
    }[state]


def ring_from_geometry(states: tuple[int, int, int, int]) -> int:
    """The ring at a point read off the picture itself: which of eight spots just around the
    point, one in each 45° sector, fall on white (the triangles as half-planes)."""
    ring, eps = 0, 1e-3
    for k in range(8):
        theta = math.radians(45 * k + 22.5)  # clockwise from north
        x, y = eps * math.sin(theta), -eps * math.cos(theta)
        q = k // 2
        left, top = CELL_ORIGIN[q]
        if white_at(states[q], x - left, y - top):
            ring |= 1 << k
    return ring



def points_against_geometry() -> dict[str, Any]:
    """Every point's four cells in every state (6⁴ = 1,296): the ring the tables read
    (`ring_of`) against the ring the picture has; legal = points the full rule accepts."""
    states = list(itertools.product(range(6), repeat=4))
    return {"source": "every 2x2 around a point (rings by geometry)",
            "configurations": len(states),
            "legal": sum(bool(FULL[ring_of(s)]) for s in states),
            "disagreements": sum(ring_of(s) != ring_from_geometry(s) for s in states)}


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
       f"pictures and rejects {rows[-1]['legal_rejected']} of the {rows[-1]['legal']} legal ones.",
       project="every picture of the empty 2×2, 3×3 and 4×4 boards (as the write-ups)")
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


CENSUS_SETTINGS = {"project": BANK_SET,
                   "write_up": WRITE_UP_SET + "; 16 boards a size"}


@study("shakashaka-census", ("size", "boards", "points", *KINDS, "boards_with_two_arcs"),
       **CENSUS_SETTINGS)
def census(params: Params, track: Track) -> list[dict[str, Any]]:
    """What the lattice points of real answers look like (percent of points by kind).

    A point is `empty` (no white sector), `one_corner` (one white run of 90°), `one_edge`
    (180°), `interior` (all white) or `two_arcs` (two or more separate white runs: regions
    touching at a corner). Every point of every answer, borders included;
    `boards_with_two_arcs` = answers with at least one such point. The bank's answers were
    sparse before this project's boards were remade to look published (0.00 % two-arc
    points then); its dense answers now touch at corners as the write-up's do."""
    rows = []
    for size, boards in track(board_set(params, track, "census").items(), None, "sizes"):
        tally = dict.fromkeys(KINDS, 0)
        points = touching = 0
        for _, answer in boards:
            kinds = [KIND_OF_RING[ring] for ring in rings(np.array(answer.cells)).ravel()]
            for kind in kinds:
                tally[kind] += 1
            points += len(kinds)
            touching += "two_arcs" in kinds
        rows.append({"size": size, "boards": len(boards), "points": points,
                     **{k: pct(tally[k], points) for k in KINDS},
                     "boards_with_two_arcs": touching})
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


LEAF_RUN_MOST = 8
"""White cells up to which the leaf-only search is run (8: 488,281 nodes, about half a minute
here; 9 would take two and a half, past the minute the write-up allows); above, its node
count is the closed form."""


def whole_tree(white: int) -> int:
    """The leaf-only search's nodes on `white` free cells: every partial assignment."""
    return (5 ** (white + 1) - 1) // 4


def answered_board(rng: np.random.Generator, n: int, white: int) -> Puzzle:
    """An n×n board with `white` white cells at random places that has an answer; each black
    cell numbered from a first answer with probability one half."""
    while True:
        clues = np.full((n, n), ANY_CLUE)
        clues.flat[rng.permutation(n * n)[:white]] = NO_CLUE
        blank = Puzzle(n, n, tuple(map(tuple, clues.tolist())))
        found = solve(blank, limit=1)
        if found.count:
            numbers = triangles_beside(found.answers[0])
            keep = (clues == ANY_CLUE) & (rng.random(clues.shape) < 0.5)
            clues[keep] = numbers[keep]
            return Puzzle(n, n, tuple(map(tuple, clues.tolist())))


UNANSWERED_DRAWS = 200
"""Boards drawn for the no-answer row, looking for one whose root does not refute it."""


def unanswered_board(rng: np.random.Generator, n: int, white: int) -> Puzzle:
    """An n×n board with `white` white cells at random places and a random number (0-4) on
    each black cell with probability one half, that has no answer: among the first
    `UNANSWERED_DRAWS` drawn, one whose contradiction the root fixpoint does not see at once
    (so the propagating search has something to refute), else the first without an answer."""
    first = None
    for _ in range(UNANSWERED_DRAWS):
        clues = np.full((n, n), ANY_CLUE)
        clues.flat[rng.permutation(n * n)[:white]] = NO_CLUE
        numbered = (clues == ANY_CLUE) & (rng.random(clues.shape) < 0.5)
        clues[numbered] = rng.integers(0, 5, size=int(numbered.sum()))
        p = Puzzle(n, n, tuple(map(tuple, clues.tolist())))
        if solve(p, limit=1).count == 0:
            if reflex_nodes(p)[0]:
                return p
            first = first or p
    if first is None:
        raise AssertionError(f"no {n}x{n} board without an answer in {UNANSWERED_DRAWS} draws")
    return first


def reflex_nodes(p: Puzzle) -> tuple[int, Any]:
    """(nodes, solution) of the propagating search at rung reflex, counting every answer; a
    contradiction at the root is 0 nodes (no branch was opened), where `solve` counts the
    root it visited as one."""
    fast = solve(p, rung="reflex", limit=0)
    root = G.propagator(p, frozenset(LADDER["reflex"]))(G.initial_domains(p)[None])[0]
    return (0 if not root.all() else fast.nodes), fast


def _nodes(p: Puzzle) -> dict[str, Any]:
    count, fast = reflex_nodes(p)
    if p.white_cells <= LEAF_RUN_MOST:
        leaf = solve(p, limit=0, leaf_only=True, budget=None)
        if sorted(map(str, fast.answers)) != sorted(map(str, leaf.answers)):
            raise AssertionError(f"the two searches disagree on {p}")
        leaf_nodes, how = leaf.nodes, "run"
    else:
        leaf_nodes, how = whole_tree(p.white_cells), "closed form"
    return {"board": G.render(p).replace("\n", "/"), "white_cells": p.white_cells,
            "answers": fast.count, "nodes_propagating": count, "nodes_leaf": leaf_nodes,
            "leaf": how, "ratio": _ratio(leaf_nodes, count)}


def _ratio(leaf: int, fast: float) -> str:
    return "∞ (root contradiction)" if not fast else f"{leaf / fast:.3g}"


def _set_nodes(job: Puzzle) -> int:
    return reflex_nodes(job)[0]


@study("shakashaka-nodes",
       ("board", "white_cells", "answers", "nodes_propagating", "nodes_leaf", "leaf", "ratio"),
       project="small random boards with 2–6 white cells",
       write_up="a 3×3 board with 8 white cells and a 4×4 with 11 (random black cells, a board "
       "with an answer, half its black cells numbered from it); a 3×3 board with 6 white cells "
       "and no answer (half its black cells given a random number); and the write-up set ("
       + WRITE_UP_SET + "; 16 boards a size)")
def nodes(params: Params, track: Track) -> list[dict[str, Any]]:
    """What the rules save: nodes of the propagating search against the leaf-only search.

    Both searches count every answer and must find the same ones. The propagating search uses
    the full rule (rung `reflex`) without probing. The leaf-only search visits the whole tree,
    (5^(n+1)−1)/4 nodes on n white cells; above 8 white cells that count is taken from the
    closed form rather than run (`leaf` says which). Convention: a contradiction found at the
    root counts 0 nodes (this study's earlier tables counted that root as one node, so a
    board with no answer read 1 where it now reads 0). In the write-up setting a 3×3 board
    with 6 white cells and no answer shows both searches where there is nothing to find (one
    whose root fixpoint does not already see the contradiction, when one is drawn; on 3×3
    boards the root refutes all it met so far); the set's rows give the median nodes to
    settle a board of the set (they are unique; the leaf side is the closed form for the
    median white count), and the board of each size with the smallest pruning factor
    (`ratio` = leaf-only nodes over propagating nodes). `--boards` sets the number of
    small boards (default 10)."""
    rng = np.random.default_rng(params.seed)
    if params.setting == "project":
        boards = [small_board(rng, 2 + k % 5) for k in range(params.n(10))]
        return pmap(_nodes, boards, params, track, "boards")
    small = [answered_board(rng, 3, 8), answered_board(rng, 4, 11), unanswered_board(rng, 3, 6)]
    rows = pmap(_nodes, small, params, track, "boards")
    for size, puzzles in _puzzles(params, track, "census").items():
        counts = pmap(_set_nodes, puzzles, params, track, size)
        white = round(statistics.median(p.white_cells for p in puzzles))
        middle = statistics.median(counts)
        rows.append({"board": f"write-up set {size} (median of {len(puzzles)})",
                     "white_cells": white, "answers": 1, "nodes_propagating": middle,
                     "nodes_leaf": whole_tree(white), "leaf": "closed form",
                     "ratio": _ratio(whole_tree(white), middle)})
        least = min(range(len(puzzles)),
                    key=lambda k: whole_tree(puzzles[k].white_cells) / max(1, counts[k]))
        p, count = puzzles[least], counts[least]
        rows.append({"board": f"write-up set {size} (smallest pruning factor)",
                     "white_cells": p.white_cells, "answers": 1, "nodes_propagating": count,
                     "nodes_leaf": whole_tree(p.white_cells), "leaf": "closed form",
                     "ratio": _ratio(whole_tree(p.white_cells), count)})
    return rows


# -- the board sets: the bank, or the write-ups' dense boards ---------------------------------

SET_SIZES = {"census": {6: 16, 8: 16, 10: 16}, "ladder": {10: 100},
             "uniqueness": {6: 60, 8: 60, 10: 36}}
"""How many write-up boards each study takes per size (the first ones of one stream per size,
so the sets nest)."""
ATTEMPTS = 200
"""Attempts per write-up board before its slot is given up (none is, in practice)."""


def write_up_board(job: tuple[int, int, int]) -> tuple[Puzzle, Any] | None:
    """Board k of the write-ups' stream at size n: a dense answer whitened down to exactly
    ⌊n²/6⌋ black cells, unique when fully numbered, its numbers thinned by uniqueness alone."""
    from ..generate import judge

    n, seed, k = job
    unique = judge("shakashaka", None, "minimal")
    for attempt in range(ATTEMPTS):
        rng = np.random.default_rng([seed, n, k, attempt])
        answer = dense_answer(n, n, rng, unique, black=n * n // 6, mix=WRITE_UP_MIX)
        if answer is not None and (puzzle := thinned(answer, rng, unique)) is not None:
            return puzzle, answer
    return None


_MADE: dict[tuple[int, int, int], list[tuple[Puzzle, Any]]] = {}
"""Write-up boards made in this process, by (size, seed, count): the studies share them."""


def board_set(params: Params, track: Track, purpose: str) -> dict[str, list[tuple[Puzzle, Any]]]:
    """The boards a study runs on, by size: the bank's, or the write-ups' set for `purpose`
    (`--boards` caps each size's count)."""
    if params.setting == "project":
        return bank_boards("shakashaka")
    out = {}
    for n, default in SET_SIZES[purpose].items():
        count = min(default, params.n(default))
        key = (n, params.seed, count)
        if key not in _MADE and (bigger := [v for (m, s, c), v in _MADE.items()
                                            if (m, s) == (n, params.seed) and c >= count]):
            _MADE[key] = bigger[0][:count]
        if key not in _MADE:
            jobs = [(n, params.seed, k) for k in range(count)]
            made = pmap(write_up_board, jobs, params, track, f"write-up {n}x{n}")
            _MADE[key] = [b for b in made if b is not None]
        out[f"{n}x{n}"] = _MADE[key]
    return out


def _puzzles(params: Params, track: Track, purpose: str) -> dict[str, list[Puzzle]]:
    return {size: [p for p, _ in boards]
            for size, boards in board_set(params, track, purpose).items()}


# -- ladder, ablation, relative ---------------------------------------------------------------


def _mean(rows: list[dict[str, Any]], rules: str) -> float:
    return statistics.mean(r["finished_pct"] for r in rows if r["rules"] == rules)

FULL_RULES = ("clues", "parity", "tips", "reflex")


LADDER_SETTINGS = {"project": BANK_SET,
                   "write_up": WRITE_UP_SET + "; 100 boards at 10×10"}


@study("shakashaka-ladder", ("size", "rules", "reduction_pct", "finished_pct"),
       **LADDER_SETTINGS)
def ladder(params: Params, track: Track) -> list[dict[str, Any]]:
    """Climbing the ladder: what each rung's fixpoint achieves on the boards.

    reduction = the share of removable values (all but one per cell) the fixpoint removes,
    averaged over boards; finished = boards it decides completely and correctly. The bank's
    boards are all finished by `probe` (they are graded so, or easier); the write-up boards
    are thinned by uniqueness alone, with no grade in view, so nothing but the measurement
    says how far each rung carries them."""
    sets = {rules_label(LADDER[r]): frozenset(LADDER[r]) for r in LADDER}
    return rule_set_rows(_puzzles(params, track, "ladder"), sets, params, track)


@study("shakashaka-ablation", ("size", "rules", "reduction_pct", "finished_pct"),
       lambda rows: "boards finished by the fixpoint without each rule (mean over sizes): "
       + ", ".join(f"{r} {_mean(rows, r):.0f} %" for r in sorted({x['rules'] for x in rows}))
       + ".", **LADDER_SETTINGS)
def ablation(params: Params, track: Track) -> list[dict[str, Any]]:
    """Leaving one rule out of the full set {clues, parity, tips, reflex}."""
    sets = {"full": frozenset(FULL_RULES)}
    sets |= {f"full − {r}": frozenset(FULL_RULES) - {r} for r in FULL_RULES}
    return rule_set_rows(_puzzles(params, track, "ladder"), sets, params, track)


@study("shakashaka-relative",
       ("size", "against", "rules", "reduction_pct", "finished_pct"), **LADDER_SETTINGS)
def relative(params: Params, track: Track) -> list[dict[str, Any]]:
    """One rule's worth depends on its company: tips scored against two different sets.

    tips is left out of {clues, tips, reflex} and out of {clues, parity, tips, reflex}. Its
    contribution to the reduction is the gap between the two rows of a pair; it differs by
    set because parity, when present, already removes much of what tips would."""
    rows = []
    boards = _puzzles(params, track, "ladder")
    for base in (("clues", "tips", "reflex"), FULL_RULES):
        sets = {rules_label(base): frozenset(base),
                rules_label(r for r in base if r != "tips"): frozenset(base) - {"tips"}}
        rows += rule_set_rows(boards, sets, params, track, against=rules_label(base))
    return rows


# -- what makes a board unique ----------------------------------------------------------------

ANSWER_CAP = {"project": 100, "write-up": 1000}
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


def _uniqueness(job: tuple[Puzzle, int]) -> tuple[int, bool, bool]:
    p, cap = job
    blank = Puzzle(p.rows, p.cols, tuple(tuple(ANY_CLUE if v >= 0 else v for v in row)
                                         for row in p.clues))
    without = solve(blank, limit=cap, budget=1_000_000)
    return without.count, without.status == "unique", tips_only_count(p) == 1


@study("shakashaka-uniqueness", ("size", "boards", "unique_without_clues", "answer_cap",
                                 "median_answers_without_clues", "boards_at_cap",
                                 "unique_with_tips_only"),
       lambda rows: f"of {sum(r['boards'] for r in rows)} unique boards, "
       f"{sum(r['unique_without_clues'] for r in rows)} stay unique with every number dropped "
       f"and {sum(r['unique_with_tips_only'] for r in rows)} with the shape rule cut to tips.",
       project=BANK_SET,
       write_up=WRITE_UP_SET + "; 60, 60 and 36 boards at 6×6, 8×8, 10×10")
def uniqueness(params: Params, track: Track) -> list[dict[str, Any]]:
    """The numbers and the full shape rule both carry the uniqueness of a board.

    Every board re-counted with all its numbers dropped (black cells kept; answers counted
    up to `answer_cap`, so a median at the cap means at least that many; `boards_at_cap`
    reached it) and with the rectangle law weakened to the tips table alone (in propagation
    and in the leaf test). The bank's boards graded `tips` (a third of its smaller sizes)
    are finished by clues, parity and tips, so they stay unique with the shape rule cut to
    tips; boards thinned by uniqueness under the full rule, as the write-up's, lean on
    `reflex` and do not. Answers are counted up to 100 on the bank, as before, and up to
    1,000 on the write-up set, as the write-up asks."""
    rows = []
    cap = ANSWER_CAP[params.setting]
    for size, puzzles in _puzzles(params, track, "uniqueness").items():
        got = pmap(_uniqueness, [(p, cap) for p in puzzles], params, track, size)
        rows.append({"size": size, "boards": len(got),
                     "unique_without_clues": sum(u for _, u, _ in got), "answer_cap": cap,
                     "median_answers_without_clues": statistics.median(n for n, _, _ in got),
                     "boards_at_cap": sum(n >= cap for n, _, _ in got),
                     "unique_with_tips_only": sum(t for _, _, t in got)})
    return rows


@study("shakashaka-clues", ("size", "black_cells", "numbers_kept", "share",
                            *(f"digit_{k}" for k in range(5))), **CENSUS_SETTINGS)
def clues(params: Params, track: Track) -> list[dict[str, Any]]:
    """How few numbers the boards keep: the geometry carries the puzzle.

    Per board, black cells and kept numbers (means); share = numbers / black cells (%);
    digit_k = the share of kept numbers that are k (%). The bank keeps three quarters of its
    numbers on purpose (published style); the write-up boards keep only what uniqueness
    needs."""
    rows = []
    for size, puzzles in _puzzles(params, track, "census").items():
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


LOOKS_BOUNDS = {"black share %": (11, 14), "black cells with a black neighbour %": (0, 25),
                "largest black group": (0, 3), "longest black run": (0, 2.2),
                "digit 0 %": (0, 10), "digit 4 %": (7, 100), "digits 2 or 3 %": (50, 100),
                "white area in 45° pieces %": (60, 100),
                "single white cells, % of white regions": (30, 100),
                "touch points per 100 cells": (33, float("inf")),
                "at most two distinct digits %": (5, 20)}
"""Issue 27's bounds on the means at 10×10 and above, after Janko's (12.5 %, 20 %, 2.4, 2.0,
8 %, 10 %, 56 %, 63 %, 35 %, 35.3, 10 %): lone black cells wrapped in triangles; "about one
board in ten" with at most two digits is read as 5–20 %."""


def board_looks(puzzle: Any, answer: Any) -> Measures:
    from ..genres.shakashaka.model import BLACK, E, point_rings
    from ..genres.shakashaka.validate import white_regions

    clues = np.array(puzzle.clues)
    cells = np.array(answer.cells)
    black = clues != NO_CLUE
    n_black, area = int(black.sum()), clues.size
    digits = clues[clues >= 0]
    counts = np.bincount(digits, minlength=5)[:5] if digits.size else np.zeros(5)
    groups = clumps(black)
    regions = white_regions(answer)
    sizes = [len(g) / 4 for g in regions]
    tilted = [any(cells[r, c] not in (E, BLACK) for r, c, _ in g) for g in regions]
    singles = sum(len(g) == 4 and cells[g[0][0], g[0][1]] == E for g in regions)
    framed = np.full((answer.rows + 2, answer.cols + 2), BLACK, dtype=np.uint8)
    framed[1:-1, 1:-1] = cells
    white_area = sum(sizes)
    return {
        "black share %": share(n_black, area),
        "black cells with a black neighbour %": share(with_neighbour(black), n_black),
        "black cells meeting one at a corner %": share(with_corner_neighbour(black), n_black),
        "largest black group": float(groups.max(initial=0)),
        "longest black run": float(longest_run(black)),
        "black groups per 100 cells": share(len(groups), area),
        "black cells numbered %": share(digits.size, n_black),
        **{f"digit {d} %": share(counts[d], digits.size) for d in range(5)},
        "digits 2 or 3 %": share(counts[2] + counts[3], digits.size),
        "mean digit": float(digits.mean()) if digits.size else 0.0,
        "distinct digits": float(len(set(digits.tolist()))),
        "at most two distinct digits %": 100.0 * (len(set(digits.tolist())) <= 2),
        "black cells on the border %": share(on_border(black), n_black),
        "black cells with a 180° partner %": symmetric_share(black),
        "white area in 45° pieces %": share(sum(s for s, t in zip(sizes, tilted, strict=True)
                                                if t), white_area),
        "single white cells, % of white regions": share(singles, len(regions)),
        "diamonds, % of white regions": share(sum(s == 2 and t for s, t in
                                                  zip(sizes, tilted, strict=True)), len(regions)),
        "largest white region": max(sizes, default=0.0),
        "mean white region": float(np.mean(sizes)) if sizes else 0.0,
        "white regions per 100 cells": share(len(regions), area),
        "touch points per 100 cells": share(int(MEETS[point_rings(framed)].sum()), area),
    }


# -- every picture of the empty boards, both readings -----------------------------------------

SWEEP_SIDES = (3, 4, 5, 6, 7)


def _sweep_side(n: int) -> dict[str, Any]:
    """Legal pictures of the empty n×n board found by the table and built by the definition,
    each set judged by the other reading too."""
    table = set(pictures.by_table(n))
    definition = set(pictures.by_rectangles(n))
    definition_pics = np.array(sorted(definition), dtype=np.int8).reshape(-1, n, n)
    # one picture at a time: the threaded batch check may not run in a forked worker
    judged = sum(not white_area_ok_one(np.array(pic, dtype=np.int8).reshape(n, n))
                 for pic in table) + int((~local_ok_batch(definition_pics)).sum())
    return {"board": f"empty {n}x{n}", "pictures": f"5^{n * n}", "legal_by_table": len(table),
            "legal_by_definition": len(definition),
            "disagreements": len(table ^ definition) + judged}


@study("shakashaka-sweep",
       ("board", "pictures", "legal_by_table", "legal_by_definition", "disagreements"),
       lambda rows: f"every picture of the empty 3×3 … 7×7 boards: {rows[-1]['legal_by_table']:,} "
       f"legal by the table, {rows[-1]['legal_by_definition']:,} by the definition, "
       f"{rows[-1]['disagreements']} disagreements.",
       write_up="every picture of the empty n×n board, n = 3 … 7, judged by the definition "
       "and by the table, both directions")
def sweep_empty(params: Params, track: Track) -> list[dict[str, Any]]:
    """The table and the definition find the same legal pictures on every empty board up to 7×7.

    5^49 pictures cannot be enumerated, so each reading enumerates its own legal ones: the
    table as a pruned enumerator (every lattice point checked as soon as its four cells are
    set), the definition by building pictures out of white rectangles (each quarter black or
    the first of a rectangle laid whole; no two rectangles sharing an edge; no lattice point
    consulted). Both directions: the two sets must be equal, every picture the table finds
    must pass the validator's flood fill, and every picture built from rectangles must pass
    the table (`disagreements` counts every failure of the three). `--boards` sets the largest
    side (default 7, at least 3; the definition's enumeration takes about half a minute at
    7)."""
    sides = [n for n in SWEEP_SIDES if n <= max(SWEEP_SIDES[0], params.n(SWEEP_SIDES[-1]))]
    rows = pmap(_sweep_side, sides[::-1], params, track, "sides")[::-1]
    rows.append({"board": f"total {sides[0]}x{sides[0]}…{sides[-1]}x{sides[-1]}",
                 "pictures": "", **{k: sum(r[k] for r in rows) for k in
                                    ("legal_by_table", "legal_by_definition", "disagreements")}})
    return rows


@study("shakashaka-four-corners",
       ("board", "pictures", "legal", "four_turns_accepts", "four_turns_wrong",
        "right_angles_accepts", "right_angles_wrong"),
       lambda rows: f"the four-turn outline checker accepts {rows[1]['four_turns_accepts']:,} "
       f"pictures of the empty 3×3, {rows[1]['legal']} of them legal; insisting on right "
       f"angles it accepts {rows[1]['right_angles_accepts']}, exactly the legal ones.",
       write_up="every picture of the empty 2×2 and 3×3 boards; uniform random pictures of "
       "the empty 4×4")
def four_corners(params: Params, track: Track) -> list[dict[str, Any]]:
    """"A rectangle turns four times" is not the rectangle law; "four right angles" is.

    The checker traces each white region's outline and accepts the picture when every outline
    turns exactly four times (a 45° spike and a 135° bend are turns too, so a trapezoid
    passes); the fix also insists that every turn is a right angle. Judged against the
    validator on every picture; `_wrong` counts verdicts that differ from it. The empty 4×4
    (5¹⁶ = 1.5·10¹¹ pictures) is not cheap to enumerate (about two days at this checker's
    speed), so it is sampled: uniform random pictures (`--boards`, default 2,000,000), and the
    sample's counts scaled to the 5¹⁶ pictures as an estimate (the exact legal count, 23, is
    the naive study's; the estimate's relative error is about one over the square root of the
    sample's hits): the four-turn checker's wrong verdicts grow with the board in number
    (20, 3,010, millions), though ever fewer of all pictures."""
    rows = []
    for n in track((2, 3), 2, "boards"):
        rows.append({"board": f"empty {n}x{n}", **_outline_counts(every_picture(n, n, 5))})
    rng = np.random.default_rng(params.seed)
    sample = params.n(2_000_000)
    chunks = (rng.integers(0, 5, size=(min(CHUNK, sample - k), 4, 4), dtype=np.int8)
              for k in range(0, sample, CHUNK))
    counts = _outline_counts(chunks)
    rows.append({"board": f"empty 4x4 (uniform sample of {sample:,})", **counts})
    scale = 5**16 / sample
    rows.append({"board": "empty 4x4 (estimate from the sample)",
                 **{k: round(v * scale) for k, v in counts.items()}})
    return rows


def _outline_counts(chunks: Iterator[np.ndarray]) -> dict[str, int]:
    """Pictures, legal ones, and what each outline checker accepts and gets wrong."""
    legal = naive = naive_wrong = fixed = fixed_wrong = seen = 0
    for pics in chunks:
        truth = white_area_ok_batch(pics)
        turns4, right = pictures.outline_ok(pics, False), pictures.outline_ok(pics, True)
        seen += len(pics)
        legal += int(truth.sum())
        naive += int(turns4.sum())
        naive_wrong += int((turns4 != truth).sum())
        fixed += int(right.sum())
        fixed_wrong += int((right != truth).sum())
    return {"pictures": seen, "legal": legal, "four_turns_accepts": naive,
            "four_turns_wrong": naive_wrong, "right_angles_accepts": fixed,
            "right_angles_wrong": fixed_wrong}


CHECKS = {
    "table_us": (lambda answer, cells: local_ok_one(cells), 200),
    "flood_fill_us": (lambda answer, cells: white_area_ok_one(cells), 200),
    "table_numpy_us": (lambda answer, cells: local_ok_batch(cells[None]), 200),
    "flood_fill_python_us": (lambda answer, cells: white_area_ok(answer), 20),
}
"""The checks timed on finished boards, in the study's column order, each with the calls a
timing makes."""


def _check_speed(boards: list[tuple[Puzzle, Any]]) -> dict[str, float]:
    """Median microseconds per finished board of each check (each the best of three timings
    of many calls; one call first, to compile and cache)."""
    import timeit

    out = {}
    for name, (check, number) in CHECKS.items():
        times = []
        for _, answer in boards:
            run = functools.partial(check, answer, np.array(answer.cells, dtype=np.int8))
            run()
            times.append(min(timeit.repeat(run, number=number, repeat=3)) / number * 1e6)
        out[name] = round(statistics.median(times), 1)
    return out


@study("shakashaka-check-speed",
       ("size", "boards", *CHECKS),
       write_up=WRITE_UP_SET + "; 16 boards a size")
def check_speed(params: Params, track: Track) -> list[dict[str, Any]]:
    """How long it takes to check a finished board: the table against the flood fill.

    Microseconds per finished board (median over the boards, each the best of three timings
    of many calls, one process): `table` = every lattice point's ring looked up in the
    256-entry table, compiled; `flood_fill` = the validator's definition compiled (quarter
    flood fill and box areas, the search's leaf test); `table_numpy` = the table over numpy
    arrays (most of it the cost of a numpy call); `flood_fill_python` = the definition as
    the validator's readable Python. Timings depend on the machine. Compiled, the two checks
    are within a microsecond or so of each other on these boards, and which is ahead depends
    on the size (the flood fill can win on the smallest); the table's time grows more slowly
    with the board. Both are far ahead of the numpy and readable Python versions."""
    rows = []
    for size, boards in track(board_set(params, track, "census").items(), None, "sizes"):
        rows.append({"size": size, "boards": len(boards), **_check_speed(boards)})
    return rows
