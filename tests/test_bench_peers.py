"""Benchmarks beside peers and growing boards: the peers' adapters read our boards right, the
scaling run and the benchmark page hold together, and bad requests get a clear answer. Over
the registry: each genre's peers (`bench/peers/<genre>.py`) on its own examples."""

from __future__ import annotations

import pytest

from rectlogic.bench import load_corpus, run_corpus
from rectlogic.bench.corpus import engine
from rectlogic.bench.peers import PeerResult, peer, runners_of
from rectlogic.bench.report import _markdown
from rectlogic.bench.scaling import run_scaling, scaling_board
from rectlogic.errors import RectlogicError
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRES
from rectlogic.solve import solve

from .conftest import DATA
from .test_cli import run

pytest.importorskip("puzzlekit")
pytest.importorskip("puzzle_solver")

WITH_PEERS = [g for g in GENRES if runners_of(g.name)]
WITHOUT_MPS = next(g for g in GENRES if "mps" not in runners_of(g.name))
CORPUS = {g.name: DATA / "janko" / f"{g.name.capitalize()}_dataset.json" for g in GENRES}
MOST_PEERS = max(WITH_PEERS, key=lambda g: len(runners_of(g.name)))


@pytest.mark.parametrize("genre", WITH_PEERS, ids=lambda g: g.name)
def test_peers_read_our_boards(genre) -> None:
    """Each peer's verdict on the genre's examples: ours (unique), or `found` from a peer that
    stops at one answer, or None for a board it cannot take (a `?`) — and each takes some."""
    took = dict.fromkeys(runners_of(genre.name), 0)
    for example in genre.examples.SOLVED:
        p = load(example.url, genre.name).puzzle
        assert solve(p).status == "unique"
        for name in took:
            verdict = peer(name)(p)
            assert verdict in (PeerResult("unique"), PeerResult("found"), None), name
            took[name] += verdict is not None
    assert all(took.values()), took


def test_engines_by_name() -> None:
    with pytest.raises(RectlogicError, match=f"does not solve {WITHOUT_MPS.name}"):
        engine("mps", WITHOUT_MPS.name)
    with pytest.raises(RectlogicError, match="unknown engine"):
        engine("z3", GENRES[0].name)


def test_corpus_against_peers_reports_every_engine() -> None:
    path = CORPUS[MOST_PEERS.name]
    peers = tuple(runners_of(MOST_PEERS.name))
    report = run_corpus(path, rivals=("cpsat", *peers), sample=60)
    data = report.to_json()
    assert data["count"] == len(range(0, len(load_corpus(path)[1]), 60))
    assert set(data["engines"]) == {"ours", "cpsat", *peers}
    assert data["engines"]["cpsat"]["disagreements"] == 0
    for name in peers:
        assert 0 < data["engines"][name]["ran"] <= data["count"]


def _scaled() -> object:
    """The last genre whose scaling board is unique and made at 110×110 too (some genres'
    first candidates, every number kept, leave their regions ambiguous: a known gap of
    theirs; some tile too slowly past 30×30)."""
    return next(g for g in reversed(GENRES) if max(g.SCALING_SIDES) >= 110
                and solve(scaling_board(g.name, 12, 0)).status == "unique")


def test_scaling_and_the_benchmark_page() -> None:
    last, first_genre = _scaled(), GENRES[0]
    p = scaling_board(last.name, 12, 0)
    assert (p.rows, p.cols) == (12, 12) and solve(p).status == "unique"  # numbered from its answer
    report = run_scaling(first_genre.name, ("sat",), boards=1, sides=(6, 10, 14)).to_json()
    assert [r["side"] for r in report["rows"]] == [6, 10, 14]
    assert all(r["status"] == "unique" and r["ours_ms"] > 0 and r["sat_ms"] > 0
               for r in report["rows"])
    assert set(report["exponents"]) == {"ours", "sat"}
    janko = next(g for g in reversed(GENRES) if CORPUS[g.name].is_file())
    corpus = run_corpus(CORPUS[janko.name], rivals=("sat",), sample=100).to_json()
    first = [{"genre": first_genre.name, "mode": "native", "runs": 1, "solve_median_ms": 1.5,
              "solve_max_ms": 1.5, "process_median_ms": 300, "process_max_ms": 300}]
    page = "\n".join(_markdown([corpus], [report], first, sample=100, boards=1, seconds=1.0))
    assert f"### {janko.name} ({corpus['count']} puzzles)" in page and "| exponent k |" in page
    assert "## First solve in a fresh process" in page
    assert f"| {first_genre.name} | native |" in page


def test_bench_command_errors() -> None:
    r = run("bench", "--scaling")
    assert r.returncode == 2 and "--genre" in r.stderr
    r = run("bench")
    assert r.returncode == 2 and "CORPUS" in r.stderr
    r = run("bench", str(CORPUS[WITHOUT_MPS.name]), "--vs", "mps")
    assert r.returncode == 2 and f"does not solve {WITHOUT_MPS.name}" in r.stderr


def test_scaling_goes_on_without_an_engine_that_refuses_the_size() -> None:
    """The clause engines refuse boards over 10,000 cells: from that side on the row has no
    time for them (—) and ours still runs."""
    rows = run_scaling(_scaled().name, ("sat",), boards=1, sides=(6, 110)).to_json()["rows"]
    assert rows[0]["sat_ms"] > 0 and rows[1]["sat_ms"] is None
    assert rows[1]["status"] == "unique" and rows[1]["ours_ms"] > 0
