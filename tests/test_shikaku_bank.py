"""Shikaku in the shipped bank: there at the promised counts, looking published, exported."""

from __future__ import annotations

import json

from .test_bank import assert_the_promised_counts, looks
from .test_cli import run


def test_the_bank_holds_shikaku_at_the_promised_counts() -> None:
    assert_the_promised_counts("shikaku")


def test_shikaku_bank_looks_like_published_boards() -> None:
    shikaku = looks("shikaku")
    assert shikaku["mean area"] >= 5, shikaku  # Janko's: 5.6 cells per clue
    assert shikaku["rectangles of area 1 %"] <= 3, shikaku


def test_bank_export_of_shikaku() -> None:
    exported = json.loads(run("bank", "export", "--genre", "shikaku", "--json").stdout)
    assert exported and all(b["genre"] == "shikaku" for b in exported)
