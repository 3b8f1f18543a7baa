"""Shikaku's generator: boards at the grades it reaches (coverer, dual at 6×6; probe at 8×8,
where 3 % of 6×6 tilings need it), and the steps of a graded board: each rectangle not given
outright decided once."""

from __future__ import annotations

import json

import pytest

from .test_cli import run
from .test_generate import assert_generated_boards_are_unique_and_graded


@pytest.mark.parametrize(("target", "side"), [("coverer", 6), ("dual", 6), ("probe", 8)])
def test_generated_boards_are_unique_and_graded(target: str, side: int) -> None:
    assert_generated_boards_are_unique_and_graded("shikaku", target, side)


def test_each_rectangle_is_decided_once() -> None:
    out = json.loads(run("generate", "--genre", "shikaku", "--size", "5x5", "--count", "1",
                         "--seed", "7", "--json").stdout)
    g = json.loads(run("grade", out[0]["url"], "--json").stdout)
    assert 0 < sum(g["steps"].values()) <= len(out[0]["solution"])
    assert g["score"] >= 1
