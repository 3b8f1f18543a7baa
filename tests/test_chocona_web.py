"""Chocona through the JSON API: where its check points, its hints' rules, the analysis of a
board with many answers, and a long search stopped by its deadline."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rectlogic.web import create_app

from .test_web_api import post

URL = "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"
HEAVY_30 = "https://puzz.link/p?chocona/30/30/" + "0" * 348 + "+1c2"


def test_check_points_at_the_error() -> None:
    answer = post("/api/solve", puzzle=URL)["solutions"][0]
    wrong = ["." + answer[0][1:], *answer[1:]]
    out = post("/api/check", puzzle=URL, answer=wrong)
    assert not out["ok"] and out["errors"][0]["code"] == "csNotRect"
    assert [0, 1] in out["errors"][0]["cells"]


def test_hints_and_undecided() -> None:
    h = post("/api/hint", puzzle=URL, position=["______"] * 6, rung="quota")
    assert h["rule"] == "quota" and h["cells"]
    cells = post("/api/undecided", puzzle=URL, position=["______"] * 6, rung="quota")
    assert cells["cells"] and all(len(rc) == 2 for rc in cells["cells"])


def test_analyze_a_board_with_many_answers() -> None:
    out = post("/api/analyze", puzzle="https://puzz.link/p?chocona/2/2")
    assert out["status"] == "multiple" and out["differ"] and out["undecided"]


def test_heavy_requests_end_by_their_deadline_and_a_full_pool_says_503() -> None:
    """A solve that would run for a minute answers `unknown` (stopped by time) within its
    deadline; while it runs on the only worker, another heavy request is refused at once
    (no waiting room here) with 503 and Retry-After, and a cheap one is answered."""
    import threading
    import time

    quick = TestClient(create_app(workers=1, deadlines={"solve": 1.5}, wait=0),
                       raise_server_exceptions=False)
    assert quick.post("/api/solve", json={"puzzle": URL}).status_code == 200  # warm
    out: dict = {}

    def long_solve() -> None:
        out["r"] = quick.post("/api/solve", json={"puzzle": HEAVY_30, "nodes": 50_000})

    t = threading.Thread(target=long_solve)
    t.start()
    for _ in range(400):  # until the long solve holds the only worker
        if quick.app.state.pool.busy:
            break
        time.sleep(0.025)
    busy = quick.post("/api/count", json={"puzzle": URL})
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
    assert quick.get("/api/bank").status_code == 200
    t.join(10)
    r = out["r"]
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "unknown" and r.json()["stopped"] == "time"
    assert r.json()["complete"] is False
