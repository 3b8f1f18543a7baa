"""Shakashaka URL bodies that do not decode: runs past the board, a character outside the
encoding."""

from __future__ import annotations

from .test_puzzlink_codecs import refused


def test_a_shakashaka_body_must_decode_exactly() -> None:
    refused("https://puzz.link/p?shakashaka/6/6/zzzzzz",
            "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb!")
