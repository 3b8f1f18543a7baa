from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def pzprjs_shakashaka() -> dict:
    return json.loads((DATA / "pzprjs_shakashaka.json").read_text(encoding="utf-8"))[0]
