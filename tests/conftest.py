from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"

if os.environ.get("RECTLOGIC_THROWAWAY"):  # a throwaway genre for the whole run (throwaway.py)
    from .throwaway import register_from_environment

    register_from_environment()  # before the tests import the list of genres


def pzprjs_group(genre: str) -> dict:
    """pzprjs's test group for a genre (its URL, failcheck cases and input boards)."""
    return json.loads((DATA / f"pzprjs_{genre}.json").read_text(encoding="utf-8"))[0]


def check_pzprjs_cases(group: dict) -> None:
    """Each case board checks to pzprjs's code and message (`pzprjs_findings`: pzprjs's
    checks with its "not started" guard, which `validate` leaves out as no rule), its
    question re-encodes to pzprjs's URL byte for byte, and the board survives a pzprv3
    round trip."""
    from rectlogic.formats.auto import dump, load
    from rectlogic.genres.registry import get_genre

    genre = get_genre(group["genre"])
    assert dump(load(group["full_url"]).puzzle, None, "url").strip() == group["full_url"]
    for case in group["cases"]:
        loaded = load(case["board"])
        v = genre.pzprjs_findings(loaded.puzzle, loaded.answer)
        assert (v[0].code if v else None) == case["expect"], case["index"]
        if v:
            assert v[0].message == case["message_en"]
        assert dump(loaded.puzzle, None, "url").strip() == case["puzzle_url"]
        again = load(dump(loaded.puzzle, loaded.answer, "pzprv3"))
        assert again.puzzle == loaded.puzzle and again.answer == loaded.answer


# -- the browser tests' server and page (Debian's Chromium, or what `make test` installed) ----
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def chromium() -> str | None:
    """The browser `make test` found or installed (tools/ensure-browser), else Debian's, else
    None (Playwright's own, if it has one)."""
    if os.environ.get("RECTLOGIC_CHROMIUM"):
        return os.environ["RECTLOGIC_CHROMIUM"]
    recorded = Path(__file__).parent.parent / ".venv" / "browser"
    if recorded.is_file() and recorded.read_text().strip():
        return recorded.read_text().strip()
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def run_here(capsys: pytest.CaptureFixture, *args: str) -> subprocess.CompletedProcess:
    """`run` in this process (no interpreter to start: for loops of many commands, once the
    command itself has been run in a process of its own)."""
    from rectlogic.cli import main

    try:
        main(list(args))
        code = 0
    except SystemExit as done:
        code = int(done.code or 0)
    out = capsys.readouterr()
    return subprocess.CompletedProcess(args, code, out.out, out.err)


@contextmanager
def serving(app: Any, wait: float = 10.0) -> Iterator[str]:
    """`app` served by uvicorn on a free loopback port in a thread, for the browser: its URL."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + wait
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(5)


@pytest.fixture(scope="module")
def server():
    from rectlogic.web import create_app

    with serving(create_app()) as url:
        import httpx  # the worker processes loaded before the first test asks for a hint

        from rectlogic.genres.registry import GENRES

        httpx.post(f"{url}/api/count", timeout=120,
                   json={"puzzle": GENRES[0].examples.SOLVED[0].url})
        yield url


@pytest.fixture(scope="module")
def page(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        # the harness evaluates its own predicates; the app itself runs under its CSP
        page = browser.new_page(viewport={"width": 800, "height": 1000}, bypass_csp=True)
        yield page
        browser.close()


