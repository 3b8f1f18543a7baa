"""Chocona's Janko boards graded: all 250 have one answer, 175 finished by `probe` or below, 47
more by the ways, the last 28 nested; rounds found side by side cost less."""

from __future__ import annotations

from rectlogic.bench import load_corpus

from .test_grade import DATA, assert_parallel_rounds_cost_less, graded_corpus


def test_250_janko_chocona_boards_by_rung() -> None:
    boards = graded_corpus("chocona")
    assert len(boards) == 250
    levels = [g.grade for _, g in boards.values()]
    assert (levels.count("ways"), levels.count("nested")) == (47, 28)


def test_parallel_rounds_cost_less_per_cell() -> None:
    p = next(it.puzzle for it in load_corpus(DATA / "janko" / "Chocona_dataset.json")[1])
    assert_parallel_rounds_cost_less(p, "quota", "probe")
