"""Every study, run at reduced size, keeps its invariants: sweeps find no disagreement, ladders
climb, shares add up, and the counts that are known are reproduced."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from rectlogic.genres.shakashaka.model import FULL, local_ok_batch
from rectlogic.genres.shakashaka.studies import NAIVE, count_pictures, every_picture
from rectlogic.genres.shakashaka.validate import white_area_ok_batch
from rectlogic.studies import (
    README_END,
    README_START,
    Params,
    headlines,
    replace_block,
    report,
    run_study,
    studies,
)

from .test_cli import run


def rows_of(name: str, boards: int | None = None) -> list[dict]:
    return run_study(name, Params(boards=boards, seed=3))["rows"]


def by(rows: list[dict], key: str) -> dict:
    return {r[key]: r for r in rows}


def test_every_study_is_listed_with_a_title() -> None:
    known = studies()
    assert len(known) == 18
    assert all(s.title and s.columns for s in known.values())


# -- Shakashaka -------------------------------------------------------------------------------


def test_equivalence_sweep_finds_no_disagreement() -> None:
    rows = by(rows_of("shakashaka-equivalence", boards=20_000), "source")
    assert all(r["disagreements"] == 0 for r in rows.values())
    assert (rows["empty 2x2"]["configurations"], rows["empty 2x2"]["legal"]) == (625, 2)
    assert (rows["empty 3x3"]["configurations"], rows["empty 3x3"]["legal"]) == (5**9, 3)
    assert rows["every 3x3 board"]["configurations"] == 6**9
    assert rows["random crowded 5x5"]["configurations"] == 20_000
    assert rows["random crowded 5x5"]["legal"] > 0  # the sweep reaches legal pictures
    assert rows["edits of bank answers"]["configurations"] > 100_000


def test_transfer_matrix_count_matches_enumeration() -> None:
    for n in (2, 3):
        pics = np.concatenate(list(every_picture(n, n, 5)))
        for table in (FULL, NAIVE, FULL & NAIVE):
            assert count_pictures(n, n, table) == int(local_ok_batch(pics, table).sum())
        assert count_pictures(n, n, FULL) == int(white_area_ok_batch(pics).sum())
    # a non-square board too: rows and columns are not interchangeable in the recurrence
    pics = np.concatenate(list(every_picture(2, 3, 5)))
    assert count_pictures(2, 3, NAIVE) == int(local_ok_batch(pics, NAIVE).sum())


def test_naive_rule_is_counted_consistently() -> None:
    rows = by(rows_of("shakashaka-naive"), "board")
    assert rows["empty 2x2"]["legal"] == 2 and rows["empty 3x3"]["legal"] == 3
    assert rows["empty 4x4"]["legal"] == count_pictures(4, 4, FULL)
    for r in rows.values():
        assert 0 <= r["legal_rejected"] <= r["legal"]
        assert r["naive_legal"] - r["illegal_accepted"] == r["legal"] - r["legal_rejected"]
    assert any(r["illegal_accepted"] or r["legal_rejected"] for r in rows.values())


def test_census_shares_add_up() -> None:
    for r in rows_of("shakashaka-census"):
        kinds = ("empty", "one_corner", "one_edge", "interior", "two_arcs")
        assert sum(r[k] for k in kinds) == pytest.approx(100, abs=0.3)
        assert r["points"] > 0


def test_leaf_only_node_count_is_the_whole_tree() -> None:
    for r in rows_of("shakashaka-nodes", boards=5):
        n = r["white_cells"]
        assert r["nodes_leaf"] == (5 ** (n + 1) - 1) // 4
        assert 1 <= r["nodes_propagating"] <= r["nodes_leaf"]


def test_ladder_climbs() -> None:
    rows = rows_of("shakashaka-ladder")
    for size in {r["size"] for r in rows}:
        rungs = [r for r in rows if r["size"] == size]
        assert rungs[0]["rules"] == "nothing" and rungs[0]["reduction_pct"] == 0
        for lower, upper in itertools.pairwise(rungs):
            assert lower["reduction_pct"] <= upper["reduction_pct"]
            assert lower["finished_pct"] <= upper["finished_pct"]
        assert rungs[-1]["finished_pct"] == 100  # every bank board is graded probe or easier


def test_ablation_never_beats_the_full_set() -> None:
    rows = rows_of("shakashaka-ablation")
    full = {r["size"]: r for r in rows if r["rules"] == "full"}
    for r in rows:
        assert r["reduction_pct"] <= full[r["size"]]["reduction_pct"]
        assert r["finished_pct"] <= full[r["size"]]["finished_pct"]


def test_relative_pairs_with_and_without_tips() -> None:
    rows = rows_of("shakashaka-relative")
    assert {r["against"] for r in rows} == {"clues+tips+reflex", "clues+parity+tips+reflex"}
    for with_, without in zip(rows[::2], rows[1::2], strict=True):
        assert "tips" in with_["rules"] and "tips" not in without["rules"]
        assert without["reduction_pct"] <= with_["reduction_pct"]


def test_uniqueness_counts_stay_within_the_boards() -> None:
    for r in rows_of("shakashaka-uniqueness"):
        assert 0 <= r["unique_without_clues"] <= r["boards"]
        assert 0 <= r["unique_with_tips_only"] <= r["boards"]
        assert r["median_answers_without_clues"] >= 1  # dropping clues never loses the answer


def test_clue_digits_add_up() -> None:
    for r in rows_of("shakashaka-clues"):
        assert sum(r[f"digit_{k}"] for k in range(5)) == pytest.approx(100, abs=0.3)
        assert r["numbers_kept"] <= r["black_cells"]


# -- Chocona ----------------------------------------------------------------------------------


RUNGS = ("quota", "corner", "box", "probe")


def test_stream_rungs_are_monotone_and_sound() -> None:
    for r in rows_of("chocona-stream", boards=8):
        shares = [r[f"{x}_pct"] for x in RUNGS]
        assert shares == sorted(shares)
        assert r["probe_pct"] <= r["unique_pct"]  # finished by sound rules ⇒ unique


def test_probe_law_counts() -> None:
    rows = by(rows_of("chocona-probe-law", boards=4), "source")
    assert set(rows) == {"raw stream and dials", "bank", "janko"}
    for r in rows.values():
        assert 0 <= r["finished_by_probe"] <= r["boards"]
    assert rows["raw stream and dials"]["boards"] >= 4  # max_size 1 boards are always unique
    from rectlogic import bank  # every bank board is graded probe or easier, but `search`
    guessing = sum(c["count"] for c in bank.counts()
                   if c["genre"] == "chocona" and c["grade"] == "search")
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


# -- Shikaku ----------------------------------------------------------------------------------


def test_shikaku_ablation_climbs() -> None:
    rows = by(rows_of("shikaku-ablation"), "source")
    assert "janko" in rows and rows["janko"]["boards"] > 400
    for r in rows.values():
        assert r["coverer_pct"] <= r["dual_pct"] <= r["probe_pct"]


# -- the shells -------------------------------------------------------------------------------


def test_report_headlines_and_cli() -> None:
    results = [run_study("shakashaka-clues"), run_study("shikaku-ablation")]
    text = "\n".join(report(results))
    assert "## `shakashaka-clues`" in text and "| size | black_cells |" in text
    readme = f"intro\n{README_START}\nold\n{README_END}\noutro\n"
    new = replace_block(readme, headlines(results))
    assert new.startswith("intro\n") and new.endswith("outro\n") and "old" not in new
    assert "- `shikaku-ablation`: Janko's Shikaku finished without a guess" in new
    r = run("experiment", "--list")
    assert r.returncode == 0 and "shakashaka-equivalence" in r.stdout
    r = run("experiment", "shakashaka-clues", "--json")
    assert r.returncode == 0 and set(json.loads(r.stdout)) == {"study", "params", "rows",
                                                              "seconds"}
    r = run("experiment", "no-such-study")
    assert r.returncode == 2 and "unknown study" in r.stderr
    r = run("experiment")
    assert r.returncode == 2 and "--all" in r.stderr


# -- the generators and the bank --------------------------------------------------------------


def test_generator_yield_at_reduced_size() -> None:
    rows = rows_of("generator-yield", boards=2)
    assert {(r["genre"], r["size"]) for r in rows} == {
        (g, s) for g in ("shakashaka", "shikaku", "chocona") for s in ("6x6", "8x8", "10x10")}
    for r in rows:
        assert r["attempts"] == 2 and 0 <= r["found"] <= 2
        assert r["hit_pct"] == 50.0 * r["found"]
        assert (r["board_s"] is None) == (r["found"] == 0)
    # easy rungs come out at once
    assert by([r for r in rows if r["size"] == "6x6"], "grade")["quota"]["found"] == 2


def test_bank_looks_sets_the_bank_beside_janko() -> None:
    rows = rows_of("bank-looks")
    seen = {(r["genre"], r["measure"]): r for r in rows}
    assert {g for g, _ in seen} == {"shakashaka", "shikaku", "chocona"}
    black = seen["shakashaka", "black cells % (median)"]
    assert 9 <= black["janko"] <= 15 and black["bank"] <= 20
    assert seen["shikaku", "cells per clue (median)"]["janko"] > 5
