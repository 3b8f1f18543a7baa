"""Hint walks: a board played from the empty position by hints alone, as a player who follows
every hint would, each move checked against the board's one answer and the finished board by
the validator; and the benchmark over the bank (`rectlogic bench --hints`): per genre and
size, boards, hints, reveals, dead ends, wrong moves and the time of a hint."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .. import bank
from ..errors import RectlogicError
from ..formats.auto import load, read_answer
from ..genres import Board, genre_of
from ..hint import hint, known


@dataclass
class Walk:
    hints: int = 0
    reveals: int = 0
    dead_ends: int = 0
    """Hints that gave no move on an unsolved board (kinds other than deduction or reveal)."""
    wrong: int = 0
    """Moves that disagree with the answer or set a cell already set (no progress)."""
    repeats: int = 0
    """Hints whose text an earlier hint of the walk already gave."""
    solved: bool = False
    ms: list[float] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)


def walk(puzzle: Board, answer: Any, rung: str | None = None) -> Walk:
    """Follow hints from the empty position until the board is solved (or a hint gives no
    move, or a move is wrong: the walk stops there)."""
    genre = genre_of(puzzle)
    truth = genre.answer_json(puzzle, answer)
    play = genre.play(puzzle)
    position = play.empty()
    out, texts = Walk(), set()
    for _ in range(puzzle.rows * puzzle.cols + 1):
        if _finished(genre, puzzle, play.answer(position)):
            out.solved = True
            break
        began = time.perf_counter()
        h = hint(puzzle, position, rung)
        out.ms.append(1000 * (time.perf_counter() - began))
        out.hints += 1
        out.kinds.append(h["kind"])
        out.repeats += h["text"] in texts
        texts.add(h["text"])
        if h["kind"] not in ("deduction", "reveal") or not h["move"]:
            out.dead_ends += 1
            break
        out.reveals += h["kind"] == "reveal"
        if not play.agrees(position, h["move"], truth):
            out.wrong += 1
            break
        position = play.after(position, h["move"])
    return out


def _finished(genre: Any, puzzle: Board, drawn: Any) -> bool:
    """Is what the position draws (None: a cell still open) an answer the validator accepts?"""
    if drawn is None:
        return False
    try:
        return not genre.check(puzzle, read_answer(puzzle, drawn))[0]
    except RectlogicError:  # a partial drawing the reader refuses is unfinished
        return False


def run_hint_bench(rows: Iterable[bank.Row] | None = None,
                   bank_path: str | None = None) -> list[dict[str, Any]]:
    """Walk every bank board (or those given): per genre and size, the boards, how many the
    hints solved, hints, reveals, dead ends, wrong moves, repeated texts, and the median /
    p99 / max time of one hint, every hint counted (the first of a board includes proving its
    answer unique; one hint on the group's first board, before timing, loads the kernels)."""
    groups: dict[tuple[str, int], list[bank.Row]] = {}
    for row in bank.rows(bank_path) if rows is None else rows:
        groups.setdefault((row.genre, row.rows), []).append(row)
    out = []
    for (genre, side), found in sorted(groups.items()):
        first = load(found[0].url, genre).puzzle
        hint(first, genre_of(first).play(first).empty())
        known.cache_clear()
        walks = []
        for row in found:
            p = load(row.url, row.genre).puzzle
            walks.append(walk(p, read_answer(p, row.answer)))
        times = sorted(t for w in walks for t in w.ms)
        out.append({
            "genre": genre, "size": f"{side}x{side}", "boards": len(walks),
            "solved": sum(w.solved for w in walks), "hints": sum(w.hints for w in walks),
            "reveals": sum(w.reveals for w in walks),
            "boards_with_reveals": sum(w.reveals > 0 for w in walks),
            "dead_ends": sum(w.dead_ends for w in walks),
            "wrong": sum(w.wrong for w in walks), "repeats": sum(w.repeats for w in walks),
            "median_ms": round(statistics.median(times), 2) if times else None,
            "p99_ms": round(times[min(len(times) - 1, int(0.99 * len(times)))], 2)
            if times else None,
            "max_ms": round(times[-1], 2) if times else None,
        })
    return out
