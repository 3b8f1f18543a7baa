"""Shikaku boards that look published: degenerate boards are told, and the generator's 10×10
boards fall within the bounds set by Janko's (issue 27)."""

from __future__ import annotations

from rectlogic.genres.shikaku.model import Answer, Puzzle

from .test_looks import assert_within, faults, generated_looks


def test_degenerate_boards_are_told() -> None:
    one = Puzzle(3, 3, ((-1, -1, -1), (-1, 9, -1), (-1, -1, -1)))
    assert faults("shikaku", one, Answer.from_rects(3, 3, [(0, 0, 3, 3)])) == [
        "the answer is a single piece"]
    two = Puzzle(1, 2, ((1, 1),))
    assert faults("shikaku", two, Answer.from_rects(1, 2, [(0, 0, 1, 1), (0, 1, 1, 1)])) == []


def test_generated_boards_look_published(monkeypatch) -> None:
    seen = generated_looks("shikaku", monkeypatch)
    assert_within(seen, {"180° symmetric clue positions %": (50, 100),
                         "rectangles with aspect ≥ 4 %": (0, 38),
                         "rectangles of area 2–3 %": (18, 40)})
