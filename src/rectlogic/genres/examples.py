"""What a genre's `examples` module holds, like pzprjs's test scripts: boards with their one
answer, and answers that fail with the code the checker gives first.

Each genre's examples are its own fixtures: the contract tests, the fuzz seeds, the hint
tests, the native build's workload, the first-solve benchmark and the rules page read them,
never the bank (which is content). Cases copied from pzprjs keep its notice
(`genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Solved:
    """A puzz.link URL and its one answer (the JSON ANSWER form)."""

    url: str
    answer: Any
    source: str = ""
    """Where it comes from: pzprjs's test script, or this project's bank (by grade)."""


@dataclass(frozen=True)
class Failing:
    """A board with an answer (pzprv3 text) and what the checker says first: pzprjs's code
    and English message, or None and "" where the answer is right."""

    board: str
    code: str | None
    message: str = ""
    url: str = ""
    """The board's question as puzz.link encodes it."""
