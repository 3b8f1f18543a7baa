"""What a region genre's Genre shares (the region kit's candidates, answers drawn as
borders): domains from the candidate table, the chosen boxes drawn as rooms, a player's
rectangles read back, a narrowing said in words. A genre mixes `RegionGenre` in before
`Genre` and says how its clues read (`clue_label`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...errors import RectlogicError
from ...grid import draw_rooms
from .regions import Borders, candidate_array, candidate_table, candidates, chosen_rects, draw_rects


class RegionGenre:
    """The methods of `Genre` that a genre of one rectangle per clue shares."""

    name: str

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
