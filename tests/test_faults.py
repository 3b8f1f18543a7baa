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
from rectlogic.bench.corpus import janko_corpus
from rectlogic.errors import RectlogicError
from rectlogic.formats import janko
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre
from rectlogic.grade import grade
from rectlogic.web import create_app

from .test_cli import run

client = TestClient(create_app(workers=1), raise_server_exceptions=False)
URL = GENRES[0].examples.SOLVED[0].url
PUBLISHED = [g.name for g in GENRES if janko_corpus(g.name).is_file()]
"""The genres Janko publishes (a corpus of theirs is in tests/data/janko)."""


def smallest_bank_board_per_grade() -> list[tuple[str, str, str]]:
    """(genre, grade, puzzle): for each genre and grade the bank has, its smallest board of
    that grade. (The bank keeps no `none` board, nor boards of rungs its generator does not
    reach: each genre's are beside it, `test_<genre>_faults.py`.)"""
    smallest: dict[tuple[str, str], bank.Row] = {}
    for row in bank.rows():
        key = (row.genre, row.grade)
        if key not in smallest or row.rows * row.cols < smallest[key].rows * smallest[key].cols:
            smallest[key] = row
    return [(g, grade_, row.url) for (g, grade_), row in sorted(smallest.items())]


BOARDS = smallest_bank_board_per_grade()


def bank_grades(genre: str) -> set[str]:
    """The grades the bank has boards of, in a genre."""
    return {gr for g, gr, _ in BOARDS if g == genre}


def assert_grade_and_analyze_handle(genre: str, rung: str, puzzle: str) -> None:
    """`grade` and `analyze` give the board its rung (and a score: 0 for `none`, whose cells
    are decided before any rule runs; none for `search`)."""
    p = load(puzzle).puzzle
    g = grade(p, scored=True)
    assert (g.genre, g.grade) == (genre, rung)
    assert (g.score is None) == (rung == "search")
    if rung == "none":
        assert g.score == 0  # decided before any rule: no cell needs one
    out = analyze(p)
    assert (out["status"], out["grade"], out["score"]) == ("unique", rung, g.score)


@pytest.mark.parametrize(("genre", "rung", "puzzle"), BOARDS)
def test_grade_and_analyze_handle_every_rung(genre: str, rung: str, puzzle: str) -> None:
    assert_grade_and_analyze_handle(genre, rung, puzzle)


def assert_none_board_in_every_shell(puzzle: str, tmp_path, refused: str | None = None) -> None:
    """A board graded `none` in the CLI's grade and analyze, the API's analyze, and `bank
    add` (which adds it, or refuses it in one line saying `refused`)."""
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
    if refused:
        assert r.returncode == 2 and refused in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1 and bank.rows(mine) == []
    else:
        assert (r.returncode, r.stdout.strip()) == (0, "1 added"), r.stderr
        assert [row.grade for row in bank.rows(mine)] == ["none"]


def janko_admission(genre: str, tmp_path) -> dict[str, str]:
    """Each Janko board read as `bank add` reads it, then admitted (proved unique, graded,
    scored) or refused with a one-line reason; the admitted ones all go into a new bank, and
    more than 98 % are admitted. The refused: key → reason."""
    _, entries = janko.read_corpus(janko_corpus(genre))
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
    return refused


@pytest.mark.parametrize("genre", PUBLISHED)
def test_bank_add_takes_every_janko_board_or_says_why_not(genre: str, tmp_path) -> None:
    """What is refused, and why, is each genre's (`test_<genre>_faults.py`)."""
    refused = janko_admission(genre, tmp_path)
    assert len(refused) <= 0.02 * len(janko.read_corpus(janko_corpus(genre))[1])


def test_bank_add_names_each_refused_board(tmp_path) -> None:
    """All or nothing: the boards refused are named, each with its reason, in one line."""
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    r = run("bank", "add", URL, URL + "!", "https://puzz.link/p?sudoku/6/6/abc",
            "--bank", str(mine))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "PUZZLE 2" in r.stderr and "PUZZLE 3" in r.stderr and "unknown genre" in r.stderr
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
    assert broken.post("/api/puzzle", json={"puzzle": URL}).status_code == 200
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

SUFFIXES = {"&id=259flcep": '"&id=259flcep"', "%22": '"%22"',
            '" rel="nofollow': '"\\" rel=\\"nofollow"'}
"""Text copied after the puzzle, and how the note names what is left out."""
PASTED = [(GENRES[k % len(GENRES)].examples.SOLVED[0].url, [*SUFFIXES][k % len(SUFFIXES)])
          for k in range(max(len(GENRES), len(SUFFIXES)))]
"""Each suffix pasted after a genre's first example, every genre's in turn."""


def assert_left_out_with_a_note(clean: str, url: str, note: str) -> None:
    """`url` reads as `clean` with a note naming what was left out: in the library (a
    warning), the CLI (on stderr) and the API (`warnings`)."""
    import rectlogic as rl

    note = f"ignored {note} after the puzzle in the URL"
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


@pytest.mark.parametrize(("clean", "suffix"), PASTED)
def test_text_after_the_puzzle_is_left_out_with_a_note(clean: str, suffix: str) -> None:
    assert_left_out_with_a_note(clean, clean + suffix, SUFFIXES[suffix])


def assert_still_refused(url: str) -> None:
    """A body that does not decode is refused with text after it too: the library, the CLI
    (one line, exit 2) and the API (400)."""
    import rectlogic as rl

    with pytest.raises(rl.FormatError):
        rl.load(url)
    r = run("solve", url)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert client.post("/api/puzzle", json={"puzzle": url}).status_code == 400


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_a_body_that_does_not_decode_is_still_refused(genre: object) -> None:
    """A run past the board, a character outside the encoding, each with text after it."""
    url = genre.examples.SOLVED[0].url
    p = load(url).puzzle
    body = url.rsplit("/", 1)[1]
    for bad in (url + "z" * (p.rows * p.cols) + "&id=3",
                url[:len(url) - len(body) // 2] + "!" + url[len(url) - len(body) // 2:],
                url + "~2"):
        assert_still_refused(bad)


# -- one truth for empty answers -----------------------------------------------------------------


def assert_validate_agrees_with_solve_and_check_on_empty_answers(url: str) -> None:
    """A board whose only answer is empty (nothing shaded, no triangle): the solver finds
    it, `validate` and `check` accept it ([] means correct), the CLI's check too; pzprjs's
    "not started" guard fires on it, as a note in `check`."""
    import rectlogic as rl

    p = rl.load(url)
    g = get_genre(p.genre)
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


@pytest.mark.parametrize("args", [("solve", "--"), ("solve", URL, "--bogus"),
                                  ("bank",), ("solve", URL, "--limit", "x")])
def test_usage_errors_are_one_line(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1 and "╭" not in r.stderr, r.stderr
    assert r.stderr.startswith("rectlogic: ") and "--help" in r.stderr


@pytest.mark.parametrize("genre", [g for g in GENRES if g.clause_model is not None],
                         ids=[g.name for g in GENRES if g.clause_model is not None])
def test_clause_engines_ask_for_a_clause_model(genre: object, monkeypatch, capsys) -> None:
    """A genre without a clause model: the shell asks first and refuses in one line."""
    from rectlogic import cli, sat

    url = genre.examples.SOLVED[0].url
    monkeypatch.setattr(type(genre), "clause_model", None)
    for engine in sat.ENGINES:
        with pytest.raises(SystemExit) as stop:
            cli.main(["solve", url, "--engine", engine])
        said = capsys.readouterr().err.strip().splitlines()
        assert stop.value.code == 2 and len(said) == 1, said
        assert "no clause model" in said[0] and "--engine ours" in said[0]
        with pytest.raises(RectlogicError, match="no clause model"):
            sat.ENGINES[engine](load(url).puzzle)


def assert_a_generator_out_of_time_is_a_503(genre: str, size: str, grade_: str) -> None:
    """A board the generator cannot make within the server's deadline (here 2 s): 503 with
    Retry-After, the deadline named — the server's limit, not a bad request."""
    quick = TestClient(create_app(workers=1, deadlines={"generate": 2.0}),
                       raise_server_exceptions=False)
    r = quick.post("/api/generate", json={"genre": genre, "size": size, "grade": grade_})
    assert r.status_code == 503, r.text
    assert "deadline" in r.json()["error"] or "longer than" in r.json()["error"]
    assert r.headers["Retry-After"]
