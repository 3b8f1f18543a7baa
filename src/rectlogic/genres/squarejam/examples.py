"""Square Jam's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer, and pzprjs's failing boards with the code its checker gives first
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
