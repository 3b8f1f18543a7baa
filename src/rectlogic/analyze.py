"""The setter's analysis of a puzzle being written: how many answers, how hard, where it is
still open or ambiguous, which single edit would make it unique, and why it has no answer.

Every fact comes from the solver, and the tests check each against an independent reading:
a suggestion, applied, is unique by the SAT engine too; a `differ` cell differs between two
answers the validator accepts; a conflict set has no answer alone (by SAT), and dropping any
one of its clues gives an answer."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .engine import limits
from .formats.auto import dump
from .genres import Board, genre_of
from .grade import grade
from .hint import open_cells
from .solve import solve

COUNT_CAP = 50
"""Answers counted at most: past it the count says `at least`."""
SUGGESTIONS = 5
EDITS_TRIED = 60
"""Candidate edits tried at most, nearest the ambiguity first."""


def analyze(puzzle: Board, timeout: float | None = None) -> dict[str, Any]:
    """{"genre", "rows", "cols", "status", "count", "complete", "grade", "score", "stars",
    "undecided", "differ", "suggestions", "conflict", "seconds"}, within `timeout`."""
    started = time.perf_counter()
    with limits.time_limit(timeout):
        genre = genre_of(puzzle)
        found = solve(puzzle, limit=COUNT_CAP)
        out: dict[str, Any] = {
            "genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols,
            "status": found.status, "count": found.count,
            "complete": found.complete and found.count < COUNT_CAP,
            "grade": None, "score": None, "stars": None, "undecided": undecided(puzzle),
            "differ": [], "suggestions": [], "conflict": [],
        }
        if found.status == "unique":
            g = grade(puzzle, scored=True)
            out["grade"], out["score"], out["stars"] = g.grade, g.score, g.stars
        elif found.status == "multiple":
            # keep an answer that places something (an empty one has nothing to solve)
            a = next((x for x in found.answers if not genre.is_blank(puzzle, x)),
                     found.answers[0])
            b = next(x for x in found.answers if x != a)
            near = np.argwhere(genre.picture(puzzle, a) != genre.picture(puzzle, b))
            out["differ"] = [[int(r), int(c)] for r, c in near]
            out["suggestions"] = suggestions(puzzle, a, {(int(r), int(c)) for r, c in near})
        elif found.status == "none":
            out["conflict"] = [list(cell) for cell in conflict(puzzle)]
    out["seconds"] = round(time.perf_counter() - started, 4)
    return out


def undecided(puzzle: Board) -> list[list[int]]:
    """Cells the default rung's fixpoint leaves open from the empty board (none when that
    fixpoint finds no answer at all)."""
    genre = genre_of(puzzle)
    d = genre.initial_domains(puzzle)
    full = genre.propagator(puzzle, genre.rules_for(None))
    after = d if full is None else full(d[None])[0]
    return [] if not after.all() else sorted(open_cells(puzzle, d, after))


def suggestions(puzzle: Board, answer: Any, near: set[tuple[int, int]]) -> list[dict[str, Any]]:
    """Up to SUGGESTIONS single edits that keep `answer` and leave it the only one (never an
    empty one: nothing to solve), easiest grade first, then the fewest search nodes; when
    none does, the edits that leave the fewest answers, with their counts."""
    genre = genre_of(puzzle)
    unique, others = [], []
    for k, (change, edited) in enumerate(genre.part("author").edits(puzzle, answer, near)):
        if k >= EDITS_TRIED or limits.expired():
            break
        g = grade(edited)  # proves it unique first
        if g.grade is not None and not genre.is_blank(edited, g.answer):
            unique.append((genre.grades.index(g.grade), g.nodes, change, edited, g.grade))
        elif g.status == "multiple":
            others.append((change, edited))
    if unique:
        unique.sort(key=lambda t: (t[0], t[1]))
        return [{"change": c, "url": _url(e), "grade": g} for _, _, c, e, g in
                unique[:SUGGESTIONS]]
    counted = []
    for change, edited in others[:2 * SUGGESTIONS]:
        s = solve(edited, limit=COUNT_CAP)
        counted.append((s.count, change, edited))
    counted.sort(key=lambda t: t[0])
    return [{"change": c, "url": _url(e), "grade": None, "count": n}
            for n, c, e in counted[:SUGGESTIONS]]


def conflict(puzzle: Board) -> list[tuple[int, int]]:
    """A minimal set of clue cells that cannot all hold: deletion over the clues, each
    dropped (relaxed: its number removed) when the rest still has no answer. Relaxing a
    clue only adds answers, so the set found is minimal."""
    author = genre_of(puzzle).part("author")
    clues = author.clue_cells(puzzle)
    core = list(clues)
    for cell in list(core):
        if limits.expired():
            break
        trial = [c for c in core if c != cell]
        relaxed = author.relax(puzzle, [c for c in clues if c not in trial])
        try:
            if solve(relaxed, limit=1).status == "none":
                core = trial
        except ValueError:  # too many candidates once relaxed: keep the clue
            continue
    return sorted(core)


def _url(puzzle: Board) -> str:
    return dump(puzzle, None, "url").strip()
