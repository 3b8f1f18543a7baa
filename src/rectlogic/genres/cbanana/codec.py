"""Choco Banana in every format: puzz.link (number16 over the cells), pzprv3 (the numbers,
then the shading: `#` shaded, `+` marked unshaded), our text form."""

from __future__ import annotations

from ...errors import FormatError
from ...formats import puzzlink, pzprv3, text
from ...formats.tokens import clue_number, rows_of
from ...grid import ANY_CLUE, NO_CLUE
from ..kits.shaded import read_answer_rows
from .model import Answer, Puzzle

PID = "cbanana"
EXTRA_FORMATS: tuple[str, ...] = ()


def _clue_token(v: int, unknown: str, none: str) -> str:
    return none if v == NO_CLUE else unknown if v == ANY_CLUE else str(v)


def from_url(parts: puzzlink.UrlParts) -> Puzzle:
    values, rest = puzzlink.decode_number16(parts.body, parts.rows * parts.cols)
    puzzlink.expect_end(rest)
    return Puzzle(parts.rows, parts.cols, rows_of(values, parts.cols))


def to_url(puzzle: Puzzle) -> str:
    body = puzzlink.encode_number16([v for row in puzzle.clues for v in row])
    return puzzlink.make_url(PID, puzzle.cols, puzzle.rows, body)


def from_pzprv3(f: pzprv3.Pzprv3) -> tuple[Puzzle, Answer]:
    clues = tuple(tuple(clue_number(t, "-", f"pzprv3 cell ({r},{c})") for c, t in enumerate(row))
                  for r, row in enumerate(f.grid()))
    marks = f.grid()
    bad = {t for row in marks for t in row} - {"#", "+", "."}
    if bad:
        raise FormatError(f"pzprv3 Choco Banana answer: unknown tokens {sorted(bad)}")
    answer = Answer(tuple(tuple(int(t == "#") for t in row) for row in marks))
    return Puzzle(f.rows, f.cols, clues), answer


def to_pzprv3(puzzle: Puzzle, answer: Answer | None) -> str:
    rows, cols = puzzle.rows, puzzle.cols
    shade = answer.shaded if answer is not None else [[0] * cols] * rows
    lines = (pzprv3.header(PID, rows, cols)
             + pzprv3.rows_text([[_clue_token(v, "-", ".") for v in row]
                                 for row in puzzle.clues])
             + pzprv3.rows_text([["#" if v else "." for v in row] for row in shade]))
    return "\n".join(lines) + "\n"


# -- our text form: a token per cell, a number and/or # (shaded) ---------------------------------


def from_text(tb: text.TextBoard) -> tuple[Puzzle, Answer | None]:
    (cells,) = tb.blocks(1)
    clues, shaded = [], []
    for r, row in enumerate(cells):
        bodies = [t[:-1] if t.endswith("#") else t for t in row]
        clues.append(tuple(NO_CLUE if b in (".", "") else clue_number(b, "?", f"text ({r},{c})")
                           for c, b in enumerate(bodies)))
        shaded.append(tuple(int(t.endswith("#")) for t in row))
    answer = Answer(tuple(shaded)) if any(map(any, shaded)) else None
    return Puzzle(tb.rows, tb.cols, tuple(clues)), answer


def to_text(puzzle: Puzzle, answer: Answer | None) -> str:
    cells = [[(_clue_token(v, "?", "") + ("#" if answer is not None and answer.shaded[r][c]
                                          else "")) or "."
              for c, v in enumerate(row)] for r, row in enumerate(puzzle.clues)]
    return text.write(PID, puzzle.rows, puzzle.cols, cells)


def answer_from_json(puzzle: Puzzle, data: object) -> Answer:
    return Answer(read_answer_rows(puzzle, data, "Choco Banana"))
