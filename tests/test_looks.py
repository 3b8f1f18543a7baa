"""Boards that look published: the measures read what a player sees, the generators' boards
fall within the bounds set by Janko's (issue 27), and no generated board is degenerate."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.generate import make_boards
from rectlogic.genres.registry import get_genre
from rectlogic.studies import Params, run_study
from rectlogic.studies.looks import clumps, longest_run, measure, with_neighbour

GENRES = ("shakashaka", "shikaku", "chocona")


def faults(genre: str, puzzle, answer) -> list[str]:
    return get_genre(genre).faults(puzzle, answer)


DIAMOND = ((5, 5, 5, 5), (5, 1, 2, 5), (5, 4, 3, 5), (5, 5, 5, 5))
"""A 4×4 Shakashaka answer: one diamond (a 45° square) in the middle, black all round it."""


def test_measures_read_a_board_by_hand() -> None:
    from rectlogic.genres.shakashaka.model import Answer, Puzzle

    mask = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], dtype=bool)
    assert sorted(clumps(mask).tolist()) == [1, 3]
    assert longest_run(mask) == 2 and with_neighbour(mask) == 3
    diamond = Answer(DIAMOND)
    clues = tuple(tuple(-2 if v == 5 else -1 for v in row) for row in DIAMOND)
    names, table = measure("shakashaka", [(Puzzle(4, 4, clues), diamond)])
    row = dict(zip(names, table[0], strict=True))
    assert row["black share %"] == 75 and row["black cells with a black neighbour %"] == 100
    assert row["white area in 45° pieces %"] == 100 and row["diamonds, % of white regions"] == 100
    assert row["largest white region"] == 2 and row["longest black run"] == 4


@pytest.mark.parametrize("genre", GENRES)
def test_generated_boards_are_not_degenerate(genre: str) -> None:
    for b in make_boards(genre, 8, 8, None, seed=21, count=3):
        assert faults(genre, b.puzzle, b.answer) == []


def test_degenerate_boards_are_told() -> None:
    """Bank board 5 of issue 27 in small: one diamond, black all round, numbers mostly 0."""
    from rectlogic.genres.chocona.model import Answer as ChoconaAnswer
    from rectlogic.genres.chocona.model import make_puzzle
    from rectlogic.genres.shakashaka.model import Answer, Puzzle
    from rectlogic.genres.shikaku.model import Answer as Tiling
    from rectlogic.genres.shikaku.model import Puzzle as ShikakuPuzzle

    zeros = Puzzle(4, 4, ((0, 0, 0, 0), (0, -1, -1, 1), (0, -1, -1, 1), (0, 0, 1, 1)))
    assert faults("shakashaka", zeros, Answer(DIAMOND)) == [
        "the answer is a single piece", "8 of its 12 numbers are 0",
        "12 of its 12 black cells touch another"]
    one = ShikakuPuzzle(3, 3, ((-1, -1, -1), (-1, 9, -1), (-1, -1, -1)))
    assert faults("shikaku", one, Tiling.from_rects(3, 3, [(0, 0, 3, 3)])) == [
        "the answer is a single piece"]
    two = ShikakuPuzzle(1, 2, ((1, 1),))
    assert faults("shikaku", two, Tiling.from_rects(1, 2, [(0, 0, 1, 1), (0, 1, 1, 1)])) == []
    regions = make_puzzle([[0, 0, 1], [2, 2, 1], [3, 3, 3]], [[0, -1, 0], [0, -1, -1], [3, -1, -1]])
    block = ChoconaAnswer(((0, 0, 0), (0, 0, 0), (1, 1, 1)))
    assert faults("chocona", regions, block) == [
        "the answer is a single piece", "3 of its 4 numbers are 0"]


def rows_of(name: str, boards: int) -> dict[tuple[str, str], dict]:
    rows = run_study(name, Params(boards=boards, seed=5))["rows"]
    return {(r["genre"], r["measure"]): r for r in rows}


BOUNDS = {
    # issue 27's bounds the generators meet at 10×10 (a mean over a handful of boards, so
    # with a margin); the ones they do not meet yet are in the report, not here
    ("shikaku", "180° symmetric clue positions %"): (50, 100),
    ("shikaku", "rectangles with aspect ≥ 4 %"): (0, 38),
    ("shikaku", "rectangles of area 2–3 %"): (18, 40),
    ("chocona", "clues 0 or full %"): (0, 40),
    ("chocona", "regions partly shaded %"): (55, 100),
    ("chocona", "shaded rectangles equal to one region %"): (0, 15),
    ("chocona", "shaded share %"): (50, 65),
    ("chocona", "rectangular regions %"): (0, 45),
    ("shakashaka", "black share %"): (10, 20),
    ("shakashaka", "single white cells, % of white regions"): (22, 50),
    ("shakashaka", "touch points per 100 cells"): (30, 50),
}


def test_generated_boards_look_published() -> None:
    """The generators' 10×10 boards beside Janko's, at reduced size (6 a genre); the
    classifier's accuracy is reported by the study, not asserted here."""
    seen = rows_of("generator-looks", 6)
    assert {g for g, _ in seen} == set(GENRES)
    assert sum(g == "shakashaka" for g, _ in seen) >= 21  # ≥ 20 measures and the classifier
    for (genre, name), (low, high) in BOUNDS.items():
        value = seen[genre, name]["generated"]
        assert low <= value <= high, (genre, name, value)
    for genre in GENRES:
        accuracy = seen[genre, "classifier accuracy"]["generated"]
        assert 0 <= accuracy <= 1
        for (g, _), r in seen.items():  # the interval holds the observed gap
            if g == genre and r["gap_low"] is not None:
                gap = r["generated"] - r["janko"]
                assert r["gap_low"] - 0.05 <= gap <= r["gap_high"] + 0.05, r


def test_the_bank_meets_the_bounds_set_after_janko() -> None:
    """The shipped bank's boards of 10×10 and above beside Janko's (`bank-looks`): every mean
    each genre bounds (its studies' LOOKS_BOUNDS, issue 27's) is within its bound. The
    classifier's accuracy is reported by the study, not asserted."""
    rows = run_study("bank-looks", Params(seed=5))["rows"]
    assert {r["genre"] for r in rows} == set(GENRES)
    assert all(r["bound"] for r in rows if r["measure"] == "classifier accuracy")
    missed = [(r["genre"], r["measure"], r["bank"], r["bound"]) for r in rows
              if r["met"] is False and r["measure"] != "classifier accuracy"]
    assert missed == []


def test_bank_boards_are_as_hard_as_jankos_inside_their_grade() -> None:
    """At 10×10, every grade that probes (`probe` and the rungs above it) where both the bank
    and Janko have boards: the bank's median score within a quarter of Janko's."""
    from rectlogic.genres.base import PROBING_RULES

    rows = run_study("bank-difficulty")["rows"]
    probing = [r for r in rows if r["bank_boards"] and r["janko_boards"]
               and PROBING_RULES & set(get_genre(r["genre"]).LADDER[r["grade"]])]
    assert {r["genre"] for r in probing} == set(GENRES)
    assert [r for r in probing if not r["within"]] == []
