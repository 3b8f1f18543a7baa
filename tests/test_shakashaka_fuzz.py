"""Shakashaka boards at the edges of grading through the shells the fuzz runs (`grade`,
`analyze`, `bank add`, the API's analysis): an all-black board, graded `none`, whose only
answer is empty."""

from __future__ import annotations

from .test_fuzz import analysed_over_the_api, in_the_shells

ALL_BLACK = "3 3\nx x x\nx x x\nx x x\n"
"""Janko's form: every cell an unnumbered black cell."""


def test_an_all_black_board_in_the_shells(tmp_path) -> None:
    in_the_shells(ALL_BLACK, tmp_path / "bank.sqlite")
    analysed_over_the_api(ALL_BLACK)
