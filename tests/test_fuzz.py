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
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rectlogic import bank, solve
from rectlogic.errors import RectlogicError
from rectlogic.formats import auto as formats
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.hint import hint, undecided

EXAMPLES = int(os.environ.get("RECTLOGIC_FUZZ", "3000"))
ODD = ["?", "/", "\n", " ", "-", "x", ".", "#", "0", "9", "²", "٣", "½", "\u00a0", "\udcff",
       "9" * 25, "9" * 5000, "-1", "+", "_", ",", "[", "]", "{", '"', "http://", "pzprv3.9",
       "nan", "1e309", "0x1f", "v:/", "\t", "◤", "S1", "zz", *GENRE_NAMES]


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
    for to in ("url", "pzprv3", *(("janko",) if genre.janko is not None else ()), "text"):
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


SHELL_EXAMPLES = max(20, EXAMPLES // 20)
"""Mutants graded, analysed and added to a bank (each a few searches under a short deadline:
fewer than the readers get). The boards at the edges of grading (the `none` rung, empty
answers) each genre has are beside it (`test_<genre>_fuzz.py`), through `in_the_shells` and
`analysed_over_the_api` too."""


@cache
def edges() -> list[str]:
    """Boards at the edges of grading in every genre: its 1×1 and 2×2 blank boards, and its
    first example with every number taken off (several answers, or none)."""
    out = []
    for genre in GENRE_NAMES:
        g = get_genre(genre)
        pid = g.codec.PID
        out += [f"https://puzz.link/p?{pid}/1/1", f"https://puzz.link/p?{pid}/2/2"]
        p = formats.load(g.examples.SOLVED[0].url).puzzle
        out.append(formats.dump(g.author.relax(p, g.author.clue_cells(p)), None, "url").strip())
    return out


@st.composite
def boards(draw: st.DrawFn) -> str:
    """A mutant, or a board at the edges of grading."""
    return draw(st.sampled_from(edges()) | mutants())


@cache
def analyser() -> Any:
    """One app for the analyses over the API (one worker, started on the first request)."""
    from fastapi.testclient import TestClient

    from rectlogic.web import create_app

    return TestClient(create_app(workers=1), raise_server_exceptions=False)


def analysed_over_the_api(text: str) -> None:
    """POST /api/analyze: an answer, a 4xx JSON error, or the documented 503 — never a 500."""
    response = analyser().post("/api/analyze", json={"puzzle": text})
    assert response.status_code < 500 or response.status_code == 503, response.text[:300]
    if response.status_code != 200:
        assert "error" in response.json(), response.text[:300]


def in_the_shells(text: str, bank_path) -> None:
    """What `grade`, `analyze` and `bank add` do with a board: an answer, or our own error
    (one line in the CLI, a 4xx on the web)."""
    from rectlogic.analyze import analyze
    from rectlogic.grade import grade

    try:
        p = formats.load(text).puzzle
    except RectlogicError:
        return
    if p.rows * p.cols > 100:
        return
    genre = get_genre(p.genre)
    with contextlib.suppress(RectlogicError):
        g = grade(p, budget=200, timeout=0.5, scored=True)
        assert g.grade is None or g.grade in genre.grades
    with contextlib.suppress(RectlogicError):
        out = analyze(p, timeout=0.5)
        assert out["grade"] is None or out["grade"] in genre.grades
    try:
        board = bank.admit(p, timeout=0.5)
    except RectlogicError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    bank.add([board], bank_path, create=True)
    assert board.to_json()["url"] in {r.url for r in bank.rows(bank_path, p.genre)}


@settings(max_examples=SHELL_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(text=boards())
def test_mutants_grade_analyse_and_go_to_the_bank_or_say_why_not(text: str,
                                                                   tmp_path_factory) -> None:
    in_the_shells(text, tmp_path_factory.getbasetemp() / "fuzz-bank.sqlite")
