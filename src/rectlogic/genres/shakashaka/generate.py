"""Shakashaka boards as published ones look: mostly white, pieces touching at corners.

An answer is packed, not searched for: going through the cells in reading order, each cell
still black gets a random white piece — an upright rectangle of plain white cells or a tilted
one (45°, its corners on lattice points, drawn with triangles along its edges) — placed so
that this cell is its first, and kept when every lattice point around it still passes the
local rule (so pieces may meet at corners, or merge into a larger rectangle, but never make
an illegal shape). Small tilted pieces are drawn most often, as in Janko's boards, where
rows of diamonds meet tip to tip. Every black cell is then numbered from the answer.

Packed that densely, an answer is rarely the board's only one (a diamond could as well be a
square where no number sees it). The generator repairs it: it asks the judge for a second
answer, takes the white regions of the first answer at a few cells where the two differ and
makes them black — numbered, they tell the two apart — until the board is unique. Then it
tries to whiten black cells again, keeping each new piece only while the board stays
acceptable (unique, and no harder than the grade asked). Numbers are finally thinned to
the style asked (`generating.STYLES`).

`random_board` is the earlier sparse generator (pieces one cell apart in a sea of black),
kept for the studies that were measured on it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np

from ...errors import RectlogicError
from ...grid import ANY_CLUE, NO_CLUE
from ..generating import Judge, thin
from .model import BLACK, FULL, Answer, E, Puzzle, point_rings, triangles_beside
from .validate import STATE_OF_QUARTERS, UI_ONLY_CODES, validate, white_regions

_QUARTER_CENTRES = ((0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5))  # N, E, S, W in a cell


def tilted_piece(p: int, q: int) -> np.ndarray:
    """The states of a 45° rectangle with sides p and q (counted in cell diagonals) in its
    (p+q)×(p+q) bounding box, read off from which quarters fall inside it; in U = x+y and
    V = x-y it is the box p < U < p+2q, -p < V < p."""
    n = p + q
    u0, u1, v0, v1 = p, p + 2 * q, -p, p  # a rectangle in U = x+y, V = x-y, corners on points
    out = np.full((n, n), BLACK, dtype=np.int8)
    for r in range(n):
        for c in range(n):
            inside = []
            for dx, dy in _QUARTER_CENTRES:
                x, y = c + dx, r + dy
                inside.append(int(u0 < x + y < u1 and v0 < x - y < v1))
            out[r, c] = STATE_OF_QUARTERS[tuple(inside)]
    return out


def random_answer(rows: int, cols: int, rng: np.random.Generator, fill: float = 0.7) -> Answer:
    """The sparse generator's answer: pieces kept one cell apart on an all-black board."""
    state = np.full((rows, cols), BLACK, dtype=np.int8)
    taken = np.zeros((rows + 2, cols + 2), dtype=bool)  # pieces plus their one-cell margin
    for _ in range(int(fill * rows * cols)):
        if rng.random() < 0.4:
            piece = tilted_piece(int(rng.integers(1, 4)), int(rng.integers(1, 4)))
        else:
            piece = np.full((int(rng.integers(1, 5)), int(rng.integers(1, 5))), E, dtype=np.int8)
        h, w = piece.shape
        if h > rows or w > cols:
            continue
        r, c = int(rng.integers(0, rows - h + 1)), int(rng.integers(0, cols - w + 1))
        if taken[r : r + h + 2, c : c + w + 2].any():
            continue
        taken[r + 1 : r + h + 1, c + 1 : c + w + 1] = True
        state[r : r + h, c : c + w] = piece
    return Answer(tuple(tuple(int(s) for s in row) for row in state))


def numbered(answer: Answer) -> Puzzle:
    """The answer's black cells, each with the count of its neighbouring triangles."""
    clues = np.where(np.array(answer.cells) == BLACK, triangles_beside(answer), NO_CLUE)
    return Puzzle(answer.rows, answer.cols, tuple(map(tuple, clues.tolist())))


def random_board(rows: int, cols: int, rng: np.random.Generator) -> tuple[Puzzle, Answer]:
    """A fully numbered board and the answer it was made from (legal, checked)."""
    answer = random_answer(rows, cols, rng)
    return checked(answer), answer


def checked(answer: Answer) -> Puzzle:
    """The answer's fully numbered board, once the validator has accepted the answer."""
    puzzle = numbered(answer)
    problems = [v for v in validate(puzzle, answer) if v.code not in UI_ONLY_CODES]
    if problems:
        raise RectlogicError(f"generator made an illegal answer: {problems[0].code}")
    return puzzle


# -- the dense generator ------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    states: np.ndarray
    """The piece in its bounding box (BLACK where it leaves a cell alone)."""
    cells: tuple[tuple[int, int], ...]
    """Its white or half-white cells, in reading order."""
    weight: float


@dataclass(frozen=True)
class Mix:
    """How often each piece is drawn: a tilted rectangle with sides p, q (1-3) at weight
    `tilted`/(p·q)^`spread`, so diamonds most; an upright block h×w (sides up to
    `upright_side`) at weight `upright` each. Packing draws by weight; whitening tries every
    placement of every piece in the mix alike. The default draws upright blocks about 39 % of
    the time; a study may pass its own mix (the write-ups' answers touch at corners more:
    `studies.shakashaka.WRITE_UP_MIX`)."""
    tilted: float = 3.0
    upright: float = 0.4
    upright_side: int = 4
    spread: float = 1.0


MIX = Mix()


@cache
def pieces(mix: Mix = MIX) -> tuple[Piece, ...]:
    """Tilted rectangles with sides 1-3, upright ones up to `mix.upright_side` square."""
    out = [(tilted_piece(p, q), mix.tilted / (p * q) ** mix.spread)
           for p in range(1, 4) for q in range(1, 4)]
    side = range(1, mix.upright_side + 1)
    out += [(np.full((h, w), E, dtype=np.int8), mix.upright) for h in side for w in side]
    return tuple(Piece(a.astype(np.uint8), tuple(map(tuple, np.argwhere(a != BLACK).tolist())),
                       wt) for a, wt in out if wt > 0)


@cache
def _weights(mix: Mix = MIX) -> np.ndarray:
    w = np.array([p.weight for p in pieces(mix)])
    return w / w.sum()


def _place(s: np.ndarray, piece: Piece, r: int, c: int) -> bool:
    """Put the piece with its box's corner at framed cell (r, c) if its cells are black and
    every lattice point around it passes the local rule; say whether it was put."""
    h, w = piece.states.shape
    if r < 1 or c < 1 or r + h > s.shape[0] - 1 or c + w > s.shape[1] - 1:
        return False
    box = s[r : r + h, c : c + w]
    mask = piece.states != BLACK
    if (box[mask] != BLACK).any():
        return False
    before = box.copy()
    box[mask] = piece.states[mask]
    if FULL[point_rings(s[r - 1 : r + h + 1, c - 1 : c + w + 1])].all():
        return True
    box[...] = before
    return False


def pack(s: np.ndarray, cells: list[tuple[int, int]], rng: np.random.Generator,
         tries: int = 6, mix: Mix = MIX) -> None:
    """Whiten the black cells among `cells` (framed coordinates), in reading order: up to
    `tries` random pieces, each placed so that the cell is the piece's first."""
    all_pieces, weights = pieces(mix), _weights(mix)
    for r, c in sorted(cells):
        if s[r, c] != BLACK:
            continue
        for k in rng.choice(len(all_pieces), size=tries, replace=False, p=weights):
            piece = all_pieces[int(k)]
            dr, dc = piece.cells[0]
            if _place(s, piece, r - dr, c - dc):
                break


def _cover(s: np.ndarray, r: int, c: int, rng: np.random.Generator,
           mix: Mix = MIX) -> Iterator[tuple[Piece, int, int]]:
    """Every placement of every piece over framed cell (r, c), in random order (lazily)."""
    options = [(piece, r - dr, c - dc) for piece in pieces(mix) for dr, dc in piece.cells]
    for k in rng.permutation(len(options)):
        yield options[int(k)]


def _answer(s: np.ndarray) -> Answer:
    return Answer(tuple(map(tuple, s[1:-1, 1:-1].tolist())))


REPAIRS = 40
"""Rounds of repair before an answer that stays ambiguous is given up."""


def make_unique(s: np.ndarray, rng: np.random.Generator,
                answers: Callable[[Puzzle], list[Answer]]) -> bool:
    """Repair the framed answer `s` in place until its fully numbered board is unique: black
    out the regions at cells where a second answer differs (numbered, the new black cells
    tell the two apart). Packing them again at once would mostly remake the ambiguity;
    `whiten` gives them back later, one at a time, where the judge allows."""
    for _ in range(REPAIRS):
        mine = _answer(s)
        found = answers(numbered(mine))
        if len(found) == 1 and found[0] == mine:
            return True
        other = next((a for a in found if a != mine), None)
        if other is None:
            return False  # the search gave up, or the board lost its answer: start again
        cells = _regions_to_black(mine, other, rng)
        for cell in cells:
            s[cell] = BLACK
    return False


def _regions_to_black(mine: Answer, other: Answer, rng: np.random.Generator,
                      most: int = 3) -> list[tuple[int, int]]:
    """The framed cells of up to `most` white regions of `mine`, each at a random cell where
    `other` differs, chosen at least three cells apart (the two answers may differ in
    several places at once; one region each is repaired per round)."""
    differ = np.argwhere(np.array(mine.cells) != np.array(other.cells))
    regions = {(q[0], q[1]): k for k, g in enumerate(white_regions(mine)) for q in g}
    chosen: list[tuple[int, int]] = []
    picked: set[int] = set()
    for k in rng.permutation(len(differ)):
        r, c = (int(v) for v in differ[int(k)])
        if len(picked) == most:
            break
        if (r, c) in regions and all(max(abs(r - a), abs(c - b)) > 2 for a, b in chosen):
            chosen.append((r, c))
            picked.add(regions[r, c])
    return sorted((r + 1, c + 1) for (r, c), k in regions.items() if k in picked)


def whiten(s: np.ndarray, rng: np.random.Generator, accept: Callable[[Puzzle], bool],
           tries: int = 3, stop: int = 0, mix: Mix = MIX) -> None:
    """Try to turn each black cell white (up to `tries` legal pieces over it), keeping a
    piece only while the fully numbered board stays acceptable (unique, and no harder
    than the grade asked: a board may be made easy enough here, never after); stop when
    no more than `stop` black cells are left."""
    black = np.argwhere(s[1:-1, 1:-1] == BLACK) + 1
    for k in rng.permutation(len(black)):
        if stop and int((s[1:-1, 1:-1] == BLACK).sum()) <= stop:
            break
        r, c = (int(v) for v in black[int(k)])
        placed = 0
        for piece, pr, pc in _cover(s, r, c, rng, mix):
            if s[r, c] != BLACK or placed == tries:
                break
            before = s.copy()
            if _place(s, piece, pr, pc):
                placed += 1
                if accept(numbered(_answer(s))):
                    break
                s[...] = before


def dense_answer(rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge | None = None, black: int | None = None,
                 mix: Mix = MIX) -> Answer | None:
    """A packed answer; with a judge that can count answers, made unique when fully numbered
    and whitened again while acceptable — down to exactly `black` black cells when that is
    given (None when it is not reached); None when the repair failed. `mix`: the pieces
    drawn, packing and whitening."""
    s = np.full((rows + 2, cols + 2), BLACK, dtype=np.uint8)
    pack(s, [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)], rng, mix=mix)
    if judge is not None and judge.answers is not None:
        if not make_unique(s, rng, judge.answers):
            return None
        whiten(s, rng, judge.accept, stop=black or 0, mix=mix)
    if black is not None and int((s[1:-1, 1:-1] == BLACK).sum()) != black:
        return None
    return _answer(s)


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    answer = dense_answer(rows, cols, rng, judge)
    return None if answer is None else thinned(answer, rng, judge)


def thinned(answer: Answer, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """The answer's fully numbered board with numbers thinned as the judge allows; None when
    the judge refuses even the fully numbered board."""
    puzzle = checked(answer)
    if not judge.accept(puzzle):
        return None
    rows, cols = answer.rows, answer.cols
    numbers = [(r, c) for r in range(rows) for c in range(cols) if puzzle.clues[r][c] >= 0]

    def without(taken: frozenset[int]) -> Puzzle:
        clues = [list(row) for row in puzzle.clues]
        for k in taken:
            r, c = numbers[k]
            clues[r][c] = ANY_CLUE
        return Puzzle(rows, cols, tuple(map(tuple, clues)))

    return thin(len(numbers), without, judge.accept, rng, judge.style)
