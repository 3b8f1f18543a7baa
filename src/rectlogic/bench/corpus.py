"""Solve every puzzle of a corpus with limit 2 and report times and agreement.

A corpus is a Janko-format JSON (as in the puzzlekit dataset) or a text file of puzzle URLs,
one per line. Entries that cannot be read are reported with status `error` and their reason,
so one defective entry never hides the rest."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import FormatError, RectlogicError
from ..formats import codec, janko, load
from ..solve import solve


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

    def times(self) -> list[float]:
        return [p.ms for p in self.puzzles if p.status != "error"]

    def to_json(self) -> dict[str, Any]:
        ts = self.times()
        return {
            "genre": self.genre,
            "count": len(self.puzzles),
            "median_ms": round(statistics.median(ts), 3) if ts else None,
            "p90_ms": round(float(np.percentile(ts, 90)), 3) if ts else None,
            "max_ms": round(max(ts), 3) if ts else None,
            "puzzles": [
                {k: v for k, v in asdict(p).items() if k != "error" or v is not None}
                for p in self.puzzles
            ],
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
        c = codec(genre)
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


def run_corpus(
    path: str | Path,
    genre: str | None = None,
    rung: str | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BenchReport:
    genre, items = load_corpus(path, genre)
    report = BenchReport(genre)
    for k, item in enumerate(items):
        if item.puzzle is None:
            report.puzzles.append(PuzzleTiming(item.key, 0, 0, "error", 0, 0.0, None, item.error))
        else:
            s = solve(item.puzzle, rung=rung, limit=2, budget=budget)
            matches = None
            if item.published is not None:
                matches = s.status == "unique" and s.answers[0] == item.published
            report.puzzles.append(
                PuzzleTiming(
                    item.key, s.rows, s.cols, s.status, s.nodes, round(s.seconds * 1000, 3),
                    matches,
                )
            )
        if progress:
            progress(k + 1, len(items))
    return report
