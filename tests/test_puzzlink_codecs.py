"""The shared puzz.link body codecs, against the pzprjs examples in formats.md."""

from __future__ import annotations

from rectlogic.formats.puzzlink import (
    decode_border,
    decode_number16,
    encode_border,
    encode_number16,
)


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


def test_a_url_body_must_decode_exactly() -> None:
    """Garbage after the board, bad characters, runs past the end and truncated borders are
    refused, in the library (so in the CLI and the API too); an empty body is a blank board."""
    import pytest

    from rectlogic.errors import FormatError
    from rectlogic.formats.auto import load

    for url in ("https://puzz.link/p?shakashaka/6/6/zzzzzz",
                "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb!",
                "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5jxx",
                "https://puzz.link/p?shikaku/2/2/zz",
                "https://puzz.link/p?chocona/6/6/8gu",
                "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32ff"):
        with pytest.raises(FormatError):
            load(url)
    assert load("https://puzz.link/p?chocona/2/2").puzzle.rows == 2
