"""Pictures of boards to share and print: SVG drawn from the genre's board description (the one
the player draws from, `genres.drawing`), so no genre has a drawing of its own here; PNG and
PDF by Chromium through Playwright (the browser the tests already use)."""

from __future__ import annotations

import html
import math
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from .errors import RectlogicError
from .genres import Board, genre_of

CELL = 36
"""Pixels per cell of a picture (a 20×20 board is 720 px wide, plus a margin)."""
MARGIN = 6
INK, GRID, SHADE = "#000", "#999", "#333"
RECT_FILL = "#eee"


def board_svg(puzzle: Board, answer: Any = None, cell: int = CELL) -> str:
    """The board as a standalone SVG document, with `answer` drawn on it when given."""
    genre = genre_of(puzzle)
    board = genre.board_json(puzzle)
    rows, cols, s = puzzle.rows, puzzle.cols, cell
    w, h = cols * s, rows * s
    parts = [f'<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>']
    cells, rects = ([], []) if answer is None else genre.play(puzzle).marks(
        genre.answer_json(puzzle, answer))
    parts += [f'<rect x="{lft * s}" y="{t * s}" width="{ww * s}" height="{hh * s}" '
              f'fill="{RECT_FILL}"/>' for t, lft, hh, ww in rects]
    for r in range(rows + 1):
        parts.append(_line(0, r * s, w, r * s, GRID, 1))
    for c in range(cols + 1):
        parts.append(_line(c * s, 0, c * s, h, GRID, 1))
    for r, c, shape in cells:
        parts += _shape(shape, c * s, r * s, s)
    shaded = {(r, c) for r, c, shape in cells if shape.get("fill")}
    for r, row in enumerate(board["fixed"]):
        for c, given in enumerate(row):
            if given is not None:
                parts += _given(given, c * s, r * s, s, (r, c) in shaded)
    borders = board.get("borders") or {}
    for r, row in enumerate(borders.get("vertical", [])):
        parts += [_line((c + 1) * s, r * s, (c + 1) * s, (r + 1) * s, INK, 3)
                  for c, on in enumerate(row) if on]
    for r, row in enumerate(borders.get("horizontal", [])):
        parts += [_line(c * s, (r + 1) * s, (c + 1) * s, (r + 1) * s, INK, 3)
                  for c, on in enumerate(row) if on]
    parts += [f'<rect x="{lft * s}" y="{t * s}" width="{ww * s}" height="{hh * s}" '
              f'fill="none" stroke="{INK}" stroke-width="3"/>' for t, lft, hh, ww in rects]
    parts.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="none" stroke="{INK}" '
                 'stroke-width="3"/>')
    m = MARGIN
    title = f"{genre.name} {rows}×{cols}{' (answer)' if answer is not None else ''}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * m}" height="{h + 2 * m}" '
            f'viewBox="{-m} {-m} {w + 2 * m} {h + 2 * m}" role="img" '
            f'font-family="sans-serif"><title>{html.escape(title)}</title>\n'
            + "\n".join(parts) + "\n</svg>\n")


def _line(x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> str:
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="square"/>')


def _shape(shape: dict[str, Any], x: int, y: int, s: int) -> list[str]:
    """A free cell's state as the description draws it: a fill or a polygon (a dot, which
    marks a cell decided empty, is not drawn: an answer says it by leaving the cell white)."""
    if shape.get("fill"):
        return [f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{SHADE}"/>']
    if shape.get("polygon"):
        points = " ".join(f"{x + a * s:g},{y + b * s:g}" for a, b in shape["polygon"])
        return [f'<polygon points="{points}" fill="{SHADE}"/>']
    return []


def _given(given: dict[str, Any], x: int, y: int, s: int, on_shade: bool = False) -> list[str]:
    """A given cell: its fill and its text, white on a dark cell (given dark, or a labelled
    cell the answer shades)."""
    out = []
    if given.get("fill"):
        out.append(f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="{INK}"/>')
    text = given.get("text")
    if text:
        colour = "white" if given.get("fill") or on_shade else INK
        if given.get("corner"):
            out.append(f'<text x="{x + s * 0.1:g}" y="{y + s * 0.4:g}" font-size="{s * 0.36:g}" '
                       f'font-weight="600" fill="{colour}">{html.escape(text)}</text>')
        else:
            size = s * (0.6 if len(text) < 3 else 0.45)
            out.append(f'<text x="{x + s / 2:g}" y="{y + s / 2:g}" font-size="{size:g}" '
                       f'text-anchor="middle" dominant-baseline="central" '
                       f'fill="{colour}">{html.escape(text)}</text>')
    return out


# -- a booklet ----------------------------------------------------------------------------------

def per_page(side: int, answers: bool) -> int:
    """Boards on an A4 page: two puzzles up to 10×10, else one; answers drawn smaller,
    twice as many."""
    return (2 if side <= 10 else 1) * (2 if answers else 1)


def booklet_pages(count: int, side: int) -> int:
    """Pages of a booklet of `count` boards: the puzzles, then the answers on pages of their
    own (so a page count says the layout is right)."""
    return (math.ceil(count / per_page(side, False))
            + math.ceil(count / per_page(side, True)))


def booklet_html(title: str, boards: list[tuple[str, Board, Any]]) -> str:
    """A printable document: the boards (caption, puzzle, answer), puzzles first, then the
    answers at the back."""
    side = max(max(p.rows, p.cols) for _, p, _ in boards)
    pages = []
    for answers in (False, True):
        k = per_page(side, answers)
        for start in range(0, len(boards), k):
            figures = "".join(
                f'<figure><figcaption>{html.escape(caption)}</figcaption>'
                f'{board_svg(p, a if answers else None)}</figure>'
                for caption, p, a in boards[start:start + k])
            heading = ("" if start else "<h2>Answers</h2>" if answers
                       else f"<h1>{html.escape(title)}</h1>")
            pages.append(f'<section class="page {"answers" if answers else "puzzles"} n{k}">'
                         f'{heading}{figures}</section>')
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{html.escape(title)}</title><style>
@page {{ size: A4; margin: 12mm; }}
body {{ margin: 0; font-family: sans-serif; }}
h1, h2 {{ width: 100%; font-size: 14pt; margin: 0; }}
.page {{ break-after: page; display: flex; flex-wrap: wrap; align-content: flex-start;
         gap: 5mm; height: 268mm; overflow: hidden; }}
.page:last-child {{ break-after: auto; }}
figure {{ margin: 0; display: flex; flex-direction: column; align-items: center; }}
figcaption {{ font-size: 10pt; margin-bottom: 2mm; }}
.n1 figure {{ width: 100%; }} .n1 svg {{ width: 170mm; height: auto; max-height: 240mm; }}
.n2 figure {{ width: 100%; }} .n2 svg {{ width: auto; height: 110mm; }}
.answers.n2 figure {{ width: 100%; }} .answers.n2 svg {{ height: 110mm; width: auto; }}
.n4 figure {{ width: calc(50% - 3mm); }} .n4 svg {{ width: 100%; height: auto; }}
</style></head><body>
{"".join(pages)}
</body></html>
"""


# -- through a browser ------------------------------------------------------------------------

def browser_path() -> str:
    """Chromium for Playwright: $RECTLOGIC_CHROMIUM, else the one `make test` recorded in
    the environment (tools/ensure-browser), else Debian's, else any on the PATH."""
    chosen = os.environ.get("RECTLOGIC_CHROMIUM")
    if chosen:  # asked for: that one or none
        if not Path(chosen).exists():
            raise RectlogicError(f"no Chromium at {chosen} (RECTLOGIC_CHROMIUM)")
        return chosen
    recorded = Path(sys.prefix) / "browser"
    for candidate in (recorded.read_text().strip() if recorded.is_file() else None,
                      "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser"), shutil.which("google-chrome")):
        if candidate and Path(candidate).exists():
            return candidate
    raise RectlogicError("no Chromium found to draw PNG or PDF (set RECTLOGIC_CHROMIUM to a "
                         "chromium binary)")


def _browser(play: Any) -> Any:
    try:
        return play.chromium.launch(executable_path=browser_path(), args=["--no-sandbox"])
    except RectlogicError:
        raise
    except Exception as exc:  # Playwright's own errors name the binary and the cause
        raise RectlogicError(f"Chromium would not start: {str(exc).splitlines()[0]}") from None


def _playwright() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise RectlogicError("PNG and PDF need Playwright: pip install playwright") from None
    return sync_playwright()


def svg_to_png(svg: str, scale: float = 2.0) -> bytes:
    """The SVG drawn by Chromium at `scale` device pixels per pixel."""
    with _playwright() as play:
        browser = _browser(play)
        try:
            page = browser.new_page(device_scale_factor=scale)
            page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
            return page.locator("svg").screenshot(omit_background=False)
        finally:
            browser.close()


def html_to_pdf(document: str) -> bytes:
    """An HTML document printed to A4 PDF by Chromium (backgrounds printed)."""
    with _playwright() as play:
        browser = _browser(play)
        try:
            page = browser.new_page()
            page.set_content(document)
            return page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
        finally:
            browser.close()
