"""Chocona's hardest Janko boards walked by hints alone: the 28 graded `nested` (those the
regions' ways alone do not finish) and the two hardest `ways`; a board without one answer
gets no reveal."""

from __future__ import annotations

from rectlogic import grade
from rectlogic import hint as hints
from rectlogic.formats.auto import load

from .test_hints import assert_walks_to_the_answer, graded_janko


def test_the_nested_janko_boards_are_solved_by_hints_alone() -> None:
    graded = graded_janko("chocona")
    levels = {it.key: grade.grade(it.puzzle).grade for it in graded}
    ways = [it for it in graded if levels[it.key] == "ways"]
    nested = [it for it in graded if levels[it.key] == "nested"]
    assert len(nested) == 28
    for item in nested + ways[-2:]:
        assert_walks_to_the_answer(item.puzzle, item.published, item.key)


def test_a_board_without_one_answer_gets_no_reveal() -> None:
    p = load("chocona 2x2\naa\naa\n..\n..\n").puzzle  # no number: many answers
    h = hints.hint(p, ["__", "__"])
    assert h["kind"] == "none" and h["move"] is None
