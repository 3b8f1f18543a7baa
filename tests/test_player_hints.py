"""Hints in the player that never dead-end (issue 28), in Chromium, over every registered
genre's own examples: after a mistake Hint marks the first wrong mark and "Undo back to it"
undoes until it is gone (inside a trial too, and past one begun after the mistake); where no
rule finds a move Hint says so and "Reveal one cell" sets a cell of the answer, counted as
help, never the same words twice without a move; the board's stars and its grade in a line.

No board of the bank or of Janko's leaves every rung stuck any more (tests/test_hints.py), so
the reveal is tested as test_hints.py tests it: the rungs silenced. Here the page's hint
requests are answered by the library itself, in this process, with the rungs silenced — the
page gets real `reveal` hints for its real positions, and the test checks each revealed cell
against the answer."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from rectlogic.formats.auto import load
from rectlogic.grade import grade

from .playing import (
    SHOTS,
    Board,
    Move,
    answer_moves,
    bank_board,
    example_boards,
    first_examples,
    genre_names,
    make,
    open_board,
    params,
    shows,
    status,
    stuck_hints,  # noqa: F401 (a fixture the reveal tests use)
    wait_hint,
    wait_status,
    wrong_moves,
)


def mistake_marked(page: Page, r: int, c: int) -> bool:
    return page.evaluate("""([r, c]) => [...document.querySelectorAll('rect.mistake')].some(e =>
        +e.getAttribute('x') === c * 40 && +e.getAttribute('y') === r * 40)""", [r, c])


def a_wrong_move_between(board: Board):
    """An answer move, a wrong move after it in reading order, and an answer move after that:
    the wrong one is the only mark against the answer, so the first in reading order."""
    moves = answer_moves(board)
    before = moves[0]
    wrong = next(w for w in wrong_moves(board) if w.first_cell > before.first_cell
                 and not overlaps(w, before))
    after = next(m for m in moves[1:] if not overlaps(m, wrong) and not overlaps(m, before))
    return before, wrong, after


def overlaps(a, b) -> bool:
    def box(m):
        return m.rect if m.rect is not None else (*m.cell, 1, 1)

    (t1, l1, h1, w1), (t2, l2, h2, w2) = box(a), box(b)
    return not (t1 + h1 <= t2 or t2 + h2 <= t1 or l1 + w1 <= l2 or l2 + w2 <= l1)


@params(example_boards())
def test_hint_after_a_mistake_undoes_back_to_it(page: Page, server: str, board: Board) -> None:
    open_board(page, server, board)
    before, wrong, after = a_wrong_move_between(board)
    for move in (before, wrong, after):
        make(page, move)
    page.click("#hint")
    said = wait_hint(page)
    assert said.startswith("Something is wrong:"), said
    r, c = wrong.first_cell
    assert f"row {r + 1}, column {c + 1}" in said
    assert mistake_marked(page, r, c)
    assert page.is_visible("#undoback") and not page.is_visible("#reveal")
    page.screenshot(path=str(SHOTS / f"hint-mistake-{board.genre}.png"))
    page.click("#undoback")
    wait_status(page, "Undone back to before")
    assert not shows(page, board, wrong) and not shows(page, board, after)
    assert shows(page, board, before)  # the move before the mistake stays
    assert not page.is_visible("#undoback")
    page.click("#redoall")  # the undone moves stay for Redo
    assert shows(page, board, wrong) and shows(page, board, after)
    page.click("#hint")
    assert wait_hint(page).startswith("Something is wrong")
    page.click("#undoback")
    wait_status(page, "Undone back to before")
    page.click("#hint")  # a move again, from the answer's side of the mistake
    assert not wait_hint(page).startswith("Something is wrong")


@params(first_examples())
def test_undo_back_inside_a_trial_and_past_one(page: Page, server: str, board: Board) -> None:
    """A mistake made inside a trial is undone inside it (the trial stays open, the moves
    before it stay); a mistake made before the trial began rejects the trial on the way."""
    before, wrong, after = a_wrong_move_between(board)
    open_board(page, server, board)
    make(page, before)
    page.click("#trial")
    make(page, wrong)
    make(page, after)
    page.click("#hint")
    assert wait_hint(page).startswith("Something is wrong")
    page.click("#undoback")
    wait_status(page, "Undone back to before")
    assert page.is_visible("#trialbar")  # still trying
    assert shows(page, board, before) and not shows(page, board, wrong)
    assert page.locator("#board .trial1").count() == 0  # nothing left made in the trial

    open_board(page, server, board)
    make(page, wrong)
    page.click("#trial")
    make(page, after)
    page.click("#hint")
    assert wait_hint(page).startswith("Something is wrong")
    page.click("#undoback")
    wait_status(page, "Undone back to before")
    assert "trial rejected" in status(page)
    assert not page.is_visible("#trialbar")
    assert not shows(page, board, wrong) and not shows(page, board, after)


@params(first_examples())
def test_undo_back_after_a_reload_takes_the_mark_off_as_a_move(page: Page, server: str,
                                                               board: Board) -> None:
    """A reload keeps the position but not the undo history: the wrong mark is taken off as
    a move of its own (which Undo puts back)."""
    before, wrong, _ = a_wrong_move_between(board)
    open_board(page, server, board)
    make(page, before)
    make(page, wrong)
    page.reload()
    page.wait_for_selector("[data-cell]", state="attached")
    page.click("#hint")
    assert wait_hint(page).startswith("Something is wrong")
    page.click("#undoback")
    wait_status(page, "Taken off:")
    assert not shows(page, board, wrong) and shows(page, board, before)
    page.click("#undo")
    assert shows(page, board, wrong)


# -- reveals ---------------------------------------------------------------------------------
def revealed_move(board: Board, page: Page):
    """The answer's move the last reveal made (the one the page shows marked as the hint)."""
    cells = {tuple(map(int, (float(e["y"]) // 40, float(e["x"]) // 40))) for e in page.evaluate(
        "[...document.querySelectorAll('rect.hint')].map(e => ({x: e.getAttribute('x'), "
        "y: e.getAttribute('y')}))")}
    made = [m for m in answer_moves(board)
            if (m.rect is not None and m.first_cell in cells) or m.cell in cells]
    if not board.rectangles:  # a cell the answer leaves empty is revealed with the dot
        made += [Move(cell=cell, state=board.desc["dot"], dot=True) for cell in sorted(cells)
                 if board.free(*cell) and all(m.cell != cell for m in made)]
    return made, cells


@params(first_examples())
@pytest.mark.usefixtures("stuck_hints")
def test_where_no_rule_finds_a_move_a_cell_is_revealed(page: Page, server: str,
                                                       board: Board) -> None:
    open_board(page, server, board)
    page.click("#hint")
    first = wait_hint(page)
    assert first.startswith("No rule finds a move from here")
    assert "Reveal one cell" in first and page.is_visible("#reveal")
    assert not page.is_visible("#undoback")
    page.click("#hint")  # asked again without a move: other words
    page.wait_for_function("t => document.querySelector('#status').textContent !== t", arg=first)
    again = wait_hint(page)
    assert again != first and again.startswith("Still no rule finds a move")
    page.click("#hint")
    page.wait_for_function("t => document.querySelector('#status').textContent !== t", arg=again)
    assert wait_hint(page) not in (first, again)
    page.screenshot(path=str(SHOTS / f"hint-reveal-offer-{board.genre}.png"))
    page.click("#reveal")
    wait_status(page, "Revealed from the answer:")
    assert not page.is_visible("#reveal")
    assert page.inner_text("#helped") == "· 1 revealed cell"  # help, not a solve
    assert page.locator("#board.revealed").count() == 0
    made, cells = revealed_move(board, page)
    assert made and all(shows(page, board, m) for m in made), cells  # the answer's own


@params(first_examples())
@pytest.mark.usefixtures("stuck_hints")
def test_reveals_walk_to_solved_and_a_trial_keeps_them(page: Page, server: str,
                                                       board: Board) -> None:
    """Revealing again and again ends on the solved board (solved, with the help counted,
    not "Revealed"); a cell revealed inside a trial is the answer's, so Reject keeps it."""
    open_board(page, server, board)
    page.click("#trial")
    page.click("#hint")
    wait_hint(page)
    page.click("#reveal")
    wait_status(page, "Revealed from the answer:")
    made, _ = revealed_move(board, page)
    assert page.locator("#board .trial1").count() == 0  # drawn as a fact, not a guess
    page.click("#reject")
    assert made and all(shows(page, board, m) for m in made)
    for _ in range(board.rows * board.cols + 1):
        page.click("#hint")
        said = wait_hint(page)
        if said.startswith(("Solved", "Nothing is left open")):
            break  # (the check of the last move may come back after the hint)
        assert said.startswith("No rule finds a move"), said
        page.click("#reveal")
        page.wait_for_function("""() => { const t = document.querySelector('#status');
            return t.textContent.startsWith('Revealed from') || t.className === 'solved'; }""")
        if page.locator("#status.solved").count():
            break
    page.wait_for_selector("#status.solved")
    assert "revealed cell" in status(page)  # "Solved in 0:03, with 12 revealed cells"
    assert page.locator("#board.revealed").count() == 0
    page.screenshot(path=str(SHOTS / f"hint-reveal-solved-{board.genre}.png"))


# -- stars and grades ------------------------------------------------------------------------
@pytest.mark.parametrize("genre", genre_names())
def test_the_board_shows_its_stars_and_its_grade_in_a_line(page: Page, server: str,
                                                           genre: str) -> None:
    explain = {g["name"]: g["explain"] for g in page.request.get(server + "/api/genres").json()}
    try:
        banked = bank_board(genre)
    except StopIteration:
        banked = None  # a genre the bank has no boards of yet: its examples below
    if banked is not None:
        open_board(page, server, banked)
        page.wait_for_function("document.querySelector('#grade .stars')")
        assert page.get_attribute("#grade .stars", "aria-label").startswith(f"{banked.stars} star")
        assert page.inner_text("#grade .stars").count("★") == banked.stars
        assert f"grade {banked.grade}: {explain[genre][banked.grade]}" in page.inner_text("#grade")
    example = next(b for b in first_examples() if b.genre == genre)
    open_board(page, server, example)  # from a URL: graded by the server
    page.wait_for_function("document.querySelector('#grade .stars')", timeout=20_000)
    truth = grade(load(example.url, genre).puzzle, scored=True)
    assert page.inner_text("#grade .stars").count("★") == truth.stars
    assert f"grade {truth.grade}: {explain[genre][truth.grade]}" in page.inner_text("#grade")
    rungs = page.eval_on_selector_all("#rung option", "os => os.map(o => o.value)")
    assert rungs == example.desc["rungs"]  # the rung names stay in the selector
    for rung in rungs[1:]:
        page.select_option("#rung", rung)
        assert page.inner_text("#rungsays") == f"{rung}: {example.desc['rung_text'][rung]}"
    page.screenshot(path=str(SHOTS / f"stars-{genre}.png"))


def test_home_and_bank_listing_show_the_stars_beside_each_grade(page: Page, server: str) -> None:
    from rectlogic import bank

    from .test_cli import run

    spans = {(c["genre"], c["size"], c["grade"]): c["stars"] for c in bank.counts()}
    page.goto(server + "/")
    page.wait_for_selector("td a")
    index = page.request.get(server + "/api/bank/index").json()
    for group in index:
        lo, hi = spans[group["genre"], group["size"], group["grade"]]
        assert group["stars"] == [lo, hi]
        td = page.locator(f"td:has(a[href='/play?id={group['first']}'])")
        assert td.locator(".stars").inner_text() == f"★{lo}" + (f"–{hi}" if hi != lo else "")
    listed = run("bank", "list").stdout.splitlines()
    for c in bank.counts():
        lo, hi = c["stars"]
        line = next(ln for ln in listed if ln.split()[:3] == [c["genre"], c["size"], c["grade"]])
        assert line.split()[-1] == f"★{lo}" + (f"–{hi}" if hi != lo else "")
