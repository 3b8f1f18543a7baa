"""Grades and generated boards: every board unique, its grade right, its answer valid, and the
same seed making the same board."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rectlogic.errors import RectlogicError
from rectlogic.formats.auto import load
from rectlogic.generate import grades, make_board, make_boards
from rectlogic.genres.chocona.generate import raw_board
from rectlogic.genres.generating import thin
from rectlogic.genres.registry import get_genre
from rectlogic.grade import finished_by, grade, score
from rectlogic.solve import solve

from .test_cli import run

CASES = [
    ("shikaku", "coverer"), ("shikaku", "dual"), ("shikaku", "probe"),
    ("shakashaka", "reflex"), ("shakashaka", "probe"),
    ("chocona", "corner"), ("chocona", "probe"),  # quota: never, box: 5 % of 6×6 attempts
    ("shikaku", None), ("shakashaka", None), ("chocona", None),
]


@pytest.mark.parametrize(("genre", "target"), CASES)
def test_generated_boards_are_unique_and_graded(genre: str, target: str | None) -> None:
    side = 8 if (genre, target) == ("shikaku", "probe") else 6  # 3 % of 6×6 tilings need it
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


def test_thinning_keeps_the_style_share_and_only_what_is_accepted() -> None:
    rng = np.random.default_rng(0)
    # `without` is the identity here: thinning returns the numbers it took off
    assert len(thin(20, frozenset, lambda taken: True, rng, "published")) == 5
    assert thin(20, frozenset, lambda taken: True, rng, "minimal") == frozenset(range(20))
    # a number is taken off only while the board without it is accepted
    taken = thin(20, frozenset, lambda taken: len(taken & {3, 4}) < 2, rng, "minimal")
    assert len(taken & {3, 4}) == 1 and len(taken) == 19
    with pytest.raises(RectlogicError, match="style"):
        make_board("chocona", 6, 6, style="sparse")


@pytest.mark.parametrize("genre", ["shakashaka", "chocona"])
def test_minimal_style_keeps_fewer_numbers_than_published(genre: str) -> None:
    def numbers(style: str) -> list[int]:
        boards = make_boards(genre, 8, 8, None, seed=5, count=3, style=style)
        clues = [np.array(b.puzzle.clues) for b in boards]
        return [int((c >= 0).sum()) for c in clues]
    published, minimal = numbers("published"), numbers("minimal")
    assert all(m <= p for m, p in zip(minimal, published, strict=True))
    if genre == "shakashaka":  # Chocona's boards need most of their numbers either way
        assert sum(minimal) < sum(published)


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


def test_grade_of_known_boards() -> None:
    p = load("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb").puzzle
    g = grade(p)
    assert (g.grade, g.unique) == ("tips", True)
    assert finished_by(p, "parity") is None
    many = grade(load("https://puzz.link/p?chocona/2/2").puzzle)
    assert many.grade is None and not many.unique and many.status == "multiple"


def test_raw_chocona_stream() -> None:
    for seed in range(10):
        p, a = raw_board(6, 6, np.random.default_rng(seed), max_size=4, max_rect=2)
        assert all(v >= 0 for v in p.clues)
        assert max(len(cells) for cells in p.region_cells) <= 4
        assert get_genre("chocona").obeys_rules(p, a)


def test_unreachable_grade_is_a_clear_error() -> None:
    with pytest.raises(RectlogicError, match="attempts"):
        make_board("chocona", 3, 3, "search", seed=0, attempts=3)


def test_generate_and_grade_cli() -> None:
    r = run("generate", "--genre", "shikaku", "--size", "5x5", "--count", "2", "--seed", "7",
            "--json")
    out = json.loads(r.stdout)
    assert [b["seed"] for b in out] == [7, 8]
    assert set(out[0]) == {"genre", "rows", "cols", "grade", "score", "stars", "seed", "url",
                           "solution"}
    g = json.loads(run("grade", out[0]["url"], "--json").stdout)
    assert g == {"genre": "shikaku", "grade": out[0]["grade"], "unique": True,
                 "nodes": g["nodes"], "score": out[0]["score"], "stars": g["stars"],
                 "difficulty": g["difficulty"], "steps": g["steps"]}
    assert 1 <= g["stars"] <= 5  # each rectangle not given outright is decided once:
    assert 0 < sum(g["steps"].values()) <= len(out[0]["solution"])
    assert g["score"] >= 1
    for bad in (["--grade", "magic"], ["--size", "40x40"], ["--size", "0x3"], ["--count", "0"]):
        r = run("generate", "--genre", "shikaku", *bad)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, bad
    r = run("generate", "--genre", "nonogram")
    assert r.returncode == 2


def test_batches_on_a_dask_cluster_match_local_ones() -> None:
    import distributed  # in the test extra
    here = list(make_boards("shikaku", 5, 5, None, seed=11, count=3))
    pooled = list(make_boards("shikaku", 5, 5, None, seed=11, count=3, workers=2))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        remote = list(make_boards("shikaku", 5, 5, None, seed=11, count=3,
                                  scheduler=cluster.scheduler_address))
    assert here == pooled == remote


def test_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(RectlogicError, match="scheduler"):
        list(make_boards("shikaku", 5, 5, None, count=1, scheduler="tcp://127.0.0.1:9"))


def test_grade_scores_order_boards_within_a_grade() -> None:
    """The score counts the cells only the grade's own rule decides: at least one (else a
    weaker rung would have finished the board), at most every variable."""
    from rectlogic import bank
    from rectlogic.formats.auto import load
    from rectlogic.grade import grade

    for row in [r for r in bank.rows() if r.rows == 6 and r.grade != "search"][::12]:
        p = load(row.url).puzzle
        g = grade(p, scored=True)
        assert g.grade == row.grade
        n = int((get_genre(row.genre).initial_domains(p) > 0).sum())
        assert 1 <= g.score <= n, (row.id, g.score)
