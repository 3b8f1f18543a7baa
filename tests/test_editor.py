"""The setter's workbench in a real browser, for every registered genre: from one of the
genre's examples with a number deleted by hand (more than one answer), follow the analysis's
suggestions until the puzzle has one answer, open it in the player with "Play this" and play
it to "Solved"; an edit that leaves no answer shows its conflict and Undo takes it back; no
stale verdict, suggestion, link or file between an edit and its analysis. Screenshots go to
test-output/."""

from __future__ import annotations

import random
from types import SimpleNamespace
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from rectlogic.analyze import analyze
from rectlogic.bench.analysis import single_edits
from rectlogic.formats.auto import dump, load
from rectlogic.genres.registry import GENRE_NAMES, get_genre
from rectlogic.solve import solve

from .test_browser import SHOTS, play_answer, press


def status_is(page: Page, status: str) -> None:
    page.wait_for_function(
        f"document.querySelector('#analysis').dataset.status === '{status}'", timeout=20_000)


def settled(page: Page) -> str:
    """The verdict once the workbench has one for the puzzle on the board (it says
    "analysing" from an edit until its analysis comes back), and has finished asking again
    for what the first analysis cut short."""
    page.wait_for_function(
        "!['analysing', undefined].includes(document.querySelector('#analysis').dataset.status)"
        " && document.querySelector('#reason').dataset.narrowing !== 'yes'",
        timeout=20_000)
    return page.locator("#analysis").get_attribute("data-status")


def edit_to(name: str, status: str, healed: bool = False
            ) -> tuple[str, list[tuple[tuple[int, int], str]]]:
    """(an example's URL, edits: (cell, token) to write) that leave the example with
    `status`, on the smallest example that has them: one number given up as the genre
    relaxes it (Shikaku's `?`, for one), one deleted or a small one added (the bench's
    single edits), else two numbers given up. `healed`: only edits after which taking the
    analysis's first suggestion, again and again, ends unique (as the test does)."""
    author = get_genre(name).author
    for e in get_genre(name).examples.SOLVED:
        p = load(e.url, name).puzzle
        clues = author.clue_cells(p)
        was = author.decompose(p)["cells"]
        edited = [author.relax(p, [cell]) for cell in clues]
        edited += [q for _, _, q in single_edits(p, 4, random.Random(0))]
        edited += [author.relax(p, [a, b]) for k, a in enumerate(clues) for b in clues[k + 1:]]
        for q in edited:
            now = author.decompose(q)["cells"]
            writes = [((r, c), t) for r, row in enumerate(now) for c, t in enumerate(row)
                      if t != was[r][c]]
            if writes and solve(q).status == status and (not healed or heals(q)):
                return e.url, writes
    raise AssertionError(f"no edit of the {name} examples leaves it {status}")


def heals(puzzle: object, steps: int = 8) -> bool:
    """Does taking the analysis's first suggestion, again and again, end unique?"""
    for _ in range(steps):
        out = analyze(puzzle, patience=5)
        if out["status"] == "unique":
            return True
        if not out["suggestions"]:
            return False
        puzzle = load(out["suggestions"][0]["url"]).puzzle
    return False


def write(page: Page, edits: list[tuple[tuple[int, int], str]]) -> None:
    """Select each cell and type its token as a setter would (Backspace for none)."""
    for (r, c), token in edits:
        press(page, f'[data-cell="{r},{c}"]')
        if token:
            page.keyboard.type(token)
        else:
            page.keyboard.press("Backspace")


def open_url(page: Page, server: str, url: str) -> None:
    page.goto(f"{server}/edit?url={quote(url)}")
    page.wait_for_selector("[data-cell]", state="attached")


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_set_a_puzzle_with_suggestions_then_play_it(page: Page, server: str,
                                                    name: str) -> None:
    url, edits = edit_to(name, "multiple", healed=True)
    open_url(page, server, url)
    status_is(page, "unique")
    write(page, edits)
    status_is(page, "multiple")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"edit-{name}-ambiguous.png"))
    for _ in range(8):
        if settled(page) == "unique":
            break
        page.click("button.suggestion >> nth=0")
    status_is(page, "unique")
    assert "grade" in page.inner_text("#analysis")
    page.screenshot(path=str(SHOTS / f"edit-{name}-unique.png"))

    shared = page.inner_text("#share").strip()
    puzzle = load(shared).puzzle
    answer = solve(puzzle).answers[0]
    page.click("#playthis")
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")
    play_answer(page, SimpleNamespace(
        genre=name, answer=get_genre(name).answer_json(puzzle, answer)))
    page.wait_for_selector("#status.solved", timeout=10_000)
    page.screenshot(path=str(SHOTS / f"edit-{name}-played.png"))


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_import_undo_and_a_bad_edit(page: Page, server: str, name: str) -> None:
    url, edits = edit_to(name, "none")
    open_url(page, server, url)
    status_is(page, "unique")
    write(page, edits)
    status_is(page, "none")  # a conflict, in words and cells
    assert page.locator("rect.mark.conflict").count() > 0
    assert "cannot" in page.inner_text("#reason")
    page.screenshot(path=str(SHOTS / f"edit-{name}-conflict.png"))
    for _ in range(4):  # each key typed is an edit
        page.click("#undo")
        if settled(page) == "unique":
            break
    status_is(page, "unique")
    assert page.locator("rect.mark.conflict").count() == 0


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_no_stale_verdict_or_suggestion_after_an_edit(page: Page, server: str,
                                                      name: str) -> None:
    """From an edit until its analysis comes back the page says "analysing" and offers no
    suggestion, link or file of the old puzzle: the last verdict's suggestions were made for
    a puzzle that is gone, and clicking one would quietly undo the edit."""
    url, edits = edit_to(name, "multiple")
    p = load(url, name).puzzle
    author = get_genre(name).author
    cells = author.decompose(p)["cells"]
    for (r, c), token in edits:
        cells[r][c] = token
    loose = dump(author.compose(p.rows, p.cols, cells, author.decompose(p)["borders"]), None,
                 "url").strip()
    open_url(page, server, loose)
    assert settled(page) == "multiple"
    assert page.locator("button.suggestion").count() > 0
    during = page.evaluate("""([r, c]) => {
        const board = document.querySelector('#board');
        const target = board.querySelector(`[data-cell="${r},${c}"]`);
        target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        board.dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true }));
        board.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
        return [document.querySelector('#analysis').dataset.status,
                document.querySelectorAll('button.suggestion').length,
                document.querySelector('#share').classList.contains('stale'),
                document.querySelector('#save').disabled];
    }""", [0, 0])
    assert during == ["analysing", 0, True, True]  # nor the old link and file
    assert settled(page) in ("unique", "multiple", "none")  # and then the new puzzle's verdict
    assert page.is_enabled("#save") and page.locator("#share.stale").count() == 0
