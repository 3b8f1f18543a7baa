"""Shakashaka's own examples, as pzprjs's test script has them: puzz.link URLs with their
one answer (pzprjs's, then boards of this project's bank at 6×6, 8×8 and 10×10, one of each
grade), and pzprjs's failing boards with the code its checker gives first
(see `genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

SOLVED = (
    Solved('https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb',
           ['2◤◥.1.', '◤.◢3◤◥', '◣◢4◤.◢', '3◤◥◣◢.', '◤.◢.◤◥', '◣◢.1◣◢'],
           'pzprjs test/script/shakashaka.js'),
    Solved('https://puzz.link/p?shakashaka/6/6/jbi61.hbi.mcc',
           ['..◤◥1.', '..◣◢1.', '1#◤◥1.', '◤◥◣◢#.', '◣.◥.◤◥', '2◣◢2◣◢'],
           'bank (tips)'),
    Solved('https://puzz.link/p?shakashaka/6/6/rdg.kclch',
           ['◤◥.◤◥.', '◣.◥◣◢.', '3◣.◥#.', '◤◥◣◢2.', '◣◢◤◥◤◥', '.2◣◢◣◢'],
           'bank (reflex)'),
    Solved('https://puzz.link/p?shakashaka/6/6/g0.j1bkdjcdm',
           ['.0#.◤◥', '.11.◣◢', '◤◥◤◥3.', '◣◢◣.◥2', '◤◥3◣.◥', '◣◢..◣◢'],
           'bank (probe)'),
    Solved('https://puzz.link/p?shakashaka/8/8/n.0cn7bi6al.cl2.hckb',
           ['....◤◥◤◥', '#02◤.◢◣◢', '..◤.◢2.1', '..◣◢.1.0', '..◤◥.◤◥.', '#2◣◢.◣◢.', '◤◥2#◤◥2.',
            '◣◢..◣◢1.'],
           'bank (tips)'),
    Solved('https://puzz.link/p?shakashaka/10/10/lcjdjdh.h.lc.negdo1bldcp7chbg',
           ['◤◥..◤◥2◤◥.', '◣.◥3◣◢.◣◢.', '3◣.◥.#◤◥#.', '◤◥◣◢.2◣◢#.', '◣◢◤◥.◤◥4◤◥', '.3◣◢.◣.◥◣◢',
            '◤◥.11.◣◢◤◥', '◣.◥3◤◥2.◣◢', '.◣.◥◣◢.◤◥2', '.2◣◢..1◣◢.'],
           'bank (tips)'),
)

FAILING = (
    Failing('pzprv3/shakashaka/6/6',
            'brNoTriangle',
            'There are no triangles on the board.',
            'https://puzz.link/p?shakashaka/6/6/zv'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 1 . . /. 5 4 . . . /5 . 3 . . . /'
            '2 3 . . . . /. . . . . . /. . . . . . /. 2 3 . 2 3 /',
            'nmTriangleGt',
            'There are too many triangles adjacent to a number.',
            'https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 1 . . /. 5 4 . . . /5 . 3 . . . /'
            '2 3 . . . . /. . . . . . /. . . . . . /. . . . 2 3 /',
            'cuNotRectx',
            'A white area is not rectangle.',
            'https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . 5 /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 5 . . /. 5 4 . . . /5 . 3 . . . /'
            '2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /',
            'cuNotRectx',
            'A white area is not rectangle.',
            'https://puzz.link/p?shakashaka/6/6/cgbh8.hegdr.h'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 1 . . /. 5 4 . . . /5 . 3 . 5 4 /'
            '2 3 . 5 5 3 /. 5 4 2 3 . /5 . 3 . 5 4 /2 3 . . 2 3 /',
            'cuNotRectx',
            'A white area is not rectangle.',
            'https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 1 . . /. 5 4 . . . /5 . 3 . . . /'
            '2 3 . . 5 4 /. 5 4 5 . 3 /5 . 3 2 . 4 /2 3 . . 2 3 /',
            'nmTriangleGt',
            'There are too many triangles adjacent to a number.',
            'https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 2 . . /. 5 4 + . + /5 . 3 . 5 4 /'
            '2 3 . 5 . 3 /. 5 4 2 3 + /5 . 3 + 5 4 /2 3 . . 2 3 /',
            'nmTriangleLt',
            'There are not enough triangles adjacent to a number.',
            'https://puzz.link/p?shakashaka/6/6/cgbhdhegdrc'),
    Failing('pzprv3/shakashaka/6/6/2 . . . 1 . /. . . 3 . . /. . 4 . . . /'
            '3 . . . . . /. . . . . . /. . . 1 . . /. 5 4 + . + /5 . 3 . 5 4 /'
            '2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /',
            None,
            'Complete!',
            'https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb'),
)
