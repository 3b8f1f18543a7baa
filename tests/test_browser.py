"""The player in a real browser (Debian's Chromium through Playwright), for every registered
genre on its own examples: play the board to its answer with real clicks or drags and see
"Solved"; make a wrong move and see Check mark it; take a hint and see it applied; undo and
redo. Then the home page's Generate, the keyboard and Save."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from rectlogic.formats.auto import load
from rectlogic.genres.registry import GENRES, get_genre

from . import playing
from .playing import (
    OPEN,
    SHOTS,
    Board,
    cell_label,
    described,
    first_examples,
    make,
    open_board,
    params,
    press,
    wait_hint,
    wrong_moves,
)

__all__ = ["SHOTS", "play_answer", "press"]  # what the workbench's tests take from here


def play_answer(page: Page, row: object) -> None:
    """Play `row.answer` (any object with the board's `genre` and its JSON `answer`) on the
    board the player shows, read from the page itself."""
    url = page.inner_text("#share a")
    playing.play_answer(page, described(row.genre, url, row.answer))


def marked(page: Page, r: int, c: int) -> bool:
    return page.evaluate(
        """([r, c]) => [...document.querySelectorAll('rect.error')].some(e =>
            e.getAttribute('x') == c * 40 && e.getAttribute('y') == r * 40)""", [r, c])


def breaking(board: Board):
    """A move that breaks the solved board: a cell the answer leaves open set, or a 1×1
    rectangle over a larger one of the answer."""
    return next(w for w in wrong_moves(board) if board.rectangles
                or board.answer[w.cell[0]][w.cell[1]] == board.answer_char(OPEN))


@params(first_examples())
def test_play_check_hint_undo(page: Page, server: str, board: Board) -> None:
    open_board(page, server, board)
    playing.play_answer(page, board)
    page.wait_for_selector("#status.solved", timeout=10_000)
    assert page.inner_text("#status").startswith("Solved in ")
    page.screenshot(path=str(SHOTS / f"{board.genre}-solved.png"))

    wrong = breaking(board)
    make(page, wrong)
    if board.rectangles:  # a 1×1 drawn on a rectangle takes it off; the next one is drawn
        make(page, wrong)
    page.click("#check")
    page.wait_for_selector("rect.error", state="attached", timeout=10_000)
    assert marked(page, *wrong.first_cell)
    assert not page.inner_text("#status").startswith("Solved")
    page.screenshot(path=str(SHOTS / f"{board.genre}-check.png"))

    page.click("#clear")
    before = page.inner_html("#board")
    genre = get_genre(board.genre)
    page.select_option("#rung", genre.DEFAULT_RUNG)
    page.click("#hint")
    said = wait_hint(page)
    after = page.inner_html("#board")
    assert after != before and "rect" in after
    assert any(f"(rule: {rule}" in said for rule in genre.RULES), said
    page.screenshot(path=str(SHOTS / f"{board.genre}-hint.png"))
    page.click("#undo")
    undone = page.inner_html("#board")
    page.click("#redo")
    assert page.inner_html("#board") != undone
    page.click("#undo")
    assert page.inner_html("#board") == undone


def test_narrow_screen(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_board(page, server, first_examples()[0])
    width = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    assert 200 < width <= 360
    page.screenshot(path=str(SHOTS / "narrow-360.png"))
    page.set_viewport_size({"width": 800, "height": 1000})


def test_home_generate_keyboard_and_save(page: Page, server: str) -> None:
    """A 5×5 board of the first genre played cell by cell, made on the home page; the
    keyboard plays a cell; Save writes pzprv3 that reads back to the same puzzle and move."""
    genre = next(g for g in GENRES if g.board_json(load(g.examples.SOLVED[0].url).puzzle)
                 ["input"] == "cells")
    page.goto(server + "/")
    page.wait_for_selector("td.none")  # the tables are drawn from the API
    assert page.locator("td.none").count() > 0  # grades the bank lacks are greyed out
    page.screenshot(path=str(SHOTS / "home.png"), full_page=True)
    page.select_option("select[name=genre]", genre.name)
    page.select_option("select[name=size]", "5x5")
    page.click("text=Generate")
    page.wait_for_url("**/play?url=*", timeout=20_000)
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")
    desc = page.evaluate("fetch('/api/puzzle', {method: 'POST', headers: {'content-type': "
                         "'application/json'}, body: JSON.stringify({puzzle: document.querySelector"
                         "('#share a').textContent})}).then(r => r.json())")
    r, c = next((r, c) for r in range(5) for c in range(5)
                if desc["fixed"][r][c] is None or desc["fixed"][r][c]["answer"] is None)
    page.focus("#board")
    for _ in range(r):
        page.keyboard.press("ArrowDown")
    for _ in range(c):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the cell's first state of the click cycle
    state = desc["cycle"][1]
    assert cell_label(page, r, c).endswith(state if state != desc["dot"] else "marked")
    with page.expect_download() as download:
        page.click("#save")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("pzprv3")
    saved = load(text)
    assert saved.puzzle == load(desc["url"]).puzzle
    answer = genre.answer_json(saved.puzzle, saved.answer)
    assert answer[r][c] == desc["answer_of"].get(state, state)
