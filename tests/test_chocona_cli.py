"""Chocona on the command line: its shading, the 12 shadings of an empty 2×2, its text form."""

from __future__ import annotations

import json

from .test_cli import run

CHOCONA = "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32"


def test_chocona_cli() -> None:
    out = json.loads(run("solve", CHOCONA, "--json").stdout)
    assert out["status"] == "unique" and out["solutions"][0][0] == "##.###"
    assert run("check", CHOCONA, json.dumps(out["solutions"][0])).returncode == 0
    empty = json.loads(run("solve", "https://puzz.link/p?chocona/2/2", "--limit", "0",
                           "--json").stdout)
    assert empty["count"] == 12 and ".." in empty["solutions"][0]
    text = run("convert", CHOCONA, "--to", "text").stdout
    assert run("convert", "-", "--to", "url", stdin=text).stdout.strip() == CHOCONA
