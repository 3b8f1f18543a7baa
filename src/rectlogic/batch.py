"""One way to run a batch of independent jobs: here, on a local process pool, or on a Dask
cluster. Every executor maps a function over jobs and gives the results back in job order,
so a batch's output does not depend on where it ran."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Protocol

from .errors import RectlogicError


class Executor(Protocol):
    def map(self, fn: Callable[[Any], Any], jobs: Iterable[Any]) -> Iterator[Any]: ...


class Serial:
    """Runs the jobs here, one after another."""

    def map(self, fn: Callable[[Any], Any], jobs: Iterable[Any]) -> Iterator[Any]:
        return map(fn, jobs)


class DaskPool:
    """Submits the jobs to a Dask scheduler and yields results in job order."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def map(self, fn: Callable[[Any], Any], jobs: Iterable[Any]) -> Iterator[Any]:
        futures = self.client.map(fn, list(jobs), pure=False)
        return (f.result() for f in futures)


@contextmanager
def executor(workers: int = 1, scheduler: str | None = None) -> Iterator[Executor]:
    if scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise RectlogicError(
                "--scheduler needs Dask: pip install 'rectlogic[dask]'"
            ) from None
        try:
            client = Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as exc:
            raise RectlogicError(f"cannot reach the Dask scheduler {scheduler}: {exc}") from None
        try:
            yield DaskPool(client)
        finally:
            client.close()
    elif workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield pool
    else:
        yield Serial()
