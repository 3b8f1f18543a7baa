"""The house: a genre lives in one package and the registry lists it.

A contract every registered genre must keep (so a new genre is tested by registering it):
answers survive encode/decode, every rung keeps the real answer from random mid-solve states,
pzprjs's cases check to pzprjs's codes, every format round-trips, the board description draws
the answer the checker accepts, a hint's move agrees with the answer. And the structure: every
module imports on its own (no import cycle), and outside the genre packages and the registry
no code names a genre (comments and docstrings may)."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rectlogic import bank
from rectlogic.engine import popcount
from rectlogic.formats.auto import dump, load, read_answer
from rectlogic.genres.drawing import OPEN
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre
from rectlogic.hint import hint

from .conftest import DATA, check_pzprjs_cases

SRC = Path(__file__).parent.parent / "src" / "rectlogic"


def boards(name: str, n: int = 4) -> list[tuple[object, object]]:
    """(puzzle, answer) of the genre's first bank boards of each of two sizes."""
    rows = bank.rows(genre=name)
    picked = [r for r in rows if r.rows == 6][:n] + [r for r in rows if r.rows == 10][:2]
    out = []
    for row in picked:
        p = load(row.url).puzzle
        out.append((p, read_answer(p, row.answer)))
    return out


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_encode_decode_and_formats_round_trip(name: str) -> None:
    genre = get_genre(name)
    for p, a in boards(name):
        assert genre.decode(p, genre.encode(p, a)) == a
        assert read_answer(p, genre.answer_json(p, a)) == a
        assert load(dump(p, None, "url")).puzzle == p
        for fmt in ("pzprv3", "janko", "text", *getattr(genre.codec, "EXTRA_FORMATS", ())):
            again = load(dump(p, a, fmt), name)
            assert again.puzzle == p, fmt
            assert again.answer in (None, a), fmt


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_rung_keeps_the_answer_from_mid_solve_states(name: str) -> None:
    genre = get_genre(name)
    rng = np.random.default_rng(7)
    for p, a in boards(name, 2):
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
def test_pzprjs_cases(name: str) -> None:
    path = DATA / f"pzprjs_{name}.json"
    if not path.is_file():
        pytest.skip(f"no pzprjs cases for {name}")
    import json

    check_pzprjs_cases(json.loads(path.read_text(encoding="utf-8"))[0])


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
    for p, a in boards(name, 2):
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
    """From positions with part of the answer shown, every hint that is a move is a move of
    the answer (and some hints are moves)."""
    genre = get_genre(name)
    rng = np.random.default_rng(3)
    moves = 0
    for p, a in boards(name, 2):
        board = genre.board_json(p)
        truth = genre.answer_json(p, a)
        for _ in range(6):
            if board["input"] == "rectangles":
                position = [t for t in truth if rng.random() < 0.4]
            else:
                position = ["".join(ch if rng.random() < 0.4 or board["fixed"][r][c] else OPEN
                                    for c, ch in enumerate(line))
                            for r, line in enumerate(truth)]
            h = hint(p, position)
            move = h.get("move")
            if move is None:
                continue
            moves += 1
            if "rect" in move:
                assert move["rect"] in truth
            else:
                r, c = move["cell"]
                assert board["answer_of"].get(move["state"], move["state"]) == truth[r][c]
    assert moves > 0


def test_registry_lists_each_genre_once() -> None:
    assert len(set(GENRE_NAMES)) == len(GENRES)
    for g in GENRES:
        assert get_genre(g.name) is g
        for alias in g.ALIASES:
            assert get_genre(alias) is g
        d = g.initial_domains(boards(g.name, 1)[0][0])
        assert popcount(d).min() >= 1


def modules() -> list[str]:
    return sorted(
        ".".join(p.relative_to(SRC.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in SRC.rglob("*.py"))


def test_every_module_imports_on_its_own() -> None:
    """Each module imported first, with no other rectlogic module loaded: a cycle would
    leave one of them half-initialised and fail."""
    script = ("import importlib, sys\nfailed = []\nfor m in sys.argv[1:]:\n"
              "    for k in [k for k in sys.modules if k.startswith('rectlogic')]:\n"
              "        del sys.modules[k]\n"
              "    try:\n        importlib.import_module(m)\n"
              "    except Exception as exc:\n        failed.append((m, repr(exc)))\n"
              "print(failed)\nsys.exit(1 if failed else 0)\n")
    r = subprocess.run([sys.executable, "-c", script, *modules()], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


def code_words(path: Path) -> set[str]:
    """Names and string constants in a module's code, leaving out docstrings and comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in prose:
            words.add(node.value.lower())
        elif isinstance(node, ast.Name | ast.FunctionDef | ast.ClassDef):
            words.add(getattr(node, "id", getattr(node, "name", "")).lower())
        elif isinstance(node, ast.Attribute):
            words.add(node.attr.lower())
        elif isinstance(node, ast.alias):
            words.add(node.name.lower())
    return words


def test_no_genre_named_outside_its_package_and_the_registry() -> None:
    # a genre's name; its aliases ("rect", "rectangles") are ordinary words
    pattern = re.compile(r"\b(" + "|".join(GENRE_NAMES) + r")\b")
    offenders = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "genres" and (len(rel.parts) > 2 or rel.name == "registry.py"):
            continue  # a genre's own package, or the registry
        hits = sorted(w for w in code_words(path) if pattern.search(w))
        if hits:
            offenders.append((str(rel), hits))
    assert offenders == []
    for page in (SRC / "web" / "static").iterdir():
        assert not pattern.search(page.read_text(encoding="utf-8").lower()), page.name


def test_a_genre_is_reached_through_its_object() -> None:
    """The shells reach a genre's parts through the Genre object, never by module name."""
    for g in GENRES:
        assert g.codec.__name__ == f"rectlogic.genres.{g.name}.codec"
        assert importlib.import_module(f"rectlogic.genres.{g.name}") is not None
