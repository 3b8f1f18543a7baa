"""Benchmarks beside peers and growing boards: the peers' adapters read our boards right, the
scaling run and the benchmark page hold together, and bad requests get a clear answer."""

from __future__ import annotations

import pytest

from rectlogic.bench import load_corpus, run_corpus
from rectlogic.bench.corpus import engine
from rectlogic.bench.peers import PeerResult, peer
from rectlogic.bench.report import _markdown
from rectlogic.bench.scaling import run_scaling, scaling_board
from rectlogic.errors import RectlogicError
from rectlogic.solve import solve

from .conftest import DATA
from .test_cli import run

pytest.importorskip("puzzlekit")
pytest.importorskip("puzzle_solver")


def square_janko(genre: str, count: int) -> list:
    _, items = load_corpus(DATA / "janko" / f"{genre}_dataset.json")
    return [i.puzzle for i in items if i.puzzle and i.puzzle.rows == i.puzzle.cols][:count]


def test_peers_read_our_boards() -> None:
    for p in square_janko("Shikaku", 3):
        assert peer("puzzlekit")(p) == PeerResult("found")
        assert peer("mps")(p) == PeerResult("unique")
    for p in square_janko("Shakashaka", 2):
        assert peer("mps")(p) == PeerResult(solve(p).status)


def test_engines_by_name() -> None:
    with pytest.raises(RectlogicError, match="does not solve chocona"):
        engine("mps", "chocona")
    with pytest.raises(RectlogicError, match="unknown engine"):
        engine("z3", "shikaku")


def test_corpus_against_peers_reports_every_engine() -> None:
    report = run_corpus(DATA / "janko" / "Shikaku_dataset.json", rivals=("cpsat", "puzzlekit",
                                                                         "mps"), sample=60)
    data = report.to_json()
    assert data["count"] == len(range(0, 501, 60))
    assert set(data["engines"]) == {"ours", "cpsat", "puzzlekit", "mps"}
    assert data["engines"]["cpsat"]["disagreements"] == 0
    assert 0 < data["engines"]["puzzlekit"]["ran"] <= data["count"]


def test_scaling_and_the_benchmark_page() -> None:
    p = scaling_board("chocona", 12, 0)
    assert (p.rows, p.cols) == (12, 12) and solve(p).status == "unique"  # numbered from its answer
    report = run_scaling("shakashaka", ("sat",), boards=1, sides=(6, 10, 14)).to_json()
    assert [r["side"] for r in report["rows"]] == [6, 10, 14]
    assert all(r["status"] == "unique" and r["ours_ms"] > 0 and r["sat_ms"] > 0
               for r in report["rows"])
    assert set(report["exponents"]) == {"ours", "sat"}
    corpus = run_corpus(DATA / "janko" / "Chocona_dataset.json", rivals=("sat",),
                        sample=100).to_json()
    first = [{"genre": "shikaku", "mode": "native", "runs": 1, "solve_median_ms": 1.5,
              "solve_max_ms": 1.5, "process_median_ms": 300, "process_max_ms": 300}]
    page = "\n".join(_markdown([corpus], [report], first, sample=100, boards=1, seconds=1.0))
    assert "### chocona (3 puzzles)" in page and "| exponent k |" in page
    assert "## First solve in a fresh process" in page and "| shikaku | native |" in page


def test_bench_command_errors() -> None:
    r = run("bench", "--scaling")
    assert r.returncode == 2 and "--genre" in r.stderr
    r = run("bench")
    assert r.returncode == 2 and "CORPUS" in r.stderr
    r = run("bench", str(DATA / "janko" / "Chocona_dataset.json"), "--vs", "mps")
    assert r.returncode == 2 and "does not solve chocona" in r.stderr


def test_scaling_goes_on_without_an_engine_that_refuses_the_size() -> None:
    """The clause engines refuse boards over 10,000 cells: from that side on the row has no
    time for them (—) and ours still runs."""
    rows = run_scaling("chocona", ("sat",), boards=1, sides=(6, 110)).to_json()["rows"]
    assert rows[0]["sat_ms"] > 0 and rows[1]["sat_ms"] is None
    assert rows[1]["status"] == "unique" and rows[1]["ours_ms"] > 0
