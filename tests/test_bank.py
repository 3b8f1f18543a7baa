"""The shipped bank: every board re-proved unique, its grade right, its answer valid; the
counts the README promises for every genre it holds; the bank commands. Which genres the
shipped bank holds, and how their boards look, is tested beside each (`test_<genre>_bank.py`)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from rectlogic import bank
from rectlogic.bench.corpus import janko_corpus
from rectlogic.formats.auto import codec, load
from rectlogic.genres.base import SEARCH
from rectlogic.genres.registry import GENRES, get_genre
from rectlogic.grade import grade, score
from rectlogic.studies import bank_boards

from .test_cli import run

ROWS = bank.rows()
PARTS = 8


@pytest.mark.parametrize("part", range(PARTS))
def test_every_bank_board_is_unique_graded_and_valid(part: int) -> None:
    from rectlogic.solve import solve

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


@pytest.mark.parametrize("genre", [g for g in GENRES if g.STAR_CUTS and not janko_corpus(
    g.name).is_file()], ids=lambda g: g.name)
def test_star_cuts_of_a_genre_janko_does_not_publish_are_the_banks(genre) -> None:
    """Without a published corpus the stars are cut on the shipped bank's boards, at the
    shares Janko's are cut at (`Genre.STAR_CUTS`): they recompute from the bank."""
    from rectlogic.grade import star_cuts

    found = [grade(load(r.url).puzzle, scored=True).difficulty
             for r in ROWS if r.genre == genre.name]
    assert star_cuts(found) == genre.STAR_CUTS


def test_a_bank_board_is_remade_from_its_seed() -> None:
    """`make bank` is reproducible and the shipped bank is what it makes today: per genre
    the first board of each small size, at its grade, remade by the generator from its seed
    (a generator changed since the bank was built fails here, not silently)."""
    from rectlogic.formats.auto import url_of
    from rectlogic.generate import timed_attempt

    firsts = {}
    for row in ROWS:
        if row.rows == row.cols <= 10 and row.seed is not None:
            firsts.setdefault((row.genre, row.rows), row)
    assert {genre for genre, _ in firsts} == {row.genre for row in ROWS}
    for row in firsts.values():
        board, _ = timed_attempt((row.genre, row.rows, row.cols, row.grade, row.seed,
                                  "published"))
        assert board is not None and url_of(board.puzzle) == row.url, row.id


def test_no_bank_board_is_degenerate() -> None:
    """None of the bank's boards is one no published setter would make (`Genre.faults`: an
    answer of one piece, numbers mostly 0, black cells mostly touching)."""
    for row in ROWS:
        puzzle = load(row.url).puzzle
        answer = codec(row.genre).answer_from_json(puzzle, row.answer)
        assert get_genre(row.genre).faults(puzzle, answer) == [], row.id


MIRRORS = (lambda y, x, h, w: (x, y), lambda y, x, h, w: (y, w - x),
           lambda y, x, h, w: (h - y, x))
"""Across the main diagonal, left-right, up-down: on doubled coordinates (cells odd, the
edges between them even) of a board 2h × 2w; together they make the eight symmetries."""


def shapes_of(puzzle) -> frozenset:
    """What a player is given (each cell's fill and text, each region border), as a set of
    items on doubled coordinates, read from the board description the player draws (so it
    names no genre)."""
    board = get_genre(puzzle.genre).board_json(puzzle)
    items = {("cell", 2 * r + 1, 2 * c + 1, (g["fill"], g["text"]))
             for r, row in enumerate(board["fixed"]) for c, g in enumerate(row) if g}
    for kind, dy, dx in (("vertical", 1, 2), ("horizontal", 2, 1)):
        for r, row in enumerate((board["borders"] or {}).get(kind, [])):
            items |= {("edge", 2 * r + dy, 2 * c + dx, None) for c, on in enumerate(row) if on}
    return frozenset(items)


def canonical(puzzle) -> tuple:
    """The board's givens up to the eight symmetries and a shift (`least_form`)."""
    return (puzzle.genre, least_form(shapes_of(puzzle), 2 * puzzle.rows, 2 * puzzle.cols))


def least_form(items: frozenset, h: int, w: int) -> tuple:
    """Items on doubled coordinates of a 2h × 2w board under the eight symmetries, each shifted
    to its own corner (so boards equal up to a shift meet too): the least of the eight, as
    a sorted tuple."""
    forms = []
    for mask in range(8):
        moved, hh, ww = set(items), h, w
        for bit, mirror in enumerate(MIRRORS):
            if mask >> bit & 1:
                moved = {(k, *mirror(y, x, hh, ww), v) for k, y, x, v in moved}
                if bit == 0:
                    hh, ww = ww, hh
        top = min((y for _, y, _, _ in moved), default=0)
        left = min((x for _, _, x, _ in moved), default=0)
        forms.append(tuple(sorted(((k, y - top, x - left, v) for k, y, x, v in moved),
                                  key=repr)))
    return min(forms, key=repr)


def test_no_two_bank_boards_are_the_same_under_symmetry_or_a_shift() -> None:
    seen: dict[tuple, int] = {}
    for row in ROWS:
        key = canonical(load(row.url).puzzle)
        assert key not in seen, (seen.get(key), row.id)
        seen[key] = row.id


def test_the_duplicate_finder_sees_a_turned_and_shifted_board() -> None:
    """The finder itself, on each genre's first bank board: its givens turned a quarter and
    shifted inside a larger board are found the same, and another board's are not."""
    for genre in {row.genre for row in ROWS}:
        first, second = [load(r.url).puzzle for r in ROWS if r.genre == genre][:2]
        items, h, w = shapes_of(first), 2 * first.rows, 2 * first.cols
        turned = frozenset((k, x + 4, h - y + 2, v) for k, y, x, v in items)
        assert least_form(turned, w + 8, h + 8) == least_form(items, h, w), genre
        assert canonical(second) != canonical(first), genre


def assert_the_promised_counts(genre: str) -> None:
    """16 boards per small size at every grade the bank has of the genre, two grades or more,
    `probe` among them where the genre's ladder has it; 8 per grade at one grade or more at
    15×15 and 20×20 where the genre promises them (`Genre.BANK_SIDES`; the README's promise
    for every genre the bank holds)."""
    have = {(c["genre"], c["size"], c["grade"]): c["count"] for c in bank.counts()}
    probing = "probe" in get_genre(genre).LADDER
    for size in ("6x6", "8x8", "10x10"):
        graded = {g: n for (ge, s, g), n in have.items() if ge == genre and s == size}
        assert not probing or graded.get("probe", 0) >= bank.PER_GRADE, (genre, size, graded)
        assert len(graded) >= 2, (genre, size, graded)
        assert all(n >= bank.PER_GRADE for n in graded.values()), (genre, size, graded)
    for size in [f"{n}x{n}" for n in get_genre(genre).BANK_SIDES if n > 10]:
        graded = {g: n for (ge, s, g), n in have.items() if ge == genre and s == size}
        assert graded and all(n >= bank.PER_LARGE for n in graded.values()), (genre, size,
                                                                               graded)


def test_every_genre_the_bank_holds_has_the_promised_counts() -> None:
    held = {c["genre"] for c in bank.counts()}
    assert held and held <= {g.name for g in GENRES}  # boards of registered genres only
    for genre in sorted(held):
        assert_the_promised_counts(genre)


def looks(genre: str, only: str | None = None) -> dict[str, float]:
    """The bank's boards of 10×10 and above: each look measure's mean (`studies.looks`); with
    `only`, the mean over the boards whose measure of that name is not 0."""
    from rectlogic.studies.looks import measure

    boards = [b for size in bank_boards(genre).values() for b in size
              if min(b[0].rows, b[0].cols) >= 10]
    names, table = measure(genre, boards)
    if only is not None:
        table = table[table[:, names.index(only)] != 0]
    return dict(zip(names, table.mean(axis=0).tolist(), strict=True))


def test_bank_commands(tmp_path) -> None:
    """list, export (of one genre), show; add to a bank that is not there is refused, to a
    new one adds the board with its grade, a board id the bank lacks is refused."""
    listed = json.loads(run("bank", "list", "--json").stdout)
    assert listed == bank.counts()
    assert set(listed[0]) == {"genre", "size", "grade", "count", "stars"}
    assert all(1 <= c["stars"][0] <= c["stars"][1] <= 5 for c in listed)
    some = listed[0]["genre"]
    exported = json.loads(run("bank", "export", "--genre", some, "--json").stdout)
    assert exported and set(exported[0]) == {"id", "genre", "rows", "cols", "grade", "score",
                                             "stars", "url", "solution"}
    assert all(b["genre"] == some for b in exported)
    assert len(exported) == sum(c["count"] for c in listed if c["genre"] == some)
    shown = json.loads(run("bank", "show", str(exported[0]["id"]), "--json").stdout)
    assert shown == exported[0]
    mine = tmp_path / "mine.sqlite"
    genre = GENRES[0]
    mine_url = genre.examples.SOLVED[0].url
    p = load(mine_url).puzzle
    r = run("bank", "add", mine_url, "--bank", str(mine))
    assert r.returncode == 2  # no such bank yet: refused, the shipped one is not touched
    bank.add([], mine, create=True)
    assert run("bank", "add", mine_url, "--bank", str(mine)).stdout.strip() == "1 added"
    again = json.loads(run("bank", "list", "--bank", str(mine), "--json").stdout)
    stars = grade(p, scored=True).stars
    assert again == [{"genre": genre.name, "size": f"{p.rows}x{p.cols}",
                      "grade": grade(p).grade, "count": 1, "stars": [stars, stars]}]
    assert run("bank", "show", "99999").returncode == 2


def assert_regraded_from_before_stars(row: bank.Row, tmp_path) -> None:
    """A bank made before scores and stars (and before the ways and nested rungs), holding
    `row` as `search`, is read with neither, gains both columns when written, and `bank
    regrade` grades it anew: to the row's grade, score and stars."""
    old = tmp_path / "old.sqlite"
    con = sqlite3.connect(old)
    con.execute("CREATE TABLE boards (id INTEGER PRIMARY KEY, genre TEXT NOT NULL, rows INTEGER"
                " NOT NULL, cols INTEGER NOT NULL, grade TEXT NOT NULL, url TEXT NOT NULL UNIQUE,"
                " answer TEXT NOT NULL, seed INTEGER, generator TEXT, added TEXT NOT NULL)")
    con.execute("INSERT INTO boards VALUES (1, ?, ?, ?, 'search', ?, ?, NULL, NULL, "
                "'2026-01-01')", (row.genre, row.rows, row.cols, row.url, json.dumps(row.answer)))
    con.commit()
    con.close()
    before = bank.get(1, old)
    assert (before.grade, before.score, before.stars) == ("search", None, None)
    r = run("bank", "regrade", "--bank", str(old))
    assert r.returncode == 0 and f"{row.genre} search -> {row.grade}" in r.stdout
    after = bank.get(1, old)
    assert (after.grade, after.score, after.stars) == (row.grade, row.score, row.stars)
    assert after.stars is not None


def test_a_bank_from_before_stars_is_read_then_regraded(tmp_path) -> None:
    """The bank's strongest-graded small board below `search`, stored as an old bank would."""
    def strength(r: bank.Row) -> int:
        return get_genre(r.genre).grades.index(r.grade)

    row = max((r for r in ROWS if r.grade != SEARCH and r.rows <= 8), key=strength)
    assert_regraded_from_before_stars(row, tmp_path)


def test_the_boards_kept_of_a_grade_follow_the_reference_spread() -> None:
    """`bank.spread_like`: of boards scored 0–19 caught in a scrambled order, the four kept
    against a reference of 10–13 are those scored 10–13 (one per quantile, nearest first),
    in the order they were caught; against a reference far above, the highest ones."""
    from rectlogic.generate import Board

    scores = [7, 13, 0, 19, 10, 4, 12, 16, 1, 11, 18, 3, 6, 15, 9, 2, 14, 5, 17, 8]
    caught = [Board("x", 6, 6, "probe", k, None, None, score=s) for k, s in enumerate(scores)]
    kept = bank.spread_like(caught, [10, 11, 12, 13], 4)
    assert [b.score for b in kept] == [13, 10, 12, 11]
    assert [b.score for b in bank.spread_like(caught, [40, 50], 3)] == [19, 18, 17]


def test_a_bank_built_with_a_spread_follows_it(tmp_path) -> None:
    """`bank.build` with a reference spread for one grade that its first catch strays from
    (here: all the reference's scores 0) fishes spare boards and keeps those nearest the
    reference (the easiest caught); one whose first catch is near it keeps that catch."""
    from rectlogic.generate import fish

    genre, side = GENRES[1], 6  # any genre will do: this one fishes 6×6 boards in a blink
    name, target = genre.name, bank.grades(genre.name)[1]
    plain, spread = tmp_path / "plain.sqlite", tmp_path / "spread.sqlite"
    rungs = [g for g in bank.grades(name)[1:] if g == target]
    built = {}
    real_grades = bank.grades
    for path, reference in ((plain, None), (spread, {target: [0] * bank.SPREAD_LEAST})):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(bank, "SMALL_SIZES", ((side, side),))
            patch.setattr(bank, "LARGE_SIZES", ())
            patch.setattr(bank, "PER_GRADE", 4)
            patch.setattr(bank, "grades",
                          lambda g: ["none", *rungs] if g == name else real_grades(g))
            bank.build(path, [name], say=lambda _: None,
                       spread=None if reference is None else lambda g, s, r=reference: r)
        built[path] = sorted(r.score for r in bank.rows(path))
    seed = 1_000_000 * side + 100_000 * 1  # the target's place in the ladder built here
    eight = fish(name, side, side, target, seed, 8, *bank.FISHING["small"])
    every = sorted(b.score for b in eight.boards)
    assert built[spread] == every[:4] and len(built[plain]) == 4
    assert sum(built[spread]) < sum(built[plain])
    first = fish(name, side, side, target, 1_000_000 * side + 100_000 * bank.grades(
        name).index(target), 4, *bank.FISHING["small"]).boards
    kept, _ = bank.fill(name, (side, side), target, 4, bank.FISHING["small"],
                        [b.score for b in first] * 3)
    assert kept is not None and [b.puzzle for b in kept] == [b.puzzle for b in first]


def test_herding_keeps_the_candidates_that_spread_like_the_reference() -> None:
    """`bank.herded`: of candidates spread evenly over −3…3, the ten kept against a reference
    spread about 0 (sd 1) or at −2 and 2 (sd 2) have the reference's mean and spread (not
    all the middlemost, nor the first); against a reference about 2, they lie about 2; a
    NaN counts as the reference's mean; two tables (a second column wanted near 0) are
    followed together."""
    import numpy as np

    line = np.linspace(-3, 3, 61)[:, None]
    for reference in (np.linspace(-1.5, 1.5, 7)[:, None],
                      np.array([[-2.0], [-2.1], [-1.9], [2.0], [2.1], [1.9]])):
        kept = line[bank.herded([(line, reference)], 10), 0]
        assert len(set(kept)) == 10 and abs(kept.mean()) < 0.25
        assert abs(kept.std() / reference.std() - 1) < 0.1
    near = line[bank.herded([(line, np.array([[1.8], [2.0], [2.2]]))], 5), 0]
    assert (abs(near - 2) <= 0.5).all()
    holes = np.array([[np.nan], [5.0], [-5.0]])
    assert bank.herded([(holes, np.array([[-1.0], [1.0]]))], 1) == [0]
    both = np.hstack([line, line[::-1]])  # the second column is the first, mirrored
    assert abs(line[bank.herded([(both[:, :1], reference), (both[:, 1:], np.zeros((3, 1)))],
                                1), 0]).max() <= 0.5


def test_a_grade_with_published_looks_keeps_the_boards_that_look_like_them() -> None:
    """`bank.fill` with `Looks`: it fishes LOOKS_SPARE more boards than it keeps and keeps
    those whose measure (here a board's score) spreads like the reference's (here: 3 to
    5, at the low end of the boards caught), in the order they were caught; without it,
    the first caught."""
    import numpy as np

    from rectlogic.formats.auto import url_of
    from rectlogic.generate import fish

    genre, side = GENRES[1], 6  # any genre will do: this one fishes 6×6 boards in a blink
    name, target = genre.name, bank.grades(genre.name)[1]

    def scores(boards):
        return np.array([[b.score] for b in boards], dtype=float)

    plain, _ = bank.fill(name, (side, side), target, 4, bank.FISHING["small"], [])
    low = bank.Looks(scores, np.array([[3.0], [4.0], [5.0]]))
    kept, _ = bank.fill(name, (side, side), target, 4, bank.FISHING["small"], [], looks=low)
    every = fish(name, side, side, target, 1_000_000 * side + 100_000 * 1,
                 4 + int(4 * bank.LOOKS_SPARE), *bank.FISHING["small"]).boards
    urls = [url_of(b.puzzle) for b in every]
    assert [url_of(b.puzzle) for b in plain] == urls[:4]
    picked = [urls.index(url_of(b.puzzle)) for b in kept]
    assert len(set(picked)) == 4 and picked == sorted(picked)
    assert scores(kept).max() <= 5 < scores(plain).max()
    assert scores(kept).sum() < scores(plain).sum()


def test_a_large_size_fishes_only_the_grades_the_size_before_reached(tmp_path, monkeypatch) -> None:
    """`bank.build`: a grade the 10×10 did not reach is not fished at 15×15, nor one the
    15×15 did not reach at 20×20 (it says so); the small sizes fish every grade."""
    genre = GENRES[0].name
    ladder = bank.grades(genre)[1:]
    asked: list[tuple[int, str]] = []
    missing = {(10, ladder[0]), (15, ladder[1])}

    def fill(name, size, target, want, *rest):
        asked.append((size[0], target))
        return (None, 1) if (size[0], target) in missing else ([], 1)

    monkeypatch.setattr(bank, "fill", fill)
    monkeypatch.setattr(bank, "add", lambda boards, path, create=False: 0)
    said: list[str] = []
    bank.build(tmp_path / "b.sqlite", [genre], say=said.append)
    sides = [s for s in (6, 8, 10, 15, 20) if s in GENRES[0].BANK_SIDES]
    expected = [(s, g) for s in sides for g in ladder
                if not (s == 15 and g == ladder[0]) and not (s == 20 and g in ladder[:2])]
    assert asked == expected
    assert f"{genre} 15x15 {ladder[0]}: not fished (not reached at 10x10)" in said
    monkeypatch.setattr(bank, "LARGE_SKIPS_UNREACHED", False)
    asked.clear()
    bank.build(tmp_path / "b.sqlite", [genre], say=said.append)
    assert asked == [(s, g) for s in sides for g in ladder]


def test_a_large_size_fishes_no_grade_above_the_genres_large_top(tmp_path, monkeypatch) -> None:
    """`bank.build`: with a genre's `BANK_LARGE_TOP` set, 15×15 and 20×20 stop at that grade;
    the small sizes still fish every grade."""
    genre = GENRES[0].name
    ladder = bank.grades(genre)[1:]
    asked: list[tuple[int, str]] = []

    def fill(name, size, target, want, *rest):
        asked.append((size[0], target))
        return [], 1

    monkeypatch.setattr(bank, "fill", fill)
    monkeypatch.setattr(bank, "add", lambda boards, path, create=False: 0)
    monkeypatch.setattr(type(GENRES[0]), "BANK_LARGE_TOP", ladder[0])
    bank.build(tmp_path / "b.sqlite", [genre], say=lambda line: None)
    sides = [s for s in (6, 8, 10, 15, 20) if s in GENRES[0].BANK_SIDES]
    assert asked == [(s, g) for s in sides for g in (ladder if s <= 10 else ladder[:1])]
    assert bank.fished_grades(genre, large=False) == ladder
