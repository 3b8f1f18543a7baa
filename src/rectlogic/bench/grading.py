"""How long grading takes (`rectlogic bench --grading`): every bank board graded as the
generator grades it (proved unique, then the weakest rung that finishes it) and as the
player's stars need it (`scored`: the score within the grade, steps per rung, difficulty),
per genre and size, with the bank's own grade checked against the one found."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from .. import bank
from ..formats.auto import load
from ..grade import grade
from .corpus import spread_ms


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
                    "same_grade": agree,
                    **{f"grade_{k}": v for k, v in spread_ms(plain).items()},
                    **{f"scored_{k}": v for k, v in spread_ms(scored).items()}})
    return out
