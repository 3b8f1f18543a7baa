"""The player as issue 29 and issue 28's trial mode ask, in Chromium, over every registered
genre (its own examples, and the bank's boards of it): everything on screen at 1280×800,
1366×768 and 390×844 for every bank size; 44 px tap targets on phones; zoom; right verdicts
(a board drawn in rectangles solved only when every cell is in one, a revealed board kept
apart); "show mistakes as I play" off by default and remembered; trials (in another colour,
nested, undo inside, Accept, Reject, on a phone with touch); dark mode, pause, undo-all, the
keyboard, edge marks; axe-core on every page and state. Screenshots in test-output/. What is
about one genre (its live mistakes, its Check words, a count checked by brute force) is in
that genre's tests/test_<genre>_web.py. No sleeps: every step waits for the state it needs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page

from rectlogic import bank
from rectlogic.genres.registry import get_genre

from .playing import (
    SHOTS,
    Board,
    answer_moves,
    at,
    bank_sizes,
    cell_label,
    example_boards,
    first_examples,
    from_row,
    make,
    open_board,
    params,
    play_answer,
    status,
    stuck,
    wait_hint,
    wait_status,
    wrong_moves,
)

VIEWPORTS = [(1280, 800), (1366, 768), (390, 844)]
EXAMPLES = first_examples()


def banked_genres() -> list[str]:
    """The registered genres the bank has boards of, in the registry's order."""
    have = {r.genre for r in bank.rows()}
    return [b.genre for b in EXAMPLES if b.genre in have]


def first(genre: str, size: int = 6) -> Board | None:
    row = next((r for r in bank.rows(genre=genre) if r.rows == size), None)
    return None if row is None else from_row(row)


@contextmanager
def viewed(page: Page, width: int, height: int, phone: bool = False,
           scheme: str = "light") -> Iterator[Page]:
    """A page of that size (a phone: touch, mobile viewport) in its own context."""
    browser: Browser = page.context.browser
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                              is_mobile=phone, bypass_csp=True, color_scheme=scheme)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def in_view(page: Page, selector: str) -> bool:
    """Is the element wholly inside the window, as it stands (scrolled or not)?"""
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return (box is not None and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= vp["height"] and box["x"] + box["width"] <= vp["width"])


def labels(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-cell]",
                                     "es => es.map(e => e.getAttribute('aria-label'))")


# -- 1. everything on screen ----------------------------------------------------------------
@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_status_line_in_view_at_every_size(page: Page, server: str, width: int,
                                           height: int) -> None:
    """Check's verdict is on screen without scrolling, for every size of board the bank has,
    in each genre."""
    with viewed(page, width, height, phone=width < 500) as p:
        for genre, size in [(g, n) for n in bank_sizes() for g in banked_genres()]:
            board = first(genre, size)
            if board is None:
                continue
            open_board(p, server, board)
            p.click("#check")
            wait_status(p, "Not finished")
            assert p.evaluate("window.scrollY") == 0  # without scrolling
            assert in_view(p, "#status"), (genre, size, p.locator("#status").bounding_box())
            assert in_view(p, "#board svg"), (genre, size)
            p.screenshot(path=str(SHOTS / f"screen-{width}x{height}-{genre}-{size}.png"))
        assert p.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("genre", banked_genres())
def test_phone_tap_targets_and_zoom(page: Page, server: str, genre: str) -> None:
    big = first(genre, max(bank_sizes()))
    if big is None:
        pytest.skip("no board of the largest size in this genre")
    with viewed(page, 390, 844, phone=True) as p:
        open_board(p, server, big)
        small = [(sel, box) for sel in ("header button", "header a", "#pictures label",
                                        "#modes button", "#controls button",
                                        "#options button", "#options select", "label.tick",
                                        "#open button", "#open input", "#hintacts button",
                                        "#trialbar button")
                 for k in range(p.locator(sel).count())
                 if p.locator(sel).nth(k).is_visible()
                 and (box := p.locator(sel).nth(k).bounding_box())["height"] < 44]
        assert not small, small
        width = p.locator('[data-cell="0,0"]').bounding_box()["width"]
        p.tap("#zoomin")
        p.tap("#zoomin")
        p.wait_for_function("w => document.querySelector('[data-cell=\"0,0\"]')"
                            ".getBoundingClientRect().width > 2 * w", arg=width)
        zoomed = p.locator('[data-cell="0,0"]').bounding_box()["width"]
        assert zoomed >= 36  # a finger's width, and digits of about 20 px
        digit = p.locator("#board text:not(.label)").first.bounding_box()
        assert digit["height"] >= 14
        p.tap("#check")  # the status line stays in view while zoomed
        wait_status(p, "Not finished")
        assert in_view(p, "#status")
        p.screenshot(path=str(SHOTS / f"phone-{big.rows}x{big.cols}-zoomed-{genre}.png"))
        # pinch: two fingers apart zoom in further
        before = p.locator('[data-cell="0,0"]').bounding_box()["width"]
        marks = labels(p)
        box = p.locator("#board svg").bounding_box()
        cx, cy = box["x"] + 100, box["y"] + 100
        p.evaluate("""([cx, cy]) => {
            const b = document.querySelector('#board');
            const ev = (type, id, x, at = b) => at.dispatchEvent(new PointerEvent(type, {
                pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true}));
            ev('pointerdown', 1, cx - 20); ev('pointerdown', 2, cx + 20);
            ev('pointermove', 1, cx - 60); ev('pointermove', 2, cx + 60);
            ev('pointerup', 1, cx - 60, window); ev('pointerup', 2, cx + 60, window);
        }""", [cx, cy])
        after = p.locator('[data-cell="0,0"]').bounding_box()["width"]
        assert after > before * 1.5
        assert labels(p) == marks and p.locator("[data-rect]").count() == 0  # drew nothing


def test_home_has_no_empty_columns_and_fits_a_phone(page: Page, server: str) -> None:
    with viewed(page, 390, 844, phone=True) as p:
        p.goto(server + "/")
        p.wait_for_selector("td a")
        for k in range(p.locator("table").count()):
            table = p.locator("table").nth(k)
            cols = table.locator("tr").first.locator("th").count()
            for c in range(2, cols + 1):  # every grade column has a board somewhere
                assert table.locator(f"tr td:nth-child({c}) a").count() > 0
            box = table.bounding_box()
            assert box["x"] + box["width"] <= 390, k  # no grade cut off at the right
        assert p.evaluate("document.documentElement.scrollWidth") <= 390
        p.screenshot(path=str(SHOTS / "home-390.png"), full_page=True)


# -- 2. right verdicts ----------------------------------------------------------------------
@params([b for b in EXAMPLES if b.rectangles])
def test_solved_only_when_every_cell_is_in_a_drawn_rectangle(page: Page, server: str,
                                                             board: Board) -> None:
    open_board(page, server, board)
    *rest, last = answer_moves(board)
    for move in rest:
        make(page, move)
    page.click("#check")  # the undrawn rest would be a right rectangle: still not solved
    wait_status(page, "Not finished")
    assert page.locator("#board.solved").count() == 0
    make(page, last)
    page.wait_for_selector("#status.solved")
    page.click("#undo")  # take a rectangle away: no longer solved
    page.wait_for_function("!document.querySelector('#board').classList.contains('solved')")
    assert not status(page).startswith("Solved")


@params(EXAMPLES)
def test_a_revealed_board_is_not_solved_and_earns_no_time(page: Page, server: str,
                                                          board: Board) -> None:
    open_board(page, server, board)
    make(page, answer_moves(board)[0])
    page.click("#solve")
    page.wait_for_selector("#status.revealed")
    assert status(page).startswith("Revealed")
    assert page.inner_text("#timer") == "revealed"
    assert page.locator("#board.revealed").count() == 1
    assert page.locator("#board.solved").count() == 0
    assert not page.evaluate("Object.keys(localStorage).filter(k => k.endsWith(':solved'))")
    page.screenshot(path=str(SHOTS / f"revealed-{board.genre}.png"))
    page.reload()  # kept apart after a reload too
    page.wait_for_selector("#status.revealed")
    assert page.inner_text("#timer") == "revealed"
    page.click("#clear")  # a fresh start may be solved again
    page.wait_for_function("document.querySelector('#timer').textContent !== 'revealed'")


def test_count_limit_and_zoom_are_remembered(page: Page, server: str) -> None:
    board = EXAMPLES[0]
    open_board(page, server, board)
    page.select_option("#limit", "10")
    page.click("#count")
    wait_status(page, "Exactly one answer.")
    page.click("#zoomin")
    zoomed = page.inner_text("#zoomlevel")
    assert zoomed != "100%"
    page.reload()
    page.wait_for_selector("[data-cell]", state="attached")
    assert page.input_value("#limit") == "10"
    assert page.inner_text("#zoomlevel") == zoomed
    for _ in range(3):  # zoomed in past the stage: the keyboard cursor scrolls it along
        page.click("#zoomin")
    page.focus("#board")
    for key in ["ArrowRight"] * (board.cols - 1) + ["ArrowDown"] * (board.rows - 1):
        page.keyboard.press(key)
    assert page.eval_on_selector("#stage", "s => s.scrollLeft > 0 && s.scrollTop > 0")
    stage, cursor = (page.locator(s).bounding_box() for s in ("#stage", "#board .cursor"))
    for start, size in (("x", "width"), ("y", "height")):  # (within a pixel's rounding)
        assert stage[start] - 1 <= cursor[start]
        assert cursor[start] + cursor[size] <= stage[start] + stage[size] + 1
    for _ in range(4):
        page.click("#zoomout")
    assert page.inner_text("#zoomlevel") == "100%"


def test_show_mistakes_is_off_by_default_and_remembered(page: Page, server: str) -> None:
    board = EXAMPLES[0]
    open_board(page, server, board)  # (a fresh browser store)
    assert not page.is_checked("#mistakes")
    page.check("#mistakes")
    page.reload()
    page.wait_for_selector("[data-cell]", state="attached")
    assert page.is_checked("#mistakes")
    page.uncheck("#mistakes")


# -- 3. trials -------------------------------------------------------------------------------
def trial_marks(page: Page, depth: int) -> int:
    return page.locator(f"#board .trial{depth}").count()


def three_moves(board: Board):
    """Three moves of the answer, one click each where the board is played by clicks (the
    trial colours count one mark per move)."""
    moves = answer_moves(board)
    one = [m for m in moves if m.rect is not None or m.clicks == 1]
    return (one if len(one) >= 3 else moves)[:3]


@params(example_boards())
def test_trial_accept_reject_nest_and_undo(page: Page, server: str, board: Board) -> None:
    m0, m1, m2 = three_moves(board)
    open_board(page, server, board)
    make(page, m0)  # before any trial
    before = page.inner_html("#board")
    page.click("#trial")
    page.wait_for_selector("#trialbar:not([hidden])")
    make(page, m1)
    assert trial_marks(page, 1) == 1  # drawn in the trial's colour
    page.click("#trial")  # a trial inside the trial
    make(page, m2)
    assert trial_marks(page, 2) == 1 and trial_marks(page, 1) == 1
    assert "inside a trial" in page.inner_text("#trialinfo")
    page.screenshot(path=str(SHOTS / f"trial-{board.genre}.png"))
    page.click("#undo")  # undo works inside, and stops at the trial's start
    assert trial_marks(page, 2) == 0
    page.click("#undo")
    assert trial_marks(page, 1) == 1
    make(page, m2)
    page.click("#reject")  # the inner trial's move goes, the outer one's stays
    assert trial_marks(page, 2) == 0 and trial_marks(page, 1) == 1
    page.click("#reject")  # back to where the trial began
    page.wait_for_selector("#trialbar[hidden]", state="attached")
    assert page.inner_html("#board") == before
    page.click("#trial")
    make(page, m1)
    page.click("#accept")  # kept, in the ordinary colour
    assert trial_marks(page, 1) == 0
    assert page.inner_html("#board") != before
    page.click("#undo")
    assert page.inner_html("#board") == before


@params(EXAMPLES)
def test_trial_on_a_phone_with_touch(page: Page, server: str, board: Board) -> None:
    m0, m1, _ = three_moves(board)
    with viewed(page, 390, 844, phone=True) as p:
        open_board(p, server, board)
        make(p, m0, touch=True)
        p.tap("#trial")
        make(p, m1, touch=True)
        p.wait_for_selector("#board .trial1", state="attached")
        p.tap("#trial")
        p.tap("#undo")  # inside the inner trial: nothing of its own to undo
        assert trial_marks(p, 1) == 1
        p.screenshot(path=str(SHOTS / f"trial-phone-{board.genre}.png"))
        p.tap("#reject")
        p.tap("#accept")  # the outer trial's move kept
        p.wait_for_selector("#trialbar[hidden]", state="attached")
        assert trial_marks(p, 1) == 0
        kept = labels(p), p.locator("[data-rect]").count()
        p.tap("#trial")
        make(p, answer_moves(board)[-1], touch=True)
        p.wait_for_selector("#board .trial1", state="attached")
        p.tap("#reject")
        p.wait_for_function("document.querySelectorAll('#board .trial1').length === 0")
        assert (labels(p), p.locator("[data-rect]").count()) == kept


# -- 4. comforts -----------------------------------------------------------------------------
def test_dark_mode_follows_the_system_and_a_remembered_toggle(page: Page, server: str) -> None:
    with viewed(page, 1280, 800, scheme="dark") as p:
        open_board(p, server, EXAMPLES[0])
        assert p.evaluate("document.documentElement.classList.contains('dark')")
        paper = p.evaluate("getComputedStyle(document.querySelector('#board .paper')).fill")
        assert paper == "rgb(43, 43, 43)"
        p.screenshot(path=str(SHOTS / "dark-1280.png"))
        p.click("#theme")
        assert not p.evaluate("document.documentElement.classList.contains('dark')")
        p.reload()
        p.wait_for_selector("[data-cell]", state="attached")
        assert not p.evaluate("document.documentElement.classList.contains('dark')")
        p.click("#theme")
        assert p.evaluate("document.documentElement.classList.contains('dark')")
        # rectangles are dark in their own hue, so the light numbers on them stay readable
        # (they were pastel: a white 6 on pale green)
        drawn = next(b for b in EXAMPLES if b.rectangles)
        open_board(p, server, drawn)
        p.click("#solve")
        wait_status(p, "Revealed")
        fills = p.eval_on_selector_all("#board .piece", """es => es.map(e =>
            getComputedStyle(e).fill.match(/\\d+/g).slice(0, 3).map(Number))""")
        assert fills and all(max(rgb) < 128 for rgb in fills), fills
        p.screenshot(path=str(SHOTS / "dark-rectangles-1280.png"))
        # the workbench keeps the same colours, with the same toggle
        p.goto(f"{server}/edit?genre={drawn.genre}&size=4x4")
        p.wait_for_selector("[data-cell]", state="attached")
        assert p.evaluate("document.documentElement.classList.contains('dark')")
        assert p.evaluate("getComputedStyle(document.querySelector('#board .paper')).fill") \
            == "rgb(43, 43, 43)"
        p.click("#theme")
        assert not p.evaluate("document.documentElement.classList.contains('dark')")
        p.goto(f"{server}{drawn.path}")
        p.wait_for_selector("[data-cell]", state="attached")
        assert not p.evaluate("document.documentElement.classList.contains('dark')")


@params(EXAMPLES)
def test_completion_flash_pause_and_undo_all(page: Page, server: str, board: Board) -> None:
    m0, m1, _ = three_moves(board)
    open_board(page, server, board)
    empty = labels(page)
    make(page, m0)
    make(page, m1)
    played = labels(page), page.locator("[data-rect]").count()
    page.click("#pause")
    page.wait_for_selector("#stage", state="hidden")
    assert page.is_visible("#paused") and page.locator("#check").is_disabled()
    page.click("#resume")
    page.wait_for_selector("[data-cell]")
    page.click("#undoall")
    assert labels(page) == empty and page.locator("[data-rect]").count() == 0
    page.click("#redoall")
    assert (labels(page), page.locator("[data-rect]").count()) == played
    page.click("#clear")
    play_answer(page, board)
    page.wait_for_selector("#board.flash")


def test_pause_stops_the_clock(page: Page, server: str) -> None:
    """With the page's clock under the test's control: it runs, stops while paused (the
    board hidden), and runs again after Resume."""
    with viewed(page, 1280, 800) as p:
        p.clock.install()
        board = EXAMPLES[-1]
        p.goto(server + board.path)
        p.wait_for_selector("[data-cell]", state="attached")
        p.evaluate("localStorage.clear()")
        p.click("#clear")
        start = p.inner_text("#timer")
        p.clock.run_for(3000)
        assert p.inner_text("#timer") != start
        p.click("#pause")
        p.wait_for_selector("#stage", state="hidden")
        running = p.inner_text("#timer")
        p.clock.run_for(10_000)
        assert p.inner_text("#timer") == running
        p.screenshot(path=str(SHOTS / "paused.png"))
        p.click("#resume")
        p.clock.run_for(3000)
        assert p.inner_text("#timer") != running


def to_cell(page: Page, r: int, c: int) -> None:
    page.focus("#board")
    for _ in range(r):
        page.keyboard.press("ArrowDown")
    for _ in range(c):
        page.keyboard.press("ArrowRight")


@params([b for b in EXAMPLES if b.desc.get("corners")])
def test_a_key_per_corner(page: Page, server: str, board: Board) -> None:
    open_board(page, server, board)
    r, c = next((r, c) for r in range(board.rows) for c in range(board.cols) if board.free(r, c))
    to_cell(page, r, c)
    assert page.inner_text("#cursorsay").startswith(f"Row {r + 1}, column {c + 1}")
    corners = board.desc["corners"]
    for key, corner in zip("1234", ("nw", "ne", "se", "sw"), strict=True):
        page.keyboard.press(key)
        assert cell_label(page, r, c).endswith(corners[corner])
        assert corners[corner] in page.inner_text("#keys")  # the keys are on the page
    page.keyboard.press("0")
    assert cell_label(page, r, c).endswith("open")


@params(EXAMPLES)
def test_the_keyboard_plays_and_ctrl_z_in_a_text_box_is_its_own(page: Page, server: str,
                                                                board: Board) -> None:
    open_board(page, server, board)
    to_cell(page, 0, 1)
    assert page.inner_text("#cursorsay").startswith("Row 1, column 2")
    page.keyboard.press("Enter")
    if board.rectangles:  # a first corner, marked; Escape lets go; Enter twice draws
        page.wait_for_selector("rect.anchor", state="attached")
        assert status(page).startswith("First corner at row 1, column 2")
        page.keyboard.press("Escape")
        page.wait_for_selector("rect.anchor", state="detached")
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        assert page.locator("[data-rect]").count() == 1
    else:
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
    played = labels(page), page.locator("[data-rect]").count()
    page.fill("#url", "abc")  # Ctrl+Z in a text box undoes its text, not a board move
    page.focus("#url")
    page.keyboard.press("Control+z")
    assert (labels(page), page.locator("[data-rect]").count()) == played
    page.focus("#board")
    page.keyboard.press("Control+z")
    assert (labels(page), page.locator("[data-rect]").count()) != played


@params(EXAMPLES)
def test_show_undecided_unticks_when_its_overlay_goes(page: Page, server: str,
                                                      board: Board) -> None:
    open_board(page, server, board)
    page.select_option("#rung", "none")  # no rule: every open cell undecided
    page.check("#undecided")
    page.wait_for_selector("rect.undecided", state="attached")
    make(page, answer_moves(board)[0])
    assert page.locator("rect.undecided").count() == 0
    assert not page.is_checked("#undecided")


@params([b for b in EXAMPLES if b.rectangles])
def test_edge_marks(page: Page, server: str, board: Board) -> None:
    """Auxiliary marks as puzz.link has them: in Edges mode a click near a side steps it
    through a line, a × and nothing; they are notes (no rectangle drawn), kept over a reload."""
    open_board(page, server, board)
    page.click("#modes button[data-mode=edges]")
    page.mouse.click(*at(page, 1, 1, 0.95, 0.5))  # the right side of (1, 1)
    page.wait_for_selector('line.auxline[data-aux="v,1,2"]', state="attached")
    page.mouse.click(*at(page, 1, 1, 0.5, 0.05))  # the top side of (1, 1)
    page.mouse.click(*at(page, 1, 1, 0.5, 0.05))
    page.wait_for_selector('path.auxx[data-aux="h,1,1"]', state="attached")
    assert page.locator("[data-rect]").count() == 0
    page.screenshot(path=str(SHOTS / f"edge-marks-{board.genre}.png"))
    page.reload()
    page.wait_for_selector('line.auxline[data-aux="v,1,2"]', state="attached")
    page.click("#modes button[data-mode=edges]")
    page.mouse.click(*at(page, 1, 1, 0.95, 0.5))
    page.mouse.click(*at(page, 1, 1, 0.95, 0.5))  # line → × → nothing
    page.wait_for_selector('[data-aux="v,1,2"]', state="detached")


# -- 5. accessibility ------------------------------------------------------------------------
def axe_found(page: Page) -> list[dict]:
    from axe_playwright_python.sync_playwright import Axe

    return Axe().run(page).response["violations"]


def serious(found: list[dict]) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_axe_finds_nothing_serious(page: Page, server: str, width: int, height: int) -> None:
    seen: dict[str, list[dict]] = {}
    # dark mode's colours are the same at every width: the phone is looked at in light only
    for scheme in ("light", "dark") if width >= 500 else ("light",):
        with viewed(page, width, height, phone=width < 500, scheme=scheme) as p:
            at_ = f"{width} {scheme}"
            p.goto(server + "/")
            p.wait_for_selector("td a")
            seen[f"{at_} home"] = axe_found(p)
            p.goto(server + "/rules")
            p.wait_for_selector("figure.example svg")
            seen[f"{at_} rules"] = axe_found(p)
            p.goto(server + "/play")
            p.wait_for_function("document.querySelector('#status').textContent")
            seen[f"{at_} player without a board"] = axe_found(p)
            for board in EXAMPLES:
                p.goto(f"{server}/edit?url={quote(board.url, safe='')}")
                p.wait_for_selector("[data-cell]", state="attached")
                p.wait_for_load_state("networkidle")
                seen[f"{at_} {board.genre} workbench"] = axe_found(p)
            for board in EXAMPLES:
                g = board.genre
                open_board(p, server, board)
                seen[f"{at_} {g} open"] = axe_found(p)
                m0 = answer_moves(board)[0]
                p.check("#mistakes")
                p.click("#trial")
                make(p, m0)
                p.click("#check")
                wait_status(p, "Not finished")
                seen[f"{at_} {g} trial+check+mistakes"] = axe_found(p)
                p.click("#hint")
                wait_hint(p)
                seen[f"{at_} {g} hint"] = axe_found(p)
                make(p, wrong_moves(board)[-1])
                p.click("#hint")
                wait_status(p, "Something is wrong")
                seen[f"{at_} {g} mistake offered"] = axe_found(p)
                with stuck(p):
                    p.click("#undoback")
                    wait_status(p, "Undone")
                    p.click("#hint")
                    wait_status(p, "No rule finds a move")
                    seen[f"{at_} {g} reveal offered"] = axe_found(p)
                p.click("#reject")
                p.uncheck("#mistakes")
                p.click("#solve")
                p.wait_for_selector("#status.revealed")
                seen[f"{at_} {g} revealed"] = axe_found(p)
                p.click("#pause")
                seen[f"{at_} {g} paused"] = axe_found(p)
                p.click("#resume")
    (SHOTS / f"axe-{width}.json").write_text(json.dumps(  # what axe said, for the note
        {k: [f"{x['id']} ({x['impact']})" for x in v] for k, v in seen.items()}, indent=1))
    bad = {k: serious(v) for k, v in seen.items() if serious(v)}
    assert not bad, bad


def test_one_h1_and_a_main_landmark_on_every_page(page: Page, server: str) -> None:
    board = EXAMPLES[0]
    for path in ("/", "/rules", "/edit", "/play", board.path):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        assert page.locator("h1").count() == 1, path
        assert page.locator("main").count() == 1, path
    heading = f"{get_genre(board.genre).title} {board.rows}×{board.cols}"
    assert page.inner_text("h1").startswith(heading) and page.title().startswith(heading)
