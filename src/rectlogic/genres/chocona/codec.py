"""Chocona in every format: puzz.link (borders + room numbers), pzprv3 (the legacy room-id
form and the 3.1 border form), Janko text, our text form."""

from __future__ import annotations

import string

from ...errors import FormatError
from ...formats import janko, puzzlink, pzprv3, text
from ...formats.tokens import clue_number
from ...grid import ANY_CLUE, NO_CLUE, borders_of, is_number, rooms_from_borders
from .model import Answer, Puzzle, make_puzzle

PID = "chocona"
EXTRA_FORMATS: tuple[str, ...] = ()


def _clue_grid(puzzle: Puzzle, unknown: str, none: str) -> list[list[str]]:
    grid = [[none] * puzzle.cols for _ in range(puzzle.rows)]
    for k, v in enumerate(puzzle.clues):
        if v != NO_CLUE:
            r, c = puzzle.top_cell(k)
            grid[r][c] = unknown if v == ANY_CLUE else str(v)
    return grid


def _shading(grid: list[list[str]], shaded: set[str]) -> Answer:
    return Answer(tuple(tuple(int(t in shaded) for t in row) for row in grid))


# -- URL ---------------------------------------------------------------------------------------


def from_url(parts: puzzlink.UrlParts) -> Puzzle:
    vertical, horizontal, rest = puzzlink.decode_border(parts.body, parts.rows, parts.cols)
    rooms = rooms_from_borders(parts.rows, parts.cols, vertical, horizontal)
    count = 1 + max(max(row) for row in rooms)
    values, rest = puzzlink.decode_number16(rest, count)
    puzzlink.expect_end(rest)
    return Puzzle(parts.rows, parts.cols, rooms, tuple(values))


def to_url(puzzle: Puzzle) -> str:
    vertical, horizontal = borders_of(puzzle.regions)
    body = puzzlink.encode_border(vertical, horizontal) + puzzlink.encode_number16(
        list(puzzle.clues)
    )
    return puzzlink.make_url(PID, puzzle.cols, puzzle.rows, body)


# -- pzprv3 ------------------------------------------------------------------------------------


def from_pzprv3(f: pzprv3.Pzprv3) -> tuple[Puzzle, Answer]:
    rows, cols = f.rows, f.cols
    if f.version >= 1:
        rooms = rooms_from_borders(rows, cols, *pzprv3.read_borders(f, {"1"}))
        labels: list[list[object]] = [list(row) for row in rooms]
    else:
        f.block(1, 1)  # the room count, which pzprjs ignores too
        labels = [list(row) for row in f.grid()]
    clue_grid = [
        [clue_number(t, "-", f"pzprv3 cell ({r},{c})") for c, t in enumerate(row)]
        for r, row in enumerate(f.grid())
    ]
    puzzle = make_puzzle(labels, clue_grid)
    return puzzle, _shading(f.grid(), {"#"})


def to_pzprv3(puzzle: Puzzle, answer: Answer | None) -> str:
    rows, cols = puzzle.rows, puzzle.cols
    shade = answer.shaded if answer is not None else [[0] * cols] * rows
    a_rows = [["#" if v else "." for v in row] for row in shade]
    lines = (pzprv3.header(PID, rows, cols, version=1)
             + pzprv3.border_lines(*borders_of(puzzle.regions), rows, cols)
             + pzprv3.rows_text(_clue_grid(puzzle, "-", ".")) + pzprv3.rows_text(a_rows))
    return "\n".join(lines) + "\n"


# -- Janko -------------------------------------------------------------------------------------


def from_janko(jt: janko.JankoText) -> tuple[Puzzle, Answer | None]:
    clue_grid = [
        [NO_CLUE if t == "-" else clue_number(t, "?", f"Janko cell ({r},{c})")
         for c, t in enumerate(row)]
        for r, row in enumerate(janko.take_grid(jt, 0, "clues"))
    ]
    labels = janko.take_grid(jt, jt.rows, "regions")
    puzzle = make_puzzle(labels, clue_grid)
    if len(jt.lines) < 3 * jt.rows:
        return puzzle, None
    grid = janko.take_grid(jt, 2 * jt.rows, "solution")
    bad = {t for row in grid for t in row} - {"x", "X", "-"}
    if bad:
        raise FormatError(f"Janko solution: unknown tokens {sorted(bad)}")
    return puzzle, _shading(grid, {"x", "X"})


def to_janko(puzzle: Puzzle, answer: Answer | None) -> str:
    lines = [janko.header(puzzle.rows, puzzle.cols)]
    lines += [" ".join(row) for row in _clue_grid(puzzle, "?", "-")]
    lines += [" ".join(str(k + 1) for k in row) for row in puzzle.regions]
    if answer is not None:
        lines += [" ".join("x" if v else "-" for v in row) for row in answer.shaded]
    return "\n".join(lines) + "\n"


# -- our text form: region labels, then clues and shading ----------------------------------


LABELS = string.ascii_lowercase + string.ascii_uppercase


def from_text(tb: text.TextBoard) -> tuple[Puzzle, Answer | None]:
    labels, cells = tb.blocks(2)
    clue_grid, shaded, any_shaded = [], [], False
    for r, row in enumerate(cells):
        crow, srow = [], []
        for c, t in enumerate(row):
            mark = t.endswith("#")
            body = t[:-1] if mark else t
            crow.append(NO_CLUE if body in (".", "") else clue_number(body, "?", f"text ({r},{c})"))
            srow.append(int(mark))
            any_shaded |= mark
        clue_grid.append(crow)
        shaded.append(tuple(srow))
    puzzle = make_puzzle(labels, clue_grid)
    return puzzle, (Answer(tuple(shaded)) if any_shaded else None)


def to_text(puzzle: Puzzle, answer: Answer | None) -> str:
    many = len(puzzle.clues) > len(LABELS)
    labels = [[str(k) if many else LABELS[k] for k in row] for row in puzzle.regions]
    cells = _clue_grid(puzzle, "?", "")
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            mark = "#" if answer is not None and answer.shaded[r][c] else ""
            cells[r][c] = (cells[r][c] + mark) or "."
    return text.write(PID, puzzle.rows, puzzle.cols, labels + cells)


def answer_from_json(puzzle: Puzzle, data: object) -> Answer:
    if (not isinstance(data, list) or len(data) != puzzle.rows
            or not all(isinstance(r, str) and len(r) == puzzle.cols for r in data)):
        raise FormatError(f"a Chocona answer is {puzzle.rows} strings of {puzzle.cols} # or .")
    if any(ch not in "#." for row in data for ch in row):
        raise FormatError("a Chocona answer uses # (shaded) and . only")
    return Answer(tuple(tuple(int(ch == "#") for ch in row) for row in data))


def janko_likeness(jt: janko.JankoText) -> float:
    """How surely a Janko text is Chocona's (the registry picks the likeliest genre): regions,
    clues and answer make three blocks; or regions and clues, all numbers, without `x`."""
    if len(jt.lines) >= 3 * jt.rows:
        return 3.0
    problem = [t for row in jt.lines[: jt.rows] for t in row]
    if len(jt.lines) == 2 * jt.rows and "x" not in problem and all(
            is_number(t.lstrip("-")) for row in jt.lines[jt.rows :] for t in row):
        return 1.0
    return 0.0
