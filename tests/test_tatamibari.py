"""Tatamibari: pzprjs's cases, every Janko board to its published answer with uniqueness
proved, the solver against a brute force written from the rules alone, the rules'
soundness, the formats, the generator and the no-four-meet law of the region kit."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from rectlogic.bench import load_corpus
from rectlogic.errors import FormatError
from rectlogic.formats import janko
from rectlogic.formats.auto import dump, load
from rectlogic.generate import judge
from rectlogic.genres.generating import Judge
from rectlogic.genres.kits.cover import four_meet, no_four_meet
from rectlogic.genres.registry import get_genre, janko_genre
from rectlogic.genres.tatamibari import Answer, Puzzle
from rectlogic.genres.tatamibari.model import SQUARE, TALL, WIDE, candidates
from rectlogic.solve import solve

from .conftest import DATA, check_pzprjs_cases, pzprjs_group

G = get_genre("tatamibari")
CORPUS = DATA / "janko" / "Tatamibari_dataset.json"
Rect = tuple[int, int, int, int]


# -- a brute force from the rules alone -----------------------------------------------------


def tilings(rows: int, cols: int) -> list[list[Rect]]:
    """Every way to cut the board into rectangles (the first free cell, row-major, takes
    each rectangle that fits)."""
    out: list[list[Rect]] = []
    free = [[True] * cols for _ in range(rows)]

    def walk(rects: list[Rect]) -> None:
        cell = next(((r, c) for r in range(rows) for c in range(cols) if free[r][c]), None)
        if cell is None:
            out.append(list(rects))
            return
        r, c = cell
        for h in range(1, rows - r + 1):
            for w in range(1, cols - c + 1):
                if not all(free[r + i][c + j] for i in range(h) for j in range(w)):
                    continue
                for i, j in product(range(h), range(w)):
                    free[r + i][c + j] = False
                walk([*rects, (r, c, h, w)])
                for i, j in product(range(h), range(w)):
                    free[r + i][c + j] = True

    walk([])
    return out


def obeys(p: Puzzle, rects: list[Rect]) -> bool:
    """The rule book over a tiling: one mark per rectangle, of its shape; no four rectangles
    with a corner at one interior point."""
    corners: dict[tuple[int, int], int] = {}
    for t, lft, h, w in rects:
        marks = [p.clues[r][c] for r in range(t, t + h) for c in range(lft, lft + w)
                 if p.clues[r][c] != -1]
        if len(marks) != 1:
            return False
        m = marks[0]
        if (m == SQUARE and h != w) or (m == WIDE and w <= h) or (m == TALL and h <= w):
            return False
        for point in ((t, lft), (t + h, lft), (t, lft + w), (t + h, lft + w)):
            corners[point] = corners.get(point, 0) + 1
    return not any(n == 4 for (i, j), n in corners.items()
                   if 0 < i < p.rows and 0 < j < p.cols)


SMALL = {(3, 3): tilings(3, 3), (3, 4): tilings(3, 4), (4, 4): tilings(4, 4)}


def small_boards(count: int, seed: int = 7) -> list[Puzzle]:
    """Boards of 3×3 to 4×4: a random tiling with one fitting mark per rectangle (mostly), or
    marks strewn at random (mostly no answer, or several)."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(count):
        rows, cols = list(SMALL)[k % len(SMALL)]
        clues = [[-1] * cols for _ in range(rows)]
        if k % 3:
            tiling = SMALL[rows, cols][int(rng.integers(len(SMALL[rows, cols])))]
            for t, lft, h, w in tiling:
                i = int(rng.integers(h * w))
                mark = SQUARE if h == w else WIDE if w > h else TALL
                clues[t + i // w][lft + i % w] = int(rng.choice([mark, mark, mark, -2]))
        else:
            for r, c in product(range(rows), range(cols)):
                if rng.random() < 0.4:
                    clues[r][c] = int(rng.choice([SQUARE, TALL, WIDE]))
        out.append(Puzzle(rows, cols, tuple(map(tuple, clues))))
    return out


@pytest.mark.parametrize("rung", ["none", "corners", "probe"])
def test_the_solver_finds_what_the_brute_force_finds(rung: str) -> None:
    for p in small_boards(30):
        want = sorted(sorted(t) for t in SMALL[p.rows, p.cols] if obeys(p, t))
        got = solve(p, rung=rung, limit=0)
        assert sorted(a.rects() for a in got.answers) == want, (p, rung)
        for a in got.answers:
            assert not G.validate(p, a)


def test_the_checker_agrees_with_the_rule_book_on_small_tilings() -> None:
    rng = np.random.default_rng(3)
    for p in small_boards(6, seed=3):
        every = SMALL[p.rows, p.cols]
        for k in rng.choice(len(every), 40, replace=False):
            t = every[int(k)]
            assert (not G.validate(p, Answer.from_rects(p.rows, p.cols, t))) == obeys(p, t)


# -- pzprjs's cases and the formats ----------------------------------------------------------


def test_pzprjs_cases() -> None:
    check_pzprjs_cases(pzprjs_group("tatamibari"))


def test_pzprjs_input_boards_read_their_marks() -> None:
    boards = [load(case["result"]) for case in pzprjs_group("tatamibari")["inputs"]]
    assert boards[0].puzzle.clues == ((SQUARE, TALL, WIDE, -1),) * 2
    assert boards[1].puzzle.clues == ((-2, SQUARE, TALL, WIDE, -1), (WIDE, TALL, SQUARE, -2, -1))
    for b in boards:
        assert load(dump(b.puzzle, b.answer, "pzprv3")).puzzle == b.puzzle


def test_every_format_round_trips_the_examples() -> None:
    for ex in G.examples.SOLVED:
        p = load(ex.url).puzzle
        a = G.codec.answer_from_json(p, ex.answer)
        assert dump(p, None, "url").strip() == ex.url
        for fmt in ("pzprv3", "text", "janko"):
            again = load(dump(p, a, fmt), genre="tatamibari" if fmt == "janko" else None)
            assert again.puzzle == p and again.answer.rects() == a.rects(), fmt


def test_long_runs_and_unknown_marks_in_urls() -> None:
    clues = [[-1] * 9 for _ in range(5)]
    clues[4][8], clues[0][0], clues[2][3] = SQUARE, -2, WIDE
    p = Puzzle(5, 9, tuple(map(tuple, clues)))
    url = dump(p, None, "url").strip()
    assert url == "https://puzz.link/p?tatamibari/9/5/.z2zh3"
    assert load(url).puzzle == p


@pytest.mark.parametrize("bad", ["https://puzz.link/p?tatamibari/2/2/4",
                                 "https://puzz.link/p?tatamibari/2/2/zz",
                                 "tatamibari 2x2\n+x\n..\n"])
def test_bad_input(bad: str) -> None:
    with pytest.raises(FormatError):
        load(bad)


def test_the_janko_guess_tells_marks_from_numbers() -> None:
    _, entries = janko.read_corpus(CORPUS)
    assert janko_genre(janko.split(entries[0].problem)).name == "tatamibari"
    numbers = janko.split("2 2\n2 -\n- 2\n")
    assert janko_genre(numbers).name != "tatamibari"


# -- Janko's boards ---------------------------------------------------------------------------


def test_every_janko_board_solves_to_its_published_answer_proved_unique() -> None:
    genre, items = load_corpus(CORPUS)
    assert genre == "tatamibari" and len(items) == 150
    for item in items:
        s = solve(item.puzzle)
        assert s.status == "unique", item.key
        assert s.answers[0].rects() == item.published.rects(), item.key
        assert not G.validate(item.puzzle, item.published), item.key


def test_no_rung_loses_a_published_answer() -> None:
    """Soundness: from mid-solve states (each mark keeps its published rectangle and a random
    half of its other candidates), every rung's propagation keeps the published answer (a
    sample of Janko's boards)."""
    _, items = load_corpus(CORPUS)
    rng = np.random.default_rng(11)
    rungs = [r for r in G.LADDER if G.propagator(items[0].puzzle, G.rules_for(r)) is not None]
    for item in items[::10]:
        p = item.puzzle
        right = np.array([int(v) for v in G.encode(p, item.published)], dtype=object)
        noise = [int(rng.integers(1 << 62)) for _ in right]
        state = np.array([(int(v) & n) | int(r) for v, n, r in
                          zip(G.initial_domains(p), noise, right, strict=True)], dtype=object)
        for rung in rungs:
            after = G.propagator(p, G.rules_for(rung))(state[None])[0]
            kept = [int(a) & int(r) == int(r) for a, r in zip(after, right, strict=True)]
            assert all(kept), (item.key, rung)


# -- the generator and the kit's law ----------------------------------------------------------


def crossings(rows: int, cols: int, rects: list[Rect]) -> int:
    """Interior points whose four cells lie in four different rectangles, read off a
    labelling of the cells (not the generator's bookkeeping)."""
    label = np.full((rows, cols), -1)
    for k, (t, lft, h, w) in enumerate(rects):
        assert (label[t:t + h, lft:lft + w] == -1).all()
        label[t:t + h, lft:lft + w] = k
    assert (label >= 0).all()
    return sum(len({label[r, c], label[r + 1, c], label[r, c + 1], label[r + 1, c + 1]}) == 4
               for r in range(rows - 1) for c in range(cols - 1))


def test_tilings_fill_large_boards() -> None:
    rng = np.random.default_rng(2)
    for side in (20, 50):
        rects = G.maker.random_tiling(side, side, rng)
        assert rects is not None and crossings(side, side, rects) == 0


def test_cuts_are_every_cut_that_makes_no_four_meet() -> None:
    """The repair's cuts of a rectangle are exactly the straight cuts in two after which
    the tiling still has no point where four rectangles meet."""
    rng = np.random.default_rng(3)
    maker = G.maker
    seen = 0
    for rows, cols in ((6, 6), (7, 9), (10, 10)):
        rects = maker.tiling(rows, cols, rng)
        assert rects is not None and crossings(rows, cols, rects) == 0
        label = np.zeros((rows, cols), dtype=np.int64)
        for k, (t, lft, h, w) in enumerate(rects):
            label[t:t + h, lft:lft + w] = k
        for rect in rects:
            t, lft, h, w = rect
            every = [((t, lft, k, w), (t + k, lft, h - k, w)) for k in range(1, h)]
            every += [((t, lft, h, k), (t, lft + k, h, w - k)) for k in range(1, w)]
            rest = [r for r in rects if r != rect]
            fine = {cut for cut in every if crossings(rows, cols, [*rest, *cut]) == 0}
            got = {(a, b) for a, b, _ in maker.splits(rect, label)}
            assert got == fine and all(wt > 0 for *_, wt in maker.splits(rect, label))
            seen += len(fine) < len(every)
    assert seen  # some cut was refused


def test_repairs_kill_the_rival_and_keep_the_count_of_marks() -> None:
    """Every repair leaves the board's own tiling an answer by the rule book; a moved mark
    leaves the rival it was moved for no answer; a redraw keeps the count of marks; and a
    board repaired to one answer holds as many marks as its tiling had rectangles (cutting
    a rectangle at every rival, as before, grew some boards far past Janko's counts)."""
    maker = G.maker
    rng = np.random.default_rng(7)
    done = {"move": 0, "redraw": 0}
    for _ in range(3):
        rects = maker.tiling(8, 8, rng)
        board = maker.Cutting(8, 8, rects, rng)
        for step in range(12):
            p = board.puzzle()
            assert obeys(p, board.rects) and len(board.rects) == len(rects)
            found = solve(p, limit=2).answers
            if len(found) < 2:
                break
            rival = next(a for a in found if sorted(a.rects()) != sorted(board.rects))
            pool = [r for r in board.rects if r not in set(rival.rects())]
            if step % 2 == 0:
                assert board.move_apart(pool, rival.room_labels())
                assert not obeys(board.puzzle(), rival.rects())
                done["move"] += 1
            elif board.redraw(pool):
                done["redraw"] += 1
        assert obeys(board.puzzle(), board.rects) and len(board.rects) == len(rects)
    assert done["move"] and done["redraw"], done
    made = 0
    for _ in range(6):
        rects = maker.tiling(8, 8, rng)
        p = maker.repaired(8, 8, rects, rng, judge("tatamibari", None))
        if p is not None:
            made += 1
            assert sum(v != -1 for row in p.clues for v in row) == len(rects)
    assert made


def test_hardening_keeps_the_grade_and_leaves_more_open(monkeypatch) -> None:
    """A board of the grade asked comes out of `harden` still of that grade, with the rung
    below leaving at least as much open, and more on some boards."""
    maker = G.maker
    verdicts = judge("tatamibari", "probe")
    seen: list[tuple[int, int]] = []
    harden = maker.Cutting.harden

    def watched(board, puzzle, verdicts_):
        out = harden(board, puzzle, verdicts_)
        if verdicts.hits(puzzle):
            assert verdicts.accept(out) and verdicts.hits(out)
            seen.append((verdicts.harder(puzzle), verdicts.harder(out)))
        return out

    monkeypatch.setattr(maker.Cutting, "harden", watched)
    rng = np.random.default_rng(11)
    for _ in range(60):
        G.generate(10, 10, rng, verdicts)
        if len(seen) == 4:
            break
    assert seen and all(after >= before for before, after in seen)
    assert any(after > before for before, after in seen), seen


@pytest.mark.parametrize(("side", "tries", "repairing"), [(6, 30, False), (8, 8, True)])
def test_generated_boards_have_exactly_one_answer(side: int, tries: int,
                                                  repairing: bool) -> None:
    """With a judge that names a second answer, the generator repairs the board (marks
    moved, rectangles redrawn) until it is unique; without one (the scaling board's), it
    only tries placements of marks. Either way each board made has one answer, which
    obeys the rules."""
    rng = np.random.default_rng(5)
    verdicts = (judge("tatamibari", None) if repairing
                else Judge(lambda q: solve(q, limit=2).status == "unique"))
    made = 0
    for _ in range(tries):
        p = G.generate(side, side, rng, verdicts)
        if p is None:
            continue
        made += 1
        s = solve(p, limit=0)
        assert s.status == "unique" and not G.validate(p, s.answers[0])
        assert not G.faults(p, s.answers[0])
        assert crossings(side, side, s.answers[0].rects()) == 0
    assert made >= (tries // 2 if repairing else 1)


def test_no_four_meet_law_over_boxes() -> None:
    """The law knows boxes only: four unit boxes on a 2×2 board meet at its centre; a 2×1
    among them must then be taken; the tiling of four meets, that of three does not."""
    quads = np.array([[0, 0, 1, 1], [0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 1, 1]])
    assert no_four_meet(np.ones(4, bool), quads, 2, 2) == -1
    boxes = np.concatenate([quads, [[0, 0, 2, 1]]])
    alive = np.ones(5, bool)
    assert no_four_meet(alive, boxes, 2, 2) == 2  # the two unit boxes on its cells die
    assert alive.tolist() == [False, True, False, True, True]
    assert four_meet(quads, 2, 2)
    assert not four_meet(np.array([[0, 0, 2, 1], [0, 1, 1, 1], [1, 1, 1, 1]]), 2, 2)


def test_a_mark_takes_only_boxes_of_its_shape() -> None:
    p = Puzzle(3, 3, ((SQUARE, -1, -1), (-1, WIDE, -1), (-1, -1, TALL)))
    square, wide, tall = candidates(p)
    assert all(h == w for _, _, h, w in square)
    assert all(w > h for _, _, h, w in wide)
    assert all(h > w for _, _, h, w in tall)


def test_janko_grades_per_rung() -> None:
    """Janko's 150 by the weakest rung that finishes them without a guess: the no-four-meet
    law finishes half, probing the rest."""
    from collections import Counter

    from rectlogic.grade import grade

    _, items = load_corpus(CORPUS)
    assert Counter(grade(it.puzzle).grade for it in items) == {
        "dual": 2, "corners": 76, "probe": 72}


def test_scaling_boards_have_one_answer() -> None:
    """The scaling benchmark's boards are cut until the corners rung's fixpoint settles
    every rectangle (no solver in the loop): one answer by the brute force on a 4×4, by
    the clause model on a 10×10, and no branching."""
    from rectlogic.sat import solve_sat

    for side, seed in ((4, 0), (4, 1), (10, 2)):
        p = G.scaling_board(side, np.random.default_rng(seed))
        found = solve(p, limit=2, rung="corners")
        assert found.status == "unique" and found.nodes <= 1, found
        if side == 4:
            assert [sorted(t) for t in SMALL[(4, 4)] if obeys(p, t)] == [
                sorted(found.answers[0].rects())]
        else:
            assert solve_sat(p, limit=2).answers == found.answers


def test_a_conflict_in_the_marks_places_says_so_and_marks_every_place() -> None:
    """Four marks on a 2x2 leave no tiling whatever the marks say (four 1x1s meet at the
    middle): made `?`, the marks still conflict, and no deletion narrows that (a mark taken
    away is no relaxation: each rectangle needs one). The analysis marks every place, even
    `?` ones, says why, and does not claim the time ran out."""
    from rectlogic.analyze import PLACES_ALONE, analyze

    author = get_genre("tatamibari").author
    for mark in "+?":
        out = analyze(author.compose(2, 2, [[mark, mark], [mark, mark]], None))
        assert out["status"] == "none" and out["reason"] == PLACES_ALONE
        assert out["conflict"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
        assert out["conflict_minimal"] is None
