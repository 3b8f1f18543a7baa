"""The grid helpers and the genre-free engine, on toy problems whose answers are known."""

from __future__ import annotations

import numpy as np
import pytest

from rectlogic.engine import dead, fixpoint, probe, search
from rectlogic.errors import BoardTooLarge, RectlogicError
from rectlogic.grid import MAX_SIDE, check_size, parse_size


def test_parse_size() -> None:
    assert parse_size("8x10") == (8, 10)
    assert parse_size("7") == (7, 7)
    with pytest.raises(RectlogicError):
        parse_size("eight")
    with pytest.raises(BoardTooLarge):
        parse_size(f"{MAX_SIDE + 1}x3")
    with pytest.raises(RectlogicError):
        check_size(0, 3)


def all_different(d: np.ndarray) -> np.ndarray:
    """Toy rule: a decided variable's value is removed from every other variable."""
    out = d.copy()
    for b in range(d.shape[0]):
        for i in range(d.shape[1]):
            v = int(d[b, i])
            if v and v & (v - 1) == 0:
                others = np.arange(d.shape[1]) != i
                out[b, others] &= ~np.uint8(v)
    return out


def test_leaf_only_visits_the_whole_tree() -> None:
    n, k = 4, 3
    d = np.full(n, (1 << k) - 1, dtype=np.uint8)
    r = search(d, leaf_only=True, limit=0)
    assert r.count == k**n
    assert r.nodes == sum(k**i for i in range(n + 1))


def test_propagating_search_counts_permutations() -> None:
    d = np.full(4, 0b1111, dtype=np.uint8)
    prop = lambda b: fixpoint(b, [all_different])  # noqa: E731
    full = search(d, prop, limit=0)
    assert full.count == 24
    assert search(d, prop, limit=5).count == 5
    leaf = search(d, accept=lambda x: len(set(x.tolist())) == 4, leaf_only=True, limit=0)
    assert leaf.count == 24
    assert leaf.nodes > full.nodes


def test_budget_stops_the_search() -> None:
    d = np.full(6, 0b111, dtype=np.uint8)
    r = search(d, leaf_only=True, limit=0, budget=10)
    assert r.exhausted and r.nodes == 10


def test_probe_removes_failed_literals() -> None:
    # Pigeonhole: 3 variables on values {1,2}, all different: no solution; the base rule alone
    # sees nothing, probing sees the contradiction.
    d = np.full(3, 0b11, dtype=np.uint8)
    prop = lambda b: fixpoint(b, [all_different])  # noqa: E731
    assert not dead(prop(d[None]))[0]
    assert not probe(d, prop).all()


def test_batched_fixpoint_equals_one_by_one() -> None:
    rng = np.random.default_rng(3)
    batch = rng.integers(1, 16, size=(20, 5)).astype(np.uint8)
    together = fixpoint(batch, [all_different])
    apart = np.stack([fixpoint(b[None], [all_different])[0] for b in batch])
    alive = ~dead(apart)
    assert np.array_equal(together[alive], apart[alive])
    assert np.array_equal(dead(together), dead(apart))
