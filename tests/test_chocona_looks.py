"""Chocona boards that look published: degenerate boards are told, and the generator's 10×10
boards fall within the bounds set by Janko's (issue 27)."""

from __future__ import annotations

from rectlogic.genres.chocona.model import Answer, make_puzzle

from .test_looks import assert_within, bank_misses, faults, generated_looks


def test_degenerate_boards_are_told() -> None:
    regions = make_puzzle([[0, 0, 1], [2, 2, 1], [3, 3, 3]], [[0, -1, 0], [0, -1, -1], [3, -1, -1]])
    block = Answer(((0, 0, 0), (0, 0, 0), (1, 1, 1)))
    assert faults("chocona", regions, block) == [
        "the answer is a single piece", "3 of its 4 numbers are 0"]


def test_generated_boards_look_published(monkeypatch) -> None:
    seen = generated_looks("chocona", monkeypatch)
    assert_within(seen, {"clues 0 or full %": (0, 40),
                         "regions partly shaded %": (55, 100),
                         "shaded rectangles equal to one region %": (0, 15),
                         "shaded share %": (50, 65),
                         "rectangular regions %": (0, 45),
                         # the numbers keep to 2–4 as Janko's (74 %; 58 % before balancing)
                         "clues 2 to 4 %": (62, 100), "clues 6 or more %": (0, 8),
                         "clue spread (sd)": (0, 1.6)})


def test_the_bank_misses_only_what_is_named_here() -> None:
    """The shipped bank beside Janko's: within every bound but the misses named here (issue 27)."""
    looks, hardness = bank_misses()
    assert looks.get("chocona", set()) == set() and hardness.get("chocona", set()) == set()
