"""The one list of genres: adding a genre is one package and one line here.

Everything that knows every genre derives from `GENRES`: the names in order, name lookup with
aliases, the genre of a Janko text, the studies. The registry imports the genre packages;
they never import it."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import UnknownGenre
from ..solve import solve
from .base import Genre
from .chocona import CHOCONA
from .generating import FIRST_CANDIDATE
from .shakashaka import SHAKASHAKA
from .shikaku import SHIKAKU

GENRES: tuple[Genre, ...] = (SHAKASHAKA, SHIKAKU, CHOCONA)
"""Every genre, in the order the docs and the shells list them."""
GENRE_NAMES = tuple(g.name for g in GENRES)
_BY_NAME = {key: g for g in GENRES for key in (g.name, *g.ALIASES)}


def get_genre(name: str) -> Genre:
    """A genre by its name or an alias, any case."""
    key = name.strip().lower()
    if key not in _BY_NAME:
        raise UnknownGenre(f"unknown genre {name!r}; known: {', '.join(GENRE_NAMES)}")
    return _BY_NAME[key]


def genre_with_format(fmt: str) -> Genre:
    """The genre whose codec reads a format only some genres have (Tatham's game ids)."""
    found = [g for g in GENRES if hasattr(g.codec, f"from_{fmt}")]
    if not found:
        raise UnknownGenre(f"no genre reads the {fmt} format")
    return found[0]


def janko_genre(jt: Any) -> Genre:
    """Janko text does not name its genre: the one whose reader finds it most like its own
    (the first in order on a tie)."""
    return max(GENRES, key=lambda g: g.codec.janko_likeness(jt))


def warm_up() -> None:
    """Compile every genre's kernels (or load them from numba's cache on disk) by solving one
    small board of each: the first compile takes some seconds per genre, which belongs to
    installing or starting a server, not to a user's first puzzle."""
    for genre in GENRES:
        for seed in range(50):
            puzzle = genre.generate(5, 5, np.random.default_rng(seed), FIRST_CANDIDATE)
            if puzzle is not None:
                for rung, rules in genre.LADDER.items():
                    if rules:  # every rung with rules: each may call its own kernels
                        solve(puzzle, rung=rung, budget=500)
                break
