"""Shikaku through the JSON API: its hints' rules, and Tatham's format with an answer."""

from __future__ import annotations

from .test_web_api import post

URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"


def test_hints() -> None:
    h = post("/api/hint", puzzle=URL, position=[], rung="dual")
    assert h["kind"] == "deduction" and h["rule"] in ("only-coverer", "forced-cell")
    beyond = post("/api/hint", puzzle=URL, position=[], rung="none")
    assert beyond["kind"] == "deduction" and beyond["text"].startswith("Beyond your rung")


def test_generate_at_a_grade() -> None:
    b = post("/api/generate", genre="shikaku", size="6x6", grade="dual", seed=4)
    assert b["grade"] == "dual" and b["rows"] == 6 and b["score"] >= 1


def test_convert_to_tatham_with_an_answer() -> None:
    answer = post("/api/solve", puzzle=URL)["solutions"][0]
    text = post("/api/convert", puzzle=URL, to="tatham", answer=answer)["text"]
    assert text.split()[1].startswith("S1010")
