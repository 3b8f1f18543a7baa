from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def pzprjs_group(genre: str) -> dict:
    """pzprjs's test group for a genre (its URL, failcheck cases and input boards)."""
    return json.loads((DATA / f"pzprjs_{genre}.json").read_text(encoding="utf-8"))[0]


def check_pzprjs_cases(group: dict) -> None:
    """Each case board checks to pzprjs's code and message, its question re-encodes to
    pzprjs's URL byte for byte, and the board survives a pzprv3 round trip."""
    from rectlogic.formats.auto import dump, load
    from rectlogic.genres.registry import get_genre

    genre = get_genre(group["genre"])
    assert dump(load(group["full_url"]).puzzle, None, "url").strip() == group["full_url"]
    for case in group["cases"]:
        loaded = load(case["board"])
        v = genre.validate(loaded.puzzle, loaded.answer)
        assert (v[0].code if v else None) == case["expect"], case["index"]
        if v:
            assert v[0].message == case["message_en"]
        assert dump(loaded.puzzle, None, "url").strip() == case["puzzle_url"]
        again = load(dump(loaded.puzzle, loaded.answer, "pzprv3"))
        assert again.puzzle == loaded.puzzle and again.answer == loaded.answer


@pytest.fixture(scope="session")
def pzprjs_shakashaka() -> dict:
    return pzprjs_group("shakashaka")
