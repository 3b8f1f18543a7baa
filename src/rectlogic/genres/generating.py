"""What every generator shares: the judge its caller hands it, and the thinning of numbers.

A generator makes an answer and numbers it from the answer; the judge (the caller owns the
solver, so the arrows keep pointing down) says whether a candidate board is good enough and,
for generators that repair ambiguous answers, what a second answer looks like. Thinning then
takes numbers off one at a time, in random order, while the judge still accepts the board."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

STYLES = {"published": 0.75, "minimal": 0.0}
"""How many of a board's numbers thinning keeps at least (a share). *published*: most of
them, as Janko's boards do (79 % of Shakashaka's black cells numbered, 91 % of Chocona's
regions); *minimal*: as few as keep the board acceptable. The bank is made `published`."""
DEFAULT_STYLE = "published"
SMALL_CELLS = 100
"""Boards of up to this many cells (a 10×10) are drawn to Janko's 10×10s, most of his
boards; a genre whose larger boards he draws otherwise (Chocona's finer regions,
Shakashaka's sparser black) draws those above it to his larger ones."""


@dataclass(frozen=True)
class Judge:
    """The solver's verdicts a generator may ask for."""

    accept: Callable[[Any], bool]
    """Is this board good enough: unique, and no harder than the grade asked for?"""
    answers: Callable[..., list[Any]] | None = None
    """Up to two answers of a board (one: unique), `answers(board, budget=nodes)`: none
    when the search did not finish within the budget (the solver's default unless given);
    None when the caller wants the first candidate as it comes (the scaling benchmark),
    unrepaired."""
    style: str = DEFAULT_STYLE
    hits: Callable[[Any], bool] | None = None
    """Is an accepted board of exactly the grade asked (not easier)? For generators that
    choose among several candidates; None when any grade will do."""
    target: str | None = None
    """The grade asked, if any: for a generator that cannot make some grades (and says so
    at once rather than after many attempts)."""
    harder: Callable[[Any], float] | None = None
    """How hard a board is inside the grade asked (the variables the rung below leaves
    open: more is harder), for thinning to steer by; None when no grade is asked."""


def accept_all(puzzle: Any) -> bool:
    return True


FIRST_CANDIDATE = Judge(accept_all)
"""A judge that takes the generator's first candidate, every number on it."""

P = TypeVar("P")


def thin(count: int, without: Callable[[frozenset[int]], P], accept: Callable[[P], bool],
         rng: np.random.Generator, style: str = DEFAULT_STYLE,
         first: frozenset[int] = frozenset(), share: float | None = None,
         harder: Callable[[P], float] | None = None, sample: int = 4) -> P:
    """Take a board's `count` numbers off one at a time in random order (those in `first`
    tried first: numbers setters tend to leave out), each only when the board without it
    (`without(taken)`: the board lacking the numbers indexed by `taken`) is still accepted;
    stop when the style's share of the numbers (or `share`, a genre's own) is all that is
    left. With `harder`, each step looks at up to `sample` numbers that could go and takes
    off the one leaving the hardest board (a setter thins towards the deductions the grade
    is about, not at random: left to chance, boards sit low inside their grade)."""
    floor = math.ceil((STYLES[style] if share is None else share) * count)
    taken: frozenset[int] = frozenset()
    refused: set[int] = set()
    order = [int(k) for k in sorted(rng.permutation(count), key=lambda k: k not in first)]
    while count - len(taken) > floor:
        candidates: list[tuple[int, P]] = []
        for k in order:
            if k in taken or k in refused:
                continue
            board = without(taken | {k})
            if not accept(board):
                refused.add(k)
                continue
            candidates.append((k, board))
            if harder is None or len(candidates) == sample:
                break
        if not candidates:
            break
        k, _ = (candidates[0] if harder is None
                else max(candidates, key=lambda kb: harder(kb[1])))
        taken = taken | {k}
    return without(taken)


MOSTLY = 0.5
"""More than this share is "mostly" (`degenerate`)."""


def degenerate(pieces: int, zeros: int, numbers: int, touching: int = 0,
               black: int = 0) -> list[str]:
    """What makes a board no published setter would make, from counts its genre reads off the
    board and its answer: an answer of one piece (`pieces`: white regions, rectangles or
    shaded blocks), numbers mostly 0, black cells mostly beside black ones (`touching` of
    `black`). Empty when the board is fine."""
    out = []
    if pieces <= 1:
        out.append("the answer is a single piece")
    if numbers and zeros > MOSTLY * numbers:
        out.append(f"{zeros} of its {numbers} numbers are 0")
    if black and touching > MOSTLY * black:
        out.append(f"{touching} of its {black} black cells touch another")
    return out


def numbered_until_settled(numbered: np.ndarray, board: Callable[[np.ndarray], P],
                           open_cells: Callable[[P], np.ndarray | None],
                           rng: np.random.Generator, more: float,
                           pick: Callable[[np.ndarray], tuple[int, int]] | None = None
                           ) -> P | None:
    """A board for the scaling benchmark, unique without a solver: from the cells numbered
    at first (a boolean grid; `board` writes the answer's numbers on them), round after
    round a share `more` of the cells a rung's fixpoint leaves open (`open_cells`: None on a
    contradiction) get their numbers too, and one picked (`pick`, else at random), until
    the fixpoint leaves none open: a sound rung that decides every cell has exactly one
    answer. None when the numbers can do no more (every open cell numbered and still open:
    another answer) or contradict."""
    numbered = numbered.copy()
    while True:
        puzzle = board(numbered)
        left = open_cells(puzzle)
        if left is None:
            return None
        if not left.any():
            return puzzle
        left &= ~numbered
        if not left.any():
            return None
        numbered |= left & (rng.random(left.shape) < more)
        where = np.argwhere(left)
        numbered[pick(left) if pick else tuple(where[int(rng.integers(len(where)))])] = True
