"""The setter's analysis of a puzzle being written: how many answers, how hard, where it is
still open or ambiguous, which single edit would make it unique, and why it has no answer.

It must keep up with typing, so the count and the verdict come first and the rest (where the
answers differ, the suggestions, the smallest conflict) shares a small time budget, each part
saying whether it finished. Every fact comes from the solver, and the tests check each against
an independent reading: a suggestion, applied, is unique by the SAT engine too; a `differ`
cell differs between two answers the validator accepts; a conflict set has no answer alone
(by SAT), and dropping any one of its clues gives an answer."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .engine import limits
from .engine.fixpoint import popcount
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
PATIENCE = 0.6
"""Seconds shared by the parts after the verdict (differing cells, suggestions, the smallest
conflict) on a 20×20 board, in proportion to the cells on smaller ones (0.15 s at 10×10, at
least 0.1 s): the workbench analyses after every keystroke. A part cut short says so."""
QUESTION_NODES = 3_000
"""Search nodes for one yes/no question (has this relaxed board an answer? does an answer
differ from the first at this variable?): past it the answer is `unknown`."""

Cell = tuple[int, int]


def analyze(puzzle: Board, timeout: float | None = None,
            patience: float | None = None) -> dict[str, Any]:
    """{"genre", "rows", "cols", "status", "count", "complete", "grade", "score",
    "stars", "undecided", "differ", "differ_complete", "suggestions", "conflict",
    "conflict_minimal", "reason", "seconds"}, within `timeout`; the parts after the verdict
    within `patience`."""
    started = time.perf_counter()
    if patience is None:
        patience = min(PATIENCE, max(0.1, PATIENCE * puzzle.rows * puzzle.cols / 400))
    with limits.time_limit(timeout):
        genre = genre_of(puzzle)
        author = genre.author
        found = solve(puzzle, limit=COUNT_CAP)
        settled = default_fixpoint(puzzle)
        out: dict[str, Any] = {
            "genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols,
            "status": found.status, "count": found.count,
            "complete": found.complete and found.count < COUNT_CAP,
            "grade": None, "score": None, "stars": None, "undecided": undecided(puzzle, settled),
            "differ": [], "differ_complete": True, "suggestions": [],
            "conflict": [], "conflict_minimal": True, "reason": None,
        }
        if found.status == "unique":
            g = grade(puzzle, scored=True)
            out["grade"], out["score"], out["stars"] = g.grade, g.score, g.stars
        elif found.status == "multiple":
            # keep an answer that places something (an empty one has nothing to solve)
            a = next((x for x in found.answers if not genre.is_blank(puzzle, x)),
                     found.answers[0])
            with limits.time_limit(patience / 2):
                near, out["differ_complete"] = differ(puzzle, a, found.answers, settled[1])
            out["differ"] = [list(cell) for cell in near]
            out["suggestions"] = suggestions(puzzle, a, set(near),
                                             time.perf_counter() + patience / 2)
        elif found.status == "none":
            out["reason"] = author.impossible(puzzle)
            with limits.time_limit(patience):
                cells, out["conflict_minimal"], why = conflict(puzzle)
            out["conflict"] = [list(cell) for cell in cells]
            out["reason"] = out["reason"] or why
    out["seconds"] = round(time.perf_counter() - started, 4)
    return out


def default_fixpoint(puzzle: Board) -> tuple[np.ndarray, np.ndarray]:
    """The domains of the empty board, before and after the default rung's fixpoint (what
    the undecided cells and the differing cells both start from)."""
    genre = genre_of(puzzle)
    d = genre.initial_domains(puzzle)
    full = genre.propagator(puzzle, genre.rules_for(None))
    return d, (d if full is None else full(d[None])[0])


def undecided(puzzle: Board, settled: tuple[np.ndarray, np.ndarray]) -> list[list[int]]:
    """Cells the default rung's fixpoint (`settled`: before, after) leaves open from the empty
    board (none when that fixpoint finds no answer at all)."""
    d, after = settled
    return [] if not after.all() else sorted(open_cells(puzzle, d, after))


# -- where the answers differ ------------------------------------------------------------------

def differ(puzzle: Board, first: Any, answers: Sequence[Any],
           settled: np.ndarray) -> tuple[list[Cell], bool]:
    """Every cell on which some answer differs from `first`, and whether that is all of them.
    The answers found already show most; then each variable still open after the rules, on
    which no answer found differs yet, gets one question: is there an answer with another
    value here? (An answer found that way shows more cells at once.) `settled`: the default
    rung's fixpoint from the empty board."""
    genre = genre_of(puzzle)
    picture = genre.picture(puzzle, first)
    mine = genre.encode(puzzle, first)
    seen = np.zeros(picture.shape, dtype=bool)
    varied = np.zeros(mine.shape, dtype=bool)

    def count_in(other: Any) -> None:
        nonlocal seen, varied
        seen |= genre.picture(puzzle, other) != picture
        varied |= genre.encode(puzzle, other) != mine

    for other in answers:
        count_in(other)
    complete = True
    for v in np.flatnonzero(popcount(settled) > 1):
        if varied[v]:
            continue
        if limits.expired():
            complete = False
            break
        narrowed = settled.copy()
        narrowed[v] = int(settled[v]) & ~int(mine[v])  # (uint64 or Python int domains)
        found = solve(puzzle, limit=1, budget=QUESTION_NODES, start=narrowed)
        if found.answers:
            count_in(found.answers[0])
        elif found.status == "unknown":
            complete = False
    return [(int(r), int(c)) for r, c in np.argwhere(seen)], complete


# -- single edits that make it unique ------------------------------------------------------------

def suggestions(puzzle: Board, answer: Any, near: set[Cell],
                until: float = float("inf")) -> list[dict[str, Any]]:
    """Up to SUGGESTIONS single edits that keep `answer` and leave it the only one (never an
    empty one: nothing to solve), easiest grade first, then the fewest search nodes; when
    none does, the edits that leave the fewest answers, with their counts (`complete` false
    when a count is a lower bound). Edits stop being tried at `until` (perf_counter), once
    there is something to suggest."""
    genre = genre_of(puzzle)
    unique, others = [], []
    for k, (change, edited) in enumerate(genre.author.edits(puzzle, answer, near)):
        late = time.perf_counter() > until or limits.expired()
        if k >= EDITS_TRIED or (late and (unique or others)):
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
        if (time.perf_counter() > until or limits.expired()) and counted:
            break
        s = solve(edited, limit=COUNT_CAP, budget=10 * QUESTION_NODES)
        counted.append((s.count, s.complete and s.count < COUNT_CAP, change, edited))
    counted.sort(key=lambda t: t[0])
    return [{"change": c, "url": _url(e), "grade": None, "count": n, "complete": done}
            for n, done, c, e in counted[:SUGGESTIONS]]


# -- why there is no answer ----------------------------------------------------------------------

def conflict(puzzle: Board) -> tuple[list[Cell], bool, str | None]:
    """(cells, minimal, reason): a minimal set of clues that cannot all hold, by deletion
    over the clues, each dropped (relaxed) when the rest still has no answer. Relaxing a clue
    only adds answers, so the set found is minimal — `minimal` is false when the time ran
    out or a question went unanswered. When the board has no answer even with every clue
    relaxed, the conflict lies in what relaxing keeps (a genre's `givens`, e.g. Shakashaka's
    black cells): then a minimal set of those, and a reason saying so."""
    author = genre_of(puzzle).author
    clues = author.clue_cells(puzzle)
    loose = author.relax(puzzle, clues)
    if _no_answer(loose) is not True:
        cells, minimal = _smallest(clues, lambda kept: author.relax(
            puzzle, [c for c in clues if c not in kept]))
        return cells, minimal, None
    givens = author.givens(loose)
    if givens:
        cells, minimal = _smallest(givens, lambda kept: author.unfix(
            loose, [c for c in givens if c not in kept]))
        return cells, minimal, ("no answer even without any number: these cells cannot all "
                                "be black")
    return sorted(clues), False, "no answer whatever the numbers say"


def _smallest(items: list[Cell], keeping: Callable[[list[Cell]], Board]
              ) -> tuple[list[Cell], bool]:
    """Deletion: drop each item whose loss leaves `keeping(rest)` without an answer. First
    a pass asking the rules alone (a fixpoint: cheap, and it proves most drops on a board
    whose conflict is local), then a pass asking the search, for the items left. Before that
    search, a cheaper witness: the board with only this item given up (every other item kept)
    has fewer answers than the trial, which gives up more, so an answer there shows the item
    is needed — and a board with one item given up is tight, so its search is short (the
    trial's, with many items given up, can run out of nodes on a large board)."""
    core, minimal = list(items), True
    for ask in (_wiped, _no_answer):
        for item in list(core):
            if len(core) == 1:
                break
            if limits.expired():
                return sorted(core), False
            if ask is _no_answer and len(core) < len(items) and _no_answer(
                    keeping([c for c in items if c != item])) is False:
                continue
            trial = [c for c in core if c != item]
            said = ask(keeping(trial))
            if said is True:
                core = trial
            elif said is None and ask is _no_answer:
                minimal = False
    return sorted(core), minimal


def _wiped(puzzle: Board) -> bool | None:
    """True when the default rung's fixpoint finds no answer; None when it cannot tell."""
    genre = genre_of(puzzle)
    try:
        full = genre.propagator(puzzle, genre.rules_for(None))
        d = genre.initial_domains(puzzle)
    except ValueError:  # too many candidates once relaxed
        return None
    if full is None:
        return None
    return True if not full(d[None])[0].all() else None


def _no_answer(puzzle: Board) -> bool | None:
    """Has the board no answer? True, False, or None when the search ran out of nodes."""
    try:
        found = solve(puzzle, limit=1, budget=QUESTION_NODES)
    except ValueError:  # too many candidates once relaxed
        return None
    return {"none": True, "unknown": None}.get(found.status, False)


def _url(puzzle: Board) -> str:
    return dump(puzzle, None, "url").strip()
