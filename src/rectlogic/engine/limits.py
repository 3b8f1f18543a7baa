"""Time and memory limits for every search, so that no request can hold a core or eat memory.

A node budget bounds how many nodes a search visits, but not what one node costs: on a huge
open board one node can take seconds and a depth-first stack of board copies gigabytes. So a
search also stops at a deadline, when its stack would pass a cap, and when the process holds
more memory than MAX_MEMORY_BYTES (its resident set, whatever holds it: stacks, tables,
probing copies), and says why.

The deadline lives in a context variable, set by `time_limit(seconds)` around any work (solve,
grade, hint, generation): every loop that can run long reads it, without being handed it.
Python loops read the clock; compiled kernels cannot, so they read a one-byte flag that a
single watchdog thread raises when the deadline passes (the kernels release the GIL). While
any deadline runs, the same thread reads the process's resident memory every MEMORY_POLL
seconds; past the cap it ends every running deadline at once, with the reason `memory`."""

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
MAX_MEMORY_BYTES = int(os.environ.get("RECTLOGIC_MAX_MEMORY_MB", "900")) << 20
"""Resident bytes the process may hold while work runs under a deadline: past them the work
stops (reason `memory`). Below 1 GB by what can be allocated between two looks; the
environment variable RECTLOGIC_MAX_MEMORY_MB sets another (tests force a small one)."""
MEMORY_POLL = 0.02
"""Seconds between two looks at the process's memory while a deadline runs."""
LONGEST_WAIT = 3600.0
"""The watchdog's longest sleep: a far deadline (or an infinite one) is looked at again after
it, since a condition's wait overflows the platform's time_t on a huge timeout and the thread
would die, leaving every later deadline and the memory cap unwatched."""
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

TIME, NODES, MEMORY = "time", "nodes", "memory"
"""Why a search stopped before it could finish."""


def resident_bytes() -> int:
    """The memory this process holds now (its resident set; 0 where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


class Deadline:
    """A point in time (monotonic clock), the flag the compiled kernels read, and why it
    ended (`reason`: TIME, or MEMORY when the process passed its memory cap first)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.reason: str | None = None
        self.flag = np.zeros(1, dtype=np.uint8)
        """uint8[1]: 1 once the deadline has ended (raised by the watchdog thread)."""
        if seconds <= 0:
            self.end(TIME)
        else:
            _WATCHDOG.watch(self)

    def end(self, reason: str) -> None:
        if self.reason is None:
            self.reason = reason
        self.flag[0] = 1

    def expired(self) -> bool:
        if self.reason is None and time.monotonic() >= self.at:
            self.end(TIME)
        return self.reason is not None

    def remaining(self) -> float:
        return 0.0 if self.reason is not None else max(0.0, self.at - time.monotonic())


_current: ContextVar[Deadline | None] = ContextVar("rectlogic_deadline", default=None)
NEVER = np.zeros(1, dtype=np.uint8)
"""The flag of work with no deadline: never raised."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[Deadline | None]:
    """Inside the block, every search and generation stops by `seconds` from now (None: no
    limit of its own). An enclosing limit that ends sooner stays in force."""
    outer = _current.get()
    if seconds is None or seconds == float("inf") or (
            outer is not None and outer.remaining() <= seconds):
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
        _WATCHDOG.forget(deadline)


def current() -> Deadline | None:
    return _current.get()


def expired() -> bool:
    """Has the deadline of the work under way passed?"""
    d = _current.get()
    return d is not None and d.expired()


def stopped_why() -> str:
    """Why the work under way was stopped by its deadline: TIME or MEMORY."""
    d = _current.get()
    return MEMORY if d is not None and d.reason == MEMORY else TIME


def stop_flag() -> np.ndarray:
    """The flag a compiled kernel polls: the current deadline's, or one never raised."""
    d = _current.get()
    return NEVER if d is None else d.flag


class _Watchdog:
    """One daemon thread that ends each registered deadline when its time comes, and all of
    them when the process passes MAX_MEMORY_BYTES."""

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)  # a forked child has no thread

    def _reset(self) -> None:
        self._heap: list[tuple[float, int, Deadline]] = []
        self._running: dict[int, Deadline] = {}
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._count = 0

    def watch(self, deadline: Deadline) -> None:
        with self._wake:
            self._count += 1
            heapq.heappush(self._heap, (deadline.at, self._count, deadline))
            self._running[id(deadline)] = deadline
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="rectlogic-deadlines",
                                                daemon=True)
                self._thread.start()
            self._wake.notify()

    def forget(self, deadline: Deadline) -> None:
        """The work is over: no more memory looks on its behalf."""
        with self._wake:
            self._running.pop(id(deadline), None)

    def _run(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                while self._heap and self._heap[0][0] <= now:
                    d = heapq.heappop(self._heap)[2]
                    d.end(TIME)
                    self._running.pop(id(d), None)
                if self._running and resident_bytes() > MAX_MEMORY_BYTES:
                    for d in self._running.values():
                        d.end(MEMORY)
                    self._running.clear()
                wait = LONGEST_WAIT if not self._heap else min(LONGEST_WAIT,
                                                               self._heap[0][0] - now)
                self._wake.wait(min(wait, MEMORY_POLL) if self._running else wait)


_WATCHDOG = _Watchdog()
