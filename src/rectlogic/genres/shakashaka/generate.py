"""Shakashaka boards as published ones look: lone black cells wrapped in diamonds and tilted
strips, pieces touching at corners.

A board is drawn from its black cells, as a setter draws it (`drawn_answer`): a layout of
mostly lone black cells, half of them on the border, is solved (the solver's answer of the
unnumbered layout, the board turned at random first), every black cell numbered from that
answer, a few large pieces planted in it and some diamonds grown into tilted strips; while
the numbers allow a second answer a cell where the two differ turns black (in small white
regions first) and the board is solved again; then black cells are whitened (or small
white gaps darkened) while the board stays unique, to the black share the board aims at
(above 10×10, black cells are first `moved` where they do more, and whitened again).
An isolated black cell can only be wrapped by triangles, so the answers come out as
published ones do: two thirds of the white in 45° pieces, the numbers mostly 2s and 3s.
Numbers are then thinned to the style asked (`generating.STYLES`; published boards keep a
share drawn per board after Janko's, thinned towards the harder boards of the grade). About
one published 10×10 in eight (fewer on other sizes) keeps to a theme (`THEMES`): it shows
only its 1s and 2s, or no number at all, and is repaired and whitened until unique as it
shows, not thinned. Janko's boards come from many setters, so each board draws its own
setter's taste (`Taste`): its black share, how its black cells clump and crowd the border,
how many 4s, large pieces and numbers it has, and whether it keeps to a theme.

The earlier generator packs pieces first (`dense_answer`): going through the cells in
reading order, each cell still black gets a random white piece — an upright rectangle of
plain white cells or a tilted one (45°, its corners on lattice points, drawn with triangles
along its edges) — kept when it joins no other white along an edge and every lattice point
around it still passes the local rule; an ambiguous answer is repaired by blacking out
regions where a second answer differs, and whitened again while unique. It makes the write-up
set (with the write-ups' piece `Mix`) and the first candidates of the scaling benchmark.
`random_board` is the sparse generator (pieces one cell apart in a sea of black), kept for
the studies that were measured on it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np

from ...errors import RectlogicError
from ...grid import ANY_CLUE, NO_CLUE, corner_sum, neighbour_sum
from ..generating import SMALL_CELLS, Judge, accept_all, degenerate, thin
from . import model
from .model import BLACK, FULL, Answer, E, Puzzle, point_rings, triangles_beside
from .validate import (
    ACROSS,
    STATE_OF_QUARTERS,
    UI_ONLY_CODES,
    WHITE_QUARTERS,
    validate,
    white_regions,
)

_QUARTER_CENTRES = ((0.5, 0.2), (0.8, 0.5), (0.5, 0.8), (0.2, 0.5))  # N, E, S, W in a cell
FACING_WHITE = np.array([[k in WHITE_QUARTERS[state] for k in range(4)] for state in range(6)])
"""FACING_WHITE[state, side]: is that side's quarter of a cell in that state white?"""


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


def numbered(answer: Answer, shows: frozenset[int] | None = None) -> Puzzle:
    """The answer's black cells, each with the count of its neighbouring triangles; with
    `shows` (a themed board's digits, `Taste.shows`) only those whose count is one of them,
    the others black without a number."""
    beside = triangles_beside(answer)
    if shows is not None:
        beside = np.where(np.isin(beside, list(shows)), beside, ANY_CLUE)
    clues = np.where(np.array(answer.cells) == BLACK, beside, NO_CLUE)
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
    sides: tuple[tuple[int, int, int], ...] = ()
    """Where its white meets the cell beside it across an edge, outside the piece: (row,
    column, side) of the piece's own cell — another piece's white there would join them."""


REGION_SHARES = {("upright", 1, 1): 34.7, ("tilted", 1, 1): 22.7, ("upright", 1, 2): 15.5,
                 ("tilted", 1, 2): 11.8, ("upright", 1, 3): 3.5, ("tilted", 1, 3): 3.3,
                 ("tilted", 2, 2): 1.3, ("tilted", 1, 4): 1.2, ("upright", 2, 2): 1.1,
                 ("upright", 1, 4): 1.0, ("tilted", 2, 3): 0.9, ("upright", 2, 3): 0.6,
                 ("upright", 1, 5): 0.4, ("tilted", 2, 4): 0.2, ("upright", 3, 3): 0.2,
                 ("tilted", 3, 3): 0.1, ("upright", 3, 4): 0.1}
"""The white regions of Janko's 10×10 Shakashaka by kind and sides (%): single cells a third
of them, diamonds a fifth, then dominoes and 1×2 tilted pieces; larger ones rare."""


AREA_BIAS = 1.0
"""Packing in reading order, a cell takes what still fits, often a small piece: drawing each
shape with weight share × area gives back Janko's mix."""


def _sides(states: np.ndarray) -> tuple[tuple[int, int, int], ...]:
    h, w = states.shape
    out = []
    for r in range(h):
        for c in range(w):
            for k in WHITE_QUARTERS[int(states[r, c])]:
                dr, dc, _ = ACROSS[k]
                y, x = r + dr, c + dc
                if not (0 <= y < h and 0 <= x < w) or states[y, x] == BLACK:
                    out.append((r, c, k))
    return tuple(out)


@dataclass(frozen=True)
class Mix:
    """How often each piece is drawn: a tilted rectangle with sides p, q (1-3) at weight
    `tilted`/(p·q)^`spread`, so diamonds most; an upright block h×w (sides up to
    `upright_side`) at weight `upright` each. Packing draws by weight; whitening tries every
    placement of every piece in the mix alike, and pieces may join into larger regions (the
    generator's procedure before it drew Janko's pieces: its default weights drew upright
    blocks about 39 % of the time). Without a mix the generator draws Janko's region shares
    (`REGION_SHARES`) and keeps pieces apart; a study passes the write-ups' mix
    (`studies.shakashaka.WRITE_UP_MIX`: their answers touch at corners more)."""
    tilted: float = 3.0
    upright: float = 0.4
    upright_side: int = 4
    spread: float = 1.0


@cache
def pieces(mix: Mix | None = None) -> tuple[Piece, ...]:
    """White pieces: by default in Janko's proportions (`REGION_SHARES`, each shape's share
    split between its turns), upright rectangles and 45° ones; with a `Mix`, tilted
    rectangles with sides 1-3 and upright ones up to `mix.upright_side` square, weighted as
    the mix says (the write-ups' answers)."""
    out = []
    if mix is None:
        for (kind, a, b), share in REGION_SHARES.items():
            turns = {(a, b), (b, a)}
            for p, q in turns:
                states = (tilted_piece(p, q) if kind == "tilted"
                          else np.full((p, q), E, dtype=np.int8))
                area = 2 * p * q if kind == "tilted" else p * q
                out.append((states, share * area ** AREA_BIAS / len(turns)))
    else:
        out = [(tilted_piece(p, q), mix.tilted / (p * q) ** mix.spread)
               for p in range(1, 4) for q in range(1, 4)]
        side = range(1, mix.upright_side + 1)
        out += [(np.full((h, w), E, dtype=np.int8), mix.upright) for h in side for w in side]
    return tuple(Piece(a.astype(np.uint8), tuple(map(tuple, np.argwhere(a != BLACK).tolist())),
                       wt, _sides(a)) for a, wt in out if wt > 0)


@cache
def _weights(mix: Mix | None = None) -> np.ndarray:
    w = np.array([p.weight for p in pieces(mix)])
    return w / w.sum()


def _joins(s: np.ndarray, piece: Piece, r: int, c: int) -> bool:
    """Would the piece, its box's corner at framed cell (r, c), touch white along an edge (and
    so join another piece into one region)?"""
    for dr, dc, k in piece.sides:
        y, x, facing = ACROSS[k]
        if FACING_WHITE[s[r + dr + y, c + dc + x], facing]:
            return True
    return False


def _place(s: np.ndarray, piece: Piece, r: int, c: int, apart: bool = True) -> bool:
    """Put the piece with its box's corner at framed cell (r, c) if its cells are black, it
    joins no other white along an edge (when `apart`: published boards' pieces are kept
    apart, meeting at corners) and every lattice point around it passes the local rule; say
    whether it was put."""
    h, w = piece.states.shape
    if r < 1 or c < 1 or r + h > s.shape[0] - 1 or c + w > s.shape[1] - 1:
        return False
    box = s[r : r + h, c : c + w]
    mask = piece.states != BLACK
    if (box[mask] != BLACK).any() or (apart and _joins(s, piece, r, c)):
        return False
    before = box.copy()
    box[mask] = piece.states[mask]
    if FULL[point_rings(s[r - 1 : r + h + 1, c - 1 : c + w + 1])].all():
        return True
    box[...] = before
    return False


def pack(s: np.ndarray, cells: list[tuple[int, int]], rng: np.random.Generator,
         tries: int = 6, mix: Mix | None = None) -> None:
    """Whiten the black cells among `cells` (framed coordinates), in reading order: up to
    `tries` random pieces, each placed so that the cell is the piece's first (kept apart
    from other white unless a `Mix` is drawn)."""
    all_pieces, weights = pieces(mix), _weights(mix)
    for r, c in sorted(cells):
        if s[r, c] != BLACK:
            continue
        for k in rng.choice(len(all_pieces), size=tries, replace=False, p=weights):
            piece = all_pieces[int(k)]
            dr, dc = piece.cells[0]
            if _place(s, piece, r - dr, c - dc, apart=mix is None):
                break


def _cover(s: np.ndarray, r: int, c: int, rng: np.random.Generator,
           mix: Mix | None = None) -> Iterator[tuple[Piece, int, int]]:
    """Every placement of every piece over framed cell (r, c), in random order (lazily)."""
    options = [(piece, r - dr, c - dc) for piece in pieces(mix) for dr, dc in piece.cells]
    for k in rng.permutation(len(options)):
        yield options[int(k)]


def _answer(s: np.ndarray) -> Answer:
    return Answer(tuple(map(tuple, s[1:-1, 1:-1].tolist())))


REPACK = 0.7
"""The chance a repair packs the blacked-out cells again at once (with other pieces, mostly):
left black, they make the clumps of black published boards do not have."""
REPAIRS = 40
"""Rounds of repair before an answer that stays ambiguous is given up."""


def make_unique(s: np.ndarray, rng: np.random.Generator,
                answers: Callable[[Puzzle], list[Answer]], repack: bool = True) -> bool:
    """Repair the framed answer `s` in place until its fully numbered board is unique: black
    out the regions at cells where a second answer differs (numbered, the new black cells
    tell the two apart), and with `repack`, often pack them again at once with other pieces
    (left black they clump); `whiten` gives the rest back later, one at a time, where the
    judge allows."""
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
        if repack and rng.random() < REPACK:
            pack(s, cells, rng)
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
           tries: int = 3, stop: int = 0, passes: tuple[bool, ...] = (True, False),
           mix: Mix | None = None) -> None:
    """Try to turn each black cell white (up to `tries` legal pieces over it), keeping a
    piece only while the fully numbered board stays acceptable (unique, and no harder
    than the grade asked: a board may be made easy enough here, never after); stop when
    no more than `stop` black cells are left. Black cells beside black ones go first (a
    published board's black cells mostly stand alone), first with pieces kept apart, then
    with pieces that may join their neighbours into larger ones (`passes`: apart or not).
    With a `Mix` (the write-ups' answers): its pieces, in random order, joining allowed."""
    for apart in passes if mix is None else (False,):
        black = np.argwhere(s[1:-1, 1:-1] == BLACK) + 1
        crowded = [_black_beside(s, int(r), int(c)) for r, c in black]
        order = rng.permutation(len(black))
        if mix is None:
            order = sorted(order, key=lambda k: -crowded[int(k)])
        for k in order:
            if stop and int((s[1:-1, 1:-1] == BLACK).sum()) <= stop:
                return
            r, c = (int(v) for v in black[int(k)])
            placed = 0
            for piece, pr, pc in _cover(s, r, c, rng, mix):
                if s[r, c] != BLACK or placed == tries:
                    break
                before = s.copy()
                if _place(s, piece, pr, pc, apart):
                    placed += 1
                    if accept(numbered(_answer(s))):
                        break
                    s[...] = before


def _black_beside(s: np.ndarray, r: int, c: int) -> int:
    """How many of framed cell (r, c)'s edge neighbours on the board are black."""
    inside = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
              if 1 <= y < s.shape[0] - 1 and 1 <= x < s.shape[1] - 1]
    return sum(s[y, x] == BLACK for y, x in inside)


def dense_answer(rows: int, cols: int, rng: np.random.Generator,
                 judge: Judge | None = None, black: int | None = None,
                 mix: Mix | None = None) -> Answer | None:
    """A packed answer; with a judge that can count answers, made unique when fully numbered
    and whitened again while acceptable — down to exactly `black` black cells when that is
    given (None when it is not reached); None when the repair failed. `mix`: the write-ups'
    pieces and plain procedure (`Mix`), else Janko's pieces kept apart."""
    s = np.full((rows + 2, cols + 2), BLACK, dtype=np.uint8)
    pack(s, [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)], rng, mix=mix)
    if mix is None:
        whiten(s, rng, accept_all, tries=1, passes=(True,))
    if judge is not None and judge.answers is not None:
        if not make_unique(s, rng, judge.answers, repack=mix is None):
            return None
        whiten(s, rng, judge.accept, stop=black or 0, mix=mix)
    if black is not None and int((s[1:-1, 1:-1] == BLACK).sum()) != black:
        return None
    return _answer(s)


NUMBERED = ((0.10, 1.0), (0.05, 0.0), (0.85, (0.4, 0.9)))
"""The share of its black cells a published board keeps numbered, drawn per board: Janko's
10×10 keep 67 % on average, but one in seven keeps every number and one in twenty none
(where uniqueness allows); the rest between about 40 and 90 %. (Drawn from 25–80 %, on
the guess that thinning stops above the share drawn, the bank's 10×10 kept 57 %; drawn
from 40–90 % they keep 62 %, and its larger boards 72.5 %, as his 72.4 %.)"""


def _drawn(weights: dict[Any, float], rng: np.random.Generator) -> Any:
    """One of the keys, drawn by its weight."""
    keys = list(weights)
    p = np.array([weights[k] for k in keys], dtype=float)
    return keys[int(rng.choice(len(keys), p=p / p.sum()))]


def numbered_share(rng: np.random.Generator) -> float:
    """A board's share of numbers kept at least, drawn from `NUMBERED`."""
    share = _drawn({share: w for w, share in NUMBERED}, rng)
    return float(rng.uniform(*share)) if isinstance(share, tuple) else share


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """A board drawn from its black cells (`drawn_answer`), numbered and thinned; with a
    judge that cannot count answers, the first packed answer as it comes (`dense_answer`)."""
    taste = draw_taste(rng, rows * cols)
    if judge.style != "published" or judge.answers is None:
        taste = replace(taste, shows=None)  # a published setter's habit, made unique as shown
    if judge.answers is None:
        answer = dense_answer(rows, cols, rng)
    else:
        answer = drawn_answer(rows, cols, rng, judge.answers, judge.accept, taste)
    return None if answer is None else thinned(answer, rng, judge, taste)


# -- boards drawn from their black cells --------------------------------------------------
#
# A setter places black cells first and lets the white pieces follow: an isolated black
# cell can only be wrapped by triangles, so a layout of mostly lone black cells, solved,
# gives answers of diamonds and tilted strips with the black cells in their notches, as
# published boards are (packing pieces first and repairing the answer instead leaves black
# clumps and 0s). The layout is drawn as published ones are (lone cells, half of them on
# the border at 10×10, some diagonal pairs); the solver gives an answer of it, the board
# turned at random so that its first answer is not always the same shape (of four turns,
# the answer of fewest white regions), with a few large pieces planted in it (`planted`);
# while the fully numbered board has a second answer, a cell where the two differ turns
# black (its neighbours' numbers read again from the new answer); then the board is
# whitened, or darkened, to the black share its taste aims at.

BLACK_SHARE = (0.12, 0.45)
"""The black share a board aims at, drawn per board (median, and the sd of its logarithm;
clipped to 6–30 %): Janko's 10×10 hold 14 % black on average, a tenth of them 9 % or less
and a tenth 18 % or more (12.5 % on their larger boards)."""
LARGER_SPARSER = 0.012
"""How much lower the median black share is per doubling of the board's cells past 100:
Janko's 10×10 are 14 % black, their larger boards (12×12 to 16×20) 11.6 %."""
REPAIR_SHARE = 0.03
"""A layout draws the black share aimed at less this (a share of the board's cells): the
repair adds about so many (five on a 10×10), and whitening takes cells off again down to
the share aimed at."""
LAYOUT_MOST = 0.11
"""The most black a layout draws (a share of the cells): a denser random layout often has
no answer at all (17 %: two in three); a board that aims higher is darkened once unique
(`darkened`)."""
BESIDE, DIAGONAL, BORDER = 0.4, 0.5, 1.6
"""A new black cell's weight beside a black one, diagonal to one only, and on the border
(1 elsewhere), the median of each board's own (`Taste`): published black cells mostly stand
alone (a fifth touch another), 27 % meet one at a corner, and half of them lie on the
border of a 10×10. (Weighted 1.5 at a corner, with the repair's cells, 43 % met one there:
diagonal chains of black a player saw at a glance.)"""
FOURS = 0.09
"""The share of a layout's black cells asked to show a 4 (on the border: a 3) when the
answer is first drawn (dropped where no answer has them), the mean of each board's own:
left to itself the solver, which tries a plain white cell first, wraps too few black cells
in triangles all round (Janko's boards: one black cell in ten shows a 4)."""
THINNED_FIRST = {(0, 3): 0.5, (0,): 0.2, (3,): 0.1, (0, 2): 0.1, (): 0.1}
"""The digits a board's thinning tries first, and how often a board does so: the answers,
wrapping lone black cells in triangles, show more 3s than Janko's boards (27 % against
21 %) and fewer 1s, clumps of black more 0s, and setters differ in which numbers they
leave out."""
BORDER_GROWTH = 0.5
"""The border weight grows with the board's cells to this power: Janko's 10×10 put half
their black cells on the border, their larger boards 37 %, where the border is a smaller
share of the cells (a 20×20's 19 %, a 10×10's 36 %)."""
FOURS_GROWTH = 0.5
"""The 4s asked grow with the board's cells to this power: one number in twenty is a 4 on
Janko's 10×10, one in ten on their larger boards."""
TASTE_SPREAD = {"beside": 0.8, "border": 0.4}
"""How widely boards' weights spread around `BESIDE` and `BORDER` (the sd of their
logarithms)."""


@dataclass(frozen=True)
class Taste:
    """One setter's habits, drawn per board (`draw_taste`): Janko's boards come from many
    setters and differ more from one board to the next than one setter's do (their black
    share, how their black cells clump, which digits they show), so a generator that draws
    every board alike is told from them by the spread alone."""

    black: float
    """The black share aimed at: the layout draws most of it, whitening stops there."""
    beside: float
    """A new black cell's weight beside a black one (`BESIDE`)."""
    border: float
    """A new black cell's weight on the border (`BORDER`)."""
    fours: float
    """The share of layout cells asked to show a 4 (`FOURS`)."""
    numbered: float
    """The share of its numbers the board keeps at least (`NUMBERED`)."""
    planted: float
    """Large pieces planted per 100 cells (`PLANTED`)."""
    grown: float
    """The share of diamonds grown into tilted strips (`GROWN`)."""
    small_first: float
    """How loosely a repair prefers cells of small white regions (`SMALL_FIRST`)."""
    thinned_first: tuple[int, ...] = ()
    """The digits thinning tries first (`THINNED_FIRST`)."""
    shows: frozenset[int] | None = None
    """A themed board's digits (`THEMES`): only black cells of these show their number, and
    the board is made unique as shown; None on a board that may show every digit."""


def draw_taste(rng: np.random.Generator, cells: int = 100) -> Taste:
    """A board's own habits, around the generator's medians or means (`BLACK_SHARE`, less
    `LARGER_SPARSER` on a board of more than 100 `cells`; `BESIDE`, `BORDER`, `FOURS`,
    `NUMBERED`, `PLANTED`, `GROWN`, `SMALL_FIRST`), the numbers kept tied to its black share
    as Janko's are (`FEWER_NUMBERS`); above SMALL_CELLS, more large pieces planted and fewer
    numbers kept (`LARGER_PLANTED`, `LARGER_FEWER`)."""
    median, spread = BLACK_SHARE
    median -= LARGER_SPARSER * max(0.0, float(np.log2(cells / 100)))
    black = float(np.clip(median * np.exp(rng.normal(0, spread)), 0.06, 0.3))
    above = 100 * (black - median)
    larger = cells > SMALL_CELLS
    return Taste(black=black,
                 beside=BESIDE * float(np.exp(rng.normal(0, TASTE_SPREAD["beside"]))),
                 border=BORDER * (cells / 100) ** BORDER_GROWTH
                 * float(np.exp(rng.normal(0, TASTE_SPREAD["border"]))),
                 fours=float(rng.exponential(FOURS * (cells / 100) ** FOURS_GROWTH)),
                 numbered=float(np.clip(numbered_share(rng) - FEWER_NUMBERS * above
                                        - LARGER_FEWER * larger, 0, 1)),
                 planted=float(rng.exponential(PLANTED * (LARGER_PLANTED if larger else 1))),
                 grown=float(rng.uniform(0, 2 * GROWN)),
                 small_first=float(rng.exponential(SMALL_FIRST)),
                 thinned_first=_drawn(THINNED_FIRST, rng),
                 shows=_drawn(THEMES, rng) if rng.random() < themed_share(cells) else None)


LARGER_PLANTED, LARGER_FEWER = 2.0, 0.12
"""On boards above SMALL_CELLS: large pieces planted times this (Janko's larger boards have
larger white regions, 2.9 cells on average against 2.6 on his 10×10s), and the least share
of numbers kept this much lower (once `moved` leaves fewer black cells, each number counts
for more and thinning stopped at 81 % of black cells numbered, his 72 %)."""


THEMED = 0.13
"""The share of published 10×10 boards drawn themed (`THEMES`), as many as Janko's 10×10
that show only 1s and 2s (or one of them) or no number (16 of 123); a board of more cells
draws it less, in proportion (15×15 one in seventeen, 20×20 one in thirty: his boards of
181–250 cells one in fifteen, larger ones one in twenty-eight), a smaller one with the
square of its share of 100 cells (a small board that shows few digits is seldom unique).
With the few boards that show two digits or fewer by themselves, about one 10×10 in seven
and one larger board in twenty show at most two digits (Janko's: 17 % and 6 %)."""
THEMES = {frozenset({1, 2}): 0.65, frozenset(): 0.35}
"""What a themed board shows, by weight: only its 1s and 2s, or no number at all (black
cells alone). Of Janko's boards showing at most two digits, 16 show only 1s and 2s (or one
of them), 10 no number, 6 only 0s and 5 some other digit or pair (0s alone would push
the 0s past the one number in ten his boards show)."""


def themed_share(cells: int) -> float:
    """The share of boards of this many cells drawn themed (`THEMED`)."""
    return THEMED * (100 / cells if cells > 100 else (cells / 100) ** 2)


FEWER_NUMBERS = 0.05
"""How much smaller a share of numbers a board keeps per point of black share above the
median: Janko's 10×10 with 9–13 % black keep 80–90 % of their numbers, those with 18–22 %
a third (the black cells of a board with few numbers pin its answer down). Their black
cells clump more on such boards too (a third touch another), as ours do by themselves."""


TURNS = 4
"""Turns of the board tried per answer drawn: of the answers found, the one of fewest white
regions is kept (then most triangles): the solver, trying a plain white cell first, cuts
the white into more and smaller pieces than setters draw."""
REPAIRS_PER_CELL = 0.3
"""Black cells a repair may add, per cell of the board, before an ambiguous board is given
up (a 10×10 takes five or so, a 20×20 about thirty)."""
SMALL_FIRST = 1.0
"""How loosely a repair prefers cells of small white regions (their area plus a random
jitter this wide): blacking out a cell of a large piece breaks it, and published boards
keep theirs (Janko's largest white region: 10 cells on a 10×10)."""
NW, NE, SE, SW = model.TNW, model.TNE, model.TSE, model.TSW  # a triangle by its corner
TRANSFORMS = {"T": np.array([E, NW, SW, SE, NE, BLACK]),  # the corner, mirrored
              "LR": np.array([E, NE, NW, SW, SE, BLACK]),
              "UD": np.array([E, SW, SE, NE, NW, BLACK])}
"""Each of the three mirrors that generate the board's eight symmetries (across the main
diagonal, left-right, up-down), as what it does to a cell's state."""


SYMMETRIC = 0.1
"""The share of layouts drawn 180°-symmetric, and repaired so (one published 10×10 in
eleven; a quarter of their black cells have a partner, against a sixth by chance)."""


def black_layout(rows: int, cols: int, rng: np.random.Generator, taste: Taste,
                 symmetric: bool = False) -> np.ndarray:
    """Black cells (a boolean grid) placed one at a time (with their 180° partner when
    `symmetric`), each weighted by what is around it (the taste's weights beside a black
    cell and on the border, `DIAGONAL`), as many as the taste's black share less what the
    repair adds (`REPAIR_SHARE`), and no more than `LAYOUT_MOST`."""
    want = round(min(taste.black - REPAIR_SHARE, LAYOUT_MOST) * rows * cols)
    black = np.zeros((rows, cols), dtype=bool)
    border = np.ones((rows, cols), dtype=bool)
    border[1:-1, 1:-1] = False
    edge = np.where(border, taste.border, 1.0)
    while int(black.sum()) < max(1, want):
        framed = np.pad(black, 1)
        beside = neighbour_sum(framed) > 0
        corner = corner_sum(framed)
        weight = np.where(beside, taste.beside, np.where(corner, DIAGONAL, 1.0)) * edge
        weight[black] = 0
        k = int(rng.choice(black.size, p=(weight / weight.sum()).reshape(-1)))
        black.flat[k] = True
        if symmetric:
            black.flat[black.size - 1 - k] = True
    return black


def _mirrored(cells: np.ndarray, op: str, states: bool) -> np.ndarray:
    flipped = cells.T if op == "T" else cells[:, ::-1] if op == "LR" else cells[::-1, :]
    return TRANSFORMS[op][flipped] if states else flipped


def answer_of(clues: np.ndarray, rng: np.random.Generator,
              answers: Callable[[Puzzle], list[Answer]]) -> Answer | None:
    """An answer of the board with these clues (numbers, ANY_CLUE on a black cell that has
    none), the one of fewest white regions (then most triangles) among those found on
    `TURNS` random turns of it; None when it has none (or the search gave up)."""
    best, most = None, -1
    for _ in range(TURNS):
        ops = [op for op in TRANSFORMS if rng.random() < 0.5]
        grid = clues
        for op in ops:
            grid = _mirrored(grid, op, states=False)
        for found in answers(Puzzle(*grid.shape, tuple(map(tuple, grid.tolist())))):
            cells = np.array(found.cells)
            for op in reversed(ops):
                cells = _mirrored(cells, op, states=True)
            pieces = len(white_regions(Answer(tuple(map(tuple, cells.tolist())))))
            rank = int(((cells >= NW) & (cells <= SW)).sum()) - 1000 * pieces
            if best is None or rank > most:
                best, most = cells, rank
    return None if best is None else Answer(tuple(map(tuple, best.tolist())))


BIG_PIECES = {("tilted", 1, 3): 6, ("tilted", 2, 2): 6, ("tilted", 1, 4): 8,
              ("tilted", 2, 3): 10, ("tilted", 1, 5): 3, ("tilted", 2, 4): 4,
              ("tilted", 3, 3): 4, ("tilted", 1, 6): 1, ("tilted", 2, 5): 2,
              ("tilted", 3, 4): 2, ("upright", 3, 3): 2, ("upright", 2, 3): 1,
              ("upright", 3, 4): 1, ("upright", 4, 4): 1, ("upright", 1, 5): 1,
              ("tilted", 3, 5): 1, ("tilted", 4, 4): 1, ("tilted", 2, 6): 1}
"""The large pieces a setter plants (weights): what Janko's 10×10 have as their largest
white region, mostly a tilted rectangle in a 4×4 to 7×7 box (sides 1×3 to 3×4), now and
then a 3×3 or 4×4 block or a long strip; on larger boards larger still (Janko's
12×12 and up: 18 cells on average)."""
PLANTED = 0.8
"""Large pieces planted per 100 cells, on average (a board's count is Poisson): the solver
and the repair cut the white into small pieces (largest white region 7 cells on a 10×10
against Janko's 10, and hardly ever over 12 where a fifth of theirs are)."""


def _framed(answer: Answer) -> np.ndarray:
    s = np.full((answer.rows + 2, answer.cols + 2), BLACK, dtype=np.uint8)
    s[1:-1, 1:-1] = np.array(answer.cells)
    return s


def big_piece(rng: np.random.Generator, draws: int = 1) -> np.ndarray:
    """A large piece's states in its box, drawn from `BIG_PIECES` (the largest of `draws`),
    turned at random."""
    kind, a, b = max((_drawn(BIG_PIECES, rng) for _ in range(draws)),
                     key=lambda s: s[1] * s[2] * (2 if s[0] == "tilted" else 1))
    if rng.random() < 0.5:
        a, b = b, a
    return tilted_piece(a, b) if kind == "tilted" else np.full((a, b), E, dtype=np.int8)


GROWN = 0.5
"""The share of small tilted pieces (diamonds, 1×2 strips) a setter's answer grows into
larger ones where it can: the solver, trying a plain white cell first, closes tilted pieces
as soon as it can (diamonds 27 % of the white regions, against Janko's 23 %; on larger
boards 5.9 diamonds and 3.1 strips per 100 cells against 4.7 and 2.5)."""
GROW_INTO = {(1, 2): 3, (1, 3): 2, (2, 2): 2, (2, 3): 1}
"""The tilted pieces (sides) a small one grows into, by weight."""


def planted(answer: Answer, rng: np.random.Generator, count: int, grown: float = GROWN,
            tries: int = 8) -> Answer:
    """The answer with up to `count` large pieces (`big_piece`) put in at random places, then
    a share `grown` of its small tilted pieces grown larger where they can (`_grow`): the white
    regions a piece cuts or would join along an edge are blacked out, and packed again with
    published pieces kept apart (`pack`). A large piece's place is tried up to `tries`
    times; a place that would cut a region as large as the piece (one planted before, say),
    or leave a lattice point illegal, is not taken."""
    s = _framed(answer)
    for _ in range(count):
        piece = _piece(big_piece(rng, 1 + answer.rows * answer.cols // 200))
        h, w = piece.states.shape
        if h > answer.rows or w > answer.cols:
            continue
        for _ in range(tries):
            r = int(rng.integers(1, answer.rows - h + 2))
            c = int(rng.integers(1, answer.cols - w + 2))
            if _put(s, piece, r, c, rng):
                break
    _grow(s, rng, grown)
    return _answer(s)


def _grow(s: np.ndarray, rng: np.random.Generator, share: float) -> None:
    """Grow a share of the framed answer's small tilted pieces (diamonds, 1×2 strips) into a
    larger one drawn from `GROW_INTO` whose box holds the small one's, where it can."""
    labels, sizes = _region_labels(s)
    small = [(tuple(np.argwhere(labels == k)[0]), sizes[k]) for k in range(1, len(sizes))
             if sizes[k] <= 4 and ((labels == k) & (s != E)).any()]
    for k in rng.permutation(len(small)):
        (y, x), size = small[int(k)]
        if rng.random() >= share or sizes[labels[y, x]] != size or labels[y, x] == 0:
            continue
        (r0, c0), (r1, c1) = (f(np.argwhere(labels == labels[y, x]), axis=0)
                              for f in (np.min, np.max))
        p, q = _drawn(GROW_INTO, rng)
        if 2 * p * q <= size:
            continue
        piece, n = _piece(tilted_piece(*((p, q) if rng.random() < 0.5 else (q, p)))), p + q
        spots = [(r, c) for r in range(r1 - n + 1, r0 + 1) for c in range(c1 - n + 1, c0 + 1)]
        for j in rng.permutation(len(spots)):
            if _put(s, piece, *spots[int(j)], rng):
                labels, sizes = _region_labels(s)
                break


def _piece(states: np.ndarray) -> Piece:
    return Piece(states.astype(np.uint8), tuple(map(tuple, np.argwhere(states != BLACK).tolist())),
                 1.0, _sides(states))


def _put(s: np.ndarray, piece: Piece, r: int, c: int, rng: np.random.Generator) -> bool:
    """Put the piece with its box's corner at framed cell (r, c), the regions it cuts or
    would join along an edge blacked out and packed again around it; False (nothing
    changed) when it would cut a region as large as itself, leave a lattice point illegal
    or leave more runs of three black cells than before."""
    h, w = piece.states.shape
    if r < 1 or c < 1 or r + h > s.shape[0] - 1 or c + w > s.shape[1] - 1:
        return False
    labels, sizes = _region_labels(s)
    cut = set(labels[r:r + h, c:c + w].reshape(-1).tolist())
    cut |= {int(labels[r + dr + y, c + dc + x]) for dr, dc, k in piece.sides
            for y, x, _ in (ACROSS[k],)}
    cut.discard(0)
    area = sum(len(WHITE_QUARTERS[int(v)]) for v in piece.states.reshape(-1)) / 4
    if any(sizes[k] >= area for k in cut):
        return False
    before = s.copy()
    gone = np.isin(labels, list(cut))
    gone[r:r + h, c:c + w] = True
    s[gone] = BLACK
    mask = piece.states != BLACK
    s[r:r + h, c:c + w][mask] = piece.states[mask]
    if not FULL[point_rings(s)].all():
        s[...] = before
        return False
    gone[r:r + h, c:c + w] &= ~mask
    pack(s, [(int(y), int(x)) for y, x in np.argwhere(gone)], rng)
    if _black_triples(s) > _black_triples(before):
        s[...] = before
        return False
    return True


def _black_triples(s: np.ndarray) -> int:
    """How many runs of three black cells, across or down, the framed answer has on the
    board (a piece's box corners left black make them: published boards have few)."""
    b = s[1:-1, 1:-1] == BLACK
    return int((b[:, :-2] & b[:, 1:-1] & b[:, 2:]).sum() + (b[:-2] & b[1:-1] & b[2:]).sum())


def _region_labels(s: np.ndarray) -> tuple[np.ndarray, list[float]]:
    """The framed answer's cells labelled by white region (1, 2, …; 0 for black cells), and
    each label's area in cells (a half-cell counts a half)."""
    labels = np.zeros(s.shape, dtype=int)
    sizes = [0.0]
    for k, g in enumerate(white_regions(_answer(s)), start=1):
        sizes.append(len(g) / 4)
        for y, x, _ in g:
            labels[y + 1, x + 1] = k
    return labels, sizes


def drawn_answer(rows: int, cols: int, rng: np.random.Generator,
                 answers: Callable[[Puzzle], list[Answer]],
                 accept: Callable[[Puzzle], bool] = accept_all,
                 taste: Taste | None = None) -> Answer | None:
    """An answer whose fully numbered board is unique, drawn from a black layout and repaired
    (see above), then whitened while `accept` (the judge's: unique, and no harder than the
    grade asked) keeps it (on a board above SMALL_CELLS, its black cells `moved` and whitened
    again, up to MOVES times, while above the share aimed at); None when the layout has no
    answer, the repair gives up or the board is harder than `accept` allows. A themed board
    (`Taste.shows`) is numbered, made unique and whitened as it will be shown: its theme's
    digits alone."""
    taste = taste or draw_taste(rng, rows * cols)
    symmetric = bool(rng.random() < SYMMETRIC)
    black = black_layout(rows, cols, rng, taste, symmetric)
    clues = np.where(black, ANY_CLUE, NO_CLUE)
    wished = clues.copy()
    for r, c in np.argwhere(black & (rng.random(black.shape) < taste.fours)):
        wished[r, c] = 4 - int(r in (0, rows - 1)) - int(c in (0, cols - 1))
    answer = answer_of(wished, rng, answers) if (wished >= 0).any() else None
    answer = answer or answer_of(clues, rng, answers)
    if answer is not None and not symmetric:
        answer = planted(answer, rng, int(rng.poisson(taste.planted * rows * cols / 100)),
                         taste.grown)
    for _ in range(round(REPAIRS_PER_CELL * rows * cols)):
        if answer is None:
            return None
        puzzle = numbered(answer, taste.shows)
        found = answers(puzzle)
        other = next((a for a in found if a != answer), None)
        if other is None:
            if found != [answer] or not accept(puzzle):
                return None
            if symmetric:
                return answer
            aim = round(taste.black * rows * cols)
            answer = whitened(answer, rng, answers, accept, aim, taste.shows)
            for _ in range(MOVES if rows * cols > SMALL_CELLS else 0):
                if _blacks(answer) <= aim:
                    break
                answer = moved(answer, rng, answers, accept, taste.shows)
                answer = whitened(answer, rng, answers, accept, aim, taste.shows)
            return darkened(answer, rng, answers, accept, aim, taste.shows)
        answer = with_black_cell(puzzle, answer, other, rng, answers, symmetric,
                                 small_first=taste.small_first)
    return None


def whitened(answer: Answer, rng: np.random.Generator,
             answers: Callable[[Puzzle], list[Answer]],
             accept: Callable[[Puzzle], bool], stop: int = 0,
             shows: frozenset[int] | None = None) -> Answer:
    """The answer with black cells turned white again, one at a time in random order, each
    kept when the board solved around it (its neighbours' numbers read again) is still
    accepted fully numbered (unique, no harder than the grade asked): the repair adds a black
    cell wherever two answers differ, often more than the board needs (published boards
    manage with fewer: 12.5 % at 10×10 and above); no further than `stop` black cells left,
    black cells beside black ones first (a published board's black cells mostly stand
    alone), then those that would show a 0 (one number in eleven on Janko's boards). A
    themed board (`shows`) is numbered as it will be shown, and its black cells that show no
    number go first: a setter who keeps to 1s and 2s draws nearly every black cell a 1 or
    a 2 (Janko's: 90 % of them)."""
    framed = _framed(answer)
    beside = triangles_beside(answer)
    zero = beside == 0
    hidden = ~np.isin(beside, list(shows)) if shows is not None else np.zeros_like(zero)
    for r, c in sorted(rng.permutation(np.argwhere(framed[1:-1, 1:-1] == BLACK)).tolist(),
                       key=lambda rc: (-_black_beside(framed, rc[0] + 1, rc[1] + 1),
                                       not hidden[rc[0], rc[1]], not zero[rc[0], rc[1]])):
        if _blacks(answer) <= stop:
            break
        trial = _whitened_at(answer, r, c, rng, answers, shows)
        if trial is not None and answers(shown := numbered(trial, shows)) == [trial] and accept(
                shown):
            answer = trial
    return answer


def _blacks(answer: Answer) -> int:
    return sum(row.count(BLACK) for row in answer.cells)


def _whitened_at(answer: Answer, r: int, c: int, rng: np.random.Generator,
                 answers: Callable[[Puzzle], list[Answer]],
                 shows: frozenset[int] | None) -> Answer | None:
    """An answer of the board with black cell (r, c) turned white: its number gone, its
    neighbours' numbers free (they read the new answer), the rest kept (None: no answer)."""
    clues = np.array(numbered(answer, shows).clues)
    clues[r, c] = NO_CLUE
    for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= y < answer.rows and 0 <= x < answer.cols and clues[y, x] >= 0:
            clues[y, x] = ANY_CLUE
    return answer_of(clues, rng, answers)


MOVES = 2
"""Rounds of `moved` then `whitened` on a board above SMALL_CELLS: there the repair adds a
black cell per second answer, many more than the board ends up needing (a 15×15's layout
drew 14, the repair took it to 37, whitening alone back to 29 only: 13 % black against
Janko's 11.8 %), and a cell whitening cannot take off alone can often be moved where it
does more, after which others come off (two rounds: 25 after whitening, and 11.8 % black
over 24 boards once those aiming higher are darkened)."""


def moved(answer: Answer, rng: np.random.Generator,
          answers: Callable[[Puzzle], list[Answer]], accept: Callable[[Puzzle], bool],
          shows: frozenset[int] | None = None) -> Answer:
    """The answer with black cells moved, each in random order once: turned white, and
    where that leaves a second answer, a black cell added where the two differ (another
    cell: `with_black_cell`), kept when the board is accepted, unique, with no more black
    cells than before (a cell that comes off alone just comes off)."""
    for r, c in rng.permutation(np.argwhere(np.array(answer.cells) == BLACK)).tolist():
        if answer.cells[r][c] != BLACK:
            continue  # an earlier move's answer changed it
        trial = _whitened_at(answer, r, c, rng, answers, shows)
        if trial is None:
            continue
        shown = numbered(trial, shows)
        found = answers(shown)
        other = next((a for a in found if a != trial), None)
        if other is not None:
            trial = with_black_cell(shown, trial, other, rng, answers)
            if trial is None or trial.cells[r][c] == BLACK:
                continue
            shown = numbered(trial, shows)
            found = answers(shown)
        if found == [trial] and accept(shown) and _blacks(trial) <= _blacks(answer):
            answer = trial
    return answer


def darkened(answer: Answer, rng: np.random.Generator,
             answers: Callable[[Puzzle], list[Answer]], accept: Callable[[Puzzle], bool],
             aim: int, shows: frozenset[int] | None = None) -> Answer:
    """The answer with plain white cells of the smallest regions (one or two cells) turned
    black, one at a time in random order (cells with fewer black neighbours first: left to
    chance, most boards would be black clumps), each kept while the fully numbered board
    stays accepted, until `aim` black cells: a setter who draws many black cells sets them
    in the small gaps (the numbers around a plain white cell do not change when it turns
    black; a themed board, `shows`, is numbered as it will be shown)."""
    cells = np.array(answer.cells)
    if int((cells == BLACK).sum()) >= aim:
        return answer
    small = sorted({(y, x) for g in white_regions(answer) if len(g) <= 8
                    for y, x, _ in g if cells[y, x] == E})
    framed = _framed(answer)
    for r, c in sorted(rng.permutation(small).tolist(),
                       key=lambda rc: _black_beside(framed, rc[0] + 1, rc[1] + 1)):
        trial = cells.copy()
        trial[r, c] = BLACK
        candidate = Answer(tuple(map(tuple, trial.tolist())))
        puzzle = numbered(candidate, shows)
        if answers(puzzle) == [candidate] and accept(puzzle):
            cells = trial
            if int((cells == BLACK).sum()) >= aim:
                break
    return Answer(tuple(map(tuple, cells.tolist())))


CROWDED, CORNERED = 1.0, 1.0
"""What each black neighbour (along an edge; at a corner, times CORNERED) adds to a cell's
white area when a repair picks where to add a black cell on a 10×10, growing with the
board's side: on a large board the repair adds many, and left to the differing cells alone
a quarter of them came to touch another (Janko's 12×12 and up: 17 %), in runs of three,
with more 0s; counted along edges only, 43 % met one at a corner (Janko's: 27 %)."""


def with_black_cell(puzzle: Puzzle, mine: Answer, other: Answer, rng: np.random.Generator,
                    answers: Callable[[Puzzle], list[Answer]], symmetric: bool = False,
                    tries: int = 4, small_first: float = SMALL_FIRST) -> Answer | None:
    """A new answer with one more black cell (and its 180° partner, `symmetric`), at a cell
    where `other` differs from `mine`, in the smallest white regions first (`small_first`)
    and away from black cells, along an edge or at a corner (`CROWDED`, `CORNERED`):
    the board's numbers kept but for the new cells' and their neighbours' (theirs change),
    solved again; up to `tries` cells tried (None when none has an answer)."""
    rows, cols = puzzle.rows, puzzle.cols
    differ = np.argwhere(np.array(mine.cells) != np.array(other.cells))
    area = np.zeros((rows, cols))
    for g in white_regions(mine):
        for y, x, _ in g:
            area[y, x] = len(g) / 4
    jitter = rng.random(len(differ)) * small_first
    framed = np.pad(np.array(mine.cells) == BLACK, 1).astype(int)
    crowd = ((neighbour_sum(framed) + CORNERED * corner_sum(framed))
             * (CROWDED * np.sqrt(rows * cols / 100)))
    order = np.argsort([area[r, c] + crowd[r, c] for r, c in differ] + jitter,
                       kind="stable")
    for k in order[:tries]:
        r, c = (int(v) for v in differ[int(k)])
        clues = np.array(puzzle.clues)
        for y0, x0 in {(r, c), (rows - 1 - r, cols - 1 - c)} if symmetric else {(r, c)}:
            for y, x in ((y0, x0), (y0 - 1, x0), (y0 + 1, x0), (y0, x0 - 1), (y0, x0 + 1)):
                if 0 <= y < rows and 0 <= x < cols and (clues[y, x] >= 0 or (y, x) == (y0, x0)):
                    clues[y, x] = ANY_CLUE
        answer = answer_of(clues, rng, answers)
        if answer is not None:
            return answer
    return None


def thinned(answer: Answer, rng: np.random.Generator, judge: Judge,
            taste: Taste | None = None) -> Puzzle | None:
    """The answer's fully numbered board with numbers thinned as the judge allows, in the
    published style down to the share its taste keeps (`NUMBERED`), the digits it leaves
    out first tried first; None when the judge refuses even the fully numbered board. A
    themed board (`Taste.shows`, published style only) shows its theme's digits, every one
    of them: it was made unique so, and a setter who keeps to a theme shows it whole."""
    puzzle = checked(answer)
    taste = taste or draw_taste(rng, answer.rows * answer.cols)
    published = judge.style == "published"
    if published and taste.shows is not None:
        shown = numbered(answer, taste.shows)
        return shown if judge.accept(shown) else None
    if not judge.accept(puzzle):
        return None
    rows, cols = answer.rows, answer.cols
    numbers = [(r, c) for r in range(rows) for c in range(cols) if puzzle.clues[r][c] >= 0]
    digits = [puzzle.clues[r][c] for r, c in numbers]

    def without(taken: frozenset[int]) -> Puzzle:
        clues = [list(row) for row in puzzle.clues]
        for k in taken:
            r, c = numbers[k]
            clues[r][c] = ANY_CLUE
        return Puzzle(rows, cols, tuple(map(tuple, clues)))

    first = frozenset(k for k, d in enumerate(digits) if published and d in taste.thinned_first)
    return thin(len(numbers), without, judge.accept, rng, judge.style, first,
                share=taste.numbered if published else None, harder=judge.harder)


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    clues = np.array(puzzle.clues)
    black = clues != NO_CLUE
    beside = neighbour_sum(np.pad(black, 1))
    return degenerate(len(white_regions(answer)), int((clues == 0).sum()),
                      int((clues >= 0).sum()), int((black & beside).sum()), int(black.sum()))
