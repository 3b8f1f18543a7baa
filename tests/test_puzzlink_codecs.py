"""The shared puzz.link body codecs, against the pzprjs examples in formats.md; every genre's
URL body decoded exactly."""

from __future__ import annotations

import pytest

from rectlogic.errors import FormatError
from rectlogic.formats.auto import load
from rectlogic.formats.puzzlink import (
    decode_border,
    decode_number16,
    encode_border,
    encode_number16,
)
from rectlogic.genres.registry import GENRE_NAMES, GENRES


def test_number16_examples() -> None:
    values = [16, 255, 256, 4095, 4096, 8191, 8192, -2]
    assert encode_number16(values) == "-10-ff+100+fff=000=fff@000."
    assert decode_number16("-10-ff+100+fff=000=fff@000.", 8)[0] == values
    assert encode_number16([5] + [-1] * 28 + [7]) == "5zn7"
    assert encode_number16([-1] * 41) == "zzg"
    qnum, rest = decode_number16("j3g56h6t6h23g5j", 36)
    assert qnum[4] == 3 and qnum[6] == 5 and qnum[7] == 6 and qnum[31] == 5 and rest == ""
    assert encode_number16(qnum) == "j3g56h6t6h23g5j"


def test_border_example() -> None:
    vertical, horizontal, rest = decode_border("8guumlfvo1eq33122g21g32", 6, 6)
    assert vertical[:5] == [0, 1, 0, 0, 0] and vertical[5:10] == [1, 0, 0, 0, 0]
    assert horizontal[:6] == [0, 1, 1, 1, 1, 1]
    assert rest == "33122g21g32"
    assert encode_border(vertical, horizontal) == "8guumlfvo1eq"


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_a_url_body_must_decode_exactly(genre: object) -> None:
    """Bad characters and runs past the end of the board are refused, in the library (so in
    the CLI and the API too), after every example's body; an empty body is a blank board.
    Each genre's own ways to break a body are tested beside it (`test_<genre>_urls.py`)."""
    for example in genre.examples.SOLVED:
        p = load(example.url).puzzle
        for url in (example.url + "!", example.url + "z" * (p.rows * p.cols)):
            with pytest.raises(FormatError):
                load(url)
    blank = load(f"https://puzz.link/p?{genre.codec.PID}/2/3").puzzle
    assert (blank.genre, blank.rows, blank.cols) == (genre.name, 3, 2)


def refused(*urls: str) -> None:
    """Each URL refused by the library, as a FormatError."""
    for url in urls:
        with pytest.raises(FormatError):
            load(url)
