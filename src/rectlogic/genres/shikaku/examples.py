"""Shikaku's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer (pzprjs's, then boards of this project's bank at 6×6, 8×8 and 10×10, one of each
grade), and pzprjs's failing boards with the code its checker gives first
(see `genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

SOLVED = (
    Solved('https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j',
           [[0, 0, 5, 1], [0, 1, 3, 2], [0, 3, 1, 3], [1, 3, 2, 3], [3, 1, 2, 3], [3, 4, 2, 1],
            [3, 5, 3, 1], [5, 0, 1, 5]],
           'pzprjs test/script/shikaku.js'),
    Solved('https://puzz.link/p?shikaku/6/6/h5h5i8p5jao3',
           [[0, 0, 1, 5], [0, 5, 5, 1], [1, 0, 5, 2], [1, 2, 5, 1], [1, 3, 4, 2], [5, 3, 1, 3]],
           'bank (coverer)'),
    Solved('https://puzz.link/p?shikaku/6/6/l9j6k46i6o5i',
           [[0, 0, 3, 3], [0, 3, 2, 3], [2, 3, 3, 2], [2, 5, 4, 1], [3, 0, 2, 3], [5, 0, 1, 5]],
           'bank (dual)'),
    Solved('https://puzz.link/p?shikaku/6/6/6i4l6g8q4g4k4h',
           [[0, 0, 6, 1], [0, 1, 1, 4], [0, 5, 6, 1], [1, 1, 2, 4], [3, 1, 2, 2], [3, 3, 2, 2],
            [5, 1, 1, 4]],
           'bank (probe)'),
    Solved('https://puzz.link/p?shikaku/8/8/g4h5ha3j5h6n6n64x6j9j',
           [[0, 0, 1, 4], [0, 4, 5, 1], [0, 5, 5, 1], [0, 6, 5, 2], [1, 0, 1, 3], [1, 3, 4, 1],
            [2, 0, 6, 1], [2, 1, 6, 1], [2, 2, 6, 1], [5, 3, 3, 3], [5, 6, 3, 2]],
           'bank (coverer)'),
    Solved('https://puzz.link/p?shikaku/10/10/k6g4i5p4h8k9l4p5p4h48g9l3k5h4k4g4k28h',
           [[0, 0, 1, 6], [0, 6, 9, 1], [0, 7, 2, 2], [0, 9, 5, 1], [1, 0, 1, 5], [1, 5, 8, 1],
            [2, 0, 1, 4], [2, 4, 8, 1], [2, 7, 8, 1], [2, 8, 4, 1], [3, 0, 3, 3], [3, 3, 4, 1],
            [5, 9, 5, 1], [6, 0, 2, 2], [6, 2, 4, 1], [6, 8, 4, 1], [7, 3, 3, 1], [8, 0, 2, 2],
            [9, 5, 1, 2]],
           'bank (coverer)'),
)

FAILING = (
    Failing('pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /'
            '. 6 . . 2 3 /. 5 . . . . /0 0 0 0 0 /0 1 0 1 0 /0 1 0 1 0 /0 1 0 1 0 /'
            '0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /'
            '0 0 1 1 0 0 /0 0 0 0 0 0 /',
            'bkNoNum',
            'An area has no numbers.',
            'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'),
    Failing('pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /'
            '. 6 . . 2 3 /. 5 . . . . /0 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /'
            '1 0 0 0 0 /0 -1 -1 -1 0 /0 0 0 0 0 0 /-1 0 0 0 0 0 /-1 0 0 0 0 0 /'
            '-1 0 0 0 0 0 /0 1 1 1 1 0 /',
            'bkNumGe2',
            'An area has more than one number.',
            'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'),
    Failing('pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /'
            '. 6 . . 2 3 /. 5 . . . . /0 1 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /'
            '1 -1 1 0 1 /0 -1 -1 -1 1 /0 1 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /'
            '-1 -1 -1 0 0 0 /1 1 1 1 1 0 /',
            'bkNotRect',
            'An area is not a rectangle.',
            'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'),
    Failing('pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /'
            '. 6 . . 2 3 /. 5 . . . . /1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /'
            '1 -1 1 0 1 /0 -1 -1 -1 1 /0 0 0 1 1 1 /-1 1 1 0 0 0 /-1 0 0 1 1 1 /'
            '-1 -1 -1 0 0 0 /1 1 1 1 1 0 /',
            'bkSizeNe',
            'The size of the area is not equal to the number.',
            'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'),
    Failing('pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /'
            '. 6 . . 2 3 /. 5 . . . . /1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 0 1 1 /'
            '1 -1 1 1 1 /0 -1 -1 -1 1 /0 0 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /'
            '-1 -1 -1 0 0 0 /1 1 1 1 1 0 /',
            'bdDeadEnd',
            'There is a dead-end line.',
            'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'),
    Failing('pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /'
            '. 6 . . 2 3 /. 5 . . . . /1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /'
            '1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /0 -1 -1 1 1 1 /-1 -1 -1 0 0 0 /'
            '-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /',
            None,
            'Complete!',
            'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'),
)
