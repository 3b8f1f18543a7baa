"""How fast the setter's analysis keeps up: every bank board of a size with one number
dropped (which leaves many of them ambiguous), analysed in full (suggestions included)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from typing import Any

from .. import bank
from ..analyze import analyze
from ..formats.auto import load
from ..genres import genre_of


def run_analysis_bench(sizes: tuple[int, ...] = (10, 20), per_size: int | None = None,
                       bank_path: str | None = None) -> list[dict[str, Any]]:
    """Per genre and size: boards, statuses, and the median / p90 / max analysis time."""
    by_kind: dict[tuple[str, int], list[Any]] = {}
    for row in bank.rows(bank_path):
        if row.rows in sizes:
            by_kind.setdefault((row.genre, row.rows), []).append(row)
    out = []
    for (genre, side), rows in sorted(by_kind.items()):
        times, statuses = [], Counter()
        for row in rows[:per_size]:
            p = load(row.url).puzzle
            author = genre_of(p).author
            clues = author.clue_cells(p)
            q = author.relax(p, clues[len(clues) // 2:][:1])  # one number dropped
            analyze(q)  # warm (kernels, candidate caches)
            began = time.perf_counter()
            result = analyze(q)
            times.append(1000 * (time.perf_counter() - began))
            statuses[result["status"]] += 1
        times.sort()
        out.append({"genre": genre, "size": f"{side}x{side}", "boards": len(times),
                    "statuses": dict(statuses),
                    "median_ms": round(statistics.median(times), 1),
                    "p90_ms": round(times[int(0.9 * (len(times) - 1))], 1),
                    "max_ms": round(times[-1], 1)})
    return out
