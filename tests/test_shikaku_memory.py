"""The memory cap counts what the process holds: a big open Shikaku board whose search would
keep growing (dominoes everywhere) stops with `stopped: memory` once the process passes the
cap (here forced a little above what the test process already holds; the real cap, 900 MB, is
measured by hand on 256×256 boards — see the report). Work under the cap, in every genre:
`test_memory.py`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import rectlogic as rl
from rectlogic.cli import app
from rectlogic.engine import limits
from rectlogic.formats.auto import dump
from rectlogic.genres.shikaku.model import Puzzle

SIDE = 96
CHECKER = Puzzle(SIDE, SIDE, tuple(tuple(2 if (r + c) % 2 == 0 else -1 for c in range(SIDE))
                                   for r in range(SIDE)))
"""A 2 on every other cell: dominoes everywhere, a deep search whose stack keeps growing."""


@pytest.fixture
def small_cap(monkeypatch: pytest.MonkeyPatch) -> int:
    """The process cap set 48 MB above what the process holds now (the stack's own cap far
    above it, so only the process's memory can stop the search)."""
    rl.solve(CHECKER, budget=1)  # tables built and kernels loaded before the cap is set
    cap = limits.resident_bytes() + (48 << 20)
    monkeypatch.setattr(limits, "MAX_MEMORY_BYTES", cap)
    monkeypatch.setattr(limits, "MAX_STACK_BYTES", 1 << 40)
    return cap


def test_a_search_past_the_process_memory_cap_stops_with_memory(small_cap: int) -> None:
    found = rl.solve(CHECKER, limit=2, budget=None, timeout=300)
    assert found.status == "unknown" and found.stopped == "memory", found
    assert limits.resident_bytes() < small_cap + (64 << 20)  # stopped near the cap


def test_the_cli_says_the_memory_cap_stopped_it(small_cap: int, tmp_path) -> None:
    board = tmp_path / "checker.txt"
    board.write_text(dump(CHECKER, None, "url"))
    out = CliRunner().invoke(app, ["solve", str(board), "--nodes", "10000000"])
    assert out.exit_code == 0, out.output
    assert "unknown" in out.output and "stopped by the memory cap" in out.output
