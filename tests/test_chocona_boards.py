"""Chocona's generator: boards at the grades it reaches at 6×6 (corner, probe; quota never,
box in 5 % of attempts), the raw stream of boards; a board with many answers has no grade."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.formats.auto import load
from rectlogic.genres.chocona.generate import raw_board
from rectlogic.genres.registry import get_genre
from rectlogic.grade import grade

from .test_generate import assert_generated_boards_are_unique_and_graded


@pytest.mark.parametrize("target", ["corner", "probe"])
def test_generated_boards_are_unique_and_graded(target: str) -> None:
    assert_generated_boards_are_unique_and_graded("chocona", target)


def test_raw_chocona_stream() -> None:
    for seed in range(10):
        p, a = raw_board(6, 6, np.random.default_rng(seed), max_size=4, max_rect=2)
        assert all(v >= 0 for v in p.clues)
        assert max(len(cells) for cells in p.region_cells) <= 4
        assert get_genre("chocona").obeys_rules(p, a)


def test_a_board_with_many_answers_has_no_grade() -> None:
    many = grade(load("https://puzz.link/p?chocona/2/2").puzzle)
    assert many.grade is None and not many.unique and many.status == "multiple"
