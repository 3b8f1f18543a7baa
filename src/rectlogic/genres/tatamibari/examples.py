"""Tatamibari's own examples, as pzprjs's test script has them (see
`genres/PZPRJS-NOTICE.md`)."""

from __future__ import annotations

from ..examples import Failing, Solved

SOLVED: tuple[Solved, ...] = ()
FAILING: tuple[Failing, ...] = ()
