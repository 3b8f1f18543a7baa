"""FastAPI app: a thin shell over the library, every request bounded.

Puzzles travel as text in any format the library reads (a URL is simplest). Boards over
60×60, texts over 200,000 characters and node budgets over 50,000 are refused; bad input
is a 4xx JSON error `{"error": "…"}`, never a 500."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from .. import bank
from ..errors import RectlogicError
from ..formats import Loaded, codec, dump, genre_name, load
from ..generate import make_board
from ..genres import GENRE_NAMES, get_genre
from ..grid import check_size, parse_size
from ..hint import hint, undecided
from ..solve import solve

STATIC = Path(__file__).parent / "static"
WEB_MAX_SIDE = 60
MAX_TEXT = 200_000
MAX_NODES = 50_000


class PuzzleIn(BaseModel):
    puzzle: Annotated[str, Field(max_length=MAX_TEXT, description="URL or file text")]
    genre: str | None = None


class CheckIn(PuzzleIn):
    answer: Any = Field(description="the genre's JSON ANSWER")


class HintIn(PuzzleIn):
    position: Any = Field(description="the answer so far; undecided cells as _")
    rung: str | None = None


class SolveIn(PuzzleIn):
    rung: str | None = None
    limit: Annotated[int, Field(ge=0, le=10)] = 2
    nodes: Annotated[int, Field(ge=1, le=MAX_NODES)] = 20_000


class ConvertIn(PuzzleIn):
    to: str
    answer: Any = Field(default=None, description="an answer to write with it (JSON ANSWER)")


class GenerateIn(BaseModel):
    genre: str
    size: str = "8x8"
    grade: str | None = None
    seed: Annotated[int, Field(ge=0, le=2**31)] = 0


def _loaded(body: PuzzleIn) -> Loaded:
    loaded = load(body.puzzle, body.genre)
    check_size(loaded.puzzle.rows, loaded.puzzle.cols, WEB_MAX_SIDE)
    return loaded


def _puzzle(body: PuzzleIn) -> Any:
    return _loaded(body).puzzle


def board_json(puzzle: Any) -> dict[str, Any]:
    """What a player page needs to draw the board."""
    out: dict[str, Any] = {"genre": puzzle.genre, "rows": puzzle.rows, "cols": puzzle.cols,
                           "url": dump(puzzle, None, "url").strip(),
                           "rungs": list(get_genre(puzzle.genre).LADDER)}
    if puzzle.genre == "chocona":
        out["regions"] = [list(r) for r in puzzle.regions]
        out["clues"] = [{"cell": list(puzzle.top_cell(k)), "value": v}
                        for k, v in enumerate(puzzle.clues) if v != -1]
    else:
        out["clues"] = [list(row) for row in puzzle.clues]
    return out


def create_app(bank_path: str | Path | None = None) -> FastAPI:
    app = FastAPI(title="rectlogic", version="0.1.0",
                  description="Shakashaka, Shikaku and Chocona: check, hint, count, solve.")

    @app.exception_handler(RectlogicError)
    async def bad_input(request: Request, exc: RectlogicError) -> JSONResponse:
        return JSONResponse(status_code=400, content={"error": str(exc)})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/play", response_class=HTMLResponse)
    def player() -> str:
        return (STATIC / "play.html").read_text(encoding="utf-8")

    @app.get("/", response_class=HTMLResponse)
    def home() -> str:
        """Genre × size × grade: a link to a bank board where there is one, greyed out where
        the bank has none; and a form to generate a new board."""
        first: dict[tuple[str, int, int, str], int] = {}
        for b in bank.rows(bank_path):
            first.setdefault((b.genre, b.rows, b.cols, b.grade), b.id)
        sizes = sorted({(r, c) for _, r, c, _ in first})
        parts = []
        for genre in GENRE_NAMES:
            ladder = [*get_genre(genre).LADDER, "search"][1:]
            head = "".join(f"<th>{g}" for g in ladder)
            body = ""
            for r, c in sizes:
                cells = "".join(
                    f"<td><a href='/play?id={first[genre, r, c, g]}'>play</a>"
                    if (genre, r, c, g) in first else "<td class=none>—"
                    for g in ladder
                )
                body += f"<tr><th>{r}×{c}{cells}</tr>"
            parts.append(f"<h2>{genre}</h2><table><tr><th>{head}</tr>{body}</table>")
        genres = "".join(f"<option>{g}</option>" for g in GENRE_NAMES)
        return (
            "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
            "<title>rectlogic</title><link rel=stylesheet href=/static/play.css>"
            "<h1>rectlogic</h1><p>Pick a board from the bank (— : none of that grade), "
            "<a href=/play>paste a puzz.link URL</a>, or make a new one. "
            "The JSON API: <a href=/docs>/docs</a>."
            f"<form id=gen><select name=genre>{genres}</select> "
            "<input name=size value=8x8 size=5> <input name=grade placeholder='grade (any)' size=9>"
            " <button>Generate</button> <span id=genmsg></span></form>"
            + "".join(parts)
            + "<script>gen.onsubmit=async e=>{e.preventDefault();const f=new FormData(gen);"
            "genmsg.textContent='making…';const r=await fetch('/api/generate',{method:'POST',"
            "headers:{'content-type':'application/json'},body:JSON.stringify({genre:f.get('genre'),"
            "size:f.get('size'),grade:f.get('grade')||null,seed:Math.floor(Math.random()*1e6)})});"
            "const d=await r.json();if(!r.ok){genmsg.textContent=d.error||'bad request';return}"
            "location.href='/play?url='+encodeURIComponent(d.url)}</script>"
        )

    @app.get("/api/bank")
    def bank_counts() -> list[dict[str, Any]]:
        return bank.counts(bank_path)

    @app.get("/api/bank/boards")
    def bank_boards(genre: str | None = None, size: str | None = None,
                    grade: str | None = None,
                    limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> list[dict]:
        found = bank.rows(bank_path, genre_name(genre) if genre else None)
        if size:
            r, c = parse_size(size)
            found = [b for b in found if (b.rows, b.cols) == (r, c)]
        if grade:
            found = [b for b in found if b.grade == grade]
        return [b.to_json() for b in found[:limit]]

    @app.get("/api/bank/{board_id}")
    def bank_board(board_id: int) -> dict[str, Any]:
        return bank.get(board_id, bank_path).to_json()

    @app.post("/api/puzzle")
    def puzzle(body: PuzzleIn) -> dict[str, Any]:
        return board_json(_puzzle(body))

    @app.post("/api/check")
    def check(body: CheckIn) -> dict[str, Any]:
        p = _puzzle(body)
        answer = codec(p.genre).answer_from_json(p, body.answer)
        errors, notes = get_genre(p.genre).check(p, answer)
        return {"ok": not errors, "errors": [e.to_json() for e in errors],
                "notes": [e.to_json() for e in notes]}

    @app.post("/api/hint")
    def give_hint(body: HintIn) -> dict[str, Any]:
        return hint(_puzzle(body), body.position, body.rung)

    @app.post("/api/undecided")
    def open_cells(body: HintIn) -> dict[str, Any]:
        return {"cells": undecided(_puzzle(body), body.position, body.rung)}

    @app.post("/api/count")
    def count(body: SolveIn) -> dict[str, Any]:
        s = solve(_puzzle(body), rung=body.rung, limit=2, budget=body.nodes)
        return {"status": s.status, "count": s.count, "nodes": s.nodes,
                "ms": round(s.seconds * 1000, 2)}

    @app.post("/api/solve")
    def solve_it(body: SolveIn) -> dict[str, Any]:
        p = _puzzle(body)
        return solve(p, rung=body.rung, limit=body.limit, budget=body.nodes).to_json(p)

    @app.post("/api/convert")
    def convert(body: ConvertIn) -> dict[str, Any]:
        loaded = _loaded(body)
        answer = loaded.answer
        if body.answer is not None:
            answer = codec(loaded.puzzle.genre).answer_from_json(loaded.puzzle, body.answer)
        return {"text": dump(loaded.puzzle, answer, body.to)}

    @app.post("/api/generate")
    def generate(body: GenerateIn) -> dict[str, Any]:
        rows, cols = parse_size(body.size)
        check_size(rows, cols, 15)  # a web request makes small boards only
        return make_board(genre_name(body.genre), rows, cols, body.grade, body.seed).to_json()

    return app
