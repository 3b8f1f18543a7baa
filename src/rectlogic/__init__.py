"""rectlogic: solvers, checkers and formats for Shakashaka, Shikaku and Chocona.

    import rectlogic as rl
    p = rl.load("https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb")
    r = rl.solve(p)            # r.status == "unique", r.answers[0]
"""

from __future__ import annotations

import warnings
from typing import Any

from .errors import BoardTooLarge, FormatError, IgnoredInput, RectlogicError, UnknownGenre
from .genres.registry import get_genre
from .solve import Solution, solve, warm_up

__version__ = "0.1.0"


def load(text: str, genre: str | None = None) -> Any:
    """A puzzle from a URL or file text (any supported format). Text read past and left
    out (after the puzzle in a URL) is said in an `IgnoredInput` warning; `read` gives the
    same as data (`Loaded.warnings`), with the answer a file may carry."""
    loaded = read(text, genre)
    for said in loaded.warnings:
        warnings.warn(said, IgnoredInput, stacklevel=2)
    return loaded.puzzle


def read(text: str, genre: str | None = None) -> Any:
    """The puzzle, the answer the text carries (or None), its format and its `warnings`."""
    from .formats.auto import load as _load

    return _load(text, genre)


__all__ = [
    "BoardTooLarge",
    "FormatError",
    "IgnoredInput",
    "RectlogicError",
    "Solution",
    "UnknownGenre",
    "get_genre",
    "load",
    "read",
    "solve",
    "warm_up",
]
