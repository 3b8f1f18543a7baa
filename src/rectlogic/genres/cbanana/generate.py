"""Choco Banana boards with exactly one answer. An answer: shaded rectangles thrown as darts
that never touch along an edge (kit `shaded.darts`), then mended at random — a group that
breaks a rule (an unshaded rectangle: mostly a pocket shut in by rectangles and the edge) is
shaded or opened up — until every shaded group is a rectangle and no unshaded one is; and an
unshaded group larger than `cap` is cut, a cell at a time, by shading one of its cells (most
likely one that carries on a wall: a corner to a shaded cell or the edge), until none is
(darts alone leave one unshaded sea of some 60 cells at 10×10, one big number its only
clue, where published boards have many small and middling groups). Numbers:
the sizes of their groups, first on a few random cells (small groups likelier); then, for a
grade asked, a cell the grade's fixpoint leaves open gets its number until that fixpoint
finishes the board — or, for no grade or `search`, while a second answer exists, a cell where
the two differ; then numbers are thinned to the style's share while the judge accepts the
board."""

from __future__ import annotations

from functools import partial

import numpy as np

from ...errors import RectlogicError
from ...grid import NO_CLUE, corner_sum
from ..generating import Judge, degenerate, numbered_until_settled, thin
from ..kits.shaded import darts
from .author import group_sizes
from .model import Answer, Puzzle
from .validate import groups

SHAPES = ((1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2), (2, 3), (3, 2), (1, 4), (4, 1),
          (3, 3), (2, 4), (4, 2))
"""The shaded rectangles thrown (height, width), each as likely."""
DARTS = 2
"""Darts thrown per cell."""
MENDS = 400
"""Mending and cutting steps per 100 cells before an answer is given up."""
FIRST_NUMBERS = 0.08
"""The share of cells numbered before the repair starts."""
CAP = 1.2
"""The largest unshaded group an answer keeps, per unit of the board's side (√area): 12
cells at 10×10, 24 at 20×20 (published boards keep their groups small to middling as they
grow; a cap in proportion to the area would let a 48-cell field stay at 20×20)."""
WALL = 4.0
"""How much likelier a cut is at a cell that touches a shaded cell or the edge at a corner
(it carries a wall on: walls of single cells meeting at corners part the unshaded cells)."""
CUTS = 10
"""Cells of an oversized group tried per cut for one whose shading breaks no rule."""
REPAIRS = 60
"""Numbers the repair may add before a board is given up."""


def _bad_groups(shaded: np.ndarray) -> list[np.ndarray]:
    """The cells of each group that breaks a rule (a shaded non-rectangle, an unshaded
    rectangle)."""
    labels, boxes = groups(shaded)
    size, top, left, bottom, right = boxes.T
    boxed = size == (bottom - top + 1) * (right - left + 1)
    out = []
    for k in range(len(boxes)):
        cells = labels == k
        if boxed[k] == (not shaded[cells][0]):
            out.append(cells)
    return out


def _beside(cells: np.ndarray) -> np.ndarray:
    edge = np.zeros_like(cells)
    edge[1:] |= cells[:-1]
    edge[:-1] |= cells[1:]
    edge[:, 1:] |= cells[:, :-1]
    edge[:, :-1] |= cells[:, 1:]
    return edge & ~cells


def _walled(shaded: np.ndarray) -> np.ndarray:
    """The cells with a shaded cell, or the edge, at one of their corners."""
    pad = np.ones((shaded.shape[0] + 2, shaded.shape[1] + 2), dtype=bool)
    pad[1:-1, 1:-1] = shaded
    return corner_sum(pad)


def _cut(shaded: np.ndarray, cells: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One cell of an oversized unshaded group shaded: of up to CUTS cells tried (those
    carrying a wall on likelier), the first whose shading breaks no rule, else the first."""
    where = np.argwhere(cells)
    weight = np.where(_walled(shaded)[cells], WALL, 1.0)
    tried = rng.choice(len(where), size=min(CUTS, len(where)), replace=False,
                       p=weight / weight.sum())
    for k in tried:
        trial = _with(shaded, where[k])
        if not _bad_groups(trial):
            return trial
    return _with(shaded, where[tried[0]])


def _with(shaded: np.ndarray, cell: np.ndarray) -> np.ndarray:
    trial = shaded.copy()
    trial[tuple(cell)] = True
    return trial


def _oversized(shaded: np.ndarray, cap: int) -> list[np.ndarray]:
    """The cells of each unshaded group larger than cap."""
    labels, boxes = groups(shaded)
    big = (labels == k for k in range(len(boxes)) if boxes[k, 0] > cap)
    return [cells for cells in big if not shaded[cells].any()]


def answer(rows: int, cols: int, rng: np.random.Generator,
           capped: bool = True) -> np.ndarray | None:
    """A legal answer (rows, cols) of booleans, no unshaded group over the cap (when
    `capped`), or None when mending fails. Mending steps: MENDS per 100 cells."""
    cap = max(6, round(CAP * (rows * cols) ** 0.5)) if capped else rows * cols
    shapes = [SHAPES[int(k)] for k in rng.integers(len(SHAPES), size=DARTS * rows * cols)]
    shaded = darts(rows, cols, rng, shapes)
    for _ in range(max(MENDS, MENDS * rows * cols // 100)):
        bad = _bad_groups(shaded)
        if not bad:
            big = _oversized(shaded, cap)
            if not big:
                return shaded if 0 < shaded.sum() < shaded.size else None
            shaded = _cut(shaded, big[int(rng.integers(len(big)))], rng)
            continue
        cells = bad[int(rng.integers(len(bad)))]
        trial = shaded.copy()
        if shaded[cells][0]:
            trial[cells] = False  # a shaded group that is not a rectangle: cleared
        elif rng.random() < 0.5 or cells.sum() == 1:
            trial[cells] = True  # an unshaded rectangle shaded
            if len(_bad_groups(trial)) > len(bad):
                trial = shaded.copy()
                trial[cells & (rng.random(cells.shape) < 0.5)] = True
        else:  # or opened up: a shaded neighbour cleared
            around = np.argwhere(_beside(cells) & shaded)
            if len(around):
                r, c = around[int(rng.integers(len(around)))]
                trial[int(r), int(c)] = False
        shaded = trial
    return None


def _puzzle(sizes: np.ndarray, numbered: np.ndarray) -> Puzzle:
    rows, cols = sizes.shape
    return Puzzle(rows, cols, tuple(tuple(int(sizes[r, c]) if numbered[r, c] else NO_CLUE
                                          for c in range(cols)) for r in range(rows)))


SMALL = 1.5
"""A cell to number is drawn with weight size^-SMALL (its group's size): published boards
number small groups mostly, and a number on a large unshaded field says little."""
UNMADE = frozenset({"corner"})
"""The grades these boards never have: the window law alone never reads a number."""


def _pick(cells: np.ndarray, sizes: np.ndarray, rng: np.random.Generator) -> tuple[int, int]:
    """One of the cells (a boolean grid), small groups likelier."""
    where = np.argwhere(cells)
    weight = sizes[cells].astype(float) ** -SMALL
    r, c = where[int(rng.choice(len(where), p=weight / weight.sum()))]
    return int(r), int(c)


def _open_after(puzzle: Puzzle, rung: str) -> np.ndarray | None:
    """The cells the rung's fixpoint leaves open (rows, cols), or None on a contradiction."""
    from . import CBANANA  # the genre's own propagator (its package, not the solver)

    start = CBANANA.initial_domains(puzzle)
    propagate = CBANANA.propagator(puzzle, CBANANA.rules_for(rung))
    d = propagate(start[None])[0]
    if not d.all():
        return None
    return (d.reshape(puzzle.rows + 2, puzzle.cols + 2)[1:-1, 1:-1] == 3)


def generate(rows: int, cols: int, rng: np.random.Generator, judge: Judge) -> Puzzle | None:
    """An answer; numbers on a few cells; then, for a grade of the ladder, numbers on cells
    that grade's fixpoint leaves open until it finishes the board (or, asked for no grade
    or `search`, on cells where a second answer differs while there is one); then thinned."""
    if judge.target in UNMADE:
        return None
    shaded = answer(rows, cols, rng)
    if shaded is None:
        return None
    truth = Answer(tuple(tuple(int(v) for v in row) for row in shaded))
    sizes = group_sizes(truth)
    numbered = rng.random(shaded.shape) < FIRST_NUMBERS
    puzzle = _puzzle(sizes, numbered)
    rung = judge.target if judge.target not in (None, "search") else None
    for _ in range(REPAIRS):
        if rung is not None:
            left = _open_after(puzzle, rung)
            if left is None:
                return None
            if not left.any():
                break
        elif judge.answers is not None:
            found = judge.answers(puzzle)
            other = next((a for a in found if a != truth), None)
            if other is None:
                if found != [truth]:
                    return None
                break
            left = (np.array(other.shaded, dtype=bool) != shaded)
        else:
            break
        left &= ~numbered
        if not left.any():
            return None
        numbered[_pick(left, sizes, rng)] = True
        puzzle = _puzzle(sizes, numbered)
    else:
        return None
    if not judge.accept(puzzle):
        return None
    cells = [tuple(int(v) for v in rc) for rc in np.argwhere(numbered)]

    def without(taken: frozenset[int]) -> Puzzle:
        keep = numbered.copy()
        for k in taken:
            keep[cells[k]] = False
        return _puzzle(sizes, keep)

    return thin(len(cells), without, judge.accept, rng, judge.style, harder=judge.harder)


SCALING_NUMBERS = 0.3
"""The share of cells a scaling board numbers at first."""
SCALING_MORE = 0.2
"""The share of the cells `SCALING_RUNG` leaves open that get their numbers each round."""
SCALING_ANSWERS = 100
"""Answers drawn, at most, before a scaling board is given up (one in a few fails to mend)."""
SCALING_RUNG = "box"
"""The rung whose fixpoint must finish a scaling board (the strongest without probing:
cheap at 100×100, and a board it finishes has exactly one answer)."""


def scaling_board(rows: int, cols: int, rng: np.random.Generator) -> Puzzle:
    """A board with exactly one answer at any size, fast, for the scaling benchmark: an
    answer, numbers on a share of its cells, then round after round numbers on a share of
    the cells that `SCALING_RUNG`'s fixpoint leaves open, until it leaves none (no solver
    repair and no thinning, which take minutes on large boards)."""
    for _ in range(SCALING_ANSWERS):
        shaded = answer(rows, cols, rng, capped=False)  # cutting is slow past 30×30
        if shaded is None:
            continue
        sizes = group_sizes(Answer(tuple(tuple(int(v) for v in row) for row in shaded)))
        numbered = rng.random(shaded.shape) < SCALING_NUMBERS
        puzzle = numbered_until_settled(
            numbered, partial(_puzzle, sizes), partial(_open_after, rung=SCALING_RUNG), rng,
            SCALING_MORE, partial(_pick, sizes=sizes, rng=rng))
        if puzzle is not None:
            return puzzle
    raise RectlogicError(f"no {rows}x{cols} Choco Banana scaling board in "
                         f"{SCALING_ANSWERS} answers")


def faults(puzzle: Puzzle, answer: Answer) -> list[str]:
    """Why a board looks degenerate (`generating.degenerate`); empty when it does not."""
    shaded = np.array(answer.shaded, dtype=bool)
    labels, _ = groups(shaded)
    blocks = len(np.unique(labels[shaded]))
    numbers = [v for row in puzzle.clues for v in row if v >= 0]
    return degenerate(blocks, numbers.count(0), len(numbers))
