"""A throwaway genre, registered by a test only: a registered genre's rules under another name,
with none of the optional parts — no clause model, no Janko codec, no extra formats (Tatham),
no star cut-offs, no heavy example — and, being new, no bank boards, no studies and no peers.
With it registered (`registry.registered`) every shell must serve it or refuse in one line.

It is the genre it copies in every rule, answer and search, so what a shell gives for it can
be compared with what it gives for the original. Its own puzzle type is the original's with
the new name (`genre`), so that everything a shell does with one of its puzzles goes through
the registry to it, never to the original: its codec and author are the original's, their
puzzles renamed on the way out, and its texts carry the new name where the original's carry
the original's puzz.link id."""

from __future__ import annotations

import importlib.machinery
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from types import ModuleType
from typing import Any

from rectlogic.formats.auto import load
from rectlogic.genres import registry
from rectlogic.genres.base import (
    OPTIONAL_PARTS,
    Author,
    BoardDescription,
    Codec,
    Examples,
    Genre,
    Part,
)

NAME = "throwaway"


def renaming(original: Genre, name: str = NAME) -> Callable[[str], str]:
    """A text of the original genre (URL, pzprv3, our text form) as the new genre's: its
    first mention of the original's puzz.link id (the genre field of each) becomes the name."""
    pattern = re.compile(rf"\b{re.escape(original.codec.PID)}\b")
    return lambda text: pattern.sub(name, text, count=1)


def puzzle_type(original: Genre, name: str = NAME) -> type:
    """The original's puzzle type under the new name."""
    example = load(original.examples.SOLVED[0].url, original.name).puzzle
    cls = type(example)
    return type(cls.__name__, (cls,), {"genre": name, "__module__": __name__})


class _Renamer:
    """Turns the original's puzzles, wherever they are in a value, into the new genre's."""

    def __init__(self, original: Genre, name: str) -> None:
        self.original = type(load(original.examples.SOLVED[0].url, original.name).puzzle)
        self.renamed = puzzle_type(original, name)

    def __call__(self, value: Any) -> Any:
        if type(value) is self.original:
            twin = object.__new__(self.renamed)
            twin.__dict__.update(vars(value))  # its fields, and what it worked out already
            return twin
        if isinstance(value, tuple):
            return tuple(self(v) for v in value)
        if isinstance(value, list):
            return [self(v) for v in value]
        if inspect.isgenerator(value):
            return (self(v) for v in value)
        return value


def _module(name: str, original: ModuleType, renamed: Callable[[Any], Any],
            text: Callable[[str], str], **own: Any) -> ModuleType:
    """A part of the new genre: the original's part, each function's puzzles renamed on the
    way out (and each `to_*` text), with `own` in place of what it names."""
    module = ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)  # found by `register`
    for attr, value in vars(original).items():
        if attr.startswith("__"):
            continue
        if inspect.isfunction(value) and attr.startswith("to_"):
            value = (lambda f: lambda *a, **k: text(f(*a, **k)))(value)
        elif inspect.isfunction(value):
            value = (lambda f: lambda *a, **k: renamed(f(*a, **k)))(value)
        setattr(module, attr, value)
    for attr, value in own.items():
        setattr(module, attr, value)
    sys.modules[name] = module
    return module


def throwaway(original: Genre, name: str = NAME) -> Genre:
    """The throwaway genre copying `original` (not registered: see `registered_throwaway`)."""
    renamed, text = _Renamer(original, name), renaming(original, name)
    where = f"{__name__}.{name}"
    _module(f"{where}.codec", original.codec, renamed, text, PID=name, EXTRA_FORMATS=())
    _module(f"{where}.author", original.author, renamed, text)
    _module(f"{where}.board", original.board, renamed, text)
    examples = original.examples
    _module(f"{where}.examples", examples, renamed, text,
            SOLVED=tuple(replace(e, url=text(e.url)) for e in examples.SOLVED),
            FAILING=tuple(replace(e, board=text(e.board), url=text(e.url) if e.url else "")
                          for e in examples.FAILING))
    base = type(original)

    def generate(self: Genre, rows: int, cols: int, rng: Any, judge: Any) -> Any:
        return renamed(base.generate(self, rows, cols, rng, judge))

    cls = type("Throwaway", (base,), {
        "__module__": __name__, "name": name, "ALIASES": (), "TITLE": "", "STAR_CUTS": (),
        "HEAVY_EXAMPLE": None, **dict.fromkeys(OPTIONAL_PARTS), "generate": generate,
        "codec": Part(f"{where}.codec", Codec), "author": Part(f"{where}.author", Author),
        "board": Part(f"{where}.board", BoardDescription),
        "examples": Part(f"{where}.examples", Examples)})
    return cls()


@contextmanager
def registered_throwaway(original: Genre) -> Iterator[Genre]:
    """The throwaway genre copying `original`, registered for the length of the block."""
    genre = throwaway(original)
    try:
        with registry.registered(genre):
            yield genre
    finally:
        for part in ("codec", "author", "board", "examples"):
            sys.modules.pop(f"{__name__}.{NAME}.{part}", None)


STRANGER = "stranger"
"""The name of the throwaway genre registered for a whole test run (see below)."""


def register_from_environment() -> None:
    """With RECTLOGIC_THROWAWAY=GENRE, a throwaway copy of GENRE, named `stranger`, is
    registered for the whole process (the tests' conftest and the CLI processes the tests
    start call this): the tests over the registry then run on a genre without the optional
    parts, no bank boards and no studies — `RECTLOGIC_THROWAWAY=shikaku pytest
    tests/test_cli.py` shows that they hold for any genre registered later."""
    wanted = os.environ.get("RECTLOGIC_THROWAWAY")
    if wanted and not _KEPT:
        _KEPT.append(registry.registered(throwaway(registry.get_genre(wanted), STRANGER)))
        _KEPT[0].__enter__()


_KEPT: list[Any] = []
"""The block `register_from_environment` entered (kept: it would end when collected)."""
