"""Shikaku at the workbench, in a real browser: a board being set whose numbers do not add up
to its area says so (not only "no answer"), with the conflict marked."""

from __future__ import annotations

from playwright.sync_api import Page

from .test_browser import SHOTS, press
from .test_editor import settled


def test_numbers_that_do_not_cover_the_board_say_so(page: Page, server: str) -> None:
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server}/edit?genre=shikaku&size=3x3")
        page.wait_for_selector("[data-cell]", state="attached")
        settled(page)
        press(page, '[data-cell="1,1"]')
        page.keyboard.press("4")
        assert settled(page) == "none"
        assert "add up to 4, the board has 9 cells" in page.inner_text("#reason")
        assert page.locator("#board .mark.conflict").count() == 1
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"workbench-shikaku-sum-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 800, "height": 1000})
