"""External truth: pzprjs's own answer-check cases, and every published Janko answer."""

from __future__ import annotations

import pytest

from rectlogic.bench import load_corpus
from rectlogic.formats.auto import dump, load
from rectlogic.genres.registry import get_genre
from rectlogic.solve import solve

from .conftest import DATA, check_pzprjs_cases, pzprjs_group

G = get_genre("shakashaka")


@pytest.fixture(scope="module")
def pzprjs_shakashaka() -> dict:
    return pzprjs_group("shakashaka")

def test_pzprjs_cases_check_to_the_expected_code(pzprjs_shakashaka: dict) -> None:
    check_pzprjs_cases(pzprjs_shakashaka)


def test_pzprjs_puzzle_url_round_trip_and_solution(pzprjs_shakashaka: dict) -> None:
    p = load(pzprjs_shakashaka["full_url"]).puzzle
    assert dump(p, None, "url").strip() == pzprjs_shakashaka["full_url"]
    correct = next(c for c in pzprjs_shakashaka["cases"] if c["expect"] is None)
    answer = load(correct["board"]).answer
    r = solve(p)
    assert r.status == "unique" and r.answers == [answer]


def test_cunotrectx_points_at_the_broken_corners(pzprjs_shakashaka: dict) -> None:
    for case in pzprjs_shakashaka["cases"]:
        if case["expect"] == "cuNotRectx":
            loaded = load(case["board"])
            v = next(v for v in G.validate(loaded.puzzle, loaded.answer)
                     if v.code == "cuNotRectx")
            assert v.cells and v.points


def test_pzprjs_input_boards_round_trip(pzprjs_shakashaka: dict) -> None:
    items = pzprjs_shakashaka["input_results"]
    assert items
    for item in items:
        loaded = load(item["board"])
        violations = G.pzprjs_findings(loaded.puzzle, loaded.answer)  # pzprjs's own verdict
        assert (violations[0].code if violations else None) == item["computed_expect"]
        again = load(dump(loaded.puzzle, loaded.answer, "pzprv3"))
        assert again.puzzle == loaded.puzzle and again.answer == loaded.answer


KNOWN_DEFECTS = {"108_11x10"}  # header 11 10 over a 10x10 grid (see the corpus README)


@pytest.fixture(scope="module")
def corpus() -> list:
    genre, items = load_corpus(DATA / "janko" / "Shakashaka_dataset.json")
    assert genre == "shakashaka" and len(items) == 369
    return items


def test_janko_defects_are_refused_clearly(corpus: list) -> None:
    broken = {i.key for i in corpus if i.puzzle is None}
    assert broken == KNOWN_DEFECTS
    item = next(i for i in corpus if i.key == "108_11x10")
    assert "rows" in item.error


@pytest.mark.parametrize("part", range(4))
def test_every_janko_puzzle_solves_to_its_published_answer(corpus: list, part: int) -> None:
    for item in corpus[part::4]:
        if item.puzzle is None:
            continue
        r = solve(item.puzzle)
        assert r.status == "unique", item.key
        assert r.answers[0] == item.published, item.key
        assert not G.validate(item.puzzle, item.published), item.key


def test_published_answers_survive_every_rung(corpus: list) -> None:
    """Soundness on real boards: each rung's fixpoint keeps the published answer."""
    for item in corpus[::25]:
        if item.puzzle is None:
            continue
        truth = G.encode(item.puzzle, item.published)
        start = G.initial_domains(item.puzzle)
        for rung in G.LADDER:
            prop = G.propagator(item.puzzle, G.rules_for(rung))
            if prop is None:
                continue
            d = prop(start[None])[0]
            assert ((truth & d) == truth).all(), (item.key, rung)
