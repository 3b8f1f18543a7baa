"""The house: a genre lives in one package and the registry lists it.

A contract every registered genre must keep, on its own examples (`genres/<genre>/examples.py`,
never the bank: a genre is tested by registering it): its parts are declared and keep their
Protocols, each example has exactly its answer, answers survive encode/decode, every rung keeps
the real answer from random mid-solve states, the failing boards check to their codes, every
format round-trips, the board description draws the answer the checker accepts, a hint's move
agrees with the answer. The structure is tested in `test_structure.py`."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.engine import popcount
from rectlogic.formats.auto import dump, load, read_answer
from rectlogic.genres.base import OPTIONAL_PARTS, REQUIRED_PARTS, Part, protocol_members
from rectlogic.genres.drawing import OPEN
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre
from rectlogic.hint import hint
from rectlogic.solve import solve


def boards(name: str, n: int | None = None) -> list[tuple[object, object]]:
    """(puzzle, answer) of the genre's solved examples (the first n)."""
    out = []
    for example in get_genre(name).examples.SOLVED[:n]:
        p = load(example.url, name).puzzle
        out.append((p, read_answer(p, example.answer)))
    return out


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_parts_are_declared_and_keep_their_protocols(name: str) -> None:
    genre = get_genre(name)
    for attr in (*REQUIRED_PARTS, *OPTIONAL_PARTS):
        declared = getattr(type(genre), attr)
        if declared is None:
            assert attr in OPTIONAL_PARTS
            continue
        assert isinstance(declared, Part)
        module = getattr(genre, attr)
        assert all(hasattr(module, m) for m in protocol_members(declared.kind)), attr
    assert len(genre.examples.SOLVED) >= 2 and genre.examples.FAILING


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_examples_have_exactly_their_answers(name: str) -> None:
    genre = get_genre(name)
    for p, a in boards(name):
        found = solve(p)
        assert found.status == "unique" and found.answers == [a]
        assert genre.check(p, a)[0] == []


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_encode_decode_and_formats_round_trip(name: str) -> None:
    genre = get_genre(name)
    for p, a in boards(name):
        assert genre.decode(p, genre.encode(p, a)) == a
        assert read_answer(p, genre.answer_json(p, a)) == a
        assert load(dump(p, None, "url")).puzzle == p
        janko = ("janko",) if genre.janko is not None else ()
        for fmt in ("pzprv3", "text", *janko, *genre.codec.EXTRA_FORMATS):
            again = load(dump(p, a, fmt), name)
            assert again.puzzle == p, fmt
            assert again.answer in (None, a), fmt


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_rung_keeps_the_answer_from_mid_solve_states(name: str) -> None:
    genre = get_genre(name)
    rng = np.random.default_rng(7)
    for p, a in boards(name):
        truth = genre.encode(p, a)
        start = genre.initial_domains(p)
        for _ in range(4):
            shown = rng.random(len(start)) < rng.uniform(0.1, 0.6)
            d = np.where(shown, truth, start).astype(start.dtype)
            for rung in genre.LADDER:
                propagate = genre.propagator(p, genre.rules_for(rung))
                after = d if propagate is None else propagate(d[None])[0]
                assert ((after & truth) == truth).all(), (name, rung)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_failing_boards_check_to_their_codes(name: str) -> None:
    """Each failing board gets its code and message from pzprjs's checks (its "not started"
    guard included), its question re-encodes to its URL byte for byte, and the board
    survives a pzprv3 round trip."""
    genre = get_genre(name)
    for case in genre.examples.FAILING:
        loaded = load(case.board, name)
        v = genre.pzprjs_findings(loaded.puzzle, loaded.answer)
        assert (v[0].code if v else None) == case.code, case.board
        if v:
            assert v[0].message == case.message
        if case.url:
            assert dump(loaded.puzzle, None, "url").strip() == case.url
        again = load(dump(loaded.puzzle, loaded.answer, "pzprv3"), name)
        assert again.puzzle == loaded.puzzle and again.answer == loaded.answer


def answer_from_description(board: dict, answer_json: object) -> object:
    """What play.js sends as the answer once the player has drawn `answer_json`: each
    playable cell holds the state the answer shows, given cells say their own character."""
    if board["input"] == "rectangles":
        return answer_json
    out = []
    for r, line in enumerate(answer_json):
        row = ""
        for c, ch in enumerate(line):
            g = board["fixed"][r][c]
            if g is not None and g["answer"] is not None:
                row += g["answer"]
            else:
                assert ch in board["states"] or ch in board["answer_of"].values(), ch
                state = ch if ch in board["states"] else OPEN
                row += board["answer_of"].get(state, state)
        out.append(row)
    return out


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_board_description_draws_the_answer(name: str) -> None:
    genre = get_genre(name)
    for p, a in boards(name):
        board = genre.board_json(p)
        assert board["genre"] == name and (board["rows"], board["cols"]) == (p.rows, p.cols)
        assert len(board["fixed"]) == p.rows and all(len(r) == p.cols for r in board["fixed"])
        assert board["input"] in ("cells", "rectangles") and board["help"]
        if board["input"] == "cells":
            assert OPEN in board["states"] and board["cycle"][0] == OPEN
            assert all(s in board["states"] for s in board["cycle"])
        drawn = answer_from_description(board, genre.answer_json(p, a))
        assert genre.check(p, read_answer(p, drawn))[0] == []


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_hint_moves_agree_with_the_answer(name: str) -> None:
    """From positions with part of the answer shown, every hint that is a move sets a mark
    still open as the answer has it (and some hints are moves)."""
    genre = get_genre(name)
    rng = np.random.default_rng(3)
    moves = 0
    for p, a in boards(name):
        play = genre.play(p)
        truth = genre.answer_json(p, a)
        for _ in range(6):
            position = play.showing(truth, lambda: rng.random() < 0.4)
            h = hint(p, position)
            move = h.get("move")
            if move is None:
                continue
            moves += 1
            assert play.agrees(position, move, truth), move  # an open mark, as the answer has it
    assert moves > 0


def test_registry_lists_each_genre_once() -> None:
    assert len(set(GENRE_NAMES)) == len(GENRES)
    for g in GENRES:
        assert get_genre(g.name) is g
        for alias in g.ALIASES:
            assert get_genre(alias) is g
        d = g.initial_domains(boards(g.name, 1)[0][0])
        assert popcount(d).min() >= 1


def test_a_missing_part_is_an_error_at_registration() -> None:
    """A genre that declares no board description (or names a module that is not there)
    fails when registered, naming itself and the part."""
    from rectlogic.errors import MissingPart
    from rectlogic.genres.base import register

    first = type(GENRES[0])
    here = {"__module__": first.__module__}  # as if declared in the genre's package
    lacking = type("Lacking", (first,), {**here, "name": "lacking", "board": None})
    with pytest.raises(MissingPart, match="lacking declares no board part"):
        register(lacking())
    astray = type("Astray", (first,), {**here, "name": "astray",
                                        "author": Part(".nowhere", object)})
    with pytest.raises(MissingPart, match=r"astray: its author part .* does not exist"):
        register(astray())
    assert "lacking" not in GENRE_NAMES


def test_a_shell_refuses_what_a_genre_lacks(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture) -> None:
    """Without a clause model the clause engines refuse in one line (exit 2); without a Janko
    codec, Janko's text is neither guessed for the genre nor written."""
    from rectlogic.cli import main
    from rectlogic.errors import FormatError

    genre = GENRES[0]
    url = genre.examples.SOLVED[0].url
    monkeypatch.setattr(type(genre), "clause_model", None)
    with pytest.raises(SystemExit) as done:
        main(["solve", url, "--engine", "sat"])
    said = capsys.readouterr().err
    assert done.value.code == 2 and said.count("\n") == 1 and "no clause model" in said
    monkeypatch.setattr(type(genre), "janko", None)
    with pytest.raises(FormatError, match="no Janko format"):
        dump(load(url).puzzle, None, "janko")
