"""Hints: the next move the chosen rung can justify from a player's position, and why.

The position (what the player has placed so far) becomes domains; the rungs of the ladder are
tried weakest first, and the first whose fixpoint decides a cell the player has not gives the
move — named by the rule that rung adds, and said in words (1-based rows and columns). A
position the rung's full fixpoint already kills is reported as a contradiction instead."""

from __future__ import annotations

from typing import Any

import numpy as np

from .engine import dead, popcount
from .genres import Board, Genre, genre_of


def hint(puzzle: Board, position: Any, rung: str | None = None) -> dict[str, Any]:
    """The next move the chosen rung can justify from this position: the weakest rung of the
    ladder (up to the chosen one) whose fixpoint decides a cell the player has not, named by
    the rule that rung adds. When the chosen rung decides nothing new, the choices it rules
    out are shown instead (kind `narrowing`), so a hint never repeats without progress."""
    genre = genre_of(puzzle)
    names = genre.rules_for(rung)
    d = genre.position_domains(puzzle, position)
    full = genre.propagator(puzzle, names)
    if not d.all() or (full is not None and dead(full(d[None]))[0]):
        return {"kind": "contradiction", "rule": None, "cells": [], "move": None,
                "text": "The position already contradicts the puzzle: undo something."}
    open_ = genre.open_variables(puzzle, position, d)
    before: frozenset[str] = frozenset()
    for rules in genre.LADDER.values():
        rules = frozenset(rules)
        if not rules or not rules <= names:
            continue
        propagate = genre.propagator(puzzle, rules)
        after = d if propagate is None else propagate(d[None])[0]
        decided = np.flatnonzero(open_ & (popcount(after) == 1))
        if decided.size:
            rule = ", ".join(r for r in genre.RULES if r in rules - before) or "probe"
            return _step(genre, puzzle, rule, int(decided[0]), d, after)
        before = rules
    after = d if full is None else full(d[None])[0]
    changed = np.flatnonzero(after != d)
    if changed.size:
        cells = sorted({tuple(c) for i in changed for c in
                        genre.describe(puzzle, int(i), int(d[i]), int(after[i]))["cells"]})
        return {"kind": "narrowing", "rule": None, "cells": [list(c) for c in cells],
                "move": None,
                "text": "No cell is decided yet at this rung, but the marked cells have choices "
                        "ruled out; a stronger rung may finish the step."}
    return {"kind": "none", "rule": None, "cells": [], "move": None,
            "text": "This rung finds nothing more here; try a stronger one, or guess."}


def _step(genre: Genre, puzzle: Board, rule: str, i: int, before: np.ndarray,
          after: np.ndarray) -> dict[str, Any]:
    said = genre.describe(puzzle, i, int(before[i]), int(after[i]))
    reason = "; ".join(genre.REASONS.get(r, r) for r in rule.split(", "))
    return {"kind": "deduction", "rule": rule, "cells": said["cells"],
            "text": f"{said['text']}: {reason} (rule: {rule}).", "variable": i,
            "values": said.get("values"), "move": said.get("move")}


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
