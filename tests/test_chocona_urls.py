"""Chocona URL bodies that do not decode: borders cut short, numbers past the regions; an empty
body is a blank board."""

from __future__ import annotations

from rectlogic.formats.auto import load

from .test_puzzlink_codecs import refused


def test_a_chocona_body_must_decode_exactly() -> None:
    refused("https://puzz.link/p?chocona/6/6/8gu",
            "https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32ff")
    assert load("https://puzz.link/p?chocona/2/2").puzzle.rows == 2
