"""The puzzle genres, each a package behind the one `Genre` interface. The list of them is
`genres.registry`; this package's top holds only what the genres themselves import."""

from .base import Board, Genre, Violation, genre_of, register

__all__ = ["Board", "Genre", "Violation", "genre_of", "register"]
