"""The player as issue 29 and issue 28's trial mode ask, in Chromium: everything on screen at
1280×800, 1366×768 and 390×844 for every bank size; 44 px tap targets on phones; zoom; right
verdicts (Shikaku solved only when every cell is in a drawn rectangle, a revealed board kept
apart, Count's "exactly" and "at least"); mistakes shown as one plays; trials; dark mode,
pause, undo-all, the keyboard; axe-core on every page and state. Screenshots in
test-output/. No sleeps: every step waits for the state it needs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page

from rectlogic import bank

from .test_browser import SHOTS, at, cell, drag, open_board, play_answer

VIEWPORTS = [(1280, 800), (1366, 768), (390, 844)]
SIZES = sorted({r.rows for r in bank.rows()})


def first(genre: str, size: int = 6) -> bank.Row:
    return next(r for r in bank.rows(genre=genre) if r.rows == size)


@contextmanager
def viewed(page: Page, width: int, height: int, phone: bool = False) -> Iterator[Page]:
    """A page of that size (a phone: touch, mobile viewport) in its own context."""
    browser: Browser = page.context.browser
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                              is_mobile=phone, bypass_csp=True)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def status(page: Page) -> str:
    return page.inner_text("#status")


def wait_status(page: Page, start: str) -> None:
    page.wait_for_function("s => document.querySelector('#status').textContent.startsWith(s)",
                           arg=start, timeout=20_000)


def in_view(page: Page, selector: str) -> bool:
    """Is the element wholly inside the window, as it stands (scrolled or not)?"""
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return (box is not None and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= vp["height"] and box["x"] + box["width"] <= vp["width"])


# -- 1. everything on screen ----------------------------------------------------------------
@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_status_line_in_view_at_every_size(page: Page, server: str, width: int,
                                           height: int) -> None:
    """Check's verdict is on screen without scrolling, for every size of board the bank has,
    in each genre."""
    with viewed(page, width, height, phone=width < 500) as p:
        for genre, size in [(g, n) for n in SIZES for g in ("shikaku", "chocona", "shakashaka")]:
            row = first(genre, size)
            open_board(p, server, row)
            p.click("#check")
            wait_status(p, "Not finished")
            assert p.evaluate("window.scrollY") == 0  # without scrolling
            assert in_view(p, "#status"), (row.genre, size, p.locator("#status").bounding_box())
            assert in_view(p, "#board svg"), (row.genre, size)
            p.screenshot(path=str(SHOTS / f"screen-{width}x{height}-{row.genre}-{size}.png"))
        assert p.evaluate("document.documentElement.scrollWidth") <= width


def test_phone_tap_targets_and_zoom(page: Page, server: str) -> None:
    big = first("shikaku", 20)
    with viewed(page, 390, 844, phone=True) as p:
        open_board(p, server, big)
        small = [(sel, box) for sel in ("header button", "#modes button", "#controls button",
                                        "#options button", "#options select", "label.tick",
                                        "#open button", "#open input")
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
        p.screenshot(path=str(SHOTS / "phone-20x20-zoomed.png"))
        # pinch: two fingers apart zoom in further
        before = p.locator('[data-cell="0,0"]').bounding_box()["width"]
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
        assert p.locator("[data-rect]").count() == 0  # the pinch drew nothing


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
            assert box["x"] + box["width"] <= 390, k  # `probe` and `search` not cut off
        assert p.evaluate("document.documentElement.scrollWidth") <= 390
        p.screenshot(path=str(SHOTS / "home-390.png"), full_page=True)


# -- 2. right verdicts ----------------------------------------------------------------------
def test_shikaku_is_solved_only_when_every_cell_is_in_a_drawn_rectangle(page: Page,
                                                                        server: str) -> None:
    row = first("shikaku")
    open_board(page, server, row)
    *rest, last = row.answer
    for t, lft, h, w in rest:
        drag(page, (t, lft), (t + h - 1, lft + w - 1))
    page.click("#check")  # the undrawn rest would be a right rectangle: still not solved
    wait_status(page, "Not finished")
    assert page.locator("#board.solved").count() == 0
    t, lft, h, w = last
    drag(page, (t, lft), (t + h - 1, lft + w - 1))
    page.wait_for_selector("#status.solved")
    page.click("#undo")  # remove a rectangle: no longer solved
    page.wait_for_function("!document.querySelector('#board').classList.contains('solved')")
    assert not status(page).startswith("Solved")


def test_a_revealed_board_is_not_solved_and_earns_no_time(page: Page, server: str) -> None:
    row = first("chocona")
    open_board(page, server, row)
    cell(page, 0, 0)
    page.click("#solve")
    page.wait_for_selector("#status.revealed")
    assert status(page).startswith("Revealed")
    assert page.inner_text("#timer") == "revealed"
    assert page.locator("#board.revealed").count() == 1
    assert page.locator("#board.solved").count() == 0
    assert not page.evaluate("Object.keys(localStorage).filter(k => k.endsWith(':solved'))")
    page.screenshot(path=str(SHOTS / "revealed.png"))
    page.reload()  # kept apart after a reload too
    page.wait_for_selector("#status.revealed")
    assert page.inner_text("#timer") == "revealed"
    page.click("#clear")  # a fresh start may be solved again
    page.wait_for_function("document.querySelector('#timer').textContent !== 'revealed'")


def brute_force_chocona_2x2() -> int:
    """Answers of a blank 2×2 Chocona, by the validator over every shading."""
    from rectlogic.formats.auto import load, read_answer
    from rectlogic.genres import genre_of

    p = load("https://puzz.link/p?chocona/2/2").puzzle
    g = genre_of(p)
    out = 0
    for bits in range(16):
        rows = ["".join("#" if bits >> (2 * r + c) & 1 else "." for c in range(2))
                for r in range(2)]
        out += g.obeys_rules(p, read_answer(p, rows))
    return out


def test_count_says_how_many_exactly_or_at_least(page: Page, server: str) -> None:
    truth = brute_force_chocona_2x2()
    page.goto(f"{server}/play?url=https://puzz.link/p?chocona/2/2")
    page.wait_for_selector("[data-cell]", state="attached")
    page.select_option("#limit", "10")
    page.click("#count")
    wait_status(page, "At least")
    assert status(page) == "At least 10 answers (counted up to 10)."
    page.select_option("#limit", "100")
    page.click("#count")
    wait_status(page, "Exactly")
    assert status(page) == f"Exactly {truth} answers."
    page.reload()  # the limit is remembered
    page.wait_for_selector("[data-cell]", state="attached")
    assert page.input_value("#limit") == "100"


# -- live mistakes ---------------------------------------------------------------------------
def live_marks(page: Page) -> int:
    return page.locator("rect.live").count()


def test_mistakes_as_i_play(page: Page, server: str) -> None:
    row = first("shikaku")
    open_board(page, server, row)
    page.evaluate("localStorage.removeItem('rectlogic:settings')")
    page.reload()
    page.wait_for_selector("[data-cell]", state="attached")
    assert not page.is_checked("#mistakes")  # off by default
    empty = page.evaluate("""[...document.querySelectorAll('[data-cell]')]
        .find(e => e.getAttribute('aria-label').endsWith(': open')).dataset.cell
        .split(',').map(Number)""")  # a cell without a number: a 1×1 there is wrong
    page.check("#mistakes")
    drag(page, tuple(empty), tuple(empty))
    page.wait_for_function("document.querySelectorAll('rect.live').length > 0")
    assert "Mistake" in page.inner_text("#livemsg")
    page.screenshot(path=str(SHOTS / "live-shikaku.png"))
    page.click("#undo")
    page.wait_for_function("document.querySelectorAll('rect.live').length === 0")
    page.reload()  # the option is remembered
    page.wait_for_selector("[data-cell]", state="attached")
    assert page.is_checked("#mistakes")

    sk = first("shakashaka")  # a number with more triangles beside it than it says
    free = "◤◥◢◣."

    def beside(r: int, c: int) -> list[tuple[int, int]]:
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < 6 and 0 <= c + dc < 6 and sk.answer[r + dr][c + dc] in free]

    open_board(page, server, sk)
    r, c = next((r, c) for r, line in enumerate(sk.answer) for c, ch in enumerate(line)
                if ch.isdigit() and len(beside(r, c)) > int(ch))
    for rc in beside(r, c)[:int(sk.answer[r][c]) + 1]:
        cell(page, *rc)  # a click in the middle places ◤
    page.wait_for_function("document.querySelectorAll('rect.live').length > 0")
    page.screenshot(path=str(SHOTS / "live-shakashaka.png"))

    page.goto(f"{server}/play?url=https://puzz.link/p?chocona/3/3")  # a clump that can't be
    page.wait_for_selector("[data-cell]", state="attached")
    page.evaluate("localStorage.clear()")
    page.click("#clear")
    page.check("#mistakes")
    for rc in ((0, 0), (0, 1), (1, 0)):
        cell(page, *rc)
    assert live_marks(page) == 0  # an L may still grow into a 2×2
    cell(page, 1, 1, button="right")  # the fourth cell marked unshaded: it never can
    page.wait_for_function("document.querySelectorAll('rect.live').length === 3")
    page.screenshot(path=str(SHOTS / "live-chocona.png"))
    page.uncheck("#mistakes")
    page.wait_for_function("document.querySelectorAll('rect.live').length === 0")


# -- 3. trials -------------------------------------------------------------------------------
def move_of(row: bank.Row, k: int) -> tuple[int, int]:
    """The k-th cell a player could set on the board."""
    if row.genre == "shikaku":
        t, lft, _, _ = row.answer[k]
        return t, lft
    cells = [(r, c) for r, line in enumerate(row.answer) for c, ch in enumerate(line)
             if ch in "◤◥◢◣.#"]
    return cells[k]


def make_move(page: Page, row: bank.Row, k: int) -> None:
    if row.genre == "shikaku":
        t, lft, h, w = row.answer[k]
        drag(page, (t, lft), (t + h - 1, lft + w - 1))
    else:
        cell(page, *move_of(row, k))


def trial_marks(page: Page, depth: int) -> int:
    return page.locator(f"#board .trial{depth}").count()


@pytest.mark.parametrize("genre", ["shakashaka", "shikaku", "chocona"])
def test_trial_accept_reject_nest_and_undo(page: Page, server: str, genre: str) -> None:
    row = first(genre)
    open_board(page, server, row)
    make_move(page, row, 0)  # before any trial
    before = page.inner_html("#board")
    page.click("#trial")
    page.wait_for_selector("#trialbar:not([hidden])")
    make_move(page, row, 1)
    assert trial_marks(page, 1) == 1
    page.click("#trial")  # a trial inside the trial
    make_move(page, row, 2)
    assert trial_marks(page, 2) == 1 and trial_marks(page, 1) == 1
    page.screenshot(path=str(SHOTS / f"trial-{genre}.png"))
    page.click("#undo")  # undo works inside, and stops at the trial's start
    assert trial_marks(page, 2) == 0
    page.click("#undo")
    assert trial_marks(page, 1) == 1
    make_move(page, row, 2)
    page.click("#reject")  # the inner trial's move goes, the outer one's stays
    assert trial_marks(page, 2) == 0 and trial_marks(page, 1) == 1
    page.click("#reject")  # back to where the trial began
    page.wait_for_selector("#trialbar[hidden]", state="attached")
    assert page.inner_html("#board") == before
    page.click("#trial")
    make_move(page, row, 1)
    page.click("#accept")  # kept, in the ordinary colour
    assert trial_marks(page, 1) == 0
    assert page.inner_html("#board") != before
    page.click("#undo")
    assert page.inner_html("#board") == before


def test_trial_on_a_phone(page: Page, server: str) -> None:
    row = first("chocona")
    with viewed(page, 390, 844, phone=True) as p:
        open_board(p, server, row)
        p.tap("#trial")
        r, c = move_of(row, 0)
        p.touchscreen.tap(*at(p, r, c))
        p.wait_for_selector("#board .trial1", state="attached")
        p.screenshot(path=str(SHOTS / "trial-phone.png"))
        p.tap("#reject")
        p.wait_for_function("document.querySelectorAll('#board .trial1').length === 0")
        assert p.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label").endswith("open")


# -- 4. comforts -----------------------------------------------------------------------------
def test_dark_mode_follows_the_system_and_a_remembered_toggle(page: Page, server: str) -> None:
    browser = page.context.browser
    ctx = browser.new_context(color_scheme="dark", viewport={"width": 1280, "height": 800},
                              bypass_csp=True)
    p = ctx.new_page()
    open_board(p, server, first("shakashaka"))
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
    ctx.close()


def test_completion_flash_pause_and_undo_all(page: Page, server: str) -> None:
    row = first("chocona")
    open_board(page, server, row)
    page.reload()  # no history from earlier tests: undo-all goes back to the empty board
    page.wait_for_selector("[data-cell]", state="attached")
    cell(page, *move_of(row, 0))
    cell(page, *move_of(row, 1))
    page.click("#pause")
    page.wait_for_selector("#stage", state="hidden")
    assert page.is_visible("#paused") and page.locator("#check").is_disabled()
    page.click("#resume")
    page.wait_for_selector("[data-cell]")
    page.click("#undoall")
    assert all(page.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label")
               .endswith("open") for r, c in (move_of(row, 0), move_of(row, 1)))
    page.click("#redoall")
    assert not page.locator(
        '[data-cell="{},{}"]'.format(*move_of(row, 1))).get_attribute("aria-label").endswith("open")
    page.click("#clear")
    play_answer(page, row)
    page.wait_for_selector("#board.flash")


def test_pause_stops_the_clock(page: Page, server: str) -> None:
    """With the page's clock under the test's control: it runs, stops while paused (the
    board hidden), and runs again after Resume."""
    browser = page.context.browser
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    p = ctx.new_page()
    p.clock.install()
    row = first("shikaku", 8)
    p.goto(f"{server}/play?id={row.id}")
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
    ctx.close()


def test_keyboard_triangles_corner_escape_and_text_boxes(page: Page, server: str) -> None:
    sk = first("shakashaka")
    open_board(page, server, sk)
    r, c = next((r, c) for r, line in enumerate(sk.answer) for c, ch in enumerate(line)
                if ch in "◤◥◢◣.")
    page.focus("#board")
    for _ in range(r):
        page.keyboard.press("ArrowDown")
    for _ in range(c):
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#cursorsay").startswith(f"Row {r + 1}, column {c + 1}")
    for key, tri in zip("1234", "◤◥◢◣", strict=True):
        page.keyboard.press(key)
        assert page.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label").endswith(tri)
    page.keyboard.press("0")
    assert page.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label").endswith("open")
    assert "◤" in page.inner_text("#keys")  # the keys are on the page
    page.keyboard.press("1")
    page.fill("#url", "abc")  # Ctrl+Z in a text box undoes its text, not a board move
    page.focus("#url")
    page.keyboard.press("Control+z")
    assert page.locator(f'[data-cell="{r},{c}"]').get_attribute("aria-label").endswith("◤")

    sh = first("shikaku")
    open_board(page, server, sh)
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector("rect.anchor", state="attached")  # the first corner is marked
    assert status(page).startswith("First corner at row 1, column 2")
    page.keyboard.press("Escape")
    page.wait_for_selector("rect.anchor", state="detached")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.locator("[data-rect]").count() == 1


def test_show_undecided_unticks_when_its_overlay_goes(page: Page, server: str) -> None:
    row = next(r for r in bank.rows(genre="chocona")
               if r.grade in ("ways", "nested", "search"))  # some undecided at probe
    open_board(page, server, row)
    page.select_option("#rung", "probe")
    page.check("#undecided")
    page.wait_for_selector("rect.undecided", state="attached")
    cell(page, *move_of(row, 0))
    assert page.locator("rect.undecided").count() == 0
    assert not page.is_checked("#undecided")


def test_check_speaks_plain_words(page: Page, server: str) -> None:
    """A full Shikaku board with two answer rectangles drawn as one: Check says so in the
    rule book's words (region, not pzprjs's area or room)."""
    row = first("shikaku")
    open_board(page, server, row)
    a, b = next((a, b) for a in row.answer for b in row.answer
                if ((a[0], a[2]) == (b[0], b[2]) and a[1] + a[3] == b[1])
                or ((a[1], a[3]) == (b[1], b[3]) and a[0] + a[2] == b[0]))
    for t, lft, h, w in row.answer:
        if [t, lft, h, w] not in (a, b):
            drag(page, (t, lft), (t + h - 1, lft + w - 1))
    drag(page, (a[0], a[1]), (b[0] + b[2] - 1, b[1] + b[3] - 1))
    page.click("#check")
    page.wait_for_selector("rect.error", state="attached")
    assert status(page) == "A region has more than one number."
    page.screenshot(path=str(SHOTS / "check-plain-words.png"))


# -- 5. accessibility ------------------------------------------------------------------------
def axe_serious(page: Page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_axe_finds_nothing_serious(page: Page, server: str, width: int, height: int) -> None:
    seen: dict[str, list[str]] = {}
    for scheme in ("light", "dark"):
        browser = page.context.browser
        ctx = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme=scheme, bypass_csp=True,
                                  has_touch=width < 500, is_mobile=width < 500)
        p = ctx.new_page()
        p.goto(server + "/")
        p.wait_for_selector("td a")
        seen[f"{scheme} home"] = axe_serious(p)
        p.goto(server + "/rules")
        p.wait_for_selector("figure.example svg")
        seen[f"{scheme} rules"] = axe_serious(p)
        for genre in ("shakashaka", "shikaku", "chocona"):
            row = first(genre)
            open_board(p, server, row)
            seen[f"{scheme} {genre} open"] = axe_serious(p)
            p.check("#mistakes")
            p.click("#trial")
            make_move(p, row, 0)
            p.click("#check")
            wait_status(p, "Not finished")
            seen[f"{scheme} {genre} trial+check+mistakes"] = axe_serious(p)
            p.click("#reject")
            p.uncheck("#mistakes")
            p.click("#solve")
            p.wait_for_selector("#status.revealed")
            seen[f"{scheme} {genre} revealed"] = axe_serious(p)
            p.click("#pause")
            seen[f"{scheme} {genre} paused"] = axe_serious(p)
            p.click("#resume")
        ctx.close()
    bad = {k: v for k, v in seen.items() if v}
    assert not bad, bad


def test_shikaku_edge_marks(page: Page, server: str) -> None:
    """Auxiliary marks as puzz.link has them: in Edges mode a click near a side steps it
    through a line, a × and nothing; they are notes (no rectangle drawn), kept over a reload."""
    open_board(page, server, first("shikaku"))
    page.click("#modes button[data-mode=edges]")
    page.mouse.click(*at(page, 1, 1, 0.95, 0.5))  # the right side of (1, 1)
    page.wait_for_selector('line.auxline[data-aux="v,1,2"]', state="attached")
    page.mouse.click(*at(page, 1, 1, 0.5, 0.05))  # the top side of (1, 1)
    page.mouse.click(*at(page, 1, 1, 0.5, 0.05))
    page.wait_for_selector('path.auxx[data-aux="h,1,1"]', state="attached")
    assert page.locator("[data-rect]").count() == 0
    page.screenshot(path=str(SHOTS / "shikaku-edge-marks.png"))
    page.reload()
    page.wait_for_selector('line.auxline[data-aux="v,1,2"]', state="attached")
    page.click("#modes button[data-mode=edges]")
    page.mouse.click(*at(page, 1, 1, 0.95, 0.5))
    page.mouse.click(*at(page, 1, 1, 0.95, 0.5))  # line → × → nothing
    page.wait_for_selector('[data-aux="v,1,2"]', state="detached")
