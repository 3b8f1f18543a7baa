"""Reading and writing any puzzle: detect the format (and from it the genre), then hand the
text to the genre's codec; write a puzzle, with its answer where the format carries one.

`load` detects the format; a `genre` argument overrides what the text says. This module sits
above the registry: the genres' codecs use the format machinery beside it, never this."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FormatError
from ..genres.base import Codec, JankoCodec
from ..genres.registry import genre_with_format, get_genre, janko_genre
from . import janko, puzzlink, pzprv3, tatham, text

MAX_INPUT = 4 << 20
"""Characters of puzzle text accepted at most (a 256×256 file is far below this)."""


@dataclass(frozen=True)
class Loaded:
    puzzle: Any
    answer: Any | None
    format: str
    warnings: tuple[str, ...] = ()
    """What was read past and left out (text after the puzzle in a URL), one line each."""


def genre_name(name: str) -> str:
    """The registered name of a genre given by any of its names."""
    return get_genre(name).name


def codec(genre: str) -> Codec:
    """The module that maps the formats onto one genre's Puzzle and Answer."""
    return get_genre(genre).codec


def janko_codec(genre: str) -> JankoCodec:
    """A genre's reading of Janko's text; refused for a genre Janko does not publish."""
    found = get_genre(genre).janko
    if found is None:
        raise FormatError(f"{get_genre(genre).name} has no Janko format")
    return found


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
        said = ((f"ignored {json.dumps(parts.ignored, ensure_ascii=False)} after the puzzle"
                 " in the URL",) if parts.ignored else ())
        return Loaded(codec(genre or parts.pid).from_url(parts), None, fmt, said)
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
        reader = get_genre(genre) if genre else genre_with_format("tatham")
        if "tatham" not in reader.codec.EXTRA_FORMATS:
            raise FormatError(f"{reader.name} has no Tatham format")
        puzzle, answer = reader.codec.from_tatham(t)
        return Loaded(puzzle, answer, fmt)
    jt = janko.split(t)
    puzzle, answer = janko_codec(genre or janko_genre(jt).name).from_janko(jt)
    return Loaded(puzzle, answer, fmt)


def read_answer(puzzle: Any, given: Any) -> Any:
    """An answer as a user gives one, to the command line or the API: the genre's JSON
    ANSWER (as data, or as its text), Tatham's S-string, or the text of any format
    that carries an answer."""
    c = codec(puzzle.genre)
    if not isinstance(given, str):
        return c.answer_from_json(puzzle, given)
    text = given.strip()
    if text.startswith("S") and set(text[1:]) <= {"0", "1"}:
        return c.answer_from_json(puzzle, text)
    if text.startswith("["):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise FormatError(f"answer is not valid JSON: {exc}") from None
        return c.answer_from_json(puzzle, data)
    loaded = load(text, puzzle.genre)
    if loaded.answer is None:
        raise FormatError("the answer given carries no answer (a puzzle without one?)")
    return loaded.answer


FORMATS = ("url", "pzprv3", "janko", "text")


def url_of(puzzle: Any) -> str:
    """The puzzle as a puzz.link URL, on one line (`dump` to "url" without its newline)."""
    return codec(puzzle.genre).to_url(puzzle)


def dump(puzzle: Any, answer: Any | None, to: str) -> str:
    c = codec(puzzle.genre)
    if to == "url":
        return url_of(puzzle) + "\n"
    if to == "pzprv3":
        return c.to_pzprv3(puzzle, answer)
    if to == "text":
        return c.to_text(puzzle, answer)
    if to == "janko":
        return janko_codec(puzzle.genre).to_janko(puzzle, answer)
    extra = c.EXTRA_FORMATS
    if to in extra:
        return getattr(c, f"to_{to}")(puzzle, answer)
    raise FormatError(
        f"unknown format {to!r} for {puzzle.genre}; known: {', '.join(FORMATS + tuple(extra))}"
    )
