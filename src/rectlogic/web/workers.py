"""A bounded pool of worker processes for the heavy endpoints (solve, count, hint, generate).

Why processes: a request that runs to its deadline must not hold the server. Each job runs
in a worker under a cooperative deadline (`limits.time_limit`), so it normally answers in
time with what it has (`status: unknown`); if it does not — or the client goes away — the
worker is killed, which frees its core at once, and a fresh one is started in its place.
The event loop only waits on pipes, so cheap endpoints never queue behind heavy ones, and
the workers run at a lower priority than the server, so a full pool does not slow them.

When every worker is busy a request waits its turn in a short waiting room (`wait` seconds,
first come first served: a freed worker is handed to the longest waiter) and is refused
with 503 and Retry-After only past it. Workers die (killed, out of memory): a dead idle or
loading worker is found and replaced before a job is given to it, and a job whose worker
died under it is run once more on another worker before the request is refused with 503."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import os
import traceback
from collections import deque
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

GRACE = 0.5
"""Seconds a worker gets past its job's deadline before it is killed."""
MARGIN = 0.25
"""Seconds of the deadline kept back for the answer's trip home."""
WAIT = 2.0
"""Seconds a heavy request waits for a busy worker to free before it is refused."""
LOADING = 60.0
"""Seconds a request waits while no worker is up yet (they load the kernels at start)."""
RETRY_LEAST = 0.5
"""Seconds of its deadline a job must have left to be run again after its worker died."""
TEND = 0.05
"""Seconds between looks at loading workers while a request waits for one."""
LOOK = 0.25
"""Seconds between looks at the idle list while a request waits (a worker freed on another
event loop is not handed over)."""
KEEP = 0.5
"""Seconds between the pool's own looks for dead and loaded workers while the server runs."""
RETIRE = 0.5
"""Share of the memory cap past which a worker is replaced after its job."""
NICE = 5
"""How much lower the workers' priority is than the server's."""


class Busy(Exception):
    """No worker could take the job in time (the caller answers 503 with Retry-After)."""


class TooSlow(Exception):
    """The job outran its deadline and its worker was killed."""


class WorkerDied(Exception):
    """The worker running the job died (killed, out of memory)."""


class Failed(Exception):
    """The job raised: `bad` is True for the library's own errors (bad input)."""

    def __init__(self, message: str, bad: bool) -> None:
        super().__init__(message)
        self.bad = bad


def _serve(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """The worker's loop: load the kernels once, then run jobs until the pipe closes. Each
    answer says whether the worker should retire: one grown past RETIRE of the memory cap
    (tables and freed memory it keeps) would stop every later job with `memory`."""
    from ..engine import limits
    from ..errors import RectlogicError
    from ..solve import warm_up
    from . import jobs

    warm_up()  # at the server's priority: a request may be waiting for the first workers
    with contextlib.suppress(OSError):
        os.nice(NICE)
    conn.send(("ready", None, False))
    while True:
        try:
            name, kwargs, seconds = conn.recv()
        except (EOFError, OSError):
            return
        try:
            with limits.time_limit(seconds):
                kind, value = "ok", jobs.JOBS[name](**kwargs)
        except RectlogicError as exc:
            kind, value = "bad", str(exc)
        except Exception:  # a bug: reported, and the worker lives on
            kind, value = "error", traceback.format_exc(limit=3)
        conn.send((kind, value,
                   limits.resident_bytes() > RETIRE * limits.MAX_MEMORY_BYTES))


class _Worker:
    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True,
                                name="rectlogic-worker")
        self.proc.start()
        child.close()

    @property
    def pid(self) -> int | None:
        return self.proc.pid

    def alive(self) -> bool:
        """Is the process still there? (An idle worker sends nothing: a readable pipe is the
        end of a dead one.)"""
        try:
            return self.proc.is_alive()
        except (OSError, ValueError):
            return False

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.join(1)
        with contextlib.suppress(Exception):
            self.conn.close()


async def _receive(conn: Connection) -> Any:
    """The next message on a pipe, without blocking the event loop (EOFError: the other end
    died)."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    fd = conn.fileno()
    loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
    try:
        await ready
    finally:
        loop.remove_reader(fd)
    return conn.recv()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _live(waiter: asyncio.Future) -> bool:
    """Is this request still waiting (not served, not gone with its event loop)?"""
    return not waiter.done() and not waiter.get_loop().is_closed()


class Pool:
    """`size` worker processes, started on first use (and again after each one lost); a
    request waits up to `wait` seconds for one."""

    def __init__(self, size: int = 2, wait: float = WAIT) -> None:
        self.size = size
        self.wait = wait
        self._ctx = mp.get_context("spawn")  # no fork of a threaded server
        self._idle: list[_Worker] = []
        self._starting: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._waiters: deque[asyncio.Future] = deque()
        self.lost = 0
        """Workers found dead since the pool began (killed, out of memory, died loading)."""

    @property
    def busy(self) -> int:
        """How many workers are running a job now."""
        return len(self._busy)

    @property
    def waiting(self) -> int:
        """How many requests are waiting for a worker now."""
        return sum(_live(f) for f in self._waiters)

    def pids(self) -> dict[str, list[int]]:
        """The workers' process ids by state (idle, busy, starting): for fault injection."""
        return {"idle": [w.pid for w in self._idle], "busy": [w.pid for w in self._busy],
                "starting": [w.pid for w in self._starting]}

    def start(self) -> None:
        """Find the dead, hand the loaded to waiting requests, and start workers up to
        `size` (each loads the compiled kernels, a second or two)."""
        for w in list(self._idle):
            if not w.alive() or w.conn.poll():
                self._idle.remove(w)
                self._lose(w)
        for w in list(self._starting):
            try:
                ready = w.conn.poll() and w.conn.recv()[0] == "ready"
            except (EOFError, OSError):
                ready = False
            if ready:
                self._starting.remove(w)
                self._release(w)
            elif not w.alive():
                self._starting.remove(w)
                self._lose(w)
        while len(self._idle) + len(self._busy) + len(self._starting) < self.size:
            self._starting.append(_Worker(self._ctx))

    async def keep(self) -> None:
        """Look after the workers while the server runs: the dead are replaced and the loaded
        taken in even when no request comes (run as a task, cancelled at shutdown)."""
        while True:
            self.start()
            await asyncio.sleep(KEEP)

    def _lose(self, worker: _Worker) -> None:
        self.lost += 1
        worker.kill()

    def _release(self, worker: _Worker) -> None:
        """A free worker: to the longest-waiting request of this event loop, else to the
        idle list (where a request waiting on another loop — a test client's — finds it when
        it looks)."""
        here = _running_loop()
        for waiter in self._waiters:
            if _live(waiter) and waiter.get_loop() is here:
                self._waiters.remove(waiter)
                self._busy.add(worker)  # counted while in transit: `start` must not replace it
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    async def _acquire(self, wait: float) -> _Worker:
        """An idle worker, after waiting up to `wait` seconds for one (longer while the pool
        has no worker up yet); Busy past that."""
        self.start()
        if self._idle and not self.waiting:
            return self._idle.pop()
        loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        self._waiters.append(waiter)
        began = loop.time()
        try:
            while not waiter.done():
                up = self._idle or self._busy
                left = began + (wait if up else max(wait, LOADING)) - loop.time()
                if left <= 0:
                    raise Busy("every worker is busy")
                # a freed worker is handed over (the future is done); a loading one, or one
                # freed on another loop, is only seen by looking: often while one loads
                await asyncio.wait({waiter}, timeout=min(left, TEND if self._starting else LOOK))
                self.start()
                if not waiter.done() and self._idle:
                    waiter.cancel()
                    return self._idle.pop()
            return waiter.result()
        except BaseException:
            if waiter.done() and not waiter.cancelled():  # given a worker as we gave up
                self._busy.discard(waiter.result())
                self._release(waiter.result())
            waiter.cancel()
            raise
        finally:
            with contextlib.suppress(ValueError):
                self._waiters.remove(waiter)

    async def run(self, name: str, kwargs: dict[str, Any], seconds: float,
                  gone: Callable[[], Awaitable[bool]] | None = None,
                  wait: float | None = None) -> Any:
        """Run job `name` in a worker within `seconds`, waiting up to `wait` seconds (the
        pool's by default) for one. Raises Busy (no worker in time, or the job's workers
        died twice), TooSlow (killed at the deadline, or when `gone()` says the client
        left) or Failed."""
        loop = asyncio.get_running_loop()
        left = seconds  # the time spent waiting for a worker is not the job's
        for attempt in (1, 2):
            worker = await self._acquire(self.wait if wait is None else wait)
            began = loop.time()
            try:
                kind, value = await self._run_on(worker, name, kwargs, left, gone)
            except WorkerDied:
                left -= loop.time() - began
                if attempt == 2 or left < RETRY_LEAST:
                    raise Busy("the worker running the request died") from None
                continue
            if kind == "ok":
                return value
            raise Failed(value, bad=kind == "bad")
        raise AssertionError("unreachable")  # pragma: no cover

    async def _run_on(self, worker: _Worker, name: str, kwargs: dict[str, Any],
                      seconds: float, gone: Callable[[], Awaitable[bool]] | None
                      ) -> tuple[str, Any]:
        """The job's answer from `worker`, which goes back to the pool if it answered and is
        killed and replaced otherwise."""
        self._busy.add(worker)
        answer: asyncio.Future | None = None
        keep = False
        try:
            try:
                worker.conn.send((name, kwargs, max(0.05, seconds - MARGIN)))
                answer = asyncio.ensure_future(_receive(worker.conn))
                loop = asyncio.get_running_loop()
                end = loop.time() + seconds + GRACE
                while not answer.done():
                    left = end - loop.time()
                    if left <= 0:
                        raise TooSlow(f"the request took longer than {seconds:g} s")
                    await asyncio.wait({answer}, timeout=min(left, 0.25))
                    if not answer.done() and gone is not None and await gone():
                        raise TooSlow("the client went away")
                kind, value, retire = answer.result()
            except (EOFError, OSError) as exc:  # the pipe broke: the worker is gone
                self.lost += 1
                raise WorkerDied(str(exc)) from None
            keep = not retire
            return kind, value
        finally:
            self._busy.discard(worker)
            if keep:
                self._release(worker)
            else:
                if answer is not None and not answer.done():
                    answer.cancel()
                worker.kill()
                self.start()

    def close(self) -> None:
        for w in [*self._idle, *self._busy, *self._starting]:
            w.kill()
        self._idle.clear()
        self._busy.clear()
        self._starting.clear()
