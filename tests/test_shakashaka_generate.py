"""Random boards with a known answer: legal by the validator, and found again by the solver."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.genres.registry import get_genre
from rectlogic.genres.shakashaka.generate import random_board
from rectlogic.genres.shakashaka.model import local_ok_batch
from rectlogic.solve import solve

G = get_genre("shakashaka")


@pytest.mark.parametrize("seed", range(6))
def test_random_boards_solve_back_to_their_answer(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(4, 16)), int(rng.integers(4, 16))
    puzzle, answer = random_board(rows, cols, rng)
    assert G.obeys_rules(puzzle, answer)
    assert local_ok_batch(np.array(answer.cells)[None])[0]
    r = solve(puzzle)
    assert r.status == "unique" and r.answers == [answer]


def test_a_large_board_proves_unique() -> None:
    puzzle, answer = random_board(50, 50, np.random.default_rng(0))
    r = solve(puzzle)
    assert r.status == "unique" and r.answers == [answer]


def test_edits_of_answers_agree_between_readings() -> None:
    """One- and two-cell edits of legal answers sit on the legal/illegal boundary."""
    from rectlogic.genres.shakashaka.validate import white_area_ok_batch

    rng = np.random.default_rng(5)
    _, answer = random_board(6, 6, rng)
    base = np.array(answer.cells)
    white = [(r, c) for r in range(6) for c in range(6) if base[r, c] != 5]
    edits = []
    for k, (r, c) in enumerate(white):
        for s in range(5):
            e = base.copy()
            e[r, c] = s
            edits.append(e)
            r2, c2 = white[(k * 7 + s) % len(white)]
            e2 = e.copy()
            e2[r2, c2] = (s + 2) % 5
            edits.append(e2)
    pics = np.array(edits)
    assert np.array_equal(white_area_ok_batch(pics), local_ok_batch(pics))
