"""Shakashaka boards that look published: the measures read a board by hand, degenerate boards
are told, and the generator's 10×10 boards fall within the bounds set by Janko's (issue 27)."""

from __future__ import annotations

from rectlogic.genres.shakashaka.model import Answer, Puzzle
from rectlogic.studies.looks import measure

from .test_looks import assert_within, bank_misses, faults, generated_looks

DIAMOND = ((5, 5, 5, 5), (5, 1, 2, 5), (5, 4, 3, 5), (5, 5, 5, 5))
"""A 4×4 Shakashaka answer: one diamond (a 45° square) in the middle, black all round it."""


def test_measures_read_a_board_by_hand() -> None:
    clues = tuple(tuple(-2 if v == 5 else -1 for v in row) for row in DIAMOND)
    names, table = measure("shakashaka", [(Puzzle(4, 4, clues), Answer(DIAMOND))])
    row = dict(zip(names, table[0], strict=True))
    assert row["black share %"] == 75 and row["black cells with a black neighbour %"] == 100
    assert row["white area in 45° pieces %"] == 100 and row["diamonds, % of white regions"] == 100
    assert row["largest white region"] == 2 and row["longest black run"] == 4
    assert row["black cells meeting one at a corner %"] == 100 * 8 / 12  # all but the corners


def test_degenerate_boards_are_told() -> None:
    """Bank board 5 of issue 27 in small: one diamond, black all round, numbers mostly 0."""
    zeros = Puzzle(4, 4, ((0, 0, 0, 0), (0, -1, -1, 1), (0, -1, -1, 1), (0, 0, 1, 1)))
    assert faults("shakashaka", zeros, Answer(DIAMOND)) == [
        "the answer is a single piece", "8 of its 12 numbers are 0",
        "12 of its 12 black cells touch another"]


def test_generated_boards_look_published(monkeypatch) -> None:
    """Issue 27's bounds the generator meets at 10×10 (a mean over a handful of boards, so
    with a margin); the ones it does not meet yet are in the report, not here."""
    seen = generated_looks("shakashaka", monkeypatch)
    assert len(seen) >= 21  # ≥ 20 measures and the classifier
    assert_within(seen, {"black share %": (10, 20),
                         "single white cells, % of white regions": (22, 50),
                         "touch points per 100 cells": (30, 50),
                         # Janko's 27 %; 43 % when a layout favoured corners
                         "black cells meeting one at a corner %": (10, 38)})


def test_the_bank_misses_only_what_is_named_here() -> None:
    """The shipped bank beside Janko's: within every bound (issue 27). The last two misses,
    10.5 % of the numbers 0 (bound 10) and one board in 64 showing at most two digits (bound
    5–20 %), went with themed boards (`generate.THEMES`: about one 10×10 in eight shows only
    1s and 2s or no number, made unique as shown): 6.8 % 0s, 10 boards in 64 with at most
    two digits. The black share (13.99 %, bound 11–14) is the closest to its bound."""
    looks, hardness = bank_misses()
    assert looks.get("shakashaka", set()) == set()
    assert hardness.get("shakashaka", set()) == set()
