"""Chocona boards at the edges of grading through the shells the fuzz runs (`grade`,
`analyze`, `bank add`, the API's analysis): a 1×1 board whose only answer is empty."""

from __future__ import annotations

from .test_fuzz import analysed_over_the_api, in_the_shells


def test_a_board_whose_only_answer_is_empty_in_the_shells(tmp_path) -> None:
    in_the_shells("https://puzz.link/p?chocona/1/1/0", tmp_path / "bank.sqlite")
    analysed_over_the_api("https://puzz.link/p?chocona/1/1/0")
