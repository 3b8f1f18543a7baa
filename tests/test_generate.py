"""Grades and generated boards in every genre: every board unique, its grade right, its answer
valid, and the same seed making the same board; batches alike on a process pool and a Dask
cluster. Which grades each genre's generator reaches, and its boards' own traits, are tested
beside it (`test_<genre>_boards.py`)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rectlogic.errors import RectlogicError
from rectlogic.formats.auto import load
from rectlogic.generate import grades, make_board, make_boards
from rectlogic.genres.generating import thin
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre
from rectlogic.grade import finished_by, grade, score
from rectlogic.solve import solve

from .test_cli import run


def assert_generated_boards_are_unique_and_graded(genre: str, target: str | None,
                                                  side: int = 6) -> None:
    """Two side×side boards of the grade asked (any when None), seed 3: each has one answer,
    the checker's; its grade is the one asked; the labelled rung finishes it and the one
    below does not; its URL reads back; its score is the grade's; the seed remakes it."""
    boards = list(make_boards(genre, side, side, target, seed=3, count=2))
    g = get_genre(genre)
    for b in boards:
        assert solve(b.puzzle).answers == [b.answer]
        assert not g.validate(b.puzzle, b.answer)
        assert grade(b.puzzle).grade == b.grade
        if target is not None:
            assert b.grade == target
        ladder = grades(genre)
        if b.grade != "search":  # the labelled rung finishes it, the one below does not
            assert finished_by(b.puzzle, b.grade) == b.answer
            k = ladder.index(b.grade)
            if k > 0:
                assert finished_by(b.puzzle, ladder[k - 1]) is None
        again = load(b.to_json()["url"]).puzzle
        assert again == b.puzzle
        assert b.score == (score(b.puzzle, b.grade) if b.grade != "search" else None)
    assert make_board(genre, side, side, target, seed=3) == boards[0]


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_generated_boards_are_unique_and_graded(genre: str) -> None:
    assert_generated_boards_are_unique_and_graded(genre, None)


def test_thinning_keeps_the_style_share_and_only_what_is_accepted() -> None:
    rng = np.random.default_rng(0)
    # `without` is the identity here: thinning returns the numbers it took off
    assert len(thin(20, frozenset, lambda taken: True, rng, "published")) == 5
    assert thin(20, frozenset, lambda taken: True, rng, "minimal") == frozenset(range(20))
    # a number is taken off only while the board without it is accepted
    taken = thin(20, frozenset, lambda taken: len(taken & {3, 4}) < 2, rng, "minimal")
    assert len(taken & {3, 4}) == 1 and len(taken) == 19
    with pytest.raises(RectlogicError, match="style"):
        make_board(GENRES[0].name, 6, 6, style="sparse")


def numbers_kept(genre: str, style: str, count: int = 3) -> list[int]:
    """How many numbers each of `count` 8×8 boards (seed 5, 6, …) keeps in the style."""
    author = get_genre(genre).author
    return [len(author.clue_cells(b.puzzle))
            for b in make_boards(genre, 8, 8, None, seed=5, count=count, style=style)]


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_minimal_style_keeps_no_more_numbers_than_published(genre: str) -> None:
    """On the boards where both styles drew the same answer from a seed, the minimal one
    keeps no more numbers (the published style's symmetric clues may draw another answer:
    those are not compared); every minimal board has one answer."""
    author = get_genre(genre).author
    styles = [make_boards(genre, 8, 8, None, seed=5, count=3, style=style)
              for style in ("published", "minimal")]
    for published, minimal in zip(*styles, strict=True):
        assert solve(minimal.puzzle).status == "unique"
        if published.answer == minimal.answer:
            assert len(author.clue_cells(minimal.puzzle)) <= len(
                author.clue_cells(published.puzzle))


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_unreachable_grade_is_a_clear_error(genre: str) -> None:
    with pytest.raises(RectlogicError, match="attempts"):
        make_board(genre, 3, 3, "search", seed=0, attempts=3)


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_generate_and_grade_cli(genre: str) -> None:
    r = run("generate", "--genre", genre, "--size", "5x5", "--count", "2", "--seed", "7",
            "--json")
    out = json.loads(r.stdout)
    assert [b["seed"] for b in out] == [7, 8]
    assert set(out[0]) == {"genre", "rows", "cols", "grade", "score", "stars", "seed", "url",
                           "solution"}
    g = json.loads(run("grade", out[0]["url"], "--json").stdout)
    assert g == {"genre": genre, "grade": out[0]["grade"], "unique": True,
                 "nodes": g["nodes"], "score": out[0]["score"], "stars": g["stars"],
                 "difficulty": g["difficulty"], "steps": g["steps"]}
    assert 1 <= g["stars"] <= 5
    p = load(out[0]["url"]).puzzle  # each open variable is decided once at most
    assert 0 < sum(g["steps"].values()) <= len(get_genre(genre).initial_domains(p))
    if g["grade"] != "none":
        assert g["score"] >= 1


def test_generate_cli_refuses_bad_requests_in_one_line() -> None:
    genre = GENRES[0].name
    for bad in (["--grade", "magic"], ["--size", "40x40"], ["--size", "0x3"], ["--count", "0"]):
        r = run("generate", "--genre", genre, *bad)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, bad
    r = run("generate", "--genre", "nonogram")
    assert r.returncode == 2


def test_batches_on_a_dask_cluster_match_local_ones() -> None:
    import distributed  # in the test extra

    genre = GENRES[0].name
    here = list(make_boards(genre, 5, 5, None, seed=11, count=3))
    pooled = list(make_boards(genre, 5, 5, None, seed=11, count=3, workers=2))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        remote = list(make_boards(genre, 5, 5, None, seed=11, count=3,
                                  scheduler=cluster.scheduler_address))
    assert here == pooled == remote


def test_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(RectlogicError, match="scheduler"):
        list(make_boards(GENRES[0].name, 5, 5, None, count=1, scheduler="tcp://127.0.0.1:9"))


def test_grade_scores_order_boards_within_a_grade() -> None:
    """The score counts the cells only the grade's own rule decides: at least one (else a
    weaker rung would have finished the board), at most every variable."""
    from rectlogic import bank

    for row in [r for r in bank.rows() if r.rows == 6 and r.grade != "search"][::12]:
        p = load(row.url).puzzle
        g = grade(p, scored=True)
        assert g.grade == row.grade
        n = int((get_genre(row.genre).initial_domains(p) > 0).sum())
        assert 1 <= g.score <= n, (row.id, g.score)

