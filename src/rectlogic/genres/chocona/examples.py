"""Chocona's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer (pzprjs's, then boards of this project's bank at 6×6, 8×8 and 10×10, one of each
grade), and pzprjs's failing boards with the code its checker gives first
(see `genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

SOLVED = (
    Solved('https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32',
           ['##.###', '##....', '##.#.#', '##.#..', '....##', '.##.##'],
           'pzprjs test/script/chocona.js'),
    Solved('https://puzz.link/p?chocona/6/6/8dotto7lh4e600024012',
           ['......', '...##.', '.#....', '.#...#', '.#.##.', '.#....'],
           'bank (quota)'),
    Solved('https://puzz.link/p?chocona/6/6/nn77kh0602bu024041g4',
           ['.#.#.#', '.#.#.#', '...#.#', '...#.#', '#.....', '.####.'],
           'bank (corner)'),
    Solved('https://puzz.link/p?chocona/6/6/7jj352s0rjpr332g00232',
           ['###.#.', '....#.', '.###.#', '.....#', '###...', '....##'],
           'bank (box)'),
    Solved('https://puzz.link/p?chocona/6/6/44isppvpvce0320112g302',
           ['###.##', '...#..', '#...##', '.#....', '.#...#', '.#...#'],
           'bank (probe)'),
    Solved('https://puzz.link/p?chocona/8/8/3uhionaamlk0nbvc0fm3g01g0101120104280042',
           ['....#.#.', '#.##....', '.#...##.', '#....##.', '#.##....', '..##..##', '#.##..##',
            '#.##....'],
           'bank (quota)'),
    Solved('https://puzz.link/p?chocona/10/10/96kd4l9bh1n2e7sc8h6v7uc03ttffg080efu00301210064011030c104',
           ['.....###.#', '..##....#.', '.....###..', '.##..###..', '.##.#....#', '........#.',
            '.####...#.', '.####.#.#.', '.####.....', '.....####.'],
           'bank (quota)'),
)

FAILING = (
    Failing('pzprv3/chocona/6/6',
            'brNoShade',
            'There are no shaded cells on the board.',
            'https://puzz.link/p?chocona/6/6/000000000000g'),
    Failing('pzprv3/chocona/6/6/11/0 0 1 1 1 1 /0 2 2 2 2 2 /3 4 5 6 7 7 /'
            '3 4 5 6 7 7 /3 5 5 8 9 9 /3 10 10 8 8 9 /3 . 3 . . . /. 1 . . . . /'
            '2 2 . 2 1 . /. . . . . . /. . . . 3 . /. 2 . . . . /# # . . . . /'
            '# # # # # # /. . . . . . /. . . . . . /. . . . . . /. . . . . . /',
            'csNotRect',
            'A mass of shaded cells is not rectangle.',
            'https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32'),
    Failing('pzprv3/chocona/6/6/11/0 0 1 1 1 1 /0 2 2 2 2 2 /3 4 5 6 7 7 /'
            '3 4 5 6 7 7 /3 5 5 8 9 9 /3 10 10 8 8 9 /3 . 3 . . . /. 1 . . . . /'
            '2 2 . 2 1 . /. . . . . . /. . . . 3 . /. 2 . . . . /# # . # # # /'
            '# # . # # # /. . . . . . /. . . . . . /. . . . . . /. . . . . . /',
            'bkShadeNe',
            'The number of shaded cells in the room and the number written in the room is '
            'different.',
            'https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32'),
    Failing('pzprv3/chocona/6/6/11/0 0 1 1 1 1 /0 2 2 2 2 2 /3 4 5 6 7 7 /'
            '3 4 5 6 7 7 /3 5 5 8 9 9 /3 10 10 8 8 9 /3 . 3 . . . /. 1 . . . . /'
            '2 2 . 2 1 . /. . . . . . /. . . . 3 . /. 2 . . . . /# # + # # # /'
            '# # + + + + /# # + # + # /# # + # + + /. . + + # # /. # # + # # /',
            None,
            'Complete!',
            'https://puzz.link/p?chocona/6/6/8guumlfvo1eq33122g21g32'),
)
