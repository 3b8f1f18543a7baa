"""Shakashaka's side of the setter's analysis: a board with no answer even with every number
dropped has its conflict among the black cells, named and minimal."""

from __future__ import annotations

import pytest

from rectlogic.analyze import analyze
from rectlogic.formats.auto import load
from rectlogic.genres.registry import get_genre
from rectlogic.sat import solve_sat


@pytest.mark.parametrize("url", ["https://puzz.link/p?shakashaka/3/3/dg.j",  # a 3 in a corner
                                 "https://puzz.link/p?shakashaka/6/6/g.o0ambi.h.j"])
def test_a_conflict_among_black_cells_is_named(url: str) -> None:
    """No answer even with every number dropped: the conflict is among the black cells, and
    it is minimal — made white, any one of them leaves an answer (by SAT)."""
    q = load(url).puzzle
    author = get_genre("shakashaka").author
    out = analyze(q, patience=10)
    assert out["status"] == "none" and out["conflict"] and out["conflict_minimal"]
    assert "black" in out["reason"]
    loose = author.relax(q, author.clue_cells(q))
    core = [tuple(c) for c in out["conflict"]]
    others = [c for c in author.givens(loose) if c not in core]
    assert solve_sat(author.unfix(loose, others)).status == "none"
    for cell in core:
        assert solve_sat(author.unfix(loose, [*others, cell])).status != "none"
