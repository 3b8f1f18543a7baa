"""The bank: graded boards with exactly one answer, kept in SQLite.

The package ships one (the embedded default); any other file can be named instead. Each row
keeps the puzzle URL, the answer (as the genre's JSON ANSWER), the grade and the score inside
it, the seed and generator version that made it, and the date it was added."""

from __future__ import annotations

import datetime as dt
import json
import math
import sqlite3
import statistics
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import RectlogicError
from ..formats.auto import load
from ..generate import GENERATOR_VERSION, Board, fish, grades
from ..genres.base import SEARCH, genre_of
from ..genres.registry import get_genre
from ..grade import grade

SCHEMA = """
CREATE TABLE IF NOT EXISTS boards (
    id INTEGER PRIMARY KEY,
    genre TEXT NOT NULL,
    rows INTEGER NOT NULL,
    cols INTEGER NOT NULL,
    grade TEXT NOT NULL,
    url TEXT NOT NULL UNIQUE,
    answer TEXT NOT NULL,
    seed INTEGER,
    generator TEXT,
    added TEXT NOT NULL,
    score INTEGER,
    stars INTEGER
);
CREATE INDEX IF NOT EXISTS boards_by_kind ON boards (genre, rows, cols, grade);
"""
SMALL_SIZES = ((6, 6), (8, 8), (10, 10))
PER_GRADE = 16
LARGE_SIZES = ((15, 15), (20, 20))
PER_LARGE = 8
FISHING = {"small": (2_000, 250), "large": (400, 60)}
"""Per size and grade: the most attempts spent fishing, and how often fishing looks at its
rate so far (`generate.fish`: none caught, or too few to come in within the most: the grade
is out of the generator's reach at that size, or nearly). A grade
whose boards do not all come in within the most attempts is left out (its few boards with
it): the bank offers a grade in full or not at all, and a grade the generator makes less
than once in a hundred attempts is not one a player could ask it for."""
LARGE_SKIPS_UNREACHED = True
"""A large size does not fish a grade the size before it did not reach: no genre's bank
has a grade at 15×15 or 20×20 that the size below lacks, and fishing one that never comes
costs 60 attempts of a large board each (several grades per genre): skipping them took
Shakashaka's part of `make bank` from 6.5 to 2.3 minutes and Shikaku's from 3 to 1."""


def default_path() -> Path:
    return Path(str(resources.files(__package__).joinpath("bank.sqlite")))


@dataclass(frozen=True)
class Row:
    id: int
    genre: str
    rows: int
    cols: int
    grade: str
    url: str
    answer: Any
    seed: int | None
    generator: str | None
    added: str
    score: int | None = None
    stars: int | None = None
    """1–5 (`grade.stars`); None in a bank from before stars, until `regrade`."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "genre": self.genre, "rows": self.rows, "cols": self.cols,
                "grade": self.grade, "score": self.score, "stars": self.stars,
                "url": self.url, "solution": self.answer}


class BankUnavailable(RectlogicError):
    """The bank file is missing, is not a bank, or cannot be read (corrupt, locked): the
    CLI says so in one line, the server answers 503 on its bank endpoints and serves the rest."""


class NoSuchBoard(RectlogicError):
    """No board has the id asked for (the server's 404)."""


LOCK_WAIT = 10.0
"""Seconds to wait for a bank another process is writing, before giving up with one line."""


@contextmanager
def connect(path: str | Path | None = None, create: bool = False,
            write: bool = False) -> Iterator[sqlite3.Connection]:
    """The bank file, read-only unless `write` (then every change inside the block is one
    transaction: all of it is kept, or none). `create` makes a new bank file if there is
    none. SQLite's errors (a locked file, not a bank) become one-line RectlogicErrors."""
    path = Path(path) if path is not None else default_path()
    if not (create and write) and not path.is_file():
        raise BankUnavailable(f"no bank at {path}")
    try:
        if write:
            con = sqlite3.connect(path, timeout=LOCK_WAIT)
            con.executescript(SCHEMA)
            for column in ("score", "stars"):  # a bank from before them: unknown there
                if not _has(con, column):
                    con.execute(f"ALTER TABLE boards ADD COLUMN {column} INTEGER")
        else:
            con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                  timeout=LOCK_WAIT)
            con.execute("SELECT id, genre, rows, cols, grade, url, answer FROM boards LIMIT 0")
    except sqlite3.Error as exc:
        raise BankUnavailable(f"{path} is not a usable bank: {exc}") from None
    try:
        with con:  # commits at the end, rolls back on any error or interrupt
            yield con
    except (sqlite3.Error, UnicodeDecodeError) as exc:  # locked, corrupt, garbled text
        raise BankUnavailable(f"the bank {path} could not be used: {exc}") from None
    finally:
        con.close()


def _has(con: sqlite3.Connection, column: str) -> bool:
    return any(col[1] == column for col in con.execute("PRAGMA table_info(boards)"))


def _row(t: tuple) -> Row:
    try:
        answer = json.loads(t[6])
    except (TypeError, ValueError):  # a damaged row: the bank as a whole is not to be trusted
        raise BankUnavailable(f"the bank's board {t[0]} is damaged") from None
    return Row(t[0], t[1], t[2], t[3], t[4], t[5], answer, t[7], t[8], t[9], t[10],
               t[11])


def _columns(con: sqlite3.Connection) -> str:
    """The columns a Row is read from (a bank from before scores or stars reads NULL for
    them)."""
    return ("id, genre, rows, cols, grade, url, answer, seed, generator, added, "
            + ", ".join(c if _has(con, c) else "NULL" for c in ("score", "stars")))


def counts(path: str | Path | None = None) -> list[dict[str, Any]]:
    """How many boards per genre, size and grade, and the stars they span ([fewest, most];
    None in a bank from before stars)."""
    with connect(path) as con:
        stars = "MIN(stars), MAX(stars)" if _has(con, "stars") else "NULL, NULL"
        found = con.execute(
            f"SELECT genre, rows, cols, grade, COUNT(*), {stars} FROM boards"
            " GROUP BY genre, rows, cols, grade"
        ).fetchall()

    def order(t: tuple) -> tuple:
        ladder = grades(t[0])
        return (t[0], t[1] * t[2], t[1], ladder.index(t[3]) if t[3] in ladder else 99)
    return [{"genre": g, "size": f"{r}x{c}", "grade": gr, "count": n,
             "stars": None if lo is None else [lo, hi]}
            for g, r, c, gr, n, lo, hi in sorted(found, key=order)]


def rows(path: str | Path | None = None, genre: str | None = None) -> list[Row]:
    with connect(path) as con:
        if genre is None:
            found = con.execute(f"SELECT {_columns(con)} FROM boards ORDER BY id").fetchall()
        else:
            found = con.execute(
                f"SELECT {_columns(con)} FROM boards WHERE genre = ? ORDER BY id",
                (genre,)).fetchall()
    return [_row(t) for t in found]


def groups(path: str | Path | None = None, genre: str | None = None
           ) -> dict[tuple[str, int, int, str], list[int]]:
    """The boards' ids by (genre, rows, cols, grade), each group easiest first (by score,
    then id)."""
    out: dict[tuple[str, int, int, str], list[int]] = {}
    for b in sorted(rows(path, genre), key=lambda b: (b.score or 0, b.id)):
        out.setdefault((b.genre, b.rows, b.cols, b.grade), []).append(b.id)
    return out


def get(board_id: int, path: str | Path | None = None) -> Row:
    if not 0 <= board_id < 2**63:
        raise NoSuchBoard(f"the bank has no board {board_id}")
    with connect(path) as con:
        t = con.execute(f"SELECT {_columns(con)} FROM boards WHERE id = ?",
                        (board_id,)).fetchone()
    if t is None:
        raise NoSuchBoard(f"the bank has no board {board_id}")
    return _row(t)


def admit(puzzle: Any, timeout: float | None = None) -> Board:
    """The board as the bank keeps it (proved unique, graded and scored), or a
    RectlogicError saying why it cannot go in: not unique (or out of time), or nothing to
    solve (its only answer is empty)."""
    g = grade(puzzle, timeout=timeout, scored=True)
    if g.grade is None:
        raise RectlogicError(f"the puzzle is {g.status}, not unique"
                             + (" (out of time)" if g.status == "unknown" else ""))
    if genre_of(puzzle).is_blank(puzzle, g.answer):
        raise RectlogicError("its only answer is empty: nothing to solve")
    return Board(puzzle.genre, puzzle.rows, puzzle.cols, g.grade, None, puzzle, g.answer,
                 g.score, g.stars)


def add(boards: Iterable[Board], path: str | Path | None = None, create: bool = False) -> int:
    """Store boards (already proved unique and graded) in one transaction; a URL already there
    is skipped."""
    added = 0
    today = dt.date.today().isoformat()
    with connect(path, create=create, write=True) as con:
        for b in boards:
            data = b.to_json()
            cur = con.execute(
                "INSERT OR IGNORE INTO boards (genre, rows, cols, grade, url, answer, seed,"
                " generator, added, score, stars) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (b.genre, b.rows, b.cols, b.grade, data["url"],
                 json.dumps(data["solution"], ensure_ascii=False), b.seed, GENERATOR_VERSION,
                 today, b.score, b.stars),
            )
            added += cur.rowcount
    return added


def regrade(path: str | Path | None = None) -> dict[str, int]:
    """Grade every stored board again with today's ladder (grade, score, stars), in place, in
    one transaction: after the ladder changes, without generating the bank anew. How many
    boards changed grade, per old → new grade."""
    moved: dict[str, int] = {}
    with connect(path, write=True) as con:
        for row in [_row(t) for t in con.execute(f"SELECT {_columns(con)} FROM boards")]:
            g = grade(load(row.url, row.genre).puzzle, scored=True)
            if g.grade is None:
                raise RectlogicError(f"board {row.id} is {g.status}, not unique")
            if g.grade != row.grade:
                key = f"{row.genre} {row.grade} -> {g.grade}"
                moved[key] = moved.get(key, 0) + 1
            con.execute("UPDATE boards SET grade = ?, score = ?, stars = ? WHERE id = ?",
                        (g.grade, g.score, g.stars, row.id))
    return moved


SPREAD_STRAY = 0.25
"""How far (a share of the reference's median) the median score of a grade's first catch may
stray from a reference spread (`build`'s `spread`) before spare boards are fished to follow
it: issue 27's bound on difficulty inside a grade. Grades within it keep their first catch,
so a bank built before references were followed is rebuilt the same where it met them."""
SPREAD_SPARE = 1.0
"""Boards fished beyond those kept, as a share of them, when a grade's first catch strays:
sixteen boards drawn at random from the generator have a median score that strays by a
quarter from its own median one time in five or so (Tatamibari 10×10 `probe`: 12.5 in the
bank, 8.5–9 over three fresh samples of 32, Janko's 9), and half as many spare were too few
to follow the reference's middle (12 kept of 24 caught; 9.5 of 32)."""
SPREAD_LEAST = 10
"""Reference scores needed before a grade's boards are chosen to follow them."""


def spread_like(boards: list[Board], reference: list[int], want: int) -> list[Board]:
    """`want` of the boards whose scores follow the reference's spread: for each of `want`
    evenly spaced quantiles of the reference, the board not yet taken whose score is
    nearest (the first caught of those as near), kept in the order they were caught."""
    ordered = sorted(reference)
    taken: list[int] = []
    for k in range(want):
        aim = ordered[min(len(ordered) - 1, int((k + 0.5) * len(ordered) / want))]
        free = [i for i in range(len(boards)) if i not in taken]
        taken.append(min(free, key=lambda i: (abs((boards[i].score or 0) - aim), i)))
    return [boards[i] for i in sorted(taken)]


def strays(boards: list[Board], reference: list[int]) -> bool:
    """Does the boards' median score stand further than SPREAD_STRAY from the reference's?"""
    aim = statistics.median(reference)
    mid = statistics.median(b.score or 0 for b in boards)
    return abs(mid - aim) > SPREAD_STRAY * max(aim, 1)


@dataclass(frozen=True)
class Looks:
    """How published boards of one size look, for `build` to keep boards that look like
    them: `measure` turns boards into a table of numbers a player sees (a row per board, a
    column per measure; NaN where a board has nothing to measure) and `reference` is that
    table for the published boards."""
    measure: Callable[[list[Board]], np.ndarray]
    reference: np.ndarray


LOOKS_SPARE = 3.0
"""Boards fished beyond those kept, as a share of them, where a size has published boards'
looks to follow (`build`'s `looks`): the boards kept are those whose looks spread most like
theirs (`herded`). Fresh 10×10 boards, a forest over the looks measures told apart from
Janko's 0.66–0.72 (Shakashaka) and 0.63–0.71 (Chocona) of the time; 16 herded from each 64
against half his boards, 0.57–0.67 and 0.57–0.62 against the other half. At 15×15 and
20×20, the genre's `BANK_LARGE_SPARE` (as many, fewer or none where its attempts are
slow)."""


def herded(tables: list[tuple[np.ndarray, np.ndarray]], want: int) -> list[int]:
    """Which `want` of the candidates (their indices) spread most like the references:
    kernel herding, each step taking the candidate that most lowers the summed maximum mean
    discrepancy between the ones taken and each reference, then swaps (`_swapped`).
    `tables`: pairs of the candidates' table and a reference's, the same columns; each
    column is standardized by the reference's spread (a NaN counts as the reference's
    mean), and the kernel is Gaussian, as wide as the median squared distance between two
    of the reference's boards. So the boards kept follow the reference's whole spread, its
    tails included, not only its mean."""
    kernels, pulls = [], []
    for mine, theirs in tables:
        mean = np.nanmean(theirs, axis=0)
        sd = np.nanstd(theirs, axis=0)
        sd[~(sd > 0)] = 1.0
        x, y = ((np.where(np.isnan(t), mean, t) - mean) / sd for t in (mine, theirs))
        apart = _squared_distances(y, y)[~np.eye(len(y), dtype=bool)]
        width = float(np.median(apart)) if apart.size else 0.0
        width = width if width > 0 else 1.0
        kernels.append(np.exp(-_squared_distances(x, x) / width))
        pulls.append(np.exp(-_squared_distances(x, y) / width).mean(axis=1))
    kernel, pull = sum(kernels), sum(pulls)
    taken: list[int] = []
    among = np.zeros(len(pull))  # each candidate's kernel summed over those taken
    for m in range(1, want + 1):
        # MMD² of taken + {i}, less what does not depend on i, times m²
        cost = 2 * among + np.diag(kernel) - 2 * m * pull
        cost[taken] = np.inf
        best = int(np.argmin(cost))
        taken.append(best)
        among += kernel[best]
    return _swapped(taken, kernel, pull, among)


def _swapped(taken: list[int], kernel: np.ndarray, pull: np.ndarray, among: np.ndarray,
             sweeps: int = 10) -> list[int]:
    """Greedy herding's choice mended: one taken candidate swapped for one left while that
    lowers the discrepancy (greedy choice alone, with the few candidates near the
    reference taken, may take a far one rather than a near one's twin), up to `sweeps`
    passes."""
    m = len(taken)
    for _ in range(sweeps):
        swapped = False
        for k, out in enumerate(taken):
            # change in MMD² times m² when `out` leaves and each candidate comes in
            gain = (2 * (among - kernel[out]) + np.diag(kernel) - 2 * among[out]
                    + kernel[out, out] - 2 * m * (pull - pull[out]))
            gain[taken] = np.inf
            best = int(np.argmin(gain))
            if gain[best] < -1e-9:
                among += kernel[best] - kernel[out]
                taken[k] = best
                swapped = True
        if not swapped:
            break
    return taken


def _squared_distances(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return ((x[:, None, :] - y[None, :, :]) ** 2).sum(axis=-1)


def fill(genre: str, size: tuple[int, int], target: str, want: int, fishing: tuple[int, int],
         reference: list[int], workers: int = 1, scheduler: str | None = None,
         looks: Looks | None = None) -> tuple[list[Board] | None, int]:
    """The boards `build` keeps of one grade and size (None when fewer than `want` come in),
    and the attempts spent. With published boards' `looks`: `want` herded (`herded`) from
    LOOKS_SPARE times more caught from the grade's fixed seed (at a large size, the genre's
    BANK_LARGE_SPARE), following their looks and, where the reference holds at least
    SPREAD_LEAST scores, its spread of scores. Without them (or no spare, or when the
    larger catch falls short): the first `want` caught from that seed, or, where
    they stray from a reference of at least SPREAD_LEAST scores, `want` chosen to follow it
    (`spread_like`) from SPREAD_SPARE more caught from the same seed."""
    (r, c), (most, give_up) = size, fishing
    seed = 1_000_000 * r + 100_000 * grades(genre).index(target)
    spent = 0
    spare = LOOKS_SPARE if (r, c) in SMALL_SIZES else get_genre(genre).BANK_LARGE_SPARE
    if looks is not None and spare > 0:
        more = fish(genre, r, c, target, seed, want + math.ceil(spare * want), most, give_up,
                    workers, scheduler)
        spent = more.attempts
        if len(more.boards) >= want:
            tables = [(looks.measure(more.boards), looks.reference)]
            if len(reference) >= SPREAD_LEAST:
                tables.append((np.array([[b.score or 0] for b in more.boards], dtype=float),
                               np.array(reference, dtype=float)[:, None]))
            return [more.boards[i] for i in sorted(herded(tables, want))], spent
    catch = fish(genre, r, c, target, seed, want, most, give_up, workers, scheduler)
    catch.attempts += spent
    if len(catch.boards) < want:
        return None, catch.attempts
    if len(reference) < SPREAD_LEAST or not strays(catch.boards, reference):
        return catch.boards, catch.attempts
    more = fish(genre, r, c, target, seed, want + math.ceil(SPREAD_SPARE * want), most,
                give_up, workers, scheduler)
    if len(more.boards) < want:  # the larger catch gave up early: the first one stands
        return catch.boards, catch.attempts + more.attempts
    return spread_like(more.boards, reference, want), catch.attempts + more.attempts


def fished_grades(genre: str, large: bool) -> list[str]:
    """The grades `build` fishes (every grade but `none`), easiest first; at a large size
    only up to the genre's `BANK_LARGE_TOP`."""
    ladder = grades(genre)[1:]
    top = get_genre(genre).BANK_LARGE_TOP
    return ladder[:ladder.index(top) + 1] if large and top is not None else ladder


def build(path: str | Path, genres: Iterable[str], workers: int = 1,
          say: Callable[[str], None] = print, scheduler: str | None = None,
          spread: Callable[[str, tuple[int, int]], dict[str, list[int]]] | None = None,
          looks: Callable[[str, tuple[int, int]], Looks | None] | None = None) -> None:
    """Fill a bank to the shipped standard: PER_GRADE boards per small size and every grade
    the generator reaches there, PER_LARGE per large size and grade reached (`FISHING` says
    how long it tries), in the published style; every grade but `none`, `search` included,
    except that a large size fishes only the grades the size before it reached
    (`LARGE_SKIPS_UNREACHED`) and none above the genre's `BANK_LARGE_TOP`.
    `spread(genre, size)`: reference scores by grade (Janko's published boards), which a
    grade's boards follow where they would stray from them (`fill`); `looks(genre, size)`:
    how published boards of the size look (`Looks`, or None), which each grade's boards
    there follow, scores included (`fill`). Seeds are fixed per genre, size and grade, so
    it rebuilds the same bank; boards already present are kept, and another genre's are
    not touched (a genre is added to a bank by building it alone)."""
    for genre in genres:
        before: tuple[str, set[str]] | None = None  # the size fished last, its grades reached
        for sizes, want, fishing in ((SMALL_SIZES, PER_GRADE, FISHING["small"]),
                                     (LARGE_SIZES, PER_LARGE, FISHING["large"])):
            for r, c in sizes:
                if r not in get_genre(genre).BANK_SIDES:
                    continue
                scores = spread(genre, (r, c)) if spread is not None else {}
                like = looks(genre, (r, c)) if looks is not None else None
                reached: set[str] = set()
                for target in fished_grades(genre, large=sizes is LARGE_SIZES):
                    if (LARGE_SKIPS_UNREACHED and sizes is LARGE_SIZES and before is not None
                            and target not in before[1]):
                        say(f"{genre} {r}x{c} {target}: not fished (not reached at "
                            f"{before[0]})")
                        continue
                    kept, attempts = fill(genre, (r, c), target, want, fishing,
                                          scores.get(target, []), workers, scheduler,
                                          like)
                    if kept is None:
                        say(f"{genre} {r}x{c} {target}: not reached (fewer than {want} in "
                            f"{attempts} attempts)")
                        continue
                    reached.add(target)
                    n = add(kept, path, create=True)
                    say(f"{genre} {r}x{c} {target}: {n} added ({attempts} attempts)")
                before = (f"{r}x{c}", reached)


__all__ = ["SEARCH", "BankUnavailable", "Looks", "NoSuchBoard", "Row", "add", "admit", "build",
           "counts", "default_path", "get", "groups", "rows"]
