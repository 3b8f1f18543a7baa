"""Hints that never dead-end: boards walked from the empty position to their answer by hints
alone (`bench.hints.walk`) — every bank board of 6×6 and 8×8, a sample of the larger ones, and
30 Janko boards per genre (in Chocona the 28 that the regions' ways alone do not finish).
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
from rectlogic.bench.hints import walk
from rectlogic.engine import popcount
from rectlogic.formats.auto import load, read_answer
from rectlogic.genres.registry import GENRE_NAMES, get_genre

DATA = Path(__file__).parent / "data"


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
@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_small_bank_board_is_solved_by_hints_alone(name: str, size: int) -> None:
    rows = [r for r in bank.rows(genre=name) if r.rows == size]
    assert rows
    _walk_rows(rows)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_larger_bank_boards_are_solved_by_hints_alone(name: str) -> None:
    """A sample (`bench --hints` walks them all): per size, a board of the strongest grade
    there and one of the weakest."""
    rows = bank.rows(genre=name)
    ladder = get_genre(name).grades
    sample = []
    for size in (10, 15, 20):
        here = sorted((r for r in rows if r.rows == size), key=lambda r: ladder.index(r.grade))
        sample += [here[-1], here[0]]
    _walk_rows(sample)


def janko_sample(name: str) -> list:
    """30 Janko boards with one answer: in Chocona, the 28 graded `nested` and the two
    hardest `ways`; elsewhere 30 spread evenly over the order of difficulty, the hardest
    included."""
    genre, items = load_corpus(DATA / "janko" / f"{name.capitalize()}_dataset.json")
    difficulty = json.loads((DATA / "janko_difficulty.json").read_text())[genre]
    graded = sorted((it for it in items if it.key in difficulty),
                    key=lambda it: (difficulty[it.key], it.key))
    if name != "chocona":
        return [graded[round(k * (len(graded) - 1) / 29)] for k in range(30)]
    levels = {it.key: grade.grade(it.puzzle).grade for it in graded}
    ways = [it for it in graded if levels[it.key] == "ways"]
    nested = [it for it in graded if levels[it.key] == "nested"]
    assert len(nested) == 28
    return nested + ways[-2:]


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_janko_boards_are_solved_by_hints_alone(name: str) -> None:
    for item in janko_sample(name):
        assert_walks_to_the_answer(item.puzzle, item.published, item.key)


# -- off the path ------------------------------------------------------------------------------


def _bank_board(name: str, size: int = 6):
    row = next(r for r in bank.rows(genre=name) if r.rows == size and r.grade == "probe")
    p = load(row.url).puzzle
    return p, get_genre(name), read_answer(p, row.answer)


@pytest.mark.parametrize("name", ["chocona", "shakashaka"])
def test_a_wrong_mark_is_named_first_in_reading_order(name: str) -> None:
    p, genre, answer = _bank_board(name)
    truth = genre.answer_json(p, answer)
    board = genre.board_json(p)
    free = [(r, c) for r in range(p.rows) for c in range(p.cols) if board["fixed"][r][c] is None]
    position = [["_"] * p.cols for _ in range(p.rows)]
    planted = []
    for r, c in (free[len(free) // 2], free[-1], free[3]):  # planted out of reading order
        right = board["answer_of"].get(truth[r][c], truth[r][c])
        position[r][c] = next(s for s in board["states"]
                              if s != "_" and board["answer_of"].get(s, s) != right)
        planted.append([r, c])
    position[free[0][0]][free[0][1]] = truth[free[0][0]][free[0][1]]  # one right mark
    h = hints.hint(p, ["".join(row) for row in position])
    assert h["kind"] == "mistake" and h["move"] is None
    assert h["wrong"] == sorted(planted) and h["first"] == sorted(planted)[0]
    assert h["cells"] == [h["first"]] and h["rects"] == []
    r, c = h["first"]
    assert f"row {r + 1}, column {c + 1}" in h["text"] and "3 marks" in h["text"]


def test_a_wrong_rectangle_is_named() -> None:
    p, genre, answer = _bank_board("shikaku")
    truth = genre.answer_json(p, answer)
    t, lft, h, w = truth[0]
    wrong = [t, lft, h, w + 1] if lft + w < p.cols else [t, lft, h, w - 1]
    found = hints.hint(p, [truth[1], wrong])
    assert found["kind"] == "mistake" and found["rects"] == [wrong] and found["first"] == wrong
    assert found["wrong"] == [] and [t, lft] in found["cells"]


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_where_no_rung_decides_a_cell_is_revealed(name: str, monkeypatch) -> None:
    """No board of the bank or Janko leaves every rung stuck any more, so the rungs are
    silenced here: the hint reveals the most constrained cell, from the answer, and a walk
    of reveals alone still ends on the answer, never repeating itself."""
    p, genre, answer = _bank_board(name)
    monkeypatch.setattr(hints, "weakest_step", lambda *args: None)
    empty = [] if name == "shikaku" else ["_" * p.cols] * p.rows
    first = hints.hint(p, empty)
    assert first["kind"] == "reveal" and first["move"]["reveal"] is True
    assert "No rule decides" in first["text"]
    d = genre.initial_domains(p)
    strongest = genre.propagator(p, genre.rules_for(grade.rungs_of(genre)[-1]))(d[None])[0]
    sizes = popcount(strongest)
    assert sizes[first["variable"]] == sizes[genre.open_variables(p, empty, d)].min()
    w = walk(p, answer)
    assert w.solved and w.reveals == w.hints and (w.wrong, w.repeats) == (0, 0)


def test_a_board_without_one_answer_gets_no_reveal() -> None:
    p = load("chocona 2x2\naa\naa\n..\n..\n").puzzle  # no number: many answers
    h = hints.hint(p, ["__", "__"])
    assert h["kind"] == "none" and h["move"] is None


def test_grade_rounds_reveal_where_no_rung_decides(monkeypatch) -> None:
    p, genre, answer = _bank_board("chocona")
    monkeypatch.setattr(grade, "weakest_step", lambda *args: None)
    found = grade.rounds(p, answer)
    assert {r.rung for r in found} == {"search"}
    assert sum(r.cells for r in found) == int(np.count_nonzero(
        popcount(genre.initial_domains(p)) > 1))
