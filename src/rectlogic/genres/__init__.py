"""The puzzle genres, each behind the one `Genre` interface, found by name in a registry."""

from .base import GENRES, Genre, Violation, get_genre, register

__all__ = ["GENRES", "Genre", "Violation", "get_genre", "register"]
