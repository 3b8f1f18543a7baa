"""Simon Tatham's Rectangles: game ids `WxH:desc` and `S…` solution strings.

desc lists the cells row-major: a lowercase letter is a run of empty cells (a=1 … z=26), a
decimal number a clue, `_` separates two numbers that follow each other. The solution is `S`,
then the (W-1)·H vertical edge bits, then the W·(H-1) horizontal ones: pzprjs's border order."""

from __future__ import annotations

import re

from ..errors import FormatError
from ..grid import check_size, whole_number

_ID = re.compile(r"^\s*(\d+)(?:x(\d+))?[^:]*:([a-z0-9_]*)\s*(?:\n\s*(S[01]*))?\s*$")


def looks_like_tatham(text: str) -> bool:
    return _ID.match(text) is not None


def read(text: str) -> tuple[int, int, list[int], str | None]:
    """→ (rows, cols, clue per cell row-major (-1 none), solution string or None)."""
    m = _ID.match(text)
    if not m:
        raise FormatError("not a Rectangles game id (WxH:desc)")
    cols = whole_number(m.group(1), "Tatham width")
    rows = whole_number(m.group(2) or m.group(1), "Tatham height")
    check_size(rows, cols)
    cells: list[int] = []
    for token in re.findall(r"[a-z]|\d+|_", m.group(3)):
        if token == "_":
            continue
        if token.isalpha():
            cells.extend([-1] * (ord(token) - ord("a") + 1))
        else:
            cells.append(whole_number(token, "a Tatham clue"))
    if len(cells) != rows * cols:
        raise FormatError(f"game id describes {len(cells)} cells, the size says {rows * cols}")
    return rows, cols, cells, m.group(4)


def write(rows: int, cols: int, cells: list[int]) -> str:
    out, run, last_number = [], 0, False
    for v in [*cells, None]:
        if v is not None and v < 0:
            run += 1
            continue
        while run:
            step = min(run, 26)
            out.append(chr(ord("a") + step - 1))
            run -= step
            last_number = False
        if v is None:
            break
        if last_number:
            out.append("_")
        out.append(str(v))
        last_number = True
    return f"{cols}x{rows}:" + "".join(out)


def read_solution(text: str, count: int) -> list[int]:
    t = text.strip()
    if not t.startswith("S") or len(t) - 1 != count or set(t[1:]) - {"0", "1"}:
        raise FormatError(f"a Rectangles solution is S followed by {count} bits 0/1")
    return [int(ch) for ch in t[1:]]
