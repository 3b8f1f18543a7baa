"""Shikaku's faults (issue 30): Janko's 431, graded `none`, in every shell; its Janko boards
with several answers refused; URLs pasted with text after them; a body that does not decode;
answers always place rectangles; booleans are not numbers; its `search` grade out of the
server's time."""

from __future__ import annotations

import json

import pytest

from rectlogic import bank
from rectlogic.genres.registry import get_genre

from .test_cli import run
from .test_faults import (
    assert_a_generator_out_of_time_is_a_503,
    assert_grade_and_analyze_handle,
    assert_left_out_with_a_note,
    assert_none_board_in_every_shell,
    assert_still_refused,
    assert_validate_agrees_with_solve_and_check_on_empty_answers,
    bank_grades,
    client,
    janko_admission,
)

JANKO_431 = "https://puzz.link/p?shikaku/10/10/j5fzx-14anf5zxa-14j"
"""A board the `none` rung finishes (its cells are decided before any rule runs)."""


def test_every_grade_but_nested_has_a_board_here() -> None:
    """`nested`: no known board needs it (none of Janko's, none of the bank's); no board that
    needs a guess turned up in 8,000 random small boards, nor from the generator."""
    have = bank_grades("shikaku") | {"none"}
    assert have >= set(get_genre("shikaku").LADDER) - {"nested"}


def test_janko_431_in_every_shell(tmp_path) -> None:
    assert_grade_and_analyze_handle("shikaku", "none", JANKO_431)
    assert_none_board_in_every_shell(JANKO_431, tmp_path)


def test_bank_add_refuses_the_janko_boards_with_two_answers(tmp_path) -> None:
    assert janko_admission("shikaku", tmp_path) == {
        "127_16x22": "the puzzle is multiple, not unique",
        "128_20x20": "the puzzle is multiple, not unique"}


def test_bank_add_names_the_board_refused(tmp_path) -> None:
    mine = tmp_path / "mine.sqlite"
    bank.add([], mine, create=True)
    r = run("bank", "add", JANKO_431, "https://puzz.link/p?shikaku/2/2/g2h", "--bank",
            str(mine))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "PUZZLE 2" in r.stderr and "not unique" in r.stderr
    assert "PUZZLE 1" not in r.stderr and bank.rows(mine) == []  # all or nothing


PASTED = {
    "https://puzz.link/p?shikaku/8/8/9h5h4l6j4j5j&id=259flcep": '"&id=259flcep"',
    "https://puzz.link/p?shikaku/10/10/m9k5h2z4h5k4mcmaj4h8l%22": '"%22"',
    JANKO_431 + '" rel="nofollow': '"\\" rel=\\"nofollow"',
}
"""URLs copied with text after the puzzle (the first stops short of the board, as the issue's
own example does), and how the note names what is left out."""


@pytest.mark.parametrize("url", list(PASTED))
def test_text_after_the_puzzle_is_left_out_with_a_note(url: str) -> None:
    clean = url[: len(url) - len(json.loads(PASTED[url]))]
    assert_left_out_with_a_note(clean, url, PASTED[url])


def test_a_body_that_does_not_decode_is_still_refused() -> None:
    assert_still_refused("https://puzz.link/p?shikaku/4/4/1~2")


def test_an_answer_always_places_rectangles() -> None:
    """pzprjs's "not started" guard never fires: a board of one clue, answered by its one
    rectangle."""
    assert not get_genre("shikaku").UI_ONLY_CODES
    assert_validate_agrees_with_solve_and_check_on_empty_answers(
        "https://puzz.link/p?shikaku/1/1/1")


def test_booleans_are_not_numbers() -> None:
    import rectlogic as rl

    url = "https://puzz.link/p?shikaku/2/1/2"
    r = run("check", url, "[[true,false,1,1]]")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, (r.stdout, r.stderr)
    assert run("check", url, "[[0,0,1,2]]").returncode == 0
    out = client.post("/api/check", json={"puzzle": url, "answer": [[True, False, 1, 1]]})
    assert out.status_code == 422, out.text
    with pytest.raises(rl.FormatError):
        get_genre("shikaku").codec.answer_from_json(rl.load(url), [[True, False, 1, 1]])


def test_a_generator_out_of_time_is_the_servers_503_not_a_400() -> None:
    assert_a_generator_out_of_time_is_a_503("shikaku", "15x15", "search")
