"""The setter's workbench in a real browser: for each genre, set a small board from blank by
hand, follow the analysis's suggestions until the puzzle has one answer, open it in the
player with "Play this" and play it to "Solved". Screenshots go to test-output/."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from playwright.sync_api import Page

from rectlogic.formats.auto import load
from rectlogic.genres.registry import get_genre
from rectlogic.solve import solve

from .test_browser import SHOTS, play_answer, press

CHOCONA_BORDERS = {  # a hand-drawn partition of 4x4 that numbering alone makes unique
    "vertical": [[1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1]],
    "horizontal": [[1, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 1]],
}


def status_is(page: Page, status: str) -> None:
    page.wait_for_function(
        f"document.querySelector('#analysis').dataset.status === '{status}'", timeout=20_000)


def settled(page: Page) -> str:
    """The verdict once the workbench has one for the puzzle on the board (it says
    "analysing" from an edit until its analysis comes back)."""
    page.wait_for_function(
        "!['analysing', undefined].includes(document.querySelector('#analysis').dataset.status)",
        timeout=20_000)
    return page.locator("#analysis").get_attribute("data-status")


def by_hand(page: Page, genre: str) -> None:
    if genre == "shakashaka":  # three black cells
        for rc in ("0,0", "2,3", "3,0"):
            press(page, f'[data-cell="{rc}"]')
    elif genre == "shikaku":  # four 4s
        for rc in ("0,1", "1,3", "2,0", "3,2"):
            press(page, f'[data-cell="{rc}"]')
            page.keyboard.press("4")
    else:  # region borders
        for kind, rows in CHOCONA_BORDERS.items():
            for r, row in enumerate(rows):
                for c, on in enumerate(row):
                    if on:
                        press(page, f'[data-edge="{kind},{r},{c}"]')


@pytest.mark.parametrize("genre", ["shakashaka", "shikaku", "chocona"])
def test_set_a_puzzle_with_suggestions_then_play_it(page: Page, server: str, genre: str) -> None:
    page.goto(f"{server}/edit?genre={genre}&size=4x4")
    page.wait_for_selector("[data-cell]", state="attached")
    by_hand(page, genre)
    status_is(page, "multiple")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"edit-{genre}-ambiguous.png"))
    for _ in range(8):
        if settled(page) == "unique":
            break
        page.click("button.suggestion >> nth=0")
    status_is(page, "unique")
    assert "grade" in page.inner_text("#analysis")
    page.screenshot(path=str(SHOTS / f"edit-{genre}-unique.png"))

    url = page.inner_text("#share").strip()
    puzzle = load(url).puzzle
    answer = solve(puzzle).answers[0]
    page.click("#playthis")
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")
    play_answer(page, SimpleNamespace(
        genre=genre, answer=get_genre(genre).answer_json(puzzle, answer)))
    page.wait_for_selector("#status.solved", timeout=10_000)
    page.screenshot(path=str(SHOTS / f"edit-{genre}-played.png"))


def test_import_undo_and_a_bad_edit(page: Page, server: str) -> None:
    page.goto(f"{server}/edit?url=https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j")
    page.wait_for_selector("[data-cell]", state="attached")
    status_is(page, "unique")
    press(page, '[data-cell="0,0"]')
    page.keyboard.press("9")
    status_is(page, "none")  # the numbers no longer add up: a conflict, in words and cells
    assert page.locator("rect.mark.conflict").count() > 0
    page.click("#undo")
    status_is(page, "unique")


def test_no_stale_verdict_or_suggestion_after_an_edit(page: Page, server: str) -> None:
    """From an edit until its analysis comes back the page says "analysing" and offers no
    suggestion, link or file of the old puzzle: the last verdict's suggestions were made for
    a puzzle that is gone, and clicking one would quietly undo the edit."""
    page.goto(f"{server}/edit?genre=chocona&size=4x4")
    assert settled(page) == "multiple"
    assert page.locator("button.suggestion").count() > 0
    during = page.evaluate("""() => {
        const board = document.querySelector('#board');
        board.dispatchEvent(new KeyboardEvent('keydown', { key: '2', bubbles: true }));
        return [document.querySelector('#analysis').dataset.status,
                document.querySelectorAll('button.suggestion').length,
                document.querySelector('#share').classList.contains('stale'),
                document.querySelector('#save').disabled];
    }""")
    assert during == ["analysing", 0, True, True]  # nor the old link and file
    assert settled(page) == "multiple"  # and then the new puzzle's verdict
    assert "chocona/4/4/" in page.inner_text("#share") and page.is_enabled("#save")
    assert page.locator("#share.stale").count() == 0
