"""Tatamibari boards that look published: the generator's 10×10 boards and the shipped bank
fall within the bounds set by Janko's (issue 27's standard; `studies.tatamibari`)."""

from __future__ import annotations

from .test_looks import assert_within, bank_misses, generated_looks


def test_generated_boards_look_published(monkeypatch) -> None:
    """12 boards, not 6: a resample where no board has a rectangle of 3×3 or more leaves the
    share of clues inside one undefined."""
    seen = generated_looks("tatamibari", monkeypatch, boards=12)
    assert_within(seen, {"marks per 100 cells": (28, 35), "mean area": (2.8, 3.5),
                         "rectangles with aspect ≥ 4 %": (10, 20)})


def test_the_bank_misses_only_what_is_named_here() -> None:
    """The shipped bank beside Janko's: within every bound, difficulty inside a grade
    included (10×10 `probe` boards scored 12.5 at the median against Janko's 9 until the
    bank followed Janko's spread where its first catch strayed: 9.5 now)."""
    looks, hardness = bank_misses()
    assert looks.get("tatamibari", set()) == set()
    assert hardness.get("tatamibari", set()) == set()
