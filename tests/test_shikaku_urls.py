"""Shikaku URL bodies that do not decode: garbage after the board, a run past the end."""

from __future__ import annotations

from .test_puzzlink_codecs import refused


def test_a_shikaku_body_must_decode_exactly() -> None:
    refused("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5jxx",
            "https://puzz.link/p?shikaku/2/2/zz")
