"""The setter's analysis, for every registered genre on its own examples, each fact checked by
an independent reading: suggestions applied are unique by our solver and by the clause
engine; `differ` cells are where two answers the validator accepts differ; a conflict set has
no answer alone, and dropping any one of its clues gives one (so it is minimal) — both by an
engine that shares none of the analysis's reasoning (SAT, or where a genre has no clause
model, the leaf-only search: every assignment tried, only the validator judging).

The boards with no answer are the bench's: each example with one number deleted or one small
number added (`bench.analysis.single_edits`), as a setter makes them."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from rectlogic.analyze import FOLLOW_UP, MOST_PATIENCE, analyze
from rectlogic.bench.analysis import single_edits
from rectlogic.formats.auto import load, url_of
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.grade import grade
from rectlogic.sat import solve_sat
from rectlogic.solve import solve

from .test_cli import run

KEYS = {"genre", "rows", "cols", "status", "count", "complete", "grade", "score", "stars",
        "undecided", "differ", "differ_complete", "suggestions", "conflict", "conflict_minimal",
        "reason", "patience", "ask_again_with", "seconds"}


def examples(name: str, most_rows: int = 8) -> list:
    """The genre's solved examples up to `most_rows` rows, as puzzles."""
    puzzles = [load(e.url, name).puzzle for e in get_genre(name).examples.SOLVED]
    return [p for p in puzzles if p.rows <= most_rows]


def has_answer(puzzle) -> bool:
    """By an engine sharing nothing with the analysis (the clause model, else every
    assignment tried by the leaf-only search)."""
    if get_genre(puzzle.genre).clause_model is not None:
        return solve_sat(puzzle, limit=1).status != "none"
    found = solve(puzzle, limit=1, leaf_only=True, budget=None)
    return found.status != "none"


def broken(name: str, most_rows: int = 8, per_board: int = 4, seed: int = 0) -> list:
    """(edited cell, board) for single edits of the examples that leave no answer."""
    rng = random.Random(seed)
    out = []
    for p in examples(name, most_rows):
        found = [(cell, q) for _, cell, q in single_edits(p, 3, rng)
                 if solve(q).status == "none"]
        out += rng.sample(found, min(per_board, len(found)))
    return out


def assert_minimal_conflict(q, out: dict) -> None:
    """The conflict cannot hold (no answer with every other clue relaxed, or every other
    given undone when the clues are not to blame), and each of its members is needed."""
    author = get_genre(q.genre).author
    core = [tuple(c) for c in out["conflict"]]
    assert out["status"] == "none" and core and out["conflict_minimal"]
    clues = author.clue_cells(q)
    loose = author.relax(q, clues)
    if has_answer(loose):  # the clues are to blame
        assert set(core) <= set(clues)
        others = [c for c in clues if c not in core]
        assert not has_answer(author.relax(q, others))
        for cell in core:
            assert has_answer(author.relax(q, [*others, cell])), cell
    else:  # what relaxing keeps is (a genre's givens)
        givens = author.givens(loose)
        others = [c for c in givens if c not in core]
        assert not has_answer(author.unfix(loose, others))
        for cell in core:
            assert has_answer(author.unfix(loose, [*others, cell])), cell


def relaxed(name: str):
    """Each example of 6×6 or less with one, or two neighbouring, of its first four clues
    relaxed: boards with several answers, or none, near a unique one."""
    author = get_genre(name).author
    for p in examples(name, 6):
        cells = author.clue_cells(p)[:4]
        for dropped in [[c] for c in cells] + [cells[k:k + 2] for k in range(len(cells) - 1)]:
            yield author.relax(p, dropped)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_ambiguous_boards_get_differ_cells_and_suggestions_that_work(name: str) -> None:
    genre = get_genre(name)
    checked = 0
    for q in relaxed(name):
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
            edited = load(s["url"], name).puzzle
            if s["count"] >= 2:
                assert s["grade"] is None and isinstance(s["complete"], bool)
                continue
            assert s["count"] == 1 and s["complete"] is True  # graded, or proved unique only
            assert solve(edited).status == "unique"
            if genre.clause_model is not None:
                assert solve_sat(edited).status == "unique"  # the independent engine
    assert checked > 0


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_conflicts_are_minimal_sets_that_cannot_hold(name: str) -> None:
    """Single edits of the small examples that leave no answer: the conflict, found around
    the edited cell as the workbench asks, is proven minimal, and the independent engine
    agrees that it cannot hold and that each member is needed."""
    cases = broken(name)
    assert cases, "no single edit of the examples leaves the board without an answer"
    for cell, q in cases:
        assert_minimal_conflict(q, analyze(q, patience=10, focus=cell))


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_conflicts_without_a_focus_and_on_larger_boards(name: str) -> None:
    """The steps that find witnesses and drop far clues in chunks (`analyze._smallest`),
    with no edited cell to start from, and on the examples up to 10×10, where a witness is
    seldom the board with one clue given up: still minimal, by the independent engine."""
    for _, q in broken(name, most_rows=10, per_board=1, seed=1)[-3:]:
        assert_minimal_conflict(q, analyze(q, patience=20))


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_unique_boards_are_graded_and_the_shells_answer(name: str) -> None:
    example = get_genre(name).examples.SOLVED[0]
    p = load(example.url, name).puzzle
    out = analyze(p)
    assert out["status"] == "unique" and out["grade"] == grade(p).grade
    assert out["differ"] == [] and out["suggestions"] == [] and out["conflict"] == []
    r = run("analyze", example.url, "--json")
    assert r.returncode == 0 and set(json.loads(r.stdout)) == KEYS


def test_bad_input_is_one_line_and_exit_2() -> None:
    r = run("analyze", "nonsense")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("name", [n for n in GENRE_NAMES if get_genre(n).clue_switches])
def test_switched_models_have_the_answers_of_each_relaxation(name: str) -> None:
    """The conflict search's switched clause model (`Genre.clue_switches`): under the
    assumption that some clues' switches are on, it has an answer exactly when the board
    keeping those clues (every other relaxed) has one by the independent engine, and by
    our own search too (a genre whose switched model is its clause model with switches
    added shares its rules' clauses with the first), and each answer it gives obeys that
    board's rules (the validator)."""
    from pysat.solvers import Solver

    genre = get_genre(name)
    author = genre.author
    rng = random.Random(1)
    asked = 0
    for p in examples(name, 8):
        clues = author.clue_cells(p)
        enc, switch = genre.clue_switches.switched(p, clues)
        with Solver(name="cadical153", bootstrap_with=enc.cnf.as_clauses()) as solver:
            for _ in range(8):
                kept = [c for c in clues if rng.random() < 0.85]
                board = author.relax(p, [c for c in clues if c not in kept])
                found = solver.solve(assumptions=[switch[c] for c in kept])
                assert found == has_answer(board)
                assert found == (solve(board, limit=1, budget=None).status != "none")
                if found:
                    true = {v for v in solver.get_model() if v > 0}
                    assert genre.obeys_rules(board, enc.decode(true))
                asked += 1
    assert asked


@pytest.mark.parametrize("name", [n for n in GENRE_NAMES if get_genre(n).clue_switches and (
    get_genre(n).clue_switches.COUNTS_FROM or get_genre(n).clue_switches.COMPARES_FROM)])
def test_the_solver_counts_and_compares_answers_as_the_search_does(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On large boards the analysis counts answers (`ClueSwitches.COUNTS_FROM`) and finds
    where they differ (`COMPARES_FROM`) by the switched SAT model where the genre says so; here on
    the small examples (the size limit lifted): the same count as the search (up to the
    cap), and the same differing cells as every answer shows."""
    import rectlogic.analyze as analysis

    genre = get_genre(name)
    counts, compares = (genre.clue_switches.COUNTS_FROM is not None,
                        genre.clue_switches.COMPARES_FROM is not None)
    for part in ("COUNTS_FROM", "COMPARES_FROM"):  # every size
        if getattr(genre.clue_switches, part) is not None:
            monkeypatch.setattr(genre.clue_switches, part, 0)
    checked = 0
    for q in relaxed(name):
        every = solve(q, limit=0, budget=100_000)
        if not every.complete or every.count < 2:
            continue
        counted = analysis._switched_count(q, analysis.COUNT_CAP)
        if counts:
            assert counted is not None
            assert counted.count == min(every.count, analysis.COUNT_CAP)
            assert all(genre.check(q, a)[0] == [] for a in counted.answers)
        checked += 1
        if not compares:
            continue
        cells_, complete = analysis._switched_differ(q, every.answers[0], every.answers[:1])
        first = genre.picture(q, every.answers[0])
        seen = np.zeros(first.shape, dtype=bool)
        for x in every.answers:
            seen |= genre.picture(q, x) != first
        assert complete and cells_ == [tuple(c) for c in np.argwhere(seen).tolist()]
    assert checked > 0


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_the_count_past_two_says_at_least_when_its_time_is_up(name: str) -> None:
    """`analyze.count`: the verdict whatever the time; the count of a board with several
    answers exact when given time (as the search counts them), "at least" when not."""
    from rectlogic.analyze import COUNT_CAP, count

    q = next(q for q in relaxed(name) if solve(q, limit=3).count >= 3)
    full = count(q, until=float("inf"))
    assert full.count == solve(q, limit=COUNT_CAP).count >= 3
    hurried = count(q, until=0.0)  # long past
    assert hurried.status == "multiple" and hurried.count == 2 and not hurried.complete


def test_a_part_cut_short_says_how_long_to_ask_again() -> None:
    """`ask_again_with` is FOLLOW_UP times the patience exactly where a part was cut short
    (bounded by MOST_PATIENCE), and the second asking, with it, finishes what the first
    could not (a blank 8×8: many answers, some cells differing in few)."""
    q = blank_with_many_answers()
    first = analyze(q, patience=0.0001)
    assert first["differ_complete"] is False
    assert first["ask_again_with"] == round(FOLLOW_UP * 0.0001, 4)
    again = analyze(q, patience=MOST_PATIENCE)
    assert again["differ_complete"] is True and again["ask_again_with"] is None
    assert set(map(tuple, first["differ"])) <= set(map(tuple, again["differ"]))


def test_the_analysis_bench_asks_again_as_the_workbench_does(monkeypatch) -> None:
    """`bench --analyze` analyses an edit cut short again with the patience each analysis
    asks for, as the workbench does, and reports those askings apart (a patience made tiny
    here, so that every part is cut short at first)."""
    import rectlogic.analyze as analysis
    from rectlogic.bench.analysis import run_analysis_bench

    monkeypatch.setattr(analysis, "default_patience", lambda puzzle: 0.0005)
    [r] = run_analysis_bench(sizes=(10,), per_size=1, cells=1, genre=GENRE_NAMES[0])
    assert r["edits"] == r["deletions"] + r["additions"] > 0
    cut = r["statuses"].get("cut short", 0)
    assert sum(n for k, n in r["statuses"].items() if k != "cut short") == r["edits"]
    assert cut > 0 and r["asked_again"] == cut == len(r["cut_short_edits"])
    assert r["askings"] >= cut
    assert 0 <= r["short_again"] <= cut and r["again_median_ms"] > 0


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_differing_cells_ask_again_where_a_question_ran_out_of_nodes(name: str,
                                                                     monkeypatch) -> None:
    """With one search node per first question (every one runs out), the questions asked
    again with more nodes still find every differing cell: the same cells as with the full
    budget, and complete (the answers the count found are given to neither)."""
    import rectlogic.analyze as analysis

    checked = 0
    for q in relaxed(name):
        found = solve(q, limit=2)
        if found.status != "multiple":
            continue
        settled = analysis.default_fixpoint(q)[1]
        first = found.answers[0]
        full = analysis.differ(q, first, [], settled)
        monkeypatch.setattr(analysis, "QUESTION_NODES", 1)
        starved = analysis.differ(q, first, [], settled)
        monkeypatch.undo()
        assert full[1] and full[0] and starved == full
        checked += 1
    assert checked > 0


def test_the_command_line_says_how_to_finish_what_was_cut_short() -> None:
    """`rectlogic analyze --patience`: cut short, it names the patience that may finish it;
    given that, it says where the answers differ without "at least"; out of range, one
    line and exit 2."""
    blank = url_of(blank_with_many_answers())
    r = run("analyze", blank, "--patience", "0.001")
    assert r.returncode == 0 and "cut short: --patience 0.01 may finish it" in r.stdout
    r = run("analyze", blank, "--patience", "5")
    assert r.returncode == 0 and "answers differ at" in r.stdout
    assert "at least: the time ran out" not in r.stdout and "cut short" not in r.stdout
    r = run("analyze", blank, "--patience", "6")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def blank_with_many_answers():
    """The first genre's blank 8×8 whose analysis, given next to no time, is cut short
    where answers differ (a board with many answers)."""
    for name in GENRE_NAMES:
        q = get_genre(name).author.compose(8, 8, [[""] * 8 for _ in range(8)], None)
        if analyze(q, patience=0.0001)["differ_complete"] is False:
            return q
    raise AssertionError("no genre's blank 8×8 has answers that differ")

