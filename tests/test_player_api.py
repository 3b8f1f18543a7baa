"""What the player asks the API for, issue 29: Count up to a limit the player picks (exact
below it, a lower bound at it), mistakes shown as one plays (`/api/live`: only what no later
move can mend, never a move the answer itself makes), and Check in plain words with pzprjs's
codes and messages kept."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from rectlogic import bank
from rectlogic.formats.auto import load, read_answer
from rectlogic.genres import genre_of
from rectlogic.web import create_app

client = TestClient(create_app(), raise_server_exceptions=False)
BLANK_CHOCONA = "https://puzz.link/p?chocona/2/2"


def post(path: str, **body: object) -> dict:
    r = client.post(path, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def brute_force_count(url: str) -> int:
    """Answers of a small Chocona by the validator over every shading (no search)."""
    p = load(url).puzzle
    g, n = genre_of(p), p.rows * p.cols
    return sum(g.obeys_rules(p, read_answer(p, [
        "".join("#" if bits >> (p.cols * r + c) & 1 else "." for c in range(p.cols))
        for r in range(p.rows)])) for bits in range(1 << n))


def test_count_honours_its_limit() -> None:
    truth = brute_force_count(BLANK_CHOCONA)
    assert truth == 12
    low = post("/api/count", puzzle=BLANK_CHOCONA, limit=2)
    assert (low["count"], low["exact"], low["complete"]) == (2, False, False)
    mid = post("/api/count", puzzle=BLANK_CHOCONA, limit=10)
    assert (mid["count"], mid["exact"]) == (10, False)
    high = post("/api/count", puzzle=BLANK_CHOCONA, limit=100)
    assert (high["count"], high["exact"], high["complete"]) == (truth, True, True)
    assert post("/api/count", puzzle=BLANK_CHOCONA)["count"] == 2  # the default stays 2
    assert client.post("/api/count", json={"puzzle": BLANK_CHOCONA, "limit": 5000}).status_code \
        == 422


def codes(url: str, position: object) -> list[str]:
    return [m["code"] for m in post("/api/live", puzzle=url, position=position)["mistakes"]]


def test_live_mistakes_in_each_genre() -> None:
    sh = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
    clues = load(sh).puzzle.clue_array
    (r3, c3), = [(r, c) for r in range(6) for c in range(6) if clues[r, c] == 3][:1]
    assert codes(sh, [[r3, c3, 1, 1]]) == ["bkSizeNe"]  # a 3 in a 1×1
    empty = next((r, c) for r in range(6) for c in range(6) if clues[r, c] < 0)
    assert codes(sh, [[*empty, 1, 1]]) == ["bkNoNum"]
    assert codes(sh, [[0, 0, 6, 6]]) == ["bkNumGe2"]
    assert codes(sh, []) == []

    board = next(r for r in bank.rows(genre="shakashaka") if r.rows == 6)
    p = load(board.url).puzzle

    def free(r: int, c: int) -> list[tuple[int, int]]:
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < 6 and 0 <= c + dc < 6 and p.clues[r + dr][c + dc] == -1]

    r, c = next((r, c) for r in range(6) for c in range(6)
                if 0 <= p.clues[r][c] < len(free(r, c)))
    position = [["#" if p.clues[i][j] != -1 else "_" for j in range(6)] for i in range(6)]
    for i, j in free(r, c)[:p.clues[r][c] + 1]:
        position[i][j] = "◤"
    found = post("/api/live", puzzle=board.url, position=["".join(x) for x in position])
    assert [(m["code"], m["cells"]) for m in found["mistakes"]] == [("nmTriangleGt", [[r, c]])]

    blank = "https://puzz.link/p?chocona/3/3"
    assert codes(blank, ["##_", "#__", "___"]) == []  # an L may still become a 2×2
    assert codes(blank, ["##_", "#._", "___"]) == ["csNotRect"]
    board = next(r for r in bank.rows(genre="chocona") if r.rows == 6)
    p = load(board.url).puzzle
    k = next(k for k, n in enumerate(p.clues) if 0 <= n < len(p.region_cells[k]))
    position = [["_"] * 6 for _ in range(6)]
    for i, j in p.region_cells[k]:
        position[i][j] = "#"  # every cell of a region whose number is smaller
    assert "bkShadeNe" in codes(board.url, ["".join(x) for x in position])
    assert client.post("/api/live", json={"puzzle": blank, "position": ["#"]}).status_code == 400


@pytest.mark.parametrize("genre", ["shakashaka", "shikaku", "chocona"])
def test_live_never_flags_a_move_of_the_answer(genre: str) -> None:
    """Sound: any part of an answer (its moves in any subset, the rest open) breaks nothing
    for good. Over the bank's 6×6 and 10×10 boards, 5 random parts each."""
    rng = random.Random(29)
    for row in [r for r in bank.rows(genre=genre) if r.rows in (6, 10)][:24]:
        p = load(row.url).puzzle
        g = genre_of(p)
        board = g.board_json(p)
        for _ in range(5):
            keep = rng.random()
            if board["input"] == "rectangles":
                part = [rect for rect in row.answer if rng.random() < keep]
            else:  # the given cells as a position has them, each free cell kept or open
                part = ["".join(
                    fixed["position"] if (fixed := board["fixed"][r][c]) is not None
                    and fixed["answer"] is not None else ch if rng.random() < keep else "_"
                    for c, ch in enumerate(line)) for r, line in enumerate(row.answer)]
            assert g.live_mistakes(p, part) == [], (row.id, part)


def test_check_speaks_plain_words_and_keeps_pzprjs_codes() -> None:
    sh = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
    out = post("/api/check", puzzle=sh, answer=[[0, 0, 6, 6]])
    assert not out["ok"]
    first = out["errors"][0]
    assert first["code"] == "bkNumGe2"
    assert first["message"] == "A region has more than one number."
    assert first["pzprjs_message"] == "An area has more than one number."
    said = " ".join(e["message"] for e in out["errors"])
    assert "area" not in said and "room" not in said
