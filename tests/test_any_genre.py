"""Every shell serves a genre it has never heard of: a throwaway genre (`throwaway.py`: a
registered genre's rules under another name, with no clause model, no Janko codec, no extra
formats, no star cut-offs, no heavy example, no bank boards, no studies, no peers) registered
for this module only, once as a copy of each registered genre (so of each answer shape).

Each shell gives for it what it gives for the genre it copies — the same answers, verdicts,
grades and hints — or, where it needs a part the genre lacks, refuses in one line (exit 2 in
the CLI, a 4xx on the web)."""

from __future__ import annotations

import json
import traceback
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rectlogic.engine import limits
from rectlogic.errors import RectlogicError
from rectlogic.formats.auto import dump, load, read_answer
from rectlogic.genres import registry
from rectlogic.genres.registry import GENRES

from .conftest import run_here, serving
from .throwaway import NAME, registered_throwaway, renaming


@pytest.fixture(scope="module", params=GENRES, ids=[g.name for g in GENRES])
def pair(request) -> Any:
    """(the original genre, its throwaway copy, registered while the module's tests run)."""
    with registered_throwaway(request.param) as genre:
        yield request.param, genre


def cli(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    """`rectlogic ARGS` in this process (where the throwaway genre is registered): (exit
    code, stdout, stderr)."""
    said = run_here(capsys, *args)
    return said.returncode, said.stdout, said.stderr


def refused(said: tuple[int, str, str], words: str) -> None:
    """A clean refusal: exit 2, one line on stderr saying `words`, no traceback."""
    code, _, err = said
    assert code == 2 and len(err.strip().splitlines()) == 1, said
    assert words in err and "Traceback" not in err, err


def first(genre: Any) -> tuple[str, Any, Any]:
    """The genre's first example: its URL, puzzle and answer."""
    example = genre.examples.SOLVED[0]
    p = load(example.url).puzzle
    return example.url, p, read_answer(p, example.answer)


def test_it_is_registered_for_this_module_only(pair) -> None:
    original, genre = pair
    assert registry.get_genre(NAME) is genre and registry.GENRES[-1] is genre
    assert load(genre.examples.SOLVED[0].url).puzzle.genre == NAME
    assert (genre.clause_model, genre.janko, genre.codec.EXTRA_FORMATS, genre.STAR_CUTS,
            genre.HEAVY_EXAMPLE) == (None, None, (), (), None)
    assert original.name in registry.GENRE_NAMES


def test_the_cli_solves_checks_converts_grades_and_analyses_it(pair, capsys) -> None:
    original, genre = pair
    url, p, answer = first(genre)
    code, out, _ = cli(capsys, "solve", url, "--json")
    solved = json.loads(out)
    assert code == 0 and solved["genre"] == NAME and solved["status"] == "unique"
    assert solved["solutions"] == [genre.answer_json(p, answer)]
    assert solved["solutions"] == json.loads(cli(capsys, "solve", original.examples.SOLVED[0]
                                                 .url, "--json")[1])["solutions"]
    assert cli(capsys, "solve", url)[0] == 0
    assert cli(capsys, "check", url, json.dumps(solved["solutions"][0]))[0] == 0
    for case in genre.examples.FAILING:
        code, out, _ = cli(capsys, "check", case.board, "--json")
        found = json.loads(out)["errors"] or json.loads(out)["notes"]
        assert (found[0]["code"] if found else None) == case.code
    for fmt in ("url", "pzprv3", "text"):
        code, out, _ = cli(capsys, "convert", url, "--to", fmt)
        assert code == 0 and load(out).puzzle == p, fmt
    code, out, _ = cli(capsys, "grade", url, "--json")
    graded = json.loads(out)
    assert code == 0 and graded["genre"] == NAME and graded["unique"]
    assert graded["stars"] == 1  # no star cut-offs: every board one star
    assert {k: v for k, v in graded.items() if k not in ("genre", "stars", "nodes")} == {
        k: v for k, v in json.loads(cli(capsys, "grade", original.examples.SOLVED[0].url,
                                        "--json")[1]).items()
        if k not in ("genre", "stars", "nodes")}
    code, out, _ = cli(capsys, "analyze", url, "--json")
    assert code == 0 and json.loads(out)["status"] == "unique"
    assert cli(capsys, "analyze", url)[0] == 0
    code, out, _ = cli(capsys, "render", url, "--answer")
    assert code == 0 and out.startswith("<svg") and NAME in out


def test_the_cli_refuses_what_it_lacks_in_one_line(pair, capsys, tmp_path) -> None:
    _, genre = pair
    url = genre.examples.SOLVED[0].url
    for engine in ("sat", "cpsat"):
        refused(cli(capsys, "solve", url, "--engine", engine), "no clause model")
    refused(cli(capsys, "convert", url, "--to", "janko"), "no Janko format")
    refused(cli(capsys, "convert", url, "--to", "tatham"), "unknown format")
    refused(cli(capsys, "booklet", "--genre", NAME, "--size", "6", "--out",
                str(tmp_path / "b.pdf")), "the bank has no")
    refused(cli(capsys, "bench", "--analyze", "--genre", NAME), "the bank has no")
    refused(cli(capsys, "bench", "--hints", "--genre", NAME), "the bank has no")
    refused(cli(capsys, "bench", "--grading", "--genre", NAME), "the bank has no")
    corpus = tmp_path / "urls.txt"
    corpus.write_text(url + "\n")
    refused(cli(capsys, "bench", str(corpus), "--vs", "sat"), "no clause model")
    refused(cli(capsys, "bench", str(corpus), "--vs", "puzzlekit"), "does not solve")
    refused(cli(capsys, "bench", "--scaling", "--genre", NAME, "--vs", "cpsat"),
            "no clause model")


@pytest.mark.usefixtures("pair")
def test_the_cli_generates_it_and_banks_it(capsys, tmp_path) -> None:
    from rectlogic import bank

    code, out, _ = cli(capsys, "generate", "--genre", NAME, "--size", "5x5", "--seed", "1",
                       "--json")
    made = json.loads(out)[0]
    assert code == 0 and made["genre"] == NAME and load(made["url"]).puzzle.genre == NAME
    code, out, _ = cli(capsys, "bank", "export", "--genre", NAME, "--json")
    assert code == 0 and json.loads(out) == []  # the shipped bank has none of it
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    code, out, _ = cli(capsys, "bank", "add", made["url"], "--bank", str(mine))
    assert (code, out.strip()) == (0, "1 added")
    assert [r.genre for r in bank.rows(mine)] == [NAME]


def inline_pool(app: Any) -> None:
    """The app's heavy jobs run in this process, as a worker would run them (a worker
    process is a fresh interpreter, where the throwaway genre was never registered)."""
    from rectlogic.web import jobs
    from rectlogic.web.workers import Failed

    async def run(name: str, kwargs: dict, seconds: float, gone: Any = None,
                  wait: Any = None) -> Any:
        try:
            with limits.time_limit(seconds):
                return jobs.JOBS[name](**kwargs)
        except RectlogicError as exc:
            raise Failed(str(exc), bad=True) from None
        except Exception:
            raise Failed(traceback.format_exc(limit=3), bad=False) from None

    app.state.pool.run = run


def inline_app() -> Any:
    from rectlogic.web import create_app

    app = create_app(workers=1)
    inline_pool(app)
    return app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(inline_app(), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def server() -> Any:
    """The app served on loopback for the browser (its heavy jobs in this process, where the
    throwaway genre is registered)."""
    with serving(inline_app()) as url:
        yield url


def post(client: TestClient, path: str, **body: Any) -> dict:
    r = client.post(path, json=body)
    assert r.status_code == 200, (path, r.text)
    return r.json()


def test_every_api_endpoint_serves_it(pair, client: TestClient) -> None:
    original, genre = pair
    url, p, answer = first(genre)
    truth = genre.answer_json(p, answer)
    listed = {g["name"]: g for g in client.get("/api/genres").json()}
    assert listed[NAME]["grades"] == listed[original.name]["grades"]
    rules = {g["name"]: g for g in client.get("/api/rules").json()}
    assert rules[NAME]["example"] == url and rules[NAME]["board"]["genre"] == NAME
    assert client.get("/").status_code == 200
    board = post(client, "/api/puzzle", puzzle=url)
    assert board["genre"] == NAME and board["url"] == url
    assert post(client, "/api/solve", puzzle=url)["solutions"] == [truth]
    assert post(client, "/api/count", puzzle=url)["count"] == 1
    assert post(client, "/api/check", puzzle=url, answer=truth)["ok"] is True
    empty = genre.play(p).empty()
    assert post(client, "/api/mistakes", puzzle=url, position=empty)["unique"] is True
    assert "mistakes" in post(client, "/api/live", puzzle=url, position=empty)
    assert post(client, "/api/hint", puzzle=url, position=empty)["kind"] == "deduction"
    assert isinstance(post(client, "/api/undecided", puzzle=url, position=empty)["cells"], list)
    assert post(client, "/api/analyze", puzzle=url)["status"] == "unique"
    assert NAME in post(client, "/api/picture", puzzle=url, solved=True)["svg"]
    for fmt in ("url", "pzprv3", "text"):
        assert load(post(client, "/api/convert", puzzle=url, to=fmt)["text"]).puzzle == p
    state = post(client, "/api/decompose", puzzle=url)
    assert post(client, "/api/compose", genre=NAME, rows=p.rows, cols=p.cols,
                cells=state["cells"], borders=state.get("borders"))["url"] == url
    made = post(client, "/api/generate", genre=NAME, size="5x5", seed=1)
    assert load(made["url"]).puzzle.genre == NAME
    assert client.get("/api/bank/boards", params={"genre": NAME}).json() == []


def test_the_api_refuses_what_it_lacks_with_a_4xx(pair, client: TestClient) -> None:
    _, genre = pair
    url = genre.examples.SOLVED[0].url
    for fmt in ("janko", "tatham"):
        r = client.post("/api/convert", json={"puzzle": url, "to": fmt})
        assert r.status_code == 400 and r.json()["error"], (fmt, r.text)


def test_the_native_build_workload_runs_on_it(pair, monkeypatch) -> None:
    """`aot.workload` on the genre alone: its examples through every path, no bank boards,
    no clause engines, new boards of every grade (each grade's attempts cut short: what
    generation calls is called in the first few)."""
    from rectlogic import aot, bank, generate

    _, genre = pair
    calls: list[str] = []
    exercise = aot.exercise
    monkeypatch.setattr(aot, "exercise", lambda g, p, a: (calls.append(p.genre),
                                                          exercise(g, p, a)))
    make = generate.make_board
    monkeypatch.setattr(generate, "make_board",
                        lambda *a, **k: make(*a, **{**k, "attempts": 2}))
    aot.workload([genre])
    assert calls == [NAME] * len(genre.examples.SOLVED)

    def unavailable() -> None:
        raise bank.BankUnavailable("no bank at /nowhere.sqlite")

    monkeypatch.setattr(bank, "groups", unavailable)  # no bank at all: the examples suffice
    monkeypatch.setattr(generate, "make_board", lambda *a, **k: None)
    calls.clear()
    aot.workload([genre])
    assert calls == [NAME] * len(genre.examples.SOLVED)


def test_the_first_solve_benchmark_runs_on_it(pair, monkeypatch) -> None:
    """`bench --first` for the genre: its first example, solved in a fresh process — here in
    this one (a fresh interpreter never registered the throwaway genre)."""
    from rectlogic.bench import first as bench_first
    from rectlogic.solve import solve

    _, genre = pair
    seen: list[str] = []

    def one_run(url: str, env: dict) -> tuple[float, float]:
        seen.append(url)
        return solve(load(url).puzzle).seconds, 0.0

    monkeypatch.setattr(bench_first, "one_run", one_run)
    rows = bench_first.run_first_solve(runs=1, genres=[genre])
    assert [r["genre"] for r in rows] == [NAME] * len(bench_first.MODES)
    assert set(seen) == {genre.examples.SOLVED[0].url}


def test_the_janko_guess_and_the_studies_pass_it_by(pair) -> None:
    """Janko's text is never taken for it (it has no Janko codec), Tatham's ids neither;
    it has no studies and no peers, and the study list still runs."""
    from rectlogic.bench.peers import runners_of
    from rectlogic.formats import janko
    from rectlogic.studies import of_genre, studies

    original, genre = pair
    url = genre.examples.SOLVED[0].url
    assert of_genre(genre) is None and runners_of(NAME) == {}
    assert studies()
    if original.janko is not None:
        text = dump(load(original.examples.SOLVED[0].url).puzzle, None, "janko")
        assert registry.janko_genre(janko.split(text)) is original
    assert renaming(original)(original.examples.SOLVED[0].url) == url


def test_soak_sends_no_heavy_request_of_it(pair) -> None:
    from rectlogic.bench.soak import heavy_requests

    assert all(NAME not in str(body) for _, _, body in heavy_requests())


def test_the_studies_across_genres_run_with_it(pair, monkeypatch) -> None:
    """The studies over every genre (the generator's yield, the bank's and fresh boards'
    looks beside Janko's) with it the only genre: it has no look measures and no Janko
    corpus, so the looks studies pass it by; the yield study fishes its grades."""
    from rectlogic.studies import Params, run_study
    from rectlogic.studies.looks import measure

    _, genre = pair
    monkeypatch.setattr(registry, "GENRES", (genre,))
    assert run_study("bank-looks", Params(boards=1))["rows"] == []
    assert run_study("generator-looks", Params(boards=1))["rows"] == []
    with pytest.raises(RectlogicError, match="no look measures"):
        measure(NAME, [first(genre)[1:]])
    rows = run_study("generator-yield", Params(boards=1))["rows"]
    assert {r["genre"] for r in rows} == {NAME}
    assert {r["grade"] for r in rows} == set(genre.grades[1:])


def test_the_home_page_and_the_player_show_it(pair, page, server: str) -> None:
    """The home page lists it with its grades and, having no bank boards of it, says so and
    points to Generate; the player draws its board from the description alone, gives a hint
    and reveals the answer. Screenshots at 1280×800 and 390×844 in test-output/."""
    from pathlib import Path

    from rectlogic import bank

    original, genre = pair
    shots = Path(__file__).parent.parent / "test-output"
    shots.mkdir(exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server}/")
        said = f"No {genre.title} boards in the bank yet: generate one above."
        page.wait_for_selector(f"#tables .nobank:has-text('{said}')")
        options = page.eval_on_selector_all("#gen select[name=genre] option",
                                            "os => os.map(o => o.value)")
        assert options == list(registry.GENRE_NAMES) and options[-1] == NAME
        banked = {c["genre"] for c in bank.counts()}  # a table for each, a line for the rest
        assert page.locator("#tables table").count() == len(banked)
        assert page.locator("#tables .nobank").count() == len(registry.GENRES) - len(banked)
        page.locator("#tables h2", has_text=NAME).scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"any-genre-home-{original.name}-{width}.png"))
        page.goto(f"{server}/play?url={genre.examples.SOLVED[0].url}")
        page.wait_for_selector("[data-cell]", state="attached")
        p = first(genre)[1]
        assert page.locator("[data-cell]").count() == p.rows * p.cols
        assert NAME in page.inner_text("body")
        page.evaluate("localStorage.clear()")
        page.click("#hint")  # served by its genre's rules, like any hint
        page.wait_for_function("document.querySelector('#status').textContent.length > 0")
        assert "wrong" not in page.inner_text("#status").lower()
        page.click("#solve")
        page.wait_for_selector("#status.revealed")
        page.screenshot(path=str(shots / f"any-genre-play-{original.name}-{width}.png"))
