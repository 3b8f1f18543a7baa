"""How fast the setter's analysis keeps up: bank boards with one edit made as the workbench
makes it (a cell's token changed), analysed in full (suggestions included).

The edits: every deletion of a number (its cell made empty), and additions of each small
number (0–4 in Shakashaka, 1–4 elsewhere) on a few empty cells per board, chosen at random
with a fixed seed (all additions would be hundreds per board: one per number per cell)."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from .. import bank
from ..analyze import analyze, cut_short
from ..formats.auto import load
from ..genres import genre_of
from ..solve import warm_up


def single_edits(puzzle: Any, cells: int, rng: random.Random
                 ) -> Iterator[tuple[str, tuple[int, int], Any]]:
    """("delete" | "add", the cell edited, the edited puzzle): every number deleted, then
    each small number written on `cells` empty cells (0: every empty cell)."""
    author = genre_of(puzzle).author
    state = author.decompose(puzzle)
    tokens = state["cells"]

    def edited(r: int, c: int, token: str) -> Any:
        changed = [row[:] for row in tokens]
        changed[r][c] = token
        return author.compose(puzzle.rows, puzzle.cols, changed, state["borders"])

    places = [(r, c) for r, row in enumerate(tokens) for c, t in enumerate(row)]
    for r, c in places:
        if tokens[r][c] not in ("", "#"):
            yield "delete", (r, c), edited(r, c, "")
    empty = [(r, c) for r, c in places if tokens[r][c] == ""]
    chosen = empty if cells == 0 else rng.sample(empty, min(cells, len(empty)))
    for r, c in chosen:
        for n in author.ADDED_NUMBERS:
            yield "add", (r, c), edited(r, c, n)


SIZES = (10, 15, 20)
"""The bank's board sides the analysis is timed on."""


def run_analysis_bench(sizes: tuple[int, ...] = SIZES, per_size: int = 0,
                       cells: int = 4, genre: str | None = None, bank_path: str | None = None,
                       seed: int = 0, progress: Callable[[int], None] | None = None
                       ) -> list[dict[str, Any]]:
    """Per genre and size: edits, statuses (and how many analyses ran out of time for the
    differing cells or the smallest conflict: `cut short`, each named in `cut_short_edits`
    as [board id, edit, row, column, the part cut short]), and the median / p99 / max
    analysis time in ms, wall-clock and the process's CPU time (`cpu_…`: the machine may be
    shared, and other processes' load inflates only the first) (`per_size` boards of each,
    0 = all; `cells` empty cells per board get additions). An edit cut short is analysed
    again as the workbench asks again, with the patience each analysis says
    (`ask_again_with`) until one says no more: how many edits (`asked_again`), how many
    askings in all (`askings`), how many still cut short at the most patience
    (`short_again`), and the median / p99 / max of the askings' time together (`again_…`:
    from the first verdict to the whole analysis)."""
    warm_up()  # as a server's worker starts (kernels loaded, what lives on frozen)
    by_kind: dict[tuple[str, int], list[Any]] = {}
    for row in bank.rows(bank_path, genre=genre):
        if row.rows in sizes:
            by_kind.setdefault((row.genre, row.rows), []).append(row)
    rng = random.Random(seed)
    out, done = [], 0
    for (name, side), rows in sorted(by_kind.items()):
        times: dict[str, list[float]] = {"delete": [], "add": []}
        cpu: list[float] = []
        statuses: Counter = Counter()
        cut: list[list[Any]] = []
        second: list[float] = []
        still = askings = 0
        warm = False
        for row in rows[:per_size or None]:
            for kind, cell, q in single_edits(load(row.url).puzzle, cells, rng):
                if not warm:  # the genre's kernels compile on first use: not an edit's time
                    analyze(q, focus=cell)
                    warm = True
                began, began_cpu = time.perf_counter(), time.process_time()
                result = analyze(q, focus=cell)  # as the workbench asks, after an edit
                times[kind].append(1000 * (time.perf_counter() - began))
                cpu.append(1000 * (time.process_time() - began_cpu))
                statuses[result["status"]] += 1
                short = [part for part, done in (("differ", result["differ_complete"]),
                                                 ("conflict", result["conflict_minimal"]))
                         if done is False]  # None: a conflict no deletion narrows
                statuses["cut short"] += bool(short)
                if short:
                    cut.append([row.id, kind, *cell, *short])
                if result["ask_again_with"] is not None:
                    began, again = time.perf_counter(), result
                    while again["ask_again_with"] is not None:  # as the workbench asks again
                        again = analyze(q, focus=cell, patience=again["ask_again_with"])
                        askings += 1
                    second.append(1000 * (time.perf_counter() - began))
                    still += cut_short(again)
                done += 1
                if progress:
                    progress(done)
        every = sorted(times["delete"] + times["add"])
        out.append({"genre": name, "size": f"{side}x{side}",
                    "boards": len(rows[:per_size or None]), "edits": len(every),
                    "deletions": len(times["delete"]), "additions": len(times["add"]),
                    "statuses": dict(statuses), **_spread(every),
                    **{f"cpu_{k}": v for k, v in _spread(sorted(cpu)).items()},
                    "cut_short_edits": cut, "asked_again": len(second),
                    "askings": askings, "short_again": still,
                    **{f"again_{k}": v for k, v in _spread(sorted(second)).items()}})
    return out


def _spread(times: list[float]) -> dict[str, float]:
    if not times:
        return {"median_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {"median_ms": round(statistics.median(times), 1),
            "p99_ms": round(times[math.ceil(0.99 * len(times)) - 1], 1),
            "max_ms": round(times[-1], 1)}
