"""The heavy requests as plain functions of JSON values, run in the worker processes (see
`workers`) under the request's deadline, returning what the API sends back."""

from __future__ import annotations

from typing import Any

from ..analyze import analyze as analyze_puzzle
from ..engine import limits
from ..errors import BoardTooLarge, RectlogicError
from ..formats.auto import Loaded, genre_name, load, read_answer
from ..generate import NoBoard, make_board
from ..genres import genre_of
from ..genres.generating import DEFAULT_STYLE
from ..grade import grade as grade_puzzle
from ..grid import check_size, parse_size
from ..hint import hint as hint_for
from ..hint import undecided as undecided_for
from ..hint import wrong_marks
from ..render import board_svg
from ..solve import solve as solve_puzzle

WEB_MAX_SIDE = 60
GENERATE_MAX_SIDE = 20
"""Boards the web makes: up to the largest the bank serves."""


def load_puzzle(text: str, genre: str | None) -> Loaded:
    """The puzzle of a request, within the web's size limit (the only one it states: the
    library's larger one is not named here)."""
    try:
        loaded = load(text, genre)
    except BoardTooLarge:
        raise BoardTooLarge(f"the board is larger than the limit of {WEB_MAX_SIDE}x"
                            f"{WEB_MAX_SIDE}") from None
    check_size(loaded.puzzle.rows, loaded.puzzle.cols, WEB_MAX_SIDE)
    return loaded


def with_warnings(loaded: Loaded, out: dict[str, Any]) -> dict[str, Any]:
    """The answer, with `warnings` (what reading the puzzle left out) when there are any."""
    return {**out, "warnings": list(loaded.warnings)} if loaded.warnings else out


def solve(puzzle: str, genre: str | None, rung: str | None, limit: int,
          nodes: int) -> dict[str, Any]:
    loaded = load_puzzle(puzzle, genre)
    p = loaded.puzzle
    return with_warnings(loaded, solve_puzzle(p, rung=rung, limit=limit, budget=nodes).to_json(p))


def count(puzzle: str, genre: str | None, rung: str | None, nodes: int,
          limit: int = 2) -> dict[str, Any]:
    """Answers counted up to `limit`: exact only if the search ended before reaching it."""
    loaded = load_puzzle(puzzle, genre)
    s = solve_puzzle(loaded.puzzle, rung=rung, limit=limit, budget=nodes)
    exact = s.complete and s.count < limit
    return with_warnings(loaded, {
        "status": s.status, "count": s.count, "exact": exact, "complete": exact,
        "limit": limit, "stopped": s.stopped, "nodes": s.nodes,
        "ms": round(s.seconds * 1000, 2)})


def hint(puzzle: str, genre: str | None, position: Any, rung: str | None) -> dict[str, Any]:
    return hint_for(load_puzzle(puzzle, genre).puzzle, position, rung)


def grade(puzzle: str, genre: str | None) -> dict[str, Any]:
    """The board's grade, stars and difficulty, as `rectlogic grade --json` gives them (for a
    board the player opened from a URL; the bank's boards carry theirs), and its `status`."""
    loaded = load_puzzle(puzzle, genre)
    g = grade_puzzle(loaded.puzzle, scored=True)
    return with_warnings(loaded, {**g.to_json(), "status": g.status})


def undecided(puzzle: str, genre: str | None, position: Any,
              rung: str | None) -> dict[str, Any]:
    return {"cells": undecided_for(load_puzzle(puzzle, genre).puzzle, position, rung)}


def generate(genre: str, size: str, grade: str | None, seed: int,
             style: str = DEFAULT_STYLE) -> dict[str, Any]:
    """A board, trying seed, seed+1, … until one reaches the grade or the deadline passes
    (a grade can be missed by one seed by chance)."""
    rows, cols = parse_size(size)
    check_size(rows, cols, GENERATE_MAX_SIDE)
    name = genre_name(genre)
    last: NoBoard | None = None
    for k in range(64):
        if k and limits.expired():
            break
        try:
            return make_board(name, rows, cols, grade, seed + k, style=style).to_json()
        except NoBoard as exc:  # bad luck, not a bad request: try the next seed
            last = exc
    if limits.expired():  # the server's deadline ended the search, not a fault of the request
        return {"stopped": "time",
                "error": f"no {name} {rows}x{cols} board of grade {grade or 'any'} found "
                         "before the deadline; try again, or another grade or a smaller size"}
    raise NoBoard(f"no {name} {rows}x{cols} board of grade {grade or 'any'} found in "
                         f"time; try another grade or a smaller size") from last


def analyze(puzzle: str, genre: str | None, focus: list[int] | None = None,
            patience: float | None = None) -> dict[str, Any]:
    loaded = load_puzzle(puzzle, genre)
    return with_warnings(loaded, analyze_puzzle(
        loaded.puzzle, focus=None if focus is None else (focus[0], focus[1]),
        patience=patience))


def picture(puzzle: str, genre: str | None, answer: Any = None,
            solved: bool = False) -> dict[str, Any]:
    """The board as SVG (`render.board_svg`, as `rectlogic render` draws it), with `answer`
    (the JSON ANSWER) drawn on it, or with its only answer when `solved`."""
    p = load_puzzle(puzzle, genre).puzzle
    drawn = read_answer(p, answer) if answer is not None else None
    if solved and drawn is None:
        found = solve_puzzle(p, limit=2)
        if found.status != "unique":
            raise RectlogicError(f"no answer to draw: the puzzle is {found.status}")
        drawn = found.answers[0]
    return {"svg": board_svg(p, drawn)}


def mistakes(puzzle: str, genre: str | None, position: Any) -> dict[str, Any]:
    """What is already wrong in an unfinished position: the cells (or rectangles) the player
    set that differ from the puzzle's only answer; `unique: false` and nothing marked when it
    has no single answer (then only a finished board is judged)."""
    p = load_puzzle(puzzle, genre).puzzle
    g = genre_of(p)
    g.position_domains(p, position)  # a malformed position is a 400, as everywhere
    found = solve_puzzle(p, limit=2)
    if found.status != "unique":
        return {"unique": False, "wrong": [], "rects": []}
    return {"unique": True, **wrong_marks(p, position, found.answers[0])}


JOBS = {"analyze": analyze, "mistakes": mistakes, "solve": solve, "count": count, "hint": hint,
        "grade": grade, "undecided": undecided, "generate": generate,
        "picture": picture}
