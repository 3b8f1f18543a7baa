"""Shakashaka in clauses: the prime clauses are exactly the lattice table, the two encodings
agree, and the clause engines count random small boards as propagation does."""

from __future__ import annotations

import pytest

from . import test_shakashaka_search
from .test_sat import agree_with_propagation


@pytest.mark.parametrize("p", test_shakashaka_search.BOARDS, ids=lambda p: f"{p.rows}x{p.cols}")
def test_sat_and_cpsat_count_like_propagation(p) -> None:
    agree_with_propagation(p)


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


def test_shakashaka_stored_prime_boxes_are_the_ones_derived_from_the_table() -> None:
    from rectlogic.engine.clauses import prime_boxes as derive
    from rectlogic.genres.shakashaka.cnf import forbidden_table, prime_boxes

    assert prime_boxes() == derive(forbidden_table())


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
