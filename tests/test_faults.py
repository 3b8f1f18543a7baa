"""Faults found by trying the shells as an attacker and an unlucky operator would (issue 30):
every grade in every shell, `none` included; every Janko board through `bank add`; a corrupt
or missing bank; URLs with text after the board; empty answers; bad input at the edges."""

from __future__ import annotations

import json
import shutil

import pytest
from fastapi.testclient import TestClient

from rectlogic import bank
from rectlogic.analyze import analyze
from rectlogic.errors import RectlogicError
from rectlogic.formats import janko
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRES, get_genre
from rectlogic.grade import grade
from rectlogic.web import create_app

from .conftest import DATA
from .test_cli import run

JANKO_SHIKAKU_431 = "https://puzz.link/p?shikaku/10/10/j5fzx-14anf5zxa-14j"
ALL_BLACK_SHAKASHAKA = "3 3\nx x x\nx x x\nx x x\n"
"""Janko's form (a `ROWS COLS` line, then the rows): every cell an unnumbered black cell."""
NONE_BOARDS = {"shikaku": JANKO_SHIKAKU_431, "shakashaka": ALL_BLACK_SHAKASHAKA}
"""Boards the `none` rung finishes (their cells are decided before any rule runs). Chocona
has none: every cell of its empty board is open."""
SMALL_BOARDS = [("shakashaka", "clues", "https://puzz.link/p?shakashaka/2/2/.g0a"),
                ("shakashaka", "parity", "https://puzz.link/p?shakashaka/2/2/h../")]
"""Rungs the bank has no board of, found by grading random 2×2–5×5 boards. (No Shakashaka
or Shikaku board that needs a guess turned up in 8,000 of them, nor from the generator:
`search` is tested on Chocona's.)"""

client = TestClient(create_app(workers=1), raise_server_exceptions=False)


def rung_boards() -> list[tuple[str, str, str]]:
    """(genre, grade, puzzle): for each genre and each of its grades, the smallest bank board
    of that grade, and the `none` boards above (the bank keeps no `none` board)."""
    out = [(g, "none", text) for g, text in NONE_BOARDS.items()] + SMALL_BOARDS
    smallest: dict[tuple[str, str], bank.Row] = {}
    for row in bank.rows():
        key = (row.genre, row.grade)
        if key not in smallest or row.rows * row.cols < smallest[key].rows * smallest[key].cols:
            smallest[key] = row
    out += [(g, grade_, row.url) for (g, grade_), row in sorted(smallest.items())]
    return out


BOARDS = rung_boards()


UNREACHED = {("shakashaka", "nested"), ("shikaku", "nested")}
"""Rungs no known board needs (none of Janko's, none of the bank's): nothing to grade them on."""


def test_every_grade_of_every_genre_has_a_board_here() -> None:
    have = {(g, gr) for g, gr, _ in BOARDS}
    for genre in GENRES:
        want = set(genre.LADDER) - ({"none"} if genre.name not in NONE_BOARDS else set())
        want -= {gr for g, gr in UNREACHED if g == genre.name}
        assert {gr for g, gr in have if g == genre.name} >= want, genre.name
    assert ("chocona", "nested") in have


@pytest.mark.parametrize(("genre", "rung", "puzzle"), BOARDS)
def test_grade_and_analyze_handle_every_rung(genre: str, rung: str, puzzle: str) -> None:
    p = load(puzzle).puzzle
    g = grade(p, scored=True)
    assert (g.genre, g.grade) == (genre, rung)
    assert (g.score is None) == (rung == "search")
    if rung == "none":
        assert g.score == 0  # decided before any rule: no cell needs one
    out = analyze(p)
    assert (out["status"], out["grade"], out["score"]) == ("unique", rung, g.score)


@pytest.mark.parametrize("puzzle", [JANKO_SHIKAKU_431, ALL_BLACK_SHAKASHAKA])
def test_the_none_boards_in_every_shell(puzzle: str, tmp_path) -> None:
    source = puzzle
    if "\n" in puzzle:
        source = str(tmp_path / "board.txt")
        (tmp_path / "board.txt").write_text(puzzle)
    for command in ("grade", "analyze"):
        r = run(command, source, "--json")
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["grade"] == "none"
    r = client.post("/api/analyze", json={"puzzle": puzzle})
    assert r.status_code == 200, r.text
    assert r.json()["grade"] == "none"
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    r = run("bank", "add", source, "--bank", str(mine))
    if puzzle == ALL_BLACK_SHAKASHAKA:  # no triangle to place: refused, and says why
        assert r.returncode == 2 and "its only answer is empty" in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and bank.rows(mine) == []
    else:
        assert (r.returncode, r.stdout.strip()) == (0, "1 added"), r.stderr
        assert [row.grade for row in bank.rows(mine)] == ["none"]


@pytest.mark.parametrize("genre", ["Shikaku", "Shakashaka", "Chocona"])
def test_bank_add_takes_every_janko_board_or_says_why_not(genre: str, tmp_path) -> None:
    """Each Janko board read as `bank add` reads it, then admitted (proved unique, graded,
    scored) or refused with a one-line reason; the admitted ones all go into a new bank."""
    _, entries = janko.read_corpus(DATA / "janko" / f"{genre}_dataset.json")
    admitted, refused = [], {}
    for e in entries:
        try:
            admitted.append(bank.admit(load(e.problem).puzzle))
        except RectlogicError as exc:
            assert str(exc) and "\n" not in str(exc), e.key
            refused[e.key] = str(exc)
    mine = tmp_path / "janko.sqlite"
    distinct = {b.to_json()["url"] for b in admitted}  # Janko repeats a few boards
    assert bank.add(admitted, mine, create=True) == len(distinct) > 0.98 * len(entries)
    assert {r.url for r in bank.rows(mine)} == distinct
    assert all(b.grade in get_genre(b.genre).grades for b in admitted)
    # what is refused, and why: Janko's two Shikaku with two answers, one broken scrape
    expected = {"Shikaku": {"the puzzle is multiple, not unique"},
                "Shakashaka": {"Janko text: the problem has 10 rows, expected 11"},
                "Chocona": set()}[genre]
    assert set(refused.values()) == expected, refused


def test_bank_add_names_each_refused_board(tmp_path) -> None:
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    r = run("bank", "add", JANKO_SHIKAKU_431, "https://puzz.link/p?shikaku/2/2/g2h",
            "https://puzz.link/p?chocona/1/1/0", "--bank", str(mine))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "PUZZLE 2" in r.stderr and "not unique" in r.stderr
    assert "PUZZLE 3" in r.stderr and "empty" in r.stderr
    assert "PUZZLE 1" not in r.stderr and bank.rows(mine) == []  # all or nothing


# -- a corrupt or missing bank ------------------------------------------------------------------


@pytest.fixture(scope="module")
def corrupt_bank(tmp_path_factory) -> str:
    """A copy of the shipped bank whose bytes 8192–24575 are overwritten."""
    path = tmp_path_factory.mktemp("bank") / "corrupt.sqlite"
    shutil.copy(bank.default_path(), path)
    with open(path, "r+b") as fh:
        fh.seek(8192)
        fh.write(b"\xa5" * (24576 - 8192))
    return str(path)


@pytest.fixture(params=["corrupt", "missing"])
def broken_bank(request, corrupt_bank: str, tmp_path) -> str:
    return corrupt_bank if request.param == "corrupt" else str(tmp_path / "none.sqlite")


@pytest.mark.parametrize("command", [("list",), ("show", "1"), ("export",),
                                     ("export", "--json")])
def test_bank_commands_on_a_broken_bank_say_one_line(command: tuple[str, ...],
                                                     broken_bank: str) -> None:
    r = run("bank", *command, "--bank", broken_bank)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    assert broken_bank in r.stderr


def test_the_server_on_a_broken_bank_serves_the_rest(broken_bank: str) -> None:
    broken = TestClient(create_app(broken_bank, workers=1), raise_server_exceptions=False)
    for path in ("/api/bank", "/api/bank/index", "/api/bank/boards", "/api/bank/1",
                 "/api/bank/1/next"):
        r = broken.get(path)
        assert r.status_code == 503, (path, r.text)
        assert r.json()["error"].startswith("bank unavailable"), path
    rules = broken.get("/api/rules")
    assert rules.status_code == 200
    assert [g["name"] for g in rules.json()] == [g.name for g in GENRES]
    assert all(g["rules"] and g["example"] for g in rules.json())  # the genres' own examples
    assert broken.post("/api/puzzle", json={"puzzle": JANKO_SHIKAKU_431}).status_code == 200
    assert broken.get("/api/genres").status_code == 200


def test_a_missing_board_is_404_and_the_spec_says_so() -> None:
    r = client.get("/api/bank/999999")
    assert r.status_code == 404 and "no board" in r.json()["error"]
    spec = client.get("/openapi.json").json()["paths"]
    for path in ("/api/bank/{board_id}", "/api/bank/{board_id}/next"):
        assert "404" in spec[path]["get"]["responses"], path
    for path in ("/api/bank", "/api/bank/index", "/api/bank/boards", "/api/bank/{board_id}"):
        assert "503" in spec[path]["get"]["responses"], path


# -- URLs as people paste them -------------------------------------------------------------------

PASTED = {
    "https://puzz.link/p?shikaku/8/8/9h5h4l6j4j5j&id=259flcep": '"&id=259flcep"',
    "https://puzz.link/p?shikaku/10/10/m9k5h2z4h5k4mcmaj4h8l%22": '"%22"',
    JANKO_SHIKAKU_431 + '" rel="nofollow': '"\\" rel=\\"nofollow"',
}
"""URLs copied with text after the puzzle, and how the note names what is left out."""
REFUSED = ["https://puzz.link/p?shakashaka/6/6/zzzz&id=3",  # a run past the board
           "https://puzz.link/p?shakashaka/6/6/cgb!hdhegdrb",  # outside the encoding
           "https://puzz.link/p?shikaku/4/4/1~2"]


@pytest.mark.parametrize("url", list(PASTED))
def test_text_after_the_puzzle_is_left_out_with_a_note(url: str) -> None:
    import rectlogic as rl

    clean = url[: len(url) - len(json.loads(PASTED[url]))]
    note = f"ignored {PASTED[url]} after the puzzle in the URL"
    loaded = rl.read(url)
    assert loaded.warnings == (note,) and not rl.read(clean).warnings
    assert loaded.puzzle == rl.load(clean)
    with pytest.warns(rl.IgnoredInput, match="after the puzzle in the URL"):
        assert rl.load(url) == loaded.puzzle
    r = run("solve", url, "--json")
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip() == f"note: {note}"
    assert json.loads(r.stdout) | {"seconds": 0} == json.loads(run(
        "solve", clean, "--json").stdout) | {"seconds": 0}
    for path in ("/api/puzzle", "/api/solve", "/api/analyze"):
        out = client.post(path, json={"puzzle": url})
        assert out.status_code == 200, (path, out.text)
        assert out.json()["warnings"] == [note], path
        assert "warnings" not in client.post(path, json={"puzzle": clean}).json(), path


@pytest.mark.parametrize("url", REFUSED)
def test_a_body_that_does_not_decode_is_still_refused(url: str) -> None:
    import rectlogic as rl

    with pytest.raises(rl.FormatError):
        rl.load(url)
    r = run("solve", url)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert client.post("/api/puzzle", json={"puzzle": url}).status_code == 400


# -- one truth for empty answers -----------------------------------------------------------------

EMPTY_ANSWERED = {"chocona": "https://puzz.link/p?chocona/1/1/0",
                  "shakashaka": "https://puzz.link/p?shakashaka/2/1/0g",
                  "shikaku": None}
"""Boards whose only answer is empty (nothing shaded, no triangle). A Shikaku answer always
places rectangles: there the guard never fires."""


@pytest.mark.parametrize("genre", sorted(EMPTY_ANSWERED))
def test_validate_agrees_with_solve_and_check_on_empty_answers(genre: str) -> None:
    import rectlogic as rl

    g = get_genre(genre)
    url = EMPTY_ANSWERED[genre]
    if url is None:  # the guard: a board of one clue, answered by its one rectangle
        assert not g.UI_ONLY_CODES
        url = "https://puzz.link/p?shikaku/1/1/1"
    p = rl.load(url)
    found = rl.solve(p)
    assert found.status == "unique"
    answer = found.answers[0]
    assert g.validate(p, answer) == []  # the README's promise: [] means correct
    assert g.obeys_rules(p, answer) and g.check(p, answer)[0] == []
    assert run("check", url, json.dumps(g.answer_json(p, answer))).returncode == 0
    if g.UI_ONLY_CODES:
        assert g.is_blank(p, answer)
        guard = [v.code for v in g.pzprjs_findings(p, answer)]
        assert guard and set(guard) <= g.UI_ONLY_CODES  # pzprjs's guard: a note in `check`
        assert [v.code for v in g.check(p, answer)[1]] == guard


# -- bad input at the edges -------------------------------------------------------------------


@pytest.mark.parametrize("args", [("solve", "--"), ("solve", JANKO_SHIKAKU_431, "--bogus"),
                                  ("bank",), ("solve", JANKO_SHIKAKU_431, "--limit", "x")])
def test_usage_errors_are_one_line(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1 and "╭" not in r.stderr, r.stderr
    assert r.stderr.startswith("rectlogic: ") and "--help" in r.stderr


def test_booleans_are_not_numbers() -> None:
    url = "https://puzz.link/p?shikaku/2/1/2"
    r = run("check", url, "[[true,false,1,1]]")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, (r.stdout, r.stderr)
    assert run("check", url, "[[0,0,1,2]]").returncode == 0
    out = client.post("/api/check", json={"puzzle": url, "answer": [[True, False, 1, 1]]})
    assert out.status_code == 422, out.text
    import rectlogic as rl

    with pytest.raises(rl.FormatError):
        get_genre("shikaku").codec.answer_from_json(rl.load(url), [[True, False, 1, 1]])


def test_clause_engines_ask_for_a_clause_model(monkeypatch, capsys) -> None:
    """A genre without a `cnf` part: the shell asks first and refuses in one line."""
    from rectlogic import cli, sat

    genre = get_genre("shikaku")
    assert genre.clause_model is not None
    monkeypatch.setattr(type(genre), "clause_model", None)
    for engine in sat.ENGINES:
        with pytest.raises(SystemExit) as stop:
            cli.main(["solve", JANKO_SHIKAKU_431, "--engine", engine])
        said = capsys.readouterr().err.strip().splitlines()
        assert stop.value.code == 2 and len(said) == 1, said
        assert "no clause model" in said[0] and "--engine ours" in said[0]
        with pytest.raises(RectlogicError, match="no clause model"):
            sat.ENGINES[engine](load(JANKO_SHIKAKU_431).puzzle)


def test_a_generator_out_of_time_is_the_servers_503_not_a_400() -> None:
    quick = TestClient(create_app(workers=1, deadlines={"generate": 2.0}),
                       raise_server_exceptions=False)
    r = quick.post("/api/generate", json={"genre": "shikaku", "size": "15x15",
                                          "grade": "search"})
    assert r.status_code == 503, r.text
    assert "deadline" in r.json()["error"] or "longer than" in r.json()["error"]
    assert r.headers["Retry-After"]
