"""Shikaku's studies, run at reduced size: the ablation climbs, and says so in its headline."""

from __future__ import annotations

from rectlogic.studies import headlines, run_study

from .test_studies import by, rows_of


def test_shikaku_ablation_climbs() -> None:
    rows = by(rows_of("shikaku-ablation"), "source")
    assert "janko" in rows and rows["janko"]["boards"] > 400
    for r in rows.values():
        assert r["coverer_pct"] <= r["dual_pct"] <= r["probe_pct"]


def test_ablation_headline() -> None:
    new = headlines([run_study("shikaku-ablation")])
    assert "- `shikaku-ablation`: Janko's Shikaku finished without a guess" in new
