"""Shakashaka in the shipped bank: there at the promised counts, looking published, and a board
of its added to a new bank with its grade."""

from __future__ import annotations

import json

from .test_bank import assert_the_promised_counts, looks
from .test_cli import run


def test_the_bank_holds_shakashaka_at_the_promised_counts() -> None:
    assert_the_promised_counts("shakashaka")


def test_shakashaka_bank_looks_like_published_boards() -> None:
    """Janko's: 12 % black (p10 9 %, p90 17 %), most black cells numbered, every digit. The
    share numbered is taken over the boards that show a number (Janko's: 73 %): a board
    themed to show none (his: 10 of 361; the generator's `THEMES`) says nothing of how many
    numbers a board keeps, and its 0 % would pull the mean down."""
    seen = looks("shakashaka")
    assert 9 <= seen["black share %"] <= 20, seen
    assert looks("shakashaka", only="distinct digits")["black cells numbered %"] >= 65, seen
    assert seen["digit 3 %"] > 0 and seen["digit 4 %"] > 0, seen
    assert seen["touch points per 100 cells"] > 0, seen


def test_bank_add_of_a_shakashaka_board(tmp_path) -> None:
    from rectlogic import bank

    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    url = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
    assert run("bank", "add", url, "--bank", str(mine)).stdout.strip() == "1 added"
    again = json.loads(run("bank", "list", "--bank", str(mine), "--json").stdout)
    assert again == [{"genre": "shakashaka", "size": "6x6", "grade": "tips", "count": 1,
                      "stars": [1, 1]}]
