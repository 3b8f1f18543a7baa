"""Shakashaka in every format: puzz.link (4Cell), pzprv3, Janko text, our text form."""

from __future__ import annotations

from ...errors import FormatError
from ...formats import janko, puzzlink, pzprv3, text
from ...formats.tokens import rows_of
from ...grid import ANY_CLUE, NO_CLUE, is_number
from .model import (
    BLACK,
    FROM_GLYPH,
    GLYPH,
    TNE,
    TNW,
    TSE,
    TSW,
    Answer,
    E,
    Puzzle,
)

PID = "shakashaka"
EXTRA_FORMATS: tuple[str, ...] = ()
QANS = {5: TNW, 4: TNE, 3: TSE, 2: TSW}
"""pzprjs triangle codes, named by the corner of the right angle."""
TO_QANS = {s: q for q, s in QANS.items()}
JANKO = {"nw": TNW, "ne": TNE, "se": TSE, "sw": TSW}
TO_JANKO = {s: k for k, s in JANKO.items()}


def _answer(puzzle: Puzzle, states: list[list[int]]) -> Answer:
    """States on white cells; black cells are BLACK whatever the file says."""
    return Answer(
        tuple(
            tuple(BLACK if puzzle.is_black(r, c) else states[r][c] for c in range(puzzle.cols))
            for r in range(puzzle.rows)
        )
    )


# -- URL ---------------------------------------------------------------------------------------


def from_url(parts: puzzlink.UrlParts) -> Puzzle:
    qnum = puzzlink.decode_4cell(parts.body, parts.rows * parts.cols)
    return Puzzle(parts.rows, parts.cols, rows_of(qnum, parts.cols))


def to_url(puzzle: Puzzle) -> str:
    flat = [v for row in puzzle.clues for v in row]
    return puzzlink.make_url(PID, puzzle.cols, puzzle.rows, puzzlink.encode_4cell(flat))


# -- pzprv3 ------------------------------------------------------------------------------------


def from_pzprv3(f: pzprv3.Pzprv3) -> tuple[Puzzle, Answer]:
    clues = []
    for r, row in enumerate(f.grid()):
        out = []
        for c, t in enumerate(row):
            if t == ".":
                out.append(NO_CLUE)
            elif t == "5":
                out.append(ANY_CLUE)
            elif t in "01234" and len(t) == 1:
                out.append(int(t))
            else:
                raise FormatError(f"pzprv3: cell ({r},{c}) has an unknown question token {t!r}")
        clues.append(tuple(out))
    puzzle = Puzzle(f.rows, f.cols, tuple(clues))
    states = []
    for r, row in enumerate(f.grid()):
        out = []
        for c, t in enumerate(row):
            if t in (".", "+", "-", "0", "1"):
                out.append(E)
            elif is_number(t) and int(t) in QANS:
                out.append(QANS[int(t)])
            else:
                raise FormatError(f"pzprv3: cell ({r},{c}) has an unknown answer token {t!r}")
        states.append(out)
    return puzzle, _answer(puzzle, states)


def to_pzprv3(puzzle: Puzzle, answer: Answer | None) -> str:
    q = [["5" if v == ANY_CLUE else "." if v == NO_CLUE else str(v) for v in row]
         for row in puzzle.clues]
    a = [
        [
            str(TO_QANS[s]) if answer is not None and s in TO_QANS else "."
            for s in (answer.cells[r] if answer is not None else [E] * puzzle.cols)
        ]
        for r in range(puzzle.rows)
    ]
    lines = pzprv3.header(PID, puzzle.rows, puzzle.cols) + pzprv3.rows_text(q) + pzprv3.rows_text(a)
    return "\n".join(lines) + "\n"


# -- Janko -------------------------------------------------------------------------------------


def from_janko(jt: janko.JankoText) -> tuple[Puzzle, Answer | None]:
    clues = []
    for r, row in enumerate(janko.take_grid(jt, 0, "problem")):
        out = []
        for c, t in enumerate(row):
            if t == "-":
                out.append(NO_CLUE)
            elif t in ("x", "X", "5"):
                out.append(ANY_CLUE)
            elif t in ("0", "1", "2", "3", "4"):
                out.append(int(t))
            else:
                raise FormatError(f"Janko text: cell ({r},{c}) has an unknown token {t!r}")
        clues.append(tuple(out))
    puzzle = Puzzle(jt.rows, jt.cols, tuple(clues))
    if len(jt.lines) < 2 * jt.rows:
        return puzzle, None
    states = []
    for r, row in enumerate(janko.take_grid(jt, jt.rows, "solution")):
        out = []
        for c, t in enumerate(row):
            if t == "-":
                out.append(E)
            elif t.lower() in JANKO:
                out.append(JANKO[t.lower()])
            else:
                raise FormatError(f"Janko solution: cell ({r},{c}) has an unknown token {t!r}")
        states.append(out)
    return puzzle, _answer(puzzle, states)


def to_janko(puzzle: Puzzle, answer: Answer | None) -> str:
    q = [" ".join("x" if v == ANY_CLUE else "-" if v == NO_CLUE else str(v) for v in row)
         for row in puzzle.clues]
    lines = [janko.header(puzzle.rows, puzzle.cols), *q]
    if answer is not None:
        lines += [" ".join(TO_JANKO.get(s, "-") for s in row) for row in answer.cells]
    return "\n".join(lines) + "\n"


# -- our text form -----------------------------------------------------------------------------


def from_text(tb: text.TextBoard) -> tuple[Puzzle, Answer | None]:
    clues, states, any_triangle = [], [], False
    (grid,) = tb.blocks(1)
    for r, row in enumerate(grid):
        crow, srow = [], []
        for c, t in enumerate(row):
            if t == "#":
                crow.append(ANY_CLUE)
            elif t in ("0", "1", "2", "3", "4"):
                crow.append(int(t))
            elif t in FROM_GLYPH:
                crow.append(NO_CLUE)
                any_triangle |= FROM_GLYPH[t] != E
            else:
                raise FormatError(
                    f"text form: cell ({r},{c}) has {t!r}; use . # 0-4 or ◤ ◥ ◢ ◣"
                )
            srow.append(FROM_GLYPH.get(t, E))
        clues.append(tuple(crow))
        states.append(srow)
    puzzle = Puzzle(tb.rows, tb.cols, tuple(clues))
    return puzzle, (_answer(puzzle, states) if any_triangle else None)


def to_text(puzzle: Puzzle, answer: Answer | None) -> str:
    grid = [
        [
            "#" if v == ANY_CLUE else str(v) if v >= 0
            else GLYPH[answer.cells[r][c]] if answer is not None else "."
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(puzzle.clues)
    ]
    return text.write(PID, puzzle.rows, puzzle.cols, grid)


def answer_from_rows(puzzle: Puzzle, rows: list[str]) -> Answer:
    """An ANSWER as in the JSON output (one string per row) → Answer."""
    if len(rows) != puzzle.rows or any(len(r) != puzzle.cols for r in rows):
        raise FormatError(f"answer must be {puzzle.rows} rows of {puzzle.cols} characters")
    states = []
    for r, row in enumerate(rows):
        out = []
        for c, ch in enumerate(row):
            if ch in FROM_GLYPH:
                out.append(FROM_GLYPH[ch])
            elif ch == "#" or ch in "01234":
                out.append(BLACK)
            else:
                raise FormatError(f"answer cell ({r},{c}) has {ch!r}")
        states.append(out)
    return _answer(puzzle, states)


def answer_from_json(puzzle: Puzzle, data: object) -> Answer:
    if not isinstance(data, list) or not all(isinstance(r, str) for r in data):
        raise FormatError("a Shakashaka answer is a list of row strings")
    return answer_from_rows(puzzle, data)


def janko_likeness(jt: janko.JankoText) -> float:
    """How surely a Janko text is Shakashaka's: triangles (nw, ne, se, sw) in it; otherwise
    no more than any other genre (it is the first in order, so it wins a tie)."""
    tokens = {t.lower() for row in jt.lines for t in row}
    return 2.0 if tokens & {"nw", "ne", "se", "sw"} else 0.0
