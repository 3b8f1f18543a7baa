"""Tatamibari's own examples, as pzprjs's test script has them: puzz.link URLs with their one
answer (pzprjs's, then boards of this project's generator at 6×6, 8×8 and 10×10, one of
each grade), and pzprjs's failing boards with the code its checker gives first
(see `genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

SOLVED = (
    Solved('https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g',
           [[0, 0, 3, 2], [0, 2, 2, 2], [0, 4, 2, 1], [2, 2, 3, 1], [2, 3, 1, 2], [3, 0, 2,
            1], [3, 1, 1, 1], [3, 3, 2, 2], [4, 1, 1, 1]],
           'pzprjs test/script/tatamibari.js'),
    Solved('https://puzz.link/p?tatamibari/6/6/h3n3p11g3g1g3h1h3',
           [[0, 0, 4, 4], [0, 4, 2, 2], [2, 4, 4, 1], [2, 5, 2, 1], [4, 0, 2, 2], [4, 2, 2,
            1], [4, 3, 2, 1], [4, 5, 1, 1], [5, 5, 1, 1]],
           'generated (dual)'),
    Solved('https://puzz.link/p?tatamibari/6/6/3h31n21i3h1h311i2i3g',
           [[0, 0, 2, 2], [0, 2, 4, 1], [0, 3, 1, 1], [0, 4, 4, 2], [1, 3, 5, 1], [2, 0, 1,
            2], [3, 0, 1, 1], [3, 1, 2, 1], [4, 0, 1, 1], [4, 2, 2, 1], [4, 4, 2, 2], [5, 0,
            1, 2]],
           'generated (corners)'),
    Solved('https://puzz.link/p?tatamibari/6/6/h3h31p12j33g33m2',
           [[0, 0, 3, 2], [0, 2, 3, 3], [0, 5, 1, 1], [1, 5, 2, 1], [3, 0, 1, 4], [3, 4, 2,
            2], [4, 0, 2, 2], [4, 2, 1, 1], [4, 3, 1, 1], [5, 2, 1, 4]],
           'generated (probe)'),
    Solved('https://puzz.link/p?tatamibari/8/8/1g23o2i3h31g2m1h23g3k11i1g3h1i12g1g3g',
           [[0, 0, 4, 1], [0, 1, 1, 2], [0, 3, 1, 1], [0, 4, 2, 4], [1, 1, 3, 3], [2, 4, 1,
            1], [2, 5, 2, 1], [2, 6, 1, 2], [3, 4, 3, 1], [3, 6, 3, 2], [4, 0, 2, 3], [4, 3,
            1, 1], [4, 5, 1, 1], [5, 3, 2, 1], [5, 5, 3, 1], [6, 0, 2, 1], [6, 1, 2, 1], [6,
            2, 1, 1], [6, 4, 2, 1], [6, 6, 2, 2], [7, 2, 1, 2]],
           'generated (dual)'),
    Solved('https://puzz.link/p?tatamibari/8/8/g3g23h1h3k2h1k3l131i2h2j2g31k33l3',
           [[0, 0, 2, 2], [0, 2, 1, 2], [0, 4, 3, 3], [0, 7, 6, 1], [1, 2, 1, 1], [1, 3, 4,
            1], [2, 0, 1, 3], [3, 0, 2, 1], [3, 1, 1, 1], [3, 2, 5, 1], [3, 4, 2, 3], [4, 1,
            1, 1], [5, 0, 1, 2], [5, 3, 3, 4], [6, 0, 1, 1], [6, 1, 2, 1], [6, 7, 1, 1], [7,
            0, 1, 1], [7, 7, 1, 1]],
           'generated (probe)'),
    Solved('https://puzz.link/p?tatamibari/10/10/h2h2i2l3i3t3q3g1x31i31j1l33l3g2g13',
           [[0, 0, 2, 3], [0, 3, 2, 3], [0, 6, 1, 4], [1, 6, 2, 2], [1, 8, 4, 2], [2, 0, 4,
            4], [2, 4, 2, 2], [3, 6, 2, 2], [4, 4, 5, 2], [5, 6, 3, 3], [5, 9, 2, 1], [6, 0,
            4, 4], [7, 9, 2, 1], [8, 6, 1, 1], [8, 7, 1, 1], [8, 8, 2, 1], [9, 4, 1, 1], [9,
            5, 1, 3], [9, 9, 1, 1]],
           'generated (corners)'),
)

FAILING = (
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /0 0 0 0 '
            '/0 0 0 0 /0 0 0 0 /1 1 0 0 /1 1 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /1 1 0 0 0 /',
            'bdCross',
            'There is a crossing border line.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /1 1 0 0 '
            '/1 1 0 0 /1 1 0 0 /1 1 0 0 /1 1 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /',
            'bkNoNum',
            'A tatami has no marks.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /1 0 0 1 '
            '/1 0 0 1 /0 0 0 0 /1 1 0 0 /1 1 0 0 /0 0 0 0 0 /0 1 1 1 0 /0 1 0 0 0 /0 1 0 0 0 /',
            'bkNotSquare',
            'A tatami is not a square.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /0 0 0 0 '
            '/0 0 0 0 /0 0 0 1 /1 1 0 1 /1 1 0 1 /0 0 0 0 0 /0 0 0 0 1 /0 1 0 0 0 /0 1 0 0 0 /',
            'bkNotHRect',
            'A tatami is not a horizontally long rectangle.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /0 0 1 0 '
            '/0 0 1 0 /0 0 0 0 /1 1 0 0 /1 1 0 0 /0 0 0 0 0 /0 0 0 1 1 /0 1 0 0 0 /0 1 0 0 0 /',
            'bkNotVRect',
            'A tatami is not a vertically long rectangle.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /0 0 0 0 '
            '/0 0 0 0 /0 0 0 0 /1 1 0 0 /1 1 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /',
            'bkNumGe2',
            'A tatami has multiple marks.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /0 1 0 1 '
            '/0 1 0 1 /0 1 1 0 /1 1 1 1 /1 1 1 0 /0 0 0 0 0 /0 0 1 1 1 /1 1 0 1 0 /0 1 0 0 1 /',
            'bkNotRect',
            'A tatami is not rectangle.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /0 1 0 1 '
            '/0 1 0 1 /0 1 1 0 /1 1 1 1 /1 1 1 0 /0 0 0 0 0 /0 0 1 1 1 /1 1 0 1 1 /0 1 0 0 0 /',
            'bdDeadEnd',
            'There is a dead-end line.',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
    Failing('pzprv3/tatamibari/5/5/. . . . . /. . c . a /a . . . b /. c a . . /a c . c . /-1 1 0 1 '
            '/0 1 0 1 /-1 1 1 0 /1 1 1 0 /1 1 1 0 /-1 -1 0 0 0 /-1 -1 1 1 1 /1 1 -1 1 1 /0 1 -1 0 0'
            ' /',
            None,
            'Complete!',
            'https://puzz.link/p?tatamibari/5/5/m3g11i2g31h13g3g'),
)
