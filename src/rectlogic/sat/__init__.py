"""A second engine written in clauses: each genre's rules as CNF, solved by CaDiCaL through
python-sat, counting answers with blocking clauses. It shares the rule book with the
propagation engine but none of its reasoning, so the two check each other."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from ..errors import RectlogicError
from ..genres import get_genre
from ..solve import Solution


@dataclass
class Cnf:
    """Clauses over variables 1…top, and helpers that allocate more."""

    top: int = 0
    clauses: list[list[int]] = field(default_factory=list)

    def var(self) -> int:
        self.top += 1
        return self.top

    def exactly(self, lits: list[int], k: int) -> None:
        if k < 0 or k > len(lits):
            self.clauses.append([])  # unsatisfiable
            return
        from pysat.card import CardEnc, EncType

        enc = CardEnc.equals(lits=lits, bound=k, top_id=self.top, encoding=EncType.seqcounter)
        self.top = max(self.top, enc.nv)
        self.clauses.extend(enc.clauses)


@dataclass
class Encoding:
    cnf: Cnf
    decisions: list[int]
    """The variables that fix an answer (blocked to find the next one)."""
    decode: Callable[[set[int]], Any]
    """The set of true variables → the genre's Answer."""


def encode(puzzle: Any) -> Encoding:
    module = import_module(f".{puzzle.genre}", __name__)
    return module.encode(puzzle)


def solve_sat(puzzle: Any, limit: int = 2) -> Solution:
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise RectlogicError("--engine sat needs python-sat: pip install python-sat") from None
    started = time.perf_counter()
    enc = encode(puzzle)
    genre = get_genre(puzzle.genre)
    answers: list[Any] = []
    want = 0 if limit == 0 else max(limit, 2)
    conflicts = 0
    with Solver(name="cadical153", bootstrap_with=enc.cnf.clauses) as solver:
        while (not want or len(answers) < want) and solver.solve():
            true = {v for v in solver.get_model() if v > 0}
            answer = enc.decode(true)
            if not genre.obeys_rules(puzzle, answer):
                raise RuntimeError(f"SAT encoding of {puzzle.genre} let a wrong answer through")
            answers.append(answer)
            solver.add_clause([-v for v in enc.decisions if v in true]
                              + [v for v in enc.decisions if v not in true])
        conflicts = int(solver.accum_stats().get("conflicts", 0))
    status = "multiple" if len(answers) >= 2 else "unique" if answers else "none"
    shown = answers[:limit] if limit else answers
    return Solution(puzzle.genre, puzzle.rows, puzzle.cols, status, shown, conflicts,
                    time.perf_counter() - started)
