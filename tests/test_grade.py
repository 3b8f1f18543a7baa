"""Grade v2 over Janko's boards, in every genre Janko publishes (each with a corpus): every
board with one answer is finished by a named rung; the level (the weakest rung whose fixpoint
finishes the board) is the strongest rung its rounds use; the difficulties and the star
cut-offs recompute to what is committed (tests/data/janko_difficulty.json, `Genre.STAR_CUTS`;
`tools/janko-difficulty` writes them). How many boards each genre has, and at which rungs, is
tested beside it (`test_<genre>_grade.py`)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from rectlogic import bank
from rectlogic import grade as G
from rectlogic.bench import load_corpus
from rectlogic.bench.corpus import janko_corpus
from rectlogic.formats.auto import load
from rectlogic.genres.base import SEARCH
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre

DATA = Path(__file__).parent / "data"
TABLE = json.loads((DATA / "janko_difficulty.json").read_text())
PUBLISHED = [g.name for g in GENRES if janko_corpus(g.name).is_file()]
"""The genres Janko publishes (a corpus of theirs is in tests/data/janko)."""


@cache
def graded_corpus(name: str) -> dict[str, tuple]:
    """Janko's boards of the genre with one answer, each with its grade (scored): key →
    (corpus item, grade)."""
    _, items = load_corpus(janko_corpus(name), name)
    out = {}
    for it in items:
        if it.puzzle is None:
            continue
        g = G.grade(it.puzzle, scored=True)
        if g.grade is not None:
            out[it.key] = (it, g)
    return out


@pytest.fixture(scope="module", params=PUBLISHED)
def graded(request) -> tuple[str, dict]:
    return request.param, graded_corpus(request.param)


def test_every_janko_board_is_finished_by_a_named_rung(graded) -> None:
    genre, boards = graded
    assert len(boards) == len(TABLE[genre]) > 0  # each board of one answer has a difficulty
    assert all(g.grade != SEARCH for _, g in boards.values())
    assert all(g.answer == it.published for it, g in boards.values())


def test_the_level_is_the_weakest_rung_that_finishes_the_board(graded) -> None:
    """The definition, rung by rung from the empty board (`finished_by`), against the grade
    read off the rounds (scored) and off each rung's fixpoint worked out from the last one's
    (plain); and the level is the strongest rung the rounds use."""
    genre, boards = graded
    ladder = get_genre(genre).grades
    for key, (it, g) in boards.items():
        weakest = next(r for r in ladder if G.finished_by(it.puzzle, r) == g.answer)
        assert g.grade == weakest == G.grade(it.puzzle).grade, key
        used = [r for r, n in g.steps.items() if n]
        assert (max(used, key=ladder.index) if used else ladder[0]) == g.grade, key
        assert g.score == g.steps.get(g.grade, 0), key


def test_difficulties_and_star_cuts_recompute(graded) -> None:
    genre, boards = graded
    found = {key: g.difficulty for key, (_, g) in boards.items()}
    assert found == TABLE[genre]
    assert G.star_cuts(list(found.values())) == get_genre(genre).STAR_CUTS
    shares = [sum(g.stars == s for _, g in boards.values()) / len(boards) for s in range(1, 6)]
    wanted = [b - a for a, b in zip((0, *G.STAR_SHARES), (*G.STAR_SHARES, 1), strict=True)]
    for share, want in zip(shares, wanted, strict=True):  # ties at a cut move a few boards
        assert abs(share - want) < 0.05, (genre, shares)


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_stars_follow_difficulty(genre: object) -> None:
    """One star more for each cut a difficulty passes; a genre without cuts (Janko does not
    publish it) gives every board one star."""
    cuts = genre.STAR_CUTS
    assert list(cuts) == sorted(cuts)
    if not cuts:
        assert G.stars(genre, 0.0) == G.stars(genre, 1e9) == 1
        return
    assert len(cuts) == len(G.STAR_SHARES)
    assert G.stars(genre, 0.0) == 1 and G.stars(genre, cuts[-1] + 1) == 5
    assert [G.stars(genre, c) for c in cuts] == [1, 2, 3, 4]


def assert_parallel_rounds_cost_less(puzzle: object, weakest: str, stronger: str) -> None:
    """Eight cells found in one round of `weakest` cost less than eight rounds of one; a round
    of `stronger` costs 2^(its steps up the ladder) rounds of `weakest`."""
    genre = get_genre(puzzle.genre)
    one = G.difficulty(puzzle, [G.Round(weakest, 1)] * 8)
    together = G.difficulty(puzzle, [G.Round(weakest, 8)])
    rungs = G.rungs_of(genre)
    up = 2 ** (rungs.index(stronger) - rungs.index(weakest))
    assert together < one and G.difficulty(puzzle, [G.Round(stronger, 1)]) == up * (
        G.difficulty(puzzle, [G.Round(weakest, 1)]))


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_parallel_rounds_cost_less_per_cell(genre: object) -> None:
    p = load(genre.examples.SOLVED[0].url).puzzle
    rungs = G.rungs_of(genre)
    assert_parallel_rounds_cost_less(p, rungs[0], rungs[-1])


RUNGS_WITHOUT_RULES = [(g, rung) for g in GENRES for rung, rules in g.LADDER.items() if not rules]


@pytest.mark.parametrize("genre,rung", RUNGS_WITHOUT_RULES,
                         ids=[f"{g.name}-{rung}" for g, rung in RUNGS_WITHOUT_RULES])
def test_score_of_a_rung_without_rules_is_zero(genre: object, rung: str) -> None:
    """`score(p, "none")` once failed ('none' is not in list): a rung with no rules (each
    ladder's first, so far) scores 0 on every example."""
    for example in genre.examples.SOLVED:
        assert G.score(load(example.url).puzzle, rung) == 0


def test_the_grading_bench_grades_bank_boards_as_the_bank_does() -> None:
    """`bench --grading` times grades that are right: on a board of each grade the bank
    holds at 6×6 (per genre), the grade found is the bank's."""
    from rectlogic import bank
    from rectlogic.bench.grading import run_grading_bench

    rows = {(r.genre, r.grade): r for r in bank.rows() if r.rows == 6}
    found = run_grading_bench(rows.values())
    assert found and all(f["same_grade"] == f["boards"] for f in found)
    assert {f["genre"] for f in found} == {g for g, _ in rows}
    assert all(0 < f["grade_median_ms"] <= f["grade_max_ms"] for f in found)


def naive_rounds(puzzle: object, answer: object) -> list[G.Round]:
    """Rounds read straight off their definition: every round tries every rung, weakest
    first (`rounds` skips those a round's own fixpoint has settled)."""
    genre = get_genre(puzzle.genre)
    truth = genre.encode(puzzle, answer)
    d = genre.initial_domains(puzzle)
    out = []
    while d.all() and (open_ := G.popcount(d) > 1).any():
        step = G.weakest_step(genre, puzzle, d, open_, G.rungs_of(genre))
        if step is None:
            i = G.most_constrained(d, open_)
            d = d.copy()
            d[i] = truth[i]
            out.append(G.Round(SEARCH, 1))
        else:
            d = np.where(step[2], step[1], d)
            out.append(G.Round(step[0], int(step[2].sum())))
    return out


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_rounds_are_those_of_every_rung_tried_every_round(genre: object) -> None:
    """Skipping the rungs a round's fixpoint settles changes no round (the 6×6 examples
    and smaller: every genre has some)."""
    boards = [load(e.url).puzzle for e in genre.examples.SOLVED]
    small = [p for p in boards if p.rows * p.cols <= 36]
    assert small
    for p in small:
        answer = G.grade(p).answer
        assert G.rounds(p, answer) == naive_rounds(p, answer), p


def test_rounds_skip_after_strong_rounds_and_reveals() -> None:
    """The same on the bank's nested 6×6 boards (four a genre), where rounds of the
    strongest rungs are followed by more rounds (so there are rungs to skip)."""
    rows = [r for name in GENRE_NAMES for r in [
        r for r in bank.rows(genre=name) if r.rows == 6 and r.grade == "nested"][:4]]
    skipped = 0
    for row in rows:
        p = load(row.url, row.genre).puzzle
        answer = G.grade(p).answer
        found = G.rounds(p, answer)
        assert found == naive_rounds(p, answer), row.id
        skipped += sum(r.rung in ("probe", "nested") for r in found[:-1])
    assert rows and skipped
