"""The web shell: a JSON API under /api over the library (and, later, the player pages)."""

from .app import create_app

__all__ = ["create_app"]
