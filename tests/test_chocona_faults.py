"""Chocona's faults (issue 30): every rung has a board here, the bank's or a small one (its
empty board has every cell open: no `none` board), `nested` included; all of Janko's boards
admitted to a bank; a board whose only answer is empty refused by the bank, accepted by the
checker."""

from __future__ import annotations

import pytest

from rectlogic import bank
from rectlogic.genres.registry import get_genre

from .test_cli import run
from .test_faults import (
    assert_grade_and_analyze_handle,
    assert_validate_agrees_with_solve_and_check_on_empty_answers,
    bank_grades,
    janko_admission,
)

EMPTY = "https://puzz.link/p?chocona/1/1/0"
"""A board whose only answer is empty."""


SMALL_BOARDS = {"quota": "https://puzz.link/p?chocona/2/2/004",
                "box": "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"}
"""Rungs the bank has no board of since its generator packs as densely as Janko's: a 2×2 of
one region numbered 4, and Janko's 01_6x6 (`box`)."""


def test_every_grade_but_none_has_a_board_here() -> None:
    have = bank_grades("chocona") | set(SMALL_BOARDS)
    assert have >= set(get_genre("chocona").LADDER) - {"none"} and "nested" in have


@pytest.mark.parametrize("rung", sorted(SMALL_BOARDS))
def test_grade_and_analyze_handle_the_rungs_the_bank_lacks(rung: str) -> None:
    assert_grade_and_analyze_handle("chocona", rung, SMALL_BOARDS[rung])


def test_bank_add_takes_every_janko_board(tmp_path) -> None:
    assert janko_admission("chocona", tmp_path) == {}


def test_bank_add_refuses_a_board_whose_answer_is_empty(tmp_path) -> None:
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    r = run("bank", "add", "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32", EMPTY,
            "--bank", str(mine))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "PUZZLE 2" in r.stderr and "empty" in r.stderr
    assert "PUZZLE 1" not in r.stderr and bank.rows(mine) == []  # all or nothing


def test_an_empty_answer_is_the_answer() -> None:
    assert_validate_agrees_with_solve_and_check_on_empty_answers(EMPTY)
