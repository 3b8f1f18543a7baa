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


def test_a_far_deadline_leaves_the_watchdog_watching() -> None:
    """A deadline past what a thread's wait can take (the CI once lost its watchdog this way,
    and with it the memory cap for the rest of the process) is watched like any other: a
    short deadline set after it still ends, raising the flag compiled kernels read."""
    import threading
    import time

    with limits.time_limit(threading.TIMEOUT_MAX * 10):
        time.sleep(0.05)
    time.sleep(0.1)  # the far deadline is still the next one, with no work running
    with limits.time_limit(0.05) as short:
        time.sleep(0.3)
        assert short is not None and short.flag[0] == 1 and short.reason == limits.TIME
    assert limits._WATCHDOG._thread is not None and limits._WATCHDOG._thread.is_alive()
