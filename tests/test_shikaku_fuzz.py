"""Shikaku boards at the edges of grading through the shells the fuzz runs (`grade`,
`analyze`, `bank add`, the API's analysis): Janko's 431, graded `none`."""

from __future__ import annotations

from .test_fuzz import analysed_over_the_api, in_the_shells

JANKO_431 = "https://puzz.link/p?shikaku/10/10/j5fzx-14anf5zxa-14j"


def test_a_board_graded_none_in_the_shells(tmp_path) -> None:
    in_the_shells(JANKO_431, tmp_path / "bank.sqlite")
    analysed_over_the_api(JANKO_431)
