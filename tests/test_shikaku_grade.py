"""Shikaku's Janko boards graded: 499 with one answer (127 and 128 have several, as
published); the rung without rules scores 0 on Janko's boards."""

from __future__ import annotations

from rectlogic import grade as G
from rectlogic.bench import load_corpus

from .test_grade import DATA, graded_corpus


def test_499_janko_shikaku_boards_have_a_grade() -> None:
    assert len(graded_corpus("shikaku")) == 499


def test_score_of_none_on_janko_boards_is_zero() -> None:
    """`score(p, "none")` once failed ('none' is not in list)."""
    for it in load_corpus(DATA / "janko" / "Shikaku_dataset.json")[1][:20]:
        assert G.score(it.puzzle, "none") == 0
