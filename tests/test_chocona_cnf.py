"""Chocona in clauses: the window clauses are exactly the rectangle law, and the clause
engines count random small boards (and the empty 2×2's twelve answers) as propagation does."""

from __future__ import annotations

import json

import pytest

from . import test_chocona
from .test_cli import run
from .test_sat import agree_with_propagation


@pytest.mark.parametrize("p", test_chocona.BOARDS, ids=lambda p: f"{p.rows}x{p.cols}")
def test_sat_and_cpsat_count_like_propagation(p) -> None:
    agree_with_propagation(p)


def test_the_engine_flag_counts_every_answer() -> None:
    for engine in ("sat", "cpsat"):
        out = json.loads(run("solve", "https://puzz.link/p?chocona/2/2", "--engine", engine,
                             "--limit", "0", "--json").stdout)
        assert out["count"] == 12


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
