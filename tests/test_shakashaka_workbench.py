"""Shakashaka at the workbench, in a real browser: a 3 in a corner (no answer, and not because
of the 3: the black cell beside it) has its conflict marked, with the reason."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import Page

from .test_browser import SHOTS
from .test_editor import settled

CORNER_THREE = "https://puzz.link/p?shakashaka/3/3/dg.j"
"""3 . . / . # . / . . . : no answer, and not because of the 3."""


def test_a_lone_impossible_corner_is_marked(page: Page, server: str) -> None:
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server}/edit?url={quote(CORNER_THREE)}")
        page.wait_for_selector("[data-cell]", state="attached")
        assert settled(page) == "none"
        assert page.locator("#board .mark.conflict").count() >= 1
        assert "cannot" in page.inner_text("#reason") and "black" in page.inner_text("#reason")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"workbench-shakashaka-corner-{width}.png"),
                        full_page=True)
    page.set_viewport_size({"width": 800, "height": 1000})
