"""Hints that always move the player forward: every genre's examples, and every bank board of
6×6 and 8×8 (the shipped content), walked from the empty position to its answer by hints
alone, at the board's own grade. Each hint must be
a move (never a repeat, never a narrowing the player cannot make), every move must agree with
the published answer, and the walk must end on a board the checker accepts — except on the
boards graded `search`, which need a guess: there hints stop short."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rectlogic import bank
from rectlogic.formats.auto import load, read_answer
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.grade import grade
from rectlogic.hint import hint


def walk(row: bank.Row | Example) -> tuple[int, int, bool]:
    """(hints, moves, solved) of one board walked by hints alone."""
    p = load(row.url).puzzle
    genre = get_genre(row.genre)
    truth = genre.answer_json(p, read_answer(p, row.answer))
    board = genre.board_json(p)
    rectangles = board["input"] == "rectangles"
    position: list = [] if rectangles else [["_"] * p.cols for _ in range(p.rows)]
    hints = moves = 0
    rung = row.grade if row.grade in genre.LADDER else None
    for _ in range(p.rows * p.cols + 1):
        shown = position if rectangles else ["".join(r) for r in position]
        h = hint(p, shown, rung)
        hints += 1
        if h["kind"] == "none":
            break
        assert h["kind"] == "deduction" and h["move"], (row.id, h)
        move = h["move"]
        if rectangles:
            assert move["rect"] in truth and move["rect"] not in position, (row.id, move)
            position.append(move["rect"])
        else:
            r, c = move["cell"]
            assert position[r][c] == "_", (row.id, move)  # progress: an open cell decided
            assert board["answer_of"].get(move["state"], move["state"]) == truth[r][c], row.id
            position[r][c] = move["state"]
        moves += 1
    final = position if rectangles else [
        "".join(board["answer_of"].get(ch, ch) if board["fixed"][r][c] is None
                or board["fixed"][r][c]["answer"] is None else board["fixed"][r][c]["answer"]
                for c, ch in enumerate(line)) for r, line in enumerate(position)]
    solved = "_" not in "".join(map(str, final)) and not genre.check(
        p, read_answer(p, final))[0]
    return hints, moves, solved


@dataclass(frozen=True)
class Example:
    """A genre's example as the walk reads a bank row."""

    id: str
    genre: str
    url: str
    answer: object
    grade: str | None


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_example_is_solved_by_hints_alone(name: str) -> None:
    for k, example in enumerate(get_genre(name).examples.SOLVED):
        graded = grade(load(example.url, name).puzzle).grade
        hints, moves, solved = walk(Example(f"{name} example {k}", name, example.url,
                                            example.answer, graded))
        assert moves == hints - 1
        assert solved == (graded != "search"), k


@pytest.mark.parametrize("size", [6, 8])
@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_small_bank_board_is_solved_by_hints_alone(name: str, size: int) -> None:
    rows = [r for r in bank.rows(genre=name) if r.rows == size]
    assert rows
    for row in rows:
        hints, moves, solved = walk(row)
        assert moves == hints - 1  # every hint but the last ("nothing more") was a move
        assert solved == (row.grade != "search"), row.id
