"""A bounded pool of worker processes for the heavy endpoints (solve, count, hint, generate).

Why processes: a request that runs to its deadline must not hold the server. Each job runs
in a worker under a cooperative deadline (`limits.time_limit`), so it normally answers in
time with what it has (`status: unknown`); if it does not — or the client goes away — the
worker is killed, which frees its core at once, and a fresh one is started in its place.
The event loop only waits on pipes, so cheap endpoints never queue behind heavy ones; when
every worker is busy a request is refused at once (503 with Retry-After), not queued."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import traceback
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

GRACE = 0.5
"""Seconds a worker gets past its job's deadline before it is killed."""
MARGIN = 0.25
"""Seconds of the deadline kept back for the answer's trip home."""


class Busy(Exception):
    """Every worker is busy (the caller answers 503 with Retry-After)."""


class TooSlow(Exception):
    """The job outran its deadline and its worker was killed."""


class Failed(Exception):
    """The job raised: `bad` is True for the library's own errors (bad input)."""

    def __init__(self, message: str, bad: bool) -> None:
        super().__init__(message)
        self.bad = bad


def _serve(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """The worker's loop: load the kernels once, then run jobs until the pipe closes."""
    from ..engine.limits import time_limit
    from ..errors import RectlogicError
    from ..solve import warm_up
    from . import jobs

    warm_up()
    conn.send(("ready", None))
    while True:
        try:
            name, kwargs, seconds = conn.recv()
        except (EOFError, OSError):
            return
        try:
            with time_limit(seconds):
                conn.send(("ok", jobs.JOBS[name](**kwargs)))
        except RectlogicError as exc:
            conn.send(("bad", str(exc)))
        except Exception:  # a bug: reported, and the worker lives on
            conn.send(("error", traceback.format_exc(limit=3)))


class _Worker:
    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True,
                                name="rectlogic-worker")
        self.proc.start()
        child.close()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.join(1)
        with contextlib.suppress(Exception):
            self.conn.close()


async def _receive(conn: Connection) -> Any:
    """The next message on a pipe, without blocking the event loop."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    fd = conn.fileno()
    loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
    try:
        await ready
    finally:
        loop.remove_reader(fd)
    return conn.recv()


class Pool:
    """`size` worker processes, started on first use (and again after each kill)."""

    def __init__(self, size: int = 2) -> None:
        self.size = size
        self._ctx = mp.get_context("spawn")  # no fork of a threaded server
        self._idle: list[_Worker] = []
        self._starting: list[_Worker] = []
        self._busy: set[_Worker] = set()

    @property
    def busy(self) -> int:
        """How many workers are running a job now."""
        return len(self._busy)

    def start(self) -> None:
        """Start workers up to `size` (each loads the compiled kernels, a second or two)."""
        self._collect()
        while len(self._idle) + len(self._busy) + len(self._starting) < self.size:
            self._starting.append(_Worker(self._ctx))

    def _collect(self) -> None:
        """Workers that have said they are ready become idle; dead ones are dropped."""
        for w in list(self._starting):
            try:
                ready = w.conn.poll()
                if ready:
                    w.conn.recv()
            except (EOFError, OSError):
                ready, w.proc = False, None
            if ready:
                self._starting.remove(w)
                self._idle.append(w)
            elif w.proc is None or not w.proc.is_alive():
                self._starting.remove(w)
                w.kill()
                raise RuntimeError("a worker process died while loading (see its stderr)")

    async def _idle_worker(self) -> _Worker:
        self.start()
        if not self._idle and not self._busy:  # the first workers may still be loading
            for _ in range(1200):  # up to a minute on a loaded machine
                await asyncio.sleep(0.05)
                self.start()
                if self._idle:
                    break
        if not self._idle:
            raise Busy("every worker is busy")
        return self._idle.pop()

    async def run(self, name: str, kwargs: dict[str, Any], seconds: float,
                  gone: Callable[[], Awaitable[bool]] | None = None) -> Any:
        """Run job `name` in a worker within `seconds`. Raises Busy (no idle worker),
        TooSlow (killed at the deadline, or when `gone()` says the client left) or Failed."""
        worker = await self._idle_worker()
        self._busy.add(worker)
        answer: asyncio.Future | None = None
        keep = False
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
            kind, value = answer.result()
            keep = True
        finally:
            self._busy.discard(worker)
            if keep:
                self._idle.append(worker)
            else:
                if answer is not None and not answer.done():
                    answer.cancel()
                worker.kill()
                self.start()
        if kind == "ok":
            return value
        raise Failed(value, bad=kind == "bad")

    def close(self) -> None:
        for w in [*self._idle, *self._busy, *self._starting]:
            w.kill()
        self._idle.clear()
        self._busy.clear()
        self._starting.clear()
