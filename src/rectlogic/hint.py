"""Hints: one deduction the chosen rung can make from a player's position, and why.

The position (what the player has placed so far) becomes domains; each rule of the rung is
tried on its own, weakest first, and the first that narrows anything gives the hint — so the
hint names the rule that made it. Probing comes last. A position the rung's full fixpoint
already kills is reported as a contradiction instead."""

from __future__ import annotations

from typing import Any

import numpy as np

from .engine import dead, popcount, probe_cells
from .genres import Board, Genre, genre_of


def hint(puzzle: Board, position: Any, rung: str | None = None) -> dict[str, Any]:
    genre = genre_of(puzzle)
    names = genre.rules_for(rung)
    d = genre.position_domains(puzzle, position)
    full = genre.propagator(puzzle, names)
    if not d.all() or (full is not None and dead(full(d[None]))[0]):
        return {"kind": "contradiction", "rule": None, "cells": [],
                "text": "The position already contradicts the puzzle: undo something."}
    for name in [r for r in genre.RULES if r in names and r != "probe"]:
        step = genre.base_propagator(puzzle, frozenset({name}))
        if step is None:
            continue
        after = step(d[None])[0]
        changed = np.flatnonzero(after != d)
        if changed.size:
            return _step(genre, puzzle, name, _pick(changed, after), d, after)
    if "probe" in names:
        base = genre.base_propagator(puzzle, names - {"probe"}) or (lambda x: x)
        open_ = np.flatnonzero(popcount(d) > 1)
        for i in open_:
            after = probe_cells(d, np.array([i]), base)
            if not np.array_equal(after, d):
                return _step(genre, puzzle, "probe", _pick(np.flatnonzero(after != d), after),
                             d, after)
    return {"kind": "none", "rule": None, "cells": [],
            "text": "This rung finds nothing more here; try a stronger one, or guess."}


def _pick(changed: np.ndarray, after: np.ndarray) -> int:
    """The first narrowed variable that is now decided (a hint a player can apply), else the
    first narrowed one."""
    decided = [int(i) for i in changed if int(after[i]).bit_count() == 1]
    return decided[0] if decided else int(changed[0])


def _step(genre: Genre, puzzle: Board, rule: str, i: int, before: np.ndarray,
          after: np.ndarray) -> dict[str, Any]:
    said = genre.describe(puzzle, i, int(before[i]), int(after[i]))
    return {"kind": "deduction", "rule": rule, "cells": said["cells"],
            "text": f"{rule}: {said['text']}", "variable": i, "values": said.get("values"),
            "move": said.get("move")}


def undecided(puzzle: Board, position: Any, rung: str | None = None) -> list[list[int]]:
    """Cells the rung's fixpoint leaves open from this position (for the "show undecided"
    overlay); for Shikaku, the clues whose rectangle is still open."""
    genre = genre_of(puzzle)
    d = genre.position_domains(puzzle, position)
    full = genre.propagator(puzzle, genre.rules_for(rung))
    after = d if full is None or not d.all() else full(d[None])[0]
    open_ = np.flatnonzero(popcount(after) > 1)
    return [genre.describe(puzzle, int(i), int(d[i]), int(after[i]))["cells"][0] for i in open_]
