"""Peers from PyPI, timed through their own public entry points (the optional extra
`rectlogic[bench]`): puzzlekit (Shikaku) and multi-puzzle-solver, `mps` (Shakashaka, and
Shikaku as its `rectangles`). Both build a CP-SAT model in Python.

Their work differs from ours and the table says so: puzzlekit stops at the first answer (it
proves nothing about uniqueness); mps enumerates every answer. A peer that cannot take a
board (a genre it lacks, a `?` clue) gives None, and the board is left out of its figures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import RectlogicError
from ..genres import genre_of
from ..genres.registry import get_genre


@dataclass(frozen=True)
class PeerResult:
    status: str
    """unique, multiple or none when the peer counts answers; `found` when it stops at one."""


PEERS: dict[str, str] = {"puzzlekit": "puzzlekit", "mps": "puzzle_solver"}
"""name → the module its package installs; each genre's `peers.py` says which it solves."""


def installed(name: str) -> bool:
    try:
        __import__(PEERS[name])
    except ImportError:
        return False
    return True


def peer(name: str) -> Callable[[Any], PeerResult | None]:
    """The runner of an installed peer; a clear error when it is not installed."""
    if not installed(name):
        raise RectlogicError(f"peer {name} is not installed: pip install 'rectlogic[bench]'")

    def run(puzzle: Any) -> PeerResult | None:
        status = genre_of(puzzle).peers[name](puzzle)
        return None if status is None else PeerResult(status)

    return run


def supports(name: str, genre: str) -> bool:
    return name in get_genre(genre).peers
