"""pzprv3 files (pzprjs's own save format), question and answer.

A file is read block by block; a block of k lines is the concatenation of their
space-separated tokens, so only the number of lines matters. Missing lines read as empty and
objects without a token keep their defaults, as in pzprjs. '/' stands for a newline."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import FormatError
from ..grid import check_size, whole_number


class Pzprv3:
    """A parsed header and a cursor over the remaining lines."""

    def __init__(self, text: str) -> None:
        if not text.lstrip().startswith("<?xml"):
            text = text.replace("/", "\n")
        lines = text.strip("\n").split("\n")
        if lines and lines[0].startswith("v:"):
            lines = lines[1:]
        if len(lines) < 4 or not lines[0].strip().startswith("pzprv3"):
            raise FormatError("not a pzprv3 file: it must start with pzprv3, genre, rows, cols")
        head = lines[0].strip()
        self.version = whole_number(head.split(".", 1)[1], "pzprv3's version") if "." in head \
            else 0
        self.pid = lines[1].strip().lower()
        self.rows = whole_number(lines[2], "pzprv3's rows")
        self.cols = whole_number(lines[3], "pzprv3's cols")
        check_size(self.rows, self.cols)
        body = []
        for line in lines[4:]:
            if line.startswith(("info:", "history:", "TrialData", "http://")):
                break
            body.append(line)
        self.lines = body
        self.pos = 0

    def block(self, nlines: int, count: int, default: str = ".") -> list[str]:
        """The next block of `nlines` lines as exactly `count` tokens (padded with default)."""
        tokens: list[str] = []
        for line in self.lines[self.pos : self.pos + nlines]:
            tokens.extend(line.split())
        self.pos += nlines
        return (tokens + [default] * count)[:count]

    def grid(self, default: str = ".") -> list[list[str]]:
        """A rows×cols block, as rows of tokens."""
        flat = self.block(self.rows, self.rows * self.cols, default)
        return [flat[r * self.cols : (r + 1) * self.cols] for r in range(self.rows)]


def header(pid: str, rows: int, cols: int, version: int = 0) -> list[str]:
    return ["pzprv3" + (f".{version}" if version else ""), pid, str(rows), str(cols)]


def rows_text(grid: list[list[str]]) -> list[str]:
    """pzprjs writes every token followed by a space."""
    return ["".join(f"{t} " for t in row) for row in grid]


def read_borders(f: Pzprv3, marks: set[str]) -> tuple[list[int], list[int]]:
    """The next two blocks, border bits in pzprjs order: vertical ones (rows lines of cols-1)
    then horizontal ones (rows-1 lines of cols); 1 where the token is one of `marks`."""
    vertical = [int(t in marks) for t in f.block(f.rows, f.rows * (f.cols - 1), "0")]
    horizontal = [int(t in marks) for t in f.block(f.rows - 1, (f.rows - 1) * f.cols, "0")]
    return vertical, horizontal


def border_lines(vertical: Sequence[int], horizontal: Sequence[int], rows: int,
                 cols: int) -> list[str]:
    """Border bits written back as the two blocks `read_borders` reads."""
    v_rows = [[str(b) for b in vertical[r * (cols - 1) : (r + 1) * (cols - 1)]]
              for r in range(rows)]
    h_rows = [[str(b) for b in horizontal[r * cols : (r + 1) * cols]] for r in range(rows - 1)]
    return rows_text(v_rows) + rows_text(h_rows)
