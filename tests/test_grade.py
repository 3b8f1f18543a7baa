"""Grade v2 over Janko's boards: every board with one answer is finished by a named rung; the
level (the weakest rung whose fixpoint finishes the board) is the strongest rung its rounds
use; the difficulties and the star cut-offs recompute to what is committed
(tests/data/janko_difficulty.json, `Genre.STAR_CUTS`; `tools/janko-difficulty` writes them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rectlogic import grade as G
from rectlogic.bench import load_corpus
from rectlogic.genres.base import SEARCH
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre

DATA = Path(__file__).parent / "data"
TABLE = json.loads((DATA / "janko_difficulty.json").read_text())
GRADED = {"chocona": 250, "shikaku": 499, "shakashaka": 368}
"""Janko's boards with one answer (Shikaku's 127 and 128 have several, as published;
Shakashaka's 108 is defective)."""


@pytest.fixture(scope="module", params=GENRE_NAMES)
def graded(request) -> tuple[str, dict]:
    genre, items = load_corpus(DATA / "janko" / f"{request.param.capitalize()}_dataset.json")
    out = {}
    for it in items:
        if it.puzzle is None:
            continue
        g = G.grade(it.puzzle, scored=True)
        if g.grade is not None:
            out[it.key] = (it, g)
    return genre, out


def test_every_janko_board_is_finished_by_a_named_rung(graded) -> None:
    genre, boards = graded
    assert len(boards) == GRADED[genre]
    assert all(g.grade != SEARCH for _, g in boards.values())
    assert all(g.answer == it.published for it, g in boards.values())
    if genre == "chocona":  # 175 by probe or below, 47 more by the ways, the last 28 nested
        levels = [g.grade for _, g in boards.values()]
        assert (levels.count("ways"), levels.count("nested")) == (47, 28)


def test_the_level_is_the_strongest_rung_the_rounds_use(graded) -> None:
    genre, boards = graded
    ladder = get_genre(genre).grades
    for key, (_, g) in boards.items():
        used = [r for r, n in g.steps.items() if n]
        strongest = max(used, key=ladder.index) if used else "none"
        assert strongest == g.grade, key
        assert g.score == g.steps.get(g.grade, 0), key


def test_difficulties_and_star_cuts_recompute(graded) -> None:
    genre, boards = graded
    found = {key: g.difficulty for key, (_, g) in boards.items()}
    assert found == TABLE[genre]
    assert G.star_cuts(list(found.values())) == get_genre(genre).STAR_CUTS
    shares = [sum(g.stars == s for _, g in boards.values()) / len(boards) for s in range(1, 6)]
    wanted = [b - a for a, b in zip((0, *G.STAR_SHARES), (*G.STAR_SHARES, 1), strict=True)]
    for share, want in zip(shares, wanted, strict=True):  # ties at a cut move a few boards
        assert abs(share - want) < 0.05, (genre, shares)


def test_stars_follow_difficulty() -> None:
    for genre in GENRES:
        cuts = genre.STAR_CUTS
        assert list(cuts) == sorted(cuts)
        assert G.stars(genre, 0.0) == 1 and G.stars(genre, cuts[-1] + 1) == 5
        assert [G.stars(genre, c) for c in cuts] == [1, 2, 3, 4]


def test_parallel_rounds_cost_less_per_cell() -> None:
    p = next(it.puzzle for it in load_corpus(DATA / "janko" / "Chocona_dataset.json")[1])
    one = G.difficulty(p, [G.Round("quota", 1)] * 8)
    together = G.difficulty(p, [G.Round("quota", 8)])
    assert together < one and G.difficulty(p, [G.Round("probe", 1)]) == 8 * (
        G.difficulty(p, [G.Round("quota", 1)]))


def test_score_of_the_rung_without_rules_is_zero() -> None:
    """`score(p, "none")` once failed ('none' is not in list)."""
    for it in load_corpus(DATA / "janko" / "Shikaku_dataset.json")[1][:20]:
        assert G.score(it.puzzle, "none") == 0
