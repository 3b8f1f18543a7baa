"""docs/BENCHMARKS.md: every Janko corpus against every engine, and the scaling runs, in one
file written by `make bench` (`rectlogic bench --report FILE`)."""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..genres import registry
from ..tables import markdown_table
from .corpus import BLOCK, janko_corpus, run_corpus
from .first import run_first_solve
from .peers import PEERS, installed, supports
from .scaling import run_scaling


def installed_peers(genre: str) -> tuple[str, ...]:
    return tuple(name for name in PEERS if supports(name, genre) and installed(name))


def _fmt(v: Any) -> str:
    return "—" if v is None else f"{v:,}" if isinstance(v, int) else str(v)


def write_report(path: str | Path, sample: int = 1, boards: int = 2,
                 note: Callable[[str], None] = lambda s: None) -> None:
    """Run everything and write the markdown (plus the raw JSON beside it)."""
    started = time.perf_counter()
    corpora, scalings = [], []
    for g in registry.GENRES:
        genre = g.name
        clause_engines = ("sat", "cpsat") if g.clause_model is not None else ()
        if janko_corpus(genre).is_file():  # a genre Janko does not publish has no corpus
            engines = (*clause_engines, *installed_peers(genre))
            note(f"corpus {genre} vs {', '.join(engines)}")
            report = run_corpus(janko_corpus(genre), genre, rivals=engines, sample=sample)
            corpora.append(report.to_json())
        note(f"scaling {genre}")
        scalings.append(run_scaling(genre, clause_engines, boards=boards).to_json())
    note("first solve in fresh processes")
    first = run_first_solve()
    seconds = time.perf_counter() - started
    text = "\n".join(_markdown(corpora, scalings, first, sample, boards, seconds))
    Path(path).write_text(text, encoding="utf-8")
    Path(path).with_suffix(".json").write_text(
        json.dumps({"corpora": corpora, "scaling": scalings, "first_solve": first}, indent=1),
        encoding="utf-8")


def first_solve_table(first: list[dict]) -> str:
    return markdown_table(
        ("genre", "kernels", "runs", "solve median ms", "solve max ms", "process median ms",
         "process max ms"),
        ((r["genre"], r["mode"], r["runs"], r["solve_median_ms"], r["solve_max_ms"],
          r["process_median_ms"], r["process_max_ms"]) for r in first))


def _markdown(corpora: list[dict], scalings: list[dict], first: list[dict], sample: int,
              boards: int, seconds: float) -> Iterator[str]:
    yield "# Benchmarks\n"
    yield (f"Written by `make bench` (`rectlogic bench --report`) in {seconds / 60:.1f} min on "
           f"{platform.machine()} / Python {platform.python_version()}; raw figures in "
           f"BENCHMARKS.json. Engines take turns by blocks of {BLOCK} puzzles (same stretch of "
           "machine time, each engine warm, as over a corpus); each engine solves one puzzle "
           "untimed first (imports, compiled kernels); the garbage collector is off while a "
           "solve is timed. "
           "Ratio = median over puzzles of ours/theirs (below 1: ours is faster).\n")
    yield ("Engines: `ours` (propagation, probing, search; limit 2 proves uniqueness), `sat` "
           "(CNF — a window law as its prime clauses where a genre has one — built in "
           "Python, then CaDiCaL via python-sat in one instance, the answer blocked to count "
           "2; build and solve times apart), `cpsat` (OR-Tools CP-SAT "
           "on the same rules, count 2), `puzzlekit` (stops at the first answer), `mps` "
           "(multi-puzzle-solver, enumerates every answer).\n")
    yield "## Janko corpora\n"
    if sample > 1:
        yield f"One puzzle in {sample} of each corpus (`--sample {sample}`).\n"
    for c in corpora:
        yield f"### {c['genre']} ({c['count']} puzzles)\n"
        yield markdown_table(
            ("engine", "ran on", "median ms", "p90 ms", "max ms", "ours/theirs", "disagree",
             "median build + solve ms"),
            ((name, _fmt(c["count"] if name == "ours" else e.get("ran")), _fmt(e["median_ms"]),
              _fmt(e["p90_ms"]), _fmt(e["max_ms"]),
              "" if name == "ours" else _fmt(e["ratio_median"]),
              _fmt(e.get("disagreements", 0)),
              f"{_fmt(e['build_ms'])} + {_fmt(e['solve_ms'])}" if "build_ms" in e else "")
             for name, e in c["engines"].items()))
        yield ""
    yield "## Scaling\n"
    yield (f"Generated boards ({boards} a side; every number kept), median ms per engine; an "
           "engine over 30 s on a board is not run on larger ones, nor one that refuses the "
           "board's size (the clause engines take at most 10,000 cells) (—). Exponent k: time ∝ "
           "cells^k, fitted log-log. Peak MB is what tracemalloc sees (Python and numpy); "
           "the compiled kernels' own arrays (scratch and search stack, a few board-sized "
           "arrays a node) are not traced.\n")
    for s in scalings:
        names = [k[:-3] for k in s["rows"][0] if k.endswith("_ms")]
        yield f"### {s['genre']}\n"
        rows = [(r["side"], r["status"], *(_fmt(r[f"{n}_ms"]) for n in names), r["ours_peak_mb"])
                for r in s["rows"]]
        rows.append(("exponent k", "", *(_fmt(s["exponents"][n]) for n in names), ""))
        yield markdown_table(("side", "status", *(f"{n} ms" for n in names), "ours peak MB"),
                             rows) + "\n"
    yield "## First solve in a fresh process\n"
    yield ("Each run is a new process, `rectlogic solve URL --json` of the shipped bank's first "
           "6×6 board of the genre, as a user types it once: `solve` is the `seconds` the "
           "answer reports (the solve, tables loaded on first use included), `process` the "
           "whole command's wall time (start-up, imports, solve, output). `native`: the "
           "kernels compiled ahead of time by `make` (`rectlogic.compiled`), numba never "
           "imported; `numba`: the same kernels loaded from numba's cache on disk "
           "(RECTLOGIC_JIT=1), as before.\n")
    yield first_solve_table(first) + "\n"
