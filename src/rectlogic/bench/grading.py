"""How long grading takes (`rectlogic bench --grading`): every bank board graded as the
generator grades it (proved unique, then the weakest rung that finishes it) and as the
player's stars need it (`scored`: the score within the grade, steps per rung, difficulty),
per genre and size, with the bank's own grade checked against the one found."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

from .. import bank
from ..formats.auto import load
from ..grade import grade


def run_grading_bench(rows: Iterable[bank.Row], sample: int = 1,
                      progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Per genre and size: boards, how many got the bank's grade back, and the median / p90 /
    max milliseconds of a plain grade and of a scored one (every `sample`th board; one
    board of each group graded first, untimed, so compiling is not counted)."""
    groups: dict[tuple[str, int], list[bank.Row]] = {}
    for row in rows:
        groups.setdefault((row.genre, row.rows), []).append(row)
    out, done = [], 0
    for (genre, side), found in sorted(groups.items()):
        chosen = found[::sample]
        grade(load(chosen[0].url, genre).puzzle, scored=True)  # the kernels, loaded
        plain, scored, agree = [], [], 0
        for row in chosen:
            puzzle = load(row.url, genre).puzzle
            began = time.perf_counter()
            g = grade(puzzle)
            plain.append(1000 * (time.perf_counter() - began))
            began = time.perf_counter()
            grade(puzzle, scored=True)
            scored.append(1000 * (time.perf_counter() - began))
            agree += g.grade == row.grade
            done += 1
            if progress:
                progress(done)
        out.append({"genre": genre, "size": f"{side}x{side}", "boards": len(chosen),
                    "same_grade": agree, **_spread("grade", plain), **_spread("scored", scored)})
    return out


def _spread(name: str, ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    return {f"{name}_median_ms": round(statistics.median(ms), 2),
            f"{name}_p90_ms": round(ms[min(len(ms) - 1, int(0.9 * len(ms)))], 2),
            f"{name}_max_ms": round(ms[-1], 2)}
