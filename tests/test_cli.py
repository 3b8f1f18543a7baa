"""The command line: outputs, exit codes, and one-line errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rectlogic.genres.registry import GENRE_NAMES, GENRES

from .conftest import DATA

URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from rectlogic.cli import main; main()", *args],
        capture_output=True, text=True, input=stdin, timeout=120,
    )


def test_solve_json() -> None:
    r = run("solve", URL, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["status"] == "unique" and out["count"] == 1
    assert out["solutions"][0][0] == "2◤◥.1."
    assert set(out) == {"genre", "rows", "cols", "status", "count", "complete", "stopped",
                        "nodes", "seconds", "solutions"}
    assert out["complete"] is True and out["stopped"] is None


def test_solve_human_and_rungs() -> None:
    r = run("solve", URL, "--rung", "tips")
    assert r.returncode == 0 and "unique" in r.stdout and "◤" in r.stdout
    r = run("solve", URL, "--rules", "clues,tips,reflex", "--json")
    assert json.loads(r.stdout)["status"] == "unique"
    r = run("solve", URL, "--rules", "clues", "--nodes", "50", "--json")
    assert json.loads(r.stdout)["status"] == "unknown"


def test_solve_counts_all_on_an_empty_board() -> None:
    r = run("solve", "shakashaka 3x3\n...\n...\n...\n", "--limit", "0", "--json")
    assert json.loads(r.stdout)["count"] == 3


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_check_exit_codes_and_json(genre: object) -> None:
    """Each genre's failing examples: their codes (pzprjs's), in its order; pzprjs's "not
    started" guard alone (an empty board, which obeys every rule) is a note, and the board is
    correct."""
    for case in genre.examples.FAILING:
        r = run("check", case.board, "--json")
        out = json.loads(r.stdout)
        found = out["errors"] or out["notes"]
        assert (found[0]["code"] if found else None) == case.code
        if case.code in genre.UI_ONLY_CODES:
            assert r.returncode == 0 and out["ok"] and not out["errors"]
        else:
            assert r.returncode == (0 if case.code is None else 1)


def test_check_with_a_json_answer() -> None:
    solved = json.loads(run("solve", URL, "--json").stdout)["solutions"][0]
    assert run("check", URL, json.dumps(solved)).returncode == 0
    wrong = [solved[0].replace("◤", "◥", 1), *solved[1:]]
    assert run("check", URL, json.dumps(wrong)).returncode == 1


def test_convert_and_stdin() -> None:
    r = run("convert", "-", "--to", "text", stdin=URL)
    assert r.returncode == 0 and r.stdout.startswith("shakashaka 6x6")
    back = run("convert", "-", "--to", "url", stdin=r.stdout)
    assert back.stdout.strip() == URL


def test_bench_json(tmp_path) -> None:
    corpus = tmp_path / "urls.txt"
    corpus.write_text(URL + "\n" + "https://puzz.link/p?shakashaka/3/3/\n")
    r = run("bench", str(corpus), "--json")
    out = json.loads(r.stdout)
    assert out["count"] == 2 and out["puzzles"][0]["status"] == "unique"
    assert out["puzzles"][1]["status"] == "multiple"
    assert {"median_ms", "p90_ms", "max_ms"} <= set(out)
    assert (DATA / "janko" / "Shakashaka_dataset.json").exists()


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "https://puzz.link/p?shakashaka/6/x/abc"),
        ("solve", "https://puzz.link/p?sudoku/6/6/abc"),
        ("solve", "https://puzz.link/p?shakashaka/999/999/"),
        ("solve", URL, "--rung", "magic"),
        ("solve", URL, "--rules", "clues,telepathy"),
        ("solve", URL, "--limit", "-1"),
        ("check", URL, '["..."]'),
        ("check", URL, "[not json"),
        ("convert", URL, "--to", "png"),
        ("bench", "/nonexistent/corpus.json"),
        ("solve", "shakashaka 2x2\n.5\n..\n"),
        ("solve", "shakashaka 2x2\n.x\n..\n"),
    ],
)
def test_bad_input_one_line_exit_2(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


SHIKAKU = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
CHOCONA = "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"


def test_shikaku_cli() -> None:
    out = json.loads(run("solve", SHIKAKU, "--json").stdout)
    assert out["status"] == "unique" and out["solutions"][0][0] == [0, 0, 5, 1]
    rects = json.dumps(out["solutions"][0])
    assert run("check", SHIKAKU, rects).returncode == 0
    tatham = run("convert", SHIKAKU, "--to", "tatham").stdout.strip()
    assert tatham == "6x6:d3a5_6b6n6b2_3a5d"
    s_string = "S101001010010100100111001100001000111000000011111000000111110"
    assert run("check", tatham, s_string).returncode == 0
    wrong = run("check", tatham, "S" + "0" * 60, "--json")
    assert wrong.returncode == 1 and json.loads(wrong.stdout)["errors"][0]["code"] == "bkNumGe2"
    assert "┃" not in run("solve", SHIKAKU).stdout
    assert run("convert", SHIKAKU, "--to", "tiling").returncode == 2  # no answer to draw


def test_chocona_cli() -> None:
    out = json.loads(run("solve", CHOCONA, "--json").stdout)
    assert out["status"] == "unique" and out["solutions"][0][0] == "##.###"
    assert run("check", CHOCONA, json.dumps(out["solutions"][0])).returncode == 0
    empty = json.loads(run("solve", "https://puzz.link/p?chocona/2/2", "--limit", "0",
                           "--json").stdout)
    assert empty["count"] == 12 and ".." in empty["solutions"][0]
    text = run("convert", CHOCONA, "--to", "text").stdout
    assert run("convert", "-", "--to", "url", stdin=text).stdout.strip() == CHOCONA


def test_malformed_inputs_are_one_line_and_exit_2() -> None:
    """Inputs that once gave tracebacks: odd digits, huge numbers, a rectangle of no area, a
    board id past SQLite's integers; and a long argument is read as text, not a file name."""
    shikaku = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
    for args in (("solve", "https://puzz.link/p?shikaku/²/6"),
                 ("solve", "pzprv3.99999999999\nshikaku\n2\n2\n? .\n. .\n"),
                 ("solve", "shikaku 2x2\n" + "9" * 25 + " .\n. .\n"),
                 ("check", shikaku, "[[0,0,-1,1]]"),
                 ("bank", "show", "9" * 20),
                 ("solve", "x" * 300)):
        r = run(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    answer = json.loads(run("solve", shikaku, "--json").stdout)["solutions"][0]
    long_answer = json.dumps(answer, indent=8)  # over 255 bytes, no newline needed
    assert run("check", shikaku, long_answer.replace("\n", " ")).returncode == 0


def test_a_count_stopped_early_says_so() -> None:
    dominoes = "shikaku 8x8\n" + "\n".join(
        " ".join("2" if (r + c) % 2 == 0 else "." for c in range(8)) for r in range(8))
    out = json.loads(run("solve", dominoes, "--limit", "0", "--nodes", "500",
                         "--json").stdout)
    assert out["status"] == "multiple" and not out["complete"] and out["stopped"] == "nodes"
    out = json.loads(run("solve", dominoes, "--limit", "0", "--timeout", "0.5",
                         "--json").stdout)
    assert not out["complete"] and out["stopped"] == "time"
