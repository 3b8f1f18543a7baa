"""Shikaku in clauses: the clause engines count random small boards as propagation does."""

from __future__ import annotations

import pytest

from . import test_shikaku
from .test_sat import agree_with_propagation


@pytest.mark.parametrize("p", test_shikaku.BOARDS, ids=lambda p: f"{p.rows}x{p.cols}")
def test_sat_and_cpsat_count_like_propagation(p) -> None:
    agree_with_propagation(p)
