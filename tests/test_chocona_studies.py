"""Chocona's studies, run at reduced size, keep their invariants: rungs are monotone and
sound, ablations never beat the full set, the three readings agree."""

from __future__ import annotations

import numpy as np
import pytest

from .test_studies import by, rows_of

RUNGS = ("quota", "corner", "box", "probe")


def test_stream_rungs_are_monotone_and_sound() -> None:
    for r in rows_of("chocona-stream", boards=8):
        shares = [r[f"{x}_pct"] for x in RUNGS]
        assert shares == sorted(shares)
        assert r["probe_pct"] <= r["unique_pct"]  # finished by sound rules ⇒ unique


def test_probe_law_counts() -> None:
    rows = rows_of("chocona-probe-law", boards=4)
    from rectlogic.studies.chocona import TRIVIAL

    assert {r["source"] for r in rows} == {"stream 6x6", "stream 8x8", "stream 10x10", TRIVIAL,
                                           "partition dial", "rect dial", "bank", "janko"}
    assert {r["probe"] for r in rows} == {"project"}
    rows = by(rows, "source")
    for r in rows.values():
        assert 0 <= r["finished_by_probe"] <= r["boards"]
    assert rows[TRIVIAL]["boards"] == 4  # max_size 1 boards are always unique, counted apart
    from rectlogic import bank  # every bank board is graded probe or easier, but `search`
    guessing = sum(c["count"] for c in bank.counts()
                   if c["genre"] == "chocona" and c["grade"] in ("ways", "nested", "search"))
    assert rows["bank"]["finished_by_probe"] == rows["bank"]["boards"] - guessing
    assert rows["janko"]["boards"] == 250


def test_chocona_ablation_never_beats_the_full_set() -> None:
    rows = rows_of("chocona-ablation", boards=6)
    full = {r["size"]: r for r in rows if r["rules"] == "full"}
    for r in rows:
        assert r["reduction_pct"] <= full[r["size"]]["reduction_pct"]


def test_dials() -> None:
    parts = by(rows_of("chocona-partition-dial", boards=4), "max_size")
    assert parts[1]["regions_mean"] == 64 and parts[1]["unique_pct"] == 100
    assert parts[1]["quota_solves_pct"] == 100
    assert [parts[m]["regions_mean"] for m in sorted(parts)] == sorted(
        (parts[m]["regions_mean"] for m in parts), reverse=True)
    for r in rows_of("chocona-rect-dial", boards=4):
        assert 0 < r["black_share"] < 100 and r["probe_solves_pct"] <= r["unique_pct"]


def test_three_readings_agree_exhaustively() -> None:
    rows = by(rows_of("chocona-exhaustive"), "size")
    assert rows["2x2"]["legal"] == 12 and rows["3x3"]["legal"] == 208
    assert all(r["engines_agree"] for r in rows.values())


def test_grown_partition_follows_the_write_up() -> None:
    from rectlogic.genres.chocona.generate import grown_regions
    from rectlogic.grid import label_pieces

    for k in range(20):
        labels = np.array(grown_regions(8, 8, np.random.default_rng(k), 5))
        assert (labels >= 0).all()
        sizes = np.bincount(labels.ravel())
        assert sizes.max() <= 5 and (sizes > 0).all()
        # each region is connected: relabelling by connected pieces changes nothing
        assert len(np.unique(np.array(label_pieces(labels.tolist())))) == len(sizes)


def test_write_up_chocona_stream_and_dials() -> None:
    for r in rows_of("chocona-stream", boards=6, setting="write-up"):
        shares = [r[f"{x}_pct"] for x in RUNGS]
        assert shares == sorted(shares) and r["probe_pct"] <= r["unique_pct"]
    rows = rows_of("chocona-ablation", boards=3, setting="write-up")
    assert {r["size"] for r in rows} == {"6x6", "8x8", "10x10"}
    grown = by(rows_of("chocona-partition-dial", boards=6, setting="write-up"), "max_size")
    merged = by(rows_of("chocona-partition-dial", boards=6), "max_size")
    assert grown[2]["regions_mean"] > merged[2]["regions_mean"]  # growth: more, smaller
    clued = rows_of("chocona-clue-dial", boards=6, setting="write-up")
    assert [r["numbered_pct"] for r in clued] == list(range(10, 101, 10))
    assert clued[0]["unique_pct"] <= clued[-1]["unique_pct"]
    for r in clued:
        assert r["probe_solves_pct"] <= r["unique_pct"]


def test_write_up_probe_law_is_stronger_on_janko() -> None:
    rows = rows_of("chocona-probe-law", boards=4, setting="write-up")
    janko = {r["probe"]: r for r in rows if r["source"] == "janko"}
    assert janko["project"]["boards"] == janko["write-up"]["boards"] == 250
    assert janko["write-up"]["finished_by_probe"] >= janko["project"]["finished_by_probe"]
    sources = {r["source"] for r in rows}
    assert {"max_size 2 stream 6x6", "max_size 2 stream 8x8", "clue dial"} <= sources
    for r in rows:
        assert (r["resisting"] == "none") == (r["finished_by_probe"] == r["boards"])


@pytest.mark.parametrize("setting", ["project", "write-up"])
def test_fishing_counts_attempts_and_bank_guesses(setting: str) -> None:
    """Both generators fish from the same seeds (blended regions, or the write-ups' none);
    at the suite's reduced size the bank's boards up to 10×10 are solved."""
    from rectlogic import bank

    rows = by(rows_of("chocona-fishing", boards=2, setting=setting), "size")
    assert rows["10x10"]["attempts"] == 2 and 0 <= rows["10x10"]["probe_boards"] <= 2
    assert rows["6x6"]["attempts"] is None
    searching: dict[str, int] = {}
    for c in bank.counts():  # graded above probe: probing alone needs a guess
        if c["genre"] == "chocona" and c["grade"] in ("ways", "nested", "search"):
            searching[c["size"]] = searching.get(c["size"], 0) + c["count"]
    assert set(rows) == {"6x6", "8x8", "10x10"}
    for size, r in rows.items():  # boards graded above probe need a guess there; the rest none
        assert r["boards_guessing"] == searching.get(size, 0)
        assert r["boards_guessing_with_ways"] <= r["boards_guessing"]
    assert sum(r["boards_guessing_with_ways"] for r in rows.values()) < sum(
        r["boards_guessing"] for r in rows.values())  # the regions' ways settle some


def test_engines_agree_on_the_stream() -> None:
    """Every engine's count is SAT's on every board (capped counts compared at the cap)."""
    rows = rows_of("chocona-engines", boards=2, setting="write-up")
    assert {(r["size"], r["engine"]) for r in rows} == {
        (f"{n}x{n}", e) for n in (6, 8, 10) for e in ("search", "sat", "cpsat")} | {
        ("6x6", "brute force")}
    for r in rows:
        assert r["boards"] == 2 and r["agree_with_sat"] == 2, r
        assert 0 <= r["capped"] <= 2
