"""The first solve in a fresh process: what a user waits for when they type `rectlogic solve
URL` once. Each run starts a new process that solves one board of a genre (the first of its
own examples: pzprjs's) and reports its `seconds` field (the solve itself) and the process's
wall time (start-up, imports, solve, output), with the kernels served ahead of time
(`rectlogic.compiled`) and, beside them, with numba loading them from its cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from statistics import median
from typing import Any

from ..genres import registry

MODES = {"native": {}, "numba": {"RECTLOGIC_JIT": "1"}}
"""How the kernels are served: the native module, or numba (from its cache on disk)."""


def first_board(genre: Any) -> str:
    """The first of a genre's examples, as a URL (the contract tests see that there is one)."""
    return genre.examples.SOLVED[0].url


def command() -> list[str]:
    """The `rectlogic` command beside this Python (as a user runs it), else the module."""
    script = Path(sys.executable).with_name("rectlogic")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from rectlogic.cli import main; main()"]


def one_run(url: str, env: dict[str, str]) -> tuple[float, float]:
    """(the solve's own seconds, the process's wall seconds) of one fresh `solve --json`."""
    base = {k: v for k, v in os.environ.items() if k != "RECTLOGIC_JIT"}
    started = time.perf_counter()
    done = subprocess.run([*command(), "solve", url, "--json"], capture_output=True,
                          text=True, env={**base, **env}, timeout=120, check=True)
    wall = time.perf_counter() - started
    return json.loads(done.stdout)["seconds"], wall


def run_first_solve(runs: int = 5, genres: Iterable[Any] | None = None) -> list[dict[str, Any]]:
    """Per genre (every registered one unless given) and mode: medians and maxima over `runs`
    fresh processes, in ms."""
    rows = []
    for g in registry.GENRES if genres is None else genres:
        genre, url = g.name, first_board(g)
        for mode, env in MODES.items():
            timings = [one_run(url, env) for _ in range(runs)]
            solves = [1000 * s for s, _ in timings]
            walls = [1000 * w for _, w in timings]
            rows.append({"genre": genre, "mode": mode, "runs": runs, "url": url,
                         "solve_median_ms": round(median(solves), 2),
                         "solve_max_ms": round(max(solves), 2),
                         "process_median_ms": round(median(walls)),
                         "process_max_ms": round(max(walls))})
    return rows
