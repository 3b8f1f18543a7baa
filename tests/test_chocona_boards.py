"""Chocona's generator: boards at the grades it reaches at 6×6 (probe, ways; quota never,
corner in 2 % of attempts since the numbers keep to 2–4, the bank's build took 988 attempts
for 16), the raw stream of boards, regions balanced to a setter's spread of numbers; a board
with many answers has no grade."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from rectlogic.formats.auto import load
from rectlogic.generate import two_answers
from rectlogic.genres.chocona.generate import (
    LARGER,
    REPAIR_BUDGET,
    TENS,
    Taste,
    balanced,
    dense_packing,
    grown_regions,
    made_unique,
    published_regions,
    raw_board,
    setter,
    squared,
)
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


def test_larger_boards_have_setters_of_finer_regions() -> None:
    """Above 10×10 the tastes come from the larger boards' setters (`LARGER`), as Janko's
    12×12 to 17×17 differ from his 10×10s: no very large room, finer regions (a third of
    them two cells, against a tenth, as drawn before merging), and setters who show 0s let
    regions miss the shading."""
    twos, per_region, missed = {}, {}, 0
    for setters in (TENS, LARGER):
        sizes, cells = [], []
        for seed in range(12):
            rng = np.random.default_rng(seed)
            taste = setter(rng, setters)
            assert taste.of is setters
            assert taste.seeks_shade == (not (taste.zeros and setters.blind))
            if setters is LARGER:
                assert taste.big_region < 12
            shaded = dense_packing(15, 15, rng, taste)
            labels = published_regions(15, 15, rng, shaded, taste)
            counts = np.bincount(labels.reshape(-1))
            sizes += counts.tolist()
            cells.append(labels.size / len(counts))
            held = np.bincount(labels.reshape(-1), weights=shaded.reshape(-1))
            if not taste.seeks_shade:
                missed += int((held == 0).sum())
        twos[setters is LARGER] = sizes.count(2) / len(sizes)
        per_region[setters is LARGER] = float(np.mean(cells))
    assert twos[True] > 0.2 > 0.15 > twos[False]  # 27 % and 12 % here
    assert per_region[True] < per_region[False]
    assert missed > 0


def test_a_repair_whose_search_runs_past_its_budget_gives_the_board_up() -> None:
    """`made_unique` asks for two answers within REPAIR_BUDGET nodes; a search that does not
    finish says nothing (no answers), and the board is given up rather than trusted."""
    rng = np.random.default_rng(3)
    taste = setter(rng, LARGER)
    shaded = dense_packing(20, 20, rng, taste)
    labels = published_regions(20, 20, rng, shaded, taste)
    asked: list[int | None] = []

    def unfinished(puzzle: object, budget: int | None = None) -> list[object]:
        asked.append(budget)
        return []

    assert made_unique(labels, shaded, rng, unfinished) is None
    assert asked == [REPAIR_BUDGET]
    # the real search, held to a budget too small for this board, says nothing either
    board = made_unique(labels, shaded, np.random.default_rng(3),
                        lambda p, budget=None: two_answers(p, budget=1))
    assert board is None


def _rectangles(labels: np.ndarray) -> int:
    """How many regions fill their bounding box (counted here, apart from the generator)."""
    out = 0
    for k in range(int(labels.max()) + 1):
        rows, cols = np.nonzero(labels == k)
        out += len(rows) == (rows.max() - rows.min() + 1) * (cols.max() - cols.min() + 1)
    return out


def test_squaring_makes_near_rectangles_rectangles_and_moves_no_shaded_cell() -> None:
    """`squared` takes in the cells a region lacks of its box, or gives away the one cell
    that sticks out, moving unshaded cells only: every region keeps its shaded cells (so
    its number), stays whole, and more regions are rectangles; a judge that refuses keeps
    the regions as they were, and the larger boards' setters (who do not square) leave
    the regions and the random draws alone."""
    keen = replace(TENS, squared=1.0)
    before_total = after_total = 0
    for seed in range(10):
        rng = np.random.default_rng(seed)
        taste = replace(setter(rng, TENS), of=keen)
        shaded = dense_packing(10, 10, rng, taste)
        labels = balanced(published_regions(10, 10, rng, shaded, taste), shaded, rng, None,
                          taste)
        out = squared(labels, shaded, rng, accept_all, taste)
        assert out.max() == labels.max()
        assert all(_pieces(out, k) == 1 for k in range(int(out.max()) + 1))
        pairs = set(zip(labels[shaded].tolist(), out[shaded].tolist(), strict=True))
        assert len(pairs) == len(set(labels[shaded].tolist())) == len(set(out[shaded].tolist()))
        before_total += _rectangles(labels)
        after_total += _rectangles(out)
        assert (squared(labels, shaded, rng, lambda board: False, taste) == labels).all()
        drawn = np.random.default_rng(seed)
        larger = replace(taste, of=LARGER)
        assert (squared(labels, shaded, drawn, accept_all, larger) == labels).all()
        assert drawn.random() == np.random.default_rng(seed).random()
    assert after_total >= before_total + 10
