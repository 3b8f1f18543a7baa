"""Tatamibari boards with exactly one answer that look like Janko's published ones.

A board starts as a random tiling, no four rectangles meeting at a point, drawn shape by
shape after the shapes of his 10×10 boards (`SHAPES`, `FILL`) with about as many rectangles
as his boards of that size hold (`STYLES`), and a mark on a random cell of each rectangle.
While the solver finds a second answer, the board is repaired where the two answers differ
and keeps its count of marks: a mark is moved within its rectangle into another of the
rival's rectangles (which is then left without one), or, every second time, two rectangles
there are drawn anew (`Cutting.redraw`). Cutting a rectangle at every rival instead, as the
generator did before, left some boards with 45–49 marks where Janko's hold 31–35, and broke
up the long pieces. Every rectangle needs its mark, so nothing is thinned."""

from __future__ import annotations

from bisect import bisect
from functools import cache
from itertools import accumulate
from typing import NamedTuple

import numpy as np

from ...engine.fixpoint import popcount
from ...errors import RectlogicError
from ...grid import NO_CLUE
from ..generating import Judge, degenerate
from ..kits.region_play import skyline_tiling
from ..kits.regions import candidate_table
from . import rules
from .model import SQUARE, TALL, WIDE, Answer, Puzzle, Rect

PLACEMENTS = 8
TILINGS = 200
"""Tilings drawn, at most, until one fills the board with no four rectangles meeting and
about the count of rectangles drawn for it."""
SHAPES = {(1, 1): 23.5, (1, 2): 14.9, (2, 1): 13.6, (2, 2): 9.0, (1, 3): 7.2, (3, 1): 6.7,
          (1, 4): 4.2, (4, 1): 3.4, (2, 3): 2.9, (3, 2): 2.7, (1, 5): 2.2, (3, 3): 1.9,
          (5, 1): 1.6, (2, 4): 1.5, (1, 6): 1.0, (4, 2): 0.8, (4, 4): 0.6, (3, 4): 0.6,
          (6, 1): 0.4, (4, 3): 0.3, (7, 1): 0.3, (1, 7): 0.3, (8, 1): 0.1, (1, 8): 0.1,
          (5, 2): 0.1, (2, 5): 0.1}
"""How often each shape (height, width) is among the rectangles of Janko's 63 Tatamibari of
10×10 (%): a little more `-` than `|`."""


class Style(NamedTuple):
    """How Janko's boards of one size look where they differ from size to size (his boards
    of a size tend to come from one setter)."""

    marks: float
    """Marks per 100 cells, mean."""
    spread: float
    """... and standard deviation over the boards."""
    singles: float = 1.0
    """How much likelier a 1×1 is than on his 10×10 boards (his 14×14 hold a third)."""
    tall: float = 1.0
    """How much likelier a `|` shape is than on his 10×10 boards (which hold more `-`)."""


STYLES = {(8, 8): Style(32.7, 4.5), (10, 10): Style(31.9, 2.9), (12, 12): Style(29.6, 2.5),
          (14, 14): Style(33.9, 1.7, 2.6, 1.6)}
"""Per size of Janko's; other sizes take the 10×10 style."""
COUNT_SLACK = 1
"""How far a tiling's count of rectangles may stand from the count drawn for it, per 100
cells (at 20×20 a window of ±1 took 200 tilings, half a second, for nothing)."""
FILL = {(1, 1): 0.49, (1, 2): 1.08, (2, 1): 0.69, (2, 2): 1.04, (1, 3): 1.94, (3, 1): 0.88,
        (1, 4): 3.77, (4, 1): 1.02, (2, 3): 2.11, (3, 2): 1.53, (1, 5): 4.10, (3, 3): 2.63,
        (5, 1): 1.22, (2, 4): 4.83, (1, 6): 5.39, (4, 2): 2.14, (4, 4): 5.53, (3, 4): 6.33,
        (6, 1): 1.15, (4, 3): 3.24, (7, 1): 1.72, (1, 7): 5.57, (8, 1): 2.38, (1, 8): 5.36,
        (5, 2): 2.34, (2, 5): 5.27}
"""What the drawing does to the shapes, undone in advance: the row-by-row fill leaves the
last free places small and cuts long pieces short where the free run ends, and the tilings
the repairs settle are the finer ones. Fitted on finished 10×10 boards (150 a round, each
weight times (share in SHAPES / share on the boards)^0.6, until the shares were within
sampling noise of SHAPES)."""


def style_of(rows: int, cols: int) -> Style:
    """The style of Janko's boards of this size, else of his 10×10."""
    return STYLES.get((rows, cols), STYLES[10, 10])


@cache
def _shapes(rows: int, cols: int) -> tuple[tuple[int, int, float], ...]:
    style = style_of(rows, cols)
    return tuple(sorted(
        (h, w, share * FILL.get((h, w), 1.0) * (style.singles if h * w == 1 else 1)
         * (style.tall if h > w else 1))
        for (h, w), share in SHAPES.items() if h <= rows and w <= cols))


def random_tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect] | None:
    """Fill the grid row-major: at the first free cell put a random rectangle that fits and
    makes no point where four rectangles meet (its top-left corner is checked as it is
    placed, its top-right one where the cell beyond is filled; every crossing is the
    top-left corner of a rectangle, so none slips through). A rectangle ends short of the
    free run only below a rectangle's side (so the one after it can start there), else it
    takes the run, one row deep: the fill does not get stuck (before, no 20×20 board was
    ever filled, so the scaling board could not be made past 10×10). None if it does."""
    shapes = _shapes(rows, cols)
    label = np.full((rows, cols), -1, dtype=np.int64)
    placed = [0]

    def choose(r: int, c: int, run: int) -> tuple[int, int] | None:
        if r > 0 and c > 0 and len({label[r - 1, c - 1], label[r - 1, c], label[r, c - 1]}) == 3:
            return None  # any rectangle here would make a crossing
        fits = [(h, w, wt) for h, w, wt in shapes
                if w <= run and r + h <= rows and not _crossing(label, r, c + w)
                and (w == run or r == 0 or label[r - 1, c + w - 1] == label[r - 1, c + w])]
        if not fits:
            if _crossing(label, r, c + run):
                return None
            fits = [(1, run, 1.0)]
        totals = list(accumulate(wt for _, _, wt in fits))
        h, w, _ = fits[min(len(fits) - 1, bisect(totals, rng.random() * totals[-1]))]
        label[r:r + h, c:c + w] = placed[0]
        placed[0] += 1
        return h, w

    return skyline_tiling(rows, cols, choose)


def _crossing(label: np.ndarray, r: int, x: int) -> bool:
    """Would a rectangle whose top-right corner is point (r, x) make four meet there (the
    three cells around it filled, each of another rectangle)?"""
    return (r > 0 and x < label.shape[1] and label[r, x] >= 0
            and len({label[r - 1, x - 1], label[r - 1, x], label[r, x]}) == 3)


def tiling(rows: int, cols: int, rng: np.random.Generator) -> list[Rect] | None:
    """A random tiling of about as many rectangles as Janko's boards hold (a count drawn
    from the size's style; the first of TILINGS within COUNT_SLACK of it, else the closest:
    the fill alone spreads the counts wider than his setters do), mirrored up-down and left-right
    at random (the row-by-row fill leaves its odd pieces along the bottom and the right; a
    mirror moves them without turning a `-` into a `|`)."""
    style = style_of(rows, cols)
    want = rows * cols * rng.normal(style.marks, style.spread) / 100
    slack = max(1.0, COUNT_SLACK * rows * cols / 100)
    best = None
    for _ in range(TILINGS):
        rects = random_tiling(rows, cols, rng)
        if rects is not None and (best is None or abs(len(rects) - want) < abs(len(best) - want)):
            best = rects
            if abs(len(rects) - want) <= slack:
                break
    if best is None:
        return None
    down, across = (rng.random(2) < 0.5).tolist()
    return [(rows - t - h if down else t, cols - lft - w if across else lft, h, w)
            for t, lft, h, w in best]


def mark_of(h: int, w: int) -> int:
    return SQUARE if h == w else WIDE if w > h else TALL


def mark_spot(rect: Rect, rng: np.random.Generator) -> tuple[int, int]:
    """A random cell of the rectangle, for its mark."""
    t, lft, h, w = rect
    k = int(rng.integers(h * w))
    return t + k // w, lft + k % w


def placed(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator) -> Puzzle:
    """One mark per rectangle, on a random cell of it."""
    clues = np.full((rows, cols), NO_CLUE)
    for rect in rects:
        clues[mark_spot(rect, rng)] = mark_of(*rect[2:])
    return Puzzle(rows, cols, tuple(map(tuple, clues.tolist())))


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """One attempt: a tiling, its marks, and (when the judge can name a second answer) its
    repairs (`repaired`); else up to PLACEMENTS mark placements: the first of the grade asked,
    else the first acceptable one, else None."""
    rects = tiling(rows, cols, rng)
    if rects is None:
        return None
    if judge.answers is not None:
        return repaired(rows, cols, rects, rng, judge)
    first = None
    for _ in range(PLACEMENTS):
        puzzle = placed(rows, cols, rects, rng)
        if not judge.accept(puzzle):
            continue
        if judge.hits is None or judge.hits(puzzle):
            return puzzle
        first = first or puzzle
    return first


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    return degenerate(len(answer.rects()), 0, 0)


REPAIRS = 40
"""Repairs tried per 100 cells, at most, before an attempt gives up."""
REDRAW_EVERY = 2
"""Every this many rivals, the place is drawn anew (`Cutting.redraw`) rather than a mark
moved: some places no placement of the marks settles."""
HARDEN = 16
"""Marks moved on a board of the grade asked, at most, each move kept when the board stays
of that grade and the rung below leaves more of it open (`Judge.harder`): left to chance,
boards sat low inside their grade (10×10, 75 boards a grade: median scores 10 in `corners`
and 7 in `probe` against Janko's 14 and 9; with these moves 15 and 9)."""
HARDER = 3
"""Of them, at most this many cuts of a unique board harder than the grade asked (each asks
the grade's slow verdict again)."""


def _share(h: int, w: int) -> float:
    return SHAPES.get((h, w), 0.05)


def splits(rect: Rect, label: np.ndarray) -> list[tuple[Rect, Rect, float]]:
    """The ways to cut a rectangle in two along a line across it that make no point where
    four rectangles meet (the line's ends on the board's edge or against one rectangle),
    each weighted by how much likelier Janko's boards make the two shapes than the one."""
    rows, cols = label.shape
    t, lft, h, w = rect
    before = _share(h, w)
    out = []
    for k in range(1, h):
        r = t + k
        if ((lft == 0 or label[r - 1, lft - 1] == label[r, lft - 1])
                and (lft + w == cols or label[r - 1, lft + w] == label[r, lft + w])):
            out.append(((t, lft, k, w), (r, lft, h - k, w),
                        _share(k, w) * _share(h - k, w) / before))
    for k in range(1, w):
        c = lft + k
        if ((t == 0 or label[t - 1, c - 1] == label[t - 1, c])
                and (t + h == rows or label[t + h, c - 1] == label[t + h, c])):
            out.append(((t, lft, h, k), (t, c, h, w - k),
                        _share(h, k) * _share(h, w - k) / before))
    return out


def _pick(weighted: list, rng: np.random.Generator):
    totals = list(accumulate(x[-1] for x in weighted))
    return weighted[min(len(weighted) - 1, bisect(totals, rng.random() * totals[-1]))]


def around(pool: list[Rect], rects: list[Rect], label: np.ndarray) -> list[Rect]:
    """The rectangles beside those of `pool` (sharing an edge with one)."""
    near = np.zeros(label.shape, dtype=bool)
    for t, lft, h, w in pool:
        near[max(t - 1, 0):t + h + 1, lft:lft + w] = True
        near[t:t + h, max(lft - 1, 0):lft + w + 1] = True
    ids = set(label[near].tolist())
    return [r for r in rects if label[r[0], r[1]] in ids and r not in pool]


def repaired(rows: int, cols: int, rects: list[Rect], rng: np.random.Generator,
             judge: Judge) -> Puzzle | None:
    """Marks on the tiling, then, while the board is not acceptable, a repair. While it has
    a second answer, a mark is moved within its rectangle into another of the rival's
    rectangles where the two answers differ (that one is left with no mark, so the rival
    dies), keeping the marks at the tiling's count: cutting a rectangle there instead (its
    new mark falling in a rival rectangle that already holds one) grew some boards to 45–49
    marks where Janko's carry 31–35. While it is unique but harder than the grade asked,
    any rectangle is cut, a mark more to go on (HARDER times at most). The first acceptable
    board (of the grade asked or not), else None."""
    board = Cutting(rows, cols, rects, rng)
    harder = moved = 0
    assert judge.answers is not None
    for _ in range(max(REPAIRS, REPAIRS * rows * cols // 100)):
        puzzle = board.puzzle()
        found = judge.answers(puzzle)  # asked first: quicker than a grade's verdict
        if not found:
            return None
        if len(found) > 1:
            rival = next(a for a in found if sorted(a.rects()) != sorted(board.rects))
            theirs = set(rival.rects())
            pool = [r for r in board.rects if r not in theirs]
            moved += 1
            if moved % REDRAW_EVERY == 0:
                if not board.redraw(pool):
                    return None
            elif not board.move_apart(pool, rival.room_labels()):
                return None
        elif judge.accept(puzzle):
            return board.harden(puzzle, judge)
        elif (harder := harder + 1) > HARDER or not board.cut(board.rects):
            return None
    return None


def _joined(a: Rect, b: Rect) -> Rect:
    """The rectangle two rectangles sharing a whole side make."""
    t, lft = min(a[0], b[0]), min(a[1], b[1])
    return (t, lft, max(a[0] + a[2], b[0] + b[2]) - t, max(a[1] + a[3], b[1] + b[3]) - lft)


class Cutting:
    """A tiling with one mark per rectangle, changed a step at a time: a rectangle cut in
    two (`cut`), a mark moved (`move_apart`, `move`), two rectangles drawn anew (`redraw`)."""

    def __init__(self, rows: int, cols: int, rects: list[Rect],
                 rng: np.random.Generator) -> None:
        self.rows, self.cols, self.rng = rows, cols, rng
        self.clues = np.array(placed(rows, cols, rects, rng).clues)
        self.label = np.zeros((rows, cols), dtype=np.int64)
        for k, (t, lft, h, w) in enumerate(rects):
            self.label[t:t + h, lft:lft + w] = k
        self.rects = list(rects)

    def puzzle(self) -> Puzzle:
        return Puzzle(self.rows, self.cols, tuple(map(tuple, self.clues.tolist())))

    def cut(self, pool: list[Rect]) -> bool:
        """Cut one rectangle of `pool` in two (else one beside them, else any), the old mark
        kept in its half and a new one in the other; False when no cut is allowed."""
        label, rects, rng = self.label, self.rects, self.rng
        choices = [(r, a, b, wt) for r in pool for a, b, wt in splits(r, label)]
        for wider in (around(pool, rects, label), rects):
            if not choices:  # none there: a new mark anywhere kills the rival as well
                choices = [(r, a, b, wt) for r in wider for a, b, wt in splits(r, label)]
        if not choices:
            return False
        old, a, b, _ = _pick(choices, rng)
        t, lft, h, w = old
        mark = np.argwhere(self.clues[t:t + h, lft:lft + w] != NO_CLUE)[0] + (t, lft)
        self._replace([old], [a, b])
        for pt, pl, ph, pw in (a, b):
            if pt <= mark[0] < pt + ph and pl <= mark[1] < pl + pw:
                self.clues[mark[0], mark[1]] = mark_of(ph, pw)
            else:
                self._mark((pt, pl, ph, pw))
        return True

    def redraw(self, pool: list[Rect]) -> bool:
        """Draw the rectangles of `pool` anew, as many marks as before: two of them cut
        again along another line (`retile`), else one cut (its new mark kills the rival)
        and two others joined (`join`). False when neither can be done."""
        if self.retile(pool):
            return True
        return self.cut(pool) and self.join(pool)

    def retile(self, pool: list[Rect]) -> bool:
        """Join a rectangle of `pool` with a neighbour it makes a rectangle with and cut the
        two again along another line, a mark on each half at random: the count of marks
        stays, and a place no move of a mark settles (two answers there whichever cells
        hold them) is drawn anew. False when `pool` has no such neighbour."""
        label, rng = self.label, self.rng
        choices = []
        for one in pool:
            for other in self._beside(one):
                union = _joined(one, other)
                t, lft, h, w = union
                joined = label.copy()
                joined[t:t + h, lft:lft + w] = label[one[0], one[1]]
                choices += [(one, other, a, b, wt) for a, b, wt in splits(union, joined)
                            if {a, b} != {one, other}]
        if not choices:
            return False
        one, other, a, b, _ = _pick(choices, rng)
        for t, lft, h, w in (one, other):
            self.clues[t:t + h, lft:lft + w] = NO_CLUE
        self._replace([one, other], [a, b])
        self._mark(a)
        self._mark(b)
        return True

    def join(self, near: list[Rect]) -> bool:
        """Join two rectangles sharing a whole side into one, the mark of one kept (turned
        to the joined shape): a mark fewer, to make up for a cut. Two beside `near` if any,
        else any two, never the two halves of the last cut. False when no two share a
        side."""
        fresh = self.rects[-2:]
        near = [r for r in near if r in self.rects]
        for pool in (near + around(near, self.rects, self.label), self.rects):
            pairs = [(one, other, _share(*_joined(one, other)[2:])) for one in pool
                     for other in self._beside(one)
                     if one not in fresh or other not in fresh]
            if pairs:
                break
        else:
            return False
        one, other, _ = _pick(pairs, self.rng)
        t, lft, h, w = union = _joined(one, other)
        box = self.clues[t:t + h, lft:lft + w]
        spots = np.argwhere(box != NO_CLUE)
        keep = tuple(spots[int(self.rng.integers(len(spots)))])
        box[...] = NO_CLUE
        box[keep] = mark_of(h, w)
        self._replace([one, other], [union])
        return True

    def _beside(self, rect: Rect) -> list[Rect]:
        """The rectangles sharing a whole side with `rect`."""
        t, lft, h, w = rect
        return [r for r in self.rects
                if ((r[0], r[2]) == (t, h) and (r[1] + r[3] == lft or lft + w == r[1]))
                or ((r[1], r[3]) == (lft, w) and (r[0] + r[2] == t or t + h == r[0]))]

    def _replace(self, old: list[Rect], new: list[Rect]) -> None:
        """The rectangles `old` give way to `new` (the same cells), last in the list."""
        for r in old:
            self.rects.remove(r)
        for t, lft, h, w in new:
            self.label[t:t + h, lft:lft + w] = self.label.max() + 1
            self.rects.append((t, lft, h, w))

    def _mark(self, rect: Rect) -> None:
        self.clues[mark_spot(rect, self.rng)] = mark_of(*rect[2:])

    def move_apart(self, pool: list[Rect], rival: np.ndarray) -> bool:
        """Move the mark of a rectangle of `pool` that lies across several rectangles of a
        rival answer (`rival`: its rectangles' labels per cell) into another of them, which
        held its mark: the rival no longer has one there. Some rectangle where two tilings
        differ always lies across two of the other's; False when `pool` holds none."""
        across = [r for r in pool
                  if len(np.unique(rival[r[0]:r[0] + r[2], r[1]:r[1] + r[3]])) > 1]
        if not across:
            return False
        t, lft, h, w = across[int(self.rng.integers(len(across)))]
        inside = rival[t:t + h, lft:lft + w]
        spot = tuple(np.argwhere(self.clues[t:t + h, lft:lft + w] != NO_CLUE)[0])
        self._shift((t, lft, h, w), inside != inside[spot])
        return True

    def harden(self, puzzle: Puzzle, judge: Judge) -> Puzzle:
        """The board made harder inside the grade asked by up to HARDEN moves of a mark to
        another cell of its rectangle, as a setter moves marks towards the deductions the
        grade is about: each kept when the board stays acceptable and of the grade, and the
        rung below leaves more open. The board as it is when no grade is asked, or it is
        not of the grade asked."""
        movable = [r for r in self.rects if r[2] * r[3] > 1]
        if (judge.harder is None or judge.hits is None or not movable
                or not judge.hits(puzzle)):
            return puzzle
        most = judge.harder(puzzle)
        for _ in range(HARDEN):
            before = self.clues.copy()
            t, lft, h, w = movable[int(self.rng.integers(len(movable)))]
            self._shift((t, lft, h, w), self.clues[t:t + h, lft:lft + w] == NO_CLUE)
            trial = self.puzzle()
            if (judge.accept(trial) and judge.hits(trial)
                    and (left := judge.harder(trial)) > most):
                puzzle, most = trial, left
            else:
                self.clues = before
        return puzzle

    def _shift(self, rect: Rect, allowed: np.ndarray) -> None:
        """Move the rectangle's mark to a random cell of it where `allowed` (per cell of the
        rectangle) holds."""
        t, lft, h, w = rect
        box = self.clues[t:t + h, lft:lft + w]
        spot = tuple(np.argwhere(box != NO_CLUE)[0])
        cells = np.argwhere(allowed)
        r, c = cells[int(self.rng.integers(len(cells)))]
        box[r, c], box[spot] = box[spot], NO_CLUE

    def move(self, pool: list[Rect]) -> None:
        """Move the mark of one rectangle of `pool` to another of its cells."""
        rect = pool[int(self.rng.integers(len(pool)))]
        t, lft, h, w = rect
        box = self.clues[t:t + h, lft:lft + w]
        mark = box[box != NO_CLUE][0]
        box[...] = NO_CLUE
        self.clues[mark_spot(rect, self.rng)] = mark


SCALING_RUNG = "corners"
"""The rung whose fixpoint must finish a scaling board (the strongest without probing)."""
SCALING_TILINGS = 20
"""Tilings drawn, at most, before a scaling board is given up."""


def scaling_board(rows: int, cols: int, rng: np.random.Generator) -> Puzzle:
    """A board with exactly one answer, fast, for the scaling benchmark: a tiling and its
    marks, then, while `SCALING_RUNG`'s fixpoint leaves marks whose rectangle is open, one
    of those rectangles cut in two (`Cutting`, as the generator's repair, with the fixpoint
    in the solver's place: a sound rung that decides every rectangle leaves one answer)."""
    for _ in range(SCALING_TILINGS):
        rects = tiling(rows, cols, rng)
        if rects is None:
            continue
        board = Cutting(rows, cols, rects, rng)
        for _ in range(rows * cols):
            puzzle = board.puzzle()
            left = _open_after(puzzle)
            if left is None:
                break
            if not left.any():
                return puzzle
            pool = [r for r in board.rects if left[r[0]:r[0] + r[2], r[1]:r[1] + r[3]].any()]
            if not board.cut(pool):
                board.move(pool)  # every rectangle boxed in: a mark elsewhere in one
    raise RectlogicError(f"no {rows}x{cols} Tatamibari scaling board in "
                         f"{SCALING_TILINGS} tilings")


def _open_after(puzzle: Puzzle) -> np.ndarray | None:
    """The marked cells whose rectangle `SCALING_RUNG`'s fixpoint leaves open (rows, cols),
    None on a contradiction."""
    settle = rules.build(puzzle, frozenset(rules.LADDER[SCALING_RUNG]))
    start = candidate_table(puzzle).full.copy()
    d = settle(start[None])[0]
    if not d.all():
        return None
    out = np.zeros((puzzle.rows, puzzle.cols), dtype=bool)
    cells = np.argwhere(puzzle.clue_array != NO_CLUE)
    undecided = popcount(d) > 1
    out[cells[undecided, 0], cells[undecided, 1]] = True
    return out
