"""Square Jam's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer (pzprjs's, then boards of this project's generator at 6×6, 8×8 and
10×10 of several grades), and pzprjs's failing boards with the code its checker gives first
(see `genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

URL = "https://puzz.link/p?squarejam/6/6/i3s32s1i"
BOARD = ("pzprv3/squarejam/6/6/. . . 3 . . /. . . . . . /. . . . . 3 /2 . . . . . /"
         ". . . . . . /. . 1 . . . /")

SOLVED = (
    Solved(URL, [[0, 0, 1, 1], [0, 1, 2, 2], [0, 3, 3, 3], [1, 0, 1, 1], [2, 0, 2, 2], [2, 2, 1, 1],
                 [3, 2, 2, 2], [3, 4, 1, 1], [3, 5, 1, 1], [4, 0, 2, 2], [4, 4, 2, 2], [5, 2, 1, 1],
                 [5, 3, 1, 1]],
           "pzprjs test/script/squarejam.js"),
    Solved('https://puzz.link/p?squarejam/6/6/l3i21j3u31g1',
           [[0, 0, 3, 3], [0, 3, 2, 2], [0, 5, 1, 1], [1, 5, 1, 1], [2, 3, 3, 3], [3, 0, 3, 3],
            [5, 3, 1, 1], [5, 4, 1, 1], [5, 5, 1, 1]],
           'generated (cover)'),
    Solved('https://puzz.link/p?squarejam/6/6/i2g1k1g3p3n1g1',
           [[0, 0, 3, 3], [0, 3, 2, 2], [0, 5, 1, 1], [1, 5, 1, 1], [2, 3, 3, 3], [3, 0, 3, 3],
            [5, 3, 1, 1], [5, 4, 1, 1], [5, 5, 1, 1]],
           'generated (cross)'),
    Solved('https://puzz.link/p?squarejam/6/6/i2g1w3g3m111',
           [[0, 0, 3, 3], [0, 3, 2, 2], [0, 5, 1, 1], [1, 5, 1, 1], [2, 3, 3, 3], [3, 0, 3, 3],
            [5, 3, 1, 1], [5, 4, 1, 1], [5, 5, 1, 1]],
           'generated (probe)'),
    Solved('https://puzz.link/p?squarejam/8/8/1k111l21m1l2q11m23p',
           [[0, 0, 1, 1], [0, 1, 5, 5], [0, 6, 1, 1], [0, 7, 1, 1], [1, 0, 1, 1], [1, 6, 2, 2],
            [2, 0, 1, 1], [3, 0, 1, 1], [3, 6, 2, 2], [4, 0, 1, 1], [5, 0, 3, 3], [5, 3, 1, 1],
            [5, 4, 1, 1], [5, 5, 3, 3], [6, 3, 2, 2]],
           'generated (core)'),
    Solved('https://puzz.link/p?squarejam/10/10/11i1h2g2j1m3p1l4r1o1k3n3l1o1i',
           [[0, 0, 1, 1], [0, 1, 1, 1], [0, 2, 3, 3], [0, 5, 1, 1], [0, 6, 2, 2], [0, 8, 2, 2],
            [1, 0, 2, 2], [1, 5, 1, 1], [2, 5, 5, 5], [3, 0, 4, 4], [3, 4, 1, 1], [4, 4, 1, 1],
            [5, 4, 1, 1], [6, 4, 1, 1], [7, 0, 3, 3], [7, 3, 3, 3], [7, 6, 1, 1], [7, 7, 3, 3],
            [8, 6, 1, 1], [9, 6, 1, 1]],
           'generated (cross)'),
)

FAILING = (
    Failing(BOARD + "0 1 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /"
            "0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 1 1 1 1 /0 0 0 0 0 0 /0 0 0 0 0 0 /",
            "bkNotSquare", "An area is not a square.", URL),
    Failing(BOARD + "1 0 1 0 0 /1 0 1 0 0 /0 0 1 0 0 /0 0 1 0 0 /0 0 1 0 0 /1 1 1 0 0 /"
            "1 0 0 0 0 0 /1 1 1 0 0 0 /0 0 0 1 1 1 /0 0 0 0 0 0 /1 1 1 0 0 0 /",
            "bkSideNe", "The side length of a room is not equal to a number inside of it.", URL),
    Failing(BOARD + "0 0 1 0 0 /0 0 1 0 0 /0 0 1 0 0 /0 1 0 1 1 /0 1 0 1 0 /1 1 1 1 0 /"
            "0 0 0 0 0 0 /0 0 0 0 0 0 /1 1 1 1 1 1 /0 0 0 0 1 1 /1 1 1 1 0 0 /",
            "bdCross", "There is a crossing border line.", URL),
    Failing(BOARD + "1 1 1 0 0 /1 0 1 0 0 /0 1 1 0 0 /0 1 0 1 1 /0 1 0 1 0 /0 1 1 1 0 /"
            "1 0 0 0 0 0 /1 1 1 0 0 0 /0 0 1 1 1 1 /1 1 0 0 1 1 /0 0 1 1 0 0 /",
            "bdDeadEnd", "There is a dead-end line.", URL),
    Failing(BOARD + "1 0 1 0 0 /1 0 1 0 0 /0 1 1 0 0 /0 1 0 1 1 /0 1 0 1 0 /0 1 1 1 0 /"
            "1 0 0 0 0 0 /1 1 1 0 0 0 /0 0 1 1 1 1 /1 1 0 0 1 1 /0 0 1 1 0 0 /",
            None, "Complete!", URL),
)
