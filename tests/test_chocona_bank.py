"""Chocona in the shipped bank: there at the promised counts, looking published; a board with
many answers refused; an old bank's `search` board regraded to `ways`."""

from __future__ import annotations

from rectlogic import bank

from .test_bank import ROWS, assert_regraded_from_before_stars, assert_the_promised_counts, looks
from .test_cli import run


def test_the_bank_holds_chocona_at_the_promised_counts() -> None:
    assert_the_promised_counts("chocona")


def test_chocona_bank_looks_like_published_boards() -> None:
    chocona = looks("chocona")  # Janko's: 4.8 cells per region, 91 % numbered
    assert 3.5 <= chocona["mean region size"] <= 6.5, chocona
    assert chocona["regions numbered %"] >= 75, chocona


def test_bank_add_refuses_a_board_with_many_answers(tmp_path) -> None:
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    assert run("bank", "add", "https://puzz.link/p?chocona/2/2", "--bank",
               str(mine)).returncode == 2
    assert bank.rows(mine) == []


def test_an_old_banks_search_board_is_regraded_to_ways(tmp_path) -> None:
    row = next(r for r in ROWS if r.genre == "chocona" and r.grade == "ways")
    assert_regraded_from_before_stars(row, tmp_path)
