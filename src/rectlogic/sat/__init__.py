"""A second engine written in clauses: each genre's rules as CNF, solved by CaDiCaL through
python-sat, counting answers with blocking clauses. It shares the rule book with the
propagation engine but none of its reasoning, so the two check each other."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..engine import limits
from ..engine.clauses import Encoding
from ..errors import BoardTooLarge, MissingPart, RectlogicError
from ..genres import genre_of
from ..solve import Solution, status_of

MAX_CELLS = 100 * 100
"""Largest board the clause engines take: their encodings are built in Python, up to hundreds
of clauses a cell, and a larger board would take gigabytes before the solver starts."""


def encode(puzzle: Any) -> Encoding:
    """The genre's clause model of the puzzle; a genre without one is refused (not every genre
    has an exact model that is practical)."""
    model = genre_of(puzzle).clause_model
    if model is None:
        raise MissingPart(f"{puzzle.genre} has no clause model: the clause engines cannot "
                          "solve it; use --engine ours")
    if puzzle.rows * puzzle.cols > MAX_CELLS:
        raise BoardTooLarge(
            f"the clause engines take boards of at most {MAX_CELLS} cells; use --engine ours")
    return model.encode(puzzle)


STOPPED = frozenset()
"""What `find` returns when the back end was stopped by the deadline."""


def _count(puzzle: Any, enc: Encoding, limit: int, find: Callable[[], set[int] | None],
           forbid: Callable[[list[int]], None]) -> tuple[str, list[Any], str | None]:
    """Ask the back end for answers (its true variables) until `limit` (0 = all), checking
    each with the validator and forbidding it before asking again.
    → (status, answers, why it stopped early or None)."""
    genre = genre_of(puzzle)
    want = 0 if limit == 0 else max(limit, 2)
    answers: list[Any] = []
    while not want or len(answers) < want:
        true = find()
        if true is STOPPED:
            return status_of(len(answers), True), answers[:limit] if limit else answers, \
                limits.stopped_why()
        if true is None:
            break
        answer = enc.decode(true)
        if not genre.obeys_rules(puzzle, answer):
            raise RuntimeError(f"the clause model of {puzzle.genre} let a wrong answer through")
        answers.append(answer)
        forbid([-v if v in true else v for v in enc.decisions])
    return status_of(len(answers)), (answers[:limit] if limit else answers), None


def solve_sat(puzzle: Any, limit: int = 2, timeout: float | None = None) -> Solution:
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise RectlogicError("--engine sat needs python-sat: pip install python-sat") from None
    started = time.perf_counter()
    with limits.time_limit(timeout) as deadline:
        enc = encode(puzzle)
        clauses = enc.cnf.as_clauses()
        built = time.perf_counter()
        with Solver(name="cadical153", bootstrap_with=clauses) as solver:

            def find() -> set[int] | None:
                # python-sat cannot interrupt CaDiCaL: the deadline is read between answers
                if deadline is not None and deadline.expired():
                    return STOPPED
                return {v for v in solver.get_model() if v > 0} if solver.solve() else None

            status, answers, stopped = _count(puzzle, enc, limit, find, solver.add_clause)
            conflicts = int(solver.accum_stats().get("conflicts", 0))
    done = time.perf_counter()
    return Solution(puzzle.genre, puzzle.rows, puzzle.cols, status, answers, conflicts,
                    done - started, stopped,
                    {"build_ms": (built - started) * 1000, "solve_ms": (done - built) * 1000})


def solve_cpsat(puzzle: Any, limit: int = 2, timeout: float | None = None) -> Solution:
    """The same model handed to OR-Tools CP-SAT: clauses as BoolOr, counts as linear sums;
    answers counted by re-solving with each found answer forbidden."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        raise RectlogicError("--engine cpsat needs OR-Tools: pip install ortools") from None
    with limits.time_limit(timeout):
        return _solve_cpsat(puzzle, limit, cp_model)


def _solve_cpsat(puzzle: Any, limit: int, cp_model: Any) -> Solution:
    started = time.perf_counter()
    deadline = limits.current()
    enc = encode(puzzle)
    model = cp_model.CpModel()
    b = [None] + [model.NewBoolVar(f"v{i}") for i in range(1, enc.cnf.top + 1)]

    def lit(v: int) -> Any:
        return b[v] if v > 0 else b[-v].Not()

    for clause in enc.cnf.clauses:
        model.AddBoolOr([lit(v) for v in clause])
    for lits, k in enc.cnf.counts:
        model.Add(sum(lit(v) for v in lits) == k)
    branches = [0]

    def find() -> set[int] | None:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if deadline is not None:
            solver.parameters.max_time_in_seconds = max(deadline.remaining(), 0.001)
        outcome = solver.Solve(model)
        if outcome == cp_model.UNKNOWN:
            return STOPPED
        if outcome not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        branches[0] += int(solver.NumBranches())
        return {v for v in range(1, enc.cnf.top + 1) if solver.Value(b[v])}

    status, answers, stopped = _count(puzzle, enc, limit, find,
                                      lambda clause: model.AddBoolOr([lit(v) for v in clause]))
    return Solution(puzzle.genre, puzzle.rows, puzzle.cols, status, answers, branches[0],
                    time.perf_counter() - started, stopped)


ENGINES: dict[str, Callable[..., Solution]] = {"sat": solve_sat, "cpsat": solve_cpsat}
"""The clause engines by name, as `solve --engine` and `bench --vs` know them."""
