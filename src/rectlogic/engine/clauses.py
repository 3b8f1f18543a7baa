"""Clauses over Boolean variables, and what decodes a model into an answer: the shape in which
each genre writes its rules for the clause engines (`rectlogic.sat`). Knows no genre."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Cnf:
    """Boolean variables 1…top, clauses over them, and "exactly k of these" constraints —
    kept as such, so that each back end states them its own way (a CNF counter for the SAT
    solver, a linear equality for CP-SAT)."""

    top: int = 0
    clauses: list[list[int]] = field(default_factory=list)
    counts: list[tuple[list[int], int]] = field(default_factory=list)

    def var(self) -> int:
        self.top += 1
        return self.top

    def exactly(self, lits: list[int], k: int) -> None:
        self.counts.append((lits, k))

    def as_clauses(self) -> list[list[int]]:
        """Everything as clauses (cardinalities by sequential counters)."""
        from pysat.card import CardEnc, EncType

        out, top = list(self.clauses), self.top
        for lits, k in self.counts:
            if k < 0 or k > len(lits):
                out.append([])  # unsatisfiable
                continue
            enc = CardEnc.equals(lits=lits, bound=k, top_id=top, encoding=EncType.seqcounter)
            top = max(top, enc.nv)
            out.extend(enc.clauses)
        return out


@dataclass
class Encoding:
    cnf: Cnf
    decisions: list[int]
    """The variables that fix an answer (blocked to find the next one)."""
    decode: Callable[[set[int]], Any]
    """The set of true variables → the genre's Answer."""
