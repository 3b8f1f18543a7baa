"""Build the native module of `rectlogic.compiled`: `python -m rectlogic.aot` (`make` runs it
after installing). A shell over the library, as the benchmarks are: it runs the library.

With numba compiling everything, a workload calls the compiled functions the way the
library's users do — solves at every rung, analyses, hints, checks and generation, in every
genre — and each declared function is then compiled ahead of time (numba.pycc) for every
signature it was called with, into `rectlogic/_native*.so`, with a manifest of the
sources and exports. Threaded functions (numba's `parallel`) are left to numba. The exported
wrappers release the GIL, as numba's `nogil` dispatchers do, so the deadline thread can stop
a long search."""

from __future__ import annotations

import json
import os
import sys
import time
import warnings
from collections.abc import Iterable
from contextlib import suppress
from typing import Any

SYMBOL_PREFIX = "f"


def workload(genres: Iterable[Any] | None = None) -> None:
    """Every path a user reaches: each genre's examples, and the shipped bank's boards of every
    genre, size and grade (one each: none where the bank has none, or no bank at all), solved
    at every rung and by the clause engines (where a genre has a clause model), analysed,
    hinted, checked; new boards of every grade. Every registered genre unless `genres`."""
    from . import bank
    from .formats.auto import load, read_answer
    from .generate import NoBoard, grades, make_board
    from .genres import registry
    from .solve import warm_up

    warm_up()
    chosen = {g.name: g for g in (registry.GENRES if genres is None else genres)}
    for genre in chosen.values():
        for example in genre.examples.SOLVED:
            puzzle = load(example.url, genre.name).puzzle
            exercise(genre, puzzle, read_answer(puzzle, example.answer))
    try:
        groups = bank.groups()
    except bank.BankUnavailable:  # content, not a fixture: the examples have run
        groups = {}
    for (name, rows, _cols, _grade), ids in sorted(groups.items()):
        if rows <= 15 and name in chosen:
            puzzle = load(bank.get(ids[0]).url, name).puzzle
            exercise(chosen[name], puzzle, None)
    for genre in chosen.values():
        for grade in grades(genre.name)[1:]:  # the first, "none", has nothing to solve
            with suppress(NoBoard):  # the attempts have called what generation calls
                make_board(genre.name, 6, 6, grade, seed=1)


def exercise(genre: Any, puzzle: Any, answer: Any) -> None:
    """One board through what users call: solves at every rung, the clause engines on small
    boards, the analysis, checks and a hint from a part of the answer."""
    import numpy as np

    from .analyze import analyze
    from .hint import hint
    from .sat import ENGINES
    from .solve import solve

    found = solve(puzzle)
    for rung in genre.LADDER:
        solve(puzzle, rung=rung, budget=200)
    analyze(puzzle, timeout=5)
    answer = found.answers[0] if answer is None else answer
    if puzzle.rows <= 8 and genre.clause_model is not None:  # their leaf test: `obeys_rules`
        for clause_engine in ENGINES.values():
            clause_engine(puzzle, limit=2)
    genre.check(puzzle, answer)
    genre.check(puzzle, genre.empty_answer(puzzle))
    rng = np.random.default_rng(puzzle.rows)
    truth = genre.answer_json(puzzle, answer)
    hint(puzzle, genre.play(puzzle).showing(truth, lambda: rng.random() < 0.4))


def signature_key(sig: tuple) -> tuple | None:
    """`compiled.signature_key` of the arguments numba typed as `sig` (None: not exported)."""
    from numba import types
    from numba.np import numpy_support

    key: list[Any] = []
    for t in sig:
        if isinstance(t, types.Literal):
            return None  # a constant numba specialised on, from compiled callers only
        if isinstance(t, types.Array):
            key.append([numpy_support.as_dtype(t.dtype).str, t.ndim, t.layout, t.mutable,
                        t.aligned])
        elif isinstance(t, types.Boolean):
            key.append("bool")
        elif isinstance(t, types.Integer | types.Float):
            key.append(t.name)
        else:
            return None
    return tuple(key)


def _compile_as_numba_would() -> None:
    """Three places where pycc and numba's JIT part: pycc builds its wrappers with default
    flags (numba's `nogil` is one: the wrappers release the GIL); it names a CPU model but no
    features, where the JIT asks the CPU which it has (the model's nominal ones may be
    missing on a virtual machine, and numba's own choice is the one every test ran with);
    and a wrapper returning an array unpickles numpy's array type at every call, where the
    JIT keeps it (1.2 µs an array: a quarter of a small Shikaku solve's marshalling)."""
    import numba.pycc.compiler as pycc_compiler
    from numba.core import pythonapi
    from numba.core.codegen import AOTCPUCodegen

    AOTCPUCodegen._customize_tm_features = AOTCPUCodegen._get_host_cpu_features
    box = pythonapi.PythonAPI.nrt_adapt_ndarray_to_python

    def box_keeping_the_type(api: Any, *args: Any) -> Any:
        api.unserialize = lambda struct: _unserialized_once(api, struct)
        try:
            return box(api, *args)
        finally:
            del api.unserialize

    pythonapi.PythonAPI.nrt_adapt_ndarray_to_python = box_keeping_the_type

    class NoGil(pycc_compiler.Flags):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.release_gil = True

    pycc_compiler.Flags = NoGil


def _unserialized_once(api: Any, struct: Any) -> Any:
    """IR for `api.unserialize(struct)` that runs on the first call only and keeps the
    object (a type: it never changes) in a global of the module."""
    from llvmlite import ir
    from numba.core import cgutils
    from numba.core.pythonapi import PythonAPI

    module, builder = api.builder.module, api.builder
    name = f"{struct.name}.kept"
    try:
        kept = module.get_global(name)
    except KeyError:
        kept = ir.GlobalVariable(module, api.pyobj, name)
        kept.linkage = "internal"
        kept.initializer = ir.Constant(api.pyobj, None)
    with builder.if_then(cgutils.is_null(builder, builder.load(kept)), likely=False):
        builder.store(PythonAPI.unserialize(api, struct), kept)
    return builder.load(kept)


def build() -> dict[str, Any]:
    """Run the workload, then compile the module and write it and its manifest beside the
    package's code (any earlier ones removed first: a failed build leaves numba serving,
    not a stale module)."""
    from .compiled import DECLARED, MANIFEST, native_loaded, source_stamp

    if native_loaded():
        raise RuntimeError("the build runs with numba compiling everything (RECTLOGIC_JIT=1)")
    MANIFEST.unlink(missing_ok=True)
    for old in MANIFEST.parent.glob("_native*.so"):
        old.unlink()
    stamp = source_stamp()
    started = time.perf_counter()
    workload()
    ran = time.perf_counter() - started
    from numba.core.errors import NumbaPendingDeprecationWarning

    warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
    from numba.pycc import CC

    _compile_as_numba_would()
    cc = CC("_native")
    cc.output_dir = str(MANIFEST.parent)
    cc.target_cpu = "host"  # as numba's JIT: `make` builds it on the machine it runs on
    exports: dict[str, list[Any]] = {}
    count = 0
    for py_func, options, dispatcher in DECLARED:
        if options.get("parallel"):
            continue
        for sig in dispatcher.signatures:
            key = signature_key(sig)
            if key is None:
                continue
            returns = dispatcher.overloads[sig].signature.return_type
            symbol = f"{SYMBOL_PREFIX}{count}"
            count += 1
            cc.export(symbol, returns(*sig))(py_func)
            exports.setdefault(f"{py_func.__module__}:{py_func.__qualname__}", []).append(
                [symbol, key])
    started = time.perf_counter()
    cc.compile()
    compiled = time.perf_counter() - started
    if source_stamp() != stamp:
        raise SystemExit("the sources changed during the build: run it again")
    manifest = {"sources": stamp, "exports": exports}
    MANIFEST.write_text(json.dumps(manifest, indent=0) + "\n")
    return {"functions": len(exports), "signatures": count, "workload_s": round(ran, 1),
            "compile_s": round(compiled, 1)}


def main() -> None:
    """`--if-stale`: only when the module is missing or its sources changed since."""
    from .compiled import native_loaded

    if "--if-stale" in sys.argv[1:] and native_loaded():
        return
    if not os.environ.get("RECTLOGIC_JIT"):  # numba must compile everything the workload calls
        os.execve(sys.executable, [sys.executable, "-m", __spec__.name, *sys.argv[1:]],
                  {**os.environ, "RECTLOGIC_JIT": "1"})
    print(json.dumps(build()), file=sys.stderr)


if __name__ == "__main__":
    main()
