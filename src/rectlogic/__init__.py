"""rectlogic: solvers, checkers and formats for Shakashaka, Shikaku and Chocona.

    import rectlogic as rl
    p = rl.load("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb")
    r = rl.solve(p)            # r.status == "unique", r.answers[0]
"""

from __future__ import annotations

from typing import Any

from .errors import BoardTooLarge, FormatError, RectlogicError, UnknownGenre
from .genres.registry import get_genre
from .solve import Solution, solve, warm_up

__version__ = "0.1.0"


def load(text: str, genre: str | None = None) -> Any:
    """A puzzle from a URL or file text (any supported format)."""
    from .formats.auto import load as _load

    return _load(text, genre).puzzle


__all__ = [
    "BoardTooLarge",
    "FormatError",
    "RectlogicError",
    "Solution",
    "UnknownGenre",
    "get_genre",
    "load",
    "solve",
    "warm_up",
]
