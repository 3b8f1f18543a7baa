"""Choco Banana's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer (pzprjs's, then boards of this project's bank: 6×6 of four grades),
and pzprjs's failing boards with the code its checker gives first (see
`genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

URL = "https://puzz.link/p?cbanana/5/5/g13t6h6i1"
_Q = "pzprv3/cbanana/5/5/. 1 3 . . /. . . . . /. . . . . /. . 6 . . /6 . . . 1 /"

SOLVED = (
    Solved(URL, [".#..#", "..#.#", "...#.", "###..", "###.#"], "pzprjs test/script/cbanana.js"),
    Solved('https://puzz.link/p?cbanana/6/6/44j44h-163h-161g3k3g666-16h666h',
           ['##....', '##...#', '...#.#', '.....#', '.###..', '.###..'],
           'bank (size)'),
    Solved('https://puzz.link/p?cbanana/6/6/k31g1g-16l1j2g3g3g2i3-16h',
           ['...###', '#.#...', '.....#', '#.#.#.', '#.#.#.', '#.#...'],
           'bank (box)'),
    Solved('https://puzz.link/p?cbanana/6/6/-133t8l-13i-13g-13g44g4g',
           ['.###.#', '.....#', '.####.', '.####.', '......', '.####.'],
           'bank (nested)'),
    Solved('https://puzz.link/p?cbanana/6/6/j223n2h3h-18j3g2k2g',
           ['....##', '#.....', '#..##.', '#.#...', '..#.#.', '..#.#.'],
           'bank (probe)'),
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
