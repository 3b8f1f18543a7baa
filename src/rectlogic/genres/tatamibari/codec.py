"""Tatamibari in every format: puzz.link (pzprjs's own body: `3` a `+`, `1` a `|`, `2` a
`-`, `.` a `?`, g…z runs of empty cells), pzprv3 (marks `c`, `a`, `b`, `-`, and the answer's
lines), Janko's text (`s`, `v`, `h`), and our text form (`+`, `|`, `-`, `?`, `.`)."""

from __future__ import annotations

from ...errors import FormatError
from ...formats import janko, puzzlink, pzprv3, text
from ...formats.tokens import rows_of
from ...grid import ANY_CLUE, NO_CLUE, is_integer, label_pieces
from .model import MARK_OF, SQUARE, SYMBOL, TALL, WIDE, Answer, Puzzle

PID = "tatamibari"
EXTRA_FORMATS: tuple[str, ...] = ()

URL_MARK = {"3": SQUARE, "1": TALL, "2": WIDE, ".": ANY_CLUE}
FILE_MARK = {"c": SQUARE, "a": TALL, "b": WIDE, "-": ANY_CLUE}
JANKO_MARK = {"s": SQUARE, "v": TALL, "h": WIDE, "?": ANY_CLUE}


def _marks(grid: list[list[str]], reading: dict[str, int], none: str,
           where: str) -> tuple[tuple[int, ...], ...]:
    out = []
    for r, row in enumerate(grid):
        line = []
        for c, t in enumerate(row):
            key = t.lower() if where == "Janko" else t
            if key == none:
                line.append(NO_CLUE)
            elif key in reading:
                line.append(reading[key])
            else:
                raise FormatError(f"{where} cell ({r},{c}): {t!r} is not a Tatamibari mark")
        out.append(tuple(line))
    return tuple(out)


def _tokens(puzzle: Puzzle, writing: dict[int, str], none: str) -> list[list[str]]:
    return [[none if v == NO_CLUE else writing[v] for v in row] for row in puzzle.clues]


def _flip(reading: dict[str, int]) -> dict[int, str]:
    return {v: k for k, v in reading.items()}


# -- URL ---------------------------------------------------------------------------------------


def from_url(parts: puzzlink.UrlParts) -> Puzzle:
    size = parts.rows * parts.cols
    flat = [NO_CLUE] * size
    c = 0
    for i, ch in enumerate(parts.body):
        if c >= size:
            puzzlink.expect_end(parts.body[i:])
        if ch in URL_MARK:
            flat[c] = URL_MARK[ch]
            c += 1
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
        else:
            raise FormatError(f"bad character {ch!r} in the URL body")
    if c > size:
        raise FormatError("a run of empty cells in the URL body goes past the board")
    return Puzzle(parts.rows, parts.cols, rows_of(flat, parts.cols))


def to_url(puzzle: Puzzle) -> str:
    writing = _flip(URL_MARK)
    body, count = "", 0
    for v in (v for row in puzzle.clues for v in row):
        if v == NO_CLUE:
            count += 1
            if count == 20:
                body += "z"
                count = 0
            continue
        if count:
            body += "0123456789abcdefghijklmnopqrstuvwxyz"[15 + count]
            count = 0
        body += writing[v]
    if count:
        body += "0123456789abcdefghijklmnopqrstuvwxyz"[15 + count]
    return puzzlink.make_url(PID, puzzle.cols, puzzle.rows, body)


# -- pzprv3 ------------------------------------------------------------------------------------


def from_pzprv3(f: pzprv3.Pzprv3) -> tuple[Puzzle, Answer]:
    puzzle = Puzzle(f.rows, f.cols, _marks(f.grid(), FILE_MARK, ".", "pzprv3"))
    vertical, horizontal = pzprv3.read_borders(f, {"1", "2"})  # pzprjs reads 1 and 2 as a line
    return puzzle, Answer(f.rows, f.cols, tuple(vertical), tuple(horizontal))


def to_pzprv3(puzzle: Puzzle, answer: Answer | None) -> str:
    R, C = puzzle.rows, puzzle.cols
    v = answer.vertical if answer is not None else (0,) * (R * (C - 1))
    h = answer.horizontal if answer is not None else (0,) * ((R - 1) * C)
    lines = (pzprv3.header(PID, R, C) + pzprv3.rows_text(_tokens(puzzle, _flip(FILE_MARK), "."))
             + pzprv3.border_lines(v, h, R, C))
    return "\n".join(lines) + "\n"


# -- Janko -------------------------------------------------------------------------------------


def from_janko(jt: janko.JankoText) -> tuple[Puzzle, Answer | None]:
    puzzle = Puzzle(jt.rows, jt.cols, _marks(janko.take_grid(jt, 0, "problem"), JANKO_MARK,
                                             "-", "Janko"))
    if len(jt.lines) < 2 * jt.rows:
        return puzzle, None
    return puzzle, Answer.from_rooms(label_pieces(janko.take_grid(jt, jt.rows, "solution")))


def to_janko(puzzle: Puzzle, answer: Answer | None) -> str:
    lines = [janko.header(puzzle.rows, puzzle.cols)]
    lines += [" ".join(row) for row in _tokens(puzzle, _flip(JANKO_MARK), "-")]
    if answer is not None:
        lines += [" ".join(str(k + 1) for k in row) for row in answer.rooms()]
    return "\n".join(lines) + "\n"


def janko_likeness(jt: janko.JankoText) -> float:
    """How surely a Janko text is Tatamibari's: its problem is marks `s`, `h`, `v` (some of
    them) and `-`, where Shikaku's has numbers (it beats every other genre's guess)."""
    problem = {t.lower() for row in jt.lines[: jt.rows] for t in row}
    return 4.0 if problem & {"s", "h", "v"} and problem <= {"s", "h", "v", "-", "?"} else 0.0


# -- our text form -----------------------------------------------------------------------------

TEXT_MARK = MARK_OF


def from_text(tb: text.TextBoard) -> tuple[Puzzle, Answer | None]:
    blocks = tb.blocks(2 if len(tb.grid) == 2 * tb.rows else 1)
    puzzle = Puzzle(tb.rows, tb.cols, _marks(blocks[0], TEXT_MARK, ".", "text"))
    return puzzle, (Answer.from_rooms(label_pieces(blocks[1])) if len(blocks) == 2 else None)


def to_text(puzzle: Puzzle, answer: Answer | None) -> str:
    grid = _tokens(puzzle, SYMBOL, ".")
    if answer is not None:
        grid += [[str(k) for k in row] for row in answer.rooms()]
    return text.write(PID, puzzle.rows, puzzle.cols, grid)


def answer_from_json(puzzle: Puzzle, data: object) -> Answer:
    if not isinstance(data, list) or not all(
        isinstance(x, list) and len(x) == 4 and all(is_integer(v) for v in x) for x in data
    ):
        raise FormatError("a Tatamibari answer is a list of [top, left, height, width]")
    return Answer.from_rects(puzzle.rows, puzzle.cols, [tuple(x) for x in data])
