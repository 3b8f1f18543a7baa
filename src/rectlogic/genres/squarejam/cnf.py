"""Square Jam in clauses: a variable per candidate square (inside the board, every number in
it its side); every cell covered by exactly one chosen square, and no chosen square's
bottom-right corner the top-left corner of another (four would meet there)."""

from __future__ import annotations

from ...engine.clauses import Cnf, Encoding
from .model import Answer, Puzzle, squares


def encode(puzzle: Puzzle) -> Encoding:
    cnf = Cnf()
    boxes = [tuple(int(v) for v in row[:3]) for row in squares(puzzle).rects]
    chosen = [cnf.var() for _ in boxes]
    on: dict[tuple[int, int], list[int]] = {}
    starts: dict[tuple[int, int], list[int]] = {}
    ends: dict[tuple[int, int], list[int]] = {}
    for v, (t, lft, s) in zip(chosen, boxes, strict=True):
        for r in range(t, t + s):
            for c in range(lft, lft + s):
                on.setdefault((r, c), []).append(v)
        starts.setdefault((t, lft), []).append(v)
        ends.setdefault((t + s, lft + s), []).append(v)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cnf.exactly(on.get((r, c), []), 1)
    for point, closing in ends.items():
        for a in closing:
            cnf.clauses.extend([-a, -b] for b in starts.get(point, []))

    def decode(true: set[int]) -> Answer:
        return Answer.from_rects(puzzle.rows, puzzle.cols, [
            (t, lft, s, s) for v, (t, lft, s) in zip(chosen, boxes, strict=True) if v in true])

    return Encoding(cnf, chosen, decode)
