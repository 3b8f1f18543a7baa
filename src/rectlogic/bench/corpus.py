"""Solve every puzzle of a corpus with limit 2 and report times and agreement.

A corpus is a Janko-format JSON (as in the puzzlekit dataset) or a text file of puzzle URLs,
one per line. Entries that cannot be read are reported with status `error` and their reason,
so one defective entry never hides the rest."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import FormatError, MissingPart, RectlogicError
from ..formats import janko
from ..formats.auto import janko_codec, load
from ..genres.registry import get_genre
from ..sat import ENGINES
from ..solve import solve
from .peers import PEERS, peer, supports

RIVALS = {name: partial(run, limit=2) for name, run in ENGINES.items()}
"""Our other engines, which `bench --vs` can time beside ours."""


def engine(name: str, genre: str) -> Callable[[Any], Any]:
    """A rival engine or an installed peer, by name, for a corpus of this genre."""
    if name in RIVALS:
        if get_genre(genre).clause_model is None:
            raise MissingPart(f"{get_genre(genre).name} has no clause model: {name} cannot "
                              "solve it")
        return RIVALS[name]
    if name not in PEERS:
        raise RectlogicError(
            f"unknown engine {name}; known: {', '.join([*RIVALS, *PEERS])}")
    if not supports(name, genre):
        raise RectlogicError(f"{name} does not solve {genre}")
    return peer(name)


@contextmanager
def no_gc() -> Iterator[None]:
    """Time with the garbage collector off, as `timeit` does: a collection of the whole heap
    that happens to fall inside one solve is the process's cost, not that puzzle's (it made
    a 0.5 ms board read 30 ms)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def timed(run: Callable[[Any], Any], puzzle: Any) -> tuple[Any, float]:
    """run(puzzle), and how long it took in ms (with the collector off)."""
    with no_gc():
        started = time.perf_counter()
        result = run(puzzle)
        return result, (time.perf_counter() - started) * 1000


def warm_up(puzzle: Any, runners: Iterable[Callable[[Any], Any]] = ()) -> None:
    """Solve one puzzle, untimed, with ours and every other engine: a first solve pays for
    imports and for loading our compiled kernels from numba's cache (about 0.15 s), which is
    the process's cost, paid once, not that puzzle's."""
    solve(puzzle, limit=2, budget=1_000)
    for run in runners:
        run(puzzle)


JANKO_DIR = Path("tests/data/janko")
"""Janko's published puzzles, one corpus per genre, in a checkout (test data, not shipped)."""


def janko_corpus(genre: str) -> Path:
    return JANKO_DIR / f"{genre.capitalize()}_dataset.json"


@dataclass
class CorpusItem:
    key: str
    puzzle: Any | None
    published: Any | None
    error: str | None = None


@dataclass
class PuzzleTiming:
    key: str
    rows: int
    cols: int
    status: str
    nodes: int
    ms: float
    matches: bool | None
    error: str | None = None


@dataclass
class BenchReport:
    genre: str
    puzzles: list[PuzzleTiming] = field(default_factory=list)
    rivals: dict[str, list[float | None]] = field(default_factory=dict)
    """Per other engine, its time per puzzle (ms; None where it could not run)."""
    phases: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    """Per engine with phases (the clause engines), each phase's time per puzzle (ms)."""
    disagreements: dict[str, list[str]] = field(default_factory=dict)
    """Per peer, the puzzles where its verdict differs from ours (peers are not ours to fix;
    their figures are reported with the count)."""

    def times(self) -> list[float]:
        return [p.ms for p in self.puzzles if p.status != "error"]

    def to_json(self) -> dict[str, Any]:
        return {
            "genre": self.genre,
            "count": len(self.puzzles),
            **spread_ms(self.times()),
            "puzzles": [
                {k: v for k, v in asdict(p).items() if k != "error" or v is not None}
                | {f"{name}_ms": times[i] for name, times in self.rivals.items()}
                for i, p in enumerate(self.puzzles)
            ],
        } | ({"engines": self.engines()} if self.rivals else {})

    def engines(self) -> dict[str, dict[str, float | None]]:
        """Per engine: median, p90, max, and the median of per-puzzle ratios ours/theirs."""
        ours = [p.ms if p.status != "error" else None for p in self.puzzles]
        out = {"ours": _summary(ours, ours)}
        for name, times in self.rivals.items():
            out[name] = _summary(times, ours) | {
                "ran": sum(t is not None for t in times),
                "disagreements": len(self.disagreements.get(name, [])),
            } | {phase: round(statistics.median(ts), 3)
                 for phase, ts in self.phases.get(name, {}).items() if ts}
        return out


def spread_ms(ts: list[float]) -> dict[str, float | None]:
    """Median, p90 and max of times in ms (None for none), as every benchmark reports them."""
    return {
        "median_ms": round(statistics.median(ts), 3) if ts else None,
        "p90_ms": round(float(np.percentile(ts, 90)), 3) if ts else None,
        "max_ms": round(max(ts), 3) if ts else None,
    }


def _summary(times: list[float | None], ours: list[float | None]) -> dict[str, float | None]:
    ratios = [o / t for o, t in zip(ours, times, strict=True) if o is not None and t]
    return spread_ms([t for t in times if t is not None]) | {
        "ratio_median": round(statistics.median(ratios), 3) if ratios else None,
    }


def load_corpus(path: str | Path, genre: str | None = None) -> tuple[str, list[CorpusItem]]:
    path = Path(path)
    if not path.is_file():
        raise FormatError(f"corpus {path} is not a file")
    head = path.read_text(encoding="utf-8", errors="replace")[:1].strip()
    if head == "{":
        named, entries = janko.read_corpus(path)
        genre = genre or named
        if genre is None:
            raise RectlogicError(f"{path} does not name its genre; give --genre")
        c = janko_codec(genre)
        items = []
        for e in entries:
            try:
                puzzle, _ = c.from_janko(janko.split(e.problem))
                published = None
                if e.solution:
                    whole = janko.split(e.problem + "\n" + _solution_rows(e.solution))
                    published = c.from_janko(whole)[1]
                items.append(CorpusItem(e.key, puzzle, published))
            except RectlogicError as exc:
                items.append(CorpusItem(e.key, None, None, str(exc)))
        return genre, items
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            loaded = load(line, genre)
            items.append(CorpusItem(f"line{n}", loaded.puzzle, loaded.answer))
            genre = genre or loaded.puzzle.genre
        except RectlogicError as exc:
            items.append(CorpusItem(f"line{n}", None, None, str(exc)))
    if genre is None:
        raise RectlogicError(f"{path} holds no readable puzzle")
    return genre, items


def _solution_rows(solution: str) -> str:
    """A corpus solution without its own 'ROWS COLS' header line."""
    lines = solution.strip().splitlines()
    first = lines[0].split() if lines else []
    if len(first) == 2 and all(t.isdigit() for t in first):
        lines = lines[1:]
    return "\n".join(lines)


BLOCK = 10
"""Puzzles each engine solves in a row before the next engine takes its turn. Taking turns
keeps every engine on the same stretch of machine time; taking them by blocks, not one
puzzle at a time, lets each run warm, as it would over a corpus. One puzzle at a time made
the fastest engine pay for the caches the others had just emptied (ours on Janko's Shikaku:
0.45 ms median alone, 1.4 ms right after four rivals)."""


def run_corpus(
    path: str | Path,
    genre: str | None = None,
    rung: str | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    rivals: tuple[str, ...] = (),
    sample: int = 1,
) -> BenchReport:
    """Every puzzle with our engine and with each rival engine, taking turns by blocks of
    `BLOCK` puzzles; only our answers are compared with the published ones, and each rival's
    verdict with ours."""
    genre, items = load_corpus(path, genre)
    if sample < 1:
        raise RectlogicError("--sample must be at least 1")
    items = items[::sample]
    report = BenchReport(genre, rivals={name: [] for name in rivals})
    engines = {name: engine(name, genre) for name in rivals}
    first = next((item.puzzle for item in items if item.puzzle is not None), None)
    if first is not None:
        warm_up(first, engines.values())
    for start in range(0, len(items), BLOCK):
        block = items[start:start + BLOCK]
        report.puzzles += [_ours(item, rung, budget) for item in block]
        for name, run in engines.items():
            for item, mine in zip(block, report.puzzles[start:], strict=False):
                report.rivals[name].append(_theirs(name, run, item, mine.status, report))
        if progress:
            progress(start + len(block), len(items))
    return report


def _ours(item: CorpusItem, rung: str | None, budget: int | None) -> PuzzleTiming:
    if item.puzzle is None:
        return PuzzleTiming(item.key, 0, 0, "error", 0, 0.0, None, item.error)
    with no_gc():
        s = solve(item.puzzle, rung=rung, limit=2, budget=budget)
    matches = None
    if item.published is not None:
        matches = s.status == "unique" and s.answers[0] == item.published
    return PuzzleTiming(
        item.key, s.rows, s.cols, s.status, s.nodes, round(s.seconds * 1000, 3), matches)


def _theirs(
    name: str, run: Callable[[Any], Any], item: CorpusItem, ours: str, report: BenchReport
) -> float | None:
    """A rival's time on one puzzle (None if it cannot take it); a verdict that differs from
    ours is an error for our own engines and is counted for a peer."""
    if item.puzzle is None:
        return None
    theirs, ms = timed(run, item.puzzle)
    counted = ("unique", "multiple", "none")
    if (theirs is not None and theirs.status in counted and ours in counted
            and theirs.status != ours):
        if name in RIVALS:  # our own engines must agree: a disagreement is a bug
            raise RectlogicError(f"{item.key}: {name} says {theirs.status}, ours {ours}")
        report.disagreements.setdefault(name, []).append(item.key)
    for phase, value in (getattr(theirs, "phases", None) or {}).items():
        report.phases.setdefault(name, {}).setdefault(phase, []).append(value)
    return None if theirs is None else round(ms, 3)
