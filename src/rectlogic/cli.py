"""The `rectlogic` command: a thin shell over the library. Parse arguments, call, print.

Bad input of any kind ends in one line on stderr and exit code 2; `--debug` shows the
traceback instead."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from .engine import limits
from .errors import RectlogicError

try:  # the Click that Typer runs on: its own copy in recent Typers
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
except ImportError:  # pragma: no cover - older Typer on the Click package
    from click.exceptions import NoArgsIsHelpError, UsageError
from .formats import auto as formats
from .genres.generating import DEFAULT_STYLE
from .genres.registry import GENRE_NAMES, GENRES, get_genre
from .grid import parse_size
from .solve import DEFAULT_BUDGET, DEFAULT_TIMEOUT, Solution, solve

if TYPE_CHECKING:
    from rich.progress import Progress

# Each command imports what only it needs (the bank, the studies, the benchmarks, the
# generator, the SAT engines): a plain solve starts in a fraction of a second.

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help=f"Solve, check and convert puzzles: {', '.join(GENRE_NAMES)}.",
)
err = Console(stderr=True)

PuzzleArg = Annotated[
    str, typer.Argument(help="puzz.link URL, file (pzprv3, Janko, text), or - for stdin")
]
GenreOpt = Annotated[str | None, typer.Option("--genre", help="override the detected genre")]
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable output")]
TimeoutOpt = Annotated[float, typer.Option(
    "--timeout", min=0.001, help="seconds before giving up (the answer then says so)")]


def _load(puzzle: str, genre: str | None) -> formats.Loaded:
    loaded = formats.load(formats.read_source(puzzle), genre)
    for said in loaded.warnings:  # on stderr: stdout stays the answer (or its JSON)
        print(f"note: {said}", file=sys.stderr)
    return loaded


def _progress(label: str) -> Progress:
    """A progress bar on stderr, shown only when stderr is a terminal."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err, transient=True, disable=not err.is_terminal,
    )


def _emit(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


@app.command("solve")
def solve_cmd(
    puzzle: PuzzleArg,
    rung: Annotated[str | None, typer.Option(help="a rung of the genre's ladder")] = None,
    rules: Annotated[str | None, typer.Option(help="comma-separated rule names")] = None,
    limit: Annotated[int, typer.Option(help="answers to look for; 0 = all")] = 2,
    nodes: Annotated[int, typer.Option(help="node budget of the search")] = DEFAULT_BUDGET,
    engine: Annotated[str, typer.Option(help="ours, sat (CaDiCaL) or cpsat (OR-Tools)")] = "ours",
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    genre: GenreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Solve a puzzle and say whether its answer is unique."""
    if limit < 0 or nodes < 1:
        raise RectlogicError("--limit must be 0 or more and --nodes at least 1")
    from .sat import ENGINES

    loaded = _load(puzzle, genre)
    if engine == "ours":
        result = solve(
            loaded.puzzle, rung=rung, rules=rules.split(",") if rules is not None else None,
            limit=limit, budget=nodes, timeout=timeout,
        )
    elif engine in ENGINES:
        if get_genre(loaded.puzzle.genre).clause_model is None:
            raise RectlogicError(f"{loaded.puzzle.genre} has no clause model: --engine "
                                 f"{engine} cannot solve it; use --engine ours")
        result = ENGINES[engine](loaded.puzzle, limit=limit, timeout=timeout)
    else:
        raise RectlogicError(f"unknown engine {engine!r}; known: ours, {', '.join(ENGINES)}")
    if as_json:
        _emit(result.to_json(loaded.puzzle))
        return
    g = get_genre(result.genre)
    print(
        f"{result.genre} {result.rows}x{result.cols}: {result.status} "
        f"({result.count} found, {result.nodes} nodes, {result.seconds * 1000:.1f} ms)"
    )
    if not result.complete:
        print(_stopped_line(result, nodes, timeout))
    for k, answer in enumerate(result.answers):
        if len(result.answers) > 1:
            print(f"\nanswer {k + 1}:")
        print(g.render(loaded.puzzle, answer))


def _stopped_line(result: Solution, nodes: int, timeout: float) -> str:
    why = {"nodes": f"the node budget ({nodes}, --nodes)",
           "time": f"the time limit ({timeout:g} s, --timeout)",
           "memory": "the memory cap (the search's stack, or the process past "
                     f"{limits.MAX_MEMORY_BYTES >> 20} MB)"}[result.stopped or "nodes"]
    return f"stopped by {why}: the count is a lower bound"


@app.command("check")
def check_cmd(
    puzzle: PuzzleArg,
    answer: Annotated[str | None, typer.Argument(help="the answer, if PUZZLE carries none")] = None,
    genre: GenreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Check an answer as puzz.link does: exit 0 when correct, 1 when not."""
    loaded = _load(puzzle, genre)
    g = get_genre(loaded.puzzle.genre)
    if answer is not None:
        ans = formats.read_answer(loaded.puzzle, formats.read_source(answer))
    elif loaded.answer is not None:
        ans = loaded.answer
    else:
        ans = g.empty_answer(loaded.puzzle)
    violations, notes = g.check(loaded.puzzle, ans)
    if as_json:
        _emit({"ok": not violations, "errors": [v.to_json() for v in violations],
               "notes": [v.to_json() for v in notes]})
    elif not violations:
        print("ok: the answer is correct")
        for v in notes:
            print(f"note: {v.message} Every rule holds, so the empty board is this answer.")
    else:
        for v in violations:
            where = f" cells {[list(c) for c in v.cells]}" if v.cells else ""
            where += f" points {[list(p) for p in v.points]}" if v.points else ""
            print(f"{v.code}: {v.message}{where}")
    if violations:
        raise typer.Exit(1)


@app.command("analyze")
def analyze_cmd(
    puzzle: PuzzleArg,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    genre: GenreOpt = None,
    as_json: JsonOpt = False,
    patience: Annotated[float | None, typer.Option(
        "--patience", min=0.001, max=5.0,  # max: analyze.MOST_PATIENCE
        help="seconds for the parts after the verdict (differing cells, suggestions, the "
        "fewest conflicting clues); default as the workbench's first asking: 0.15 at 10x10 "
        "up to 0.6 at 20x20")] = None,
) -> None:
    """For setters: answers (up to 50), grade, open and ambiguous cells, single edits that
    make the puzzle unique, or the clues that cannot all hold."""
    from .analyze import analyze

    loaded = _load(puzzle, genre)
    out = analyze(loaded.puzzle, timeout=timeout, patience=patience)
    if as_json:
        _emit(out)
        return
    count = out["count"] if out["complete"] else f"at least {out['count']}"
    print(f"{out['genre']} {out['rows']}x{out['cols']}: {out['status']} ({count} answers, "
          f"{out['seconds'] * 1000:.0f} ms)")
    if out["reason"]:
        print(f"why: {out['reason']}")
    if out["grade"]:
        print(f"grade {out['grade']}" + (f" (score {out['score']})" if out["score"] else ""))
    if out["undecided"]:
        print(f"open after the default rung: {len(out['undecided'])} cells")
    if out["differ"]:
        print("answers differ at " + ", ".join(f"({r + 1},{c + 1})" for r, c in out["differ"])
              + ("" if out["differ_complete"] else " (at least: the time ran out)"))
    for s in out["suggestions"]:
        left = s["count"] if s.get("complete") else f"at least {s.get('count')}"
        said = f"grade {s['grade']}" if s["grade"] else f"{left} answers left"
        print(f"  try: {s['change']} ({said})\n       {s['url']}")
    if out["conflict"]:
        print("these cannot all hold: "
              + ", ".join(f"({r + 1},{c + 1})" for r, c in out["conflict"])
              + (" (perhaps not the fewest: time ran out)" if out["conflict_minimal"] is False
                 else ""))
    if out["ask_again_with"] is not None:
        print(f"cut short: --patience {out['ask_again_with']} may finish it")


@app.command("grade")
def grade_cmd(
    puzzle: PuzzleArg,
    nodes: Annotated[int, typer.Option(help="node budget of the search")] = DEFAULT_BUDGET,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    genre: GenreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The weakest rung whose reasoning finishes the board without a guess."""
    from .grade import grade

    loaded = _load(puzzle, genre)
    g = grade(loaded.puzzle, budget=nodes, timeout=timeout, scored=True)
    if as_json:
        _emit(g.to_json())
    elif g.grade is None:
        print(f"{g.genre}: no grade — the puzzle is {g.status}, not unique")
    else:
        print(f"{g.genre}: grade {g.grade}, score {g.score}, {g.stars} stars (difficulty "
              f"{g.difficulty}; cells per rung: "
              + ", ".join(f"{r} {n}" for r, n in (g.steps or {}).items())
              + f") (unique, {g.nodes} search nodes)")


@app.command("generate")
def generate_cmd(
    genre: Annotated[str, typer.Option("--genre", help=", ".join(GENRE_NAMES))],
    size: Annotated[str, typer.Option(help="rows x columns, e.g. 8x8")] = "8x8",
    grade_name: Annotated[str | None, typer.Option("--grade", help="a rung, or search")] = None,
    seed: Annotated[int, typer.Option(help="board k is made from seed+k")] = 0,
    count: Annotated[int, typer.Option(help="how many boards")] = 1,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    scheduler: Annotated[str | None, typer.Option(help="a Dask scheduler address")] = None,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    style: Annotated[str, typer.Option(
        help="published: keep most numbers, as published boards do; minimal: as few as keep "
             "the board unique at its grade")] = DEFAULT_STYLE,
    as_json: JsonOpt = False,
) -> None:
    """Make boards with exactly one answer, at the grade asked (each within --timeout)."""
    from .generate import make_boards

    rows, cols = parse_size(size)
    if count < 1 or workers < 1:
        raise RectlogicError("--count and --workers must be at least 1")
    name = formats.genre_name(genre)
    boards = []
    with _progress("generate") as bar:
        task = bar.add_task("generate", total=count)
        try:
            for board in make_boards(name, rows, cols, grade_name, seed, count, workers,
                                     scheduler, timeout, style):
                boards.append(board)
                bar.advance(task)
        except KeyboardInterrupt:
            err.print(f"interrupted: keeping the {len(boards)} finished boards")
    if as_json:
        _emit([b.to_json() for b in boards])
        return
    g = get_genre(name)
    for b in boards:
        print(f"{b.genre} {b.rows}x{b.cols} grade {b.grade} score {b.score} seed {b.seed}")
        print(dump_url(b))
        print(g.render(b.puzzle))
        print()


@app.command("render")
def render_cmd(
    puzzle: PuzzleArg,
    to: Annotated[str, typer.Option("--to", help="svg or png")] = "svg",
    answer: Annotated[bool, typer.Option(
        "--answer", help="draw the answer (the file's, else the solver's)")] = False,
    out: Annotated[str | None, typer.Option("--out", help="file to write (svg: stdout if "
                                            "not given)")] = None,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    genre: GenreOpt = None,
) -> None:
    """A picture of the board to share or print: SVG, or PNG drawn by Chromium."""
    from .render import board_svg, svg_to_png

    if to not in ("svg", "png"):
        raise RectlogicError(f"--to is svg or png, not {to!r}")
    if to == "png" and out is None:
        raise RectlogicError("a PNG needs --out FILE")
    loaded = _load(puzzle, genre)
    drawn = _answer_to_draw(loaded, timeout) if answer else None
    svg = board_svg(loaded.puzzle, drawn)
    if to == "svg" and out is None:
        sys.stdout.write(svg)
        return
    Path(out).write_bytes(svg.encode() if to == "svg" else svg_to_png(svg))


def _answer_to_draw(loaded: formats.Loaded, timeout: float) -> Any:
    """The answer a file carries, else the only one the solver finds."""
    if loaded.answer is not None:
        return loaded.answer
    found = solve(loaded.puzzle, limit=2, timeout=timeout)
    if found.status != "unique":
        raise RectlogicError(f"no answer to draw: the puzzle is {found.status}")
    return found.answers[0]


@app.command("booklet")
def booklet_cmd(
    genre: Annotated[str, typer.Option("--genre", help=", ".join(GENRE_NAMES))],
    size: Annotated[int, typer.Option(help="board side: 6, 8, 10, 15 or 20")],
    out: Annotated[str, typer.Option("--out", help="the PDF file to write")],
    grade: Annotated[str | None, typer.Option(help="the bank's grade (any if not given)")]
    = None,
    count: Annotated[int, typer.Option(min=1, max=200, help="boards")] = 6,
    bank_path: BankOpt = None,
) -> None:
    """A printable PDF of bank boards, answers at the back (printed by Chromium)."""
    from . import bank
    from .render import booklet_html, html_to_pdf

    name = formats.genre_name(genre)
    rows = [b for b in bank.rows(bank_path, genre=name)
            if (b.rows, b.cols) == (size, size) and grade in (None, b.grade)]
    if not rows:
        raise RectlogicError(f"the bank has no {name} {size}x{size} boards"
                             + (f" of grade {grade}" if grade else ""))
    if len(rows) < count:
        err.print(f"the bank has {len(rows)} such boards; the booklet has them all")
    boards = []
    for b in rows[:count]:
        p = formats.load(b.url).puzzle
        boards.append((f"#{b.id} · {b.grade}", p, formats.read_answer(p, b.answer)))
    title = f"{name} {size}×{size}" + (f", grade {grade}" if grade else "")
    Path(out).write_bytes(html_to_pdf(booklet_html(title, boards)))
    print(f"{out}: {len(boards)} boards")


def dump_url(board: Any) -> str:
    return formats.url_of(board.puzzle)


bank_app = typer.Typer(help="The bank of graded boards (the shipped one, or --bank PATH).")
app.add_typer(bank_app, name="bank")
BankOpt = Annotated[
    str | None, typer.Option("--bank", help="a bank file instead of the shipped one")
]


@bank_app.command("list")
def bank_list(bank_path: BankOpt = None, as_json: JsonOpt = False) -> None:
    """Counts by genre, size and grade."""
    from . import bank

    found = bank.counts(bank_path)
    if as_json:
        _emit(found)
        return
    for row in found:
        lo, hi = row["stars"] or (None, None)
        stars = "" if lo is None else f"  ★{lo}" + (f"–{hi}" if hi != lo else "")
        print(f"{row['genre']:<11} {row['size']:>6}  {row['grade']:<8} {row['count']:>4}{stars}")
    print(f"{sum(r['count'] for r in found)} boards")


@bank_app.command("show")
def bank_show(board_id: int, bank_path: BankOpt = None, as_json: JsonOpt = False) -> None:
    """One board: its URL, grade and picture."""
    from . import bank

    row = bank.get(board_id, bank_path)
    if as_json:
        _emit(row.to_json())
        return
    print(f"#{row.id} {row.genre} {row.rows}x{row.cols} grade {row.grade}"
          + (f" (score {row.score})" if row.score is not None else "")
          + (f", {row.stars} stars" if row.stars is not None else ""))
    print(row.url)
    print(get_genre(row.genre).render(formats.load(row.url).puzzle))


@bank_app.command("export")
def bank_export(
    genre: GenreOpt = None, bank_path: BankOpt = None, as_json: JsonOpt = False
) -> None:
    """Every board (of one genre), as JSON or one URL per line."""
    from . import bank

    found = bank.rows(bank_path, formats.genre_name(genre) if genre else None)
    if as_json:
        _emit([r.to_json() for r in found])
    else:
        for r in found:
            print(r.url)


@bank_app.command("add")
def bank_add(
    puzzles: Annotated[list[str], typer.Argument(help="puzzles to prove unique, grade and add")],
    bank_path: BankOpt = None,
    genre: GenreOpt = None,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
) -> None:
    """Add puzzles, all or none: each is proved unique and graded first, and if any is refused
    (each is named, with the reason), nothing is added."""
    from . import bank

    boards, refused = [], []
    for k, text in enumerate(puzzles, 1):
        try:
            boards.append(bank.admit(_load(text, genre).puzzle, timeout))
        except RectlogicError as exc:
            shown = text if len(text) <= 60 else text[:57] + "..."
            refused.append(f"PUZZLE {k} ({shown!r}): {exc}")
    if refused:
        raise RectlogicError("nothing added; refused: " + "; ".join(refused))
    print(f"{bank.add(boards, bank_path)} added")


@bank_app.command("regrade")
def bank_regrade(bank_path: BankOpt = None) -> None:
    """Grade every stored board again (grade, score, stars) with today's ladder, in place."""
    from . import bank

    for move, n in bank.regrade(bank_path).items():
        print(f"{n:>4} {move}")


@bank_app.command("build")
def bank_build(
    bank_path: Annotated[str, typer.Option("--bank", help="the bank file to fill")],
    genres: Annotated[str, typer.Option(help="comma-separated")] = ",".join(GENRE_NAMES),
    workers: Annotated[int, typer.Option(help="local worker processes")] = 2,
    scheduler: Annotated[str | None, typer.Option(help="a Dask scheduler address")] = None,
) -> None:
    """Fill a bank to the shipped standard (fixed seeds: the same bank every time), each
    grade's boards following the spread of scores of Janko's where he publishes it, and at
    10×10 and above how half his published boards look."""
    from . import bank
    from .studies.generator import janko_looks, janko_scores

    bank.build(bank_path, [formats.genre_name(g) for g in genres.split(",")], workers,
               say=lambda line: err.print(line), scheduler=scheduler, spread=janko_scores,
               looks=janko_looks)


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    bank_path: BankOpt = None,
    workers: Annotated[int | None, typer.Option(
        min=1, max=64, help="processes for heavy requests (default: one per core, ≥ 2)")] = None,
    wait: Annotated[float, typer.Option(
        min=0, max=60, help="seconds a heavy request waits for a busy worker before 503")] = 2.0,
) -> None:
    """Serve the app and its JSON API (http://HOST:PORT, API under /api, spec at /docs)."""
    import uvicorn

    from .solve import warm_up
    from .web import create_app

    warm_up()  # compiled kernels loaded (or compiled, once) before the first request
    uvicorn.run(create_app(bank_path, workers, wait=wait), host=host, port=port)


@app.command("soak")
def soak_cmd(
    seconds: Annotated[float, typer.Option(min=1, max=600, help="how long each round runs")] = 15,
    crowd: Annotated[int, typer.Option(min=1, max=64, help="clients solving 6x6 boards")] = 8,
    heavy: Annotated[int, typer.Option(min=1, max=200, help="clients sending heavy requests")
                     ] = 44,
    workers: Annotated[int, typer.Option(min=1, max=64, help="the server's workers")] = 2,
    wait: Annotated[float, typer.Option(min=0, max=60, help="the server's --wait")] = 2.0,
    as_json: JsonOpt = False,
) -> None:
    """Load a server of our own on loopback: 2 then CROWD clients solving the bank's 6x6
    boards (throughput, 503 share, status codes), then HEAVY clients running to their
    deadline while one times GET /api/bank (p50/p99 beside heavy load)."""
    from .bench.soak import run_soak

    err.print(f"soak: rounds of {seconds:g} s on loopback, {workers} workers")
    data = run_soak(seconds, crowd, heavy, workers, wait).to_json()
    if as_json:
        _emit(data)
        return
    for k, v in data.items():
        print(f"{k:>28}: {v}")


@app.command("convert")
def convert_cmd(
    puzzle: PuzzleArg,
    to: Annotated[
        str, typer.Option("--to", help="url, pzprv3, janko, text; some genres more (" + "; ".join(
            f"{g.name}: {', '.join(g.codec.EXTRA_FORMATS)}" for g in GENRES
            if g.codec.EXTRA_FORMATS) + ")")
    ],
    genre: GenreOpt = None,
) -> None:
    """Write a puzzle (and its answer, where the format has room) in another format."""
    loaded = _load(puzzle, genre)
    sys.stdout.write(formats.dump(loaded.puzzle, loaded.answer, to))


@app.command("bench")
def bench_cmd(
    corpus: Annotated[
        str | None, typer.Argument(help="Janko-format JSON, or a file of URLs")
    ] = None,
    genre: GenreOpt = None,
    rung: Annotated[str | None, typer.Option(help="rung to solve with")] = None,
    nodes: Annotated[int, typer.Option(help="node budget per puzzle")] = DEFAULT_BUDGET,
    vs: Annotated[
        str, typer.Option(help="other engines to time beside ours: sat,cpsat,puzzlekit,mps")
    ] = "",
    scaling: Annotated[bool, typer.Option(help="time generated boards of growing side")] = False,
    boards: Annotated[int, typer.Option(help="boards per side (--scaling)")] = 3,
    sample: Annotated[int, typer.Option(help="every Nth puzzle of the corpus")] = 1,
    report_file: Annotated[
        str | None, typer.Option("--report", help="run everything, write this markdown file")
    ] = None,
    first: Annotated[bool, typer.Option(
        "--first", help="time a first solve in fresh processes, native and numba kernels")
    ] = False,
    analysis: Annotated[bool, typer.Option(
        "--analyze", help="time `analyze` on 10x10, 15x15, 20x20 bank boards over single "
        "edits: every number deleted, numbers added on --cells empty cells per board")
    ] = False,
    per_size: Annotated[int, typer.Option(
        help="boards per genre and size (--analyze); 0 = all")] = 0,
    cells: Annotated[int, typer.Option(
        help="empty cells per board that get each small number added (--analyze); 0 = all")
    ] = 4,
    hints: Annotated[bool, typer.Option(
        "--hints", help="walk every bank board (of --genre) from empty to solved by hints alone")
    ] = False,
    grading: Annotated[bool, typer.Option(
        "--grading", help="grade every bank board (of --genre; every --sample-th), plain and "
        "scored")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Solve every puzzle of a corpus (limit 2), time it, compare with published answers;
    or --scaling --genre G; or --report FILE for the whole benchmark page."""
    from .bench import run_corpus
    from .bench.report import write_report

    rivals = tuple(v.strip() for v in vs.split(",") if v.strip())
    if first:
        from .bench.first import run_first_solve
        from .bench.report import first_solve_table

        found = run_first_solve()
        if as_json:
            _emit(found)
        else:
            print(first_solve_table(found))
        return
    if analysis:
        from .analyze import FOLLOW_UP
        from .bench.analysis import SIZES, run_analysis_bench

        _banked(genre, SIZES)
        with _progress("analyze") as bar:
            task = bar.add_task("analyze", total=None)
            rows = run_analysis_bench(
                per_size=per_size, cells=cells, genre=formats.genre_name(genre) if genre else None,
                progress=lambda done: bar.update(task, completed=done))
        if as_json:
            _emit(rows)
        for r in [] if as_json else rows:
            print(f"{r['genre']:<11} {r['size']:>6} {r['boards']:>3} boards, {r['deletions']} "
                  f"deletions + {r['additions']} additions {r['statuses']}: median "
                  f"{r['median_ms']} ms, p99 {r['p99_ms']} ms, max {r['max_ms']} ms; CPU "
                  f"median {r['cpu_median_ms']} ms, p99 {r['cpu_p99_ms']} ms, max "
                  f"{r['cpu_max_ms']} ms")
            if r["asked_again"]:
                print(f"{'':<18} cut short: {r['asked_again']} asked again ({r['askings']} "
                      f"askings, each with {FOLLOW_UP} times the time), {r['short_again']} "
                      f"still cut short; the askings took median {r['again_median_ms']} ms, p99 "
                      f"{r['again_p99_ms']} ms, max {r['again_max_ms']} ms")
        return
    if hints:
        _hint_bench(formats.genre_name(genre) if genre else None, as_json)
        return
    if grading:
        _grading_bench(formats.genre_name(genre) if genre else None, sample, as_json)
        return
    if report_file:
        write_report(report_file, sample=sample, boards=boards, note=err.print)
        return
    if scaling:
        if not genre:
            raise RectlogicError("--scaling needs --genre")
        _scaling(formats.genre_name(genre), rivals, boards, as_json)
        return
    if corpus is None:
        raise RectlogicError("give a CORPUS, or --scaling --genre G, or --report FILE")
    with _progress("bench") as bar:
        task = bar.add_task("bench", total=None)
        report = run_corpus(
            corpus, genre, rung, nodes,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            rivals=rivals, sample=sample,
        )
    data = report.to_json()
    if as_json:
        _emit(data)
        return
    statuses: dict[str, int] = {}
    for p in report.puzzles:
        statuses[p.status] = statuses.get(p.status, 0) + 1
    matched = sum(p.matches is True for p in report.puzzles)
    published = sum(p.matches is not None for p in report.puzzles)
    print(f"{data['genre']}: {data['count']} puzzles, " +
          ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())))
    print(f"matches published answer: {matched}/{published}")
    print(f"median {data['median_ms']} ms, p90 {data['p90_ms']} ms, max {data['max_ms']} ms")
    for name, e in data.get("engines", {}).items():
        ratio = f", ours/theirs median {e['ratio_median']}" if name != "ours" else ""
        extra = ""
        if name != "ours" and e["ran"] < data["count"]:
            extra += f", ran on {e['ran']}/{data['count']}"
        if e.get("disagreements"):
            extra += f", disagrees with ours on {e['disagreements']}"
        if "build_ms" in e:
            extra += f" (median build {e['build_ms']} ms + solve {e['solve_ms']} ms)"
        print(f"  {name:>9}: median {e['median_ms']} ms, p90 {e['p90_ms']} ms, "
              f"max {e['max_ms']} ms{ratio}{extra}")
    for p in report.puzzles:
        if p.status == "error":
            print(f"  {p.key}: error: {p.error}")
        elif p.status != "unique" or p.matches is False:
            print(f"  {p.key}: {p.status}, matches={p.matches}")


def _banked(genre: str | None, sizes: tuple[int, ...] | None = None) -> None:
    """Refuse a benchmark over bank boards of a genre the bank has none of (at `sizes`)."""
    from . import bank

    name = formats.genre_name(genre) if genre else None
    if not any(sizes is None or r.rows in sizes for r in bank.rows(genre=name)):
        raise RectlogicError(f"the bank has no {name or ''} boards"
                             + (f" of {', '.join(f'{n}x{n}' for n in sizes)}" if sizes else "")
                             + " to time")


def _hint_bench(genre: str | None, as_json: bool) -> None:
    from . import bank
    from .bench.hints import run_hint_bench

    _banked(genre)
    rows = run_hint_bench(bank.rows(genre=genre))
    if as_json:
        _emit(rows)
        return
    for r in rows:
        print(f"{r['genre']:<11} {r['size']:>6} {r['boards']:>3} boards, {r['solved']} solved, "
              f"{r['hints']} hints, {r['reveals']} reveals on {r['boards_with_reveals']} boards, "
              f"{r['dead_ends']} dead ends, {r['wrong']} wrong, {r['repeats']} repeated: "
              f"median {r['median_ms']} ms, p99 {r['p99_ms']} ms, max {r['max_ms']} ms")


def _grading_bench(genre: str | None, sample: int, as_json: bool) -> None:
    from . import bank
    from .bench.grading import run_grading_bench

    _banked(genre)
    with _progress("grading") as bar:
        task = bar.add_task("grading", total=None)
        rows = run_grading_bench(bank.rows(genre=genre), max(1, sample),
                                 progress=lambda done: bar.update(task, completed=done))
    if as_json:
        _emit(rows)
        return
    for r in rows:
        print(f"{r['genre']:<11} {r['size']:>6} {r['boards']:>3} boards, {r['same_grade']} "
              f"of the bank's grade: grade median {r['grade_median_ms']} ms, p90 "
              f"{r['grade_p90_ms']} ms, max {r['grade_max_ms']} ms; scored median "
              f"{r['scored_median_ms']} ms, p90 {r['scored_p90_ms']} ms, max "
              f"{r['scored_max_ms']} ms")


@app.command("experiment")
def experiment_cmd(
    name: Annotated[str | None, typer.Argument(help="a study (see --list)")] = None,
    list_: Annotated[bool, typer.Option("--list", help="list the studies")] = False,
    all_: Annotated[bool, typer.Option("--all", help="run every study")] = False,
    boards: Annotated[int | None, typer.Option(help="boards per data point")] = None,
    seed: Annotated[int, typer.Option(help="random seed")] = 0,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    scheduler: Annotated[str | None, typer.Option(help="a Dask scheduler address")] = None,
    setting: Annotated[str | None, typer.Option(
        help="project or write-up (default: the study's first; --all runs every one)")] = None,
    out: Annotated[str | None, typer.Option(help="write the markdown report here")] = None,
    update: Annotated[str | None, typer.Option(
        help="rewrite only these studies' sections of this markdown report")] = None,
    readme: Annotated[str | None, typer.Option(
        help="rewrite this README's results block (with some studies, their lines)")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Rerun a study of the write-ups: a markdown table, or JSON with --json."""
    from . import studies

    known = studies.studies()
    if list_:
        for s in known.values():
            print(f"{s.name:<26} {', '.join(s.settings):<18} {s.title}")
        return
    if all_ == (name is not None):
        raise RectlogicError("give one study NAME, or --all (see --list)")
    if setting not in (None, *studies.SETTINGS):
        raise RectlogicError(f"unknown setting {setting!r}; known: {', '.join(studies.SETTINGS)}")
    if all_:
        runs = [(n, s) for n, s in studies.runs(known) if setting in (None, s)]
    else:
        study = studies.get_study(name)
        runs = [(study.name, setting or next(iter(study.settings)))]
    results = []
    with _progress("{task.description}") as bar:
        for n, where in runs:
            def track(items, total=None, label="", n=n):
                task = bar.add_task(f"{n}: {label}", total=total)
                for item in items:
                    yield item
                    bar.advance(task)
                bar.remove_task(task)

            params = studies.Params(boards, seed, workers, where, scheduler)
            results.append(studies.run_study(n, params, track))
            if all_:
                err.print(f"{n} ({where}): {results[-1]['seconds']:.1f} s")
    if out:
        Path(out).write_text("\n".join(studies.report(results)), encoding="utf-8")
    if update:
        text = Path(update).read_text(encoding="utf-8")
        Path(update).write_text(studies.update_report(text, results), encoding="utf-8")
    if readme:  # every study run: the block anew; some: their lines alone
        text = Path(readme).read_text(encoding="utf-8")
        Path(readme).write_text(studies.replace_block(text, studies.headlines(results)) if all_
                                else studies.update_headlines(text, results), encoding="utf-8")
    if as_json:
        _emit(results if all_ else results[0])
    elif not (out or update):
        for r in results:
            print(f"## {r['study']}\n\n{studies.markdown(r)}\n")


def _scaling(genre: str, rivals: tuple[str, ...], boards: int, as_json: bool) -> None:
    from .bench.scaling import run_scaling

    with _progress("scaling") as bar:
        task = bar.add_task("scaling", total=None)
        report = run_scaling(genre, rivals, boards,
                             progress=lambda d, t: bar.update(task, completed=d, total=t))
    data = report.to_json()
    if as_json:
        _emit(data)
        return
    names = ["ours", *rivals]
    print(f"{genre}: " + "  ".join(f"{n}" for n in names) + " (median ms), ours peak MB")
    for r in data["rows"]:
        print(f"  {r['side']:>4}x{r['side']:<4} {r['status']:<9} "
              + "  ".join(f"{r[n + '_ms']}" for n in names) + f"  {r['ours_peak_mb']} MB")
    print("  exponent (time ∝ cells^k): "
          + ", ".join(f"{n} {data['exponents'][n]}" for n in names))


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    if debug:
        args.remove("--debug")
    try:
        code = app(args=args, prog_name="rectlogic", standalone_mode=False)
    except NoArgsIsHelpError as exc:
        print(exc.ctx.get_help() if exc.ctx is not None else "see rectlogic --help")
        sys.exit(2)
    except UsageError as exc:  # one line, as for any bad input (not Click's box)
        if debug:
            raise
        where = f" (see {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
        print(f"rectlogic: {exc.format_message()}{where}", file=sys.stderr)
        sys.exit(2)
    except (typer.Abort, KeyboardInterrupt):
        print("rectlogic: interrupted", file=sys.stderr)
        sys.exit(130)
    except (RectlogicError, OSError) as exc:
        if debug:
            raise
        print(f"rectlogic: {exc}", file=sys.stderr)
        sys.exit(2)
    except RecursionError:
        if debug:
            raise
        print("rectlogic: input too deeply nested", file=sys.stderr)
        sys.exit(2)
    if code:  # a command's typer.Exit(code), e.g. check's 1 for a wrong answer
        sys.exit(code)


if __name__ == "__main__":
    main()
