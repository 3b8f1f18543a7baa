"""Square Jam: the rules and the search against a brute force written from the rule book
alone, the rules' soundness, pzprjs's cases, the formats, and the generator's boards."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.formats.auto import dump, load
from rectlogic.genres.generating import Judge
from rectlogic.genres.registry import get_genre
from rectlogic.genres.squarejam import Answer, Puzzle
from rectlogic.genres.squarejam.generate import tiling
from rectlogic.solve import solve

from .conftest import check_pzprjs_cases, pzprjs_group

G = get_genre("squarejam")


def brute_force(p: Puzzle) -> list[Answer]:
    """Every tiling of the board by squares (the first free cell, row-major, takes a
    square of any side that fits), kept when every number is its square's side and no
    four squares meet at a point: read from the rules, sharing nothing with the solver."""
    R, C = p.rows, p.cols
    owner = [[-1] * C for _ in range(R)]
    squares: list[tuple[int, int, int]] = []
    found: list[Answer] = []

    def fits(r: int, c: int, s: int) -> bool:
        return r + s <= R and c + s <= C and all(
            owner[y][x] < 0 and p.clues[y][x] in (-1, -2, s)
            for y in range(r, r + s) for x in range(c, c + s))

    def meets(sq: list[tuple[int, int, int]]) -> bool:
        ends = {(t + s, lft + s) for t, lft, s in sq}
        return any((t, lft) in ends for t, lft, _ in sq)

    def walk() -> None:
        free = next(((r, c) for r in range(R) for c in range(C) if owner[r][c] < 0), None)
        if free is None:
            if not meets(squares):
                found.append(Answer.from_rects(R, C, [(t, lft, s, s) for t, lft, s in squares]))
            return
        r, c = free
        for s in range(1, min(R, C) + 1):
            if fits(r, c, s):
                for y in range(r, r + s):
                    owner[y][c:c + s] = [len(squares)] * s
                squares.append((r, c, s))
                walk()
                squares.pop()
                for y in range(r, r + s):
                    owner[y][c:c + s] = [-1] * s

    walk()
    return found


def random_board(seed: int) -> Puzzle:
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 6)), int(rng.integers(2, 6))
    clues = [[-1] * cols for _ in range(rows)]
    squares = tiling(rows, cols, rng)
    for t, lft, s in squares or []:
        if rng.random() < 0.6:
            roll = rng.random()
            clues[t + int(rng.integers(s))][lft + int(rng.integers(s))] = -2 if roll < 0.1 else s
    if seed % 4 == 0:  # sometimes anything: none or many answers
        r, c = int(rng.integers(rows)), int(rng.integers(cols))
        clues[r][c] = int(rng.integers(1, 4))
    return Puzzle(rows, cols, tuple(map(tuple, clues)))


BOARDS = [random_board(s) for s in range(40)]


def test_the_brute_force_reads_the_rules() -> None:
    """Four 1×1 squares meet, so a 2×2 board is one square; on a 2×3 the 2×2 sits at
    either end; on a 3×3 every 2×2 has a corner where four meet: only the one square."""
    counts = {(R, C): len(brute_force(Puzzle(R, C, ((-1,) * C,) * R)))
              for R, C in ((2, 2), (2, 3), (3, 3))}
    assert counts == {(2, 2): 1, (2, 3): 2, (3, 3): 1}
    assert brute_force(Puzzle(2, 2, ((1, -1), (-1, -1)))) == []


@pytest.mark.parametrize("p", BOARDS, ids=lambda p: f"{p.rows}x{p.cols}")
def test_every_rung_finds_the_answers_of_the_brute_force(p: Puzzle) -> None:
    truth = sorted(map(str, brute_force(p)))
    for rung in ("cover", "cross", "core", "probe"):
        r = solve(p, rung=rung, limit=0)
        assert r.status != "unknown"
        assert sorted(map(str, r.answers)) == truth, rung
        assert all(G.validate(p, a) == [] for a in r.answers)


@pytest.mark.parametrize("p", BOARDS[:24], ids=lambda p: f"{p.rows}x{p.cols}")
def test_every_answer_survives_every_rung(p: Puzzle) -> None:
    """Soundness: each answer of the brute force, as domains, is kept by the fixpoint of
    every rung from the start."""
    answers = np.array([G.encode(p, a) for a in brute_force(p)], dtype=np.uint64).reshape(
        -1, p.rows * p.cols)
    for rung in G.LADDER:
        narrow = G.propagator(p, G.rules_for(rung))
        kept = G.initial_domains(p) if narrow is None else narrow(
            G.initial_domains(p)[None])[0]
        assert ((answers & kept) == answers).all(), rung


def test_the_cross_rule_alone_sees_four_meeting() -> None:
    """A 2×2 board with a 1 in a corner: `cover` leaves four 1×1s (every cell decided);
    `cross` sees that four meet in the middle: no answer."""
    p = Puzzle(2, 2, ((1, -1), (-1, -1)))
    start = G.initial_domains(p)
    cover = G.propagator(p, G.rules_for("cover"))(start[None])[0]
    cross = G.propagator(p, G.rules_for("cross"))(start[None])[0]
    assert [int(v) for v in cover] == [0b10] * 4
    assert not cross.any()


def test_pzprjs_cases() -> None:
    check_pzprjs_cases(pzprjs_group("squarejam"))


def test_pzprjs_puzzle_solves_to_its_answer() -> None:
    group = pzprjs_group("squarejam")
    p = load(group["full_url"]).puzzle
    correct = load(next(c for c in group["cases"] if c["expect"] is None)["board"]).answer
    r = solve(p)
    assert r.status == "unique" and r.answers == [correct]


@pytest.mark.parametrize("p", BOARDS[:10], ids=lambda p: f"{p.rows}x{p.cols}")
def test_formats_round_trip(p: Puzzle) -> None:
    answers = brute_force(p)
    answer = answers[0] if answers else None
    assert load(dump(p, None, "url")).puzzle == p
    for fmt in ("pzprv3", "text"):
        back = load(dump(p, answer, fmt))
        assert back.puzzle == p
        if answer is not None:
            assert back.answer == answer


def test_a_zero_is_no_clue_of_square_jam() -> None:
    with pytest.raises(Exception, match="1"):
        Puzzle(1, 1, ((0,),))


@pytest.mark.parametrize("size", [(6, 6), (5, 7)])
def test_generated_boards_have_exactly_one_answer(size: tuple[int, int]) -> None:
    rng = np.random.default_rng(size[1])
    made = 0
    for _ in range(6):
        p = G.generate(*size, rng, Judge(lambda b: solve(b).status == "unique"))
        if p is None:
            continue
        made += 1
        assert len(brute_force(p)) == 1
    assert made >= 3


def test_scaling_boards_have_one_answer() -> None:
    """The scaling benchmark's boards are settled by the core rung's fixpoint (the
    generator's first candidate is ambiguous from 25×25 on): one answer by the brute force
    on a small board, by the clause model on larger ones, and no branching."""
    from rectlogic.sat import solve_sat

    for side, seed in ((5, 0), (10, 1), (25, 2)):
        p = G.scaling_board(side, np.random.default_rng(seed))
        assert (p.rows, p.cols) == (side, side)
        found = solve(p, limit=2, rung="core")
        assert found.status == "unique" and found.nodes <= 1, found
        truth = brute_force(p) if side <= 5 else solve_sat(p, limit=2).answers
        assert [str(a) for a in truth] == [str(found.answers[0])]


@pytest.mark.parametrize("p", BOARDS[::3], ids=lambda p: f"{p.rows}x{p.cols}")
def test_the_clause_model_finds_the_answers_of_the_brute_force(p: Puzzle) -> None:
    from rectlogic.sat import solve_sat

    found = solve_sat(p, limit=0)
    assert sorted(map(str, found.answers)) == sorted(map(str, brute_force(p)))


def answers_of(encoding) -> list[str]:
    """Every answer of a clause model (each blocked on its decisions once found)."""
    from pysat.solvers import Solver

    out = []
    with Solver(name="cadical153", bootstrap_with=encoding.cnf.as_clauses()) as solver:
        while solver.solve():
            true = {v for v in solver.get_model() if v > 0}
            out.append(str(encoding.decode(true)))
            solver.add_clause([-v if v in true else v for v in encoding.decisions])
    return sorted(out)


@pytest.mark.parametrize("p", [*BOARDS[::3], Puzzle(6, 6, ((-1,) * 6,) * 6),
                               Puzzle(4, 7, ((-1,) * 7,) * 4)],
                         ids=lambda p: f"{p.rows}x{p.cols}")
def test_the_switched_border_model_finds_the_answers_of_the_brute_force(p: Puzzle) -> None:
    """The conflict search's model (`cnf.switched`: borders, sides and offsets, no
    candidate squares), every number kept as given: the brute force's tilings, no more
    (a blank 6×6 has 65)."""
    from rectlogic.genres.squarejam.cnf import switched

    assert answers_of(switched(p, [])[0]) == sorted(map(str, brute_force(p)))
