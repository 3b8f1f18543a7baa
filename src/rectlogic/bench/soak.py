"""A bounded load test of the server on loopback: heavy requests that run to their deadline
keep every worker busy while one client times a cheap endpoint. It reports throughput, the
cheap endpoint's p50/p99, status codes, and the server's memory (itself and its workers)
before and after. It starts its own server (`rectlogic serve` on a free loopback port) and
stops it; every loop is bounded in time."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..genres.registry import GENRES

HEAVY = [(path, {"puzzle": g.HEAVY_EXAMPLE, "nodes": 50_000})
         for g in GENRES if g.HEAVY_EXAMPLE for path in ("/api/solve", "/api/count")]
"""Each genre's long-running example, solved and counted."""
CHEAP = "/api/bank"


@dataclass
class SoakReport:
    seconds: float
    heavy_clients: int
    cheap: list[float] = field(default_factory=list)
    heavy: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    failures: int = 0
    """Requests that got no HTTP answer at all (a dropped connection)."""
    memory_before_mb: float = 0.0
    memory_after_mb: float = 0.0

    def to_json(self) -> dict[str, Any]:
        ms = [1000 * t for t in self.cheap]
        return {
            "seconds": round(self.seconds, 1), "heavy_clients": self.heavy_clients,
            "cheap_requests": len(self.cheap), "heavy_requests": len(self.heavy),
            "requests_per_s": round((len(self.cheap) + len(self.heavy)) / self.seconds, 1),
            "cheap_p50_ms": round(float(np.percentile(ms, 50)), 1) if ms else None,
            "cheap_p99_ms": round(float(np.percentile(ms, 99)), 1) if ms else None,
            "cheap_max_ms": round(max(ms), 1) if ms else None,
            "heavy_max_s": round(max(self.heavy), 2) if self.heavy else None,
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "errors_5xx_other_than_503": sum(v for k, v in self.statuses.items()
                                             if k >= 500 and k != 503),
            "dropped_connections": self.failures,
            "memory_before_mb": round(self.memory_before_mb, 1),
            "memory_after_mb": round(self.memory_after_mb, 1),
        }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (Linux /proc), in MB."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(ln.split()[1] for ln in status.splitlines()
                              if ln.startswith("VmRSS")))
            for t in Path(f"/proc/{p}/task").iterdir():
                kids = (t / "children").read_text().split()
                todo.extend(int(k) for k in kids)
        except (OSError, StopIteration, ValueError):
            continue
    return total / 1024


def _request(conn: http.client.HTTPConnection, path: str,
             body: dict[str, Any] | None) -> int:
    if body is None:
        conn.request("GET", path)
    else:
        conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
    response = conn.getresponse()
    response.read()
    return response.status


def run_soak(seconds: float = 20.0, heavy_clients: int = 8,
             bank_path: str | None = None) -> SoakReport:
    port = _free_port()
    cmd = [sys.executable, "-m", "rectlogic.cli", "serve", "--port", str(port)]
    if bank_path:
        cmd += ["--bank", bank_path]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = SoakReport(seconds, heavy_clients)
    lock = threading.Lock()
    try:
        for _ in range(600):  # up to 60 s to load the kernels and start the workers
            try:
                if _request(http.client.HTTPConnection("127.0.0.1", port, timeout=5),
                            CHEAP, None) == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        time.sleep(3)  # the workers finish loading
        report.memory_before_mb = _rss_mb(server.pid)
        end = time.monotonic() + seconds

        def client(kind: int) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            k = kind
            while time.monotonic() < end:
                path, body = (CHEAP, None) if kind < 0 else HEAVY[k % len(HEAVY)]
                k += 1
                began = time.monotonic()
                try:
                    status = _request(conn, path, body)
                except (OSError, http.client.HTTPException):
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    with lock:
                        report.failures += 1
                    continue
                took = time.monotonic() - began
                with lock:
                    report.statuses[status] += 1
                    (report.cheap if kind < 0 else report.heavy).append(took)
                if kind < 0:
                    time.sleep(0.02)
                elif status == 503:
                    time.sleep(0.2)  # Retry-After, shortened
            conn.close()

        threads = [threading.Thread(target=client, args=(k,)) for k in range(heavy_clients)]
        threads.append(threading.Thread(target=client, args=(-1,)))
        for t in threads:
            t.start()
        for t in threads:
            t.join(seconds + 120)
        time.sleep(1)
        report.memory_after_mb = _rss_mb(server.pid)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    return report
