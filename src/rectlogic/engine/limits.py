"""Time and memory limits for every search, so that no request can hold a core or eat memory.

A node budget bounds how many nodes a search visits, but not what one node costs: on a huge
open board one node can take seconds and a depth-first stack of board copies gigabytes. So a
search also stops at a deadline and when its stack would pass a memory cap, and says why.

The deadline lives in a context variable, set by `time_limit(seconds)` around any work (solve,
grade, hint, generation): every loop that can run long reads it, without being handed it.
Python loops read the clock; compiled kernels cannot, so they read a one-byte flag that a
single watchdog thread raises when the deadline passes (the kernels release the GIL)."""

from __future__ import annotations

import heapq
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

MAX_STACK_BYTES = 256 << 20
"""Bytes of board copies a search may keep on its stack before it stops (reason `memory`)."""

TIME, NODES, MEMORY = "time", "nodes", "memory"
"""Why a search stopped before it could finish."""


class Deadline:
    """A point in time (monotonic clock), and the flag the compiled kernels read."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self._flag: np.ndarray | None = None

    def expired(self) -> bool:
        return time.monotonic() >= self.at

    def remaining(self) -> float:
        return max(0.0, self.at - time.monotonic())

    @property
    def flag(self) -> np.ndarray:
        """uint8[1]: 1 once the deadline has passed (raised by the watchdog thread)."""
        if self._flag is None:
            self._flag = np.zeros(1, dtype=np.uint8)
            if self.expired():
                self._flag[0] = 1
            else:
                _WATCHDOG.watch(self.at, self._flag)
        return self._flag


_current: ContextVar[Deadline | None] = ContextVar("rectlogic_deadline", default=None)
NEVER = np.zeros(1, dtype=np.uint8)
"""The flag of work with no deadline: never raised."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[Deadline | None]:
    """Inside the block, every search and generation stops by `seconds` from now (None: no
    limit of its own). An enclosing limit that ends sooner stays in force."""
    outer = _current.get()
    if seconds is None or (outer is not None and outer.remaining() <= seconds):
        yield outer
        return
    if seconds <= 0:
        raise ValueError("a time limit must be positive")
    deadline = Deadline(seconds)
    token = _current.set(deadline)
    try:
        yield deadline
    finally:
        _current.reset(token)


def current() -> Deadline | None:
    return _current.get()


def expired() -> bool:
    """Has the deadline of the work under way passed?"""
    d = _current.get()
    return d is not None and d.expired()


def stop_flag() -> np.ndarray:
    """The flag a compiled kernel polls: the current deadline's, or one never raised."""
    d = _current.get()
    return NEVER if d is None else d.flag


class _Watchdog:
    """One daemon thread that raises each registered flag when its time comes."""

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)  # a forked child has no thread

    def _reset(self) -> None:
        self._heap: list[tuple[float, int, np.ndarray]] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._count = 0

    def watch(self, at: float, flag: np.ndarray) -> None:
        with self._wake:
            self._count += 1
            heapq.heappush(self._heap, (at, self._count, flag))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="rectlogic-deadlines",
                                                daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                while self._heap and self._heap[0][0] <= now:
                    heapq.heappop(self._heap)[2][0] = 1
                self._wake.wait(None if not self._heap else self._heap[0][0] - now)


_WATCHDOG = _Watchdog()
