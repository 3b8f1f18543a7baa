"""Shikaku's side of the setter's analysis: numbers that miss the area say so, and the repair
that finds a conflict's witnesses (`author.repair`: an answer of one relaxation cut again
around two clues into an answer of another) gives answers the validator and SAT accept, and
gives up (None) rather than guess — never an answer of the wrong board."""

from __future__ import annotations

import random

from rectlogic.analyze import analyze
from rectlogic.formats.auto import load
from rectlogic.genres.registry import get_genre
from rectlogic.sat import solve_sat
from rectlogic.solve import solve

SHIKAKU = get_genre("shikaku")


def test_numbers_that_miss_the_area_say_so() -> None:
    out = analyze(load("https://puzz.link/p?shikaku/3/3/j4j").puzzle)
    assert out["status"] == "none" and out["conflict"]
    assert out["reason"] == "the numbers add up to 4, the board has 9 cells (add 5)"


def test_repairs_are_answers_of_the_board_they_are_asked_for() -> None:
    """From an answer of one board with a clue given up, repairs asked for the board with
    another clue given up instead (a neighbour, the next trial of a conflict search): each
    one returned obeys the rules of that board (the validator), SAT agrees that board has
    an answer, and some repairs succeed."""
    author = SHIKAKU.author
    rng = random.Random(3)
    made = asked = 0
    for example in SHIKAKU.examples.SOLVED:
        p = load(example.url, "shikaku").puzzle
        clues = author.clue_cells(p)
        deleted = rng.choice(clues)
        q = author.relax(p, [])
        q = type(q)(q.rows, q.cols, tuple(tuple(-1 if (r, c) == deleted else v
                                                for c, v in enumerate(row))
                                          for r, row in enumerate(q.clues)))
        rest = [c for c in clues if c != deleted]
        for first in rest[:6]:
            found = solve(author.relax(q, [first]), limit=1)
            if not found.answers:
                continue
            nearest = sorted(rest, key=lambda c: abs(c[0] - first[0]) + abs(c[1] - first[1]))
            for other in nearest[1:4]:
                asked += 1
                board = author.relax(q, [other])
                repaired = author.repair(q, found.answers[0], [other], [first, other])
                if repaired is None:
                    continue
                made += 1
                assert SHIKAKU.obeys_rules(board, repaired)
                assert solve_sat(board, limit=1).status != "none"
    assert asked and made


def test_a_board_without_numbers_says_so() -> None:
    out = analyze(SHIKAKU.author.compose(3, 3, [[""] * 3 for _ in range(3)]))
    assert out["status"] == "none" and out["reason"] == "no numbers yet: every rectangle holds one"
