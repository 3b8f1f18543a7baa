"""The command line over every registered genre, on its own examples: outputs, exit codes, and
one-line errors for bad input. What one genre's commands say in detail is tested beside it
(`test_<genre>_cli.py`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rectlogic.formats.auto import load, read_answer
from rectlogic.genres.registry import GENRE_NAMES, GENRES

from .conftest import run_here

IDS = {"ids": GENRE_NAMES}


CLI, WHERE = "from rectlogic.cli import main; main()", None
if os.environ.get("RECTLOGIC_THROWAWAY"):  # the test run's throwaway genre, there too
    CLI = "from tests.throwaway import register_from_environment as r; r(); " + CLI
    WHERE = Path(__file__).parent.parent


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, text=True,
                          input=stdin, timeout=120, cwd=WHERE)


def one_line_exit_2(r: subprocess.CompletedProcess) -> None:
    """Bad input's answer: exit 2 and one line on stderr, no traceback."""
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_solve_json(genre: object) -> None:
    example = genre.examples.SOLVED[0]
    r = run("solve", example.url, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["status"] == "unique" and out["count"] == 1
    assert out["solutions"] == [example.answer] and out["genre"] == genre.name
    assert set(out) == {"genre", "rows", "cols", "status", "count", "complete", "stopped",
                        "nodes", "seconds", "solutions"}
    assert out["complete"] is True and out["stopped"] is None


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_solve_human_rungs_and_rules(genre: object, capsys: pytest.CaptureFixture) -> None:
    """The readable board; every rung of the ladder and the default rung's rules named one
    by one solve the example, each rung to `unique` or `unknown` within its budget."""
    example = genre.examples.SOLVED[0]
    url, p = example.url, load(example.url).puzzle
    r = run("solve", url)
    assert r.returncode == 0 and "unique" in r.stdout
    assert genre.render(p, read_answer(p, example.answer)) in r.stdout
    rules = ",".join(genre.LADDER[genre.DEFAULT_RUNG])
    assert json.loads(run_here(capsys, "solve", url, "--rules", rules, "--json").stdout)[
        "status"] == "unique"
    for rung in genre.LADDER:
        out = json.loads(run_here(capsys, "solve", url, "--rung", rung, "--nodes", "50",
                                  "--json").stdout)
        assert out["status"] in ("unique", "unknown"), rung
        assert (out["status"] == "unknown") == (out["stopped"] == "nodes"), rung


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_check_exit_codes_and_json(genre: object, capsys: pytest.CaptureFixture) -> None:
    """Each genre's failing examples: their codes (pzprjs's), in its order; pzprjs's "not
    started" guard alone (an empty board, which obeys every rule) is a note, and the board is
    correct."""
    for k, case in enumerate(genre.examples.FAILING):  # the first in a process of its own
        r = (run if k == 0 else lambda *a: run_here(capsys, *a))("check", case.board, "--json")
        out = json.loads(r.stdout)
        found = out["errors"] or out["notes"]
        assert (found[0]["code"] if found else None) == case.code
        if case.code in genre.UI_ONLY_CODES:
            assert r.returncode == 0 and out["ok"] and not out["errors"]
        else:
            assert r.returncode == (0 if case.code is None else 1)


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_check_with_a_given_answer(genre: object) -> None:
    """The solver's answer, given back as JSON, checks; a failing example's answer, given as
    its file beside its question's URL, fails with its code."""
    example = genre.examples.SOLVED[0]
    solved = json.loads(run("solve", example.url, "--json").stdout)["solutions"][0]
    assert run("check", example.url, json.dumps(solved)).returncode == 0
    wrong = next(c for c in genre.examples.FAILING
                 if c.url and c.code is not None and c.code not in genre.UI_ONLY_CODES)
    r = run("check", wrong.url, wrong.board, "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["errors"][0]["code"] == wrong.code


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_convert_and_stdin(genre: object) -> None:
    url = genre.examples.SOLVED[0].url
    for fmt in ("text", "pzprv3"):
        r = run("convert", "-", "--to", fmt, stdin=url)
        assert r.returncode == 0 and load(r.stdout).puzzle == load(url).puzzle, fmt
        back = run("convert", "-", "--to", "url", stdin=r.stdout)
        assert back.stdout.strip() == url, fmt


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_bench_json(genre: object, tmp_path) -> None:
    """A corpus of URLs (the genre's examples): each solved, unique."""
    corpus = tmp_path / "urls.txt"
    corpus.write_text("".join(e.url + "\n" for e in genre.examples.SOLVED))
    r = run("bench", str(corpus), "--json")
    out = json.loads(r.stdout)
    assert out["count"] == len(genre.examples.SOLVED) and out["genre"] == genre.name
    assert all(p["status"] == "unique" for p in out["puzzles"])
    assert {"median_ms", "p90_ms", "max_ms"} <= set(out)


BAD = [
    ("solve", "https://puzz.link/p?{pid}/6/x/abc"),
    ("solve", "https://puzz.link/p?{pid}/999/999/"),
    ("solve", "{url}", "--rung", "magic"),
    ("solve", "{url}", "--rules", "{rule},telepathy"),
    ("check", "{url}", '["..."]'),
    ("check", "{url}", "[not json"),
]
"""Bad input about a genre (its puz.link id, first example and first rule filled in)."""
ANY = [
    ("solve", "https://puzz.link/p?sudoku/6/6/abc"),
    ("solve", "{url}", "--limit", "-1"),
    ("convert", "{url}", "--to", "png"),
    ("bench", "/nonexistent/corpus.json"),
    ("bank", "show", "9" * 20),
    ("solve", "x" * 300),
]
"""Bad input whatever the genre (tried on the first genre's example)."""


@pytest.mark.parametrize("args", [(g, a) for g in GENRES for a in BAD]
                         + [(GENRES[0], a) for a in ANY])
def test_bad_input_one_line_exit_2(args: tuple) -> None:
    genre, words = args
    said = {"pid": genre.codec.PID, "url": genre.examples.SOLVED[0].url,
            "rule": genre.RULES[0]}
    one_line_exit_2(run(*(a.format(**said) for a in words)))


@pytest.mark.parametrize("genre", GENRES, **IDS)
def test_a_long_answer_is_read_as_text_not_a_file_name(genre: object) -> None:
    """An answer over 255 bytes (and no newline) is read as text, not looked up as a file."""
    url = genre.examples.SOLVED[-1].url
    answer = json.loads(run("solve", url, "--json").stdout)["solutions"][0]
    long_answer = json.dumps(answer, indent=300 // len(answer)).replace("\n", " ")
    assert len(long_answer) > 255
    assert run("check", url, long_answer).returncode == 0
