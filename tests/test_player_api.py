"""What the player asks the API for, issue 29, over every registered genre: mistakes shown as
one plays (`/api/live`) are only what no later move can mend — never a move the answer itself
makes; Check speaks our own words with pzprjs's codes and messages kept (each genre's failing
examples); `/api/grade` gives a board's grade and stars as the library does, and `reveal`
hints say the revealed cell in words. What each genre's live mistakes are is in its own
tests/test_<genre>_web.py."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from rectlogic import bank
from rectlogic import hint as hints
from rectlogic.formats.auto import load
from rectlogic.genres import genre_of
from rectlogic.genres.registry import GENRE_NAMES, GENRES
from rectlogic.grade import grade
from rectlogic.web import create_app

client = TestClient(create_app(), raise_server_exceptions=False)


def post(path: str, **body: object) -> dict:
    r = client.post(path, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def parts_of(genre: str) -> list[tuple[str, object]]:
    """(URL, answer) of the genre's own examples and of its bank's 6×6 and 10×10 boards."""
    out = [(e.url, e.answer) for e in next(g for g in GENRES if g.name == genre).examples.SOLVED]
    out += [(r.url, r.answer) for r in bank.rows(genre=genre) if r.rows in (6, 10)][:24]
    return out


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_live_never_flags_a_move_of_the_answer(genre: str) -> None:
    """Sound: any part of an answer (its moves in any subset, the rest open) breaks nothing
    for good. Over the genre's examples and bank boards, 5 random parts each."""
    rng = random.Random(29)
    for url, answer in parts_of(genre):
        p = load(url, genre).puzzle
        g = genre_of(p)
        board = g.board_json(p)
        for _ in range(5):
            keep = rng.random()
            if board["input"] == "rectangles":
                part = [rect for rect in answer if rng.random() < keep]
            else:  # the given cells as a position has them, each free cell kept or open
                part = ["".join(
                    fixed["position"] if (fixed := board["fixed"][r][c]) is not None
                    and fixed["answer"] is not None else ch if rng.random() < keep else "_"
                    for c, ch in enumerate(line)) for r, line in enumerate(answer)]
            assert g.live_mistakes(p, part) == [], (url, part)


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_check_speaks_our_words_and_keeps_pzprjs_codes(genre: str) -> None:
    """Each failing example whose answer the API's JSON form can carry: the first finding has
    pzprjs's code and keeps its message as `pzprjs_message`; ours says region, never room or
    area (the rule book's word)."""
    g = next(g for g in GENRES if g.name == genre)
    checked = 0
    for case in g.examples.FAILING:
        if case.code is None:
            continue
        loaded = load(case.board, genre)
        r = client.post("/api/check", json={
            "puzzle": case.board, "answer": g.answer_json(loaded.puzzle, loaded.answer)})
        if r.status_code != 200:  # an answer drawn as borders that are not rectangles
            continue
        out = r.json()
        found = out["errors"] or out["notes"]
        if not found:  # what made it fail is lost in the JSON form (a border's dead end)
            continue
        first = found[0]
        assert first["code"] == case.code
        assert first["pzprjs_message"] == case.message, case.code
        said = first["message"].lower()
        assert " room" not in said and " area" not in said, first["message"]
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_grade_endpoint_gives_what_the_library_does(genre: str) -> None:
    example = next(g for g in GENRES if g.name == genre).examples.SOLVED[0]
    out = post("/api/grade", puzzle=example.url)
    truth = grade(load(example.url, genre).puzzle, scored=True)
    assert (out["grade"], out["stars"], out["status"]) == (truth.grade, truth.stars, "unique")
    assert 1 <= out["stars"] <= 5
    blank = client.post("/api/grade", json={"puzzle": example.url.rsplit("/", 1)[0] + "/"})
    if blank.status_code == 200:  # no clue at all: not one answer, no grade
        assert blank.json()["grade"] is None and blank.json()["status"] != "unique"


def test_grade_endpoint_refuses_bad_input_in_a_line() -> None:
    r = client.post("/api/grade", json={"puzzle": "not a puzzle"})
    assert r.status_code == 400 and r.json()["error"]


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_a_reveal_says_the_cell_in_words(genre: str, monkeypatch) -> None:
    """With the rungs silenced (no real board leaves every rung stuck): the `revealed`
    words are the move's own description, which the player shows once the cell is set."""
    example = next(g for g in GENRES if g.name == genre).examples.SOLVED[0]
    p = load(example.url, genre).puzzle
    g = genre_of(p)
    empty = [] if g.board_json(p)["input"] == "rectangles" else ["_" * p.cols] * p.rows
    monkeypatch.setattr(hints, "weakest_step", lambda *args: None)
    h = hints.hint(p, empty)
    assert h["kind"] == "reveal" and h["revealed"] and h["revealed"] in h["text"]
    assert h["move"]["reveal"] is True
