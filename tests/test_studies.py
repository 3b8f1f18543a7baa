"""Every study is listed with a title and settings; the studies across genres keep their
invariants at reduced size. Each genre's studies are tested beside its other tests
(`test_<genre>_studies.py`)."""

from __future__ import annotations

from rectlogic.generate import fish
from rectlogic.genres.registry import GENRES
from rectlogic.studies import Params, of_genre, run_study, studies


def rows_of(name: str, boards: int | None = None, setting: str = "project") -> list[dict]:
    return run_study(name, Params(boards=boards, seed=3, setting=setting))["rows"]


def by(rows: list[dict], key: str) -> dict:
    return {r[key]: r for r in rows}


def test_every_study_is_listed_with_a_title() -> None:
    known = studies()
    assert len(known) == 26
    assert all(s.title and s.columns and s.settings for s in known.values())
    assert all(set(s.settings) <= {"project", "write-up"} for s in known.values())
    assert all(line for s in known.values() for line in s.settings.values())


def test_every_study_belongs_to_a_genre_or_runs_across_them() -> None:
    """A study's name starts with its genre's, or it is one of the studies across genres."""
    names = {g.name for g in GENRES}
    for name in studies():
        prefix = name.split("-")[0]
        assert prefix in names or name in ("generator-yield", "bank-looks", "generator-looks",
                                                  "bank-difficulty"), name


def test_generator_yield_at_reduced_size() -> None:
    rows = rows_of("generator-yield", boards=2)
    assert {(r["genre"], r["size"]) for r in rows} == {
        (g.name, s) for g in GENRES for s in ("6x6", "8x8", "10x10")}
    for r in rows:
        assert r["attempts"] == 2 and 0 <= r["found"] <= 2
        assert r["hit_pct"] == 50.0 * r["found"]
        assert (r["board_s"] is None) == (r["found"] == 0)
    # every genre makes boards at 6x6: asked for any grade, some in ten attempts (two a grade
    # asked of each is chance: Chocona's grades each come out of 3 % of its 6x6 attempts)
    for g in GENRES:
        assert fish(g.name, 6, 6, None, 0, want=1, most=10).boards, g.name


def test_generator_yield_asks_large_sizes_only_for_the_grades_the_bank_fishes(
        monkeypatch) -> None:
    """At 15×15 and 20×20 the study fishes what `bank build` fishes there (a genre's
    `BANK_LARGE_TOP` stops it), at the small sizes every grade above the first."""
    from rectlogic.bank import fished_grades
    from rectlogic.generate import Catch
    from rectlogic.studies import generator

    asked: list[tuple[str, int, str]] = []

    def no_luck(name, rows, cols, target, seed, want, most, **_):
        asked.append((name, rows, target))
        return Catch([], most, [0.0] * most, [False] * most)

    monkeypatch.setattr(generator, "fish", no_luck)
    rows_of("generator-yield", boards=5)
    for g in GENRES:
        for side, large in ((6, False), (10, False), (15, True), (20, True)):
            wanted = [t for name, r, t in asked if name == g.name and r == side]
            assert wanted == fished_grades(g.name, large), (g.name, side)
    assert any(fished_grades(g.name, True) != g.grades[1:] for g in GENRES)


def test_bank_looks_sets_the_bank_beside_janko() -> None:
    """Every genre with a `looks` measure has rows, each measure with a figure on a side."""
    from .test_looks import bank_looks_rows

    rows = bank_looks_rows()
    assert {r["genre"] for r in rows} == {
        g.name for g in GENRES if hasattr(of_genre(g), "board_looks")}
    assert all(r["bank"] is not None or r["janko"] is not None for r in rows)
    by_genre: dict[str, list[dict]] = {}
    for r in rows:
        by_genre.setdefault(r["genre"], []).append(r)
    for measured in by_genre.values():  # 20 measures or more, and the forest's accuracy
        assert len(measured) >= 21
        accuracy = [r for r in measured if r["measure"] == "classifier accuracy"]
        assert len(accuracy) == 1 and 0 <= accuracy[0]["bank"] <= 1
        assert all(r["gap_low"] <= r["gap_high"] for r in measured
                   if r["gap_low"] is not None and r["gap_high"] is not None)


def test_the_bank_is_drawn_to_janko_s_mix_of_sizes() -> None:
    """`by_size`: where the bank's larger boards alone give it away (here they differ from
    Janko's in one measure, and its 10×10s are his), drawing the bank in his mix of sizes
    (a tenth larger) hides most of that; the parts alone say it plainly."""
    from types import SimpleNamespace

    import numpy as np

    from rectlogic.studies.generator import by_size

    rng = np.random.default_rng(0)

    def boards(ten: int, large: int) -> list[tuple[object, None]]:
        return ([(SimpleNamespace(rows=10, cols=10), None)] * ten
                + [(SimpleNamespace(rows=15, cols=15), None)] * large)

    ours, theirs = boards(40, 40), boards(90, 10)
    a, b = rng.normal(size=(80, 4)), rng.normal(size=(100, 4))
    a[40:, 0] += 10  # the bank's larger boards: another style
    b[90:, 0] -= 10
    rows = {r["measure"].split(" (")[0]: r["bank"] for r in by_size("x", ours, theirs, a, b, 0)}
    alone = "classifier accuracy, told only whether a board is above 10×10"
    assert set(rows) == {"classifier accuracy, 10×10 only", "classifier accuracy, larger",
                         "classifier accuracy, sizes as Janko's", alone}
    assert abs(rows[alone] - (0.5 + 0.9) / 2) < 0.02  # larger → ours: half ours, 9 in 10 his
    assert rows["classifier accuracy, larger"] > 0.9
    assert rows["classifier accuracy, 10×10 only"] < 0.7
    assert rows["classifier accuracy, sizes as Janko's"] < rows["classifier accuracy, larger"]


def test_the_bank_s_mix_of_sizes_is_the_most_boards_in_janko_s_proportion() -> None:
    from rectlogic.studies.generator import _in_mix

    assert _in_mix(40, 40, 90, 10) == (40, 4)  # few of his are larger: all our 10×10s
    assert _in_mix(32, 32, 123, 236) == (17, 32)  # most of his are: all our larger ones
    assert _in_mix(32, 0, 123, 236) == (0, 0)


def test_the_classifier_accuracy_is_the_mean_of_several_draws_of_the_folds() -> None:
    """The `classifier accuracy` row averages SPLITS draws of the folds; gap_low and gap_high
    hold the lowest and highest (less 0.5), so a single lucky draw cannot meet the goal."""
    import numpy as np

    from rectlogic.studies.looks import SPLITS, compare_measured, split_accuracies

    rng = np.random.default_rng(1)
    a, b = rng.normal(size=(40, 3)), rng.normal(size=(60, 3))
    a[:, 0] += 0.8  # told apart some of the time, not always
    draws = split_accuracies(a, b, 0, SPLITS)
    assert len(draws) == SPLITS > 1 and len(set(draws)) > 1
    genre = GENRES[0].name  # any: the made-up measures have no bounds
    row = compare_measured(genre, ["p", "q", "r"], a, b, 0, "bank")[-1]
    assert row["measure"] == "classifier accuracy"
    assert row["bank"] == round(float(np.mean(draws)), 3)
    assert row["gap_low"] + 0.5 <= row["bank"] <= row["gap_high"] + 0.5
    assert row["gap_low"] < row["gap_high"]
