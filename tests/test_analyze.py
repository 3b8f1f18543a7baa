"""The setter's analysis, each fact checked by an independent reading: suggestions applied are
unique by our solver and by the SAT engine; `differ` cells are where two answers the validator
accepts differ; a conflict set has no answer alone (SAT), and dropping any of its clues gives
one (so it is minimal)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rectlogic import bank
from rectlogic.analyze import analyze
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.sat import solve_sat
from rectlogic.solve import solve

from .test_cli import run

KEYS = {"genre", "rows", "cols", "status", "count", "complete", "grade", "score", "stars",
        "undecided", "differ", "differ_complete", "suggestions", "conflict", "conflict_minimal",
        "reason", "seconds"}


def small_boards(name: str, n: int = 6) -> list:
    return [load(r.url).puzzle for r in bank.rows(genre=name) if r.rows == 6][:n]


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_ambiguous_boards_get_differ_cells_and_suggestions_that_work(name: str) -> None:
    genre = get_genre(name)
    author = genre.author
    checked = 0
    for p in small_boards(name):
        cells = author.clue_cells(p)[:4]
        for dropped in [[c] for c in cells] + [cells[k:k + 2] for k in range(len(cells) - 1)]:
            q = author.relax(p, dropped)
            out = analyze(q, patience=10)
            assert set(out) == KEYS
            if out["status"] != "multiple":
                continue
            checked += 1
            a, b = solve(q, limit=2).answers
            assert genre.check(q, a)[0] == [] and genre.check(q, b)[0] == []
            two = np.argwhere(genre.picture(q, a) != genre.picture(q, b)).tolist()
            assert two and all(cell in out["differ"] for cell in two)
            every = solve(q, limit=0, budget=100_000)  # all the answers, where few
            if every.complete and out["differ_complete"]:
                first = genre.picture(q, every.answers[0])
                seen = np.zeros(first.shape, dtype=bool)
                for x in every.answers:
                    assert genre.check(q, x)[0] == []
                    seen |= genre.picture(q, x) != first
                assert out["differ"] == np.argwhere(seen).tolist()  # no more, no fewer
            for s in out["suggestions"]:
                edited = load(s["url"]).puzzle
                if s["grade"] is None:
                    assert s["count"] >= 2 and isinstance(s["complete"], bool)
                    continue
                assert solve(edited).status == "unique"
                assert solve_sat(edited).status == "unique"  # the independent engine
    assert checked > 0


def broken(name: str, p):
    """The board with one number made wrong, if that leaves it without an answer."""
    author = get_genre(name).author
    for r, c in author.clue_cells(p):
        for bump in (1, 2, -1):
            q = _bumped(name, p, r, c, bump)
            if q is not None and solve(q).status == "none":
                return q
    return None


def _bumped(name: str, p, r: int, c: int, bump: int):
    if name == "chocona":
        k = p.regions[r][c]
        v = p.clues[k] + bump
        if v < 0 or v > len(p.region_cells[k]):
            return None
        return type(p)(p.rows, p.cols, p.regions, tuple(v if i == k else x
                                                         for i, x in enumerate(p.clues)))
    v = p.clues[r][c] + bump
    if v < 0 or (name == "shakashaka" and v > 4):
        return None
    clues = tuple(tuple(v if (i, j) == (r, c) else x for j, x in enumerate(row))
                  for i, row in enumerate(p.clues))
    return type(p)(p.rows, p.cols, clues)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_conflicts_are_minimal_sets_that_cannot_hold(name: str) -> None:
    genre = get_genre(name)
    author = genre.author
    checked = 0
    for p in small_boards(name, 4):
        q = broken(name, p)
        if q is None:
            continue
        out = analyze(q, patience=10)
        assert out["status"] == "none" and out["conflict"]
        core = [tuple(c) for c in out["conflict"]]
        others = [c for c in author.clue_cells(q) if c not in core]
        alone = author.relax(q, others)
        assert solve_sat(alone).status == "none"  # the set alone has no answer
        for cell in core:  # and each of its clues is needed
            assert solve_sat(author.relax(q, [*others, cell])).status != "none"
        checked += 1
    assert checked > 0


def test_unique_boards_are_graded_and_the_shells_answer() -> None:
    row = next(r for r in bank.rows(genre="chocona") if r.rows == 6)
    out = analyze(load(row.url).puzzle)
    assert out["status"] == "unique" and out["grade"] == row.grade
    assert out["differ"] == [] and out["suggestions"] == [] and out["conflict"] == []
    r = run("analyze", row.url, "--json")
    assert r.returncode == 0 and set(json.loads(r.stdout)) == KEYS
    assert run("analyze", "nonsense").returncode == 2


@pytest.mark.parametrize("url", ["https://puzz.link/p?shakashaka/3/3/dg.j",  # a 3 in a corner
                                 "https://puzz.link/p?shakashaka/6/6/g.o0ambi.h.j"])
def test_a_conflict_among_black_cells_is_named(url: str) -> None:
    """No answer even with every number dropped: the conflict is among the black cells, and
    it is minimal — made white, any one of them leaves an answer (by SAT)."""
    q = load(url).puzzle
    author = get_genre("shakashaka").author
    out = analyze(q, patience=10)
    assert out["status"] == "none" and out["conflict"] and out["conflict_minimal"]
    assert "black" in out["reason"]
    loose = author.relax(q, author.clue_cells(q))
    core = [tuple(c) for c in out["conflict"]]
    others = [c for c in author.givens(loose) if c not in core]
    assert solve_sat(author.unfix(loose, others)).status == "none"
    for cell in core:
        assert solve_sat(author.unfix(loose, [*others, cell])).status != "none"


def test_shikaku_numbers_that_miss_the_area_say_so() -> None:
    out = analyze(load("https://puzz.link/p?shikaku/3/3/j4j").puzzle)
    assert out["status"] == "none" and out["conflict"]
    assert out["reason"] == "the numbers add up to 4, the board has 9 cells (add 5)"
