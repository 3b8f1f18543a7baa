"""A bounded load test of the server on loopback, in three rounds on one server of its own
(`rectlogic serve` on a free port, `workers` workers, stopped at the end):

- two clients, then a crowd of them, solving the bank's 6×6 boards on /api/solve back to
  back: throughput (200s per second), the share of 503s, status codes, latency;
- `heavy` clients sending requests that run to their deadline (more than the workers: most
  wait in the waiting room, then get 503) while one client times a cheap endpoint
  (GET /api/bank): its p50/p99 beside heavy load.

The crowd's clients and the cheap one are processes of their own (a thread's timings would
include the other clients' turns at the GIL); the heavy ones, which mostly wait, are threads
of one process. All start together at a barrier; every loop is bounded in time."""

from __future__ import annotations

import http.client
import json
import multiprocessing as mp
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHEAP = ("GET", "/api/bank", None)
Request = tuple[str, str, dict[str, Any] | None]


def heavy_requests() -> list[Request]:
    """Each genre's long-running example, solved and counted: each runs to its deadline."""
    from ..genres.registry import GENRES

    return [("POST", path, {"puzzle": g.HEAVY_EXAMPLE, "nodes": 50_000})
            for g in GENRES if g.HEAVY_EXAMPLE for path in ("/api/solve", "/api/count")]


def bank_solves(bank_path: str | None, rows: int = 6) -> list[Request]:
    """A solve of every board of the bank that is `rows`×`rows`, all genres."""
    from .. import bank

    return [("POST", "/api/solve", {"puzzle": b.url}) for b in bank.rows(bank_path)
            if b.rows == b.cols == rows]


@dataclass
class Round:
    """What the clients of one round saw."""

    name: str
    clients: int
    seconds: float
    statuses: Counter = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    """Seconds each answered request took."""
    dropped: int = 0
    """Requests that got no HTTP answer at all (a dropped connection)."""
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds the server process and its workers used during the round: beside the
    wall time, how much of the machine the server got."""

    def add(self, seen: dict[str, Any]) -> None:
        self.statuses.update({int(k): v for k, v in seen["statuses"].items()})
        self.times.extend(seen["times"])
        self.dropped += seen["dropped"]

    def to_json(self) -> dict[str, Any]:
        ms = sorted(1000 * t for t in self.times)
        answered = sum(self.statuses.values())

        def pct(q: float) -> float | None:
            return round(ms[min(len(ms) - 1, int(q * len(ms)))], 1) if ms else None
        return {
            "clients": self.clients, "requests": answered,
            "ok_per_s": round(self.statuses[200] / self.seconds, 1),
            "share_503": round(self.statuses[503] / answered, 3) if answered else None,
            "p50_ms": pct(0.50), "p99_ms": pct(0.99), "max_ms": round(ms[-1], 1) if ms else None,
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "errors_5xx_other_than_503": sum(v for k, v in self.statuses.items()
                                             if k >= 500 and k != 503),
            "dropped_connections": self.dropped,
            **{f"cpu_s_{k}": round(v, 2) for k, v in self.cpu.items()},
        }


@dataclass
class SoakReport:
    seconds: float
    workers: int
    wait: float
    rounds: list[Round] = field(default_factory=list)
    memory_before_mb: float = 0.0
    memory_after_mb: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"seconds_per_round": self.seconds, "workers": self.workers,
                "wait_s": self.wait, **{r.name: r.to_json() for r in self.rounds},
                "memory_before_mb": round(self.memory_before_mb, 1),
                "memory_after_mb": round(self.memory_after_mb, 1)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _family(pid: int) -> list[int]:
    """A process and its descendants (Linux /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for t in Path(f"/proc/{p}/task").iterdir():
                todo.extend(int(k) for k in (t / "children").read_text().split())
        except (OSError, ValueError):
            continue
    return out


def _rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (Linux /proc), in MB."""
    total = 0
    for p in _family(pid):
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(ln.split()[1] for ln in status.splitlines()
                              if ln.startswith("VmRSS")))
        except (OSError, StopIteration, ValueError):
            continue
    return total / 1024


def _cpu_s(pid: int) -> dict[str, float]:
    """CPU seconds (user + system) of the server process and of its workers so far."""
    out = {"server": 0.0, "workers": 0.0}
    for p in _family(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks = int(fields[11]) + int(fields[12])
        out["server" if p == pid else "workers"] += ticks / os.sysconf("SC_CLK_TCK")
    return out


def _request(conn: http.client.HTTPConnection, request: Request) -> int:
    method, path, body = request
    if body is None:
        conn.request(method, path)
    else:
        conn.request(method, path, json.dumps(body), {"content-type": "application/json"})
    response = conn.getresponse()
    response.read()
    return response.status


def _client(port: int, requests: list[Request], offset: int, seconds: float,
            pause: float) -> dict[str, Any]:
    """One client: sends `requests` in turn (from `offset`) for `seconds` on one
    connection, `pause` seconds apart (and a short Retry-After after a 503)."""
    statuses: Counter = Counter()
    times, dropped = [], 0
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    end = time.monotonic() + seconds
    k = offset
    while time.monotonic() < end:
        began = time.monotonic()
        try:
            status = _request(conn, requests[k % len(requests)])
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            dropped += 1
            continue
        k += 1
        times.append(time.monotonic() - began)
        statuses[status] += 1
        if pause:
            time.sleep(pause)
        elif status == 503:
            time.sleep(0.1)
    conn.close()
    return {"statuses": dict(statuses), "times": times, "dropped": dropped}


def _clients(group: int, port: int, requests: list[Request], clients: int, offset: int,
             seconds: float, pause: float, start: Any, results: Any) -> None:
    """A process of `clients` clients (threads: for clients that mostly wait), started at
    the barrier; what they saw goes to `results`, marked with their group. (They run at the
    server's priority: on a machine shared with other work, lower-priority clients starve
    and measure themselves.)"""
    with ThreadPoolExecutor(clients) as threads:
        start.wait()
        found = list(threads.map(lambda k: _client(port, requests, offset + 7 * k, seconds,
                                                   pause), range(clients)))
    for seen in found:
        results.put({**seen, "group": group})


def _round(server: int, port: int, seconds: float,
           groups: list[tuple[Round, list[Request], int, int, float]]) -> None:
    """Every group's clients at once, then what they saw in the groups' Rounds. A group:
    its Round, its requests, how many processes, clients per process, and their pause."""
    ctx = mp.get_context("spawn")
    start, results = ctx.Barrier(sum(g[2] for g in groups) + 1), ctx.Queue()
    procs = [ctx.Process(target=_clients, daemon=True, args=(
        g, port, requests, per, 100 * k, seconds, pause, start, results))
        for g, (_, requests, n, per, pause) in enumerate(groups) for k in range(n)]
    for p in procs:
        p.start()
    start.wait(120)
    before = _cpu_s(server)
    for _ in range(sum(n * per for _, _, n, per, _ in groups)):
        seen = results.get(timeout=seconds + 120)
        groups[seen["group"]][0].add(seen)
    after = _cpu_s(server)
    groups[0][0].cpu = {k: after[k] - before[k] for k in after}
    for p in procs:
        p.join(10)


def run_soak(seconds: float = 15.0, crowd: int = 8, heavy: int = 44, workers: int = 2,
             wait: float = 2.0, bank_path: str | None = None) -> SoakReport:
    port = _free_port()
    cmd = [sys.executable, "-m", "rectlogic.cli", "serve", "--port", str(port),
           "--workers", str(workers), "--wait", str(wait)]
    if bank_path:
        cmd += ["--bank", bank_path]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = SoakReport(seconds, workers, wait)
    boards = bank_solves(bank_path)
    try:
        for _ in range(600):  # up to 60 s to load the kernels and start the workers
            try:
                if _request(http.client.HTTPConnection("127.0.0.1", port, timeout=5),
                            CHEAP) == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        for _ in range(600):  # a solve answered: the workers are up
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            if _request(conn, boards[0]) == 200:
                break
            time.sleep(0.1)
        report.memory_before_mb = _rss_mb(server.pid)
        for clients in (2, crowd):
            rnd = Round(f"solve_6x6_{clients}_clients", clients, seconds)
            _round(server.pid, port, seconds, [(rnd, boards, clients, 1, 0.0)])
            report.rounds.append(rnd)
        loaded = Round(f"heavy_{heavy}_clients", heavy, seconds)
        cheap = Round("cheap_beside_heavy", 1, seconds)
        _round(server.pid, port, seconds, [(loaded, heavy_requests(), 1, heavy, 0.0),
                               (cheap, [CHEAP], 1, 1, 0.02)])
        report.rounds += [loaded, cheap]
        time.sleep(1)
        report.memory_after_mb = _rss_mb(server.pid)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    return report
