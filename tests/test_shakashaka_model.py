"""The lattice tables, pinned to the picture itself and to each other."""

from __future__ import annotations

import itertools
import re

import numpy as np

from rectlogic.genres.shakashaka.model import (
    DOMAIN_TO_PATTERNS,
    FULL,
    PARITY,
    PAT,
    PATTERNS_TO_DOMAIN,
    QUAD_PATTERN,
    REFLEX,
    TIPS,
    ring_of,
    support_table,
)
from rectlogic.studies.shakashaka import ring_from_geometry


def test_pattern_table_matches_the_picture_at_all_1296_points() -> None:
    for states in itertools.product(range(6), repeat=4):
        assert ring_of(states) == ring_from_geometry(states), states


def _runs_by_text(ring: int) -> list[int]:
    bits = "".join("1" if (ring >> k) & 1 else "0" for k in range(8))
    if bits == "1" * 8:
        return [8]
    k = bits.index("0")
    rotated = bits[k:] + bits[:k]
    return [len(m) for m in re.findall("1+", rotated)]


def test_tables_against_their_statements() -> None:
    for ring in range(256):
        rs = _runs_by_text(ring)
        assert PAT[ring] == all(n in (2, 4, 8) for n in rs)
        assert TIPS[ring] == all(n % 2 == 0 for n in rs)
        assert REFLEX[ring] == (6 not in rs)
        assert PARITY[ring] == (bin(ring).count("1") % 2 == 0)
    assert PAT[0] and PAT[0xFF] and not PAT[0b00111111]


def test_tips_and_reflex_make_the_full_rule() -> None:
    assert np.array_equal(TIPS & REFLEX, FULL)
    assert not (TIPS & ~PARITY).any()  # parity is implied by tips


def test_support_table_against_enumeration() -> None:
    rng = np.random.default_rng(7)
    for names in (frozenset({"parity", "tips", "reflex"}), frozenset({"tips"}),
                  frozenset({"reflex"})):
        legal = np.ones(256, dtype=bool)
        for n in names:
            legal &= {"parity": PARITY, "tips": TIPS, "reflex": REFLEX}[n]
        table = support_table(names)
        for key in rng.integers(0, 1 << 16, size=400):
            sets = [(int(key) >> (4 * q)) & 15 for q in range(4)]
            want = 0
            for pats in itertools.product(range(4), repeat=4):
                if all((sets[q] >> pats[q]) & 1 for q in range(4)):
                    ring = sum(p << (2 * q) for q, p in enumerate(pats))
                    if legal[ring]:
                        want |= sum(1 << (4 * q + p) for q, p in enumerate(pats))
            assert int(table[key]) == want


def test_domain_pattern_maps_are_inverse() -> None:
    for q in range(4):
        for s in range(6):
            ps = int(DOMAIN_TO_PATTERNS[q][1 << s]) >> (4 * q)
            assert ps == 1 << int(QUAD_PATTERN[q][s])
            assert (int(PATTERNS_TO_DOMAIN[q][ps]) >> s) & 1


def test_shipped_support_tables_equal_the_computed_ones() -> None:
    """The support tables shipped in support/ (read on first use instead of built) are
    exactly what the ring tables give, for every subset of rules, and every one is shipped."""
    import itertools

    from rectlogic.genres.shakashaka.model import (
        RING_TABLES,
        SUPPORT_FOLDER,
        compute_support_table,
        support_key,
    )

    for k in range(1, len(RING_TABLES) + 1):
        for names in itertools.combinations(RING_TABLES, k):
            key = support_key(frozenset(names))
            shipped = np.load(SUPPORT_FOLDER / f"{key}.npy")
            assert np.array_equal(shipped, compute_support_table(frozenset(names))), key
