"""Shakashaka's studies, run at reduced size, keep their invariants: sweeps find no
disagreement, ladders climb, shares add up, and the counts that are known are reproduced."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from rectlogic.genres.shakashaka.model import FULL, local_ok_batch
from rectlogic.genres.shakashaka.validate import white_area_ok_batch
from rectlogic.studies import (
    README_END,
    README_START,
    Params,
    headlines,
    replace_block,
    report,
    run_study,
)
from rectlogic.studies.shakashaka import NAIVE, count_pictures, every_picture

from .test_cli import run
from .test_studies import by, rows_of


def test_equivalence_sweep_finds_no_disagreement() -> None:
    rows = by(rows_of("shakashaka-equivalence", boards=20_000), "source")
    assert all(r["disagreements"] == 0 for r in rows.values())
    assert (rows["empty 2x2"]["configurations"], rows["empty 2x2"]["legal"]) == (625, 2)
    assert (rows["empty 3x3"]["configurations"], rows["empty 3x3"]["legal"]) == (5**9, 3)
    assert rows["every 3x3 board"]["configurations"] == 6**9
    assert rows["biased crowded 5x5"]["configurations"] == 20_000
    assert rows["biased crowded 5x5"]["legal"] > 0  # the sweep reaches legal pictures
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
        assert r["nodes_leaf"] == (5 ** (n + 1) - 1) // 4 and r["leaf"] == "run"
        assert 0 <= r["nodes_propagating"] <= r["nodes_leaf"]
        if r["nodes_propagating"] == 0:  # the convention: a root contradiction is no node
            assert r["answers"] == 0 and r["ratio"].startswith("∞")


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
    for r in rows_of("shakashaka-uniqueness", boards=4):
        assert 0 <= r["unique_without_clues"] <= r["boards"]
        assert 0 <= r["unique_with_tips_only"] <= r["boards"]
        assert r["median_answers_without_clues"] >= 1  # dropping clues never loses the answer


def test_clue_digits_add_up() -> None:
    for r in rows_of("shakashaka-clues"):
        assert sum(r[f"digit_{k}"] for k in range(5)) == pytest.approx(100, abs=0.3)
        assert r["numbers_kept"] <= r["black_cells"]


def test_report_headlines_and_cli() -> None:
    results = [run_study("shakashaka-clues")]
    text = "\n".join(report(results))
    assert "## `shakashaka-clues`" in text and "| size | black_cells |" in text
    readme = f"intro\n{README_START}\nold\n{README_END}\noutro\n"
    new = replace_block(readme, headlines(results))
    assert new.startswith("intro\n") and new.endswith("outro\n") and "old" not in new
    r = run("experiment", "--list")
    assert r.returncode == 0 and "shakashaka-equivalence" in r.stdout
    r = run("experiment", "shakashaka-clues", "--json")
    assert r.returncode == 0 and set(json.loads(r.stdout)) == {"study", "params", "rows",
                                                              "seconds"}
    r = run("experiment", "no-such-study")
    assert r.returncode == 2 and "unknown study" in r.stderr
    r = run("experiment")
    assert r.returncode == 2 and "--all" in r.stderr


def test_write_up_boards_are_dense_unique_and_thinned_to_what_uniqueness_needs() -> None:
    from rectlogic.genres.shakashaka import SHAKASHAKA
    from rectlogic.grid import ANY_CLUE
    from rectlogic.solve import solve
    from rectlogic.studies.shakashaka import write_up_board

    for n, k in ((6, 0), (6, 1), (8, 0)):
        puzzle, answer = write_up_board((n, 3, k))
        clues = np.array(puzzle.clues)
        assert int((clues != -1).sum()) == n * n // 6  # black cells: ⌊n²/6⌋
        assert SHAKASHAKA.obeys_rules(puzzle, answer)
        assert solve(puzzle, limit=2).answers == [answer]
        for r, c in np.argwhere(clues >= 0):  # every number left is needed
            fewer = clues.copy()
            fewer[r, c] = ANY_CLUE
            smaller = type(puzzle)(n, n, tuple(map(tuple, fewer.tolist())))
            assert solve(smaller, limit=2).count == 2


def test_write_up_census_and_clues() -> None:
    for r in rows_of("shakashaka-census", boards=3, setting="write-up"):
        kinds = ("empty", "one_corner", "one_edge", "interior", "two_arcs")
        assert sum(r[k] for k in kinds) == pytest.approx(100, abs=0.3)
        assert r["boards"] == 3 and 0 <= r["boards_with_two_arcs"] <= 3
    rows = by(rows_of("shakashaka-clues", boards=3, setting="write-up"), "size")
    assert {s: r["black_cells"] for s, r in rows.items()} == {"6x6": 6, "8x8": 10, "10x10": 16}


def test_write_up_ladder_and_uniqueness() -> None:
    rows = rows_of("shakashaka-ladder", boards=3, setting="write-up")
    assert {r["size"] for r in rows} == {"10x10"}
    assert rows[-1]["finished_pct"] >= rows[-2]["finished_pct"]
    for r in rows_of("shakashaka-uniqueness", boards=2, setting="write-up"):
        assert r["answer_cap"] == 1000 and 0 <= r["boards_at_cap"] <= r["boards"] == 2
        assert r["median_answers_without_clues"] >= 1


def test_write_up_nodes_mark_the_closed_form(monkeypatch: pytest.MonkeyPatch) -> None:
    from rectlogic.studies import shakashaka as sk

    monkeypatch.setattr(sk, "LEAF_RUN_MOST", 4)  # the suite does not run 488,281 leaf nodes
    rows = rows_of("shakashaka-nodes", boards=2, setting="write-up")
    assert [r["white_cells"] for r in rows[:3]] == [8, 11, 6]
    assert [r["answers"] for r in rows[:3]] == [rows[0]["answers"], rows[1]["answers"], 0]
    assert all(r["leaf"] == "closed form" for r in rows)
    assert all(r["nodes_leaf"] == (5 ** (r["white_cells"] + 1) - 1) // 4 for r in rows)
    assert [r["board"] for r in rows[3:]] == [
        f"write-up set {n}x{n} ({kind})" for n in (6, 8, 10)
        for kind in ("median of 2", "smallest pruning factor")]
    for least in rows[4::2]:  # the factor shown is that board's own
        assert least["nodes_leaf"] / max(1, least["nodes_propagating"]) == pytest.approx(
            float(least["ratio"]), rel=1e-2)


def test_unanswered_nodes_board_has_no_answer_and_both_searches_agree() -> None:
    """The 6-white 3×3 board without an answer, run both ways (the leaf-only tree is small)."""
    from rectlogic.studies import shakashaka as sk

    board = sk.unanswered_board(np.random.default_rng(1), 3, 6)
    row = sk._nodes(board)
    assert row["white_cells"] == 6 and row["answers"] == 0 and row["leaf"] == "run"
    assert row["nodes_leaf"] == (5 ** 7 - 1) // 4  # the whole tree, nothing found


def test_sweep_finds_the_same_pictures_both_ways() -> None:
    rows = by(rows_of("shakashaka-sweep", boards=6, setting="write-up"), "board")
    known = {3: 3, 4: 23, 5: 89}
    for n, legal in known.items():
        assert rows[f"empty {n}x{n}"]["legal_by_table"] == legal == count_pictures(n, n, FULL)
    assert rows["empty 6x6"]["legal_by_definition"] == rows["empty 6x6"]["legal_by_table"]
    assert all(r["disagreements"] == 0 for r in rows.values())
    assert rows["total 3x3…6x6"]["legal_by_table"] == 3 + 23 + 89 + 1354


def test_outline_checker_needs_right_angles() -> None:
    from rectlogic.genres.shakashaka.pictures import outline_ok

    rows = by(rows_of("shakashaka-four-corners", boards=1_000_000, setting="write-up"), "board")
    assert rows["empty 3x3"]["legal"] == 3 and rows["empty 3x3"]["pictures"] == 5**9
    sample, estimate = rows["empty 4x4 (uniform sample of 1,000,000)"], rows[
        "empty 4x4 (estimate from the sample)"]
    for r in rows.values():
        assert r["four_turns_accepts"] > r["legal"] and r["four_turns_wrong"] > 0
        assert r["right_angles_accepts"] == r["legal"] and r["right_angles_wrong"] == 0
    assert sample["pictures"] == 1_000_000 and estimate["pictures"] == 5**16
    assert estimate["four_turns_wrong"] == round(sample["four_turns_wrong"] * 5**16 / 1_000_000)
    # worse with the board: more wrong verdicts, 2x2 < 3x3 < 4x4 (estimated)
    assert (rows["empty 2x2"]["four_turns_wrong"] < rows["empty 3x3"]["four_turns_wrong"]
            < estimate["four_turns_wrong"])
    # a 45° wedge pair: the two halves of a 1×2 strip cut on the diagonal (a trapezoid)
    trapezoid = np.array([[[0, 2]]], dtype=np.int8)  # E then TNE
    assert outline_ok(trapezoid, False)[0] and not outline_ok(trapezoid, True)[0]
    assert not white_area_ok_batch(trapezoid)[0]


def test_lattice_table_is_pinned_to_the_geometry_as_a_row() -> None:
    from rectlogic.studies.shakashaka import points_against_geometry

    row = points_against_geometry()
    assert row["configurations"] == 6**4 and row["disagreements"] == 0
    assert 0 < row["legal"] < 6**4


def test_write_up_edits_cover_six_states_and_meet_legal_pictures() -> None:
    from rectlogic.studies.shakashaka import edits

    answer = np.array([[0, 5], [5, 5]], dtype=np.int8)  # one white cell, three black
    ones, pairs = list(edits(answer, every_pair=True, states=6))[:2]
    assert len(ones) == 4 * 5 and len(pairs) == 3 * 25  # every cell to every other state
    assert white_area_ok_batch(ones).sum() > 0  # blacking out the lone white cell is legal
    assert sum(len(b) for b in edits(answer)) == 4  # the project's edits: white cells only


def test_write_up_equivalence_rows() -> None:
    rows = by(rows_of("shakashaka-equivalence", boards=2, setting="write-up"), "source")
    assert list(rows) == ["every 2x2 around a point (rings by geometry)",
                          "edits of write-up answers, six states", "uniform crowded 5x5"]
    assert all(r["disagreements"] == 0 for r in rows.values())
    edits_row = rows["edits of write-up answers, six states"]
    pairs = sum((n * n) * (n * n - 1) // 2 for n in (6, 8, 10))
    ones = sum(n * n for n in (6, 8, 10))
    assert edits_row["configurations"] == 2 * (25 * pairs + 5 * ones)
    assert edits_row["legal"] > 0  # black among the states: some edits are legal


def test_check_speed_times_both_checks() -> None:
    for r in rows_of("shakashaka-check-speed", boards=2, setting="write-up"):
        assert r["boards"] == 2
        assert all(r[k] > 0 for k in ("table_us", "flood_fill_us", "flood_fill_python_us"))


def test_settings_in_the_report_and_the_cli() -> None:
    result = run_study("shakashaka-clues", Params(boards=2, setting="write-up"))
    text = "\n".join(report([result]))
    assert "## `shakashaka-clues` (write-up setting)" in text and "**Setting (write-up):**" in text
    with pytest.raises(Exception, match="setting"):
        run_study("shakashaka-sweep", Params(setting="project"))
    r = run("experiment", "shakashaka-clues", "--setting", "write-up", "--boards", "2", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["params"]["setting"] == "write-up"
    r = run("experiment", "shakashaka-sweep", "--setting", "project")
    assert r.returncode == 2 and "setting" in r.stderr
    r = run("experiment", "--all", "--setting", "paper")
    assert r.returncode == 2 and "unknown setting" in r.stderr


def test_a_study_on_a_dask_cluster_gives_the_local_figures() -> None:
    """`--scheduler`: the study's boards run on the cluster, the rows are the local ones."""
    import distributed  # in the test extra

    here = run_study("shakashaka-clues", Params(boards=2, seed=5, setting="write-up"))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        from rectlogic.studies import shakashaka

        shakashaka._MADE.clear()  # make the boards again, on the cluster
        remote = run_study("shakashaka-clues", Params(boards=2, seed=5, setting="write-up",
                                                      scheduler=cluster.scheduler_address))
    assert remote["rows"] == here["rows"]


def test_update_rewrites_only_the_sections_run() -> None:
    from rectlogic.studies import update_report

    first = [run_study("shakashaka-naive"), run_study("shakashaka-clues", Params(boards=1))]
    text = "\n".join(report(first))
    again = run_study("shakashaka-clues", Params(boards=2))
    updated = update_report(text, [again])
    naive_section = text.split("## `shakashaka-clues`")[0]
    assert updated.startswith(naive_section)  # the other study's section is untouched
    assert updated == "\n".join(report([first[0], again]))
    # a study not in the report yet goes where the registry puts it
    sweep = run_study("shakashaka-census")
    added = update_report(updated, [sweep])
    assert added == "\n".join(report([first[0], sweep, again]))


def test_readme_update_rewrites_only_the_lines_run() -> None:
    from rectlogic.studies import README_END, README_START, update_headlines

    naive = run_study("shakashaka-naive")
    corners = run_study("shakashaka-four-corners", Params(setting="write-up"))
    readme = f"intro\n{README_START}\n{headlines([naive])}\n- `gone`: kept\n{README_END}\nend\n"
    added = update_headlines(readme, [corners])
    lines = added.split(README_START)[1].split(README_END)[0].strip().splitlines()
    assert lines[0] == headlines([naive]) and headlines([corners]) in lines
    assert "- `gone`: kept" in lines and added.startswith("intro\n") and added.endswith("end\n")
    stale = readme.replace(headlines([naive]), "- `shakashaka-naive`: stale")
    assert update_headlines(stale, [naive]) == readme  # a line run again is rewritten in place
