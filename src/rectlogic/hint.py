"""Hints: the next move from a player's position, and why — never a dead end.

The position (what the player has placed so far) becomes domains. On a board with one answer,
a position that disagrees with it is a mistake, whether or not the rules can tell yet: the
hint names the wrong marks (the first in reading order) so the player can undo back to it.
Otherwise the rungs of the ladder are tried weakest first, and the first whose fixpoint
decides a cell the player has not gives the move — named by the rule that rung adds, and said
in words (1-based rows and columns). The chosen rung only says where to start looking
harder: when no rung up to it decides anything, the stronger ones are tried too. When no rung
at all decides anything, the hint says so and reveals the most constrained cell of the
answer, so that every hint is a move until the board is solved."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from .engine import dead, limits, popcount
from .genres import Board, Genre, genre_of
from .genres.drawing import play
from .grade import difficulty, kept, most_constrained, rounds, rungs_of, stars, weakest_step
from .solve import solve

ANSWER_BUDGET = 50_000
"""Search nodes spent finding the one answer a hint is checked against."""
PATIENCE = 1.0
"""Seconds the rungs get to find a move (and the board's rounds to give its stars) before
the hint reveals a cell instead: probing inside probing can take seconds on a board that
needs a search (Choco Banana's), and a hint is asked for at a click. What a rung found
before the time ran out is still sound; only what it did not reach is lost."""
STARS_MAX_CELLS = 400
"""Boards up to 20×20 (the bank's largest) have their stars in every hint; beyond, solving
the board in rounds for them could outrun a hint's deadline (None there)."""


@dataclass(frozen=True)
class Known:
    """What a hint needs to know of a board beyond the position, worked out once: its one
    answer (None when it has none or several, or the search ran out), that answer as JSON,
    the board's description, and its stars."""

    answer: Any
    truth: Any = None
    board: Any = None
    stars: int | None = None


@lru_cache(maxsize=32)
def known(puzzle: Board) -> Known:
    """`Known` for the puzzles asked about last (a player asks many hints of one board)."""
    found = solve(puzzle, limit=2, budget=ANSWER_BUDGET)
    if found.status != "unique":
        return Known(None)
    genre, answer = genre_of(puzzle), found.answers[0]
    board_stars = None
    if puzzle.rows * puzzle.cols <= STARS_MAX_CELLS:
        with limits.time_limit(PATIENCE) as deadline:
            worked = rounds(puzzle, answer)
            late = deadline is not None and deadline.expired()
        board_stars = None if late else stars(genre, difficulty(puzzle, worked))
    return Known(answer, genre.answer_json(puzzle, answer), genre.board_json(puzzle),
                 board_stars)


def hint(puzzle: Board, position: Any, rung: str | None = None) -> dict[str, Any]:
    """The next move from this position. Kinds: `deduction` (a move a rung justifies; `rung`
    names it, `rule` the rule it adds), `reveal` (no rung decides anything: a cell of the
    answer, its move marked `reveal`, `revealed` the cell in words, for the player to show
    once it is set), `mistake` (marks that disagree with the one answer: `wrong` cells in
    reading order, `rects` for rectangle genres, `first` the one to undo back to), and, on
    boards without one answer only, `contradiction` and `none`. Every answer also carries the
    board's `stars` (None without one answer)."""
    genre = genre_of(puzzle)
    chosen = rung or genre.DEFAULT_RUNG
    names = genre.rules_for(chosen)  # a bad rung or position is refused before any solving
    d = genre.position_domains(puzzle, position)
    facts = kept(known, puzzle)
    return {**_hint(genre, puzzle, position, chosen, names, d, facts), "stars": facts.stars}


def _hint(genre: Genre, puzzle: Board, position: Any, chosen: str, names: frozenset[str],
          d: np.ndarray, facts: Known) -> dict[str, Any]:
    answer = facts.answer
    if answer is not None:
        marks = play(facts.board)
        wrong = marks.wrong(position, facts.truth)
        if wrong["wrong"] or wrong["rects"]:
            return _mistake(marks, wrong)
    if not d.all() or (answer is None and _dead_at(genre, puzzle, names, d)):
        return {"kind": "contradiction", "rule": None, "cells": [], "move": None,
                "text": "The position already contradicts the puzzle: undo something."}
    open_ = genre.open_variables(puzzle, position, d)
    ladder = rungs_of(genre)
    mine = rungs_of(genre, chosen)
    reached: list[np.ndarray] = []
    with limits.time_limit(PATIENCE if answer is not None else None) as deadline:
        step = weakest_step(genre, puzzle, d, open_, mine, reached)
        if step is None and len(mine) < len(ladder):
            step = weakest_step(genre, puzzle, d, open_, ladder[len(mine):], reached)
        hurried = deadline is not None and deadline.expired()
    if step is not None:
        found, after, decided = step
        beyond = "" if found in mine else f"Beyond your rung ({chosen}): "
        return _step(genre, puzzle, found, int(np.flatnonzero(decided)[0]), d, after, beyond)
    if answer is not None and not open_.any():  # every mark agrees with the one answer
        return {"kind": "none", "rule": None, "cells": [], "move": None,
                "text": "Nothing is left open: every mark agrees with the answer."}
    if answer is None:
        return {"kind": "none", "rule": None, "cells": [], "move": None,
                "text": "No rung decides anything more here, and the puzzle has no single "
                        "answer to reveal a cell from."}
    strongest = reached[-1] if len(reached) == len(ladder) else None  # the top rung's
    return _reveal(genre, puzzle, d, strongest, open_, genre.encode(puzzle, answer), hurried)


def _dead_at(genre: Genre, puzzle: Board, names: frozenset[str], d: np.ndarray) -> bool:
    full = genre.propagator(puzzle, names)
    return full is not None and bool(dead(full(d[None]))[0])


def _rule_added(genre: Genre, rung: str) -> str:
    """The rule(s) a rung adds to the rung below it."""
    ladder = list(genre.LADDER)
    below = frozenset(genre.LADDER[ladder[ladder.index(rung) - 1]]) if ladder.index(rung) else (
        frozenset())
    return ", ".join(r for r in genre.RULES if r in frozenset(genre.LADDER[rung]) - below)


def _step(genre: Genre, puzzle: Board, rung: str, i: int, before: np.ndarray,
          after: np.ndarray, beyond: str = "") -> dict[str, Any]:
    rule = _rule_added(genre, rung)
    said = genre.describe(puzzle, i, int(before[i]), int(after[i]))
    reason = "; ".join(genre.REASONS.get(r, r) for r in rule.split(", "))
    return {"kind": "deduction", "rung": rung, "rule": rule, "cells": said["cells"],
            "text": f"{beyond}{said['text']}: {reason} (rule: {rule}).", "variable": i,
            "values": said.get("values"), "move": said.get("move")}


def _reveal(genre: Genre, puzzle: Board, d: np.ndarray, narrowed: np.ndarray | None,
            open_: np.ndarray, truth: np.ndarray, hurried: bool = False) -> dict[str, Any]:
    """No rung decides anything (or none did within `PATIENCE`: `hurried`): the open cell
    with the fewest values left after the strongest rung (its fixpoint `narrowed`, worked
    out here when not given, unless hurried: it would run out again), from the answer."""
    if narrowed is None:
        strongest = None if hurried else genre.propagator(
            puzzle, genre.rules_for(rungs_of(genre)[-1]))
        narrowed = d if strongest is None else strongest(d[None])[0]
    i = most_constrained(narrowed if narrowed.all() else d, open_)
    said = genre.describe(puzzle, i, int(d[i]), int(truth[i]))
    move = dict(said.get("move") or {}, reveal=True)
    why = ("No rule decides another cell from here within a second of trying" if hurried
           else "No rule decides another cell from here, not even trying a guess inside "
                "a guess")
    return {"kind": "reveal", "rung": None, "rule": None, "cells": said["cells"],
            "text": f"{why}; revealed from the answer: {said['text']}.",
            "variable": i, "values": said.get("values"), "move": move,
            "revealed": said["text"]}


def wrong_marks(puzzle: Board, position: Any, answer: Any) -> dict[str, Any]:
    """The player's marks that disagree with the one answer: {"wrong": cells [r, c] in
    reading order, "rects": rectangles [top, left, height, width] not in the answer, by top
    then left}."""
    genre = genre_of(puzzle)
    return genre.play(puzzle).wrong(position, genre.answer_json(puzzle, answer))


def _mistake(play: Any, wrong: dict[str, Any]) -> dict[str, Any]:
    first, cells, where = play.first_wrong(wrong)
    n = len(wrong["wrong"]) + len(wrong["rects"])
    more = "" if n == 1 else f" ({n} marks disagree with it; this is the first in reading order)"
    return {"kind": "mistake", "rung": None, "rule": None, "cells": cells, "move": None,
            "first": first, **wrong,
            "text": f"Something is wrong: {where} disagrees with the puzzle's only "
                    f"answer{more}. Undo back to that move."}


def undecided(puzzle: Board, position: Any, rung: str | None = None) -> list[list[int]]:
    """Cells the rung's fixpoint leaves open from this position (for the "show undecided"
    overlay); for Shikaku, the clues whose rectangle is still open."""
    genre = genre_of(puzzle)
    d = genre.position_domains(puzzle, position)
    full = genre.propagator(puzzle, genre.rules_for(rung))
    return open_cells(puzzle, d, d if full is None or not d.all() else full(d[None])[0])


def open_cells(puzzle: Board, d: np.ndarray, after: np.ndarray) -> list[list[int]]:
    """The cells (each open variable's first cell) still open in `after`, a narrowing of d."""
    genre = genre_of(puzzle)
    open_ = np.flatnonzero(popcount(after) > 1)
    return [genre.describe(puzzle, int(i), int(d[i]), int(after[i]))["cells"][0] for i in open_]
