"""Shakashaka's compiled rules against their Python twin (the numpy sweeps): the same fixpoint
from any state, seeded or not; the same probing fixpoint; the same search tree; and the fast
leaf test against pzprjs's checks."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from rectlogic.bench.corpus import load_corpus
from rectlogic.engine import Probing, probe, search
from rectlogic.genres.registry import get_genre
from rectlogic.genres.shakashaka import rules
from rectlogic.genres.shakashaka.generate import random_board
from rectlogic.genres.shakashaka.model import Answer

G = get_genre("shakashaka")
DATA = Path(__file__).parent / "data"
SUBSETS = [frozenset(c) for k in range(1, 5)
           for c in itertools.combinations(("clues", "parity", "tips", "reflex"), k)]


@pytest.fixture(scope="module")
def corpus() -> list:
    return [i for i in load_corpus(DATA / "janko" / "Shakashaka_dataset.json")[1]
            if i.puzzle is not None]


def _states(corpus: list, boards: int, seed: int = 0):
    """Mid-solve states of Janko boards: the published answer with a random share of its
    cells left open (some states have no answer left once a wrong guess is mixed in)."""
    rng = np.random.default_rng(seed)
    for item in corpus[:: max(1, len(corpus) // boards)][:boards]:
        answer = G.encode(item.puzzle, item.published)
        d = G.initial_domains(item.puzzle)
        shown = rng.random(d.size) < rng.uniform(0.05, 0.5)
        state = np.where(shown, answer, d).astype(np.uint8)
        if rng.random() < 0.3:  # a wrong value somewhere
            v = int(rng.choice(np.flatnonzero(d != answer)))
            wrong = int(d[v]) & ~int(answer[v])
            state[v] = wrong & -wrong
        yield item.puzzle, state


def test_compiled_fixpoint_equals_the_sweeps(corpus: list) -> None:
    for p, state in _states(corpus, 60):
        for names in SUBSETS:
            sweeps, compiled = rules.build_arrays(p, names), rules.build(p, names)
            if sweeps is None:
                assert compiled is None
                continue
            a, b = sweeps(state[None])[0], compiled(state[None])[0]
            assert a.all() == b.all(), names  # both find the contradiction, or neither
            if a.all():
                assert (a == b).all(), names


def test_seeded_fixpoint_equals_the_full_one(corpus: list) -> None:
    rng = np.random.default_rng(1)
    for p, state in _states(corpus, 30):
        ctx = rules.pack(p, G.rules_for("reflex"))
        base = state.copy()
        if not rules.fixpoint(base, ctx, -1):
            continue
        open_ = np.flatnonzero(base & (base - 1))
        for v in rng.choice(open_, size=min(5, open_.size), replace=False):
            for bit in (1, 2, 4, 8, 16):
                if not base[v] & bit:
                    continue
                full, seeded = base.copy(), base.copy()
                full[v] = seeded[v] = bit
                ok = rules.fixpoint(full, ctx, -1)
                assert ok == rules.fixpoint(seeded, ctx, int(v))
                if ok:
                    assert (full == seeded).all()


def test_compiled_probing_equals_batched_probing(corpus: list) -> None:
    for p, state in _states(corpus, 15, seed=2):
        names = G.rules_for("reflex")
        compiled = rules.build(p, names).probe(state, np.zeros(state.size), 10**12)
        batched = probe(state, rules.build_arrays(p, names))
        assert compiled.all() == batched.all()
        if compiled.all():
            assert (compiled == batched).all()


def test_compiled_search_walks_the_same_tree(corpus: list) -> None:
    """Probing at every node, compiled and in Python: the same nodes, the same answers (on
    Janko's slowest boards and on random boards with several answers)."""
    hard = sorted(corpus, key=lambda i: -i.puzzle.rows * i.puzzle.cols)[:3]
    rng = np.random.default_rng(4)
    small = [random_board(5, 5, rng)[0] for _ in range(6)]
    small = [type(p)(p.rows, p.cols, tuple(tuple(-2 if v >= 0 and rng.random() < 0.6 else v
                                                  for v in row) for row in p.clues))
             for p in small]  # numbers dropped: several answers
    for p in [i.puzzle for i in hard] + small:
        names = G.rules_for("reflex")
        compiled = Probing(rules.build(p, names))
        plain = Probing(rules.build_arrays(p, names))
        assert compiled.compiled and not plain.compiled
        start, accept = G.initial_domains(p), G.accept(p)
        fast = search(start, compiled, accept, limit=0, budget=20_000)
        slow = search(start, plain, accept, limit=0, budget=20_000, weigh=plain.lookahead)
        assert fast.nodes == slow.nodes
        assert sorted(map(bytes, fast.solutions)) == sorted(map(bytes, slow.solutions))


def test_fast_leaf_test_agrees_with_pzprjs_checks(corpus: list) -> None:
    """The search's leaf test (numbers counted over arrays, regions flood-filled compiled)
    against the full checklist, on Janko answers and on one- and two-cell edits of them."""
    rng = np.random.default_rng(3)
    for item in corpus[::8]:
        p, base = item.puzzle, np.array(item.published.cells)
        white = np.argwhere(base != 5)
        for k in range(40):
            e = base.copy()
            for r, c in white[rng.choice(len(white), size=1 + k % 2, replace=False)]:
                e[r, c] = rng.integers(5)
            answer = Answer(tuple(map(tuple, e.tolist())))
            assert G.obeys_rules(p, answer) == (not G.check(p, answer)[0])
        assert G.obeys_rules(p, item.published)


def test_leaf_test_off_the_domains_is_the_validators_verdict(corpus: list) -> None:
    """`accept` reads the search's domains with no Answer built: on Janko answers and on
    one- and two-cell edits of them it says what `obeys_rules` of the decoded answer says."""
    rng = np.random.default_rng(5)
    seen = set()
    for item in corpus[::6]:
        p, base = item.puzzle, np.array(item.published.cells)
        white = np.argwhere(base != 5)
        accept = G.accept(p)
        for k in range(30):
            e = base.copy()
            for r, c in white[rng.choice(len(white), size=k % 3, replace=False)]:
                e[r, c] = rng.integers(5)
            answer = Answer(tuple(map(tuple, e.tolist())))
            verdict = G.obeys_rules(p, answer)
            assert accept(G.encode(p, answer)) == verdict
            seen.add(verdict)
    assert seen == {True, False}
