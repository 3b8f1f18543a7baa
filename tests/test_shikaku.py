"""Shikaku: exact cover by brute force against the dual rules, pzprjs's cases, every Janko
partition, and the formats (URL, pzprv3, Janko, Tatham, tiling, text)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rectlogic.bench import load_corpus
from rectlogic.errors import FormatError, RectlogicError
from rectlogic.formats.auto import dump, load
from rectlogic.genres.registry import get_genre
from rectlogic.genres.shikaku import Answer, Puzzle
from rectlogic.genres.shikaku.model import candidates
from rectlogic.solve import solve

from .conftest import DATA, check_pzprjs_cases, pzprjs_group

G = get_genre("shikaku")


def brute_force(p: Puzzle) -> list[Answer]:
    """Plain exact cover: one candidate per clue, no overlaps, then the validator decides."""
    cands = candidates(p)
    found: list[Answer] = []
    chosen: list[tuple[int, int, int, int]] = []

    def cells(rect: tuple[int, int, int, int]) -> set[tuple[int, int]]:
        t, lft, h, w = rect
        return {(r, c) for r in range(t, t + h) for c in range(lft, lft + w)}

    def walk(k: int, used: set[tuple[int, int]]) -> None:
        if k == len(cands):
            if len(used) == p.rows * p.cols:
                answer = Answer.from_rects(p.rows, p.cols, list(chosen))
                if not G.validate(p, answer):
                    found.append(answer)
            return
        for rect in cands[k]:
            mine = cells(rect)
            if not mine & used:
                chosen.append(rect)
                walk(k + 1, used | mine)
                chosen.pop()

    walk(0, set())
    return found


Rect = tuple[int, int, int, int]


def random_tiling(rng: np.random.Generator, rows: int, cols: int) -> list[Rect]:
    out, todo = [], [(0, 0, rows, cols)]
    while todo:
        t, lft, h, w = todo.pop()
        if h * w <= rng.integers(1, 7):
            out.append((t, lft, h, w))
        elif h >= w:
            k = int(rng.integers(1, h))
            todo += [(t, lft, k, w), (t + k, lft, h - k, w)]
        else:
            k = int(rng.integers(1, w))
            todo += [(t, lft, h, k), (t, lft + k, h, w - k)]
    return out


def random_board(seed: int) -> Puzzle:
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 6)), int(rng.integers(2, 6))
    clues = [[-1] * cols for _ in range(rows)]
    for t, lft, h, w in random_tiling(rng, rows, cols):
        r, c = t + int(rng.integers(0, h)), lft + int(rng.integers(0, w))
        roll = rng.random()  # `?` and 0 sometimes: pzprjs lets either take any area
        clues[r][c] = -2 if roll < 0.08 else 0 if roll < 0.12 else h * w
    if seed % 5 == 0:  # sometimes break the board: none or other answers
        r, c = int(rng.integers(0, rows)), int(rng.integers(0, cols))
        clues[r][c] = -1 if clues[r][c] != -1 else 1
    return Puzzle(rows, cols, tuple(map(tuple, clues)))


BOARDS = [random_board(s) for s in range(40)]


@pytest.mark.parametrize("p", BOARDS, ids=lambda p: f"{p.rows}x{p.cols}")
def test_dual_rules_agree_with_plain_exact_cover(p: Puzzle) -> None:
    truth = sorted(map(str, brute_force(p)))
    for rung in G.LADDER:
        r = solve(p, rung=rung, limit=0)
        assert r.status != "unknown"
        assert sorted(map(str, r.answers)) == truth, rung


@pytest.mark.parametrize("p", BOARDS[:20], ids=lambda p: f"{p.rows}x{p.cols}")
def test_no_rung_loses_a_real_answer(p: Puzzle) -> None:
    truth = [G.encode(p, a) for a in brute_force(p)]
    start = G.initial_domains(p)
    for rung in G.LADDER:
        prop = G.propagator(p, G.rules_for(rung))
        if prop is None:
            continue
        d = prop(start[None])[0]
        for t in truth:
            assert all(int(a) & int(b) == int(a) for a, b in zip(t, d, strict=True)), rung


def test_a_zero_takes_any_area_in_the_search_as_in_the_checker() -> None:
    """pzprjs lets a 0 pass like `?`; the search's leaf test once read it as an area of 0 and
    called a board with answers `none` (found by the workbench's analysis). A 5×5 with a 0
    beside two `?` has 17 answers (the 6×6 this test had took two minutes to enumerate)."""
    p = Puzzle(5, 5, ((4, -1, -2, -1, -1), (-1, -1, -1, -1, -1), (-1, -1, -1, -1, -1),
                      (-1, -1, -1, -2, 5), (0, -1, -1, -1, -1)))
    truth = brute_force(p)
    assert truth and all(G.validate(p, a) == [] for a in truth)
    found = solve(p, limit=0)
    assert found.complete and found.status == "multiple"
    assert sorted(map(str, found.answers)) == sorted(map(str, truth))


def test_area_sum_rejects_at_once() -> None:
    p = load("shikaku 2x2\n3 .\n. 2\n").puzzle
    r = solve(p)
    assert r.status == "none" and r.nodes == 1


# -- external truth ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pzprjs() -> dict:
    return pzprjs_group("shikaku")


def test_pzprjs_cases(pzprjs: dict) -> None:
    check_pzprjs_cases(pzprjs)


def test_pzprjs_puzzle_solves_and_matches_tatham(pzprjs: dict) -> None:
    p = load(pzprjs["full_url"]).puzzle
    correct = load(next(c for c in pzprjs["cases"] if c["expect"] is None)["board"]).answer
    r = solve(p)
    assert r.status == "unique" and r.answers == [correct]
    tatham = dump(p, correct, "tatham").split()
    assert tatham[0] == "6x6:d3a5_6b6n6b2_3a5d"
    assert tatham[1] == "S101001010010100100111001100001000111000000011111000000111110"
    back = load("\n".join(tatham))
    assert back.puzzle == p and back.answer == correct


@pytest.fixture(scope="module")
def corpus() -> list:
    genre, items = load_corpus(DATA / "janko" / "Shikaku_dataset.json")
    assert genre == "shikaku" and len(items) == 501
    return items


NOT_UNIQUE = {"127_16x22", "128_20x20"}


@pytest.mark.parametrize("part", range(4))
def test_every_janko_puzzle_solves_to_its_published_partition(corpus: list, part: int) -> None:
    for item in corpus[part::4]:
        r = solve(item.puzzle)
        if item.key in NOT_UNIQUE:
            assert r.status == "multiple", item.key
            continue
        assert r.status == "unique", item.key
        assert r.answers[0] == item.published, item.key


def test_largest_janko_board_is_proved_unique(corpus: list) -> None:
    item = max(corpus, key=lambda i: i.puzzle.rows * i.puzzle.cols)
    assert (item.puzzle.rows, item.puzzle.cols) == (50, 40)
    assert solve(item.puzzle).status == "unique"


# -- formats --------------------------------------------------------------------------------


def test_number16_big_numbers_and_unknown() -> None:
    p = Puzzle(1, 8, ((16, 255, 256, 4095, 4096, 8191, 8192, -2),))
    url = dump(p, None, "url").strip()
    assert url == "https://puzz.link/p?shikaku/8/1/-10-ff+100+fff=000=fff@000./"
    assert load(url).puzzle == p


boards = st.integers(1, 8).flatmap(
    lambda rows: st.integers(1, 8).flatmap(
        lambda cols: st.lists(
            st.lists(st.sampled_from([-1, -1, -1, -2, 1, 2, 5, 17, 300, 99999]),
                     min_size=cols, max_size=cols),
            min_size=rows, max_size=rows,
        ).map(lambda g: Puzzle(rows, cols, tuple(map(tuple, g))))
    )
)


@settings(max_examples=120, deadline=None)
@given(boards, st.integers(0, 10**6))
def test_round_trips(p: Puzzle, seed: int) -> None:
    url = dump(p, None, "url").strip()
    assert load(url).puzzle == p
    assert dump(load(url).puzzle, None, "url").strip() == url
    tiling = random_tiling(np.random.default_rng(seed), p.rows, p.cols)
    a = Answer.from_rects(p.rows, p.cols, tiling)
    for fmt in ("pzprv3", "janko", "text"):
        back = load(dump(p, a, fmt), genre="shikaku")
        assert back.puzzle == p and back.answer == a, fmt
    if all(v not in (-2, 0) for row in p.clues for v in row) and any(
        v > 0 for row in p.clues for v in row
    ):
        back = load(dump(p, a, "tatham"))
        assert back.puzzle == p and back.answer == a


def test_tiling_round_trip_and_errors(pzprjs: dict) -> None:
    p = load(pzprjs["full_url"]).puzzle
    a = solve(p).answers[0]
    tiling = dump(p, a, "tiling")
    back = load(tiling)
    assert back.puzzle == p and back.answer == a
    with pytest.raises(FormatError, match="not a rectangle"):
        load("shikaku 2x2\nAa\naB\n")
    with pytest.raises(FormatError, match="uppercase"):
        load("shikaku 2x2\nAA\nbB\n")
    with pytest.raises(FormatError, match="uppercase"):
        load("shikaku 2x2\naa\nbB\n")


@pytest.mark.parametrize(
    "bad",
    [
        "https://puzz.link/p?shikaku/6/6/-zz",
        "6x6:d3a5_6b6n6b2_3a5",
        "6x6:d3a5_6b6n6b2_3a5d\nS0101",
        "shikaku 2x2\n3 x\n. .\n",
    ],
)
def test_bad_input(bad: str) -> None:
    with pytest.raises(RectlogicError):
        load(bad)


def test_wide_candidate_sets_use_python_integers() -> None:
    """A `?` alone on a 9×9 board may take any of the 625 boxes round it: more than 64, so
    its candidate set is a Python integer, and the compiled rules still settle it."""
    clues = [[-1] * 9 for _ in range(9)]
    clues[4][4] = -2
    p = Puzzle(9, 9, tuple(map(tuple, clues)))
    d = G.initial_domains(p)
    assert d.dtype == object and int(d[0]).bit_count() == 625
    r = solve(p)
    assert r.status == "unique" and r.answers[0].rects() == [(0, 0, 9, 9)]


@pytest.mark.parametrize("p", BOARDS[:20], ids=lambda p: f"{p.rows}x{p.cols}")
def test_uint64_and_integer_candidate_sets_settle_alike(p: Puzzle) -> None:
    start = G.initial_domains(p)
    for rung in ("coverer", "dual"):
        prop = G.base_propagator(p, G.rules_for(rung))
        narrow = prop(start[None])[0]
        wide = prop(start.astype(object)[None])[0]
        assert [int(v) for v in narrow] == [int(v) for v in wide], rung


def rules_by_the_book(p: Puzzle, alive: list[set[int]], coverer: bool, forced: bool
                      ) -> list[set[int]] | None:
    """The two dual rules read plainly, over sets of cells, to their fixpoint (None: a
    contradiction): a cell one clue alone reaches must be covered by that clue's rectangle;
    a cell every candidate of a clue covers is closed to the other clues; no clue without a
    candidate, no cell nobody reaches, no cell two clues are sure of."""
    cands = candidates(p)
    cells = [[{(r, c) for r in range(t, t + h) for c in range(lft, lft + w)}
              for t, lft, h, w in rects] for rects in cands]
    board = {(r, c) for r in range(p.rows) for c in range(p.cols)}
    alive = [set(a) for a in alive]
    while True:
        if any(not a for a in alive):
            return None
        reach = [set().union(*(cells[k][x] for x in a)) for k, a in enumerate(alive)]
        core = [set.intersection(*(cells[k][x] for x in a)) for k, a in enumerate(alive)]
        if coverer and set().union(*reach) != board:
            return None
        if forced and any(core[i] & core[j] for i in range(len(core))
                          for j in range(i + 1, len(core))):
            return None
        before = [set(a) for a in alive]
        for k, a in enumerate(alive):
            others_core = set().union(*(core[j] for j in range(len(core)) if j != k))
            others_reach = set().union(*(reach[j] for j in range(len(reach)) if j != k))
            mine_only = reach[k] - others_reach
            for x in list(a):
                if (forced and cells[k][x] & others_core) or (
                        coverer and not mine_only <= cells[k][x]):
                    a.discard(x)
        if alive == before:
            return alive


def test_compiled_rules_reach_the_fixpoint_of_the_book(corpus: list) -> None:
    """The compiled rules (counts kept as candidates die, work queued by events) reach the
    same fixpoint, or the same contradiction, as the rules read plainly over sets of cells:
    on small random boards and Janko's, from every candidate and from random subsets."""
    from rectlogic.genres.shikaku.model import candidate_table
    from rectlogic.genres.shikaku.rules import _settle

    rng = np.random.default_rng(7)
    seen = {True: 0, False: 0}
    for p in BOARDS + [item.puzzle for item in corpus[::40]]:
        table = candidate_table(p)
        for trial in range(8):
            keep = rng.random(table.rects.shape[0]) < (1.0 if trial == 0 else rng.uniform(.9, 1))
            for coverer, forced in ((True, True), (True, False), (False, True)):
                flags = keep.copy()
                ok = _settle(flags, table.first, table.rects, p.rows, p.cols, coverer, forced)
                sets = [{x - a for x in range(a, b) if keep[x]}
                        for a, b in zip(table.first[:-1], table.first[1:], strict=True)]
                book = rules_by_the_book(p, sets, coverer, forced)
                assert ok == (book is not None)
                if ok:
                    assert [{x - a for x in range(a, b) if flags[x]} for a, b in
                            zip(table.first[:-1], table.first[1:], strict=True)] == book
                seen[bool(ok)] += 1
    assert min(seen.values()) > 20


def test_compiled_leaf_check_agrees_with_the_validator(corpus: list) -> None:
    """The search's leaf test reads the rule book over rectangles; on Janko answers and on
    edits of them (a rectangle moved, grown or shrunk by one), it agrees with pzprjs's checks
    on the drawing wherever the rectangles can be drawn, and rejects overlaps and holes."""
    from rectlogic.genres.kits.regions import draw_rects as _draw
    from rectlogic.genres.shikaku.validate import rectangles_obey_rules

    G = get_genre("shikaku")
    rng = np.random.default_rng(4)
    seen = {True: 0, False: 0}
    for item in corpus[::7]:
        p = item.puzzle
        base = np.array(item.published.rects(), dtype=np.int64)
        assert rectangles_obey_rules(p, base)
        for _ in range(20):
            rects = base.copy()
            k, field = rng.integers(len(rects)), rng.integers(4)
            rects[k, field] += rng.choice([-1, 1])
            verdict = rectangles_obey_rules(p, rects)
            inside = ((rects[:, :2] >= 0).all() and (rects[:, 2:] >= 1).all()
                      and (rects[:, 0] + rects[:, 2] <= p.rows).all()
                      and (rects[:, 1] + rects[:, 3] <= p.cols).all())
            label, tiles = _draw(rects, p.rows, p.cols) if inside else (None, False)
            if tiles:
                drawn = Answer.from_rooms(label)
                assert verdict == (not G.check(p, drawn)[0])
            else:
                assert not verdict  # overlap, hole or off the board
            seen[bool(verdict)] += 1
    assert seen[False] > 0


def test_the_search_leaf_test_reads_domains_as_the_validator_does(corpus: list) -> None:
    """`accept` on the search's uint64 domains (each clue's lowest candidate, checked in one
    compiled call) against pzprjs's checks on the drawing: on Janko answers, and with one
    clue switched to another of its candidates."""
    from rectlogic.genres.kits.regions import draw_rects as _draw

    rng = np.random.default_rng(5)
    seen = {True: 0, False: 0}
    for item in corpus[::9]:
        p = item.puzzle
        answer = G.encode(p, item.published)
        if G.initial_domains(p).dtype == object:
            continue  # a clue with more than 64 candidates: Python integers
        d = answer.astype(np.uint64)
        accept = G.accept(p)
        assert accept(d)
        seen[True] += 1
        for _ in range(10):
            k = int(rng.integers(d.size))
            other = int(rng.integers(len(candidates(p)[k])))
            edited = d.copy()
            edited[k] = np.uint64(1) << np.uint64(other)
            label, tiles = _draw(G.chosen(p, edited), p.rows, p.cols)
            truth = tiles and not G.check(p, Answer.from_rooms(label))[0]
            assert accept(edited) == truth
            seen[bool(truth)] += 1
    assert seen[False] > 0


def test_compiled_search_walks_the_python_search_tree(corpus: list) -> None:
    """The compiled search (dual rules, smallest domain first, larger clue on ties, lowest
    candidate first) visits the same nodes and finds the same answers as the engine's Python
    search over the same rules; and stops at a node budget where the Python search does."""
    from rectlogic.engine.search import search

    G = get_genre("shikaku")
    for rung, items, budget in (("dual", corpus[::3], None), ("coverer", corpus[:12], 3_000),
                                ("dual", corpus[::25], 5)):
        for item in items:
            p = item.puzzle
            rules = G.base_propagator(p, G.rules_for(rung))
            start = rules(G.initial_domains(p)[None])[0]
            runs = [search(start, r, G.accept(p), limit=2, budget=budget, settled=True,
                           prefer=G.branch_preference(p))
                    for r in (rules, lambda d, rules=rules: rules(d))]  # compiled, Python
            fast, slow = runs
            assert (fast.nodes, fast.stopped) == (slow.nodes, slow.stopped), item.key
            assert [d.tobytes() for d in fast.solutions] == [d.tobytes() for d in slow.solutions]
    # clues with more than 64 candidates (wide domains, `?` that reach far): the same tree
    lone = Puzzle(9, 9, tuple(tuple(-2 if (r, c) == (4, 4) else -1 for c in range(9))
                              for r in range(9)))
    rng = np.random.default_rng(7)
    loosened = [_with_questions(item.puzzle, rng) for item in corpus[::7] if item.puzzle.rows >= 8]
    checked = 0
    for p in [lone, *loosened]:
        d = G.initial_domains(p)
        if d.dtype != object:
            continue
        rules = G.base_propagator(p, G.rules_for("dual"))
        for budget in (2_000, 40):
            runs = [search(d, r, G.accept(p), limit=3, budget=budget,
                           prefer=G.branch_preference(p))
                    for r in (rules, lambda d, rules=rules: rules(d))]  # compiled, Python
            fast, slow = runs
            assert (fast.nodes, fast.stopped) == (slow.nodes, slow.stopped)
            assert [list(x) for x in fast.solutions] == [list(x) for x in slow.solutions]
        checked += 1
    assert checked >= 3
    assert solve(lone).status == "unique"


def _with_questions(p: Puzzle, rng: np.random.Generator) -> Puzzle:
    """The board with about a third of its numbers made `?` and one number deleted."""
    clues = np.array(p.clues)
    numbered = np.argwhere(clues > 0)
    for r, c in numbered[rng.random(len(numbered)) < 0.35]:
        clues[r, c] = -2
    r, c = numbered[rng.integers(len(numbered))]
    clues[r, c] = -1
    return Puzzle(p.rows, p.cols, tuple(map(tuple, clues.tolist())))
