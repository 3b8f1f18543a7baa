"""Tatamibari studies: how its boards look beside Janko's 150 published ones (the measures of
`bank-looks` and `generator-looks`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..genres.tatamibari.model import SQUARE, TALL, WIDE
from ..grid import NO_CLUE
from .looks import Measures, rectangle_looks, share

LOOKS_BOUNDS = {"marks per 100 cells": (28, 35), "mean area": (2.9, 3.5),
                "rectangles with aspect ≥ 4 %": (10, 18)}
"""Bounds on the means at 10×10 and above about Janko's (31.5, 3.21, 13.9 %), on what gave
the bank away before: boards cut into too many small pieces and few long strips (36.4
marks per 100 cells, 2.81, 9.7 %). Issue 27 names the three first genres; Tatamibari is
held to the same standard."""


def board_looks(puzzle: Any, answer: Any) -> Measures:
    """The region measures Shikaku has (less the four-way crossings, which the rules forbid)
    and which marks show: Janko's boards hold about as many `-` as `|` and a third `+`."""
    clues = np.array(puzzle.clues)
    has = clues != NO_CLUE
    marks = int(has.sum())
    looks = rectangle_looks(has, answer.rects(), np.array(answer.rooms()))
    del looks["four-way crossings per 100 cells"]
    return {"marks per 100 cells": share(marks, has.size),
            "+ marks %": share(int((clues == SQUARE).sum()), marks),
            "- marks %": share(int((clues == WIDE).sum()), marks),
            "| marks %": share(int((clues == TALL).sum()), marks),
            **looks}
