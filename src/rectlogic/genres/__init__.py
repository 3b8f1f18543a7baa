"""The puzzle genres, each behind the one `Genre` interface, found by name in a registry."""

from .base import GENRE_NAMES, GENRES, Genre, Violation, get_genre, register

__all__ = ["GENRES", "GENRE_NAMES", "Genre", "Violation", "get_genre", "register"]
