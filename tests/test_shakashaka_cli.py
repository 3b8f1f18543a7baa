"""Shakashaka on the command line: its answer's characters, its rungs and rules by name, an
empty board counted, a triangle turned the wrong way, its text form, bad text boards."""

from __future__ import annotations

import json

import pytest

from .conftest import DATA
from .test_cli import one_line_exit_2, run

URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"


def test_solve_json_gives_the_triangles() -> None:
    out = json.loads(run("solve", URL, "--json").stdout)
    assert out["status"] == "unique" and out["solutions"][0][0] == "2◤◥.1."


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


def test_a_triangle_turned_the_wrong_way_fails() -> None:
    solved = json.loads(run("solve", URL, "--json").stdout)["solutions"][0]
    assert run("check", URL, json.dumps(solved)).returncode == 0
    wrong = [solved[0].replace("◤", "◥", 1), *solved[1:]]
    assert run("check", URL, json.dumps(wrong)).returncode == 1


def test_convert_to_its_text_form_and_back() -> None:
    r = run("convert", "-", "--to", "text", stdin=URL)
    assert r.returncode == 0 and r.stdout.startswith("shakashaka 6x6")
    back = run("convert", "-", "--to", "url", stdin=r.stdout)
    assert back.stdout.strip() == URL


def test_bench_json_says_multiple_for_an_empty_board(tmp_path) -> None:
    corpus = tmp_path / "urls.txt"
    corpus.write_text(URL + "\n" + "https://puzz.link/p?shakashaka/3/3/\n")
    out = json.loads(run("bench", str(corpus), "--json").stdout)
    assert out["count"] == 2 and out["puzzles"][0]["status"] == "unique"
    assert out["puzzles"][1]["status"] == "multiple"
    assert (DATA / "janko" / "Shakashaka_dataset.json").exists()


@pytest.mark.parametrize("board", ["shakashaka 2x2\n.5\n..\n", "shakashaka 2x2\n.x\n..\n"])
def test_bad_text_boards_are_one_line_and_exit_2(board: str) -> None:
    one_line_exit_2(run("solve", board))
