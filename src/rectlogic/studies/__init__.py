"""The studies: every claim of the write-ups re-measured by code, so any table can be rerun.

A study is a function from parameters to rows (dicts with fixed column names). This module
keeps the list, runs a study (timed, with a progress hook for the shells), and renders
results as markdown. The studies themselves are this package's other modules: one per genre
that has studies, named after it (research imports the shells, so it lives above the genre
packages), and `generator` across genres."""

from __future__ import annotations

import importlib
import pkgutil
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, TypeVar

from ..batch import executor
from ..errors import RectlogicError
from ..genres import registry
from ..tables import markdown_table

T = TypeVar("T")
Track = Callable[[Iterable[Any], int | None, str], Iterable[Any]]
"""track(items, total, label) yields the items, showing progress (the CLI draws a bar)."""


def quiet(items: Iterable[T], total: int | None = None, label: str = "") -> Iterable[T]:
    return items


@dataclass(frozen=True)
class Params:
    boards: int | None = None
    """Boards (or pictures) per data point; None is the study's own default."""
    seed: int = 0
    workers: int = 1
    setting: str = "project"
    """Whose boards and rules: `project` (this project's bank and generators) or `write-up`
    (the boards and rules the write-ups measured on), for studies that offer both."""
    scheduler: str | None = None
    """A Dask scheduler's address: the study's boards run on that cluster, not on `workers`
    local processes (the same figures: jobs are seeded, results come back in job order)."""

    def n(self, default: int) -> int:
        return self.boards if self.boards is not None else default


@dataclass(frozen=True)
class Study:
    name: str
    columns: tuple[str, ...]
    run: Callable[[Params, Track], list[dict[str, Any]]]
    about: str
    headline: Callable[[list[dict[str, Any]]], str] | None = None
    """The study's result in one sentence, for the README (written by `make results`)."""
    settings: dict[str, str] = field(default_factory=dict)
    """The settings it runs in, each with the line that states it (first: the default)."""

    @property
    def title(self) -> str:
        return self.about.strip().splitlines()[0]


STUDIES: dict[str, Study] = {}
SETTINGS = ("project", "write-up")


def study(name: str, columns: Sequence[str],
          headline: Callable[[list[dict[str, Any]]], str] | None = None,
          **settings: str) -> Callable:
    """Register a study function; its docstring's first line is its title. Each keyword names
    a setting it runs in (`write_up` for `write-up`) and says in a line what that setting is."""

    if not settings or any(k.replace("_", "-") not in SETTINGS for k in settings):
        raise TypeError(f"study {name} must state its settings, among {SETTINGS}")

    def register(fn: Callable[[Params, Track], list[dict[str, Any]]]) -> Callable:
        named = {k.replace("_", "-"): v for k, v in settings.items()}
        STUDIES[name] = Study(name, tuple(columns), fn, fn.__doc__ or name, headline, named)
        return fn

    return register


@cache
def modules() -> dict[str, ModuleType]:
    """This package's study modules by name, each imported (its studies register
    themselves on import)."""
    return {info.name: importlib.import_module(f"{__name__}.{info.name}")
            for info in pkgutil.iter_modules(__path__)}


def of_genre(genre: Any) -> ModuleType | None:
    """A genre's studies (the module named after it), or None where it has none."""
    return modules().get(genre.name)


def studies() -> dict[str, Study]:
    """Every genre's studies, the genres in the registry's order, then those across genres."""
    modules()
    order = [g.name for g in registry.GENRES]

    def place(name: str) -> int:
        prefix = name.split("-")[0]
        return order.index(prefix) if prefix in order else len(order)
    return dict(sorted(STUDIES.items(), key=lambda kv: place(kv[0])))


def get_study(name: str) -> Study:
    known = studies()
    if name not in known:
        raise RectlogicError(f"unknown study {name!r}; known: {', '.join(known)}")
    return known[name]


def run_study(name: str, params: Params = Params(), track: Track = quiet) -> dict[str, Any]:
    """Run one study: {"study", "params", "rows", "seconds"}; rows carry exactly its columns."""
    s = get_study(name)
    if params.setting not in s.settings:
        raise RectlogicError(f"{name} runs in the setting(s) {', '.join(s.settings)}, "
                             f"not {params.setting!r}")
    if params.boards is not None and params.boards < 1:
        raise RectlogicError("--boards must be at least 1")
    if params.workers < 1:
        raise RectlogicError("--workers must be at least 1")
    started = time.perf_counter()
    rows = s.run(params, track)
    seconds = time.perf_counter() - started
    for row in rows:
        if tuple(row) != s.columns:
            raise AssertionError(f"{name}: row columns {tuple(row)} != {s.columns}")
    return {"study": name, "params": asdict(params), "rows": rows,
            "seconds": round(seconds, 3)}


def pmap(fn: Callable[[Any], T], jobs: Sequence[Any], params: Params, track: Track,
         label: str) -> list[T]:
    """fn over jobs on `params.workers` processes (or the Dask cluster at
    `params.scheduler`), results in job order, with progress."""
    with executor(params.workers, params.scheduler) as pool:
        return list(track(pool.map(fn, jobs), len(jobs), label))


def cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 10 else f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def markdown(result: dict[str, Any]) -> str:
    s = get_study(result["study"])
    return markdown_table(s.columns, ([cell(r[c]) for c in s.columns] for r in result["rows"]))


def report(results: Iterable[dict[str, Any]]) -> Iterator[str]:
    """docs/RESULTS.md, section by section: each study's title, what it measures, its table
    and how long it took."""
    yield "# Results\n"
    yield ("Every table below is written by `make results` (`rectlogic experiment --all`); "
           "none is typed by hand. Rerun one with `rectlogic experiment NAME`, or rewrite its "
           "section here with `rectlogic experiment NAME --update docs/RESULTS.md`.\n")
    for result in results:
        yield from section(result)


def section(result: dict[str, Any]) -> Iterator[str]:
    """One study's section of the report, paragraph by paragraph."""
    s = get_study(result["study"])
    body = "\n".join(line.strip() for line in s.about.strip().splitlines()[1:]).strip()
    p = result["params"]
    yield f"{_section_key(s.name, p['setting'])} — {s.title}\n"
    yield f"**Setting ({p['setting']}):** {s.settings[p['setting']]}\n"
    if body and p["setting"] == next(iter(s.settings)):
        yield body + "\n"
    yield markdown(result) + "\n"
    yield (f"*{result['seconds']:.1f} s, seed {p['seed']}"
           + (f", {p['boards']} boards a point" if p["boards"] else "") + ".*\n")


def _section_key(name: str, setting: str) -> str:
    """A section's heading up to its title: what names it in the report."""
    return f"## `{name}`{_setting_tag(get_study(name), setting)}"


def update_report(text: str, results: list[dict[str, Any]]) -> str:
    """The report `text` with the sections of these results rewritten (each in its place, a
    new one where the registry's order puts it), the others left as they were: rerunning some
    studies keeps RESULTS.md written by code without rerunning all."""
    _, *chunks = (c.strip() for c in re.split(r"(?m)^(?=## `)", text))
    head = "\n".join(report([])).strip()
    order = {_section_key(n, where): k for k, (n, where) in enumerate(runs(studies()))}
    ran = {r["study"] for r in results}
    # a study run here drops its sections whose heading is no longer its own (a setting added)
    keyed = [(key, c) for key, c in ((c.split(" — ", 1)[0], c) for c in chunks)
             if key in order or key.split("`")[1] not in ran]
    for result in results:
        _put(keyed, _section_key(result["study"], result["params"]["setting"]),
             "\n".join(section(result)).strip(), order)
    return "\n\n".join([head, *(c for _, c in keyed)]) + "\n"


def _put(keyed: list[tuple[str, str]], key: str, part: str, order: dict[str, int]) -> None:
    """`part` put under `key` in a keyed report: in place of the part of that key, else
    before the first part the registry's `order` puts after it."""
    at = next((k for k, (have, _) in enumerate(keyed) if have == key), None)
    if at is not None:
        keyed[at] = (key, part)
        return
    later = [k for k, (have, _) in enumerate(keyed) if order.get(have, -1) > order.get(key, -1)]
    keyed.insert(later[0] if later else len(keyed), (key, part))


def _setting_tag(s: Study, setting: str) -> str:
    return f" ({setting} setting)" if len(s.settings) > 1 else ""


def runs(names: Iterable[str]) -> list[tuple[str, str]]:
    """(study, setting) for every setting of each study named, its default first."""
    return [(n, setting) for n in names for setting in get_study(n).settings]


README_START = "<!-- results: written by make results -->"
README_END = "<!-- end of results -->"


def headlines(results: Iterable[dict[str, Any]]) -> str:
    """The README's block of headline figures, one line per study that has one."""
    lines = []
    for result in results:
        s = get_study(result["study"])
        if s.headline:
            key = _headline_key(s.name, result["params"]["setting"])
            lines.append(f"{key} {s.headline(result['rows'])}")
    return "\n".join(lines)


def _headline_key(name: str, setting: str) -> str:
    """A README headline line up to its figures: what names it in the block."""
    return f"- `{name}`{_setting_tag(get_study(name), setting)}:"


def update_headlines(text: str, results: list[dict[str, Any]]) -> str:
    """The README `text` with the headline lines of these results rewritten (each in its
    place, a new one where the registry's order puts it), the others left as they were: as
    `update_report` does for RESULTS.md."""
    _, block, _ = _readme_parts(text)
    order = {_headline_key(n, where): k for k, (n, where) in enumerate(runs(studies()))}

    def keyed_line(line: str) -> tuple[str, str]:  # a line's key is its _headline_key
        return line.split(": ", 1)[0] + ":", line

    keyed = [keyed_line(line) for line in block.splitlines() if line.strip()]
    for line in headlines(results).splitlines():
        _put(keyed, *keyed_line(line), order)
    return replace_block(text, "\n".join(line for _, line in keyed))


def replace_block(text: str, block: str) -> str:
    """`text` with the part between the README markers replaced by `block`."""
    head, _, tail = _readme_parts(text)
    return head + README_START + "\n" + block + "\n" + README_END + tail


def _readme_parts(text: str) -> tuple[str, str, str]:
    """The README before its results markers, between them, and after them."""
    if README_START not in text or README_END not in text:
        raise RectlogicError("the README has no results markers")
    head, rest = text.split(README_START, 1)
    block, tail = rest.split(README_END, 1)
    return head, block, tail


# -- what several studies measure -------------------------------------------------------------


def bank_boards(genre: str, path: Any = None) -> dict[str, list[tuple[Any, Any]]]:
    """The shipped bank's boards of one genre with their answers, by size (smallest first)."""
    from .. import bank
    from ..formats.auto import codec, load

    c = codec(genre)
    out: dict[str, list[tuple[Any, Any]]] = {}
    for row in sorted(bank.rows(path, genre=genre), key=lambda r: (r.rows * r.cols, r.id)):
        puzzle = load(row.url).puzzle
        out.setdefault(f"{row.rows}x{row.cols}", []).append(
            (puzzle, c.answer_from_json(puzzle, row.answer)))
    return out


def janko_puzzles(genre: str) -> list[Any] | None:
    """Janko's published puzzles of a genre (the readable ones), when run from a checkout."""
    items = janko_items(genre)
    return None if items is None else [puzzle for _, puzzle in items]


def janko_items(genre: str) -> list[tuple[str, Any]] | None:
    """(key, puzzle) of Janko's readable puzzles of a genre, when run from a checkout."""
    from ..bench.corpus import janko_corpus, load_corpus

    path = janko_corpus(genre)
    if not path.is_file():
        return None
    return [(item.key, item.puzzle) for item in load_corpus(path, genre)[1]
            if item.puzzle is not None]


def narrowing(job: tuple[Any, frozenset[str], bool]) -> tuple[float, bool]:
    """(reduction, finished) of one rule set's fixpoint from the empty board: the share of
    the removable values (all values but one a variable) it removes, and whether it decides
    every variable on an answer the validator accepts. The flag: probes run every rule."""
    from ..engine import popcount
    from ..genres import genre_of

    puzzle, rules, probe_all = job
    genre = genre_of(puzzle)
    start = genre.initial_domains(puzzle)
    propagate = genre.propagator(puzzle, rules, probe_all)
    d = start if propagate is None else propagate(start[None])[0]
    before, after = int(popcount(start).sum()), int(popcount(d).sum())
    removable = before - len(start)
    finished = bool((popcount(d) == 1).all()) and genre.accept(puzzle)(d)
    return (before - after) / removable if removable else 1.0, finished


def rule_set_rows(boards: dict[str, list[Any]], rule_sets: dict[str, frozenset[str]],
                  params: Params, track: Track, probe_all: bool = False,
                  **extra: str) -> list[dict[str, Any]]:
    """Per size and rule set: mean reduction and share of boards finished (percent)."""
    rows = []
    for size, puzzles in boards.items():
        for label, rules in rule_sets.items():
            got = pmap(narrowing, [(p, rules, probe_all) for p in puzzles], params, track,
                       f"{size} {label}")
            rows.append({"size": size, **extra, "rules": label,
                         "reduction_pct": pct(sum(r for r, _ in got), len(got)),
                         "finished_pct": pct(sum(f for _, f in got), len(got))})
    return rows


def pct(part: float, whole: float) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


def rules_label(rules: Iterable[str]) -> str:
    return "+".join(rules) or "nothing"
