"""The workbench in a real browser, beyond setting a puzzle (test_editor): row and column
labels, bad input in one plain line with the page still usable, the number pad, a conflict
on a small board, pictures downloaded, axe-core on each state, and how long analyses take
(reported, not asserted). Screenshots go to test-output/."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from rectlogic import bank
from rectlogic.formats.auto import load

from .test_browser import SHOTS, press
from .test_editor import settled

CORNER_THREE = "https://puzz.link/p?shakashaka/3/3/dg.j"
"""3 . . / . # . / . . . : no answer, and not because of the 3."""


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"workbench-{name}.png"), full_page=True)


def open_edit(page: Page, server: str, query: str) -> str:
    page.goto(f"{server}/edit?{query}")
    page.wait_for_selector("[data-cell]", state="attached")
    return settled(page)


def test_rows_and_columns_are_labelled(page: Page, server: str) -> None:
    open_edit(page, server, "genre=shikaku&size=5x7")
    labels = page.locator("#board text.coord").all_text_contents()
    assert labels == [str(r) for r in range(1, 6)] + [str(c) for c in range(1, 8)]
    shot(page, "labels")


@pytest.mark.parametrize(("query", "said"), [
    ("genre=nurikabe", "no genre \"nurikabe\""),
    ("size=100x100", "up to 60x60"),
    ("size=abc", "rows x columns"),
])
def test_bad_addresses_say_one_line_and_the_page_works(page: Page, server: str, query: str,
                                                       said: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_edit(page, server, query)
    problem = page.inner_text("#problem")
    assert said in problem and "\n" not in problem.strip()
    assert page.locator("[data-cell]").count() <= 60 * 60
    shot(page, f"bad-{query.split('=')[0]}")
    press(page, '[data-cell="0,0"]')  # still usable: an edit is analysed
    assert settled(page) in ("unique", "multiple", "none")
    assert not page.locator("#playthis").evaluate("a => a.classList.contains('stale')")
    assert errors == []


def test_junk_import_leaves_the_board_and_its_verdict(page: Page, server: str) -> None:
    open_edit(page, server, "genre=shikaku&size=4x4")
    press(page, '[data-cell="1,1"]')
    page.keyboard.press("4")
    before = settled(page), page.inner_text("#analysis"), page.inner_text("#share")
    page.fill("#url", "this is not a puzzle")
    page.click("#import button")
    page.wait_for_function("document.querySelector('#problem').textContent.length > 0")
    assert page.inner_text("#problem").startswith("Not imported:")
    assert (settled(page), page.inner_text("#analysis"), page.inner_text("#share")) == before
    shot(page, "junk-import")


def test_size_limit_is_stated_once_from_the_server(page: Page, server: str) -> None:
    open_edit(page, server, "genre=shakashaka&size=3x3")
    assert page.inner_text("#sizelimit") == "up to 60x60"
    page.fill("#size", "61x61")
    page.click("#blank")
    assert "up to 60x60" in page.inner_text("#problem")
    assert page.locator("[data-cell]").count() == 9


def test_the_number_pad_writes_without_a_keyboard(page: Page, server: str) -> None:
    open_edit(page, server, "genre=shikaku&size=2x2")
    pad = page.locator("#pad button").all_inner_texts()
    assert pad[:10] == [str(d) for d in range(10)] and "?" in pad and "erase" in pad
    for rc in ("0,0", "1,1"):
        press(page, f'[data-cell="{rc}"]')
        page.click("#pad button:text-is('2')")
    assert settled(page) == "multiple"
    page.click("#pad button:text-is('erase')")
    assert settled(page) == "none"
    assert page.locator("#board text:not(.coord)").all_text_contents() == ["2"]


def test_a_lone_impossible_corner_is_marked(page: Page, server: str) -> None:
    open_edit(page, server, f"url={quote(CORNER_THREE)}")
    assert settled(page) == "none"
    assert page.locator("#board .mark.conflict").count() >= 1
    assert "cannot" in page.inner_text("#reason")
    shot(page, "conflict-corner")


def test_shikaku_numbers_that_do_not_cover_the_board_say_so(page: Page, server: str) -> None:
    open_edit(page, server, "genre=shikaku&size=3x3")
    press(page, '[data-cell="1,1"]')
    page.keyboard.press("4")
    assert settled(page) == "none"
    assert "add up to 4, the board has 9 cells" in page.inner_text("#reason")


def test_blank_board_answers_differ_everywhere_and_counts_say_at_least(page: Page,
                                                                        server: str) -> None:
    open_edit(page, server, "genre=shakashaka&size=6x6")
    assert settled(page) == "multiple"
    assert page.locator("#board .mark.differ").count() == 36
    assert "at least 50" in page.inner_text("#analysis")
    for text in page.locator("button.suggestion").all_inner_texts():
        assert "grade" in text or "at least" in text or "answers left" in text
    shot(page, "blank-differ")


@pytest.mark.parametrize(("kind", "solved"), [("SVG", False), ("PNG", True)])
def test_pictures_download(page: Page, server: str, kind: str, solved: bool) -> None:
    row = next(r for r in bank.rows(genre="shikaku") if r.rows == 6)
    open_edit(page, server, f"url={quote(row.url)}")
    assert settled(page) == "unique"
    clues = {str(v) for *_, v in load(row.url).puzzle.numbers}
    if page.is_checked("#picture-answer") != solved:
        page.click("#picture-answer")
    with page.expect_download() as got:
        page.click(f"#pictures button:text-is('{kind}')")
    data = Path(got.value.path()).read_bytes()
    if kind == "SVG":
        root = ET.fromstring(data)
        assert root.tag.endswith("svg")
        assert {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")} == clues
    else:
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 500
        assert got.value.suggested_filename.endswith("-answer.png")


def test_player_offers_pictures(page: Page, server: str) -> None:
    page.goto(f"{server}/play?url={quote('https://puzz.link/p?shikaku/2/2/4')}")
    page.wait_for_selector("#pictures button")
    with page.expect_download() as got:
        page.click("#pictures button:text-is('SVG')")
    assert ET.fromstring(Path(got.value.path()).read_bytes()).tag.endswith("svg")
    shot(page, "player-pictures")


def test_axe_finds_nothing_critical_or_serious(page: Page, server: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    states = {"blank": "genre=chocona&size=4x4", "multiple": "genre=shakashaka&size=4x4",
              "none": f"url={quote(CORNER_THREE)}", "problem": "genre=nurikabe"}
    found = {}
    for name, query in states.items():
        open_edit(page, server, query)
        result = axe.run(page)
        found[name] = [(v["id"], v["impact"]) for v in result.response["violations"]]
        print(f"axe /edit {name}: {found[name] or 'no violations'}")
    assert not [v for vs in found.values() for v in vs if v[1] in ("critical", "serious")]


def test_analysis_timing_is_reported(page: Page, server: str) -> None:
    """Edit to verdict on the page (compose + analyse + draw), as a setter waits for it:
    printed, not asserted (the machine's load decides it)."""
    open_edit(page, server, "genre=shikaku&size=10x10")
    times = []
    for k, rc in enumerate(("0,0", "3,4", "7,2", "9,9")):
        press(page, f'[data-cell="{rc}"]')
        began = time.perf_counter()
        page.keyboard.press(str(k + 2))
        settled(page)
        times.append(round(1000 * (time.perf_counter() - began)))
    print(f"workbench edit to verdict, shikaku 10x10: {times} ms (250 ms of it is the debounce)")


def test_phone_pad_buttons_are_big_enough(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        open_edit(page, server, "genre=shakashaka&size=8x8")
        heights = [b["height"] for b in (page.locator("#pad button").nth(k).bounding_box()
                                         for k in range(page.locator("#pad button").count()))]
        assert min(heights) >= 44
        shot(page, "phone")
    finally:
        page.set_viewport_size({"width": 800, "height": 1000})
