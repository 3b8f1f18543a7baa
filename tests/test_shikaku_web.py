"""Shikaku through the JSON API: its hints' rules, and Tatham's format with an answer."""

from __future__ import annotations

from .test_web_api import post

URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"


def test_hints() -> None:
    h = post("/api/hint", puzzle=URL, position=[], rung="dual")
    assert h["kind"] == "deduction" and h["rule"] in ("only-coverer", "forced-cell")
    beyond = post("/api/hint", puzzle=URL, position=[], rung="none")
    assert beyond["kind"] == "deduction" and beyond["text"].startswith("Beyond your rung")


def test_generate_at_a_grade() -> None:
    b = post("/api/generate", genre="shikaku", size="6x6", grade="dual", seed=4)
    assert b["grade"] == "dual" and b["rows"] == 6 and b["score"] >= 1


def test_convert_to_tatham_with_an_answer() -> None:
    answer = post("/api/solve", puzzle=URL)["solutions"][0]
    text = post("/api/convert", puzzle=URL, to="tatham", answer=answer)["text"]
    assert text.split()[1].startswith("S1010")


# -- the player (moved here from the browser tests over every genre: these are Shikaku's) ---
def test_live_mistakes() -> None:
    """`/api/live`: a rectangle of the wrong area, one with no number, one with two."""
    from rectlogic.formats.auto import load

    clues = load(URL).puzzle.clue_array
    (r3, c3), = [(r, c) for r in range(6) for c in range(6) if clues[r, c] == 3][:1]

    def codes(position: object) -> list[str]:
        return [m["code"] for m in post("/api/live", puzzle=URL, position=position)["mistakes"]]

    assert codes([[r3, c3, 1, 1]]) == ["bkSizeNe"]  # a 3 in a 1×1
    empty = next((r, c) for r in range(6) for c in range(6) if clues[r, c] < 0)
    assert codes([[*empty, 1, 1]]) == ["bkNoNum"]
    assert codes([[0, 0, 6, 6]]) == ["bkNumGe2"]
    assert codes([]) == []


def test_check_speaks_plain_words_and_keeps_pzprjs_codes() -> None:
    out = post("/api/check", puzzle=URL, answer=[[0, 0, 6, 6]])
    assert not out["ok"]
    first = out["errors"][0]
    assert first["code"] == "bkNumGe2"
    assert first["message"] == "A region has more than one number."
    assert first["pzprjs_message"] == "An area has more than one number."
    said = " ".join(e["message"] for e in out["errors"])
    assert "area" not in said and "room" not in said


def bank_board():
    from rectlogic import bank

    from .playing import from_row

    return from_row(next(r for r in bank.rows(genre="shikaku") if r.rows == 6))


def test_player_marks_a_rectangle_without_a_number_at_once(page, server) -> None:
    from .playing import SHOTS, drag, open_board

    board = bank_board()
    open_board(page, server, board)
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
    page.uncheck("#mistakes")


def test_player_check_speaks_plain_words(page, server) -> None:
    """A full board with two answer rectangles drawn as one: Check says so in the rule
    book's words (region, not pzprjs's area)."""
    from .playing import SHOTS, drag, open_board

    board = bank_board()
    open_board(page, server, board)
    a, b = next((a, b) for a in board.answer for b in board.answer
                if ((a[0], a[2]) == (b[0], b[2]) and a[1] + a[3] == b[1])
                or ((a[1], a[3]) == (b[1], b[3]) and a[0] + a[2] == b[0]))
    for t, lft, h, w in board.answer:
        if [t, lft, h, w] not in (a, b):
            drag(page, (t, lft), (t + h - 1, lft + w - 1))
    drag(page, (a[0], a[1]), (b[0] + b[2] - 1, b[1] + b[3] - 1))
    page.click("#check")
    page.wait_for_selector("rect.error", state="attached")
    assert page.inner_text("#status") == "A region has more than one number."
    page.screenshot(path=str(SHOTS / "check-plain-words.png"))
