"""Choco Banana: pzprjs's cases give its first code, the formats round-trip, the solver and the
clause model agree with an enumeration written from the rules alone, every rung keeps every
answer, generated boards have exactly one answer, and a picture of an answer shows its shaded
numbers."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from rectlogic.formats.auto import dump, load, read_answer
from rectlogic.genres.cbanana import Puzzle
from rectlogic.genres.cbanana.brute import brute_force, legal_shadings
from rectlogic.genres.cbanana.examples import SOLVED
from rectlogic.genres.generating import Judge
from rectlogic.genres.registry import get_genre
from rectlogic.render import board_svg
from rectlogic.sat import solve_sat
from rectlogic.solve import solve

from .conftest import check_pzprjs_cases, pzprjs_group

G = get_genre("cbanana")


def test_pzprjs_cases() -> None:
    check_pzprjs_cases(pzprjs_group("cbanana"))


def test_alias_and_example_answer() -> None:
    assert get_genre("chocobanana") is G
    p = load(SOLVED[0].url).puzzle
    found = solve(p, limit=2)
    assert found.status == "unique"
    assert G.answer_json(p, found.answers[0]) == SOLVED[0].answer


def random_board(seed: int, most: int = 4) -> Puzzle:
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, most + 1)), int(rng.integers(2, most + 1))
    clues = tuple(tuple(int(rng.integers(1, 9)) if rng.random() < 0.35
                        else -2 if rng.random() < 0.05 else -1 for _ in range(cols))
                  for _ in range(rows))
    return Puzzle(rows, cols, clues)


BOARDS = [random_board(s) for s in range(40)]


@pytest.mark.parametrize(("rows", "cols", "legal"), [(2, 2, 5), (2, 3, 19), (3, 3, 121)])
def test_clue_free_boards(rows: int, cols: int, legal: int) -> None:
    """2×2: all shaded, or one shaded cell (the unshaded L); the counts by hand for 2×2."""
    assert len(legal_shadings(rows, cols)) == legal
    p = Puzzle(rows, cols, tuple((-1,) * cols for _ in range(rows)))
    assert solve(p, limit=0).count == legal
    assert solve_sat(p, limit=0).count == legal


def test_search_and_clauses_agree_with_brute_force() -> None:
    for p in BOARDS:
        truth = sorted(map(str, brute_force(p)))
        for rung in ("none", "box", "probe") if p.rows * p.cols <= 9 else ("box", "probe"):
            found = solve(p, rung=rung, limit=0)
            assert found.complete and sorted(map(str, found.answers)) == truth, (p, rung)
        assert solve_sat(p, limit=0).count == len(truth), p


def test_every_rung_keeps_every_answer() -> None:
    """Soundness: from the open board every answer survives each rung's fixpoint, and an
    answer's own decided domains are a fixpoint (no rule sees a contradiction there)."""
    for p in BOARDS[:25]:
        for a in brute_force(p):
            d = G.encode(p, a)
            for rung in G.LADDER:
                propagate = G.propagator(p, G.rules_for(rung))
                if propagate is None:
                    continue
                out = propagate(G.initial_domains(p)[None])[0]
                assert ((out & d) == d).all(), (p, a, rung)
                assert (propagate(d[None])[0] == d).all(), (p, a, rung)


def test_formats_round_trip() -> None:
    for p in BOARDS[:10]:
        a = (brute_force(p) or [G.empty_answer(p)])[0]
        for fmt in ("url", "pzprv3", "text"):
            text = dump(p, a if fmt != "url" else None, fmt)
            back = load(text)
            assert back.puzzle == p, fmt
            if fmt != "url" and any(map(any, a.shaded)):
                assert back.answer == a, fmt
            assert dump(back.puzzle, back.answer if fmt != "url" else None, fmt) == text


def test_checker_codes_in_order() -> None:
    """An empty board is one unshaded rectangle; a shaded L is csNotRect before anything."""
    p = Puzzle(3, 3, ((2, -1, -1), (-1, -1, -1), (-1, -1, -1)))
    assert [v.code for v in G.validate(p, G.empty_answer(p))] == ["cuRect", "bkSizeNe"]
    ell = G.codec.answer_from_json(p, ["##.", "#..", "..."])
    assert G.validate(p, ell)[0].code == "csNotRect"


def test_generated_boards_have_one_answer() -> None:
    def answers(p: Puzzle) -> list:
        return solve(p, limit=2).answers

    def accept(p: Puzzle) -> bool:
        return solve(p, limit=2).status == "unique"

    rng = np.random.default_rng(5)
    made = [b for b in (G.generate(6, 6, rng, Judge(accept, answers)) for _ in range(6)) if b]
    assert made
    for p in made:
        truth = brute_force(p) if p.rows * p.cols <= 16 else None
        assert solve_sat(p, limit=2).status == "unique"
        assert truth is None or len(truth) == 1


def test_scaling_boards_have_one_answer() -> None:
    """The scaling benchmark's boards are settled by the box rung's fixpoint (no repair by
    the solver, which takes minutes on large boards): exactly one answer."""
    for side, seed in ((6, 0), (10, 1), (14, 2)):
        p = G.scaling_board(side, np.random.default_rng(seed))
        assert (p.rows, p.cols) == (side, side)
        found = solve(p, limit=2, rung="box")
        assert found.status == "unique" and found.nodes <= 1, found


def test_an_answer_shades_labelled_cells_and_writes_their_numbers_white() -> None:
    """Choco Banana's numbers sit in cells the answer shades or not: a shaded one is drawn
    dark with its number in white, as the player draws it (it was left white, its number
    black, so the answer's 1×1 shaded numbers vanished from the picture)."""
    row = SOLVED[0]
    p = load(row.url).puzzle
    board = G.board_json(p)
    truth = G.answer_json(p, read_answer(p, row.answer))
    state_of = {v: k for k, v in board["answer_of"].items()}  # answer character -> state
    shaded_numbers = {(r, c) for r, line in enumerate(truth) for c, ch in enumerate(line)
                      if board["fixed"][r][c]
                      and board["states"].get(state_of.get(ch, ch), {}).get("fill")}
    assert shaded_numbers, "the example has no shaded number to look at"
    svg = ET.fromstring(board_svg(p, read_answer(p, row.answer), cell=36))
    svg_ns = "{http://www.w3.org/2000/svg}"
    dark = {(int(e.get("y")) // 36, int(e.get("x")) // 36) for e in svg.iter(f"{svg_ns}rect")
            if e.get("fill") == "#333" and e.get("width") == "36"}
    white = {(int(float(e.get("y")) // 36), int(float(e.get("x")) // 36))
             for e in svg.iter(f"{svg_ns}text") if e.get("fill") == "white"}
    assert shaded_numbers <= dark and shaded_numbers <= white
