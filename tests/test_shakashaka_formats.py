"""Shakashaka formats: byte-exact URLs, file round trips, detection, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rectlogic.errors import BoardTooLarge, FormatError, RectlogicError
from rectlogic.formats.auto import dump, load
from rectlogic.formats.puzzlink import decode_4cell, encode_4cell
from rectlogic.genres.shakashaka import Answer, Puzzle
from rectlogic.genres.shakashaka.model import BLACK


def test_encode_4cell_examples_from_pzprjs() -> None:
    assert encode_4cell([0, -1, 1, -1, -1, 2, -1]) == "5bc"
    assert encode_4cell([-1] * 29 + [4]) == "zoe"
    assert encode_4cell([-2, 3, -1, -1]) == ".d"
    assert decode_4cell("cgbh8.hegdr.h", 36)[11] == -2


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb",
        "http://pzv.jp/p.html?shakashaka/6/6/cgbhdhegdrb",
        "https://puzz.link/p?shakashaka_edit/6/6/cgbhdhegdrb",
        "https://puzz.link/p?shakashaka_play/6/6/cgbhdhegdrb",
        "https://puzz.link/p?type=player&shakashaka/6/6/cgbhdhegdrb",
        "https://example.org/x?shakashaka/6/6/cgbhdhegdrb",
    ],
)
def test_url_forms_decode_alike(url: str) -> None:
    p = load(url).puzzle
    assert dump(p, None, "url").strip() == "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"


def test_whole_file_url() -> None:
    url = "https://puzz.link/p?pzprv3/shakashaka/2/3/2%20.%20.%20/.%20.%205%20/"
    p = load(url).puzzle
    assert p.clues == ((2, -1, -1), (-1, -1, -2))


boards = st.integers(1, 9).flatmap(
    lambda rows: st.integers(1, 9).flatmap(
        lambda cols: st.lists(
            st.lists(st.sampled_from([-1, -1, -1, -2, 0, 1, 2, 3, 4]), min_size=cols,
                     max_size=cols),
            min_size=rows, max_size=rows,
        ).map(lambda g: Puzzle(rows, cols, tuple(map(tuple, g))))
    )
)


def _answer_for(p: Puzzle, seed: int) -> Answer:
    return Answer(tuple(
        tuple(BLACK if p.is_black(r, c) else (seed * 7 + r * 3 + c) % 5 for c in range(p.cols))
        for r in range(p.rows)
    ))


@settings(max_examples=150, deadline=None)
@given(boards, st.integers(0, 100))
def test_round_trips(p: Puzzle, seed: int) -> None:
    url = dump(p, None, "url").strip()
    assert load(url).puzzle == p
    assert dump(load(url).puzzle, None, "url").strip() == url
    a = _answer_for(p, seed)
    for fmt in ("pzprv3", "janko", "text"):
        back = load(dump(p, a, fmt), genre="shakashaka")
        assert back.puzzle == p, fmt
        if fmt != "text" or any(s not in (0, BLACK) for row in a.cells for s in row):
            assert back.answer == a, fmt


def test_text_form_reads_triangles() -> None:
    loaded = load("shakashaka 2x2\n◤◥\n◣◢\n")
    assert loaded.answer is not None and loaded.puzzle.white_cells == 4


@pytest.mark.parametrize(
    "bad",
    [
        "https://puzz.link/p?shakashaka/6",
        "https://puzz.link/p?shakashaka/x/6/abc",
        "https://puzz.link/p?shakashaka/300/300/",
        "https://puzz.link/p?nurikabe/6/6/abc",
        "pzprv3/shakashaka/two/6",
        "shakashaka 2x2\n.7\n..\n",
        "shakashaka 2x2\n...\n..\n",
        "shakashaka 3x2\n..\n..\n",
        "2 2\n- 9\n- -\n",
        "hello world",
        "",
    ],
)
def test_bad_input_is_a_clear_error(bad: str) -> None:
    with pytest.raises(RectlogicError) as info:
        load(bad)
    assert str(info.value) and "\n" not in str(info.value)


def test_too_large_board_is_refused() -> None:
    with pytest.raises(BoardTooLarge):
        load("https://puzz.link/p?shakashaka/257/3/")
    with pytest.raises(FormatError):
        load("https://puzz.link/p?shakashaka/3/")
