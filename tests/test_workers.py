"""The worker pool under faults and crowds: workers killed (kill -9) while busy, idle and
loading — never a 500, a job whose worker died run once more, the dead replaced — and the
waiting room (a request waits its turn for a busy worker, and past its limit gets 503 with
Retry-After). Waits poll the pool's state; nothing asserts how long anything took."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Callable

from fastapi.testclient import TestClient

from rectlogic.genres.registry import GENRES
from rectlogic.web import create_app

QUICK = {"puzzle": GENRES[0].examples.SOLVED[0].url}
"""A solve of a few milliseconds (a genre's first example, 6×6)."""
LONG = {"puzzle": next(g.HEAVY_EXAMPLE for g in GENRES if g.HEAVY_EXAMPLE), "nodes": 50_000,
        "rung": "none"}
"""A solve that runs to its deadline (a genre's heavy example, an open 30×30 board, searched
with no rules: the probing rung finds two answers in seconds now)."""


def until(condition: Callable[[], object], tries: int = 2400) -> object:
    """Poll `condition` every 25 ms (up to a minute: workers load slowly on a busy machine)."""
    for _ in range(tries):
        found = condition()
        if found:
            return found
        time.sleep(0.025)
    raise AssertionError("the pool never reached the awaited state")


def kill(pid: int) -> None:
    """kill -9, and wait until the process is dead: waitable (a worker is this process's
    child), as the pool sees it. Its /proc state turns Z while its other threads are still
    exiting, and its pipe stays open till the last one has: judged dead by that, a worker
    was handed a job and died under it (two in twelve runs on a busy machine)."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:  # it died on its own meanwhile: killed all the same
        return

    def dead() -> bool:
        try:  # WNOWAIT: looked at, left for the pool to reap
            return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:  # reaped already
            return True
    until(dead)


def in_background(client: TestClient, body: dict, path: str = "/api/solve") -> Callable:
    """Send a request from a thread; the returned function joins it and gives the answer."""
    out: dict = {}
    t = threading.Thread(target=lambda: out.setdefault("r", client.post(path, json=body)))
    t.start()

    def answer():
        t.join(120)
        return out["r"]
    return answer


def busy_pid(pool, other_than: int | None = None) -> int:
    return until(lambda: next((p for p in pool.pids()["busy"] if p != other_than), None))


def live(pool) -> set[int]:
    """The pool's workers that are up (idle or busy)."""
    ids = pool.pids()
    return set(ids["idle"]) | set(ids["busy"])


def test_a_job_whose_worker_dies_runs_again_and_a_second_death_is_a_503() -> None:
    with TestClient(create_app(workers=2, deadlines={"solve": 3.0}),
                    raise_server_exceptions=False) as client:
        pool = client.app.state.pool
        until(lambda: len(pool.pids()["idle"]) == 2)
        answer = in_background(client, LONG)
        first = busy_pid(pool)
        kill(first)
        busy_pid(pool, other_than=first)  # run again, on the other worker
        r = answer()
        assert r.status_code == 200, r.text
        assert r.json()["stopped"] == "time"
        assert first not in live(pool) and pool.lost >= 1

        until(lambda: len(pool.pids()["idle"]) == 2)
        answer = in_background(client, LONG)
        first = busy_pid(pool)
        kill(first)
        kill(busy_pid(pool, other_than=first))
        r = answer()
        assert r.status_code == 503 and r.headers["Retry-After"] == "1"
        assert "died" in r.json()["error"]
        r = client.post("/api/solve", json=QUICK)
        assert r.status_code == 200, (r.text, pool.pids())


def test_dead_idle_workers_are_replaced_before_they_get_a_job() -> None:
    with TestClient(create_app(workers=2), raise_server_exceptions=False) as client:
        pool = client.app.state.pool
        until(lambda: len(pool.pids()["idle"]) == 2)
        one = pool.pids()["idle"][0]
        kill(one)
        for _ in range(4):
            assert client.post("/api/solve", json=QUICK).status_code == 200
        until(lambda: len(live(pool)) == 2 and one not in live(pool))  # two again, not one

        both = pool.pids()["idle"]
        for pid in both:
            kill(pid)
        r = client.post("/api/solve", json=QUICK)  # was a 500 BrokenPipeError
        assert r.status_code == 200, r.text
        assert not live(pool) & set(both) and pool.lost >= 3


def test_workers_killed_while_loading_are_replaced() -> None:
    client = TestClient(create_app(workers=2), raise_server_exceptions=False)  # no lifespan:
    pool = client.app.state.pool  # the pool starts on the first request
    answer = in_background(client, QUICK)
    loading = until(lambda: pool.pids()["starting"])
    for pid in loading:
        kill(pid)
    r = answer()  # was a 500 RuntimeError
    assert r.status_code == 200, r.text
    assert not live(pool) & set(loading) and pool.lost >= 1


def test_random_kills_among_a_stream_of_requests_never_give_a_500() -> None:
    """Fault injection: a stream of quick and deadline-long requests while workers are
    killed at random moments in whatever state they are; every answer is 200 or a 503
    with Retry-After, and the pool ends whole."""
    rng = random.Random(30)
    with TestClient(create_app(workers=2, deadlines={"solve": 1.0, "count": 1.0}),
                    raise_server_exceptions=False) as client:
        pool = client.app.state.pool
        statuses: list[tuple[int, str]] = []
        stop = threading.Event()

        def stream(body: dict, path: str) -> None:
            while not stop.is_set():
                r = client.post(path, json=body)
                statuses.append((r.status_code, r.headers.get("Retry-After", "")))

        threads = [threading.Thread(target=stream, args=a)
                   for a in ((QUICK, "/api/solve"), (LONG, "/api/count"), (QUICK, "/api/count"))]
        for t in threads:
            t.start()
        killed = 0
        while killed < 8:
            time.sleep(rng.uniform(0.05, 0.6))
            pids = [p for ps in pool.pids().values() for p in ps]
            if pids:
                kill(rng.choice(pids))
                killed += 1
        stop.set()
        for t in threads:
            t.join(60)
        assert statuses and all(s == 200 or (s == 503 and after == "1")
                                for s, after in statuses), statuses
        assert client.post("/api/solve", json=QUICK).status_code == 200
        until(lambda: len(live(pool)) == 2)


def test_the_waiting_room() -> None:
    """Behind a busy worker a request waits its turn and is served when the worker frees;
    one that waits past the limit gets 503 with Retry-After. Cheap requests never wait."""
    with TestClient(create_app(workers=1, deadlines={"solve": 3.0}),
                    raise_server_exceptions=False) as client:
        pool = client.app.state.pool
        until(lambda: pool.pids()["idle"])
        for wait in (60.0, 0.2):
            pool.wait = wait
            long = in_background(client, LONG)
            busy_pid(pool)
            queued = in_background(client, QUICK, "/api/count")
            if wait > 1:
                until(lambda: pool.waiting == 1)
            assert client.get("/api/bank").status_code == 200
            r = queued()
            if wait > 1:
                assert r.status_code == 200 and r.json()["status"] == "unique", r.text
            else:
                assert r.status_code == 503 and r.headers["Retry-After"] == "1"
                assert "busy" in r.json()["error"]
            assert long().json()["stopped"] == "time"  # it ran to its deadline all the same
            assert pool.waiting == 0


def test_a_worker_grown_past_its_memory_share_is_replaced(monkeypatch) -> None:
    """A worker that holds more than half the memory cap after a job retires (it would stop
    every later job with `memory`); here the workers' cap is forced to 1 MB, so the job
    itself stops with `memory` and every worker retires after one job."""
    monkeypatch.setenv("RECTLOGIC_MAX_MEMORY_MB", "1")  # read by the workers as they start
    with TestClient(create_app(workers=1), raise_server_exceptions=False) as client:
        pool = client.app.state.pool
        first = until(lambda: pool.pids()["idle"])[0]
        r = client.post("/api/solve", json=LONG)
        assert r.status_code == 200 and r.json()["stopped"] == "memory", r.text
        assert first not in live(pool) | set(pool.pids()["starting"]) and pool.lost == 0
        assert client.post("/api/count", json=QUICK).status_code == 200
