"""Playing any registered genre in the browser, from the board description alone.

The player (`play.js`) knows no genre: it draws and plays every board from what the server
describes (`Genre.board_json`: `cells` input with a click cycle, or `rectangles` drawn by
dragging). These helpers do the same from the test's side, so a browser test runs over the
registry — each genre's own examples (`genre.examples.SOLVED`) and the bank's boards by genre —
and a genre added tomorrow is tested the day it is registered. Nothing here names a genre."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from playwright.sync_api import Page, Route

from rectlogic import bank
from rectlogic import hint as hints
from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRES, get_genre

SHOTS = Path(__file__).parent.parent / "test-output"
SHOTS.mkdir(exist_ok=True)
OPEN = "_"
"""A free cell nothing is placed in (the position's mark for it, `drawing.OPEN`)."""


@dataclass(frozen=True)
class Board:
    """A board to play: its URL, its one answer (the JSON ANSWER form), the description the
    player draws it from, and, for a bank board, its id (the player opens it by `?id=`)."""

    genre: str
    url: str
    answer: Any
    desc: dict[str, Any]
    id: int | None = None
    grade: str | None = None
    stars: int | None = None

    @property
    def rows(self) -> int:
        return len(self.desc["fixed"])

    @property
    def cols(self) -> int:
        return len(self.desc["fixed"][0])

    @property
    def rectangles(self) -> bool:
        return self.desc["input"] == "rectangles"

    @property
    def path(self) -> str:
        """Where the player opens it."""
        if self.id is not None:
            return f"/play?id={self.id}"
        from urllib.parse import quote

        return f"/play?url={quote(self.url, safe='')}"

    def free(self, r: int, c: int) -> bool:
        """A cell the player sets (not given, or given only as a label)."""
        g = self.desc["fixed"][r][c]
        return g is None or g["answer"] is None

    def answer_char(self, state: str) -> str:
        """What a position's state stands for in the answer."""
        return self.desc["answer_of"].get(state, state)


def described(genre: str, url: str, answer: Any, **bank_fields: Any) -> Board:
    p = load(url, genre).puzzle
    return Board(genre, url, answer, get_genre(genre).board_json(p), **bank_fields)


def example_boards() -> list[Board]:
    """Every registered genre's own solved examples."""
    return [described(g.name, e.url, e.answer) for g in GENRES for e in g.examples.SOLVED]


def first_examples() -> list[Board]:
    """The first solved example of each registered genre."""
    return [described(g.name, g.examples.SOLVED[0].url, g.examples.SOLVED[0].answer)
            for g in GENRES]


def label(board: Board) -> str:
    """A test id: the genre and the board's place."""
    where = board.id if board.id is not None else board.url.rsplit("/", 1)[-1][:12]
    return f"{board.genre}-{where}"


def params(boards: list[Board]) -> Any:
    """`pytest.mark.parametrize` over these boards, named by `label`."""
    return pytest.mark.parametrize("board", boards, ids=[label(b) for b in boards])


def bank_board(genre: str, size: int = 6, grade: str | None = None) -> Board:
    """The bank's first board of this genre and size (and grade)."""
    row = next(r for r in bank.rows(genre=genre) if r.rows == size
               and (grade is None or r.grade == grade))
    return from_row(row)


def from_row(row: bank.Row) -> Board:
    return described(row.genre, row.url, row.answer, id=row.id, grade=row.grade,
                     stars=row.stars)


def bank_sizes() -> list[int]:
    return sorted({r.rows for r in bank.rows()})


def genre_names() -> list[str]:
    return [g.name for g in GENRES]


# -- on the page ----------------------------------------------------------------------------
def open_board(page: Page, server: str, board: Board) -> None:
    """Open the board fresh: nothing kept from an earlier visit, no move, no trial."""
    page.goto(server + board.path)
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("[data-cell]", state="attached")


def point_of(page: Page, selector: str, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    """A point of an element of the board on screen (fx, fy: fractions of its box; the
    centre by default). The app redraws its board as a new SVG after each move, so an
    element found a moment ago may be gone; its replacement sits at the same place, so the
    test measures again until it finds one attached, then acts at that point."""
    for _ in range(50):
        box = page.locator(selector).bounding_box()
        if box is not None:
            return box["x"] + fx * box["width"], box["y"] + fy * box["height"]
        page.wait_for_timeout(20)
    raise AssertionError(f"{selector} never settled on the page")


def at(page: Page, r: int, c: int, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    """A point of cell (r, c) on screen (see `point_of`)."""
    return point_of(page, f'[data-cell="{r},{c}"]', fx, fy)


def press(page: Page, selector: str, button: str = "left") -> None:
    """Click a board element where a player would: at its centre on screen."""
    page.mouse.click(*point_of(page, selector), button=button)


def tap_or_click(page: Page, r: int, c: int, touch: bool = False) -> None:
    if touch:
        page.touchscreen.tap(*at(page, r, c))
    else:
        page.mouse.click(*at(page, r, c))


def drag(page: Page, a: tuple[int, int], b: tuple[int, int]) -> None:
    page.mouse.move(*at(page, *a))
    page.mouse.down()
    page.mouse.move(*at(page, *b), steps=3)
    page.mouse.up()


def touch_drag(page: Page, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A finger drawn from cell a to cell b (pointer events as a touch screen sends them)."""
    (x0, y0), (x1, y1) = at(page, *a), at(page, *b)
    page.evaluate("""([x0, y0, x1, y1]) => {
        const b = document.querySelector('#board');
        const under = (x, y) => document.elementFromPoint(x, y) || b;
        const ev = (type, x, y, target) => target.dispatchEvent(new PointerEvent(type, {
            pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y,
            bubbles: true}));
        ev('pointerdown', x0, y0, under(x0, y0));
        for (let k = 1; k <= 4; k++) {
            const x = x0 + (x1 - x0) * k / 4, y = y0 + (y1 - y0) * k / 4;
            ev('pointermove', x, y, under(x, y));
        }
        ev('pointerup', x1, y1, window);
    }""", [x0, y0, x1, y1])


# -- moves of the answer, and wrong ones ------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """One move a player makes: a rectangle drawn, or a cell clicked `clicks` times from open
    (stepping through the board's click cycle) to reach `state`, or marked with the dot
    (`dot`: Shift+click, or a tap in Dot mode)."""

    rect: tuple[int, int, int, int] | None = None
    cell: tuple[int, int] | None = None
    state: str | None = None
    clicks: int = 0
    dot: bool = False

    @property
    def first_cell(self) -> tuple[int, int]:
        return self.cell if self.cell is not None else (self.rect[0], self.rect[1])


def answer_moves(board: Board) -> list[Move]:
    """The answer as moves from the empty board, in reading order (cells left open by the
    answer are not moves)."""
    if board.rectangles:
        return [Move(rect=tuple(r)) for r in board.answer]
    cycle = board.desc["cycle"]
    out = []
    for r, line in enumerate(board.answer):
        for c, ch in enumerate(line):
            if not board.free(r, c) or board.answer_char(OPEN) == ch:
                continue
            state = next((s for s in cycle if board.answer_char(s) == ch), None)
            if state is not None:
                out.append(Move(cell=(r, c), state=state, clicks=cycle.index(state)))
            else:  # what only the dot marks
                assert board.answer_char(board.desc["dot"]) == ch, (r, c, ch)
                out.append(Move(cell=(r, c), state=board.desc["dot"], dot=True))
    return out


def wrong_moves(board: Board) -> list[Move]:
    """Moves that disagree with the answer, one per cell (or rectangle) in reading order: a
    free cell clicked to the first state of the cycle the answer does not have there; a 1×1
    rectangle on a cell whose answer rectangle is larger."""
    if board.rectangles:
        return [Move(rect=(t, lft, 1, 1)) for t, lft, h, w in sorted(board.answer) if h * w > 1]
    cycle = board.desc["cycle"]
    out = []
    for r, line in enumerate(board.answer):
        for c, ch in enumerate(line):
            k = next((k for k, s in enumerate(cycle) if k and board.answer_char(s) != ch), None)
            if board.free(r, c) and k is not None:  # (else only a mark, not a click, is wrong)
                out.append(Move(cell=(r, c), state=cycle[k], clicks=k))
    return out


def make(page: Page, move: Move, touch: bool = False) -> None:
    """Make the move with the mouse (or a finger) as a player would, from an open cell."""
    if move.rect is not None:
        t, lft, h, w = move.rect
        (touch_drag if touch else drag)(page, (t, lft), (t + h - 1, lft + w - 1))
        return
    if move.dot and touch:
        page.tap("#modes button[data-mode=dot]")
        tap_or_click(page, *move.cell, touch=True)
        page.tap("#modes button[data-mode=play]")
        return
    if move.dot:
        page.keyboard.down("Shift")
        page.mouse.click(*at(page, *move.cell))
        page.keyboard.up("Shift")
        return
    for _ in range(move.clicks):
        tap_or_click(page, *move.cell, touch=touch)


def play_answer(page: Page, board: Board) -> None:
    for move in answer_moves(board):
        make(page, move)


def cell_label(page: Page, r: int, c: int) -> str:
    return page.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label")


def shows(page: Page, board: Board, move: Move) -> bool:
    """Does the board on the page show this move made?"""
    if move.rect is not None:
        t, lft, h, w = move.rect
        k = page.evaluate("""([t, l, h, w]) => [...document.querySelectorAll('[data-rect]')]
            .filter(e => Math.round(+e.getAttribute('x') / 40) === l
                      && Math.round(+e.getAttribute('y') / 40) === t
                      && Math.round(+e.getAttribute('width') / 40) === w
                      && Math.round(+e.getAttribute('height') / 40) === h).length""",
                          [t, lft, h, w])
        return k == 1
    word = "marked" if move.state == board.desc["dot"] else move.state
    return cell_label(page, *move.cell).endswith((f": {word}", f", {word}"))


def status(page: Page) -> str:
    return page.inner_text("#status")


def wait_status(page: Page, start: str, timeout: float = 20_000) -> None:
    page.wait_for_function("s => document.querySelector('#status').textContent.startsWith(s)",
                           arg=start, timeout=timeout)


def wait_hint(page: Page) -> str:
    """Wait for the hint's answer (the status no longer "thinking…") and return it."""
    page.wait_for_function("""() => { const t = document.querySelector('#status').textContent;
        return t && !t.includes('thinking'); }""", timeout=20_000)
    return status(page)


@contextmanager
def stuck(page: Page) -> Iterator[None]:
    """While inside, the page's hints are answered by the library in this process with every
    rung silenced: real `reveal` hints for the page's real positions. (No board of the bank
    or of Janko's leaves every rung stuck any more, so this is how a reveal is seen;
    tests/test_hints.py silences the rungs the same way.)"""

    def answer(route: Route) -> None:
        body = route.request.post_data_json
        found = hints.hint(load(body["puzzle"]).puzzle, body["position"], body.get("rung"))
        route.fulfill(status=200, content_type="application/json", body=json.dumps(found))

    with mock.patch.object(hints, "weakest_step", lambda *args: None):
        page.route("**/api/hint", answer)
        try:
            yield
        finally:
            page.unroute("**/api/hint")


@pytest.fixture
def stuck_hints(page: Page) -> Iterator[None]:
    """`stuck` for a whole test."""
    with stuck(page):
        yield
