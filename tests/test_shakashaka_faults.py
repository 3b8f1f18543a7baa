"""Shakashaka's faults (issue 30): its rungs the bank has no board of (`none`, `clues`,
`parity`: found by grading random small boards) in grade and analyze; its all-black board in
every shell; its one defective Janko board; its bodies that do not decode, text after them;
its board whose only answer is empty."""

from __future__ import annotations

import pytest

from rectlogic.genres.registry import get_genre

from .test_faults import (
    assert_grade_and_analyze_handle,
    assert_none_board_in_every_shell,
    assert_still_refused,
    assert_validate_agrees_with_solve_and_check_on_empty_answers,
    bank_grades,
    janko_admission,
)

ALL_BLACK = "3 3\nx x x\nx x x\nx x x\n"
"""Janko's form (a `ROWS COLS` line, then the rows): every cell an unnumbered black cell."""
SMALL_BOARDS = {"none": ALL_BLACK, "clues": "https://puzz.link/p?shakashaka/2/2/.g0a",
                "parity": "https://puzz.link/p?shakashaka/2/2/h../"}
"""Rungs the bank has no board of, found by grading random 2×2–5×5 boards. (No Shakashaka
board that needs a guess turned up in 8,000 of them, nor from the generator.)"""


def test_every_grade_but_nested_has_a_board_here() -> None:
    """`nested`: no known board needs it (none of Janko's, none of the bank's)."""
    have = bank_grades("shakashaka") | set(SMALL_BOARDS)
    assert have >= set(get_genre("shakashaka").LADDER) - {"nested"}


@pytest.mark.parametrize("rung", sorted(SMALL_BOARDS))
def test_grade_and_analyze_handle_the_rungs_the_bank_lacks(rung: str) -> None:
    assert_grade_and_analyze_handle("shakashaka", rung, SMALL_BOARDS[rung])


def test_the_all_black_board_in_every_shell(tmp_path) -> None:
    """No triangle to place: `bank add` refuses it, and says why."""
    assert_none_board_in_every_shell(ALL_BLACK, tmp_path, "its only answer is empty")


def test_bank_add_refuses_the_defective_janko_board(tmp_path) -> None:
    assert janko_admission("shakashaka", tmp_path) == {
        "108_11x10": "Janko text: the problem has 10 rows, expected 11"}


@pytest.mark.parametrize("url", ["https://puzz.link/p?shakashaka/6/6/zzzz&id=3",
                                 "https://puzz.link/p?shakashaka/6/6/cgb!hdhegdrb"])
def test_a_body_that_does_not_decode_is_still_refused(url: str) -> None:
    """A run past the board; a character outside the encoding."""
    assert_still_refused(url)


def test_an_empty_answer_is_the_answer() -> None:
    assert_validate_agrees_with_solve_and_check_on_empty_answers(
        "https://puzz.link/p?shakashaka/2/1/0g")
