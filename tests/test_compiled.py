"""The kernels compiled ahead of time (`rectlogic.compiled`) against numba compiling them: the
same answers and the same search trees on Janko's puzzles of every genre; argument types read
exactly as numba reads them (a wrong match would run machine code on the wrong data); any
other signature handed to numba; a fresh process that solves without importing numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from rectlogic import aot, compiled
from rectlogic.genres.registry import GENRES, get_genre

from .conftest import DATA

SOLVE_CORPORA = """
import json, pathlib, sys
from rectlogic.bench.corpus import load_corpus
from rectlogic.compiled import native_in_use
from rectlogic.solve import solve
out = {"native": native_in_use(), "runs": []}
for path in sorted(pathlib.Path(sys.argv[1]).glob("*_dataset.json")):
    _, items = load_corpus(path)
    for item in [i for i in items if i.puzzle is not None][::7]:
        r = solve(item.puzzle)
        out["runs"].append([item.key, r.status, r.nodes, [repr(a) for a in r.answers]])
out["native_after"] = native_in_use()
out["numba"] = "numba" in sys.modules
print(json.dumps(out))
"""


def _run(code: str, *args: str, jit: bool = False) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "RECTLOGIC_JIT"}
    if jit:
        env["RECTLOGIC_JIT"] = "1"
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=600, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _require_native() -> None:
    if not compiled.native_loaded():
        pytest.fail("the native module is missing or stale: `make native` builds it "
                    "(`make test` does so first)")


def test_native_and_numba_walk_the_same_trees_on_janko() -> None:
    """Every 7th Janko puzzle of each genre, solved in a process served by the native module
    and in one where numba compiles everything: the same statuses, node counts and answers;
    the native process never needed numba."""
    _require_native()
    native = _run(SOLVE_CORPORA, str(DATA / "janko"))
    jit = _run(SOLVE_CORPORA, str(DATA / "janko"), jit=True)
    assert native["native"] and native["native_after"] and not native["numba"]
    assert not jit["native"] and jit["numba"]
    assert len(native["runs"]) > 100
    assert native["runs"] == jit["runs"]
    assert {status for _, status, _, _ in native["runs"]} >= {"unique"}


def _in_fresh_process(code: str) -> tuple[list[str], bool]:
    """Run code in a fresh Python: its output lines, and whether it imported numba."""
    code += "\nimport json, sys\nprint(json.dumps('numba' in sys.modules))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True)
    lines = done.stdout.strip().splitlines()
    return lines[:-1], json.loads(lines[-1])


def test_a_fresh_solve_needs_no_numba() -> None:
    """`rectlogic solve URL` in a fresh process: solved, and numba never imported."""
    _require_native()
    lines, numba = _in_fresh_process(
        "import sys\n"
        "from rectlogic.cli import main\n"
        f"sys.argv = ['rectlogic', 'solve', {GENRES[0].examples.SOLVED[0].url!r}, '--json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n")
    assert json.loads(lines[0])["status"] == "unique"
    assert not numba


def test_the_clause_engines_and_answer_checks_need_no_numba() -> None:
    """A benchmark runs the clause engines beside ours: their leaf test (`obeys_rules`)
    and the answer checks are in the native module too, so a process that ran them still
    never imports numba (it once did, and every later solve ran on numba's dispatchers)."""
    _require_native()
    _, numba = _in_fresh_process(
        "from rectlogic import bank\n"
        "from rectlogic.formats.auto import load\n"
        "from rectlogic.genres.registry import get_genre\n"
        "from rectlogic.sat import ENGINES\n"
        "from rectlogic.solve import solve\n"
        "for (name, rows, cols, grade), ids in sorted(bank.groups().items()):\n"
        "    if rows == 6:\n"
        "        p = load(bank.get(ids[0]).url, name).puzzle\n"
        "        a = solve(p).answers[0]\n"
        "        g = get_genre(name)\n"
        "        assert g.obeys_rules(p, a) and not g.check(p, a)[0]\n"
        "        for run in ENGINES.values():\n"
        "            assert run(p, limit=2).status == 'unique'\n")
    assert not numba


VALUES = [
    np.zeros(5, np.uint8), np.zeros((3, 4), np.int64), np.zeros((3, 4), np.int32, order="F"),
    np.zeros((4, 6), np.int8)[:, ::2], np.zeros(7, np.bool_), np.zeros(3, np.float64),
    np.zeros((2, 2, 2), np.int16), np.zeros(0, np.int32), np.zeros((1, 5), np.uint8),
    np.zeros((5, 1), np.uint8, order="F"), 3, -(1 << 62), True, False, 2.5,
    np.int64(3), np.int32(-4), np.uint8(7), np.float64(1.5), np.bool_(True),
]


def _readonly(a: np.ndarray) -> np.ndarray:
    a = a.copy()
    a.flags.writeable = False
    return a


@pytest.mark.parametrize("value", [*VALUES, _readonly(np.zeros(4, np.int32)),
                                   _readonly(np.zeros((2, 3), np.uint8))], ids=repr)
def test_signature_keys_read_arguments_as_numba_does(value: object) -> None:
    """The key the dispatcher computes from a value equals the key the build computes from
    numba's own type of that value: layouts, read-only arrays and scalar kinds included."""
    from numba import typeof

    built = aot.signature_key((typeof(value),))
    assert built is not None
    as_stored = json.loads(json.dumps(built))  # as the manifest keeps it
    assert compiled.signature_key((value,)) == compiled.stored_key(as_stored)


def test_keys_tell_apart_exactly_what_numba_tells_apart() -> None:
    """Two values share a key exactly when numba gives them the same type: a shared key
    for different types would hand one of them machine code built for the other."""
    from numba import typeof

    values = [*VALUES, _readonly(np.zeros(4, np.int32)), np.zeros(3, np.dtype("l")),
              np.zeros(3, np.dtype("q")), np.zeros((3, 4), np.int64, order="F")]
    for a in values:
        for b in values:
            same_type = typeof(a) == typeof(b)
            assert (compiled.signature_key((a,)) == compiled.signature_key((b,))) == same_type


def test_the_build_skips_signatures_of_constants() -> None:
    """numba specialises a function on a constant its compiled callers pass (a literal type):
    Python never calls with those, and they have no key."""
    from numba import types

    assert aot.signature_key((types.literal(0), types.int64)) is None
    assert aot.signature_key((types.int64,)) == ("int64",)


def test_values_numba_cannot_take_have_no_key() -> None:
    assert compiled.signature_key(([1, 2],)) is None
    assert compiled.signature_key((None,)) is None
    assert compiled.signature_key((1 << 70,)) is None


FALLBACK = """
import json
import numpy as np
from rectlogic import compiled, grid
before = compiled.native_in_use()
labels = np.array([[0, 0, 1], [2, 2, 1]], dtype=np.int32)  # int32: not a built signature
boxes = grid.piece_boxes(labels)
mask = np.asfortranarray(np.array([[True, False], [True, True]]))  # layout F: not built
pieces = grid.mask_labels(mask)
print(json.dumps({"before": before, "after": compiled.native_in_use(),
                  "dispatcher": type(grid.piece_boxes).__name__,
                  "boxes": boxes.tolist(), "pieces": pieces.tolist()}))
"""


def test_other_signatures_go_to_numba() -> None:
    """A call whose argument types were not built is compiled by numba (and from then on
    numba serves every function): the right result either way."""
    _require_native()
    out = _run(FALLBACK)
    assert out["before"] and not out["after"]
    assert out["dispatcher"] == "CPUDispatcher"
    assert out["boxes"] == [[2, 0, 0, 0, 1], [2, 0, 2, 1, 2], [2, 1, 0, 1, 1]]
    assert out["pieces"] == [[0, 1], [0, 0]]


def test_edited_sources_make_the_module_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest's record of the sources is compared at import: any change, and numba
    serves instead of machine code built from other sources."""
    stamp = compiled.source_stamp()
    assert "engine/kernel.py" in stamp and f"genres/{GENRES[0].name}/rules.py" in stamp
    some = next(iter(stamp))
    monkeypatch.setattr(compiled, "source_stamp",
                        lambda: {**stamp, some: [stamp[some][0] + 1, stamp[some][1]]})
    assert compiled._load_native() is None
    monkeypatch.setenv("RECTLOGIC_JIT", "1")
    monkeypatch.setattr(compiled, "source_stamp", lambda: stamp)
    assert compiled._load_native() is None


def test_the_first_solve_benchmark_runs_fresh_processes_in_both_modes() -> None:
    """`rectlogic bench --first`: one row per genre and mode, each from real runs (the
    solve's own time inside the process's)."""
    from rectlogic.bench.first import run_first_solve

    rows = run_first_solve(runs=1)
    assert [(r["genre"], r["mode"]) for r in rows] == [
        (g.name, m) for g in GENRES for m in ("native", "numba")]
    for r in rows:
        assert 0 < r["solve_median_ms"] < r["process_median_ms"]
        assert r["url"] == get_genre(r["genre"]).examples.SOLVED[0].url


def test_an_unreadable_manifest_means_numba(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path) -> None:
    """A manifest that is not JSON, or names a type numpy does not know, is never an error
    at import: numba serves instead."""
    stamp = compiled.source_stamp()
    bad = tmp_path / "_native.json"
    monkeypatch.setattr(compiled, "MANIFEST", bad)
    for text in ("{not json", json.dumps({"sources": stamp, "exports": {
            "rectlogic.grid:piece_boxes": [["f0", ["Literal[int](0)"]]]}})):
        bad.write_text(text)
        assert compiled._load_native() is None
