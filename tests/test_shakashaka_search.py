"""Three ways to count Shakashaka answers must agree, and no rung may lose a real answer.

1. the propagating search (the local table, clue counting, smallest domain first);
2. the leaf-only search (no rules; complete pictures tested by the validator);
3. brute force through the validator, pruned only by counting triangles around numbers.
Plus the equivalence sweep: the definition and the table judge every small picture alike."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pytest

from rectlogic.engine import dead
from rectlogic.genres.registry import get_genre
from rectlogic.genres.shakashaka import Answer, Puzzle
from rectlogic.genres.shakashaka.model import BLACK, TNE, TNW, TSE, TSW
from rectlogic.genres.shakashaka.validate import white_area_ok, white_area_ok_batch
from rectlogic.solve import solve
from rectlogic.studies.shakashaka import every_picture, sweep

G = get_genre("shakashaka")
TRIANGLES = (TNW, TNE, TSE, TSW)


def brute_force(p: Puzzle) -> list[Answer]:
    """Every answer, from the rule book: clue arithmetic, then flood fill and boxes."""
    white = [(r, c) for r in range(p.rows) for c in range(p.cols) if not p.is_black(r, c)]
    numbers = [(r, c, n) for r, row in enumerate(p.clues) for c, n in enumerate(row) if n >= 0]
    found = []
    grid = [[BLACK if p.is_black(r, c) else 0 for c in range(p.cols)] for r in range(p.rows)]

    def over() -> bool:
        for r, c, n in numbers:
            around = sum(
                1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < p.rows and 0 <= cc < p.cols and grid[rr][cc] in TRIANGLES
            )
            if around > n:
                return True
        return False

    def walk(k: int) -> None:
        if over():
            return
        if k == len(white):
            answer = Answer(tuple(tuple(row) for row in grid))
            if not G.check(p, answer)[0]:  # pzprjs's checks, read from the rule book
                found.append(answer)
            return
        r, c = white[k]
        for s in range(5):
            grid[r][c] = s
            walk(k + 1)
        grid[r][c] = 0

    walk(0)
    return found


def random_board(rng: np.random.Generator, max_white: int = 6) -> Puzzle:
    while True:
        rows, cols = int(rng.integers(1, 4)), int(rng.integers(2, 5))
        clues = [[-1] * cols for _ in range(rows)]
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        for k in rng.permutation(len(cells))[: int(rng.integers(0, len(cells)))]:
            r, c = cells[k]
            clues[r][c] = int(rng.choice([-2, 0, 1, 2, 3]))
        p = Puzzle(rows, cols, tuple(map(tuple, clues)))
        if 1 <= p.white_cells <= max_white:
            return p


BOARDS = [random_board(np.random.default_rng(seed)) for seed in range(14)]


@pytest.mark.parametrize("p", BOARDS, ids=lambda p: G.render(p).replace("\n", "/"))
def test_three_counts_agree(p: Puzzle) -> None:
    truth = brute_force(p)
    fast = solve(p, limit=0)
    leaf = solve(p, limit=0, leaf_only=True)
    assert fast.status != "unknown" and leaf.status != "unknown"
    assert sorted(map(str, fast.answers)) == sorted(map(str, truth))
    assert sorted(map(str, leaf.answers)) == sorted(map(str, truth))
    n = p.white_cells
    assert leaf.nodes == (5 ** (n + 1) - 1) // 4
    assert fast.nodes <= leaf.nodes
    for rung in ("probe", "nested"):
        probed = solve(p, rung=rung, limit=0)
        assert sorted(map(str, probed.answers)) == sorted(map(str, truth)), rung


@pytest.mark.parametrize("p", BOARDS[:8], ids=lambda p: G.render(p).replace("\n", "/"))
def test_no_rung_loses_a_real_answer(p: Puzzle) -> None:
    truth = [G.encode(p, a) for a in brute_force(p)]
    start = G.initial_domains(p)
    subsets = [frozenset(s) for k in range(5) for s in
               itertools.combinations(("clues", "parity", "tips", "reflex"), k)]
    for names in [*subsets, G.rules_for("probe"), G.rules_for("nested"), frozenset({"nested"})]:
        prop = G.propagator(p, names)
        if prop is None:
            continue
        d = prop(start[None])[0]
        for t in truth:
            assert ((t & d) == t).all(), (names, t)
        if not truth:
            continue
        assert not dead(d[None])[0]


def test_empty_boards_count() -> None:
    # The empty 2x2 has 2 legal pictures (all white; the diamond), the 3x3 has 3.
    assert solve(Puzzle(2, 2, ((-1, -1),) * 2), limit=0).count == 2
    assert solve(Puzzle(3, 3, ((-1, -1, -1),) * 3), limit=0).count == 3


def _all_pictures(rows: int, cols: int, values: int) -> Iterator[np.ndarray]:
    return every_picture(rows, cols, values)


def _sweep(pictures: Iterator[np.ndarray]) -> tuple[int, int]:
    _, legal, disagree = sweep(pictures)
    return legal, disagree


def test_equivalence_empty_2x2_and_3x3() -> None:
    assert _sweep(_all_pictures(2, 2, 5)) == (2, 0)
    assert _sweep(_all_pictures(3, 3, 5)) == (3, 0)


def test_equivalence_every_2x3_board_with_black_cells() -> None:
    for rows, cols in ((2, 3), (3, 2)):
        legal, disagree = _sweep(_all_pictures(rows, cols, 6))
        assert disagree == 0 and legal > 0


def test_batch_definition_matches_the_validator() -> None:
    rng = np.random.default_rng(11)
    pics = rng.integers(0, 6, size=(400, 3, 4))
    pics[rng.random(400) < 0.5] %= 5  # half of them without black cells
    one = [white_area_ok(Answer(tuple(map(tuple, p.tolist())))) for p in pics]
    assert white_area_ok_batch(pics).tolist() == one
    # and legal pictures do occur among edits of legal ones
    legal = Answer(((TNW, TNE), (TSW, TSE)))  # the white diamond
    assert white_area_ok(legal)
