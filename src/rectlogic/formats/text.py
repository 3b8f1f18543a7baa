"""rectlogic's own readable text form: a header `GENRE RxC`, then one row per line.

Cells are written one character each, or as tokens separated by spaces (needed for numbers
over 9). Lines starting with '#!' or blank lines are ignored, so a file may carry notes."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import FormatError
from ..grid import parse_size


@dataclass(frozen=True)
class TextBoard:
    genre: str
    rows: int
    cols: int
    grid: list[list[str]]
    """Every row after the header: one block of `rows` rows, or several (Chocona)."""

    def blocks(self, count: int) -> list[list[list[str]]]:
        if len(self.grid) != count * self.rows:
            raise FormatError(
                f"text form: {self.genre} wants {count * self.rows} rows, got {len(self.grid)}"
            )
        return [self.grid[k * self.rows : (k + 1) * self.rows] for k in range(count)]


def looks_like_text(text: str) -> bool:
    first = next((ln for ln in text.splitlines() if ln.strip()), "").split()
    return len(first) == 2 and first[0].isalpha() and "x" in first[1].lower()


def parse(text: str) -> TextBoard:
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#!")]
    if not lines:
        raise FormatError("empty text")
    head = lines[0].split()
    if len(head) != 2:
        raise FormatError("text form must start with a line 'GENRE RxC', e.g. 'NAME 6x6'")
    rows, cols = parse_size(head[1])
    body = lines[1:]
    if not body or len(body) % rows:
        raise FormatError(f"text form: {len(body)} rows given, the header says {rows}")
    grid = []
    for r, line in enumerate(body):
        cells = line.split() if " " in line.strip() or cols == 1 else list(line.strip())
        if len(cells) != cols:
            raise FormatError(f"text form: row {r + 1} has {len(cells)} cells, expected {cols}")
        grid.append(cells)
    return TextBoard(head[0].lower(), rows, cols, grid)


def write(genre: str, rows: int, cols: int, grid: list[list[str]]) -> str:
    return "\n".join([f"{genre} {rows}x{cols}", *(" ".join(row) for row in grid)]) + "\n"
