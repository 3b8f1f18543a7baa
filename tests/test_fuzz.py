"""Mutation fuzz of every reader and of the library behind it: valid puzzles and answers in
every format, mutated (characters replaced, inserted, deleted, repeated; odd digits, huge
numbers, `?`, separators), then loaded, solved, checked, graded, hinted and written again.
Whatever the input, the library either works or raises its own RectlogicError (which the CLI
turns into one line and exit 2, the web into a 4xx) — never anything else.

Hypothesis draws the mutations; RECTLOGIC_FUZZ=N sets how many cases (3,000 by default;
`RECTLOGIC_FUZZ=20000 pytest tests/test_fuzz.py` for the long run)."""

from __future__ import annotations

import contextlib
import json
import os
from functools import cache

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rectlogic import solve
from rectlogic.errors import RectlogicError
from rectlogic.formats import auto as formats
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.hint import hint, undecided

EXAMPLES = int(os.environ.get("RECTLOGIC_FUZZ", "3000"))
ODD = ["?", "/", "\n", " ", "-", "x", ".", "#", "0", "9", "²", "٣", "½", "\u00a0", "\udcff",
       "9" * 25, "9" * 5000, "-1", "+", "_", ",", "[", "]", "{", '"', "http://", "pzprv3.9",
       "nan", "1e309", "0x1f", "v:/", "\t", "◤", "S1", "shikaku", "chocona", "zz"]


@cache
def seeds() -> list[str]:
    """Valid inputs: each genre's first three examples in every format it has, with their
    answers (JSON)."""
    out = []
    for genre in GENRE_NAMES:
        for example in get_genre(genre).examples.SOLVED[:3]:
            loaded = formats.load(example.url)
            answer = formats.codec(genre).answer_from_json(loaded.puzzle, example.answer)
            janko = ("janko",) if get_genre(genre).janko is not None else ()
            for to in ("url", "pzprv3", *janko, "text", *formats.codec(genre).EXTRA_FORMATS):
                out.append(formats.dump(loaded.puzzle, None if to == "url" else answer, to))
            out.append(json.dumps(example.answer, ensure_ascii=False))
    return out


@st.composite
def mutants(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(seeds()))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 8)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "repeat", "truncate"]))
        piece = draw(st.sampled_from(ODD) | st.text(max_size=3))
        if kind == "replace":
            text = text[:i] + piece + text[j:]
        elif kind == "insert":
            text = text[:i] + piece + text[i:]
        elif kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "repeat":
            text = text[:j] + text[i:j] * draw(st.integers(2, 40)) + text[j:]
        else:
            text = text[:i]
    return text


def exercise(text: str, answer_text: str) -> None:
    """Everything a user can do with one puzzle text and one answer text."""
    loaded = formats.load(text)
    p = loaded.puzzle
    genre = get_genre(p.genre)
    if p.rows * p.cols <= 400:
        s = solve(p, budget=50, timeout=0.5)
        for a in s.answers:
            assert not genre.check(p, a)[0], "the solver gave an answer its checker refuses"
    for to in ("url", "pzprv3", "janko", "text"):
        again = formats.load(formats.dump(p, loaded.answer, to), p.genre)
        assert again.puzzle == p, f"{to} does not round-trip"
    if loaded.answer is not None:
        genre.validate(p, loaded.answer)
    genre.validate(p, genre.empty_answer(p))
    try:
        data = json.loads(answer_text)
    except ValueError:
        data = answer_text
    answer = formats.codec(p.genre).answer_from_json(p, data)
    genre.validate(p, answer)
    if p.rows * p.cols <= 400:
        hint(p, data)
        undecided(p, data)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(mutants(), mutants())
def test_mutants_raise_only_our_errors(text: str, answer_text: str) -> None:
    with contextlib.suppress(RectlogicError):
        exercise(text, answer_text)


def test_seeds_are_valid() -> None:
    """The fuzz starts from inputs that work: each seed puzzle loads, and solving it works."""
    for text in seeds():
        if not text.startswith("["):
            p = formats.load(text).puzzle
            assert solve(p, timeout=10).status == "unique"
    assert np.unique([formats.load(t).puzzle.genre for t in seeds()
                      if not t.startswith("[")]).size == len(GENRE_NAMES)
