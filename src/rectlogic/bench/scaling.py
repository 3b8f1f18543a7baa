"""How solving time grows with the board: generated boards of growing side, every engine on
the same boards (interleaved), the fitted growth exponent, and our peak memory.

The boards are each genre's `scaling_board`: numbered from its own answer before any number
is removed (thinning a 100×100 board would take longer than the study). An engine that
needs more than `cap` seconds on a board is not run on larger sides."""

from __future__ import annotations

import statistics
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import RectlogicError
from ..genres.registry import get_genre
from ..solve import solve
from .corpus import engine, no_gc, timed, warm_up


def scaling_board(genre: str, side: int, seed: int) -> Any:
    """The genre's scaling board on a side×side grid (`Genre.scaling_board`)."""
    return get_genre(genre).scaling_board(side, np.random.default_rng([seed, side]))


def peak_mb(puzzle: Any) -> float:
    """Peak memory our solver allocates on this board (numpy included, arrays made inside
    numba kernels not: tracemalloc does not see them), in MB."""
    tracemalloc.start()
    try:
        solve(puzzle, limit=2)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


@dataclass
class ScalingReport:
    genre: str
    engines: tuple[str, ...]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def exponents(self) -> dict[str, float | None]:
        """Per engine, k in time ∝ cells^k, fitted on log-log over the sides it ran."""
        out: dict[str, float | None] = {}
        for name in ("ours", *self.engines):
            pts = [(r["cells"], r[f"{name}_ms"]) for r in self.rows if r[f"{name}_ms"]]
            if len(pts) < 2:
                out[name] = None
                continue
            x, y = np.log([p[0] for p in pts]), np.log([p[1] for p in pts])
            out[name] = round(float(np.polyfit(x, y, 1)[0]), 2)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"genre": self.genre, "rows": self.rows, "exponents": self.exponents()}


def run_scaling(genre: str, rivals: tuple[str, ...] = (), boards: int = 3, seed: int = 0,
                sides: tuple[int, ...] | None = None, cap: float = 30.0,
                progress: Callable[[int, int], None] | None = None) -> ScalingReport:
    """Per side: `boards` boards, the median time of each engine, our nodes and peak memory."""
    genre = get_genre(genre).name
    sides = sides or get_genre(genre).SCALING_SIDES
    if boards < 1:
        raise RectlogicError("--boards must be at least 1")
    runners = {name: engine(name, genre) for name in rivals}
    report = ScalingReport(genre, rivals)
    retired: set[str] = set()
    warm_up(scaling_board(genre, 4, seed), runners.values())
    for k, side in enumerate(sides):
        puzzles = [scaling_board(genre, side, seed + b) for b in range(boards)]
        times: dict[str, list[float]] = {name: [] for name in ("ours", *rivals)}
        statuses = []
        for puzzle in puzzles:
            with no_gc():
                s = solve(puzzle, limit=2)
            times["ours"].append(s.seconds * 1000)
            statuses.append(s.status)
            for name, run in runners.items():
                if name in retired:
                    continue
                try:
                    ran, ms = timed(run, puzzle)
                except RectlogicError:  # refuses boards this large (the clause engines' cap)
                    retired.add(name)
                    continue
                if ran is not None:
                    times[name].append(ms)
        row: dict[str, Any] = {"side": side, "cells": side * side, "boards": len(puzzles),
                               "status": ",".join(sorted(set(statuses)))}
        for name, ts in times.items():
            row[f"{name}_ms"] = round(statistics.median(ts), 2) if ts else None
            if ts and max(ts) > cap * 1000:
                retired.add(name)
        row["ours_peak_mb"] = round(max(peak_mb(p) for p in puzzles), 1)
        report.rows.append(row)
        if progress:
            progress(k + 1, len(sides))
    return report
