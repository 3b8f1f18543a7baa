"""Studies of the generators and the bank across genres: how often each grade comes out, and
how the shipped boards look beside Janko's published ones."""

from __future__ import annotations

import statistics
from typing import Any

from ..generate import fish, grades
from ..genres.registry import GENRES, get_genre
from . import Params, Track, bank_boards, of_genre, pct, study

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
       lambda rows: "10×10 boards per grade asked, hit rate: " + "; ".join(
           f"{r['genre']} " + ", ".join(
               f"{q['grade']} {q['hit_pct']} %" for q in rows
               if q["genre"] == r["genre"] and q["size"] == "10x10")
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
    fishes with these same attempts, up to 10,000 a small size and grade (giving a grade
    up after 1,000 that caught nothing), 300 a large one (giving up after 24)."""
    rows = []
    n = params.n(100)
    plan = [(size, n) for size in SMALL] + [(size, n // 5) for size in LARGE if n // 5]
    jobs = [(g.name, size, target, count) for g in GENRES for size, count in plan
            for target in g.grades[1:]]
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


@study("bank-looks", ("genre", "measure", "bank", "janko"),
       project="the shipped bank and Janko's published boards, 10×10 and above")
def bank_looks(params: Params, track: Track) -> list[dict[str, Any]]:
    """The shipped bank beside Janko's published boards, at 10×10 and above.

    Shakashaka: black cells, numbered black cells, the digits, answers where two white
    regions meet at a corner; Shikaku: cells per clue, 1×1 rectangles, the largest;
    Chocona: cells per region, numbered regions."""
    from ..bench.corpus import janko_corpus, load_corpus

    rows = []
    for genre in track(GENRES, len(GENRES), "bank-looks"):
        studies = of_genre(genre)
        if studies is None or not hasattr(studies, "looks"):
            continue
        ours = [b for boards in bank_boards(genre.name).values() for b in boards
                if min(b[0].rows, b[0].cols) >= 10]
        theirs = []
        if janko_corpus(genre.name).is_file():
            theirs = [(i.puzzle, i.published)
                      for i in load_corpus(janko_corpus(genre.name), genre.name)[1]
                      if i.puzzle is not None and i.published is not None
                      and min(i.puzzle.rows, i.puzzle.cols) >= 10]
        mine = studies.looks(ours) if ours else {}
        published = studies.looks(theirs) if theirs else {}
        for measure in mine or published:
            rows.append({"genre": genre.name, "measure": measure,
                         "bank": mine.get(measure), "janko": published.get(measure)})
    return rows
