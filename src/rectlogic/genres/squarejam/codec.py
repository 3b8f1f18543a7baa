"""Square Jam in every format: puzz.link (Number16, as pzprjs's `squarejam`), pzprv3 (clues +
answer lines) and our text form (the clues, then one label per cell for an answer)."""

from __future__ import annotations

from ...errors import FormatError
from ...formats import puzzlink, pzprv3, text
from ...formats.tokens import clue_number, rows_of
from ...grid import ANY_CLUE, NO_CLUE, is_integer, label_pieces
from .model import Answer, Puzzle

PID = "squarejam"
EXTRA_FORMATS: tuple[str, ...] = ()


def from_url(parts: puzzlink.UrlParts) -> Puzzle:
    values, rest = puzzlink.decode_number16(parts.body, parts.rows * parts.cols)
    puzzlink.expect_end(rest)
    return Puzzle(parts.rows, parts.cols, rows_of(values, parts.cols))


def to_url(puzzle: Puzzle) -> str:
    return puzzlink.make_url(PID, puzzle.cols, puzzle.rows,
                             puzzlink.encode_number16([v for row in puzzle.clues for v in row]))


def _tokens(puzzle: Puzzle, none: str, unknown: str) -> list[list[str]]:
    return [[none if v == NO_CLUE else unknown if v == ANY_CLUE else str(v) for v in row]
            for row in puzzle.clues]


def from_pzprv3(f: pzprv3.Pzprv3) -> tuple[Puzzle, Answer]:
    puzzle = Puzzle(f.rows, f.cols, tuple(
        tuple(clue_number(t, "-", f"pzprv3 cell ({r},{c})") for c, t in enumerate(row))
        for r, row in enumerate(f.grid())))
    vertical, horizontal = pzprv3.read_borders(f, {"1", "2"})  # 2: a line with a mark
    return puzzle, Answer(f.rows, f.cols, tuple(vertical), tuple(horizontal))


def to_pzprv3(puzzle: Puzzle, answer: Answer | None) -> str:
    R, C = puzzle.rows, puzzle.cols
    v = answer.vertical if answer is not None else (0,) * (R * (C - 1))
    h = answer.horizontal if answer is not None else (0,) * ((R - 1) * C)
    return "\n".join(pzprv3.header(PID, R, C) + pzprv3.rows_text(_tokens(puzzle, ".", "-"))
                     + pzprv3.border_lines(v, h, R, C)) + "\n"


def from_text(tb: text.TextBoard) -> tuple[Puzzle, Answer | None]:
    blocks = tb.blocks(2 if len(tb.grid) == 2 * tb.rows else 1)
    puzzle = Puzzle(tb.rows, tb.cols, tuple(
        tuple(clue_number(t, "?", f"text ({r},{c})") for c, t in enumerate(row))
        for r, row in enumerate(blocks[0])))
    if len(blocks) == 1:
        return puzzle, None
    return puzzle, Answer.from_rooms(label_pieces(blocks[1]))


def to_text(puzzle: Puzzle, answer: Answer | None) -> str:
    grid = _tokens(puzzle, ".", "?")
    if answer is not None:
        grid += [[str(k) for k in row] for row in answer.rooms()]
    return text.write(PID, puzzle.rows, puzzle.cols, grid)


def answer_from_json(puzzle: Puzzle, data: object) -> Answer:
    """The JSON answer: the squares as [top, left, height, width] (any rectangles read,
    for the checker to judge)."""
    if not isinstance(data, list) or not all(
            isinstance(x, list) and len(x) == 4 and all(is_integer(v) for v in x) for x in data):
        raise FormatError("a Square Jam answer is a list of [top, left, height, width]")
    return Answer.from_rects(puzzle.rows, puzzle.cols, [tuple(x) for x in data])
