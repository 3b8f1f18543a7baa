"""What a region genre's Genre, Puzzle, author and generator share (the region kit's
candidates, answers drawn as borders): domains from the candidate table, the chosen boxes
drawn as rooms, a player's rectangles read back, a narrowing said in words (a genre mixes
`RegionGenre` in before `Genre` and says how its clues read, `clue_label`); the clue arrays
of its Puzzle (`RegionPuzzle`); a clue moved inside its rectangle; a skyline tiling."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from ...errors import RectlogicError
from ...grid import NO_CLUE, check_size, draw_rooms, frozen_array
from .regions import (
    Borders,
    Rect,
    candidate_array,
    candidate_table,
    candidates,
    check_borders_fit,
    chosen_rects,
    clue_numbers,
    draw_rects,
)


class RegionGenre:
    """The methods of `Genre` that a genre of one rectangle per clue shares. A genre names
    its checker (`validate(puzzle, answer)`, `live(puzzle, position)`) and its maker
    (`generate(rows, cols, rng, judge)`, `faults(puzzle, answer)`), modules of its package,
    and its leaf tests (`leaf_ok`, `boxes_ok`)."""

    name: str
    checker: ClassVar[ModuleType]
    maker: ClassVar[ModuleType]

    def leaf_ok(self, puzzle: Any, domains: np.ndarray, first: np.ndarray,
                rects: np.ndarray) -> bool:
        """The rule book over uint64 domains decided to one candidate each (compiled)."""
        raise NotImplementedError

    def boxes_ok(self, puzzle: Any, boxes: np.ndarray) -> bool:
        """The rule book over chosen boxes (rows [top, left, height, width])."""
        raise NotImplementedError

    def accept(self, puzzle: Any) -> Callable[[np.ndarray], bool]:
        """The rule book read over the chosen rectangles, compiled (no drawing made): a drawing
        could not show two rectangles on one cell, this check sees the overlap. For uint64
        domains, choosing and checking are one compiled call (a leaf is on every solve's
        path)."""
        rects, _, first = candidate_array(puzzle)

        def ok(d: np.ndarray) -> bool:
            if d.dtype != object:
                return self.leaf_ok(puzzle, d, first, rects)
            return self.boxes_ok(puzzle, self.chosen(puzzle, d))

        return ok

    def faults(self, puzzle: Any, answer: Borders) -> list[str]:
        return self.maker.faults(puzzle, answer)

    def live_mistakes(self, puzzle: Any, position: Any) -> list[Any]:
        return self.checker.live(puzzle, position)

    def pzprjs_findings(self, puzzle: Any, answer: Borders) -> list[Any]:
        check_borders_fit(puzzle, answer)
        return self.checker.validate(puzzle, answer)

    def generate(self, rows: int, cols: int, rng: np.random.Generator, judge: Any) -> Any:
        return self.maker.generate(rows, cols, rng, judge)

    def clue_label(self, value: int) -> str:
        """A clue's value as the board shows it."""
        return str(value)

    def initial_domains(self, puzzle: Any) -> np.ndarray:
        """One bitset of candidates per clue: uint64 when every clue has at most 64 (most
        boards), else Python integers."""
        table = candidate_table(puzzle)
        counts = table.counts
        if counts.size and counts.max() <= 64:
            return table.full.copy()
        d = np.empty(counts.size, dtype=object)
        d[:] = [(1 << n) - 1 for n in counts.tolist()]
        return d

    def chosen(self, puzzle: Any, domains: np.ndarray) -> np.ndarray:
        """Each clue's rectangle (the lowest candidate left), rows [top, left, height, width]."""
        rects, _, first = candidate_array(puzzle)
        if domains.dtype != object:
            return chosen_rects(domains, first, rects)
        pick = np.array([int(v).bit_length() - 1 for v in domains], dtype=np.int64)
        return rects[first[:-1] + pick]

    def decode(self, puzzle: Any, domains: np.ndarray) -> Borders:
        """The chosen rectangles drawn as rooms (a drawing cannot show two rectangles on one
        cell: the leaf test reads the rectangles themselves)."""
        return Borders.from_rooms(draw_rects(self.chosen(puzzle, domains), puzzle.rows,
                                             puzzle.cols)[0])

    def picture(self, puzzle: Any, answer: Borders) -> np.ndarray:
        """Each cell: which rectangle (top, left, height, width) holds it."""
        out = np.zeros((puzzle.rows, puzzle.cols), dtype=np.int64)
        for t, lft, h, w in answer.rects():
            out[t:t + h, lft:lft + w] = ((t * puzzle.cols + lft) * (puzzle.rows + 1) + h) * (
                puzzle.cols + 1) + w
        return out

    def empty_answer(self, puzzle: Any) -> Borders:
        """No line drawn (the first candidates would be an arbitrary drawing, and a clue
        that fits nowhere has none)."""
        return Borders(puzzle.rows, puzzle.cols, (0,) * (puzzle.rows * (puzzle.cols - 1)),
                       (0,) * ((puzzle.rows - 1) * puzzle.cols))

    def encode(self, puzzle: Any, answer: Borders) -> np.ndarray:
        rects = set(answer.rects())
        d = np.empty(len(puzzle.numbers), dtype=object)
        for k, cands in enumerate(candidates(puzzle)):
            d[k] = sum(1 << i for i, rect in enumerate(cands) if rect in rects)
        return d

    def answer_json(self, puzzle: Any, answer: Borders) -> list[list[int]]:
        return [list(rect) for rect in answer.rects()]

    def render(self, puzzle: Any, answer: Borders | None = None) -> str:
        rooms = answer.rooms() if answer is not None else ((0,) * puzzle.cols,) * puzzle.rows
        return draw_rooms(rooms, lambda r, c: self.cell_text(puzzle.clues[r][c]))

    def cell_text(self, value: int) -> str:
        """A cell as `render` writes it."""
        return "." if value == -1 else "?" if value == -2 else self.clue_label(value)

    def position_domains(self, puzzle: Any, position: list[list[int]]) -> np.ndarray:
        """Rectangles drawn so far, [top, left, height, width]: a rectangle holding exactly
        one clue fixes that clue's candidate (to nothing, if it cannot be one)."""
        d = self.initial_domains(puzzle)
        numbers = puzzle.numbers
        cands = candidates(puzzle)
        shape = f"a {self.name.title()} position is a list of [top, left, height, width]"
        if not isinstance(position, list):
            raise RectlogicError(shape)
        for rect in position:
            if not (isinstance(rect, list) and len(rect) == 4
                    and all(isinstance(v, int) for v in rect)):
                raise RectlogicError(shape)
            t, lft, h, w = rect
            inside = [k for k, (r, c, _) in enumerate(numbers)
                      if t <= r < t + h and lft <= c < lft + w]
            if len(inside) == 1:
                k = inside[0]
                d[k] = sum(1 << i for i, cand in enumerate(cands[k]) if cand == tuple(rect))
        return d

    def open_variables(self, puzzle: Any, position: list[list[int]],
                       domains: np.ndarray) -> np.ndarray:
        """The clues whose rectangle is not drawn yet — a clue with one possible rectangle
        from the start is decided, but the player still has to draw it."""
        drawn = {tuple(rect) for rect in position}
        cands = candidates(puzzle)
        return np.array([not any(cands[k][i] in drawn for i in range(len(cands[k]))
                                 if (int(domains[k]) >> i) & 1)
                         for k in range(len(cands))], dtype=bool)

    def describe(self, puzzle: Any, variable: int, before: int, after: int) -> dict:
        r, c, n = puzzle.numbers[variable]
        label = self.cell_text(n)
        cands = candidates(puzzle)[variable]
        left = [cands[i] for i in range(len(cands)) if (after >> i) & 1]
        if len(left) == 1:
            t, lft, h, w = left[0]
            cells = [[rr, cc] for rr in range(t, t + h) for cc in range(lft, lft + w)]
            return {"cells": cells, "text": f"The {label} at row {r + 1}, column {c + 1} takes "
                    f"the {h}×{w} rectangle from row {t + 1}, column {lft + 1}",
                    "values": [list(left[0])],
                    "move": {"rect": list(left[0])}}
        gone = (before & ~after).bit_count()
        return {"cells": [[r, c]], "text": f"The {label} at row {r + 1}, column {c + 1} cannot "
                f"take {gone} of its rectangles ({len(left)} left)",
                "values": [list(x) for x in left]}


class RegionPuzzle:
    """What a region genre's Puzzle (a frozen dataclass with `rows`, `cols` and `clues`, the
    clue per cell, NO_CLUE where none) reads as the kit's puzzle: its clue array and its
    clues in row-major order."""

    rows: int
    cols: int
    clues: tuple[tuple[int, ...], ...]

    def check_grid(self) -> None:
        check_size(self.rows, self.cols)
        if len(self.clues) != self.rows or any(len(r) != self.cols for r in self.clues):
            raise RectlogicError(f"clue grid does not match the size {self.rows}x{self.cols}")

    @cached_property
    def clue_array(self) -> np.ndarray:
        """The clue grid as an array (read by every answer check)."""
        return frozen_array(self.clues, self.rows, self.cols)

    @cached_property
    def number_array(self) -> np.ndarray:
        """The clues (K, 3): row, column, value, in row-major order."""
        return clue_numbers(self.clue_array)

    @cached_property
    def numbers(self) -> tuple[tuple[int, int, int], ...]:
        """The clues (r, c, value) in row-major order: the search's variables."""
        return tuple(map(tuple, self.number_array.tolist()))


def moved_clues(puzzle: Any, answer: Borders, near: set[tuple[int, int]],
                label: Callable[[int], str], moved: Callable[[Any, dict], Any]
                ) -> Iterator[tuple[str, Any]]:
    """Move the clue of a rectangle of `answer` that covers a cell where the answers differ
    to another cell of that rectangle (`moved(puzzle, {cell: value})`: the board changed so;
    `label`: a clue as the setter reads it)."""
    for t, lft, h, w in answer.rects():
        box = [(r, c) for r in range(t, t + h) for c in range(lft, lft + w)]
        if not near.intersection(box):
            continue
        clue = next(((r, c) for r, c in box if puzzle.clues[r][c] != NO_CLUE), None)
        if clue is None:
            continue
        v = puzzle.clues[clue[0]][clue[1]]
        for r, c in box:
            if (r, c) != clue:
                yield (f"move the {label(v)} at row {clue[0] + 1}, column {clue[1] + 1} to row "
                       f"{r + 1}, column {c + 1}", moved(puzzle, {clue: NO_CLUE, (r, c): v}))


def drawn_boxes(puzzle: Any, position: list[list[int]]
                ) -> Iterator[tuple[Rect, list[int], tuple[tuple[int, int], ...]]]:
    """A player's rectangles, checked to lie inside the board: each with the clues inside it
    (row-major) and its cells."""
    clues = puzzle.clue_array
    for rect in position:
        if len(rect) != 4 or not all(isinstance(v, int) for v in rect):
            raise RectlogicError("a position is a list of rectangles [top, left, height, width]")
        t, lft, h, w = rect
        if t < 0 or lft < 0 or h < 1 or w < 1 or t + h > puzzle.rows or lft + w > puzzle.cols:
            raise RectlogicError(f"rectangle {rect} is not inside the board")
        inside = clues[t:t + h, lft:lft + w]
        cells = tuple((r, c) for r in range(t, t + h) for c in range(lft, lft + w))
        yield (t, lft, h, w), inside[inside != NO_CLUE].tolist(), cells


def skyline_tiling(rows: int, cols: int,
                   choose: Callable[[int, int, int], tuple[int, int] | None]
                   ) -> list[Rect] | None:
    """Fill the grid row-major: at the first free cell (r, c), with `run` free cells of the
    same height from it, put the rectangle `choose(r, c, run)` gives (height, width: one
    that fits), or give up (None) when it gives none. (What is filled is a skyline: a
    rectangle at the first free cell starts at its column's height, so it fits where the
    columns beside are as high and the board is deep enough.)"""
    height = [0] * cols
    rects: list[Rect] = []
    while (r := min(height)) < rows:
        c = height.index(r)
        run = 1
        while c + run < cols and height[c + run] == r:
            run += 1
        shape = choose(r, c, run)
        if shape is None:
            return None
        h, w = shape
        height[c:c + w] = [r + h] * w
        rects.append((r, c, h, w))
    return rects


def givens(puzzle: Any) -> list[tuple[int, int]]:
    """Nothing stays fixed once the clues are relaxed (the author part of a region genre)."""
    return []


def unfix(puzzle: Any, cells: Iterable[tuple[int, int]]) -> Any:
    return puzzle
