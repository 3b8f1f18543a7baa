"""Hints that never dead-end, in every genre: boards walked from the empty position to their
answer by hints alone (`bench.hints.walk`) — every example, every bank board of 6×6 and 8×8
and a sample of the larger ones (of every genre the bank holds), and 30 Janko boards per genre
Janko publishes (`test_<genre>_hints.py`: a genre's own hardest boards, its boards with no
single answer).
Each hint must be a move that sets an open cell (so no hint repeats without progress), every
move must agree with the one answer, and the walk must end on a board the validator accepts.
Then what happens off the path: a wrong mark is named, and where no rung decides anything
a cell of the answer is revealed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from rectlogic import bank, grade
from rectlogic import hint as hints
from rectlogic.bench import load_corpus
from rectlogic.bench.corpus import janko_corpus
from rectlogic.bench.hints import walk
from rectlogic.engine import popcount
from rectlogic.formats.auto import load, read_answer
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre

DATA = Path(__file__).parent / "data"
BANKED = sorted({r.genre for r in bank.rows()})
"""The genres the shipped bank holds boards of."""
PUBLISHED = [g.name for g in GENRES if janko_corpus(g.name).is_file()]
"""The genres Janko publishes (a corpus of theirs is in tests/data/janko)."""


def assert_walks_to_the_answer(puzzle, answer, label) -> None:
    w = walk(puzzle, answer)
    assert (w.dead_ends, w.wrong, w.repeats) == (0, 0, 0), (label, w.kinds[-3:])
    assert w.solved and set(w.kinds) <= {"deduction", "reveal"}, label


def _walk_rows(rows: list[bank.Row]) -> None:
    for row in rows:
        p = load(row.url).puzzle
        assert_walks_to_the_answer(p, read_answer(p, row.answer), row.id)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_example_is_solved_by_hints_alone(name: str) -> None:
    for k, example in enumerate(get_genre(name).examples.SOLVED):
        p = load(example.url, name).puzzle
        assert_walks_to_the_answer(p, read_answer(p, example.answer), f"{name} example {k}")


@pytest.mark.parametrize("size", [6, 8])
@pytest.mark.parametrize("name", BANKED)
def test_every_small_bank_board_is_solved_by_hints_alone(name: str, size: int) -> None:
    rows = [r for r in bank.rows(genre=name) if r.rows == size]
    assert rows
    _walk_rows(rows)


@pytest.mark.parametrize("name", BANKED)
def test_larger_bank_boards_are_solved_by_hints_alone(name: str) -> None:
    """A sample (`bench --hints` walks them all): per size, a board of the strongest grade
    there and one of the weakest."""
    rows = bank.rows(genre=name)
    ladder = get_genre(name).grades
    sample = []
    for size in (10, 15, 20):
        here = sorted((r for r in rows if r.rows == size), key=lambda r: ladder.index(r.grade))
        if not here:
            continue  # a size the genre's bank does not promise (`Genre.BANK_SIDES`)
        sample += [here[-1], here[0]]
    _walk_rows(sample)


def graded_janko(name: str) -> list:
    """Janko's boards of the genre with one answer, easiest first (by their committed
    difficulty)."""
    genre, items = load_corpus(janko_corpus(name), name)
    difficulty = json.loads((DATA / "janko_difficulty.json").read_text())[genre]
    return sorted((it for it in items if it.key in difficulty),
                  key=lambda it: (difficulty[it.key], it.key))


@pytest.mark.parametrize("name", PUBLISHED)
def test_janko_boards_are_solved_by_hints_alone(name: str) -> None:
    """30 Janko boards with one answer spread evenly over the order of difficulty, the
    hardest included."""
    graded = graded_janko(name)
    for item in [graded[round(k * (len(graded) - 1) / 29)] for k in range(30)]:
        assert_walks_to_the_answer(item.puzzle, item.published, item.key)


# -- off the path ------------------------------------------------------------------------------


def _example(name: str):
    """A genre's first example (pzprjs's): its puzzle, genre and answer."""
    genre = get_genre(name)
    p = load(genre.examples.SOLVED[0].url, name).puzzle
    return p, genre, read_answer(p, genre.examples.SOLVED[0].answer)


def plant_wrong_marks(p, genre, answer) -> tuple[list, list]:
    """(a position, the marks in it that disagree with the answer): for a board played cell
    by cell, three free cells set to a state the answer does not have (out of reading order)
    and one right; for a board of rectangles, one rectangle of the answer and one a cell too
    wide (or narrow)."""
    truth = genre.answer_json(p, answer)
    board = genre.board_json(p)
    if board["input"] == "rectangles":
        t, lft, h, w = truth[0]
        wrong = [t, lft, h, w + 1] if lft + w < p.cols else [t, lft, h, w - 1]
        return [truth[1], wrong], [wrong]
    free = [(r, c) for r in range(p.rows) for c in range(p.cols) if board["fixed"][r][c] is None]
    position = [["_"] * p.cols for _ in range(p.rows)]
    planted = []
    for r, c in (free[len(free) // 2], free[-1], free[3]):  # planted out of reading order
        right = board["answer_of"].get(truth[r][c], truth[r][c])
        position[r][c] = next(s for s in board["states"]
                              if s != "_" and board["answer_of"].get(s, s) != right)
        planted.append([r, c])
    position[free[0][0]][free[0][1]] = truth[free[0][0]][free[0][1]]  # one right mark
    return ["".join(row) for row in position], sorted(planted)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_wrong_mark_is_named_first_in_reading_order(name: str) -> None:
    p, genre, answer = _example(name)
    position, planted = plant_wrong_marks(p, genre, answer)
    h = hints.hint(p, position)
    assert h["kind"] == "mistake" and h["move"] is None and h["first"] == planted[0]
    if genre.board_json(p)["input"] == "rectangles":
        t, lft = planted[0][:2]
        assert h["rects"] == planted and h["wrong"] == [] and [t, lft] in h["cells"]
        return
    assert h["wrong"] == planted and h["cells"] == [h["first"]] and h["rects"] == []
    r, c = h["first"]
    assert f"row {r + 1}, column {c + 1}" in h["text"] and "3 marks" in h["text"]


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_where_no_rung_decides_a_cell_is_revealed(name: str, monkeypatch) -> None:
    """No board of the bank or Janko leaves every rung stuck any more, so the rungs are
    silenced here: the hint reveals the most constrained cell, from the answer, and a walk
    of reveals alone still ends on the answer, never repeating itself."""
    p, genre, answer = _example(name)
    monkeypatch.setattr(hints, "weakest_step", lambda *args: None)
    empty = genre.play(p).empty()
    first = hints.hint(p, empty)
    assert first["kind"] == "reveal" and first["move"]["reveal"] is True
    assert "No rule decides" in first["text"]
    d = genre.initial_domains(p)
    strongest = genre.propagator(p, genre.rules_for(grade.rungs_of(genre)[-1]))(d[None])[0]
    sizes = popcount(strongest)
    assert sizes[first["variable"]] == sizes[genre.open_variables(p, empty, d)].min()
    w = walk(p, answer)
    assert w.solved and w.reveals == w.hints and (w.wrong, w.repeats) == (0, 0)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_grade_rounds_reveal_where_no_rung_decides(name: str, monkeypatch) -> None:
    p, genre, answer = _example(name)
    monkeypatch.setattr(grade, "weakest_step", lambda *args: None)
    found = grade.rounds(p, answer)
    assert {r.rung for r in found} == {"search"}
    assert sum(r.cells for r in found) == int(np.count_nonzero(
        popcount(genre.initial_domains(p)) > 1))


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_hint_that_runs_out_of_patience_reveals(name: str, monkeypatch) -> None:
    """Probing inside probing can take seconds: a rung still looking when `PATIENCE` runs
    out leaves the hint to reveal a cell of the answer, saying so. With no patience at all
    the board's stars are left unsaid, and a walk (the cheap rungs still deduce, the
    probing ones stop at once) still ends on the answer."""
    from rectlogic.engine import limits

    p, genre, answer = _example(name)

    def runs_out(*args):
        limits.current().end(limits.TIME)
        return None

    with monkeypatch.context() as m:
        m.setattr(hints, "weakest_step", runs_out)
        first = hints.hint(p, genre.play(p).empty())
    assert first["kind"] == "reveal" and "within a second" in first["text"], first
    assert genre.play(p).agrees(genre.play(p).empty(), first["move"],
                                genre.answer_json(p, answer))
    monkeypatch.setattr(hints, "PATIENCE", 1e-9)
    hints.known.cache_clear()
    try:
        assert hints.hint(p, genre.play(p).empty())["stars"] is None
        w = walk(p, answer)
        assert w.solved and (w.wrong, w.repeats, w.dead_ends) == (0, 0, 0)
    finally:
        hints.known.cache_clear()
