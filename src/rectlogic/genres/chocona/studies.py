"""Chocona studies: the raw stream through the ladder, ablation, the two generator dials, the
exhaustive agreement of three readings, and the probe law."""

from __future__ import annotations

import statistics
from typing import Any

import numpy as np

from ...grade import finished_by
from ...grid import NO_CLUE
from ...solve import solve
from ...studies import Params, Track, bank_boards, janko_puzzles, pct, pmap, rule_set_rows, study
from .brute import brute_force, pairwise_legal_count
from .generate import raw_board
from .model import Answer, Puzzle, make_puzzle
from .rules import LADDER, RULES
from .validate import clumps

RUNGS = tuple(LADDER)[1:]  # quota, corner, box, probe


def _raw(job: tuple[int, int, int, int, int]) -> tuple[Puzzle, Answer]:
    """Raw board k of a stream (size, max_size, max_rect, seed): made from those alone."""
    size, max_size, max_rect, seed, k = job
    rng = np.random.default_rng([seed, size, max_size, max_rect, k])
    return raw_board(size, size, rng, max_size=max_size, max_rect=max_rect)


def _board(job: tuple[int, int, int, int, int]) -> dict[str, Any]:
    """One raw board and what happens to it: regions, rectangles, shaded share, the rungs
    whose fixpoint finishes it, and whether it has exactly one answer."""
    puzzle, answer = _raw(job)
    shaded = sum(map(sum, answer.shaded))
    return {
        "regions": len(puzzle.clues),
        "rects": len(clumps(answer)),
        "shaded": shaded / (answer.rows * answer.cols),
        "finished": {r: finished_by(puzzle, r) is not None for r in RUNGS},
        "unique": solve(puzzle, limit=2).status == "unique",
    }


_SEEN: dict[tuple, list[dict[str, Any]]] = {}
"""Boards already made in this process, by (size, max_size, max_rect, seed, count): the
probe law reuses the stream and the dials rather than remaking them."""


def _stream(
    params: Params,
    track: Track,
    size: int,
    default: int,
    label: str,
    max_size: int = 6,
    max_rect: int = 3,
) -> list[dict[str, Any]]:
    key = (size, max_size, max_rect, params.seed, params.n(default))
    if key not in _SEEN:
        jobs = [(size, max_size, max_rect, params.seed, k) for k in range(params.n(default))]
        _SEEN[key] = pmap(_board, jobs, params, track, label)
    return _SEEN[key]


def _sized(params: Params, track: Track, size: int) -> list[dict[str, Any]]:
    return _stream(params, track, size, 300, f"{size}x{size}")


def _partitioned(params: Params, track: Track, max_size: int) -> list[dict[str, Any]]:
    return _stream(params, track, 8, 150, f"max_size {max_size}", max_size=max_size)


def _darted(params: Params, track: Track, max_rect: int) -> list[dict[str, Any]]:
    return _stream(params, track, 8, 150, f"max_rect {max_rect}", max_rect=max_rect)


def _share(boards: list[dict[str, Any]], test) -> float:
    return pct(sum(1 for b in boards if test(b)), len(boards))


STREAM_SIZES = (6, 8, 10)
PARTITION_DIAL = (1, 2, 3, 5, 8, 12)
RECT_DIAL = (1, 2, 3, 4, 5)


@study("chocona-stream", ("size", "boards", *(f"{r}_pct" for r in RUNGS), "unique_pct"),
       lambda rows: "raw boards with exactly one answer: "
       + ", ".join(f"{r['size']} {r['unique_pct']} %" for r in rows) + ".")
def stream(params: Params, track: Track) -> list[dict[str, Any]]:
    """The raw stream through the ladder: which rung's fixpoint finishes a board.

    Raw boards: a random partition (regions up to 6 cells), a dart packing (rectangles up to
    3×3), every region numbered. `rung_pct` = boards that rung's fixpoint alone finishes;
    `unique_pct` = boards with exactly one answer. 300 boards a size by default."""
    rows = []
    for size in STREAM_SIZES:
        boards = _sized(params, track, size)
        rows.append(
            {
                "size": f"{size}x{size}",
                "boards": len(boards),
                **{f"{r}_pct": _share(boards, lambda b, r=r: b["finished"][r]) for r in RUNGS},
                "unique_pct": _share(boards, lambda b: b["unique"]),
            }
        )
    return rows


@study("chocona-ablation", ("size", "rules", "reduction_pct", "finished_pct"))
def ablation(params: Params, track: Track) -> list[dict[str, Any]]:
    """The full ladder minus one rule, on the raw stream (100 boards a size by default).

    reduction = the share of removable values the fixpoint removes, averaged over boards;
    finished = boards it decides completely and correctly."""
    full = frozenset(RULES)
    sets = {"full": full} | {f"full − {r}": full - {r} for r in RULES}
    boards = {
        f"{s}x{s}": [_raw((s, 6, 3, params.seed, k))[0] for k in range(params.n(100))]
        for s in (6, 8)
    }
    return rule_set_rows(boards, sets, params, track)


PARTITION_COLUMNS = ("regions_mean", "unique_pct", "probe_solves_pct", "quota_solves_pct")
RECT_COLUMNS = ("rects_mean", "black_share", "unique_pct", "probe_solves_pct")


@study("chocona-partition-dial", ("max_size", *PARTITION_COLUMNS))
def partition_dial(params: Params, track: Track) -> list[dict[str, Any]]:
    """Region size is the dial of uniqueness: 8×8 raw boards as the largest region grows.

    150 boards a point by default; rectangles up to 3×3."""
    return [{"max_size": m} | _summary(_partitioned(params, track, m), PARTITION_COLUMNS)
            for m in PARTITION_DIAL]


@study("chocona-rect-dial", ("max_rect", *RECT_COLUMNS))
def rect_dial(params: Params, track: Track) -> list[dict[str, Any]]:
    """Rectangle size is the other dial: 8×8 raw boards as the largest dart grows.

    Regions up to 6 cells; 150 boards a point by default. black_share = shaded cells (%)."""
    return [{"max_rect": m} | _summary(_darted(params, track, m), RECT_COLUMNS)
            for m in RECT_DIAL]


def _summary(boards: list[dict[str, Any]], columns: tuple[str, ...]) -> dict[str, Any]:
    """The measures of one dial point that its study's columns ask for."""
    measures = {
        "regions_mean": round(float(statistics.mean(b["regions"] for b in boards)), 1),
        "rects_mean": round(float(statistics.mean(b["rects"] for b in boards)), 1),
        "black_share": round(100 * statistics.mean(b["shaded"] for b in boards), 1),
        "unique_pct": _share(boards, lambda b: b["unique"]),
        "probe_solves_pct": _share(boards, lambda b: b["finished"]["probe"]),
        "quota_solves_pct": _share(boards, lambda b: b["finished"]["quota"]),
    }
    return {c: measures[c] for c in columns}


def _exhaustive(n: int) -> dict[str, Any]:
    blank = make_puzzle([[0] * n for _ in range(n)], [[NO_CLUE] * n for _ in range(n)])
    by_pairs = pairwise_legal_count(n, n)
    by_search = solve(blank, limit=0, budget=None).count
    by_brute = len(brute_force(blank))
    return {
        "size": f"{n}x{n}",
        "legal": by_pairs,
        "engines_agree": by_pairs == by_search == by_brute,
    }


@study("chocona-exhaustive", ("size", "legal", "engines_agree"),
       lambda rows: "clue-free boards, legal shadings by window search, brute force and "
       "pairwise boxes: " + ", ".join(f"{r['size']} {r['legal']:,}" for r in rows)
       + (", all three agree." if all(r["engines_agree"] for r in rows) else ", DISAGREE."))
def exhaustive(params: Params, track: Track) -> list[dict[str, Any]]:
    """Three readings count the legal shadings of the clue-free n×n board alike.

    The window-rule search, the brute force through the validator (flood fill against boxes)
    and the pairwise-box enumerator (every pair of a clump's cells spans a shaded box)."""
    return pmap(_exhaustive, [2, 3, 4], params, track, "sizes")


@study("chocona-probe-law", ("source", "boards", "finished_by_probe", "finished_pct"),
       lambda rows: "unique boards the probe fixpoint finishes: "
       + ", ".join(f"{r['source']} {r['finished_by_probe']}/{r['boards']}" for r in rows) + ".")
def probe_law(params: Params, track: Track) -> list[dict[str, Any]]:
    """The law to keep score on: does every board with a unique answer fall to the probe fixpoint?

    Every unique board of the raw stream and of both dials (the same boards as those studies),
    every bank board, and Janko's published Chocona (when run from a checkout)."""
    boards = [b for n in STREAM_SIZES for b in _sized(params, track, n)]
    boards += [b for m in PARTITION_DIAL for b in _partitioned(params, track, m)]
    boards += [b for m in RECT_DIAL for b in _darted(params, track, m)]
    found = {"raw stream and dials": [b["finished"]["probe"] for b in boards if b["unique"]]}
    found["bank"] = pmap(_probe_finishes, [p for size in bank_boards("chocona").values()
                                           for p, _ in size], params, track, "bank")
    if (janko := janko_puzzles("chocona")) is not None:
        found["janko"] = pmap(_probe_finishes, janko, params, track, "janko")
    return [{"source": source, "boards": len(done), "finished_by_probe": sum(done),
             "finished_pct": pct(sum(done), len(done))} for source, done in found.items()]


def _probe_finishes(puzzle: Any) -> bool:
    return finished_by(puzzle, "probe") is not None


def looks(boards: list[tuple[Puzzle, Any]]) -> dict[str, float]:
    """Cells per region and numbered regions (medians per board)."""
    per_region, numbered = [], []
    for puzzle, _ in boards:
        per_region.append(puzzle.rows * puzzle.cols / len(puzzle.clues))
        numbered.append(pct(sum(v != NO_CLUE for v in puzzle.clues), len(puzzle.clues)))
    return {"cells per region (median)": round(statistics.median(per_region), 2),
            "regions numbered % (median)": round(statistics.median(numbered), 1)}
