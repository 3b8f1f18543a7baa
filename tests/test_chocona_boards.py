"""Chocona's generator: boards at the grades it reaches at 6×6 (probe, ways; quota never,
corner in 2 % of attempts since the numbers keep to 2–4, the bank's build took 988 attempts
for 16), the raw stream of boards, regions balanced to a setter's spread of numbers; a board
with many answers has no grade."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.formats.auto import load
from rectlogic.genres.chocona.generate import Taste, balanced, grown_regions, raw_board
from rectlogic.genres.generating import accept_all
from rectlogic.genres.registry import get_genre
from rectlogic.grade import grade

from .test_generate import assert_generated_boards_are_unique_and_graded


@pytest.mark.parametrize("target", ["probe", "ways"])
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


def _pieces(labels: np.ndarray, k: int) -> int:
    """How many edge-connected pieces region k is in (a flood fill of its own)."""
    left = {tuple(cell) for cell in np.argwhere(labels == k).tolist()}
    pieces = 0
    while left:
        pieces += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in left:
                    left.remove(near)
                    todo.append(near)
    return pieces


def test_balancing_narrows_the_numbers_and_keeps_regions_whole() -> None:
    narrowed = 0
    for seed in range(12):
        rng = np.random.default_rng(seed)
        shaded = raw_board(10, 10, rng, max_rect=3)[1].shaded
        shaded = np.array(shaded, dtype=bool)
        labels = np.array(grown_regions(10, 10, rng, 9))
        before = np.bincount(labels.reshape(-1), weights=shaded.reshape(-1)).astype(int)
        out = balanced(labels, shaded, rng, accept_all, Taste(spread=0.5))
        after = np.bincount(out.reshape(-1), weights=shaded.reshape(-1)).astype(int)
        assert len(after) == len(before) and after.sum() == before.sum()
        assert all(_pieces(out, k) == 1 for k in range(len(after)))
        assert after.std() <= before.std()
        narrowed += after.std() < before.std() - 0.3
        refused = balanced(labels, shaded, rng, lambda board: False, Taste(spread=0.5))
        assert (refused == labels).all()  # nothing kept that the judge refuses
    assert narrowed >= 8
