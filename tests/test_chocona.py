"""Chocona: three readings of the rectangle law agree, pzprjs's cases and Janko's answers hold,
and the formats round-trip byte for byte."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rectlogic.bench import load_corpus
from rectlogic.engine.kernel import NO_TALLIES
from rectlogic.errors import RectlogicError
from rectlogic.formats.auto import dump, load
from rectlogic.genres.chocona import Answer, Puzzle
from rectlogic.genres.chocona.brute import brute_force, pairwise_legal_count
from rectlogic.genres.chocona.model import make_puzzle
from rectlogic.genres.registry import get_genre
from rectlogic.solve import solve

from .conftest import DATA, check_pzprjs_cases, pzprjs_group

G = get_genre("chocona")


def blank(rows: int, cols: int) -> Puzzle:
    return make_puzzle([[0] * cols for _ in range(rows)], [[-1] * cols for _ in range(rows)])


@pytest.mark.parametrize(("rows", "cols", "expected"), [(2, 2, 12), (3, 3, 208), (4, 4, None)])
def test_clue_free_boards_three_readings(rows: int, cols: int, expected: int | None) -> None:
    pairwise = pairwise_legal_count(rows, cols)
    if expected is not None:
        assert pairwise == expected
    p = blank(rows, cols)
    assert solve(p, limit=0).count == pairwise
    if rows * cols <= 9:
        assert len(brute_force(p)) == pairwise


def random_board(seed: int) -> Puzzle:
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 5)), int(rng.integers(2, 5))
    labels = rng.integers(0, 4, size=(rows, cols)).tolist()
    p = make_puzzle(labels, [[-1] * cols for _ in range(rows)])
    clues = []
    for cells in p.region_cells:
        x = rng.random()
        clues.append(-1 if x < 0.3 else -2 if x < 0.4 else int(rng.integers(0, len(cells) + 1)))
    return Puzzle(p.rows, p.cols, p.regions, tuple(clues))


BOARDS = [random_board(s) for s in range(25)]


@pytest.mark.parametrize("p", BOARDS, ids=lambda p: f"{p.rows}x{p.cols}:{p.clues}")
def test_search_agrees_with_brute_force(p: Puzzle) -> None:
    truth = sorted(map(str, brute_force(p)))
    for rung in G.LADDER:  # `nested` searches as `ways` does: the search never nests
        r = solve(p, rung=rung, limit=0)
        assert r.status != "unknown"
        assert sorted(map(str, r.answers)) == truth, rung
    leaf = solve(p, limit=0, leaf_only=True)
    assert sorted(map(str, leaf.answers)) == truth
    assert leaf.nodes == 2 ** (p.rows * p.cols + 1) - 1


@pytest.mark.parametrize("p", BOARDS[:12], ids=lambda p: f"{p.rows}x{p.cols}:{p.clues}")
def test_no_rule_set_loses_a_real_answer(p: Puzzle) -> None:
    truth = [G.encode(p, a) for a in brute_force(p)]
    start = G.initial_domains(p)
    for k in range(len(G.RULES)):  # every subset: the probing rules alone and nested too
        for names in itertools.combinations(G.RULES, k + 1):
            prop = G.propagator(p, frozenset(names))
            if prop is None:
                continue
            d = prop(start[None])[0]
            for t in truth:
                assert ((t & d) == t).all(), names
    d = G.propagators(p, G.rules_for("probe"), for_search=True)[0](start[None])[0]
    for t in truth:  # the regions' ways tried too
        assert ((t & d) == t).all()


# -- external truth ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pzprjs() -> dict:
    return pzprjs_group("chocona")


def test_pzprjs_cases(pzprjs: dict) -> None:
    check_pzprjs_cases(pzprjs)


def test_pzprjs_puzzle_solves_to_the_correct_case(pzprjs: dict) -> None:
    correct = next(c for c in pzprjs["cases"] if c["expect"] is None)
    loaded = load(correct["board"])
    r = solve(load(pzprjs["full_url"]).puzzle)
    assert r.status == "unique" and r.answers == [loaded.answer]


def test_top_cell_is_leftmost_then_topmost(pzprjs: dict) -> None:
    p = load(pzprjs["full_url"]).puzzle
    for k, room in enumerate(pzprjs["url_decoded"]["rooms"]):
        assert list(p.top_cell(k)) == room["top"]


@pytest.fixture(scope="module")
def corpus() -> list:
    genre, items = load_corpus(DATA / "janko" / "Chocona_dataset.json")
    assert genre == "chocona" and len(items) == 250
    return items


@pytest.mark.parametrize("part", range(6))
def test_every_janko_puzzle_solves_to_its_published_answer(corpus: list, part: int) -> None:
    """All 250 (about a minute of CPU: a few late boards still take seconds each)."""
    for item in corpus[part::6]:
        r = solve(item.puzzle)
        assert r.status == "unique", item.key
        assert r.answers[0] == item.published, item.key


# -- formats --------------------------------------------------------------------------------


def test_empty_board_url() -> None:
    p = blank(6, 6)
    assert dump(p, None, "url").strip() == "https://puzz.link/p?chocona/6/6/000000000000g"
    assert load("https://puzz.link/p?chocona/6/6").puzzle == p


boards = st.integers(1, 7).flatmap(
    lambda rows: st.integers(1, 7).flatmap(
        lambda cols: st.tuples(
            st.lists(st.lists(st.integers(0, 3), min_size=cols, max_size=cols),
                     min_size=rows, max_size=rows),
            st.lists(st.integers(-2, 300), min_size=rows * cols, max_size=rows * cols),
            st.lists(st.integers(0, 1), min_size=rows * cols, max_size=rows * cols),
        )
    )
)


@settings(max_examples=120, deadline=None)
@given(boards)
def test_round_trips(data: tuple) -> None:
    labels, values, shade = data
    rows, cols = len(labels), len(labels[0])
    base = make_puzzle(labels, [[-1] * cols for _ in range(rows)])
    p = Puzzle(rows, cols, base.regions, tuple(values[: len(base.clues)]))
    a = Answer(tuple(tuple(shade[r * cols : (r + 1) * cols]) for r in range(rows)))
    url = dump(p, None, "url").strip()
    assert load(url).puzzle == p
    assert dump(load(url).puzzle, None, "url").strip() == url
    for fmt in ("pzprv3", "janko", "text"):
        back = load(dump(p, a, fmt), genre="chocona")
        assert back.puzzle == p, fmt
        if fmt != "text" or any(map(any, a.shaded)):
            assert back.answer == a, fmt


def test_legacy_room_ids_are_read_as_connected_rooms() -> None:
    # label 1 appears in two separate places: two rooms, as pzprjs draws them
    text = "pzprv3/chocona/2/3/3/1 0 1 /1 0 1 /. . 2 /. . . /. . # /. . # /"
    p = load(text).puzzle
    assert len(p.clues) == 3 and p.clues[2] == 2


@pytest.mark.parametrize(
    "bad",
    [
        "https://puzz.link/p?chocona/6/6/8g!umlfvo1eq",
        "chocona 2x2\na a\nb\n",
        "chocona 2x2\na a\na a\nx .\n. .\n",
        "pzprv3.1/chocona/2/2/0 /0 /0 0 /. x /. . /. . /",
    ],
)
def test_bad_input(bad: str) -> None:
    with pytest.raises(RectlogicError):
        load(bad)


# -- the compiled rules and probing ----------------------------------------------------------


def _janko_states(corpus: list, boards: int, seed: int = 0):
    """Mid-solve states of published Janko boards: each answer with a random share of its
    cells left open, so every rule meets shaded clumps, open cells and tallies at once."""
    rng = np.random.default_rng(seed)
    for item in corpus[:: max(1, len(corpus) // boards)][:boards]:
        answer = G.encode(item.puzzle, item.published)
        d = G.initial_domains(item.puzzle)
        shown = rng.random(d.size) < rng.uniform(0.1, 0.6)
        yield item.puzzle, answer, np.where(shown, answer, d).astype(np.uint8)


def test_rules_keep_the_published_answer_from_any_state(corpus: list) -> None:
    """Every rule set, probing included, narrows mid-solve states of Janko boards without
    ever losing the published answer (the box rule and the moat on big boards)."""
    single = ("quota", "corner", "box", "probe")
    for n, (p, answer, state) in enumerate(_janko_states(corpus, 40)):
        for k in range(len(single)):
            for names in itertools.combinations(single, k + 1):
                prop = G.propagator(p, frozenset(names))
                if prop is not None:
                    d = prop(state[None])[0]
                    assert ((answer & d) == answer).all(), names
        for rung in ("ways", "nested")[: 1 if n % 4 else 2]:  # nested on every 4th state
            d = G.propagator(p, G.rules_for(rung))(state[None])[0]
            assert ((answer & d) == answer).all(), rung
        search_probe = G.propagators(p, G.rules_for("probe"), for_search=True)[0]
        d = search_probe(state[None])[0]  # the regions' ways tried too
        assert ((answer & d) == answer).all()


def test_window_table_reads_the_law() -> None:
    """The fixpoint's one-lookup window rule, against the law read plainly: for every four
    domains (NE, SE, SW, NW), each cell keeps exactly the values it takes in some filling
    within the domains that does not shade exactly three cells; none left: -1."""
    from rectlogic.genres.chocona.rules import window_table

    table = window_table()
    for key in range(256):
        doms = [(key >> (2 * q)) & 3 for q in range(4)]
        kept = [0, 0, 0, 0]
        for filling in itertools.product((0, 1), repeat=4):  # 1: shaded (bit 2)
            if sum(filling) != 3 and all(doms[q] >> v & 1 for q, v in enumerate(filling)):
                for q, v in enumerate(filling):
                    kept[q] |= 1 << v
        expected = -1 if 0 in kept else sum(k << (2 * q) for q, k in enumerate(kept))
        assert table[key] == expected, (key, doms)


def test_seeded_fixpoint_equals_the_full_one(corpus: list) -> None:
    """Spreading work from one changed cell reaches the same fixpoint as starting from every
    cell (the seed is only a shortcut)."""
    from rectlogic.genres.chocona import rules

    rng = np.random.default_rng(1)
    for p, _, state in _janko_states(corpus, 30):
        for names in (("quota", "corner"), ("quota", "corner", "box")):
            ctx = rules.pack(p, frozenset(names))
            base = state.copy()
            if not rules.fixpoint(base, ctx, -1):
                continue
            open_ = np.flatnonzero(base == 3)
            for v in rng.choice(open_, size=min(5, open_.size), replace=False):
                for bit in (1, 2):
                    full, seeded = base.copy(), base.copy()
                    full[v] = seeded[v] = bit
                    ok_full = rules.fixpoint(full, ctx, -1)
                    ok_seeded = rules.fixpoint(seeded, ctx, int(v))
                    assert ok_full == ok_seeded
                    if ok_full:
                        assert (full == seeded).all()


def _probing_rules(p: Puzzle) -> tuple:
    """The `probe` rung's rules as probing splits them: inside every probe, and the box rule
    too, between probes."""
    return (G.base_propagator(p, frozenset({"quota", "corner"})),
            G.base_propagator(p, frozenset({"quota", "corner", "box"})))


def test_compiled_probing_equals_batched_probing(corpus: list) -> None:
    """The compiled kernel and the engine's batched probing reach one fixpoint (probing is
    monotone, so its fixpoint does not depend on the order of the probes)."""
    from rectlogic.engine import probe

    for p, _, state in _janko_states(corpus, 12, seed=2):
        full = G.propagator(p, G.rules_for("probe"))
        lower, outer = _probing_rules(p)
        plain = lower.__call__  # not the CompiledRules object: the batched path
        compiled = full(state[None])[0]
        batched = probe(state, plain)
        while batched.all():
            again = probe(outer(batched[None])[0], plain)
            if (again == batched).all():
                break
            batched = again
        assert (compiled == batched).all()


def test_compiled_settle_equals_the_loop_in_python(corpus: list) -> None:
    """A probing with the box rule between probes and the regions' ways settles a board in
    one compiled call (`kernel.settle`) to the fixpoint and look-ahead weights the loop in
    Python reaches over the same compiled rules (`Probing.one` without the genre's `settle`);
    so `nested`, a probe of that probing inside each probe, grades alike both ways."""
    from dataclasses import replace

    from rectlogic.engine import Probing

    for p, _, state in _janko_states(corpus, 12, seed=3):
        lower, outer = _probing_rules(p)
        for tallies in (NO_TALLIES, G.tallies(p)):
            fast = Probing(lower, outer, tallies)
            slow_lower = type(lower)(replace(lower.kernels, settle=None), lower.ctx)
            slow = Probing(slow_lower, outer, tallies)
            assert fast._settles_compiled and not slow._settles_compiled
            a, b = fast(state[None])[0], slow(state[None])[0]
            assert (a == b).all()
            assert (fast.lookahead(a) == slow.lookahead(b)).all()
            assert (Probing(fast)(state[None]) == Probing(slow)(state[None])).all()


def test_lookahead_weights_belong_to_the_last_board() -> None:
    p = random_board(3)
    prop = G.propagator(p, G.rules_for("probe"))
    d = prop(G.initial_domains(p)[None])[0]
    weights = prop.lookahead(d)
    assert weights is not None and weights.shape == d.shape
    assert prop.lookahead(G.initial_domains(p)) is None or (d == G.initial_domains(p)).all()


def test_compiled_search_walks_the_same_tree(corpus: list) -> None:
    """The compiled search and the engine's Python search, given the same probing, visit the
    same number of nodes and find the same answers (on Janko boards that need search, and on
    small random boards with several answers)."""
    from rectlogic.engine import Probing, search

    hard = ("134_10x10", "217_10x10", "240_12x12", "141_8x8", "230_12x12", "248_14x14")
    puzzles = [it.puzzle for it in corpus if it.key in hard] + BOARDS[:8]
    for p in puzzles:
        lower, outer = _probing_rules(p)
        for tallies in (NO_TALLIES, G.tallies(p)):
            compiled = Probing(lower, outer, tallies)
            plain = Probing(lower.__call__, outer.__call__, tallies)
            assert compiled.compiled and not plain.compiled
            start, accept = G.initial_domains(p), G.accept(p)
            fast = search(start, compiled, accept, limit=0)
            slow = search(start, plain, accept, limit=0, weigh=plain.lookahead)
            assert fast.nodes == slow.nodes
            assert sorted(map(bytes, fast.solutions)) == sorted(map(bytes, slow.solutions))


def test_trying_the_regions_ways_settles_the_hardest_janko_boards(corpus: list) -> None:
    """Probing a numbered region's ways to reach its number as one variable: the search
    over Janko's hardest boards shrinks from hundreds of nodes to a handful, and finds the
    published answer."""
    from rectlogic.engine import Probing, search

    for key, before, after in (("184_10x10", 1000, 1), ("230_12x12", 400, 10)):
        item = next(it for it in corpus if it.key == key)
        p = item.puzzle
        lower, outer = _probing_rules(p)
        start, accept = G.initial_domains(p), G.accept(p)
        plain = search(start, Probing(lower, outer), accept)
        ways = search(start, Probing(lower, outer, G.tallies(p)), accept)
        assert plain.nodes > before and ways.nodes <= after, (key, plain.nodes, ways.nodes)
        assert [G.decode(p, d) for d in ways.solutions] == [item.published]
        assert solve(p).nodes == ways.nodes  # the solver's own search tries them


def test_fast_leaf_test_agrees_with_pzprjs_checks(corpus: list) -> None:
    """The search's leaf test (clumps and counts over arrays, from an Answer and straight
    from the domains) against the full checklist, on Janko answers and on edits of one to
    three cells."""
    rng = np.random.default_rng(3)
    for item in corpus[::5]:
        p, base = item.puzzle, np.array(item.published.shaded)
        assert G.obeys_rules(p, item.published)
        for k in range(30):
            e = base.copy()
            for v in rng.choice(e.size, size=1 + k % 3, replace=False):
                e.flat[v] ^= 1
            answer = Answer(tuple(map(tuple, e.tolist())))
            verdict = not G.check(p, answer)[0]
            assert G.obeys_rules(p, answer) == verdict
            assert G.accept(p)(G.encode(p, answer)) == verdict  # straight off the domains
