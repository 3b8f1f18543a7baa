"""Studies of the generators and the bank across genres: how often each grade comes out, and
how the shipped boards look beside Janko's published ones."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

import numpy as np

from ..bank import Looks, fished_grades
from ..generate import fish, grades, make_boards
from ..genres import registry
from ..genres.registry import get_genre
from . import Params, Track, bank_boards, of_genre, pct, study
from .looks import ACCURACY_GOAL, SPLITS, compare, compare_measured, measure, split_accuracies

SMALL = ((6, 6), (8, 8), (10, 10))
LARGE = ((15, 15), (20, 20))


def seconds_per_board(catch: Any) -> float | None:
    """The median time to each board caught, attempts made one after another: the seconds of
    the attempts since the one before it, its own included."""
    spans, since = [], 0.0
    for seconds, board in zip(catch.seconds, catch.hits, strict=True):
        since += seconds
        if board:
            spans.append(since)
            since = 0.0
    return round(statistics.median(spans), 3) if spans else None


@study("generator-yield",
       ("genre", "size", "grade", "attempts", "found", "hit_pct", "attempt_s", "board_s"),
       lambda rows: "10×10 boards per grade asked, hit rate (median seconds a board): "
       + "; ".join(
           f"{r['genre']} " + ", ".join(
               f"{q['grade']} {q['hit_pct']} %"
               + (f" ({q['board_s']:.2f} s)" if q["board_s"] is not None else "")
               for q in rows if q["genre"] == r["genre"] and q["size"] == "10x10")
           for r in rows if r["size"] == "10x10" and r["grade"] == grades(r["genre"])[1])
       + ".", project="this project's generators, published style, every grade above the first")
def generator_yield(params: Params, track: Track) -> list[dict[str, Any]]:
    """How often the generator makes each grade it is asked for.

    Per genre, size and grade: `attempts` goes of the generator asked for that grade (each
    from its own seed; 100 a size at 6×6, 8×8 and 10×10 by default, a fifth of that at 15×15
    and 20×20), `found` boards of exactly that grade, `hit_pct` = found / attempts,
    `attempt_s` = median seconds per attempt, `board_s` = median seconds from one board of
    the grade to the next, attempts made one after another (the figure a player waits for
    when asking for that grade). Published style, as the bank. `rectlogic bank build`
    fishes with these same attempts, up to 2,000 a small size and grade, 400 a large one
    (giving a grade up where its rate after every 250, or 60, would not bring its boards in),
    and keeps a grade only when all its boards came in (`bank.FISHING`). At 15×15 and
    20×20 only the grades the bank fishes there (`bank.fished_grades`: up to a genre's
    `BANK_LARGE_TOP`, where it declares one)."""
    rows = []
    n = params.n(100)
    plan = [(size, n) for size in SMALL] + [(size, n // 5) for size in LARGE if n // 5]
    jobs = [(g.name, size, target, count) for g in registry.GENRES for size, count in plan
            for target in fished_grades(g.name, size in LARGE)]
    for name, (r, c), target, count in track(jobs, len(jobs), "generator-yield"):
        seed = params.seed + 100_000 * r + 10_000 * get_genre(name).grades.index(target)
        catch = fish(name, r, c, target, seed, want=count, most=count,
                     workers=params.workers, scheduler=params.scheduler)
        rows.append({
            "genre": name, "size": f"{r}x{c}", "grade": target, "attempts": catch.attempts,
            "found": sum(catch.hits), "hit_pct": pct(sum(catch.hits), catch.attempts),
            "attempt_s": round(statistics.median(catch.seconds), 3),
            "board_s": seconds_per_board(catch),
        })
    return rows


def janko_boards(genre: str, side: int = 10) -> list[tuple[Any, Any]]:
    """Janko's published boards of a genre with their published answers, `side` and larger
    (none when run outside a checkout)."""
    from ..bench.corpus import janko_corpus, load_corpus

    if not janko_corpus(genre).is_file():
        return []
    return [(i.puzzle, i.published) for i in load_corpus(janko_corpus(genre), genre)[1]
            if i.puzzle is not None and i.published is not None
            and min(i.puzzle.rows, i.puzzle.cols) >= side]


FOLLOWED = slice(0, None, 2)
"""The half of Janko's published boards (of 10×10 and above, every other one in his corpus's
order from the first) whose looks the bank follows (`janko_looks`); the other half
(HELD_OUT) judges it: a bank chosen to look like boards is told from those very boards
less often than it would be from others."""
HELD_OUT = slice(1, None, 2)


def is_ten(puzzle: Any) -> bool:
    return (puzzle.rows, puzzle.cols) == (10, 10)


def is_larger(puzzle: Any) -> bool:
    return min(puzzle.rows, puzzle.cols) > 10


LOOKS_LEAST = 8
"""Published boards a size's part needs in the followed half before the bank follows it."""


def janko_looks(genre: str, size: tuple[int, int]) -> Looks | None:
    """How Janko's published boards look (the FOLLOWED half), for the bank to follow at one
    of its sizes: at 10×10 his 10×10s, above it his boards above 10×10; None below 10×10,
    for a genre without looks measures, or with fewer than LOOKS_LEAST of his boards."""
    if min(size) < 10 or get_genre(genre) not in measured():
        return None
    part = is_ten if size == (10, 10) else is_larger
    theirs = [b for b in janko_boards(genre)[FOLLOWED] if part(b[0])]
    if len(theirs) < LOOKS_LEAST:
        return None
    return Looks(lambda boards: measure(genre, [(b.puzzle, b.answer) for b in boards])[1],
                 measure(genre, theirs)[1])


def measured() -> list[Any]:
    """The genres the looks studies can measure: those whose studies have `board_looks`."""
    return [g for g in registry.GENRES if hasattr(of_genre(g), "board_looks")]


HELD_POOLED = "classifier accuracy, held-out half of Janko's, all sizes"


def accuracies(label: str, boards: str) -> Callable[[list[dict[str, Any]]], str]:
    """A headline: the classifier's accuracy per genre, on `boards` (which sizes), and
    against the held-out half of Janko's boards where the rows give it (`held_out`)."""
    def headline(rows: list[dict[str, Any]]) -> str:
        def listed(measure: Callable[[str], bool]) -> str:
            return ", ".join(f"{r['genre']} {r[label]:.2f}" for r in rows
                             if measure(r["measure"]))

        held = listed(lambda m: m.startswith(HELD_POOLED))
        return (f"a classifier over the looks measures tells {label} boards from Janko's "
                f"({boards}; 0.5 = a coin; the mean of {SPLITS} draws of the folds): "
                + listed(lambda m: m == "classifier accuracy")
                + (f"; from the half of his it was not chosen to look like: {held}"
                   if held else "") + ".")

    return headline


def looks_columns(label: str) -> tuple[str, ...]:
    return ("genre", "measure", label, "janko", "gap_low", "gap_high", "weight", "bound", "met")


@study("bank-looks", looks_columns("bank"), accuracies("bank", "10×10 and above"),
       project="the shipped bank and Janko's published boards, 10×10 and above")
def bank_looks(params: Params, track: Track) -> list[dict[str, Any]]:
    """The shipped bank beside Janko's published boards, 10×10 and above.

    Per genre and measure (`studies/looks.py`: a few dozen numbers a player sees, each per
    board), the mean over the bank's boards and over Janko's; gap_low and gap_high bound a
    95 % bootstrap interval of the gap (bank − Janko); weight = the measure's share (%) of
    the importance in a random forest trained to tell the two apart; bound = issue 27's
    bound on the bank's mean, where it sets one, and met = whether the bank meets it. The
    row `classifier accuracy` gives that forest's cross-validated balanced accuracy (0.5: it
    cannot tell them apart; the goal is ≤ 0.65), the mean over SPLITS draws of the folds,
    whose lowest and highest, less 0.5, are its gap_low and gap_high. The bank's sizes are
    not Janko's (half of its Chocona boards are 15×15 or 20×20, a tenth of his above
    10×10), so the rows `classifier accuracy, 10×10 only` and `…, larger` train a forest
    on each part alone, and `…, sizes as Janko's` on the bank drawn in his mix of sizes:
    where the style gives the bank away, not its sizes. `…, told only whether a board is
    above 10×10` is what the mixes alone give away (Chocona's: 0.70, when the bank must
    keep 8 boards a grade at 15×15 and 20×20 and Janko has 23 larger boards to 195 of
    10×10). The bank's boards at 10×10 and above were chosen to look like half of Janko's
    (`rectlogic bank build`: `janko_looks`, `bank.herded`), so the rows `…, held-out half
    of Janko's` train the forest against the other half alone: a bank chosen to look like
    boards is told from those very boards less often than from others, and these rows,
    the pooled one with the goal's bound, are the fair test."""
    rows = []
    for genre in track(measured(), len(measured()), "bank-looks"):
        ours = [b for boards in bank_boards(genre.name).values() for b in boards
                if min(b[0].rows, b[0].cols) >= 10]
        theirs = janko_boards(genre.name)
        if ours and theirs:
            names, a = measure(genre.name, ours)
            _, b = measure(genre.name, theirs)
            rows += compare_measured(genre.name, names, a, b, params.seed, "bank")
            rows += by_size(genre.name, ours, theirs, a, b, params.seed)
            rows += held_out(genre.name, ours, theirs, a, b, params.seed)
    return rows


SIZE_DRAWS = 4
"""Draws of the bank's boards in Janko's mix of sizes (`by_size`), whose accuracies are averaged."""


PART_LEAST = 8
"""Boards each side needs in a part (10×10, larger, held out) before a forest is trained on
that part alone."""


def _parts(boards: list[tuple[Any, Any]]) -> tuple[np.ndarray, np.ndarray]:
    """Which boards are 10×10, and which are larger."""
    return tuple(np.array([part(p) for p, _ in boards], dtype=bool)
                 for part in (is_ten, is_larger))


def _accuracy_row(genre: str, part: str, accuracy: float, goal: bool = False
                  ) -> dict[str, Any]:
    """A row `classifier accuracy, <part>` beside the measures' rows; `goal`: it carries
    the goal's bound."""
    return {"genre": genre, "measure": f"classifier accuracy, {part}",
            "bank": round(accuracy, 3), "janko": 0.5, "gap_low": None, "gap_high": None,
            "weight": None, "bound": f"≤ {ACCURACY_GOAL:g}" if goal else None,
            "met": accuracy <= ACCURACY_GOAL if goal else None}


def by_size(genre: str, ours: list[tuple[Any, Any]], theirs: list[tuple[Any, Any]],
            a: np.ndarray, b: np.ndarray, seed: int) -> list[dict[str, Any]]:
    """The forest's accuracy told nothing but whether a board is above 10×10 (what the two
    mixes of sizes alone give away: the pooled accuracy cannot well fall below it), on the
    10×10 boards alone, on the larger ones alone (each side's boards of that part,
    measured: `a` and `b`; a part with fewer than PART_LEAST boards a side is left out),
    and on the bank's boards drawn in Janko's mix of the two: as many of each as stand in
    his proportion (`_in_mix`), SIZE_DRAWS draws averaged (where the bank's sizes alone
    give it away, not how its boards are drawn)."""
    (my_ten, my_large), (his_ten, his_large) = _parts(ours), _parts(theirs)
    alone = split_accuracies(my_large[:, None].astype(float), his_large[:, None].astype(float),
                             seed)[0]
    rows = [_accuracy_row(genre, "told only whether a board is above 10×10", alone)]
    for part, mine, his in (("10×10 only", my_ten, his_ten), ("larger", my_large, his_large)):
        if min(mine.sum(), his.sum()) >= PART_LEAST:
            accuracy = split_accuracies(a[mine], b[his], seed)[0]
            rows.append(_accuracy_row(genre, f"{part} ({mine.sum()} and {his.sum()} boards)",
                                      accuracy))
    ten, large = _in_mix(int(my_ten.sum()), int(my_large.sum()), int(his_ten.sum()),
                         int(his_large.sum()))
    if ten >= PART_LEAST and large > 0:
        rng = np.random.default_rng(seed)
        drawn = []
        for k in range(SIZE_DRAWS):
            keep = np.zeros(len(ours), dtype=bool)
            keep[rng.choice(np.flatnonzero(my_ten), ten, replace=False)] = True
            keep[rng.choice(np.flatnonzero(my_large), large, replace=False)] = True
            drawn.append(split_accuracies(a[keep], b[his_ten | his_large], seed + k)[0])
        rows.append(_accuracy_row(genre, f"sizes as Janko's ({ten} + {large} and "
                                  f"{his_ten.sum()} + {his_large.sum()} boards)",
                                  float(np.mean(drawn))))
    return rows


def held_out(genre: str, ours: list[tuple[Any, Any]], theirs: list[tuple[Any, Any]],
             a: np.ndarray, b: np.ndarray, seed: int) -> list[dict[str, Any]]:
    """The forest's accuracy against the HELD_OUT half of Janko's boards alone, the half the
    bank's boards were not chosen to look like (`janko_looks`): pooled (with the goal's
    bound), 10×10 only and larger, each the mean over SPLITS draws of the folds. The rows
    against all his boards flatter a bank chosen to look like half of them; these do not."""
    held = np.zeros(len(theirs), dtype=bool)
    held[HELD_OUT] = True
    (my_ten, my_large), (his_ten, his_large) = _parts(ours), _parts(theirs)
    rows = []
    for part, mine, his in (("all sizes", np.ones(len(ours), dtype=bool), held),
                            ("10×10 only", my_ten, held & his_ten),
                            ("larger", my_large, held & his_large)):
        if min(mine.sum(), his.sum()) >= PART_LEAST:
            accuracy = float(np.mean(split_accuracies(a[mine], b[his], seed, SPLITS)))
            rows.append(_accuracy_row(genre, f"held-out half of Janko's, {part} "
                                      f"({mine.sum()} and {his.sum()} boards)", accuracy,
                                      goal=part == "all sizes"))
    return rows


def _in_mix(my_ten: int, my_large: int, his_ten: int, his_large: int) -> tuple[int, int]:
    """The most 10×10 and larger boards of the bank's that stand in Janko's proportion."""
    if not (his_ten and his_large and my_ten and my_large):
        return 0, 0
    if my_large * his_ten >= my_ten * his_large:
        return my_ten, round(my_ten * his_large / his_ten)
    return min(my_ten, round(my_large * his_ten / his_large)), my_large


@study("generator-looks", looks_columns("generated"), accuracies("generated", "10×10"),
       project="fresh 10×10 boards of the generators, published style, any grade, beside "
       "Janko's published boards of 10×10")
def generator_looks(params: Params, track: Track) -> list[dict[str, Any]]:
    """Fresh boards of the generators beside Janko's published boards of 10×10.

    As `bank-looks`, for boards a genre made now at 10×10 in the published style, any grade,
    beside Janko's of that size (several measures depend on the size): how the next bank
    will look, without building it. As many boards as Janko's 10×10s of the genre (or
    `--boards`): the forest tells two samples apart better the more boards it learns from,
    and on 40 a side it understated what a few hundred show (Shakashaka 0.66 against 0.73
    on 300, Chocona 0.61 against 0.76 on 240)."""
    rows = []
    for genre in track(measured(), len(measured()), "generator-looks"):
        theirs = [b for b in janko_boards(genre.name) if (b[0].rows, b[0].cols) == (10, 10)]
        if theirs:
            ours = [(b.puzzle, b.answer) for b in make_boards(
                genre.name, 10, 10, None, params.seed, params.n(len(theirs)),
                workers=params.workers)]
            rows += compare(genre.name, ours, theirs, params.seed, "generated")
    return rows


def janko_scores(genre: str, size: tuple[int, int]) -> dict[str, list[int]]:
    """Janko's published boards of one size, graded and scored here, by grade."""
    from ..grade import grade

    out: dict[str, list[int]] = {}
    for puzzle, _ in janko_boards(genre, min(size)):
        if (puzzle.rows, puzzle.cols) == size:
            g = grade(puzzle, scored=True)
            if g.grade is not None and g.score is not None:
                out.setdefault(g.grade, []).append(g.score)
    return out


WITHIN = 0.25
"""How far the bank's median score inside a grade may stand from Janko's (a share of
Janko's): issue 27's bound."""


@study("bank-difficulty", ("genre", "grade", "bank_boards", "bank_median", "janko_boards",
                           "janko_median", "ratio", "within"),
       lambda rows: "median score inside a grade at 10×10, the bank against Janko's: " + "; ".join(
           f"{r['genre']} {r['grade']} {r['bank_median']} against {r['janko_median']}"
           for r in rows if r["bank_boards"] and r["janko_boards"]) + ".",
       project="the shipped bank's 10×10 boards and Janko's published 10×10 boards, by grade")
def bank_difficulty(params: Params, track: Track) -> list[dict[str, Any]]:
    """How hard the bank's boards are inside their grade, beside Janko's.

    Per genre and grade at 10×10: the bank's boards and Janko's (graded here), each side's
    median score (the cells only the grade's own rung decides, solving in rounds as a
    person would: `grade.score`); ratio = bank / Janko; within = the two medians are within
    25 % of Janko's (issue 27 asks it of `probe` and every rung above). Grades with boards
    on one side only are listed too (a dash on the other)."""
    rows = []
    for genre in track(registry.GENRES, len(registry.GENRES), "bank-difficulty"):
        theirs = janko_scores(genre.name, (10, 10))
        ours: dict[str, list[int]] = {}
        for board in bank_rows_of(genre.name, (10, 10)):
            if board.score is not None:
                ours.setdefault(board.grade, []).append(board.score)
        for grade in genre.grades:
            a, b = ours.get(grade, []), theirs.get(grade, [])
            if not a and not b:
                continue
            ma = statistics.median(a) if a else None
            mb = statistics.median(b) if b else None
            ratio = round(ma / mb, 2) if ma is not None and mb else None
            rows.append({"genre": genre.name, "grade": grade, "bank_boards": len(a),
                         "bank_median": ma, "janko_boards": len(b), "janko_median": mb,
                         "ratio": ratio,
                         "within": None if ratio is None else abs(ratio - 1) <= WITHIN})
    return rows


def bank_rows_of(genre: str, size: tuple[int, int]) -> list[Any]:
    """The shipped bank's rows of one genre and size."""
    from .. import bank

    return [r for r in bank.rows(genre=genre) if (r.rows, r.cols) == size]

