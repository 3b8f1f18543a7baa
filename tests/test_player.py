"""The player as people use it, in Chromium, for every registered genre that has each control
(the board description says which): corner-aimed cells, painted strokes, live rectangles,
touch modes at phone width, Check on an unfinished board, the solved state and a clock that
stops and survives a reload, answers that come back late, a bad import, no horizontal
overflow at 390 px, the board as a grid of labelled cells, /docs without the network, the
rules page, and every bank board reachable. Screenshots in test-output/."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, Route

from rectlogic import bank
from rectlogic.genres.registry import GENRE_NAMES, get_genre

from .playing import (
    SHOTS,
    Board,
    answer_moves,
    at,
    cell_label,
    first_examples,
    from_row,
    make,
    open_board,
    params,
    play_answer,
    status,
    wrong_moves,
)

EXAMPLES = first_examples()


def having(key: str) -> list[Board]:
    """The first example of each genre whose board description has this control."""
    return [b for b in EXAMPLES if b.desc.get(key)]


def cells_input() -> list[Board]:
    return [b for b in EXAMPLES if not b.rectangles]


def drawn_in_rectangles() -> list[Board]:
    return [b for b in EXAMPLES if b.rectangles]


def free_cell(board: Board, open_in_answer: bool = False) -> tuple[int, int]:
    """A cell the player sets (one the answer leaves open, if asked)."""
    return next((r, c) for r in range(board.rows) for c in range(board.cols)
                if board.free(r, c) and (not open_in_answer or board.rectangles
                                         or board.answer[r][c] == board.answer_char("_")))


def word(board: Board, state: str) -> str:
    """How a cell's label ends when it holds this state."""
    return "open" if state == "_" else "marked" if state == board.desc["dot"] else state


@params(having("corners"))
def test_corner_clicks_place_that_corner(page: Page, server: str, board: Board) -> None:
    open_board(page, server, board)
    r, c = free_cell(board)
    corners = board.desc["corners"]
    page.mouse.click(*at(page, r, c, 0.12, 0.12))
    assert cell_label(page, r, c).endswith(corners["nw"])
    page.mouse.click(*at(page, r, c, 0.88, 0.88))
    assert cell_label(page, r, c).endswith(corners["se"])
    page.mouse.click(*at(page, r, c, 0.88, 0.88))  # the same corner again removes it
    assert cell_label(page, r, c).endswith("open")


@params(having("paint"))
def test_a_drag_paints_a_stroke(page: Page, server: str, board: Board) -> None:
    open_board(page, server, board)
    r = next(r for r in range(board.rows) if all(board.free(r, c) for c in range(4)))
    page.mouse.move(*at(page, r, 0))
    page.mouse.down()
    for c in (1, 2, 3):
        page.mouse.move(*at(page, r, c), steps=2)
    page.mouse.up()
    painted = word(board, board.desc["cycle"][1])
    assert all(cell_label(page, r, c).endswith(painted) for c in range(4))
    page.click("#undo")  # one stroke, one undo
    assert all(cell_label(page, r, c).endswith("open") for c in range(4))


@params(drawn_in_rectangles())
def test_rectangles_are_drawn_live_and_erased_by_right_drag(page: Page, server: str,
                                                             board: Board) -> None:
    open_board(page, server, board)
    page.mouse.move(*at(page, 0, 0))
    page.mouse.down()
    page.mouse.move(*at(page, 1, 2), steps=3)
    assert page.locator("rect.preview").count() == 1  # shown while dragging
    page.screenshot(path=str(SHOTS / f"{board.genre}-live-drag.png"))
    page.mouse.up()
    assert page.locator("[data-rect]").count() == 1
    page.mouse.move(*at(page, 1, 1))
    page.mouse.down(button="right")
    page.mouse.move(*at(page, 1, 1, 0.6, 0.6))
    page.mouse.up(button="right")
    assert page.locator("[data-rect]").count() == 0


@params(having("dot"))
def test_touch_modes_at_phone_width(page: Page, server: str, board: Board) -> None:
    ctx = page.context.browser.new_context(viewport={"width": 390, "height": 844},
                                           has_touch=True, is_mobile=True)
    phone = ctx.new_page()
    open_board(phone, server, board)
    (r, c), (r2, c2) = [(r, c) for r in range(board.rows) for c in range(board.cols)
                        if board.free(r, c)][:2]
    phone.touchscreen.tap(*at(phone, r, c))
    assert cell_label(phone, r, c).endswith(word(board, board.desc["cycle"][1]))
    phone.tap("#modes button[data-mode=dot]")
    phone.touchscreen.tap(*at(phone, r2, c2))
    assert cell_label(phone, r2, c2).endswith("marked")
    phone.tap("#modes button[data-mode=erase]")
    phone.touchscreen.tap(*at(phone, r, c))
    assert cell_label(phone, r, c).endswith("open")
    phone.screenshot(path=str(SHOTS / f"phone-modes-{board.genre}.png"))
    ctx.close()


@params(EXAMPLES)
def test_check_on_an_unfinished_board_marks_only_mistakes(page: Page, server: str,
                                                          board: Board) -> None:
    open_board(page, server, board)
    good = answer_moves(board)[0]
    make(page, good)
    page.click("#check")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Not')")
    assert status(page).startswith("Not finished yet; nothing is wrong so far.")
    assert page.locator("rect.error").count() == 0
    assert ":" not in status(page)  # no codes
    wrong = next(w for w in wrong_moves(board) if w.first_cell != good.first_cell
                 and (w.rect is None or good.rect is None
                      or not (w.rect[0] < good.rect[0] + good.rect[2]
                              and good.rect[0] < w.rect[0] + w.rect[2]
                              and w.rect[1] < good.rect[1] + good.rect[3]
                              and good.rect[1] < w.rect[1] + w.rect[3])))
    make(page, wrong)
    page.click("#check")
    page.wait_for_selector("rect.error", state="attached")
    assert "wrong" in status(page)
    page.screenshot(path=str(SHOTS / f"check-unfinished-{board.genre}.png"))
    page.click("#undo")  # the next move clears the message and the marks
    assert status(page) == "" and page.locator("rect.error").count() == 0


def test_solved_state_and_a_clock_that_stops_and_survives_a_reload(page: Page,
                                                                     server: str) -> None:
    board = EXAMPLES[-1]
    open_board(page, server, board)
    page.wait_for_timeout(1200)
    play_answer(page, board)
    page.wait_for_selector("#status.solved")
    assert status(page).startswith("Solved in ")
    assert page.locator("#board.solved").count() == 1
    shown = page.inner_text("#timer")
    page.wait_for_timeout(1500)
    assert page.inner_text("#timer") == shown  # stopped
    page.reload()
    page.wait_for_selector("#status.solved")
    assert page.inner_text("#timer") == shown  # kept with the position
    page.evaluate("localStorage.clear()")


@contextmanager
def held_back(page: Page, pattern: str) -> Iterator[Callable[[], None]]:
    """Hold the first request to `pattern` (later ones pass) until the `release` this
    yields is called: an answer that comes back late."""
    held: list[Route] = []
    page.route(pattern, lambda route: route.continue_() if held else held.append(route))

    def release() -> None:
        for _ in range(100):  # the request reaches the route a moment after it is sent
            if held:
                break
            page.wait_for_timeout(20)
        with page.expect_response(pattern):
            held[0].continue_()

    try:
        yield release
    finally:
        page.unroute(pattern)


def test_an_answer_that_comes_back_late_does_not_unsolve_the_board(page: Page,
                                                                   server: str) -> None:
    """Each move asks the server to check the board; answers can come back out of order.
    The check of the first move is held back until the board is solved, then let go: the
    board must stay solved. (A board drawn in cells: one drawn in rectangles asks for no
    check until every cell is covered.)"""
    board = cells_input()[-1]
    with held_back(page, "**/api/check") as release:
        page.goto(server + board.path)  # its opening check is the one held
        page.wait_for_selector("[data-cell]", state="attached")
        page.evaluate("localStorage.clear()")
        page.click("#clear")
        play_answer(page, board)
        page.wait_for_selector("#status.solved", timeout=10_000)
        release()
        page.wait_for_timeout(300)  # the page reads the late answer
        assert page.locator("#status.solved").count() == 1
        assert page.locator("#board.solved").count() == 1
    page.evaluate("localStorage.clear()")


def test_a_hint_for_a_board_that_has_since_changed_is_not_applied(page: Page,
                                                                    server: str) -> None:
    """The player moves while a hint is on its way: the hint was worked out for a board
    that is gone, so the page says so instead of applying it."""
    board = EXAMPLES[-1]
    with held_back(page, "**/api/hint") as release:
        open_board(page, server, board)
        page.click("#hint")
        page.wait_for_function("document.querySelector('#status').textContent.includes('…')")
        make(page, answer_moves(board)[0])
        moved = page.inner_html("#board")
        release()
        page.wait_for_function(
            "document.querySelector('#status').textContent.includes('changed')")
        assert page.inner_html("#board") == moved
    page.evaluate("localStorage.clear()")


@params(EXAMPLES)
def test_a_bad_import_leaves_the_buttons_disabled(page: Page, server: str, board: Board) -> None:
    """A URL whose body goes on past the board: the server's one line, nothing to press."""
    bad = board.url + "zzzzzzzzzz" * 4
    refused = page.request.post(server + "/api/puzzle", data={"puzzle": bad})
    assert refused.status == 400
    from urllib.parse import quote

    page.goto(f"{server}/play?url={quote(bad, safe='')}")
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    assert status(page) == refused.json()["error"]
    assert page.locator("#check").is_disabled() and page.locator("#hint").is_disabled()


def biggest(genre: str) -> bank.Row | None:
    rows = bank.rows(genre=genre)
    return max(rows, key=lambda r: (r.rows * r.cols, -r.id)) if rows else None


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_no_horizontal_overflow_at_390px_and_a_board_of_labelled_cells(page: Page, server: str,
                                                                        genre: str) -> None:
    big = biggest(genre)
    if big is None:
        pytest.skip("the bank has no board of this genre yet")
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/", f"/play?id={big.id}", f"/edit?genre={genre}&size={big.rows}x{big.cols}"):
        page.goto(server + path)
        page.wait_for_timeout(800)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
    open_board(page, server, from_row(big))
    cells = page.locator("[role=gridcell]")
    assert cells.count() == big.rows * big.cols
    assert cells.first.get_attribute("aria-label").startswith("Row 1, column 1")
    assert page.locator("svg[role=grid]").count() == 1
    page.screenshot(path=str(SHOTS / f"phone-{big.rows}x{big.cols}-{genre}.png"))
    page.set_viewport_size({"width": 800, "height": 1000})


def test_docs_work_offline(page: Page, server: str) -> None:
    seen = []
    page.on("request", lambda req: seen.append(req.url))
    page.goto(server + "/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=15_000)
    assert all(url.startswith(server) for url in seen), [u for u in seen if not
                                                          u.startswith(server)]
    assert page.request.get(server + "/favicon.ico").ok


def test_rules_page_explains_each_genre_with_a_solved_example(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/rules")
    page.wait_for_selector("figure.example svg")
    for name in GENRE_NAMES:
        section = page.locator(f"section#{name}")
        assert len(section.locator("p").first.inner_text()) > 80
        assert section.locator("figure.example svg [data-cell]").count() >= 25  # drawn
        assert section.locator("li").count() >= 1  # the controls
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "rules.png"), full_page=True)
    page.set_viewport_size({"width": 800, "height": 1000})


@pytest.mark.parametrize("genre", GENRE_NAMES)
def test_the_whole_bank_is_reachable(page: Page, server: str, genre: str) -> None:
    """The home page says how many boards each genre, size and grade has; the player's
    "Next board" walks through a group of them and comes back to the first."""
    index = page.request.get(server + "/api/bank/index").json()
    groups = [g for g in index if g["genre"] == genre]
    if not groups:
        pytest.skip("the bank has no board of this genre yet")
    group = min(groups, key=lambda g: g["count"])
    page.goto(server + "/")
    page.wait_for_selector("td a")
    title = get_genre(genre).title
    link = page.locator(f"h2:text-is('{title}') + div.scroll a[href='/play?id={group['first']}']")
    assert link.text_content() == f"{group['count']} boards"  # "boards" for screen readers
    link.click()
    page.wait_for_selector("[data-cell]", state="attached")
    first_url = page.url
    assert f"1 of {group['count']}" in page.inner_text("#title")
    for _ in range(group["count"]):
        page.click("#next")
        page.wait_for_selector("[data-cell]", state="attached")
    assert page.url == first_url
