"""The home page when the bank is unavailable (the server answers 503 on its bank endpoints):
it says so, and the Generate form still offers every genre."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from rectlogic.genres.registry import GENRE_NAMES

SHOTS = Path(__file__).parent.parent / "test-output"


def test_home_says_the_bank_is_down_and_still_generates(page: Page, server: str) -> None:
    said = "bank unavailable: the bank /x.sqlite could not be used: database disk image is bad"
    page.route("**/api/bank/index",
               lambda route: route.fulfill(status=503, json={"error": said}))
    try:
        page.goto(f"{server}/")
        page.wait_for_selector("#tables .bankdown")
        assert said in page.inner_text("#tables .bankdown")
        options = page.eval_on_selector_all("#gen select[name=genre] option",
                                            "os => os.map(o => o.value)")
        assert options == list(GENRE_NAMES)
        assert page.locator("#tables table").count() == len(GENRE_NAMES)  # grades, no boards
        page.screenshot(path=str(SHOTS / "home-without-bank.png"))
    finally:
        page.unroute("**/api/bank/index")
