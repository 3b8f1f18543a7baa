"""Reading and writing puzzles: puzz.link URLs, pzprv3 files, Janko text, our text form.

`load` detects the format (and from it the genre); a `genre` argument overrides what the text
says. `dump` writes a puzzle, with its answer where the format carries one."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import FormatError, UnknownGenre
from ..genres import GENRE_NAMES
from ..grid import is_number
from . import janko, puzzlink, pzprv3, tatham, text

MAX_INPUT = 4 << 20
"""Characters of puzzle text accepted at most (a 256×256 file is far below this)."""
ALIASES = {"sikaku": "shikaku", "rect": "shikaku", "rectangles": "shikaku"}


@dataclass(frozen=True)
class Loaded:
    puzzle: Any
    answer: Any | None
    format: str


def genre_name(name: str) -> str:
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in GENRE_NAMES:
        raise UnknownGenre(f"unknown genre {name!r}; known: {', '.join(GENRE_NAMES)}")
    return key


def codec(genre: str) -> ModuleType:
    """The module that maps the formats onto one genre's Puzzle and Answer."""
    key = genre_name(genre)
    try:
        return importlib.import_module(f".{key}", __name__)
    except ModuleNotFoundError:
        raise UnknownGenre(f"genre {key!r} has no reader yet") from None


def read_source(arg: str) -> str:
    """A command-line PUZZLE argument: '-' (stdin), a file path, or the text/URL itself."""
    if arg == "-":
        data = sys.stdin.read(MAX_INPUT + 1)
    elif _is_file(arg):
        try:
            with open(arg, encoding="utf-8") as fh:
                data = fh.read(MAX_INPUT + 1)
        except (OSError, UnicodeDecodeError) as exc:
            raise FormatError(f"cannot read {arg}: {exc}") from None
    else:
        data = arg
    if len(data) > MAX_INPUT:
        raise FormatError(f"input is larger than {MAX_INPUT} characters")
    return data


def _is_file(arg: str) -> bool:
    """Could the argument name a file? Text with a newline or a '?' cannot, and a name the
    system refuses (too long, a NUL byte) is read as text rather than failing."""
    if "\n" in arg or "?" in arg or "\0" in arg or len(arg) >= 4096:
        return False
    try:
        return Path(arg).is_file()
    except (OSError, ValueError):
        return False


def detect(source: str) -> str:
    t = source.strip()
    if not t:
        raise FormatError("empty puzzle")
    if puzzlink.looks_like_url(t):
        return "pzprv3" if puzzlink.whole_file(t) is not None else "url"
    if t.startswith(("pzprv3", "v:")):
        return "pzprv3"
    if text.looks_like_text(t):
        return "text"
    if tatham.looks_like_tatham(t):
        return "tatham"
    if janko.looks_like_janko(t):
        return "janko"
    raise FormatError(
        "unrecognised puzzle: give a puzz.link URL, a pzprv3 file, Janko text or our text form"
    )


def load(source: str, genre: str | None = None) -> Loaded:
    fmt = detect(source)
    t = source.strip()
    if fmt == "url":
        parts = puzzlink.parse_url(t)
        return Loaded(codec(genre or parts.pid).from_url(parts), None, fmt)
    if fmt == "pzprv3":
        whole = puzzlink.whole_file(t) if puzzlink.looks_like_url(t) else None
        f = pzprv3.Pzprv3(whole if whole is not None else t)
        puzzle, answer = codec(genre or f.pid).from_pzprv3(f)
        return Loaded(puzzle, answer, fmt)
    if fmt == "text":
        tb = text.parse(t)
        puzzle, answer = codec(genre or tb.genre).from_text(tb)
        return Loaded(puzzle, answer, fmt)
    if fmt == "tatham":
        puzzle, answer = codec(genre or "shikaku").from_tatham(t)
        return Loaded(puzzle, answer, fmt)
    jt = janko.split(t)
    puzzle, answer = codec(genre or _janko_genre(jt)).from_janko(jt)
    return Loaded(puzzle, answer, fmt)


def _janko_genre(jt: janko.JankoText) -> str:
    """Janko text does not name its genre; tell the three apart by their tokens."""
    tokens = {t.lower() for row in jt.lines for t in row}
    if len(jt.lines) >= 3 * jt.rows:
        return "chocona"
    if tokens & {"nw", "ne", "se", "sw"}:
        return "shakashaka"
    problem = [t for row in jt.lines[: jt.rows] for t in row]
    numbers = [int(t) for t in problem if is_number(t)]
    if numbers and sum(numbers) == jt.rows * jt.cols and "x" not in tokens:
        return "shikaku"
    if len(jt.lines) == 2 * jt.rows and all(
        is_number(t.lstrip("-")) for row in jt.lines[jt.rows :] for t in row
    ) and "x" not in problem:
        return "chocona"
    return "shakashaka"


FORMATS = ("url", "pzprv3", "janko", "text")


def dump(puzzle: Any, answer: Any | None, to: str) -> str:
    c = codec(puzzle.genre)
    if to == "url":
        return c.to_url(puzzle) + "\n"
    if to in ("pzprv3", "janko", "text"):
        return getattr(c, f"to_{to}")(puzzle, answer)
    extra = getattr(c, "EXTRA_FORMATS", ())
    if to in extra:
        return getattr(c, f"to_{to}")(puzzle, answer)
    raise FormatError(
        f"unknown format {to!r} for {puzzle.genre}; known: {', '.join(FORMATS + tuple(extra))}"
    )
