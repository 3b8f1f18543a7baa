"""The JSON API: every endpoint on each genre, and bad requests as 4xx JSON errors."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from rectlogic import bank
from rectlogic.formats.auto import load
from rectlogic.grade import grade
from rectlogic.web import create_app

client = TestClient(create_app(), raise_server_exceptions=False)
SHAKASHAKA = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
SHIKAKU = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
CHOCONA = "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"


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
    boards = client.get("/api/bank/boards", params={"genre": "chocona", "size": "6x6",
                                                    "grade": "box"}).json()
    assert len(boards) == 16 and all(b["grade"] == "box" for b in boards)
    assert client.get(f"/api/bank/{boards[0]['id']}").json() == boards[0]
    assert client.get("/api/bank/999999").status_code == 400


@pytest.mark.parametrize("url", [SHAKASHAKA, SHIKAKU, CHOCONA])
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


def test_check_points_at_the_error() -> None:
    answer = post("/api/solve", puzzle=CHOCONA)["solutions"][0]
    wrong = ["." + answer[0][1:], *answer[1:]]
    out = post("/api/check", puzzle=CHOCONA, answer=wrong)
    assert not out["ok"] and out["errors"][0]["code"] == "csNotRect"
    assert [0, 1] in out["errors"][0]["cells"]


def test_hints() -> None:
    h = post("/api/hint", puzzle=SHIKAKU, position=[], rung="dual")
    assert h["kind"] == "deduction" and h["rule"] in ("only-coverer", "forced-cell")
    assert h["stars"] == grade(load(SHIKAKU).puzzle, scored=True).stars and 1 <= h["stars"] <= 5
    h = post("/api/hint", puzzle=CHOCONA, position=["______"] * 6, rung="quota")
    assert h["rule"] == "quota" and h["cells"]
    h = post("/api/hint", puzzle=SHAKASHAKA, position=["2◤◥_1_"] + ["______"] * 5)
    assert h["kind"] == "deduction"
    bad = post("/api/hint", puzzle=SHAKASHAKA, position=["2__◤1◥"] + ["______"] * 5)
    assert bad["kind"] == "mistake" and bad["move"] is None
    answer = post("/api/solve", puzzle=SHAKASHAKA)["solutions"][0]
    assert bad["wrong"] == [[0, c] for c in (3, 5) if answer[0][c] != "2__◤1◥"[c]]
    assert bad["first"] == bad["wrong"][0] and bad["cells"] == [bad["first"]]
    beyond = post("/api/hint", puzzle=SHIKAKU, position=[], rung="none")
    assert beyond["kind"] == "deduction" and beyond["text"].startswith("Beyond your rung")


def test_generate() -> None:
    b = post("/api/generate", genre="shikaku", size="6x6", grade="dual", seed=4)
    assert b["grade"] == "dual" and b["rows"] == 6 and b["score"] >= 1
    full = post("/api/generate", genre="shakashaka", size="6x6", seed=4)
    thin = post("/api/generate", genre="shakashaka", size="6x6", seed=4, style="minimal")
    digits = [sum(ch.isdigit() for ch in "".join(b["solution"])) for b in (full, thin)]
    assert digits[1] <= digits[0]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/puzzle", {"puzzle": "https://puzz.link/p?shakashaka/x/6/abc"}),
        ("/api/puzzle", {"puzzle": "https://puzz.link/p?shikaku/61/61/"}),
        ("/api/puzzle", {"puzzle": "x" * 300_000}),
        ("/api/puzzle", {}),
        ("/api/check", {"puzzle": SHAKASHAKA, "answer": ["..."]}),
        ("/api/check", {"puzzle": SHIKAKU, "answer": "nonsense"}),
        ("/api/hint", {"puzzle": CHOCONA, "position": [1, 2]}),
        ("/api/hint", {"puzzle": SHIKAKU, "position": [], "rung": "magic"}),
        ("/api/solve", {"puzzle": SHAKASHAKA, "nodes": 10**9}),
        ("/api/convert", {"puzzle": SHAKASHAKA, "to": "png"}),
        ("/api/generate", {"genre": "sudoku"}),
        ("/api/generate", {"genre": "shikaku", "size": "40x40"}),
        ("/api/generate", {"genre": "chocona", "size": "3x3", "grade": "nope"}),
        ("/api/generate", {"genre": "chocona", "style": "sparse"}),
    ],
)
def test_bad_requests_are_4xx_json(path: str, body: dict) -> None:
    r = client.post(path, json=body)
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    data = r.json()
    assert "error" in data or "detail" in data


def test_convert_with_an_answer() -> None:
    answer = post("/api/solve", puzzle=SHIKAKU)["solutions"][0]
    text = post("/api/convert", puzzle=SHIKAKU, to="tatham", answer=answer)["text"]
    assert text.split()[1].startswith("S1010")
    cells = post("/api/undecided", puzzle=CHOCONA, position=["______"] * 6, rung="quota")
    assert cells["cells"] and all(len(rc) == 2 for rc in cells["cells"])


HEAVY_30 = "https://puzz.link/p?chocona/30/30/" + "0" * 348 + "+1c2"


def test_hostile_bodies_get_a_4xx_json_answer() -> None:
    """NaN, a lone surrogate, an oversized body, an oversized answer, an id past SQLite's
    integers: each is refused in words, and the security headers are on every answer."""
    r = client.post("/api/solve", content=b'{"puzzle": "x", "nodes": NaN}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()
    r = client.post("/api/puzzle", content=b'{"puzzle": "\\udcff shikaku"}',
                    headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500 and "error" in r.json()
    r = client.post("/api/puzzle", content=b'{"puzzle": "' + b"x" * (2 << 20) + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "error" in r.json()
    r = client.post("/api/check", json={"puzzle": SHIKAKU, "answer": [[0, 0, 1, 1]] * 5000})
    assert r.status_code == 422
    r = client.get("/api/bank/" + "9" * 25)
    assert r.status_code == 422 and "error" in r.json()
    for k in ("X-Content-Type-Options", "X-Frame-Options", "Content-Security-Policy"):
        assert k in r.headers
    spec = client.get("/openapi.json").json()
    assert {"400", "413", "422"} <= set(spec["paths"]["/api/puzzle"]["post"]["responses"])
    assert "503" in spec["paths"]["/api/solve"]["post"]["responses"]


def test_heavy_requests_end_by_their_deadline_and_a_full_pool_says_503() -> None:
    """A solve that would run for a minute answers `unknown` (stopped by time) within its
    deadline; while it runs on the only worker, another heavy request is refused at once
    with 503 and Retry-After, and a cheap one is answered."""
    import threading
    import time

    quick = TestClient(create_app(workers=1, deadlines={"solve": 1.5}),
                       raise_server_exceptions=False)
    assert quick.post("/api/solve", json={"puzzle": SHIKAKU}).status_code == 200  # warm
    out: dict = {}

    def long_solve() -> None:
        out["r"] = quick.post("/api/solve", json={"puzzle": HEAVY_30, "nodes": 50_000})

    t = threading.Thread(target=long_solve)
    t.start()
    for _ in range(400):  # until the long solve holds the only worker
        if quick.app.state.pool.busy:
            break
        time.sleep(0.025)
    busy = quick.post("/api/count", json={"puzzle": SHIKAKU})
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
    assert quick.get("/api/bank").status_code == 200
    t.join(10)
    r = out["r"]
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "unknown" and r.json()["stopped"] == "time"
    assert r.json()["complete"] is False


def test_analyze_and_the_pages_data() -> None:
    out = post("/api/analyze", puzzle="https://puzz.link/p?chocona/2/2")
    assert out["status"] == "multiple" and out["differ"] and out["undecided"]
    out = post("/api/analyze", puzzle=CHOCONA)
    assert out["status"] == "unique" and out["grade"]
    genres = client.get("/api/genres").json()
    assert [g["name"] for g in genres] == ["shakashaka", "shikaku", "chocona"]
    index = client.get("/api/bank/index").json()
    assert sum(b["count"] for b in index) == sum(c["count"] for c in bank.counts())


@pytest.mark.parametrize("url", [SHAKASHAKA, SHIKAKU, CHOCONA])
def test_the_editor_state_round_trips(url: str) -> None:
    state = post("/api/decompose", puzzle=url)
    assert post("/api/compose", **state)["url"] == url
    cells = [["x"] * state["cols"]] * state["rows"]
    bad = client.post("/api/compose", json={**state, "cells": cells})
    assert bad.status_code == 400 and "error" in bad.json()
