"""The player as people use it, in Chromium: corner-aimed triangles, painted strokes, live
rectangles, touch modes at phone width, Check on an unfinished board, the solved state and a
clock that stops and survives a reload, a bad import, no horizontal overflow at 390 px, the
board as a grid of labelled cells, and /docs without the network. Screenshots in
test-output/."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, Route

from rectlogic import bank

from .test_browser import SHOTS, at, cell, drag, open_board, play_answer


def first(genre: str, size: int = 6) -> bank.Row:
    return next(r for r in bank.rows(genre=genre) if r.rows == size)


def label(page: Page, r: int, c: int) -> str:
    return page.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label")


def white_cell(row: bank.Row) -> tuple[int, int]:
    return next((r, c) for r, line in enumerate(row.answer) for c, ch in enumerate(line)
                if ch in "◤◥◢◣.")


def test_corner_clicks_place_that_corner(page: Page, server: str) -> None:
    row = first("shakashaka")
    open_board(page, server, row)
    r, c = white_cell(row)
    page.mouse.click(*at(page, r, c, 0.12, 0.12))
    assert label(page, r, c).endswith("◤")
    page.mouse.click(*at(page, r, c, 0.88, 0.88))
    assert label(page, r, c).endswith("◢")
    page.mouse.click(*at(page, r, c, 0.88, 0.88))  # the same corner again removes it
    assert label(page, r, c).endswith("open")


def test_a_drag_paints_a_stroke(page: Page, server: str) -> None:
    open_board(page, server, first("chocona"))
    page.mouse.move(*at(page, 0, 0, 0.5, 0.5))
    page.mouse.down()
    for c in (1, 2, 3):
        page.mouse.move(*at(page, 0, c, 0.5, 0.5), steps=2)
    page.mouse.up()
    assert all(label(page, 0, c).endswith("#") for c in range(4))
    page.click("#undo")  # one stroke, one undo
    assert all(label(page, 0, c).endswith("open") for c in range(4))


def test_rectangles_are_drawn_live_and_erased_by_right_drag(page: Page, server: str) -> None:
    open_board(page, server, first("shikaku"))
    page.mouse.move(*at(page, 0, 0, 0.5, 0.5))
    page.mouse.down()
    page.mouse.move(*at(page, 1, 2, 0.5, 0.5), steps=3)
    assert page.locator("rect.preview").count() == 1  # shown while dragging
    page.screenshot(path=str(SHOTS / "shikaku-live-drag.png"))
    page.mouse.up()
    assert page.locator("[data-rect]").count() == 1
    page.mouse.move(*at(page, 1, 1, 0.5, 0.5))
    page.mouse.down(button="right")
    page.mouse.move(*at(page, 1, 1, 0.6, 0.6))
    page.mouse.up(button="right")
    assert page.locator("[data-rect]").count() == 0


def test_touch_modes_at_phone_width(page: Page, server: str) -> None:
    row = first("chocona")
    ctx = page.context.browser.new_context(viewport={"width": 390, "height": 844},
                                           has_touch=True, is_mobile=True)
    phone = ctx.new_page()
    open_board(phone, server, row)
    phone.touchscreen.tap(*at(phone, 0, 0))
    assert label(phone, 0, 0).endswith("#")
    phone.tap("#modes button[data-mode=dot]")
    phone.touchscreen.tap(*at(phone, 0, 1))
    assert label(phone, 0, 1).endswith("marked")
    phone.tap("#modes button[data-mode=erase]")
    phone.touchscreen.tap(*at(phone, 0, 0))
    assert label(phone, 0, 0).endswith("open")
    phone.screenshot(path=str(SHOTS / "phone-modes.png"))
    ctx.close()


def test_check_on_an_unfinished_board_marks_only_mistakes(page: Page, server: str) -> None:
    row = first("shikaku")
    open_board(page, server, row)
    good = row.answer[0]
    drag(page, (good[0], good[1]), (good[0] + good[2] - 1, good[1] + good[3] - 1))
    page.click("#check")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Not')")
    assert page.inner_text("#status").startswith("Not finished yet; nothing is wrong so far.")
    assert page.locator("rect.error").count() == 0
    assert ":" not in page.inner_text("#status")  # no codes
    a, b = row.answer[1], row.answer[2]
    drag(page, (a[0], a[1]), (b[0], b[1]))  # one rectangle over two answers' ones
    page.click("#check")
    page.wait_for_selector("rect.error", state="attached")
    assert "wrong" in page.inner_text("#status")
    page.screenshot(path=str(SHOTS / "check-unfinished.png"))
    page.click("#undo")  # the next move clears the message and the marks
    assert page.inner_text("#status") == "" and page.locator("rect.error").count() == 0


def test_solved_state_and_a_clock_that_stops_and_survives_a_reload(page: Page,
                                                                     server: str) -> None:
    row = first("chocona")
    open_board(page, server, row)
    page.wait_for_timeout(1200)
    play_answer(page, row)
    page.wait_for_selector("#status.solved")
    assert page.inner_text("#status").startswith("Solved in ")
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
    board must stay solved."""
    row = first("chocona")
    with held_back(page, "**/api/check") as release:
        open_board(page, server, row)  # its opening check is the one held
        play_answer(page, row)
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
    row = first("chocona")
    with held_back(page, "**/api/hint") as release:
        open_board(page, server, row)
        page.click("#hint")
        page.wait_for_function("document.querySelector('#status').textContent.includes('…')")
        cell(page, 0, 0)
        moved = page.inner_html("#board")
        release()
        page.wait_for_function(
            "document.querySelector('#status').textContent.includes('changed')")
        assert page.inner_html("#board") == moved
    page.evaluate("localStorage.clear()")


def test_a_bad_import_leaves_the_buttons_disabled(page: Page, server: str) -> None:
    page.goto(f"{server}/play?url=https://puzz.link/p?shakashaka/6/6/zzzzzzzzzz")
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    assert "past the board" in page.inner_text("#status")
    assert page.locator("#check").is_disabled() and page.locator("#hint").is_disabled()


def test_no_horizontal_overflow_at_390px_and_a_board_of_labelled_cells(page: Page,
                                                                        server: str) -> None:
    big = next(r for r in bank.rows(genre="chocona") if r.rows == 20)
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/", f"/play?id={big.id}", "/edit?genre=chocona&size=20x20"):
        page.goto(server + path)
        page.wait_for_timeout(800)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
    page.goto(f"{server}/play?id={big.id}")
    page.wait_for_selector("[data-cell]", state="attached")
    cells = page.locator("[role=gridcell]")
    assert cells.count() == 400
    assert cells.first.get_attribute("aria-label").startswith("Row 1, column 1")
    assert page.locator("svg[role=grid]").count() == 1
    page.screenshot(path=str(SHOTS / "phone-20x20.png"))
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
    from rectlogic.genres.registry import GENRE_NAMES

    for name in GENRE_NAMES:
        section = page.locator(f"section#{name}")
        assert len(section.locator("p").first.inner_text()) > 80
        assert section.locator("figure.example svg [data-cell]").count() >= 25  # drawn
        assert section.locator("li").count() >= 1  # the controls
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "rules.png"), full_page=True)
    page.set_viewport_size({"width": 800, "height": 1000})


def test_the_whole_bank_is_reachable(page: Page, server: str) -> None:
    """The home page says how many boards each genre, size and grade has; the player's
    "Next board" walks through them and comes back to the first."""
    page.goto(server + "/")
    page.wait_for_selector("td a")
    counts = {c["grade"]: c["count"] for c in bank.counts()
              if c["genre"] == "chocona" and c["size"] == "6x6"}
    link = page.locator("h2:text('chocona') + div.scroll a").first
    assert link.text_content() == f"{counts['quota']} boards"  # "boards" for screen readers
    link.click()
    page.wait_for_selector("[data-cell]", state="attached")
    first_url = page.url
    assert f"1 of {counts['quota']}" in page.inner_text("#title")
    for _ in range(counts["quota"]):
        page.click("#next")
        page.wait_for_selector("[data-cell]", state="attached")
    assert page.url == first_url
