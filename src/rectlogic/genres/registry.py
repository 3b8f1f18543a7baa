"""The one list of genres: adding a genre is one package and one line here.

Everything that knows every genre derives from `GENRES`: the names in order, name lookup with
aliases, the genre of a Janko text, the studies. The registry imports the genre packages;
they never import it. The shells read `registry.GENRES` when they run (not a copy taken at
import), so a genre `registered` for a while — a test's throwaway genre — is served by all of
them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import RectlogicError, UnknownGenre
from .base import Genre, register, unregister
from .cbanana import CBANANA
from .chocona import CHOCONA
from .shakashaka import SHAKASHAKA
from .shikaku import SHIKAKU
from .squarejam import SQUAREJAM
from .tatamibari import TATAMIBARI

GENRES: tuple[Genre, ...] = (SHAKASHAKA, SHIKAKU, CHOCONA, TATAMIBARI, CBANANA, SQUAREJAM)
"""Every genre, in the order the docs and the shells list them."""
GENRE_NAMES = tuple(g.name for g in GENRES)
_BY_NAME = {key: g for g in GENRES for key in (g.name, *g.ALIASES)}


def _listing(genres: tuple[Genre, ...]) -> None:
    """Make `genres` the list, and everything derived from it."""
    global GENRES, GENRE_NAMES, _BY_NAME
    GENRES = genres
    GENRE_NAMES = tuple(g.name for g in genres)
    _BY_NAME = {key: g for g in genres for key in (g.name, *g.ALIASES)}


@contextmanager
def registered(genre: Genre) -> Iterator[Genre]:
    """The genre listed last, for the length of a `with` block, then taken off again: how a
    test shows that every shell serves a genre it has never heard of (one that lacks the
    optional parts, has no bank boards and no studies). Its parts are checked as the genre
    packages' are (`register`)."""
    taken = sorted({genre.name, *genre.ALIASES} & set(_BY_NAME))
    if taken:
        raise RectlogicError(f"a genre is registered as {', '.join(taken)} already")
    before = GENRES
    register(genre)
    _listing((*before, genre))
    try:
        yield genre
    finally:
        _listing(before)
        unregister(genre)


def get_genre(name: str) -> Genre:
    """A genre by its name or an alias, any case."""
    key = name.strip().lower()
    if key not in _BY_NAME:
        raise UnknownGenre(f"unknown genre {name!r}; known: {', '.join(GENRE_NAMES)}")
    return _BY_NAME[key]


def genre_with_format(fmt: str) -> Genre:
    """The genre whose codec declares a format only some genres have (Tatham's game ids)."""
    found = [g for g in GENRES if fmt in g.codec.EXTRA_FORMATS]
    if not found:
        raise UnknownGenre(f"no genre reads the {fmt} format")
    return found[0]


def janko_genre(jt: Any) -> Genre:
    """Janko text does not name its genre: of the genres that read it, the one whose reader
    finds it most like its own (the first in order on a tie)."""
    readers = [g for g in GENRES if g.janko is not None]
    if not readers:
        raise UnknownGenre("no genre reads Janko's text")
    return max(readers, key=lambda g: g.janko.janko_likeness(jt))
