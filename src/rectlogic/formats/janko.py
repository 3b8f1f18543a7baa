"""Janko.at text, as scraped into the puzzlekit corpus: a `ROWS COLS` line, then the rows.

A problem may stand alone or be followed by its solution; `[problem]`, `[solution]`,
`[moves]` and `[end]` markers, as on Janko's pages, are accepted and skipped."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import FormatError
from ..grid import check_size, is_number

MARKERS = ("[problem]", "[solution]", "[moves]", "[end]")


@dataclass(frozen=True)
class JankoText:
    rows: int
    cols: int
    lines: list[list[str]]
    """Every token row after the header, problem and solution together."""


def looks_like_janko(text: str) -> bool:
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    parts = first.split()
    return first.strip() == "[problem]" or (len(parts) == 2 and all(p.isdigit() for p in parts))


def split(text: str, rows: int | None = None, cols: int | None = None) -> JankoText:
    lines = [ln.split() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln and " ".join(ln).lower() not in MARKERS]
    if rows is None or cols is None:
        if not lines or len(lines[0]) != 2 or not all(is_number(t) for t in lines[0]):
            raise FormatError("Janko text must start with a line 'ROWS COLS'")
        rows, cols = int(lines[0][0]), int(lines[0][1])
        lines = lines[1:]
    check_size(rows, cols)
    return JankoText(rows, cols, lines)


def take_grid(jt: JankoText, start: int, what: str) -> list[list[str]]:
    """Rows [start, start+rows) of the text, each exactly `cols` tokens wide."""
    grid = jt.lines[start : start + jt.rows]
    if len(grid) < jt.rows:
        raise FormatError(f"Janko text: the {what} has {len(grid)} rows, expected {jt.rows}")
    for r, row in enumerate(grid):
        if len(row) != jt.cols:
            raise FormatError(
                f"Janko text: {what} row {r + 1} has {len(row)} cells, expected {jt.cols}"
            )
    return grid


def header(rows: int, cols: int) -> str:
    return f"{rows} {cols}"


@dataclass(frozen=True)
class CorpusEntry:
    key: str
    problem: str
    solution: str | None


def read_corpus(path: str | Path) -> tuple[str | None, list[CorpusEntry]]:
    """A puzzlekit-style JSON corpus → (genre name if stated, entries in file order)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        entries = data["data"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise FormatError(f"{path}: not a Janko corpus JSON ({exc})") from None
    name = data.get("name")
    genre = str(name).lower() if name else None  # a genre's name or alias
    out = [
        CorpusEntry(key, e["problem"], e.get("solution") or None) for key, e in entries.items()
    ]
    return genre, out
