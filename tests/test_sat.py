"""The SAT engine (clauses, CaDiCaL), the CP-SAT reference (OR-Tools) and the propagation
engine agree on status and answers: on every genre's examples (those with a clause model),
on a slice of each Janko corpus, and (in each genre's `test_<genre>_cnf.py`) on random small
boards; a genre without a clause model is refused."""

from __future__ import annotations

import json

import pytest

from rectlogic.bench import load_corpus
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRES
from rectlogic.sat import solve_cpsat, solve_sat
from rectlogic.solve import solve

from .conftest import DATA
from .test_cli import run

MODELLED = [g for g in GENRES if g.clause_model is not None]


def agree_with_propagation(p) -> None:
    """Both clause engines count the board's answers (all of them) as ours does."""
    ours = solve(p, limit=0)
    for engine in (solve_sat, solve_cpsat):
        theirs = engine(p, limit=0)
        assert theirs.status == ours.status, engine.__name__
        assert sorted(map(str, theirs.answers)) == sorted(map(str, ours.answers))


@pytest.mark.parametrize("genre", MODELLED, ids=lambda g: g.name)
def test_sat_and_cpsat_count_like_propagation(genre) -> None:
    for example in genre.examples.SOLVED:
        p = load(example.url, genre.name).puzzle
        if p.rows * p.cols <= 64:
            agree_with_propagation(p)


@pytest.mark.parametrize("corpus", sorted((DATA / "janko").glob("*_dataset.json")),
                         ids=lambda p: p.stem)
def test_sat_agrees_on_a_janko_slice(corpus) -> None:
    _, items = load_corpus(corpus)
    for item in items[::25]:
        if item.puzzle is None:
            continue
        ours = solve(item.puzzle).status
        for engine in (solve_sat, solve_cpsat):
            theirs = engine(item.puzzle)
            assert theirs.status == ours, (item.key, engine.__name__)
            if theirs.status == "unique":
                assert theirs.answers[0] == item.published, (item.key, engine.__name__)


def test_bench_vs_sat_and_engine_flags(tmp_path) -> None:
    genre = MODELLED[0]
    urls = [e.url for e in genre.examples.SOLVED[:2]]
    corpus = tmp_path / "urls.txt"
    corpus.write_text("\n".join(urls) + "\n")
    out = json.loads(run("bench", str(corpus), "--genre", genre.name, "--vs", "sat,cpsat",
                         "--json").stdout)
    assert set(out["engines"]) == {"ours", "sat", "cpsat"}
    assert set(out["engines"]["sat"]) == {"median_ms", "p90_ms", "max_ms", "ratio_median",
                                          "ran", "disagreements", "build_ms", "solve_ms"}
    assert "sat_ms" in out["puzzles"][0]
    for engine in ("sat", "cpsat"):
        counted = json.loads(run("solve", urls[0], "--engine", engine, "--limit", "0",
                                 "--json").stdout)
        assert counted["count"] == 1 and counted["status"] == "unique"
    assert run("solve", urls[0], "--engine", "z3").returncode == 2
    assert run("bench", str(corpus), "--vs", "clingo").returncode == 2


def test_prime_boxes_cover_exactly_the_forbidden_states_and_are_maximal() -> None:
    """On random tables (three cells of three states, and four of two): every box is all
    forbidden, no box can grow by a state, and together they catch exactly the forbidden."""
    import itertools

    import numpy as np

    from rectlogic.engine.clauses import box_rejects, prime_boxes

    rng = np.random.default_rng(11)
    for k, states in [(3, 3)] * 20 + [(4, 2)] * 20:
        forbidden = rng.random((states,) * k) < 0.4
        boxes = prime_boxes(forbidden)
        combos = list(itertools.product(range(states), repeat=k))
        for combo in combos:
            assert any(box_rejects(b, combo) for b in boxes) == bool(forbidden[combo])
        for box in boxes:
            inside = [c for c in combos if box_rejects(box, c)]
            assert inside and all(forbidden[c] for c in inside)
            for axis, s in itertools.product(range(k), range(states)):
                if not box[axis] >> s & 1:
                    grown = tuple(m | (1 << s) if a == axis else m for a, m in enumerate(box))
                    assert not all(forbidden[c] for c in combos if box_rejects(grown, c))


def test_frames_are_written_once_and_their_parts_keep_their_own_variables() -> None:
    """`engine.clauses.framed`: models built on one key share the frame's clauses; a part
    (`switched_part`) is written once per frame and key, on variables no other part has,
    each clause behind its switch; a model with anything else than frame and parts says so
    (the analysis then gives a solver all of it, not only the parts it lacks)."""
    from rectlogic.engine.clauses import framed

    built = []

    def frame(cnf):
        built.append(1)
        cells = [cnf.var() for _ in range(3)]
        cnf.exactly(cells, 1)
        return cells

    key = ("test frame", id(built))
    a, cells = framed(key, frame)
    b, same = framed(key, frame)
    assert built == [1] and same is cells and a.frame is b.frame
    assert a.clauses == b.clauses and a.top == b.top >= 3
    first = a.switched_part("one", lambda cnf, on: cnf.add([[cells[0]]], on))
    again = b.switched_part("one", lambda cnf, on: cnf.add([[cells[1]]], on))
    other = b.switched_part("two", lambda cnf, on: cnf.exactly(cells[1:], 1, on))
    assert first == again != other
    one, two = ({abs(x) for clause in a.frame.parts[k][1] for x in clause} for k in ("one", "two"))
    assert one == {first, cells[0]} and other in two and first not in two
    assert all(-other in clause for clause in a.frame.parts["two"][1])
    assert a.only_frame_and_parts() and b.only_frame_and_parts()
    b.exactly(cells, 2)
    assert not b.only_frame_and_parts()


def test_frames_and_their_parts_stay_within_their_clause_budgets(monkeypatch) -> None:
    """A frame that has taken more than PART_CLAUSES_KEPT clauses of parts is written anew
    (without them), and the frames kept hold CLAUSES_KEPT clauses at most together, the one
    in use always kept: a server asked for many boards' analyses does not grow without end
    (it once grew past the memory cap, where every deadline ends at once)."""
    from rectlogic.engine import clauses

    monkeypatch.setattr(clauses, "PART_CLAUSES_KEPT", 50)
    monkeypatch.setattr(clauses, "CLAUSES_KEPT", 100)
    monkeypatch.setattr(clauses, "_frames", {})
    made = []

    def frame(cnf):
        made.append(1)
        cells = [cnf.var() for _ in range(4)]
        cnf.add([[-a, -b] for a in cells for b in cells if a < b])  # 6 clauses
        return cells

    cnf, cells = clauses.framed("budget", frame)
    first = cnf.frame
    for k in range(30):  # 30 parts of 2 clauses: 60 > 50
        cnf.switched_part(k, lambda c, on: c.add([[cells[0]], [cells[1]]], on))
    assert first.part_clauses == 60 and made == [1]
    again, _ = clauses.framed("budget", frame)
    assert again.frame is not first and again.frame.part_clauses == 0 and made == [1, 1]
    for k in range(25):  # 50 clauses: not past the part budget, 56 in all
        again.switched_part(k, lambda c, on: c.add([[cells[0]], [cells[1]]], on))
    other, _ = clauses.framed("other", frame)  # 56 + 6: both kept
    assert set(clauses._frames) == {"budget", "other"}
    for k in range(25):  # the other frame grows to 56 too: together 112 > 100
        other.switched_part(k, lambda c, on: c.add([[cells[2]], [cells[3]]], on))
    clauses.framed("other", frame)  # the frame used longest ago goes, the one in use stays
    assert set(clauses._frames) == {"other"} and clauses._frames["other"] is other.frame
