"""Work under the memory cap is not stopped, in any genre: each example solved inside a time
limit ends with no reason to stop. (A search past the cap stops with `memory`: tested on a
board that grows without end, `test_shikaku_memory.py`.)"""

from __future__ import annotations

import pytest

import rectlogic as rl
from rectlogic.engine import limits
from rectlogic.genres.registry import GENRE_NAMES, GENRES


@pytest.mark.parametrize("genre", GENRES, ids=GENRE_NAMES)
def test_work_under_the_cap_is_not_stopped(genre: object) -> None:
    for example in genre.examples.SOLVED:
        with limits.time_limit(60) as deadline:
            assert rl.solve(rl.load(example.url)).status == "unique"
        assert deadline.reason is None
