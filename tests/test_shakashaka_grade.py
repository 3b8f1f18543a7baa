"""Shakashaka's Janko boards graded: 368 with one answer (`108` is defective), each finished by
a named rung."""

from __future__ import annotations

from .test_grade import graded_corpus


def test_368_janko_shakashaka_boards_have_a_grade() -> None:
    assert len(graded_corpus("shakashaka")) == 368
