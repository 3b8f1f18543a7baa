"""Shikaku's generator: boards at the grades it reaches (coverer, dual at 6×6; probe at 8×8,
where 3 % of 6×6 tilings need it), the steps of a graded board (each rectangle not given
outright decided once), and clues placed as a setter would: no two pieces left to be cut
the other way at a glance (a tie), and unmirroring cuts that keep four pieces from meeting."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from rectlogic.genres.shikaku import generate as maker
from rectlogic.solve import solve

from .test_cli import run
from .test_generate import assert_generated_boards_are_unique_and_graded


@pytest.mark.parametrize(("target", "side"), [("coverer", 6), ("dual", 6), ("probe", 8)])
def test_generated_boards_are_unique_and_graded(target: str, side: int) -> None:
    assert_generated_boards_are_unique_and_graded("shikaku", target, side)


def test_each_rectangle_is_decided_once() -> None:
    out = json.loads(run("generate", "--genre", "shikaku", "--size", "5x5", "--count", "1",
                         "--seed", "7", "--json").stdout)
    g = json.loads(run("grade", out[0]["url"], "--json").stdout)
    assert 0 < sum(g["steps"].values()) <= len(out[0]["solution"])
    assert g["score"] >= 1


SQUARE = [(0, 0, 1, 2), (1, 0, 1, 2)]
"""Two dominoes making a square: their clues on a diagonal leave two answers."""


def test_ties_are_told_by_hand() -> None:
    owner = maker._maps(2, 2, SQUARE)[1]
    assert maker.tied(SQUARE, [(0, 0), (1, 1)], owner) == [(0, 1)]
    assert maker.tied(SQUARE, [(0, 1), (1, 0)], owner) == [(0, 1)]
    assert maker.tied(SQUARE, [(0, 0), (1, 0)], owner) == []
    strips = [(0, 0, 1, 6), (1, 0, 1, 6)]  # two 6s cut down the middle as well
    owner = maker._maps(2, 6, strips)[1]
    assert maker.tied(strips, [(0, 4), (1, 2)], owner) == [(0, 1)]
    assert maker.tied(strips, [(0, 0), (1, 2)], owner) == []
    row = [(0, 0, 1, 2), (0, 2, 1, 3)]  # a 2 and a 3 in a row: the other way round fits neither
    assert maker.tied(row, [(0, 1), (0, 2)], maker._maps(1, 5, row)[1]) == []


def test_a_tie_is_a_second_answer() -> None:
    """A tie the placement is kept from is one the solver sees: the board with its clues tied
    has two answers, with one clue moved out of the tie, one."""
    area = maker._maps(2, 2, SQUARE)[0]
    assert solve(maker._clued(2, 2, area, [(0, 0), (1, 1)])).status == "multiple"
    assert solve(maker._clued(2, 2, area, [(0, 0), (1, 0)])).status == "unique"
    strips = [(0, 0, 1, 6), (1, 0, 1, 6)]
    area = maker._maps(2, 6, strips)[0]
    assert solve(maker._clued(2, 6, area, [(0, 4), (1, 2)])).status == "multiple"
    assert solve(maker._clued(2, 6, area, [(0, 0), (1, 2)])).status == "unique"


def test_clues_are_placed_and_moved_untied_even_by_setters_who_keep_them_apart() -> None:
    """A setter who never puts two clues side by side still puts the square's two clues in
    one column (side by side) rather than on a diagonal: a tie is a second answer."""
    apart = maker.Taste(beside=0.0)
    owner = maker._maps(2, 2, SQUARE)[1]
    for seed in range(40):
        rng = np.random.default_rng(seed)
        cells = maker.clue_cells(2, 2, SQUARE, rng, apart)
        assert maker.tied(SQUARE, cells, owner) == [], cells
        cells = maker.moved(cells, SQUARE, owner, rng, None, apart)
        assert maker.tied(SQUARE, cells, owner) == [], cells


def test_placements_on_random_tilings_are_untied() -> None:
    """Free clues on 12×12 tilings of every setter's taste: none tied once placed (left to
    chance, most placements on many small pieces had a tie)."""
    rng = np.random.default_rng(3)
    for _ in range(20):
        taste = maker.drawn(rng, 144)
        rects = maker.tiling(12, 12, rng, None, taste)
        cells, rects = maker.untied(maker.clue_cells(12, 12, rects, rng, taste), rects, rng,
                                    None, taste)
        assert maker.tied(rects, cells, maker._maps(12, 12, rects)[1]) == []


def test_unmirroring_cuts_keep_four_pieces_from_meeting() -> None:
    """Two 3s in a row over a 2 and a 4: cut again between their clues, the cut after two
    cells would make four pieces meet; `meet` 0 never draws it, 1 does."""
    rects = [(0, 0, 1, 3), (0, 3, 1, 3), (1, 0, 1, 2), (1, 2, 1, 4)]
    cells = [(0, 0), (0, 5), (1, 0), (1, 3)]
    for meet, crossing in ((0.0, False), (1.0, True)):
        cuts = Counter(tuple(r for r in maker.recut(rects, cells, np.random.default_rng(s),
                                                    pair=(0, 1), meet=meet) if r[0] == 0)
                       for s in range(100))
        assert (((0, 0, 1, 2), (0, 2, 1, 4)) in cuts) == crossing, cuts
        assert len(cuts) == 2 + crossing
