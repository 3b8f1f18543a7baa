"""FastAPI app: a thin shell over the library, every request bounded.

Puzzles travel as text in any format the library reads (a URL is simplest). Bodies over
MAX_BODY bytes, boards over 60×60, texts over 200,000 characters and node budgets over
50,000 are refused. The heavy endpoints (solve, count, hint, grade, undecided, generate) run in a
bounded pool of worker processes under a deadline each (`workers`); the cheap ones answer
from the server itself. Bad input is a 4xx JSON error `{"error": "…"}`; a bug is a 500 JSON
error that leaves the connection open; every response carries security headers."""

from __future__ import annotations

import asyncio
import json
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import fastapi_offline
from fastapi import FastAPI, Query, Request
from fastapi import Path as Path_
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import bank
from ..analyze import MOST_PATIENCE
from ..errors import RectlogicError
from ..formats.auto import Loaded, dump, genre_name, load, read_answer, url_of
from ..genres import genre_of, registry
from ..genres.registry import GENRE_NAMES, get_genre
from ..grid import parse_size
from . import jobs
from .workers import WAIT, Busy, Failed, Pool, TooSlow

STATIC = Path(__file__).parent / "static"
PAGES = {"/": "home.html", "/play": "play.html", "/edit": "edit.html", "/rules": "rules.html"}
"""The app's pages: static files that draw themselves from the JSON API."""
WEB_MAX_SIDE = jobs.WEB_MAX_SIDE
MAX_TEXT = 200_000
MAX_NODES = 50_000
MAX_BODY = 1 << 20
"""Bytes a request body may have (a 60×60 puzzle and its answer are a few kilobytes)."""
DEADLINES = {"analyze": 10.0, "mistakes": 5.0, "solve": 10.0, "count": 10.0, "hint": 5.0,
             "grade": 10.0,
             "undecided": 5.0, "generate": 20.0, "picture": 10.0}
"""Seconds each heavy endpoint may take; past it the answer says `unknown`, or it is cut."""
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'",
}
DOCS_CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "script-src 'self' 'unsafe-inline'")
"""Swagger UI's page runs an inline script (its assets are served from the package)."""
DOCS_ASSETS = Path(fastapi_offline.__file__).parent / "static"

Text = Annotated[str, Field(max_length=MAX_TEXT, description="URL or file text")]
Name = Annotated[str, Field(max_length=40)]
Row = Annotated[str, Field(max_length=4 * WEB_MAX_SIDE)]
Small = Annotated[int, Field(ge=-(10**6), le=10**6, strict=True)]  # `true` is no number
Rect = Annotated[list[Small], Field(min_length=4, max_length=4)]
AnswerIn = (Annotated[str, Field(max_length=2 * WEB_MAX_SIDE**2 + 8)]
            | Annotated[list[Row | Rect], Field(max_length=WEB_MAX_SIDE**2)])
"""An answer or position in the JSON ANSWER form: rows of cells, rectangles, or an S-string."""


class ErrorOut(BaseModel):
    error: str


class PuzzleIn(BaseModel):
    puzzle: Text
    genre: Name | None = None


class AnalyzeIn(PuzzleIn):
    focus: tuple[int, int] | None = Field(
        None, description="the cell last edited, [row, column] from 0: a conflict is looked "
        "for around it first")
    patience: float | None = Field(
        None, gt=0, le=MOST_PATIENCE, description="seconds the parts after the verdict (the "
        "differing cells, the suggestions, the fewest conflicting clues) may take; by default "
        "0.15 at 10x10 up to 0.6 at 20x20 (the answer's `patience`). The workbench asks again "
        "with ten times that when a part was cut short")


class CheckIn(PuzzleIn):
    answer: AnswerIn = Field(description="the genre's JSON ANSWER")


class HintIn(PuzzleIn):
    position: AnswerIn = Field(description="the answer so far; undecided cells as _")
    rung: Name | None = None


class SolveIn(PuzzleIn):
    rung: Name | None = None
    limit: Annotated[int, Field(ge=0, le=10)] = 2
    nodes: Annotated[int, Field(ge=1, le=MAX_NODES)] = 20_000


class CountIn(PuzzleIn):
    rung: Name | None = None
    limit: Annotated[int, Field(ge=2, le=1000, description="count answers up to this many: "
                                "beyond it the count says `at least`")] = 2
    nodes: Annotated[int, Field(ge=1, le=MAX_NODES)] = 20_000


class ConvertIn(PuzzleIn):
    to: Name
    answer: AnswerIn | None = Field(default=None,
                                    description="an answer to write with it (JSON ANSWER)")


class ComposeIn(BaseModel):
    genre: Name
    rows: Annotated[int, Field(ge=1, le=WEB_MAX_SIDE)]
    cols: Annotated[int, Field(ge=1, le=WEB_MAX_SIDE)]
    cells: Annotated[list[Annotated[list[Annotated[str, Field(max_length=8)]],
                                    Field(max_length=WEB_MAX_SIDE)]],
                     Field(max_length=WEB_MAX_SIDE)]
    borders: dict[Name, Annotated[list[Annotated[list[bool], Field(max_length=WEB_MAX_SIDE)]],
                                  Field(max_length=WEB_MAX_SIDE)]] | None = None


class PictureIn(PuzzleIn):
    answer: AnswerIn | None = Field(default=None, description="an answer to draw on it")
    solved: bool = Field(default=False, description="draw its only answer (solved here)")


class GenerateIn(BaseModel):
    genre: Name
    size: Annotated[str, Field(max_length=20)] = "8x8"
    grade: Name | None = None
    seed: Annotated[int, Field(ge=0, le=2**31)] = 0
    style: Literal["published", "minimal"] = "published"


def _loaded(body: PuzzleIn) -> Loaded:
    return jobs.load_puzzle(body.puzzle, body.genre)


def _puzzle(body: PuzzleIn) -> Any:
    return _loaded(body).puzzle


class AsciiJSON(JSONResponse):
    """JSON with every non-ASCII character escaped: a lone surrogate that came in a request
    can go back out in an error message without breaking the response."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False,
                          separators=(",", ":")).encode("ascii")


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return AsciiJSON(status_code=status, content={"error": message}, headers=headers)


class Guard:
    """The outermost layer of our own: bodies over MAX_BODY are refused (413) before they
    are read in full, any exception becomes a 500 JSON answer instead of a dropped
    connection, and every response gets the security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await _error(413, f"request bodies are limited to {MAX_BODY} bytes")(
                scope, receive, self._with_headers(scope, send))
            return
        seen = 0

        async def bounded() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise RectlogicError(f"request bodies are limited to {MAX_BODY} bytes")
            return message

        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, bounded, self._with_headers(scope, tracked))
        except Exception as exc:
            if started:
                raise
            status = 413 if isinstance(exc, RectlogicError) else 500
            message = str(exc) if status == 413 else f"internal error: {type(exc).__name__}"
            await _error(status, message)(scope, receive, self._with_headers(scope, send))

    @staticmethod
    def _with_headers(scope: Scope, send: Send) -> Send:
        docs = scope.get("path", "").startswith("/docs")

        async def sender(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = dict(HEADERS)
                if docs:
                    extra["Content-Security-Policy"] = DOCS_CSP
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k.lower().encode(), v.encode()) for k, v in extra.items()
                    if k.lower().encode() not in present]
            await send(message)

        return sender


def board_json(puzzle: Any) -> dict[str, Any]:
    """What a player page needs to draw and play the board: the genre's description, and
    the puzzle's URL."""
    return {**genre_of(puzzle).board_json(puzzle), "url": url_of(puzzle)}


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "bad input: the message says what is wrong"},
    413: {"model": ErrorOut, "description": "the request body is too large"},
    422: {"model": ErrorOut, "description": "the body does not have the documented shape"},
}
BANK_ERRORS: dict[int | str, dict[str, Any]] = {
    503: {"model": ErrorOut, "description": "bank unavailable: the bank file is missing, "
          "corrupt or locked (the rest of the API still answers)"},
}
BOARD_ERRORS: dict[int | str, dict[str, Any]] = {
    **BANK_ERRORS, 404: {"model": ErrorOut, "description": "the bank has no such board"}}
HEAVY_ERRORS: dict[int | str, dict[str, Any]] = {
    503: {"model": ErrorOut, "description": "every worker stayed busy while the request "
          "waited, its worker died twice, or it ran past its deadline: try again after "
          "Retry-After seconds"},
}


def _grade_words(genre: Any) -> dict[str, str]:
    """Each grade in a line: the rule its rung adds, in words; `search` needs a guess."""
    return {**genre.rung_text, "search": "no rung finishes it: a guess is needed"}


class BankReads:
    """The bank's answers as the server gives them, kept until the file changes (its size,
    time or inode): the server never writes the bank, the same few reads come with every
    page, and each read opens SQLite afresh (6–70 ms on a busy machine — most of what a
    cheap request cost beside heavy load)."""

    def __init__(self, path: str | Path | None) -> None:
        self.path = Path(path) if path is not None else bank.default_path()
        self._stamp: tuple[int, int, int] | None = None
        self._kept: dict[tuple, Any] = {}

    def __call__(self, read: Any, *args: Any) -> Any:
        """`read(*args)`, or what it gave before for the same file."""
        key = self._key(read, args)
        if key is None:  # no file: the read says so, every time
            return read(*args)
        if key not in self._kept:
            self._kept[key] = read(*args)
        return self._kept[key]

    async def fetch(self, read: Any, *args: Any) -> Any:
        """The same, for an endpoint on the event loop: what was kept at once (no hop to a
        thread and back, each a wait for the GIL under load), a read of the file in a
        thread."""
        key = self._key(read, args)
        if key is not None and key in self._kept:
            return self._kept[key]
        return await run_in_threadpool(self, read, *args)

    def _key(self, read: Any, args: tuple) -> tuple | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        if stamp != self._stamp:
            self._kept, self._stamp = {}, stamp
        return (read.__qualname__, args)


def create_app(bank_path: str | Path | None = None, workers: int | None = None,
               deadlines: dict[str, float] | None = None, wait: float = WAIT) -> FastAPI:
    """The app over a bank; `workers` processes run the heavy endpoints (default: one per
    core, at least two), each endpoint within its deadline (DEADLINES, or `deadlines`); a
    heavy request waits up to `wait` seconds for a busy worker before 503."""
    pool = Pool(workers or max(2, os.cpu_count() or 2), wait)
    banked = BankReads(bank_path)
    seconds = {**DEADLINES, **(deadlines or {})}

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        keeper = asyncio.create_task(pool.keep())  # the workers load while the server starts
        yield
        keeper.cancel()
        pool.close()

    app = FastAPI(title="rectlogic", version="0.1.0", lifespan=lifespan, responses=ERRORS,
                  docs_url=None, redoc_url=None,
                  default_response_class=AsciiJSON,
                  description=f"{', '.join(GENRE_NAMES)}: check, hint, count, solve.")
    app.add_middleware(Guard)
    app.state.pool = pool  # how many workers are busy (`Pool.busy`), for tests

    @app.exception_handler(RectlogicError)
    async def bad_input(request: Request, exc: RectlogicError) -> Response:
        return _error(400, str(exc))

    @app.exception_handler(bank.BankUnavailable)
    async def no_bank(request: Request, exc: bank.BankUnavailable) -> Response:
        return _error(503, f"bank unavailable: {exc}", {"Retry-After": "60"})

    @app.exception_handler(bank.NoSuchBoard)
    async def no_board(request: Request, exc: bank.NoSuchBoard) -> Response:
        return _error(404, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return _error(exc.status_code, str(exc.detail), getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def bad_shape(request: Request, exc: RequestValidationError) -> Response:
        """Where and what, never the input itself (it may hold NaN or a lone surrogate)."""
        said = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', 'invalid')}"
            for e in exc.errors()[:5])
        return _error(422, said or "the body does not have the documented shape")

    async def heavy(request: Request, name: str, **kwargs: Any) -> Any:
        try:
            return await pool.run(name, kwargs, seconds[name], request.is_disconnected)
        except Busy as exc:
            return _error(503, f"{exc}; try again shortly", {"Retry-After": "1"})
        except TooSlow as exc:
            return _error(503, f"{exc}; try again with a smaller request",
                          {"Retry-After": "1"})
        except Failed as exc:
            if exc.bad:
                return _error(400, str(exc))
            raise RuntimeError(f"a worker failed: {exc}") from None

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs-assets", StaticFiles(directory=DOCS_ASSETS), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        """Swagger UI from the package's own copy of its assets: no CDN, works offline."""
        return get_swagger_ui_html(
            openapi_url="/openapi.json", title="rectlogic API",
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/static/icon.svg")

    for path, page in PAGES.items():  # the pages are static files; their data comes from /api
        app.get(path, response_class=HTMLResponse, include_in_schema=False)(
            lambda page=page: (STATIC / page).read_text(encoding="utf-8"))

    @app.get("/api/genres")
    def genres() -> list[dict[str, Any]]:
        """Each genre's name and grades (its rungs with rules, then `search`)."""
        return [{"name": g.name, "title": g.title, "grades": g.grades[1:], "edit": g.author.EDIT,
                 "explain": _grade_words(g)} for g in registry.GENRES]

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response((STATIC / "icon.svg").read_bytes(), media_type="image/svg+xml")

    @app.get("/api/rules")
    def rules() -> list[dict[str, Any]]:
        """Each genre's rules in words and a small solved example (the first of its own
        examples): as text, and as the board description and answer the page draws it from."""
        out = []
        for g in registry.GENRES:
            example = g.examples.SOLVED[0]
            p = load(example.url, g.name).puzzle
            answer = read_answer(p, example.answer)
            out.append({"name": g.name, "title": g.title, "rules": g.RULES_TEXT,
                        "example": example.url,
                        "picture": g.render(p, answer), "board": board_json(p),
                        "answer": g.answer_json(p, answer),
                        "controls": g.board_json(p)["help"]})
        return out

    @app.post("/api/compose")
    def compose(body: ComposeIn) -> dict[str, Any]:
        """The editor's state (a token per cell, region borders) → the puzzle's URL."""
        puzzle = get_genre(body.genre).author.compose(body.rows, body.cols, body.cells,
                                                      body.borders)
        return {"url": url_of(puzzle)}

    @app.post("/api/decompose")
    def decompose(body: PuzzleIn) -> dict[str, Any]:
        """A puzzle → the editor's state: a token per cell, and region borders."""
        p = _puzzle(body)
        return {"genre": p.genre, "rows": p.rows, "cols": p.cols,
                **genre_of(p).author.decompose(p)}

    @app.get("/api/bank/index", responses=BANK_ERRORS)
    async def bank_index() -> list[dict[str, Any]]:
        """Per genre, size and grade: how many boards, the first one's id, and the stars
        they span ([fewest, most], None in a bank from before stars)."""
        groups = await banked.fetch(bank.groups, bank_path)
        stars = {(c["genre"], c["size"], c["grade"]): c["stars"]
                 for c in await banked.fetch(bank.counts, bank_path)}
        return [{"genre": g, "size": f"{r}x{c}", "grade": gr, "count": len(ids),
                 "first": ids[0], "stars": stars.get((g, f"{r}x{c}", gr))}
                for (g, r, c, gr), ids in groups.items()]

    @app.get("/api/bank", responses=BANK_ERRORS)
    async def bank_counts() -> list[dict[str, Any]]:
        return await banked.fetch(bank.counts, bank_path)

    @app.get("/api/bank/boards", responses=BANK_ERRORS)
    def bank_boards(genre: str | None = None, size: str | None = None,
                    grade: str | None = None,
                    limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> list[dict]:
        found = banked(bank.rows, bank_path, genre_name(genre) if genre else None)
        if size:
            r, c = parse_size(size)
            found = [b for b in found if (b.rows, b.cols) == (r, c)]
        if grade:
            found = [b for b in found if b.grade == grade]
        return [b.to_json() for b in found[:limit]]

    @app.get("/api/bank/{board_id}", responses=BOARD_ERRORS)
    async def bank_board(board_id: Annotated[str, Path_(max_length=40)]) -> dict[str, Any]:
        """A bank board by its number (a page's `?id=`: anything else gets one plain line)."""
        if not (board_id.isascii() and board_id.isdigit()) or len(board_id) > 18:
            raise RectlogicError(f"no board {board_id[:20]!r}: a board is named by its number, "
                                 "as the home page lists them")
        return (await banked.fetch(bank.get, int(board_id), bank_path)).to_json()

    @app.get("/api/bank/{board_id}/next", responses=BOARD_ERRORS)
    def bank_next(board_id: Annotated[int, Path_(ge=0, lt=2**63)]) -> dict[str, Any]:
        """The next board of the same genre, size and grade (the first again after the last),
        and where this one stands among them."""
        this = banked(bank.get, board_id, bank_path)
        same = banked(bank.groups, bank_path, this.genre)[
            this.genre, this.rows, this.cols, this.grade]
        k = same.index(board_id)
        return {"next": same[(k + 1) % len(same)], "position": k + 1, "of": len(same)}

    @app.post("/api/puzzle")
    def puzzle(body: PuzzleIn) -> dict[str, Any]:
        """The board to draw; `warnings` says what was left out reading it (text after the
        puzzle in a URL), when anything was — as on every endpoint that reads a puzzle."""
        loaded = _loaded(body)
        return jobs.with_warnings(loaded, board_json(loaded.puzzle))

    @app.post("/api/check")
    def check(body: CheckIn) -> dict[str, Any]:
        loaded = _loaded(body)
        p = loaded.puzzle
        answer = read_answer(p, body.answer)
        errors, notes = genre_of(p).check(p, answer)
        return jobs.with_warnings(loaded, {"ok": not errors,
                                           "errors": [e.to_json() for e in errors],
                                           "notes": [e.to_json() for e in notes]})

    @app.post("/api/analyze", responses=HEAVY_ERRORS)
    async def analyze(body: AnalyzeIn, request: Request) -> Any:
        """For setters: status, count (up to 50), grade and score, undecided and differing
        cells, single edits that make the puzzle unique, or a minimal conflicting set of clues
        and a reason; `differ_complete` and `conflict_minimal` say whether the time budget
        (`patience`) let those finish (`conflict_minimal` null: a conflict in the clues'
        places, which no deletion narrows; the reason says so): if not, ask again with more."""
        return await heavy(request, "analyze", **body.model_dump())

    @app.get("/api/limits")
    def web_limits() -> dict[str, Any]:
        """The largest board side the web takes (the workbench states it from here)."""
        return {"max_side": WEB_MAX_SIDE}

    @app.post("/api/picture", responses=HEAVY_ERRORS)
    async def picture(body: PictureIn, request: Request) -> Any:
        """The board as SVG, bare, with an answer drawn on it, or with its only answer."""
        return await heavy(request, "picture", **body.model_dump())

    @app.post("/api/hint", responses=HEAVY_ERRORS)
    async def give_hint(body: HintIn, request: Request) -> Any:
        return await heavy(request, "hint", **body.model_dump())

    @app.post("/api/grade", responses=HEAVY_ERRORS)
    async def grade_it(body: PuzzleIn, request: Request) -> Any:
        """The grade (the weakest rung that finishes the board), its stars (1–5) and
        difficulty, as `rectlogic grade --json`; `grade` is None unless the board has one
        answer (`status` says what it has)."""
        return await heavy(request, "grade", **body.model_dump())

    @app.post("/api/mistakes", responses=HEAVY_ERRORS)
    async def mistakes(body: HintIn, request: Request) -> Any:
        """For Check on an unfinished board: the cells (or rectangles) the player set that
        differ from the only answer — what is already wrong, nothing else."""
        return await heavy(request, "mistakes", **body.model_dump(exclude={"rung"}))

    @app.post("/api/undecided", responses=HEAVY_ERRORS)
    async def open_cells(body: HintIn, request: Request) -> Any:
        return await heavy(request, "undecided", **body.model_dump())

    @app.post("/api/count", responses=HEAVY_ERRORS)
    async def count(body: CountIn, request: Request) -> Any:
        """How many answers, up to `limit`: `exact` when the search looked everywhere and
        found fewer than `limit`, else `count` is a lower bound ("at least")."""
        return await heavy(request, "count", **body.model_dump())

    @app.post("/api/live")
    def live(body: HintIn) -> dict[str, Any]:
        """For "show mistakes as I play": the rules the position already breaks whatever its
        open cells become (cheap: no search), each with its cells."""
        p = _puzzle(body)
        return {"mistakes": [v.to_json() for v in genre_of(p).live_mistakes(p, body.position)]}

    @app.post("/api/solve", responses=HEAVY_ERRORS)
    async def solve_it(body: SolveIn, request: Request) -> Any:
        return await heavy(request, "solve", **body.model_dump())

    @app.post("/api/convert")
    def convert(body: ConvertIn) -> dict[str, Any]:
        loaded = _loaded(body)
        answer = loaded.answer
        if body.answer is not None:
            answer = read_answer(loaded.puzzle, body.answer)
        return jobs.with_warnings(loaded, {"text": dump(loaded.puzzle, answer, body.to)})

    @app.post("/api/generate", responses=HEAVY_ERRORS)
    async def generate(body: GenerateIn, request: Request) -> Any:
        """A board of the grade asked; 503 when none turned up before the deadline."""
        out = await heavy(request, "generate", genre=body.genre, size=body.size,
                          grade=body.grade, seed=body.seed, style=body.style)
        if isinstance(out, dict) and out.get("stopped") == "time":
            return _error(503, out["error"], {"Retry-After": "1"})
        return out

    return app
