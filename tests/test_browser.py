"""The player in a real browser (Debian's Chromium through Playwright): for each genre, open
a bank board, play it to its answer with real clicks or drags and see "Solved"; make a wrong
move and see Check mark it; take a hint and see it applied; undo and redo."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from rectlogic import bank

SHOTS = Path(__file__).parent.parent / "test-output"
TRI = ["◤", "◥", "◢", "◣"]


def board_of(genre: str) -> bank.Row:
    return next(r for r in bank.rows(genre=genre) if r.rows == 6)


def open_board(page: Page, server: str, row: bank.Row) -> None:
    page.goto(f"{server}/play?id={row.id}")
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")


def point_of(page: Page, selector: str, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    """A point of an element of the board on screen (fx, fy: fractions of its box; the
    centre by default). The app redraws its board as a new SVG (after each move, and in the
    workbench whenever an analysis comes back), so an element found a moment ago may be
    gone; its replacement sits at the same place, so the test measures again until it finds
    one attached, then acts at that point."""
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


def cell(page: Page, r: int, c: int, button: str = "left") -> None:
    page.mouse.click(*at(page, r, c), button=button)


def drag(page: Page, a: tuple[int, int], b: tuple[int, int]) -> None:
    page.mouse.move(*at(page, *a))
    page.mouse.down()
    page.mouse.move(*at(page, *b), steps=3)
    page.mouse.up()


def play_answer(page: Page, row: bank.Row) -> None:
    if row.genre == "shakashaka":
        for r, line in enumerate(row.answer):
            for c, ch in enumerate(line):
                for _ in range(TRI.index(ch) + 1 if ch in TRI else 0):
                    cell(page, r, c)
    elif row.genre == "chocona":
        for r, line in enumerate(row.answer):
            for c, ch in enumerate(line):
                if ch == "#":
                    cell(page, r, c)
    else:
        for t, lft, h, w in row.answer:
            drag(page, (t, lft), (t + h - 1, lft + w - 1))


def wrong_move(page: Page, row: bank.Row) -> tuple[int, int]:
    """A move that breaks the solved board; returns a cell Check must mark."""
    if row.genre == "shakashaka":
        r, c = next((r, c) for r, line in enumerate(row.answer)
                    for c, ch in enumerate(line) if ch in TRI)
        cell(page, r, c)  # turn the triangle one corner further
        return r, c
    if row.genre == "chocona":
        r, c = next((r, c) for r, line in enumerate(row.answer)
                    for c, ch in enumerate(line) if ch == "#")
        cell(page, r, c, button="right")  # mark one cell of a rectangle unshaded
        return r, c
    a, b = row.answer[0], row.answer[1]  # one rectangle across two clues' rectangles
    drag(page, (a[0], a[1]), (b[0], b[1]))
    return a[0], a[1]


def marked(page: Page, r: int, c: int) -> bool:
    return page.evaluate(
        """([r, c]) => [...document.querySelectorAll('rect.error')].some(e =>
            e.getAttribute('x') == c * 40 && e.getAttribute('y') == r * 40)""", [r, c])


@pytest.mark.parametrize("genre", ["shakashaka", "shikaku", "chocona"])
def test_play_check_hint_undo(page: Page, server: str, genre: str) -> None:
    row = board_of(genre)
    open_board(page, server, row)
    play_answer(page, row)
    page.wait_for_selector("#status.solved", timeout=10_000)
    assert page.inner_text("#status").startswith("Solved in ")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{genre}-solved.png"))

    r, c = wrong_move(page, row)
    page.click("#check")
    page.wait_for_selector("rect.error", state="attached", timeout=10_000)
    assert marked(page, r, c)
    assert not page.inner_text("#status").startswith("Solved")
    page.screenshot(path=str(SHOTS / f"{genre}-check.png"))

    page.click("#clear")
    before = page.inner_html("#board")
    page.select_option("#rung", row.grade if row.grade in ("quota", "corner", "box", "coverer",
                                                           "dual", "tips", "reflex") else "probe")
    page.click("#hint")
    page.wait_for_function(
        "(t => t.includes(':') && !t.includes('…'))(document.querySelector('#status').textContent)",
        timeout=10_000)
    after = page.inner_html("#board")
    assert after != before and "rect" in after
    hint_text = page.inner_text("#status")
    assert any(rule in hint_text for rule in
               ("clues", "parity", "tips", "reflex", "only-coverer", "forced-cell",
                "quota", "corner", "box", "probe"))
    page.screenshot(path=str(SHOTS / f"{genre}-hint.png"))
    page.click("#undo")
    undone = page.inner_html("#board")
    page.click("#redo")
    assert page.inner_html("#board") != undone
    page.click("#undo")
    assert page.inner_html("#board") == undone


def test_narrow_screen(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_board(page, server, board_of("shikaku"))
    width = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    assert 200 < width <= 360
    page.screenshot(path=str(SHOTS / "narrow-360.png"))
    page.set_viewport_size({"width": 800, "height": 1000})


def test_home_generate_keyboard_and_save(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("td.none")  # the tables are drawn from the API
    assert page.locator("td.none").count() > 0  # grades the bank lacks are greyed out
    page.screenshot(path=str(SHOTS / "home.png"), full_page=True)
    page.select_option("select[name=genre]", "chocona")
    page.select_option("select[name=size]", "5x5")
    page.click("text=Generate")
    page.wait_for_url("**/play?url=*", timeout=20_000)
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # shades cell (0, 1)
    assert page.locator('[data-cell="0,1"]').get_attribute("fill") == "#333"
    with page.expect_download() as download:
        page.click("#save")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith("pzprv3.1\nchocona\n5\n5\n")
    assert "# " in text  # the shaded cell is in the answer block
