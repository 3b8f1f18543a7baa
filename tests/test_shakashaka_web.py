"""Shakashaka through the JSON API: what its hints and its generator's styles say."""

from __future__ import annotations

from .test_web_api import post

URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"


def test_hints() -> None:
    h = post("/api/hint", puzzle=URL, position=["2◤◥_1_"] + ["______"] * 5)
    assert h["kind"] == "deduction"
    bad = post("/api/hint", puzzle=URL, position=["2__◤1◥"] + ["______"] * 5)
    assert bad["kind"] == "mistake" and bad["move"] is None
    answer = post("/api/solve", puzzle=URL)["solutions"][0]
    assert bad["wrong"] == [[0, c] for c in (3, 5) if answer[0][c] != "2__◤1◥"[c]]
    assert bad["first"] == bad["wrong"][0] and bad["cells"] == [bad["first"]]


def test_minimal_style_keeps_fewer_numbers() -> None:
    full = post("/api/generate", genre="shakashaka", size="6x6", seed=4)
    thin = post("/api/generate", genre="shakashaka", size="6x6", seed=4, style="minimal")
    digits = [sum(ch.isdigit() for ch in "".join(b["solution"])) for b in (full, thin)]
    assert digits[1] <= digits[0]
