"""The JSON API: every endpoint on each genre (on its own examples), and bad requests as 4xx
JSON errors. What one genre's answers say in detail is tested beside that genre
(`test_<genre>_web.py`)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from rectlogic import bank
from rectlogic.analyze import MOST_PATIENCE
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRE_NAMES, GENRES, genre_with_format
from rectlogic.grade import grade
from rectlogic.web import create_app

client = TestClient(create_app(), raise_server_exceptions=False)
URLS = [g.examples.SOLVED[0].url for g in GENRES]
"""Each genre's first example (pzprjs's), a 6×6 board with one answer."""
URL = URLS[0]
ANOTHER = URLS[-1]


def post(path: str, **body: object) -> dict:
    r = client.post(path, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_home_and_openapi() -> None:
    assert "rectlogic" in client.get("/").text
    spec = client.get("/openapi.json").json()
    for path in ("/api/bank", "/api/puzzle", "/api/check", "/api/hint", "/api/count",
                 "/api/solve", "/api/generate", "/api/convert"):
        assert path in spec["paths"], path


def test_bank_endpoints() -> None:
    assert client.get("/api/bank").json() == bank.counts()
    first = client.get("/api/bank/index").json()[0]
    boards = client.get("/api/bank/boards", params={
        "genre": first["genre"], "size": first["size"], "grade": first["grade"]}).json()
    assert len(boards) == first["count"] and all(b["grade"] == first["grade"] for b in boards)
    assert client.get(f"/api/bank/{boards[0]['id']}").json() == boards[0]
    assert client.get("/api/bank/999999").status_code == 404  # declared in the spec


@pytest.mark.parametrize("url", URLS, ids=GENRE_NAMES)
def test_solve_check_count_convert(url: str) -> None:
    board = post("/api/puzzle", puzzle=url)
    assert board["url"] == url
    solved = post("/api/solve", puzzle=url)
    assert solved["status"] == "unique"
    answer = solved["solutions"][0]
    assert post("/api/check", puzzle=url, answer=answer) == {"ok": True, "errors": [],
                                                                   "notes": []}
    counted = post("/api/count", puzzle=url)
    assert counted["status"] == "unique" and counted["nodes"] >= 1 and "ms" in counted
    text = post("/api/convert", puzzle=url, to="pzprv3")["text"]
    assert post("/api/puzzle", puzzle=text)["url"] == url


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_check_gives_the_failing_examples_their_codes(genre: object) -> None:
    """Each failing example, sent as its board's text, checks to its code, which points at
    cells or lattice points."""
    for case in genre.examples.FAILING:
        out = post("/api/check", puzzle=case.board, answer=case.board)
        said = (out["errors"] or out["notes"] or [{"code": None}])[0]
        assert said["code"] == case.code, case.board
        assert out["ok"] == (case.code is None or not out["errors"])
        if out["errors"]:
            assert out["errors"][0]["cells"] or out["errors"][0]["points"]


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_hints_and_undecided_cells(genre: object) -> None:
    """From the empty position, the weakest rung with rules finds a deduction; a rung that
    does nothing goes beyond itself and says so; every hint carries the board's stars; the
    undecided cells are cells."""
    url = genre.examples.SOLVED[0].url
    plain = next(r for r, rules in genre.LADDER.items() if rules)
    position = [] if genre.board_json(load(url).puzzle)["input"] == "rectangles" else \
        ["_" * len(row) for row in genre.examples.SOLVED[0].answer]
    h = post("/api/hint", puzzle=url, position=position, rung=plain)
    assert h["kind"] in ("deduction", "reveal")
    if h["kind"] == "deduction" and not h["text"].startswith("Beyond your rung"):
        assert h["rule"] in genre.LADDER[plain] and h["cells"]
    assert h["stars"] == grade(load(url).puzzle, scored=True).stars and 1 <= h["stars"] <= 5
    idle = [r for r, rules in genre.LADDER.items() if not rules]
    if idle:
        beyond = post("/api/hint", puzzle=url, position=position, rung=idle[0])
        assert beyond["kind"] == "deduction" and beyond["text"].startswith("Beyond your rung")
    cells = post("/api/undecided", puzzle=url, position=position, rung=plain)
    assert all(len(rc) == 2 for rc in cells["cells"])


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_generate(genre: object) -> None:
    b = post("/api/generate", genre=genre.name, size="6x6", seed=4)
    assert b["grade"] in genre.grades and b["rows"] == b["cols"] == 6
    assert post("/api/check", puzzle=b["url"], answer=b["solution"])["ok"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/puzzle", {"puzzle": f"https://puzz.link/p?{GENRE_NAMES[0]}/x/6/abc"}),
        ("/api/puzzle", {"puzzle": f"https://puzz.link/p?{GENRE_NAMES[-1]}/61/61/"}),
        ("/api/puzzle", {"puzzle": "x" * 300_000}),
        ("/api/puzzle", {}),
        ("/api/check", {"puzzle": URL, "answer": ["..."]}),
        ("/api/check", {"puzzle": ANOTHER, "answer": "nonsense"}),
        ("/api/hint", {"puzzle": ANOTHER, "position": [1, 2]}),
        ("/api/hint", {"puzzle": URL, "position": [], "rung": "magic"}),
        ("/api/solve", {"puzzle": URL, "nodes": 10**9}),
        ("/api/convert", {"puzzle": URL, "to": "png"}),
        ("/api/generate", {"genre": "sudoku"}),
        ("/api/generate", {"genre": GENRE_NAMES[0], "size": "40x40"}),
        ("/api/generate", {"genre": GENRE_NAMES[-1], "size": "3x3", "grade": "nope"}),
        ("/api/generate", {"genre": GENRE_NAMES[-1], "style": "sparse"}),
    ],
)
def test_bad_requests_are_4xx_json(path: str, body: dict) -> None:
    r = client.post(path, json=body)
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    data = r.json()
    assert "error" in data or "detail" in data


def test_convert_with_an_answer() -> None:
    """A format only some genres have, with an answer, round-trips through the API."""
    genre = genre_with_format("tatham")
    example = genre.examples.SOLVED[0]
    text = post("/api/convert", puzzle=example.url, to="tatham", answer=example.answer)["text"]
    again = post("/api/check", puzzle=text, answer=text)
    assert again["ok"] and post("/api/puzzle", puzzle=text)["url"] == example.url


def test_hostile_bodies_get_a_4xx_json_answer() -> None:
    """NaN, a lone surrogate, an oversized body, an oversized answer, an id past SQLite's
    integers: each is refused in words, and the security headers are on every answer."""
    r = client.post("/api/solve", content=b'{"puzzle": "x", "nodes": NaN}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()
    r = client.post("/api/puzzle", content=b'{"puzzle": "\\udcff x"}',
                    headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500 and "error" in r.json()
    r = client.post("/api/puzzle", content=b'{"puzzle": "' + b"x" * (2 << 20) + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "error" in r.json()
    r = client.post("/api/check", json={"puzzle": URL, "answer": [[0, 0, 1, 1]] * 5000})
    assert r.status_code == 422
    r = client.get("/api/bank/" + "9" * 25)
    assert r.status_code == 400 and "error" in r.json()
    said = client.get("/api/bank/abc").json()["error"]  # a page's ?id=abc: one plain line
    assert said.startswith("no board 'abc'") and "Input should" not in said
    for k in ("X-Content-Type-Options", "X-Frame-Options", "Content-Security-Policy"):
        assert k in r.headers
    spec = client.get("/openapi.json").json()
    assert {"400", "413", "422"} <= set(spec["paths"]["/api/puzzle"]["post"]["responses"])
    assert "503" in spec["paths"]["/api/solve"]["post"]["responses"]


@pytest.mark.parametrize("url", URLS, ids=GENRE_NAMES)
def test_analyze_and_the_pages_data(url: str) -> None:
    out = post("/api/analyze", puzzle=url)
    assert out["status"] == "unique" and out["grade"]
    genres = client.get("/api/genres").json()
    assert [g["name"] for g in genres] == list(GENRE_NAMES)
    rules = client.get("/api/rules").json()
    assert [r["example"] for r in rules] == URLS and all(r["picture"] for r in rules)
    index = client.get("/api/bank/index").json()
    assert sum(b["count"] for b in index) == sum(c["count"] for c in bank.counts())


def test_analyze_takes_the_patience_it_is_asked_for_within_the_limit() -> None:
    """The workbench's second asking: `patience` is honoured (and said back), bounded by
    analyze.MOST_PATIENCE; a whole answer asks for no second one."""
    out = post("/api/analyze", puzzle=URLS[0], patience=0.5)
    assert out["patience"] == 0.5 and out["ask_again_with"] is None
    for bad in (0, -1, MOST_PATIENCE + 1, "soon"):
        r = client.post("/api/analyze", json={"puzzle": URLS[0], "patience": bad})
        assert r.status_code == 422 and "error" in r.json()


@pytest.mark.parametrize("url", URLS, ids=GENRE_NAMES)
def test_the_editor_state_round_trips(url: str) -> None:
    state = post("/api/decompose", puzzle=url)
    assert post("/api/compose", **state)["url"] == url
    cells = [["x"] * state["cols"]] * state["rows"]
    bad = client.post("/api/compose", json={**state, "cells": cells})
    assert bad.status_code == 400 and "error" in bad.json()


def test_the_server_reads_the_bank_again_when_the_file_changes(tmp_path) -> None:
    """Bank reads are kept between requests (they cost more than the rest of a cheap
    request), but never past a change of the file."""
    import shutil
    import sqlite3

    path = tmp_path / "bank.sqlite"
    shutil.copy(bank.default_path(), path)
    here = TestClient(create_app(bank_path=path), raise_server_exceptions=False)
    before = here.get("/api/bank").json()
    assert before == bank.counts(path)
    genre = before[0]["genre"]
    board = here.get("/api/bank/boards", params={"genre": genre, "limit": 1}).json()[0]
    assert here.get(f"/api/bank/{board['id']}").json() == board
    con = sqlite3.connect(path)
    with con:
        con.execute("DELETE FROM boards WHERE genre = ?", (genre,))
    con.close()
    after = here.get("/api/bank").json()
    assert after == bank.counts(path) and genre not in {c["genre"] for c in after}
    assert here.get(f"/api/bank/{board['id']}").status_code == 404
