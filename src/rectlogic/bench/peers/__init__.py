"""Peers from PyPI, timed through their own public entry points (the optional extra
`rectlogic[bench]`): puzzlekit (Shikaku) and multi-puzzle-solver, `mps` (Shakashaka, and
Shikaku as its `rectangles`). Both build a CP-SAT model in Python. Each genre's runners are
a module of this package named after it, holding `PEERS` (peer → runner): adaptors to other
projects live above the genre packages, whose arrows point down.

Their work differs from ours and the table says so: puzzlekit stops at the first answer (it
proves nothing about uniqueness); mps enumerates every answer. A peer that cannot take a
board (a genre it lacks, a `?` clue) gives None, and the board is left out of its figures."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...errors import RectlogicError
from ...genres.registry import get_genre


@dataclass(frozen=True)
class PeerResult:
    status: str
    """unique, multiple or none when the peer counts answers; `found` when it stops at one."""


PEERS: dict[str, str] = {"puzzlekit": "puzzlekit", "mps": "puzzle_solver"}
"""name → the module its package installs; each genre's module here says which it solves."""

Runner = Callable[[Any], str | None]


@cache
def runners() -> dict[str, dict[str, Runner]]:
    """Genre name → its peers' runners, from this package's modules (one per genre that has
    peers, named after it; a module named for no genre is an error)."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        genre = get_genre(info.name).name
        found[genre] = importlib.import_module(f"{__name__}.{info.name}").PEERS
    return found


def runners_of(genre: str) -> dict[str, Runner]:
    """A genre's peers (none when no module here is named after it)."""
    return runners().get(get_genre(genre).name, {})


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
        status = runners_of(puzzle.genre)[name](puzzle)
        return None if status is None else PeerResult(status)

    return run


def supports(name: str, genre: str) -> bool:
    return name in runners_of(genre)
