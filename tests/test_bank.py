"""The shipped bank: every board re-proved unique, its grade right, its answer valid; the
counts the issue asks for; the bank commands."""

from __future__ import annotations

import json

import pytest

from rectlogic import bank
from rectlogic.formats.auto import codec, load
from rectlogic.genres.registry import get_genre
from rectlogic.grade import grade
from rectlogic.solve import solve

from .test_cli import run

ROWS = bank.rows()
PARTS = 8


@pytest.mark.parametrize("part", range(PARTS))
def test_every_bank_board_is_unique_graded_and_valid(part: int) -> None:
    for row in ROWS[part::PARTS]:
        puzzle = load(row.url).puzzle
        genre = get_genre(row.genre)
        answer = codec(row.genre).answer_from_json(puzzle, row.answer)
        assert not genre.validate(puzzle, answer), row.id  # pzprjs's checks, all of them
        assert solve(puzzle).answers == [answer], row.id
        assert grade(puzzle).grade == row.grade, row.id
        assert (puzzle.rows, puzzle.cols) == (row.rows, row.cols)


def test_bank_has_the_promised_counts() -> None:
    have = {(c["genre"], c["size"], c["grade"]): c["count"] for c in bank.counts()}
    for genre in ("shakashaka", "shikaku", "chocona"):
        for size in ("6x6", "8x8", "10x10"):
            graded = {g: n for (ge, s, g), n in have.items() if ge == genre and s == size}
            assert graded, (genre, size)
            assert all(n >= bank.PER_GRADE for n in graded.values()), (genre, size, graded)
        for size in ("15x15", "20x20"):
            assert sum(n for (ge, s, _), n in have.items() if (ge, s) == (genre, size)) >= 8


def test_bank_commands(tmp_path) -> None:
    listed = json.loads(run("bank", "list", "--json").stdout)
    assert listed == bank.counts()
    assert set(listed[0]) == {"genre", "size", "grade", "count"}
    exported = json.loads(run("bank", "export", "--genre", "shikaku", "--json").stdout)
    assert exported and set(exported[0]) == {"id", "genre", "rows", "cols", "grade", "url",
                                             "solution"}
    assert all(b["genre"] == "shikaku" for b in exported)
    shown = json.loads(run("bank", "show", str(exported[0]["id"]), "--json").stdout)
    assert shown == exported[0]
    mine = tmp_path / "mine.sqlite"
    mine_url = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
    r = run("bank", "add", mine_url, "--bank", str(mine))
    assert r.returncode == 2  # no such bank yet: refused, the shipped one is not touched
    bank.add([], mine, create=True)
    assert run("bank", "add", mine_url, "--bank", str(mine)).stdout.strip() == "1 added"
    again = json.loads(run("bank", "list", "--bank", str(mine), "--json").stdout)
    assert again == [{"genre": "shakashaka", "size": "6x6", "grade": "tips", "count": 1}]
    assert run("bank", "add", "https://puzz.link/p?chocona/2/2", "--bank",
               str(mine)).returncode == 2
    assert run("bank", "show", "99999").returncode == 2
