"""Shakashaka through the JSON API: what its hints and its generator's styles say."""

from __future__ import annotations

from .test_web_api import post

URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"


def test_hints() -> None:
    h = post("/api/hint", puzzle=URL, position=["2◤◥_1_"] + ["______"] * 5)
    assert h["kind"] == "deduction"
    bad = post("/api/hint", puzzle=URL, position=["2__◤1◥"] + ["______"] * 5)
    assert bad["kind"] == "mistake" and bad["move"] is None
    answer = post("/api/solve", puzzle=URL)["solutions"][0]
    assert bad["wrong"] == [[0, c] for c in (3, 5) if answer[0][c] != "2__◤1◥"[c]]
    assert bad["first"] == bad["wrong"][0] and bad["cells"] == [bad["first"]]


def test_minimal_style_keeps_fewer_numbers() -> None:
    full = post("/api/generate", genre="shakashaka", size="6x6", seed=4)
    thin = post("/api/generate", genre="shakashaka", size="6x6", seed=4, style="minimal")
    digits = [sum(ch.isdigit() for ch in "".join(b["solution"])) for b in (full, thin)]
    assert digits[1] <= digits[0]


# -- the player (moved here from the browser tests over every genre: these are Shakashaka's) -
def a_number_with_room_for_too_many(p):
    """A number with more free cells beside it than it counts, and those cells."""
    def free(r: int, c: int) -> list[tuple[int, int]]:
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < p.rows and 0 <= c + dc < p.cols and p.clues[r + dr][c + dc] == -1]

    r, c = next((r, c) for r in range(p.rows) for c in range(p.cols)
                if 0 <= p.clues[r][c] < len(free(r, c)))
    return (r, c), free(r, c)[:p.clues[r][c] + 1]


def test_live_mistakes() -> None:
    """`/api/live`: a number with more triangles beside it than it says."""
    from rectlogic import bank
    from rectlogic.formats.auto import load

    board = next(r for r in bank.rows(genre="shakashaka") if r.rows == 6)
    p = load(board.url).puzzle
    (r, c), beside = a_number_with_room_for_too_many(p)
    position = [["#" if p.clues[i][j] != -1 else "_" for j in range(6)] for i in range(6)]
    for i, j in beside:
        position[i][j] = "◤"
    found = post("/api/live", puzzle=board.url, position=["".join(x) for x in position])
    assert [(m["code"], m["cells"]) for m in found["mistakes"]] == [("nmTriangleGt", [[r, c]])]


def test_player_marks_a_number_with_too_many_triangles_at_once(page, server) -> None:
    from rectlogic import bank
    from rectlogic.formats.auto import load

    from .playing import SHOTS, at, from_row, open_board

    row = next(r for r in bank.rows(genre="shakashaka") if r.rows == 6)
    open_board(page, server, from_row(row))
    page.check("#mistakes")
    (r, c), beside = a_number_with_room_for_too_many(load(row.url).puzzle)
    for rc in beside:
        page.mouse.click(*at(page, *rc))  # a click in the middle places ◤
    page.wait_for_function("""([r, c]) => [...document.querySelectorAll('rect.live')].some(e =>
        +e.getAttribute('x') === c * 40 && +e.getAttribute('y') === r * 40)""", arg=[r, c])
    assert "Mistake" in page.inner_text("#livemsg")  # the number's own cell is marked
    page.screenshot(path=str(SHOTS / "live-shakashaka.png"))
    page.uncheck("#mistakes")
