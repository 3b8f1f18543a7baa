"""Boards that look published: the measures' helpers read what a player sees, no generated
board is degenerate, and the generators' boards beside Janko's (issue 27) come out with the
study's figures in order. Each genre's bounds, set by Janko's boards, and its degenerate boards
are tested beside it (`test_<genre>_looks.py`)."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.generate import make_boards
from rectlogic.genres import registry
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.studies import Params, run_study
from rectlogic.studies.looks import clumps, longest_run, with_neighbour


def faults(genre: str, puzzle, answer) -> list[str]:
    return get_genre(genre).faults(puzzle, answer)


def test_the_helpers_read_a_mask_by_hand() -> None:
    mask = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], dtype=bool)
    assert sorted(clumps(mask).tolist()) == [1, 3]
    assert longest_run(mask) == 2 and with_neighbour(mask) == 3


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_generated_boards_are_not_degenerate(genre: str) -> None:
    for b in make_boards(genre, 8, 8, None, seed=21, count=3):
        assert faults(genre, b.puzzle, b.answer) == []


def generated_looks(genre: str, monkeypatch: pytest.MonkeyPatch,
                    boards: int = 6) -> dict[str, dict]:
    """The generator-looks study for one genre (its 10×10 boards beside Janko's, at reduced
    size), measure → row; the classifier's accuracy is reported by the study, not asserted
    here, but it is a share and each measure's interval holds its observed gap."""
    monkeypatch.setattr(registry, "GENRES", (get_genre(genre),))
    rows = run_study("generator-looks", Params(boards=boards, seed=5))["rows"]
    seen = {r["measure"]: r for r in rows}
    assert {r["genre"] for r in rows} == {genre}
    assert len(seen) >= 21  # ≥ 20 measures and the classifier
    assert 0 <= seen["classifier accuracy"]["generated"] <= 1
    for r in rows:
        if r["gap_low"] is not None:
            gap = r["generated"] - r["janko"]
            assert r["gap_low"] - 0.05 <= gap <= r["gap_high"] + 0.05, r
    return seen


def assert_within(seen: dict[str, dict], bounds: dict[str, tuple[float, float]]) -> None:
    """Each measure's mean over the generated boards within its bounds."""
    for name, (low, high) in bounds.items():
        value = seen[name]["generated"]
        assert low <= value <= high, (name, value)


BANK_SHORT_OF_LOOKS = {("shakashaka", "single white cells, % of white regions")}
"""Bounds the shipped bank misses (issue 27, open): 29.2 % against at least 30 (Janko's 34.8)."""
BANK_SHORT_OF_HARDNESS = {("shikaku", "probe")}
"""Grades whose bank boards are easier than Janko's beyond the bound (issue 27, open): Shikaku's
10×10 `probe` boards score 12.5 at the median against Janko's 19."""


def test_the_bank_meets_the_bounds_set_after_janko() -> None:
    """The shipped bank's boards of 10×10 and above beside Janko's (`bank-looks`): every mean
    each genre bounds (its studies' LOOKS_BOUNDS, issue 27's) is within its bound, but for
    the known misses (which must stay exactly those: one met is taken off the list). The
    classifier's accuracy is reported by the study, not asserted."""
    rows = run_study("bank-looks", Params(seed=5))["rows"]
    assert rows and {r["genre"] for r in rows} <= set(GENRE_NAMES)
    assert all(r["bound"] for r in rows if r["measure"] == "classifier accuracy")
    missed = {(r["genre"], r["measure"]) for r in rows
              if r["met"] is False and r["measure"] != "classifier accuracy"}
    assert missed == BANK_SHORT_OF_LOOKS


def test_bank_boards_are_as_hard_as_jankos_inside_their_grade() -> None:
    """At 10×10, every grade that probes (`probe` and the rungs above it) where both the bank
    and Janko have boards: the bank's median score within a quarter of Janko's, but for the
    known shortfalls (exactly those)."""
    from rectlogic.genres.base import PROBING_RULES

    rows = run_study("bank-difficulty")["rows"]
    probing = [r for r in rows if r["bank_boards"] and r["janko_boards"]
               and PROBING_RULES & set(get_genre(r["genre"]).LADDER[r["grade"]])]
    assert probing and {r["genre"] for r in probing} <= set(GENRE_NAMES)
    assert {(r["genre"], r["grade"]) for r in probing if not r["within"]} == BANK_SHORT_OF_HARDNESS
