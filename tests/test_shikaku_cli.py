"""Shikaku on the command line: its rectangles, Tatham's game ids and S-strings, the tiling
form, malformed inputs of its own, and a count of its dominoes stopped early."""

from __future__ import annotations

import json

from .test_cli import run

SHIKAKU = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"


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


def test_malformed_inputs_are_one_line_and_exit_2() -> None:
    """Inputs that once gave tracebacks: odd digits, huge numbers, a rectangle of no area;
    and a long answer is read as text, not a file name."""
    for args in (("solve", "https://puzz.link/p?shikaku/²/6"),
                 ("solve", "pzprv3.99999999999\nshikaku\n2\n2\n? .\n. .\n"),
                 ("solve", "shikaku 2x2\n" + "9" * 25 + " .\n. .\n"),
                 ("check", SHIKAKU, "[[0,0,-1,1]]")):
        r = run(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    answer = json.loads(run("solve", SHIKAKU, "--json").stdout)["solutions"][0]
    long_answer = json.dumps(answer, indent=8)  # over 255 bytes, no newline needed
    assert run("check", SHIKAKU, long_answer.replace("\n", " ")).returncode == 0


def test_a_count_stopped_early_says_so() -> None:
    dominoes = "shikaku 8x8\n" + "\n".join(
        " ".join("2" if (r + c) % 2 == 0 else "." for c in range(8)) for r in range(8))
    out = json.loads(run("solve", dominoes, "--limit", "0", "--nodes", "500",
                         "--json").stdout)
    assert out["status"] == "multiple" and not out["complete"] and out["stopped"] == "nodes"
    out = json.loads(run("solve", dominoes, "--limit", "0", "--timeout", "0.5",
                         "--json").stdout)
    assert not out["complete"] and out["stopped"] == "time"
