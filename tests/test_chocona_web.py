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


# -- the player (moved here from the browser tests over every genre: these are Chocona's) ---
BLANK_2X2 = "https://puzz.link/p?chocona/2/2"
BLANK_3X3 = "https://puzz.link/p?chocona/3/3"
NO_ANSWER_2X2 = "https://puzz.link/p?chocona/2/2/005"
"""One region of 4 cells whose number is 5."""


def brute_force_count(url: str) -> int:
    """Answers of a small Chocona by the validator over every shading (no search)."""
    from rectlogic.formats.auto import load, read_answer
    from rectlogic.genres import genre_of

    p = load(url).puzzle
    g, n = genre_of(p), p.rows * p.cols
    return sum(g.obeys_rules(p, read_answer(p, [
        "".join("#" if bits >> (p.cols * r + c) & 1 else "." for c in range(p.cols))
        for r in range(p.rows)])) for bits in range(1 << n))


def test_count_honours_its_limit() -> None:
    truth = brute_force_count(BLANK_2X2)
    assert truth == 12
    low = post("/api/count", puzzle=BLANK_2X2, limit=2)
    assert (low["count"], low["exact"], low["complete"]) == (2, False, False)
    mid = post("/api/count", puzzle=BLANK_2X2, limit=10)
    assert (mid["count"], mid["exact"]) == (10, False)
    high = post("/api/count", puzzle=BLANK_2X2, limit=100)
    assert (high["count"], high["exact"], high["complete"]) == (truth, True, True)
    assert post("/api/count", puzzle=BLANK_2X2)["count"] == 2  # the default stays 2
    client = TestClient(create_app(), raise_server_exceptions=False)
    assert client.post("/api/count", json={"puzzle": BLANK_2X2, "limit": 5000}).status_code \
        == 422


def test_live_mistakes() -> None:
    """`/api/live`: a clump that can no longer be a rectangle; a region shaded past its
    number."""
    from rectlogic import bank
    from rectlogic.formats.auto import load

    def codes(url: str, position: object) -> list[str]:
        return [m["code"] for m in post("/api/live", puzzle=url, position=position)["mistakes"]]

    assert codes(BLANK_3X3, ["##_", "#__", "___"]) == []  # an L may still become a 2×2
    assert codes(BLANK_3X3, ["##_", "#._", "___"]) == ["csNotRect"]
    board = next(r for r in bank.rows(genre="chocona") if r.rows == 6)
    p = load(board.url).puzzle
    k = next(k for k, n in enumerate(p.clues) if 0 <= n < len(p.region_cells[k]))
    position = [["_"] * 6 for _ in range(6)]
    for i, j in p.region_cells[k]:
        position[i][j] = "#"  # every cell of a region whose number is smaller
    assert "bkShadeNe" in codes(board.url, ["".join(x) for x in position])
    client = TestClient(create_app(), raise_server_exceptions=False)
    assert client.post("/api/live", json={"puzzle": BLANK_3X3, "position": ["#"]}).status_code \
        == 400


def test_player_count_says_how_many_exactly_or_at_least(page, server) -> None:
    truth = brute_force_count(BLANK_2X2)
    page.goto(f"{server}/play?url={BLANK_2X2}")
    page.wait_for_selector("[data-cell]", state="attached")
    page.select_option("#limit", "10")
    page.click("#count")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('At')")
    assert page.inner_text("#status") == "At least 10 answers (counted up to 10)."
    page.select_option("#limit", "100")
    page.click("#count")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Ex')")
    assert page.inner_text("#status") == f"Exactly {truth} answers."
    page.goto(f"{server}/play?url={NO_ANSWER_2X2}")  # said in words, not "Exactly 0 answers"
    page.wait_for_selector("[data-cell]", state="attached")
    page.click("#count")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('No')")
    assert page.inner_text("#status").startswith("No answer:")


def test_player_marks_a_clump_that_cannot_be_a_rectangle_at_once(page, server) -> None:
    from .playing import SHOTS, at

    page.goto(f"{server}/play?url={BLANK_3X3}")
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")
    page.check("#mistakes")
    for rc in ((0, 0), (0, 1), (1, 0)):
        page.mouse.click(*at(page, *rc))
    assert page.locator("rect.live").count() == 0  # an L may still grow into a 2×2
    page.mouse.click(*at(page, 1, 1), button="right")  # the fourth marked unshaded: never
    page.wait_for_function("document.querySelectorAll('rect.live').length === 3")
    page.screenshot(path=str(SHOTS / "live-chocona.png"))
    page.uncheck("#mistakes")
    page.wait_for_function("document.querySelectorAll('rect.live').length === 0")
