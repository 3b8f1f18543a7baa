"""Chocona studies: the raw stream through the ladder, ablation, the two generator dials, the
exhaustive agreement of three readings, and the probe law."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine import search
from ..genres.chocona import CHOCONA as G
from ..genres.chocona.brute import brute_force, pairwise_legal_count
from ..genres.chocona.generate import raw_board
from ..genres.chocona.model import Answer, Puzzle, make_puzzle
from ..genres.chocona.rules import LADDER, RULES
from ..genres.chocona.validate import clumps
from ..grade import finished_by, grade
from ..grid import NO_CLUE, piece_boxes, piece_labels
from ..solve import solve
from . import Params, Track, bank_boards, janko_items, looks, pct, pmap, rule_set_rows, study

RUNGS = tuple(LADDER)[1:]  # quota, corner, box, probe

PROJECT_STREAM = ("raw boards: regions merged across random borders up to 6 cells, a dart "
                  "packing of rectangles up to 3×3 (2n² darts), every region numbered; "
                  "`probe` probes with quota and corner (box runs between probing rounds)")
WRITE_UP_STREAM = ("raw boards: regions grown to a size drawn from 1..5, a dart packing of "
                   "rectangles up to 3×3 (2n² darts), every region numbered; the write-up's "
                   "probe: every probe runs quota, corner and box to a fixpoint")


@dataclass(frozen=True)
class Stream:
    """How raw boards are made and judged: the partition, its largest region and dart, and
    whether the probe runs every rule (the write-ups' setting) or leaves box out."""

    size: int
    max_size: int
    max_rect: int
    grown: bool
    seed: int

    @property
    def probe_all(self) -> bool:
        return self.grown


def stream_of(params: Params, size: int, max_size: int | None = None,
              max_rect: int = 3) -> Stream:
    grown = params.setting == "write-up"
    default = 5 if grown else 6
    return Stream(size, max_size or default, max_rect, grown, params.seed)


def _raw(job: tuple[Stream, int]) -> tuple[Puzzle, Answer]:
    """Raw board k of a stream: made from the stream's settings and k alone."""
    s, k = job
    rng = np.random.default_rng([s.seed, s.size, s.max_size, s.max_rect, k])
    return raw_board(s.size, s.size, rng, max_size=s.max_size, max_rect=s.max_rect,
                     grown=s.grown)


def _board(job: tuple[Stream, int]) -> dict[str, Any]:
    """One raw board and what happens to it: regions, rectangles, shaded share, the rungs
    whose fixpoint finishes it, and whether it has exactly one answer."""
    puzzle, answer = _raw(job)
    shaded = sum(map(sum, answer.shaded))
    probe_all = job[0].probe_all
    return {
        "regions": len(puzzle.clues),
        "rects": len(clumps(answer)),
        "shaded": shaded / (answer.rows * answer.cols),
        "finished": {r: finished_by(puzzle, r, probe_all) is not None for r in RUNGS},
        "unique": solve(puzzle, limit=2).status == "unique",
    }


_SEEN: dict[tuple, list[dict[str, Any]]] = {}
"""Boards already judged in this process, by (stream, count, share numbered): the probe law
reuses the stream and the dials rather than remaking them."""


def _judged(params: Params, track: Track, stream: Stream, default: int, label: str,
            share: int | None = None) -> list[dict[str, Any]]:
    """The stream's first boards, judged (`_board`; with only `share` % of the regions
    numbered, `_clued`), once a process."""
    key = (stream, params.n(default), share)
    if key not in _SEEN:
        ks = range(params.n(default))
        jobs = [(stream, k) for k in ks] if share is None else [(stream, k, share) for k in ks]
        _SEEN[key] = pmap(_board if share is None else _clued, jobs, params, track, label)
    return _SEEN[key]


def _sized(params: Params, track: Track, size: int) -> list[dict[str, Any]]:
    return _judged(params, track, stream_of(params, size), 300, f"{size}x{size}")


def _partitioned(params: Params, track: Track, max_size: int) -> list[dict[str, Any]]:
    return _judged(params, track, stream_of(params, 8, max_size), 150, f"max_size {max_size}")


def _darted(params: Params, track: Track, max_rect: int) -> list[dict[str, Any]]:
    return _judged(params, track, stream_of(params, 8, max_rect=max_rect), 150,
                   f"max_rect {max_rect}")


def _share(boards: list[dict[str, Any]], test) -> float:
    return pct(sum(1 for b in boards if test(b)), len(boards))


STREAM_SIZES = (6, 8, 10)
PARTITION_DIAL = (1, 2, 3, 5, 8, 12)
RECT_DIAL = (1, 2, 3, 4, 5)
CLUE_DIAL = tuple(range(10, 101, 10))
LAW_STREAM_SIZES = (6, 8)
"""The write-ups' extra probe-law streams: 400 boards a size, regions up to 2 cells."""


@study("chocona-stream", ("size", "boards", *(f"{r}_pct" for r in RUNGS), "unique_pct"),
       lambda rows: "raw boards with exactly one answer: "
       + ", ".join(f"{r['size']} {r['unique_pct']} %" for r in rows) + ".",
       project=PROJECT_STREAM + "; 300 boards a size",
       write_up=WRITE_UP_STREAM + "; 300 boards a size")
def stream(params: Params, track: Track) -> list[dict[str, Any]]:
    """The raw stream through the ladder: which rung's fixpoint finishes a board.

    `rung_pct` = boards that rung's fixpoint alone finishes; `unique_pct` = boards with
    exactly one answer. Grown regions are smaller than merged ones (the merge stops at a
    region's size, growth at a size drawn from 1..5), so the write-up stream has more
    regions and more unique boards."""
    rows = []
    for size in STREAM_SIZES:
        boards = _sized(params, track, size)
        rows.append(
            {
                "size": f"{size}x{size}",
                "boards": len(boards),
                **{f"{r}_pct": _share(boards, lambda b, r=r: b["finished"][r]) for r in RUNGS},
                "unique_pct": _share(boards, lambda b: b["unique"]),
            }
        )
    return rows


@study("chocona-ablation", ("size", "rules", "reduction_pct", "finished_pct"),
       project=PROJECT_STREAM + "; 100 boards at 6×6 and 8×8",
       write_up=WRITE_UP_STREAM + "; the stream's 300 boards a size, 6×6 to 10×10")
def ablation(params: Params, track: Track) -> list[dict[str, Any]]:
    """The full ladder minus one rule, on the raw stream.

    reduction = the share of removable values the fixpoint removes, averaged over boards;
    finished = boards it decides completely and correctly. With the write-up's probe, box
    runs inside every probe, so leaving `corner` out costs less: the probes' box reasoning
    finds much of what the window rule would."""
    full = frozenset(RULES)
    sets = {"full": full} | {f"full − {r}": full - {r} for r in RULES}
    if params.setting == "write-up":
        plan = {s: params.n(300) for s in STREAM_SIZES}
    else:
        plan = {s: params.n(100) for s in (6, 8)}
    boards = {f"{s}x{s}": [_raw((stream_of(params, s), k))[0] for k in range(n)]
              for s, n in plan.items()}
    return rule_set_rows(boards, sets, params, track,
                         probe_all=params.setting == "write-up")


PARTITION_COLUMNS = ("regions_mean", "unique_pct", "probe_solves_pct", "quota_solves_pct")
RECT_COLUMNS = ("rects_mean", "black_share", "unique_pct", "probe_solves_pct")


@study("chocona-partition-dial", ("max_size", *PARTITION_COLUMNS),
       project="8×8 " + PROJECT_STREAM + ", the largest region dialled; 150 boards a point",
       write_up="8×8 " + WRITE_UP_STREAM + ", the largest region dialled; 150 boards a point")
def partition_dial(params: Params, track: Track) -> list[dict[str, Any]]:
    """Region size is the dial of uniqueness: 8×8 raw boards as the largest region grows.

    Merging (this project's partition) stops a region only at the cap, so its regions are
    close to the cap; growth draws each region's size from 1..max, so its regions are about
    half as big and there are more of them (35 merged regions against 45 grown at max 2)."""
    return [{"max_size": m} | _summary(_partitioned(params, track, m), PARTITION_COLUMNS)
            for m in PARTITION_DIAL]


@study("chocona-rect-dial", ("max_rect", *RECT_COLUMNS),
       project="8×8 " + PROJECT_STREAM + ", the largest dart dialled; 150 boards a point",
       write_up="8×8 " + WRITE_UP_STREAM + ", the largest dart dialled; 150 boards a point")
def rect_dial(params: Params, track: Track) -> list[dict[str, Any]]:
    """Rectangle size is the other dial: 8×8 raw boards as the largest dart grows.

    black_share = shaded cells (%)."""
    return [{"max_rect": m} | _summary(_darted(params, track, m), RECT_COLUMNS)
            for m in RECT_DIAL]


def _summary(boards: list[dict[str, Any]], columns: tuple[str, ...]) -> dict[str, Any]:
    """The measures of one dial point that its study's columns ask for."""
    measures = {
        "regions_mean": round(float(statistics.mean(b["regions"] for b in boards)), 1),
        "rects_mean": round(float(statistics.mean(b["rects"] for b in boards)), 1),
        "black_share": round(100 * statistics.mean(b["shaded"] for b in boards), 1),
        "unique_pct": _share(boards, lambda b: b["unique"]),
        "probe_solves_pct": _share(boards, lambda b: b["finished"]["probe"]),
        "quota_solves_pct": _share(boards, lambda b: b["finished"]["quota"]),
    }
    return {c: measures[c] for c in columns}


def _clued(job: tuple[Stream, int, int]) -> dict[str, Any]:
    """Raw board k with only `share` % of its regions numbered (chosen at random, the same
    board at every share): unique, and finished by the write-up's probe?"""
    s, k, share = job
    puzzle, _ = _raw((s, k))
    rng = np.random.default_rng([s.seed, k, share])
    keep = set(rng.permutation(len(puzzle.clues))[: round(share * len(puzzle.clues) / 100)]
               .tolist())
    clues = tuple(v if i in keep else NO_CLUE for i, v in enumerate(puzzle.clues))
    puzzle = Puzzle(puzzle.rows, puzzle.cols, puzzle.regions, clues)
    found = solve(puzzle, limit=ANSWER_CAP)
    return {"unique": found.status == "unique", "answers": found.count,
            "finished": {"probe": finished_by(puzzle, "probe", s.probe_all) is not None}}


ANSWER_CAP = 100
"""Answers counted at most per board of the clue dial."""


def _clue_dial_boards(params: Params, track: Track, share: int) -> list[dict[str, Any]]:
    return _judged(params, track, stream_of(params, 8, 5), 150, f"{share} % numbered", share)


@study("chocona-clue-dial", ("numbered_pct", "boards", "unique_pct", "probe_solves_pct",
                             "few_answers_pct"),
       lambda rows: "8×8 raw boards, share of regions numbered → unique, fewer than 100 "
       "answers: " + ", ".join(f"{r['numbered_pct']} % → {r['unique_pct']} %, "
                               f"{r['few_answers_pct']} %" for r in rows[::3]) + ".",
       write_up="8×8 raw boards: regions grown to a size drawn from 1..5, a dart packing of "
       "rectangles up to 3×3 (2n² darts); a share of the regions numbered, chosen at random "
       "(the same 150 boards at every share); the write-up's probe")
def clue_dial(params: Params, track: Track) -> list[dict[str, Any]]:
    """How many numbers a board needs: uniqueness as the share of numbered regions grows.

    Raw boards with regions up to 5 cells are rarely unique even fully numbered (see the
    stream: a fully numbered 8×8 raw board has hundreds to tens of thousands of answers), so
    `few_answers_pct` shows the numbers narrowing the answers: boards with fewer than 100."""
    rows = []
    for share in CLUE_DIAL:
        boards = _clue_dial_boards(params, track, share)
        rows.append({"numbered_pct": share, "boards": len(boards),
                     "unique_pct": _share(boards, lambda b: b["unique"]),
                     "probe_solves_pct": _share(boards, lambda b: b["finished"]["probe"]),
                     "few_answers_pct": _share(boards, lambda b: b["answers"] < ANSWER_CAP)})
    return rows
def _exhaustive(n: int) -> dict[str, Any]:
    blank = make_puzzle([[0] * n for _ in range(n)], [[NO_CLUE] * n for _ in range(n)])
    by_pairs = pairwise_legal_count(n, n)
    by_search = solve(blank, limit=0, budget=None).count
    by_brute = len(brute_force(blank))
    return {
        "size": f"{n}x{n}",
        "legal": by_pairs,
        "engines_agree": by_pairs == by_search == by_brute,
    }


ENGINE_CAP = 100
"""Answers each engine counts at most on a board; a board at the cap is reported as capped."""
BRUTE_MOST = 6
"""The largest side the brute force (cell by cell, no cap) is run on."""


def _engine_counts(job: tuple[Stream, int]) -> dict[str, tuple[int, bool]]:
    """One stream board's answers by every engine: (count, capped); capped = the engine
    stopped at the cap (or, for the search, at its node budget) so the count is a floor."""
    from ..sat import solve_cpsat, solve_sat

    puzzle, _ = _raw(job)
    out = {}
    for name, run in (("search", solve), ("sat", solve_sat), ("cpsat", solve_cpsat)):
        found = run(puzzle, limit=ENGINE_CAP)
        out[name] = (found.count, found.count >= ENGINE_CAP or found.status == "unknown")
    if puzzle.rows <= BRUTE_MOST:
        count = len(brute_force(puzzle))
        out["brute force"] = (min(count, ENGINE_CAP), count >= ENGINE_CAP)
    return out


@study("chocona-engines", ("size", "engine", "boards", "capped", "answers", "agree_with_sat"),
       lambda rows: "engines counting the stream's answers agree with SAT on "
       f"{sum(r['agree_with_sat'] for r in rows if r['engine'] != 'sat')} of "
       f"{sum(r['boards'] for r in rows if r['engine'] != 'sat')} board runs.",
       project=PROJECT_STREAM + "; the stream's first 10 boards a size",
       write_up=WRITE_UP_STREAM + "; the stream's first 10 boards a size")
def engines(params: Params, track: Track) -> list[dict[str, Any]]:
    """The engines agree: every engine's count of answers on the stream's boards.

    The window search, the SAT solver (CaDiCaL over the clause model), CP-SAT over the same
    model, and the brute force (cell by cell, pruned by region tallies only, judged by the
    validator; 6×6 only) count each board's answers, up to 100. `capped` = boards where the
    engine stopped at the cap (or the search at its node budget), so its count is a floor;
    `answers` = the answers counted, summed over the boards; `agree_with_sat` = boards whose
    count (capped counts compared as "at least 100") is SAT's. `--boards` sets the boards a
    size (default 10; the stream's first, as in `chocona-stream`)."""
    rows = []
    for size in STREAM_SIZES:
        stream = stream_of(params, size)
        got = pmap(_engine_counts, [(stream, k) for k in range(params.n(10))], params, track,
                   f"{size}x{size}")
        for engine in got[0]:
            rows.append({"size": f"{size}x{size}", "engine": engine, "boards": len(got),
                         "capped": sum(g[engine][1] for g in got),
                         "answers": sum(g[engine][0] for g in got),
                         "agree_with_sat": sum(g[engine] == g["sat"] for g in got)})
    return rows


@study("chocona-exhaustive", ("size", "legal", "engines_agree"),
       lambda rows: "clue-free boards, legal shadings by window search, brute force and "
       "pairwise boxes: " + ", ".join(f"{r['size']} {r['legal']:,}" for r in rows)
       + (", all three agree." if all(r["engines_agree"] for r in rows) else ", DISAGREE."),
       project="every shading of the clue-free 2×2, 3×3 and 4×4 boards (as the write-ups)")
def exhaustive(params: Params, track: Track) -> list[dict[str, Any]]:
    """Three readings count the legal shadings of the clue-free n×n board alike.

    The window-rule search, the brute force through the validator (flood fill against boxes)
    and the pairwise-box enumerator (every pair of a clump's cells spans a shaded box)."""
    return pmap(_exhaustive, [2, 3, 4], params, track, "sizes")


TRIVIAL = "partition dial, max_size 1 (unique trivially)"
"""The dial point whose regions are single numbered cells: every board is unique at once."""


def _raw_source(row: dict[str, Any]) -> bool:
    """A row of raw boards that count towards the law's total."""
    return row["source"] not in ("bank", "janko", TRIVIAL)


@study("chocona-probe-law",
       ("source", "probe", "boards", "finished_by_probe", "finished_pct", "median_ms",
        "resisting"),
       lambda rows: "unique boards the probe fixpoint finishes: raw boards "
       f"{sum(r['finished_by_probe'] for r in rows if _raw_source(r))}/"
       f"{sum(r['boards'] for r in rows if _raw_source(r))} (not counting "
       f"{sum(r['boards'] for r in rows if r['source'] == TRIVIAL)} unique trivially), "
       + ", ".join(f"{r['source']} ({r['probe']} probe) {r['finished_by_probe']}/{r['boards']}"
                   for r in rows if r["source"] in ("bank", "janko")) + ".",
       project=PROJECT_STREAM + "; the stream and both dials, the bank, Janko's 250",
       write_up=WRITE_UP_STREAM + "; the stream, the three dials, 400 boards a size at 6×6 "
       "and 8×8 with regions up to 2 cells; Janko's 250 with both probes")
def probe_law(params: Params, track: Track) -> list[dict[str, Any]]:
    """The law to keep score on: does every board with a unique answer fall to the probe fixpoint?

    Every unique board of each source (raw boards: the same boards as the stream and dial
    studies) against the probe fixpoint. The partition dial's first point (regions of one
    cell, each numbered) gives boards unique trivially, every cell told by its number: they
    are counted apart, and left out of the raw boards' total. `resisting` names the unique
    boards it does not finish (raw boards by their number in the stream and bank boards by
    their place in the bank, the first eight; Janko's by key, every one).
    `median_ms` = the median time of the probe fixpoint per board, where it was timed here:
    on Janko's boards it is what making the write-up's probe the solver's would cost."""
    probe = params.setting
    sources = {f"stream {n}x{n}": _sized(params, track, n) for n in STREAM_SIZES}
    sources[TRIVIAL] = _partitioned(params, track, 1)
    sources["partition dial"] = [b for m in PARTITION_DIAL[1:]
                                 for b in _partitioned(params, track, m)]
    sources["rect dial"] = [b for m in RECT_DIAL for b in _darted(params, track, m)]
    if params.setting == "write-up":
        sources["clue dial"] = [b for s in CLUE_DIAL for b in _clue_dial_boards(params, track, s)]
        for n in LAW_STREAM_SIZES:
            sources[f"max_size 2 stream {n}x{n}"] = _judged(
                params, track, stream_of(params, n, 2), 400, f"max_size 2, {n}x{n}")
    rows = []
    for source, boards in sources.items():
        unique = [k for k, b in enumerate(boards) if b["unique"]]
        resist = [k for k in unique if not boards[k]["finished"]["probe"]]
        rows.append(_law_row(source, probe, len(unique), resist, None))
    bank = [(f"bank {size} #{k}", p) for size, pairs in bank_boards("chocona").items()
            for k, (p, _) in enumerate(pairs)]
    named = {"bank": bank}
    if (janko := janko_items("chocona")) is not None:
        named["janko"] = janko
    for source, items in named.items():
        probes = ("project", "write-up") if source == "janko" and probe == "write-up" else (probe,)
        for which in probes:
            got = pmap(_probe_finishes, [(p, which == "write-up") for _, p in items], params,
                       track, f"{source} ({which} probe)")
            resist = [key for (key, _), (done, _) in zip(items, got, strict=True) if not done]
            rows.append(_law_row(source, which, len(items), resist,
                                 round(statistics.median(ms for _, ms in got), 2),
                                 shown=len(resist) if source == "janko" else 8))
    return rows


def _law_row(source: str, probe: str, boards: int, resist: list[Any],
             ms: float | None, shown: int = 8) -> dict[str, Any]:
    names = ", ".join(map(str, resist[:shown])) + (" …" if len(resist) > shown else "")
    return {"source": source, "probe": probe, "boards": boards,
            "finished_by_probe": boards - len(resist),
            "finished_pct": pct(boards - len(resist), boards), "median_ms": ms,
            "resisting": names or "none"}


def _probe_finishes(job: tuple[Any, bool]) -> tuple[bool, float]:
    puzzle, probe_all = job
    started = time.perf_counter()
    done = finished_by(puzzle, "probe", probe_all) is not None
    return done, 1000 * (time.perf_counter() - started)


FISH_ATTEMPTS = 10_000


@study("chocona-fishing",
       ("size", "attempts", "probe_boards", "hit_pct", "first_hits", "bank_boards",
        "median_guesses", "boards_guessing", "boards_guessing_with_ways"),
       lambda rows: "".join(f"10×10 attempts asked for grade probe: {r['probe_boards']:,} of "
                            f"{r['attempts']:,} hit." for r in rows if r["attempts"]),
       project="this project's generator (regions blended across the rectangles) asked for "
       "the write-ups' top grade (`probe`) at 10×10, 10,000 attempts from the bank's seeds; "
       "the shipped bank's boards",
       write_up="the write-ups' generator (regions along the rectangles, no blending) asked "
       "for grade `probe` at 10×10, 10,000 attempts from the same seeds; the shipped bank's "
       "boards")
def fishing(params: Params, track: Track) -> list[dict[str, Any]]:
    """Fishing at the top grade: how often the generator makes a board that needs probing.

    `attempts` goes of the generator at 10×10 asked for grade `probe`, each from its own seed
    (the bank's seeds for that size and grade); `probe_boards` = attempts that made a board of
    exactly that grade, `first_hits` = the numbers of the first ten attempts that did (the
    first attempt is 1). Per bank size, `median_guesses` = the median search nodes past the
    root to solve a bank board and prove it unique with the `probe` rung's probing (0: the
    probing root settles it), `boards_guessing` = boards needing at least one (the bank's
    `search` grade), and `boards_guessing_with_ways` = those the solver's own search still
    branches on (its probing also tries each numbered region's ways). This
    project's generator blends regions across the answer's rectangles while the board stays
    acceptable; the write-ups' generator does not blend (regions drawn along the rectangles
    only), and the write-up setting fishes with that one, from the same seeds. At a reduced
    size (`--boards`) only the bank's boards up to 10×10 are solved (its 20×20 boards take
    minutes)."""
    from ..generate import fish, grades

    attempts = params.n(FISH_ATTEMPTS)
    seed = 1_000_000 * 10 + 100_000 * grades("chocona").index("probe")  # the bank's seed
    if params.setting == "project":
        catch = fish("chocona", 10, 10, "probe", seed, want=attempts, most=attempts,
                     workers=params.workers, scheduler=params.scheduler)
        caught = catch.hits
    else:
        caught = pmap(_unblended_hit, range(seed, seed + attempts), params, track, "attempts")
    hits = [k + 1 for k, hit in enumerate(caught) if hit]
    rows = []
    for size, pairs in bank_boards("chocona").items():
        if params.boards is not None and pairs[0][0].rows > 10:
            continue
        boards = tuple(p for p, _ in pairs)
        if boards not in _BANK_GUESSES:  # the same in both settings: worked out once
            _BANK_GUESSES[boards] = (
                pmap(_guesses, list(boards), params, track, f"bank {size}"),
                pmap(_solver_guesses, list(boards), params, track, f"bank {size}"))
        nodes, with_ways = _BANK_GUESSES[boards]
        fished = size == "10x10"
        rows.append({"size": size, "attempts": attempts if fished else None,
                     "probe_boards": len(hits) if fished else None,
                     "hit_pct": pct(len(hits), attempts) if fished else None,
                     "first_hits": ", ".join(map(str, hits[:10])) if fished else None,
                     "bank_boards": len(pairs), "median_guesses": statistics.median(nodes),
                     "boards_guessing": sum(n > 0 for n in nodes),
                     "boards_guessing_with_ways": sum(n > 0 for n in with_ways)})
    return rows


_BANK_GUESSES: dict[tuple[Any, ...], tuple[list[int], list[int]]] = {}
"""Each bank size's search nodes past the root, with probing and with the solver's own
probing, by its boards (a bank's boards do not change while a process runs)."""


def _unblended_hit(seed: int) -> bool:
    """One attempt of the write-ups' generator (no blending) from its seed, as `fish` makes
    one of this project's: does it give a board of grade `probe` (its answer not blank)?"""
    from ..generate import judge
    from ..genres.chocona.generate import generate

    puzzle = generate(10, 10, np.random.default_rng(seed), judge("chocona", "probe"),
                      blended=False)
    if puzzle is None:
        return False
    g = grade(puzzle)
    return g.grade == "probe" and not G.is_blank(puzzle, g.answer)


def _guesses(puzzle: Any) -> int:
    """Search nodes past the root with the `probe` rung's probing alone (what grades see)."""
    found = search(G.initial_domains(puzzle), G.propagator(puzzle, G.rules_for("probe")),
                   G.accept(puzzle), limit=2)
    return max(0, found.nodes - 1)


def _solver_guesses(puzzle: Any) -> int:
    return max(0, solve(puzzle, limit=2).nodes - 1)


LOOKS_BOUNDS = {"clues 0 or full %": (0, 30), "regions partly shaded %": (65, 100),
                "shaded rectangles equal to one region %": (0, 10), "0 among clues %": (0, 6),
                "shaded share %": (55, 60), "largest shaded rectangle": (15, float("inf")),
                "rectangular regions %": (0, 40), "1-cell regions %": (0, 6),
                "regions of 8 cells %": (0, 8)}
"""Issue 27's bounds on the means at 10×10 and above, after Janko's (22 %, 73 %, 3 %, 4 %,
59 %, 16.7, 33 %, 4 %, 6 %): regions cut across the shaded blocks, so that a number is
rarely 0 or the region's size."""


def board_looks(puzzle: Any, answer: Any) -> looks.Measures:
    """What a player sees on one board. Measures of the board's edge are shares of the
    edge itself (its cells shaded, its inner cell sides that are borders), not of the
    whole board: the edge is 36 % of a 10×10 and 19 % of a 20×20, so a share of the
    board's shaded cells on the edge told the sizes apart, not the setters."""
    regions = np.array(puzzle.regions)
    shaded = np.array(answer.shaded, dtype=bool)
    area = regions.size
    n = len(puzzle.clues)
    sizes = np.bincount(regions.reshape(-1), minlength=n)
    dark = np.bincount(regions.reshape(-1), weights=shaded.reshape(-1), minlength=n)
    clues = np.array(puzzle.clues)
    numbered = clues >= 0
    shown = clues[numbered]
    distinct = len(set(shown.tolist()))
    boxes = piece_boxes(regions.astype(np.int64))[:, 1:].tolist()  # top, left, bottom, right
    rectangular = sum((r1 - r0 + 1) * (c1 - c0 + 1) == sizes[k]
                      for k, (r0, c0, r1, c1) in enumerate(boxes))
    rows, cols = shaded.shape
    right = (shaded[:, :-1] & shaded[:, 1:]).reshape(-1)
    down = (shaded[:-1, :] & shaded[1:, :]).reshape(-1)
    labels = piece_labels(rows, cols, right, down)
    blocks = np.unique(labels[shaded]) if shaded.any() else np.zeros(0, int)
    block_sizes = np.array([int((labels == b).sum()) for b in blocks])
    one_region = sum(len(set(regions[labels == b].tolist())) == 1
                     and (labels == b).sum() == sizes[regions[labels == b][0]] for b in blocks)
    spans = [len(set(regions[labels == b].tolist())) for b in blocks]
    perimeter = (np.count_nonzero(regions[:, :-1] != regions[:, 1:])
                 + np.count_nonzero(regions[:-1, :] != regions[1:, :]))
    inner_sides = rows * (cols - 1) + (rows - 1) * cols
    return {
        "regions per 100 cells": looks.share(n, area),
        "mean region size": float(sizes.mean()),
        "largest region": float(sizes.max()),
        "1-cell regions %": looks.share(int((sizes == 1).sum()), n),
        "regions of 8 cells %": looks.share(int((sizes == 8).sum()), n),
        "regions of 8 cells or more %": looks.share(int((sizes >= 8).sum()), n),
        "rectangular regions %": looks.share(rectangular, n),
        "cell sides inside the board that are region borders %": looks.share(perimeter,
                                                                              inner_sides),
        "regions numbered %": looks.share(int(numbered.sum()), n),
        "0 among clues %": looks.share(int((shown == 0).sum()), shown.size),
        "clues 0 or full %": looks.share(int(((clues == 0) | (clues == sizes))[numbered].sum()),
                                   int(numbered.sum())),
        "mean clue": float(shown.mean()) if shown.size else 0.0,
        "clue as % of its region": float(np.mean(100 * shown / sizes[numbered]))
        if shown.size else 0.0,
        "clues 1 %": looks.share(int((shown == 1).sum()), shown.size),
        "clues 2 to 4 %": looks.share(int(((shown >= 2) & (shown <= 4)).sum()), shown.size),
        "clues 6 or more %": looks.share(int((shown >= 6).sum()), shown.size),
        "clue spread (sd)": float(shown.std()) if shown.size else 0.0,
        "distinct clues": float(distinct),
        "one digit only %": 100.0 * (distinct == 1),
        "regions partly shaded %": looks.share(int(((dark > 0) & (dark < sizes)).sum()), n),
        "regions unshaded %": looks.share(int((dark == 0).sum()), n),
        "shaded share %": looks.share(int(shaded.sum()), area),
        "shaded rectangles per 100 cells": looks.share(len(blocks), area),
        "shaded rectangles equal to one region %": looks.share(one_region, len(blocks)),
        "largest shaded rectangle": float(block_sizes.max(initial=0)),
        "mean shaded rectangle": float(block_sizes.mean()) if len(blocks) else 0.0,
        "1-cell shaded rectangles %": looks.share(int((block_sizes == 1).sum()), len(blocks)),
        "regions a shaded rectangle spans (mean)": float(np.mean(spans)) if spans else 0.0,
        "edge cells shaded %": looks.share(looks.on_border(shaded), 2 * (rows + cols) - 4),
    }
