"""Shikaku in every format: puzz.link (Number16), pzprv3 (clues + answer lines), Janko text,
Tatham's Rectangles ids and S-strings, the authored tiling form, and our text form."""

from __future__ import annotations

import string

from ...errors import FormatError
from ...formats import janko, puzzlink, pzprv3, tatham, text
from ...formats.tokens import clue_number, rows_of
from ...grid import ANY_CLUE, NO_CLUE, is_integer, is_number, label_pieces
from .model import Answer, Puzzle

PID = "shikaku"
EXTRA_FORMATS = ("tatham", "tiling")


def _labels_answer(labels: list[list[str]]) -> Answer:
    return Answer.from_rooms(label_pieces(labels))


# -- URL ---------------------------------------------------------------------------------------


def from_url(parts: puzzlink.UrlParts) -> Puzzle:
    values, rest = puzzlink.decode_number16(parts.body, parts.rows * parts.cols)
    puzzlink.expect_end(rest)
    return Puzzle(parts.rows, parts.cols, rows_of(values, parts.cols))


def to_url(puzzle: Puzzle) -> str:
    flat = [v for row in puzzle.clues for v in row]
    return puzzlink.make_url(PID, puzzle.cols, puzzle.rows, puzzlink.encode_number16(flat))


# -- pzprv3 ------------------------------------------------------------------------------------


def from_pzprv3(f: pzprv3.Pzprv3) -> tuple[Puzzle, Answer]:
    clues = tuple(
        tuple(clue_number(t, "-", f"pzprv3 cell ({r},{c})") for c, t in enumerate(row))
        for r, row in enumerate(f.grid())
    )
    puzzle = Puzzle(f.rows, f.cols, clues)
    vertical, horizontal = pzprv3.read_borders(f, {"1", "2"})  # pzprjs reads 1 and 2 as a line
    return puzzle, Answer(f.rows, f.cols, tuple(vertical), tuple(horizontal))


def _clue_tokens(puzzle: Puzzle, none: str, unknown: str) -> list[list[str]]:
    return [[none if v == NO_CLUE else unknown if v == ANY_CLUE else str(v) for v in row]
            for row in puzzle.clues]


def to_pzprv3(puzzle: Puzzle, answer: Answer | None) -> str:
    R, C = puzzle.rows, puzzle.cols
    v = answer.vertical if answer is not None else (0,) * (R * (C - 1))
    h = answer.horizontal if answer is not None else (0,) * ((R - 1) * C)
    lines = (pzprv3.header(PID, R, C) + pzprv3.rows_text(_clue_tokens(puzzle, ".", "-"))
             + pzprv3.border_lines(v, h, R, C))
    return "\n".join(lines) + "\n"


# -- Janko -------------------------------------------------------------------------------------


def from_janko(jt: janko.JankoText) -> tuple[Puzzle, Answer | None]:
    clues = tuple(
        tuple(NO_CLUE if t == "-" else clue_number(t, "?", f"Janko cell ({r},{c})")
              for c, t in enumerate(row))
        for r, row in enumerate(janko.take_grid(jt, 0, "problem"))
    )
    puzzle = Puzzle(jt.rows, jt.cols, clues)
    if len(jt.lines) < 2 * jt.rows:
        return puzzle, None
    return puzzle, _labels_answer(janko.take_grid(jt, jt.rows, "solution"))


def to_janko(puzzle: Puzzle, answer: Answer | None) -> str:
    lines = [janko.header(puzzle.rows, puzzle.cols)]
    lines += [" ".join(row) for row in _clue_tokens(puzzle, "-", "?")]
    if answer is not None:
        lines += [" ".join(str(k + 1) for k in row) for row in answer.rooms()]
    return "\n".join(lines) + "\n"


# -- Tatham ------------------------------------------------------------------------------------


def from_tatham(source: str) -> tuple[Puzzle, Answer | None]:
    rows, cols, cells, solution = tatham.read(source)
    puzzle = Puzzle(rows, cols, rows_of(cells, cols))
    if solution is None:
        return puzzle, None
    return puzzle, answer_from_tatham(puzzle, solution)


def answer_from_tatham(puzzle: Puzzle, solution: str) -> Answer:
    nv = puzzle.rows * (puzzle.cols - 1)
    bits = tatham.read_solution(solution, nv + (puzzle.rows - 1) * puzzle.cols)
    return Answer(puzzle.rows, puzzle.cols, tuple(bits[:nv]), tuple(bits[nv:]))


def to_tatham(puzzle: Puzzle, answer: Answer | None) -> str:
    flat = [v for row in puzzle.clues for v in row]
    if any(v in (ANY_CLUE, 0) for v in flat):
        raise FormatError("Tatham's Rectangles has no ? and no 0 clues")
    out = tatham.write(puzzle.rows, puzzle.cols, flat) + "\n"
    if answer is not None:
        out += "S" + "".join(map(str, answer.vertical + answer.horizontal)) + "\n"
    return out


# -- the tiling form and our text form ---------------------------------------------------------

LETTERS = string.ascii_lowercase


def _is_tiling(grid: list[list[str]]) -> bool:
    return all(len(t) == 1 and t.isalpha() for row in grid for t in row)


def from_tiling(grid: list[list[str]]) -> tuple[Puzzle, Answer]:
    """One letter per rectangle, uppercase on its clue cell; the numbers are the areas."""
    rows, cols = len(grid), len(grid[0])
    rooms = label_pieces([[t.lower() for t in row] for row in grid])
    cells: dict[int, list[tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            cells.setdefault(rooms[r][c], []).append((r, c))
    clues = [[NO_CLUE] * cols for _ in range(rows)]
    for piece in cells.values():
        r0, c0 = piece[0]
        rs, cs = [r for r, _ in piece], [c for _, c in piece]
        if len(piece) != (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1):
            raise FormatError(
                f"tiling: the piece {grid[r0][c0]!r} at ({r0},{c0}) is not a rectangle"
            )
        marked = [(r, c) for r, c in piece if grid[r][c].isupper()]
        if len(marked) != 1:
            raise FormatError(
                f"tiling: the piece {grid[r0][c0]!r} at ({r0},{c0}) has {len(marked)} uppercase "
                "clue cells; it needs exactly one"
            )
        clues[marked[0][0]][marked[0][1]] = len(piece)
    return Puzzle(rows, cols, tuple(map(tuple, clues))), Answer.from_rooms(rooms)


def to_tiling(puzzle: Puzzle, answer: Answer | None) -> str:
    if answer is None:
        raise FormatError("the tiling form draws an answer; this puzzle has none (solve it first)")
    rooms = answer.rooms()
    rows, cols = puzzle.rows, puzzle.cols
    letter: dict[int, str] = {}
    for r in range(rows):
        for c in range(cols):
            k = rooms[r][c]
            if k in letter:
                continue
            near = {letter.get(rooms[rr][cc]) for rr, cc in _around_room(rooms, k)}
            free = [ch for ch in LETTERS if ch not in near]
            if not free:
                raise FormatError("tiling: a rectangle touches too many others for 26 letters")
            letter[k] = free[0]
    grid = [[letter[rooms[r][c]] for c in range(cols)] for r in range(rows)]
    for r in range(rows):
        for c in range(cols):
            v = puzzle.clues[r][c]
            if v != NO_CLUE:
                if v != sum(row.count(rooms[r][c]) for row in rooms):
                    raise FormatError("tiling: the answer does not fit the numbers")
                grid[r][c] = grid[r][c].upper()
    return text.write(PID, rows, cols, grid)


def _around_room(rooms: tuple[tuple[int, ...], ...], k: int) -> set[tuple[int, int]]:
    rows, cols = len(rooms), len(rooms[0])
    return {
        (rr, cc)
        for r in range(rows) for c in range(cols) if rooms[r][c] == k
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < rows and 0 <= cc < cols and rooms[rr][cc] != k
    }


def from_text(tb: text.TextBoard) -> tuple[Puzzle, Answer | None]:
    if len(tb.grid) == tb.rows and _is_tiling(tb.grid):
        return from_tiling(tb.grid)
    blocks = tb.blocks(2 if len(tb.grid) == 2 * tb.rows else 1)
    clues = tuple(
        tuple(clue_number(t, "?", f"text ({r},{c})") for c, t in enumerate(row))
        for r, row in enumerate(blocks[0])
    )
    puzzle = Puzzle(tb.rows, tb.cols, clues)
    return puzzle, (_labels_answer(blocks[1]) if len(blocks) == 2 else None)


def to_text(puzzle: Puzzle, answer: Answer | None) -> str:
    grid = _clue_tokens(puzzle, ".", "?")
    if answer is not None:
        grid += [[str(k) for k in row] for row in answer.rooms()]
    return text.write(PID, puzzle.rows, puzzle.cols, grid)


def answer_from_json(puzzle: Puzzle, data: object) -> Answer:
    if isinstance(data, str):
        return answer_from_tatham(puzzle, data)
    if not isinstance(data, list) or not all(
        isinstance(x, list) and len(x) == 4 and all(is_integer(v) for v in x) for x in data
    ):
        raise FormatError("a Shikaku answer is a list of [top, left, height, width]")
    return Answer.from_rects(puzzle.rows, puzzle.cols, [tuple(x) for x in data])


def janko_likeness(jt: janko.JankoText) -> float:
    """How surely a Janko text is Shikaku's: its numbers add up to the board's area."""
    tokens = {t.lower() for row in jt.lines for t in row}
    numbers = [int(t) for row in jt.lines[: jt.rows] for t in row if is_number(t)]
    return 1.5 if numbers and sum(numbers) == jt.rows * jt.cols and "x" not in tokens else 0.0
