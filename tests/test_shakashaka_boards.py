"""Shakashaka's generator: boards at the grades it reaches at 6×6 (reflex, probe), minimal
boards keeping fewer numbers than published ones, themed boards showing their theme, dense
answers unique and touching at corners; the grade of a known board."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.formats.auto import load
from rectlogic.generate import looks_alike
from rectlogic.grade import finished_by, grade
from rectlogic.solve import solve

from .test_generate import assert_generated_boards_are_unique_and_graded, numbers_kept


@pytest.mark.parametrize("target", ["reflex", "probe"])
def test_generated_boards_are_unique_and_graded(target: str) -> None:
    assert_generated_boards_are_unique_and_graded("shakashaka", target)


def test_minimal_style_keeps_fewer_numbers_than_published() -> None:
    """Over eight boards: a published board's share of numbers is drawn per board, and a
    low one thins it as far as the minimal style would."""
    assert sum(numbers_kept("shakashaka", "minimal", 8)) < sum(numbers_kept("shakashaka",
                                                                            "published", 8))


def test_dense_shakashaka_answers_are_legal_unique_and_touch_at_corners() -> None:
    from rectlogic.generate import judge
    from rectlogic.genres.shakashaka.generate import checked, dense_answer
    from rectlogic.studies.shakashaka import corners_touch

    touching, black = 0, []
    for seed in range(6):
        answer = dense_answer(10, 10, np.random.default_rng(seed), judge("shakashaka", None))
        if answer is None:
            continue  # a repair that did not converge: the generator starts again
        puzzle = checked(answer)  # the validator accepts it
        assert solve(puzzle).answers == [answer]
        touching += corners_touch(answer)
        black.append(float((np.array(answer.cells) == 5).mean()))
    assert len(black) >= 4 and touching >= 1
    assert float(np.median(black)) <= 0.22


def test_grade_of_a_known_board() -> None:
    p = load("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb").puzzle
    g = grade(p)
    assert (g.grade, g.unique) == ("tips", True)
    assert finished_by(p, "parity") is None


def test_planted_pieces_keep_answers_legal_and_grow_their_regions() -> None:
    """Large pieces put into an answer (the white they cut packed again) leave it legal, and
    a board's largest white region grows with them."""
    from rectlogic.genres.shakashaka.generate import checked, planted, random_answer
    from rectlogic.genres.shakashaka.validate import white_regions

    def largest(answer) -> float:
        return max(len(g) / 4 for g in white_regions(answer))

    grown = 0
    for seed in range(4):
        rng = np.random.default_rng(seed)
        answer = random_answer(10, 10, rng)
        after = planted(answer, rng, 2, grown=1.0)
        checked(after)  # the validator accepts it
        grown += largest(after) > largest(answer)
    assert grown >= 2


def test_darkened_boards_stay_unique_with_more_black() -> None:
    from rectlogic.generate import judge
    from rectlogic.genres.shakashaka.generate import darkened, drawn_answer, numbered

    verdicts = judge("shakashaka", None)
    answer = None
    rng = np.random.default_rng(3)
    while answer is None:
        answer = drawn_answer(10, 10, rng, verdicts.answers, verdicts.accept)
    black = sum(row.count(5) for row in answer.cells)
    after = darkened(answer, rng, verdicts.answers, verdicts.accept, black + 3)
    assert sum(row.count(5) for row in after.cells) > black
    assert solve(numbered(after)).answers == [after]


@pytest.mark.parametrize("shows", [frozenset({1, 2}), frozenset()])
def test_themed_boards_show_their_theme_whole_and_are_unique_as_shown(
        monkeypatch: pytest.MonkeyPatch, shows: frozenset[int]) -> None:
    """A board drawn themed (`THEMES`: only 1s and 2s, or no number) numbers exactly its black
    cells of the theme's digits, and has one answer as it shows."""
    from rectlogic.generate import make_board
    from rectlogic.genres.shakashaka import generate
    from rectlogic.genres.shakashaka.model import triangles_beside

    monkeypatch.setattr(generate, "themed_share", lambda cells: 1.0)
    monkeypatch.setattr(generate, "THEMES", {shows: 1.0})
    board = make_board("shakashaka", 10, 10, "probe", seed=1)
    clues = np.array(board.puzzle.clues)
    themed = (clues != -1) & np.isin(triangles_beside(board.answer), list(shows))
    assert np.array_equal(clues >= 0, themed) and themed.any() == bool(shows)
    assert solve(board.puzzle).answers == [board.answer]


def test_a_catch_keeps_one_of_two_boards_a_player_sees_as_one() -> None:
    """Two Shakashaka 6x6 the bank once held both of (the same four numbers, turned and
    shifted) look alike; another board does not."""
    first, turned = (load(f"https://puzz.link/p?shakashaka/6/6/{body}").puzzle
                     for body in ("kcqcn.i.g", ".mcs.pc"))
    assert first != turned and looks_alike(first) == looks_alike(turned)
    other = load("https://puzz.link/p?shakashaka/6/6/lchbnchcl").puzzle
    assert looks_alike(other) != looks_alike(first)



def test_moved_black_cells_let_whitening_take_more_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a board above 10×10 the repair leaves more black than the board needs: moving its
    black cells (`moved`: one turned white, one added where the second answer then differs)
    keeps the board unique with no more black, and whitening after it takes off more than
    whitening alone could."""
    from rectlogic.generate import judge
    from rectlogic.genres.shakashaka import generate
    from rectlogic.genres.shakashaka.generate import moved, numbered, whitened
    from rectlogic.genres.shakashaka.model import BLACK

    def black_cells(answer) -> int:
        return sum(row.count(BLACK) for row in answer.cells)

    class Repaired(Exception):
        """drawn_answer stopped where it first whitens: the repaired answer."""

    def caught(answer, *_, **__):
        raise Repaired(answer)

    verdicts = judge("shakashaka", None)
    monkeypatch.setattr(generate, "whitened", caught)
    lower = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        repaired = None
        while repaired is None:
            try:
                generate.drawn_answer(15, 15, rng, verdicts.answers, verdicts.accept)
            except Repaired as stop:
                repaired = stop.args[0]
        alone = whitened(repaired, np.random.default_rng(seed), verdicts.answers,
                         verdicts.accept)
        after = moved(alone, np.random.default_rng(seed), verdicts.answers, verdicts.accept)
        assert solve(numbered(after)).answers == [after]
        assert black_cells(after) <= black_cells(alone)
        again = whitened(after, np.random.default_rng(seed), verdicts.answers, verdicts.accept)
        lower += black_cells(again) < black_cells(alone)
    assert lower >= 2
