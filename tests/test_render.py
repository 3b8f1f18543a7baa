"""Pictures and booklets: `rectlogic render` (SVG from the board description, PNG by Chromium)
and `rectlogic booklet` (bank boards printed to PDF, answers at the back), for every
registered genre on its own examples (booklets: the bank's boards by genre). Each picture is
read back: the SVG as XML with the puzzle's numbers and, with --answer, the answer's shapes;
the PNG by its signature and size; the PDF by its page count."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rectlogic import bank
from rectlogic.formats.auto import load, read_answer
from rectlogic.genres.examples import Solved
from rectlogic.genres.registry import GENRE_NAMES, GENRES, get_genre
from rectlogic.render import board_svg, booklet_pages

from .conftest import chromium
from .test_cli import run

SVG = "{http://www.w3.org/2000/svg}"
needs_browser = pytest.mark.skipif(chromium() is None, reason="no Chromium")


def example(genre: str) -> Solved:
    return get_genre(genre).examples.SOLVED[0]


def banked(side: int, count: int) -> list[str]:
    """The genres the bank has at least `count` boards of this side of."""
    return [g.name for g in GENRES
            if sum(r.rows == r.cols == side for r in bank.rows(genre=g.name)) >= count]


def given_texts(puzzle) -> list[str]:
    """The texts the board description writes in fixed cells (the clue digits)."""
    board = get_genre(puzzle.genre).board_json(puzzle)
    return sorted(g["text"] for row in board["fixed"] for g in row if g and g["text"])


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_svg_has_the_numbers_and_the_answer_adds_shapes(genre: str) -> None:
    row = example(genre)
    p = load(row.url, genre).puzzle
    bare = ET.fromstring(board_svg(p))
    assert sorted(t.text for t in bare.iter(f"{SVG}text")) == given_texts(p)
    drawn = ET.fromstring(board_svg(p, read_answer(p, row.answer)))
    shapes = len(list(drawn.iter(f"{SVG}polygon"))) + len(list(drawn.iter(f"{SVG}rect")))
    assert shapes > len(list(bare.iter(f"{SVG}polygon"))) + len(list(bare.iter(f"{SVG}rect")))
    assert "(answer)" in drawn.find(f"{SVG}title").text


def test_render_command_svg_to_stdout_and_bad_input() -> None:
    row = example(GENRE_NAMES[-1])
    r = run("render", row.url)
    assert r.returncode == 0, r.stderr
    assert sorted(t.text for t in ET.fromstring(r.stdout).iter(f"{SVG}text")) == \
        given_texts(load(row.url).puzzle)
    for args in (("render", row.url, "--to", "jpg"), ("render", row.url, "--to", "png"),
                 ("render", "not a puzzle")):
        bad = run(*args)
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr


@needs_browser
def test_render_command_png_with_answer(tmp_path: Path) -> None:
    row = example(GENRE_NAMES[0])
    p = load(row.url, GENRE_NAMES[0]).puzzle
    out = tmp_path / "board.png"
    r = run("render", row.url, "--to", "png", "--answer", "--out", str(out))
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert p.cols * 36 <= width <= 4 * p.cols * 40  # cells of 36 px, scale 2
    assert abs(width / height - p.cols / p.rows) < 0.1


@needs_browser
@pytest.mark.parametrize(("genre", "side", "count"), [(banked(8, 3)[0], 8, 3),
                                                     (banked(15, 2)[-1], 15, 2)])
def test_booklet_pages(tmp_path: Path, genre: str, side: int, count: int) -> None:
    out = tmp_path / "booklet.pdf"
    r = run("booklet", "--genre", genre, "--size", str(side), "--count", str(count),
            "--out", str(out))
    assert r.returncode == 0, r.stderr
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert pages == booklet_pages(count, side) == 3


def test_booklet_bad_input() -> None:
    name = GENRE_NAMES[0]
    for args in (("--genre", name, "--size", "7"), ("--genre", "nurikabe", "--size", "6"),
                 ("--genre", name, "--size", "6", "--grade", "impossible")):
        r = run("booklet", *args, "--out", "/nonexistent/x.pdf")
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_booklet_without_a_browser_says_so(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "RECTLOGIC_CHROMIUM": str(tmp_path / "no-such-browser")}
    r = subprocess.run(
        [sys.executable, "-c", "from rectlogic.cli import main; main()", "booklet", "--genre",
         banked(6, 1)[0], "--size", "6", "--count", "1", "--out", str(tmp_path / "x.pdf")],
        capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 2 and "Chromium" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
