"""The SAT engine (clauses, CaDiCaL), the CP-SAT reference (OR-Tools) and the propagation
engine agree on status and answers: on random small boards of every genre, and on a slice
of each Janko corpus."""

from __future__ import annotations

import pytest

from rectlogic.bench import load_corpus
from rectlogic.sat import solve_cpsat, solve_sat
from rectlogic.solve import solve

from . import test_chocona, test_shakashaka_search, test_shikaku
from .conftest import DATA

BOARDS = test_shakashaka_search.BOARDS + test_shikaku.BOARDS + test_chocona.BOARDS


@pytest.mark.parametrize("p", BOARDS, ids=lambda p: f"{p.genre}-{p.rows}x{p.cols}")
def test_sat_and_cpsat_count_like_propagation(p) -> None:
    ours = solve(p, limit=0)
    for engine in (solve_sat, solve_cpsat):
        theirs = engine(p, limit=0)
        assert theirs.status == ours.status, engine.__name__
        assert sorted(map(str, theirs.answers)) == sorted(map(str, ours.answers))


@pytest.mark.parametrize("corpus", ["Shakashaka", "Shikaku", "Chocona"])
def test_sat_agrees_on_a_janko_slice(corpus: str) -> None:
    _, items = load_corpus(DATA / "janko" / f"{corpus}_dataset.json")
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
    import json

    from .test_cli import run

    corpus = tmp_path / "urls.txt"
    corpus.write_text("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j\n"
                      "https://puzz.link/p?chocona/2/2\n")
    out = json.loads(run("bench", str(corpus), "--genre", "shikaku", "--vs", "sat,cpsat",
                         "--json").stdout)
    assert set(out["engines"]) == {"ours", "sat", "cpsat"}
    assert set(out["engines"]["sat"]) == {"median_ms", "p90_ms", "max_ms", "ratio_median",
                                          "ran", "disagreements", "build_ms", "solve_ms"}
    assert "sat_ms" in out["puzzles"][0]
    sat = json.loads(run("solve", "https://puzz.link/p?chocona/2/2", "--engine", "sat",
                         "--limit", "0", "--json").stdout)
    assert sat["count"] == 12
    cp = json.loads(run("solve", "https://puzz.link/p?chocona/2/2", "--engine", "cpsat",
                        "--limit", "0", "--json").stdout)
    assert cp["count"] == 12
    assert run("solve", "https://puzz.link/p?chocona/2/2", "--engine", "z3").returncode == 2
    assert run("bench", str(corpus), "--vs", "clingo").returncode == 2


def test_shakashaka_prime_clauses_accept_exactly_the_legal_window_states() -> None:
    """The 104 prime clauses, derived from the table, hold on a window's states exactly when
    the table accepts them — over all 6⁴ ways four cells can meet at a point."""
    import itertools

    from rectlogic.genres.shakashaka.cnf import forbidden_table, prime_boxes

    boxes = prime_boxes()
    assert len(boxes) == 104
    f = forbidden_table()
    for combo in itertools.product(range(6), repeat=4):
        caught = any(all(m >> s & 1 for m, s in zip(box, combo, strict=True)) for box in boxes)
        assert caught == bool(f[combo]), combo


def test_shakashaka_prime_and_forbidden_encodings_agree() -> None:
    from pysat.solvers import Solver

    from rectlogic.genres.shakashaka.cnf import encode, encode_forbidden
    from rectlogic.genres.shakashaka.model import Puzzle

    rng = __import__("numpy").random.default_rng(5)
    for _ in range(12):
        clues = tuple(tuple(int(v) for v in row) for row in
                      rng.choice([-1, -1, -1, -1, -2, 0, 1, 2], size=(3, 4)))
        p = Puzzle(3, 4, clues)
        counts = []
        for enc in (encode(p), encode_forbidden(p)):
            with Solver(name="cadical153", bootstrap_with=enc.cnf.as_clauses()) as s:
                n = 0
                while s.solve() and n < 200:
                    model = {v for v in s.get_model() if v > 0}
                    s.add_clause([-v if v in model else v for v in enc.decisions])
                    n += 1
            counts.append(n)
        assert counts[0] == counts[1], clues


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


def test_chocona_prime_clauses_accept_exactly_the_rectangle_law() -> None:
    """The window clauses, derived from the solver's table, hold on a 2×2 board's shading
    exactly when the validator (clumps flood-filled against their boxes) accepts it."""
    import itertools

    from rectlogic.genres.chocona import CHOCONA
    from rectlogic.genres.chocona.cnf import window_boxes, window_clauses
    from rectlogic.genres.chocona.model import Answer, make_puzzle

    assert len(window_boxes()) == 4
    blank = make_puzzle([[0, 0], [0, 0]], [[-1, -1], [-1, -1]])
    for ne, se, sw, nw in itertools.product((0, 1), repeat=4):
        true = {v for v, s in zip((1, 2, 3, 4), (ne, se, sw, nw), strict=True) if s}
        holds = all(any((lit > 0) == (abs(lit) in true) for lit in clause)
                    for clause in window_clauses([1, 2, 3, 4]))
        answer = Answer(((nw, ne), (sw, se)))
        assert holds == CHOCONA.obeys_rules(blank, answer), (ne, se, sw, nw)
