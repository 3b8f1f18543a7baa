"""The shipped bank: every board re-proved unique, its grade right, its answer valid; the
counts the issue asks for; the bank commands."""

from __future__ import annotations

import json

import pytest

from rectlogic import bank
from rectlogic.formats.auto import codec, load
from rectlogic.genres.base import SEARCH
from rectlogic.genres.registry import get_genre
from rectlogic.grade import grade, score
from rectlogic.solve import solve
from rectlogic.studies import bank_boards

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
        g = grade(puzzle, scored=True)
        assert (g.grade, g.stars) == (row.grade, row.stars), row.id
        assert (puzzle.rows, puzzle.cols) == (row.rows, row.cols)
        if row.grade != SEARCH:
            assert row.score == score(puzzle, row.grade) == g.score, row.id


def test_bank_has_the_promised_counts() -> None:
    """16 boards per small size at every grade it has, `probe` among them in every genre;
    8 per grade at two grades or more at 15×15 and 20×20."""
    have = {(c["genre"], c["size"], c["grade"]): c["count"] for c in bank.counts()}
    for genre in ("shakashaka", "shikaku", "chocona"):
        for size in ("6x6", "8x8", "10x10"):
            graded = {g: n for (ge, s, g), n in have.items() if ge == genre and s == size}
            assert graded.get("probe", 0) >= bank.PER_GRADE, (genre, size, graded)
            assert len(graded) >= 2, (genre, size, graded)
            assert all(n >= bank.PER_GRADE for n in graded.values()), (genre, size, graded)
        for size in ("15x15", "20x20"):
            graded = {g: n for (ge, s, g), n in have.items() if ge == genre and s == size}
            assert sum(n >= bank.PER_LARGE for n in graded.values()) >= 2, (genre, size, graded)


def looks(genre: str) -> dict[str, float]:
    """The bank's boards of 10×10 and above: each look measure's mean (`studies.looks`)."""
    from rectlogic.studies.looks import measure

    boards = [b for size in bank_boards(genre).values() for b in size
              if min(b[0].rows, b[0].cols) >= 10]
    names, table = measure(genre, boards)
    return dict(zip(names, table.mean(axis=0).tolist(), strict=True))


def test_shakashaka_bank_looks_like_published_boards() -> None:
    """Janko's: 12 % black (p10 9 %, p90 17 %), most black cells numbered, every digit."""
    seen = looks("shakashaka")
    assert 9 <= seen["black share %"] <= 20, seen
    assert seen["black cells numbered %"] >= 65, seen
    assert seen["digit 3 %"] > 0 and seen["digit 4 %"] > 0, seen
    assert seen["touch points per 100 cells"] > 0, seen


def test_shikaku_and_chocona_banks_look_like_published_boards() -> None:
    shikaku = looks("shikaku")
    assert shikaku["mean area"] >= 5, shikaku  # Janko's: 5.6 cells per clue
    assert shikaku["rectangles of area 1 %"] <= 3, shikaku
    chocona = looks("chocona")  # Janko's: 4.8 cells per region, 91 % numbered
    assert 3.5 <= chocona["mean region size"] <= 6.5, chocona
    assert chocona["regions numbered %"] >= 75, chocona


def test_bank_commands(tmp_path) -> None:
    listed = json.loads(run("bank", "list", "--json").stdout)
    assert listed == bank.counts()
    assert set(listed[0]) == {"genre", "size", "grade", "count", "stars"}
    assert all(1 <= c["stars"][0] <= c["stars"][1] <= 5 for c in listed)
    exported = json.loads(run("bank", "export", "--genre", "shikaku", "--json").stdout)
    assert exported and set(exported[0]) == {"id", "genre", "rows", "cols", "grade", "score",
                                             "stars", "url", "solution"}
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
    stars = grade(load(mine_url).puzzle, scored=True).stars
    assert again == [{"genre": "shakashaka", "size": "6x6", "grade": "tips", "count": 1,
                      "stars": [stars, stars]}]
    assert run("bank", "add", "https://puzz.link/p?chocona/2/2", "--bank",
               str(mine)).returncode == 2
    assert run("bank", "show", "99999").returncode == 2


def test_a_bank_from_before_stars_is_read_then_regraded(tmp_path) -> None:
    """A bank made before scores and stars (and before the ways and nested rungs) is read
    with neither, gains both columns when written, and `bank regrade` grades it anew."""
    import sqlite3

    row = next(r for r in ROWS if r.genre == "chocona" and r.grade == "ways")
    old = tmp_path / "old.sqlite"
    con = sqlite3.connect(old)
    con.execute("CREATE TABLE boards (id INTEGER PRIMARY KEY, genre TEXT NOT NULL, rows INTEGER"
                " NOT NULL, cols INTEGER NOT NULL, grade TEXT NOT NULL, url TEXT NOT NULL UNIQUE,"
                " answer TEXT NOT NULL, seed INTEGER, generator TEXT, added TEXT NOT NULL)")
    con.execute("INSERT INTO boards VALUES (1, 'chocona', ?, ?, 'search', ?, ?, NULL, NULL, "
                "'2026-01-01')", (row.rows, row.cols, row.url, json.dumps(row.answer)))
    con.commit()
    con.close()
    before = bank.get(1, old)
    assert (before.grade, before.score, before.stars) == ("search", None, None)
    r = run("bank", "regrade", "--bank", str(old))
    assert r.returncode == 0 and "chocona search -> ways" in r.stdout
    after = bank.get(1, old)
    assert (after.grade, after.score, after.stars) == ("ways", row.score, row.stars)
    assert after.stars is not None
