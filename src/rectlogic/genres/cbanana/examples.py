"""Choco Banana's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer (pzprjs's first), and pzprjs's failing boards with the code its checker gives
first (see `genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

URL = "https://puzz.link/p?cbanana/5/5/g13t6h6i1"
_Q = "pzprv3/cbanana/5/5/. 1 3 . . /. . . . . /. . . . . /. . 6 . . /6 . . . 1 /"

SOLVED = (
    Solved(URL, [".#..#", "..#.#", "...#.", "###..", "###.#"], "pzprjs test/script/cbanana.js"),
)

FAILING = (
    Failing(_Q + "+ # + + # /+ + # + # /# + + # + /# # # + + /# # + + # /", "csNotRect",
            "A mass of shaded cells is not rectangle.", URL),
    Failing(_Q + "+ # + + + /+ + # # # /+ + + + + /# # # + + /# # # + # /", "cuRect",
            "A mass of unshaded cells is rectangle.", URL),
    Failing(_Q + "# # + + # /+ + # + # /+ # + # + /+ # + + + /+ + # + # /", "bkSizeNe",
            "The size of the area is not equal to the number.", URL),
    Failing(_Q + "+ # + + + /+ + # + # /+ + + # + /# # # + + /# # # + # /", "bkSizeNe",
            "The size of the area is not equal to the number.", URL),
    Failing(_Q + "+ # + + # /+ + # + # /+ + + # + /# # # + + /# # # + # /", None,
            "Complete!", URL),
)
