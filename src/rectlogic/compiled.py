"""Compiled functions, ahead of time when they can be, just in time when not.

Every function the solvers compile is declared with this module's `njit` (numba's options).
Where `make` has built `rectlogic._native` (`python -m rectlogic.aot`:
every declared function compiled ahead of time by numba.pycc, for each argument signature
a workload of solves, checks and generations called it with), a call whose arguments have
one of those signatures runs that machine code and numba is never imported: a fresh
process starts in a fraction of a second and its first solve costs what later ones do.

Without the module, when the sources it was built from have changed since (its manifest
records them), with RECTLOGIC_JIT=1 in the environment, or at the first call whose
signature was not built, every declared function becomes numba's own dispatcher again, as
numba always compiled them (and cached them on disk) — so the answers never depend on the
module, only the start-up does."""

from __future__ import annotations

import importlib
import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

PACKAGE = Path(__file__).resolve().parent
"""The rectlogic package's folder."""

SOURCES = ("grid.py", "tables.py", "errors.py", "engine", "genres", "compiled.py", "aot.py")
"""What the compiled functions are made of (relative to the package): the manifest records
each file's size and time, and a change to any makes the native module stale."""

MANIFEST = PACKAGE / "_native.json"
"""The native module's manifest: its sources, and each function's exported signatures."""


def source_stamp() -> dict[str, list[int]]:
    """Each source file's [size, mtime_ns]: cheap enough to check at every import."""
    stamp: dict[str, list[int]] = {}
    for name in SOURCES:
        path = PACKAGE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            st = f.stat()
            stamp[f.relative_to(PACKAGE).as_posix()] = [st.st_size, st.st_mtime_ns]
    return stamp


def _load_native() -> tuple[Any, dict[str, list[tuple[str, tuple]]]] | None:
    """The native module and its exports by function, if built and current."""
    if os.environ.get("RECTLOGIC_JIT"):
        return None
    try:
        manifest = json.loads(MANIFEST.read_text())
        if manifest["sources"] != source_stamp():
            return None  # sources edited since the build: numba compiles them instead
        module = importlib.import_module("rectlogic._native")
        exports = {
            name: [(symbol, stored_key(key)) for symbol, key in entries]
            for name, entries in manifest["exports"].items()
        }
    except (OSError, ValueError, KeyError, TypeError, ImportError):
        return None  # missing, or unreadable: numba compiles instead
    return module, exports


LAYOUT_BITS = {"C": 1, "F": 2, "A": 0}
"""numba's array layouts as the low bits of numpy's flag word (`ndarray.flags.num`):
C-contiguous 1, Fortran-contiguous 2 (a C-contiguous array numba calls C, whatever else)."""
WRITEABLE, ALIGNED = 0x400, 0x100
WRITEABLE_ALIGNED = WRITEABLE | ALIGNED
LAYOUT_OF_BITS = (0, 1, 2, 1)
"""numpy's contiguity bits (C 1, F 2) → numba's layout bits: C-contiguous is C, even when
also Fortran-contiguous (every 1-D array is both)."""
INT64, FLOAT64, BOOL = np.dtype(np.int64), np.dtype(np.float64), np.dtype(np.bool_)
SCALARS = {int: INT64, bool: BOOL, float: FLOAT64}
"""The dtype numba gives a Python scalar."""
NDARRAY = np.ndarray  # one global lookup at every argument, not two


def stored_key(stored: list) -> tuple:
    """A signature as the manifest keeps it (numba's view: dtype names, layouts, flags) →
    the key `signature_key` computes from arguments."""
    key: list[Any] = []
    for t in stored:
        if isinstance(t, list):
            dtype, ndim, layout, writeable, aligned = t
            key.append((np.dtype(dtype), ndim, LAYOUT_BITS[layout] | WRITEABLE * writeable
                        | ALIGNED * aligned))
        else:
            key.append(np.dtype(t))
    return tuple(key)


def signature_key(args: tuple) -> tuple | None:
    """The argument types numba would see, read cheaply (it is paid at every call: a
    couple of hundred ns an argument); None: a type the native module does not take.
    Arrays: (dtype, ndim, layout and flags bits), as numba's `typeof` tells them apart;
    scalars: the dtype numba gives them."""
    key: list[Any] = []
    for a in args:
        t = type(a)
        if t is NDARRAY:
            f = a.flags.num
            key.append((a.dtype, a.ndim, (f & WRITEABLE_ALIGNED) | LAYOUT_OF_BITS[f & 3]))
        else:
            scalar = SCALARS.get(t)
            if scalar is None:
                if isinstance(a, np.generic) and a.dtype.kind in "biuf":
                    key.append(a.dtype)
                    continue
                return None
            if t is int and not -(1 << 63) <= a < (1 << 63):
                return None
            key.append(scalar)
    return tuple(key)


class Compiled:
    """A declared function while the native module serves: the exported machine code for
    the signatures it was built for, numba's dispatcher (made on first need) for the rest."""

    def __init__(self, py_func: Callable, options: dict[str, Any],
                 exports: dict[tuple, Callable]) -> None:
        self.py_func = py_func
        self.options = options
        self.exports = exports
        self.jit: Any = None
        self.__name__ = py_func.__name__
        self.__qualname__ = py_func.__qualname__
        self.__module__ = py_func.__module__
        self.__doc__ = py_func.__doc__

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs:
            native = self.exports.get(signature_key(args))
            if native is not None:
                return native(*args)
        if self.jit is None:
            go_jit()
        return self.jit(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<compiled {self.__module__}.{self.__qualname__}>"


def _placeholder_prange(*args: int) -> range:
    """`prange` outside numba: plain `range` (numba's own replaces it when numba compiles)."""
    return range(*args)


DECLARED: list[tuple[Callable, dict[str, Any], Any]] = []
"""Every declared function: (its Python function, numba's options, what `njit` returned —
numba's dispatcher when numba compiles everything, as for the build)."""

_native = _load_native()
_jit_everywhere = False
"""Set once numba has been needed: from then on numba serves every function."""
_lock = threading.Lock()
prange: Any = _placeholder_prange
if _native is None:
    from numba import prange  # noqa: F401 - numba's, when numba compiles everything


def njit(**options: Any) -> Callable[[Callable], Any]:
    """numba's `njit(**options)`, served ahead of time where the native module can."""

    def declare(py_func: Callable) -> Any:
        if _native is None or _jit_everywhere:
            from numba import njit as numba_njit

            made = numba_njit(**options)(py_func)
        else:
            module, exports = _native
            name = f"{py_func.__module__}:{py_func.__qualname__}"
            served = {key: getattr(module, symbol) for symbol, key in exports.get(name, [])}
            made = Compiled(py_func, options, served)
        DECLARED.append((py_func, options, made))
        return made

    return declare


def go_jit() -> None:
    """From now on numba compiles what the native module lacks: every declared function
    gets its dispatcher, and each module's globals point at the dispatchers (compiled code
    reaches other functions through them), `prange` included."""
    global _jit_everywhere
    with _lock:
        if _jit_everywhere:
            return
        from numba import njit as numba_njit
        from numba import prange as numba_prange

        for py_func, options, made in DECLARED:
            if isinstance(made, Compiled):
                made.jit = numba_njit(**options)(py_func)
        package = __name__.split(".")[0]
        for name, module in list(sys.modules.items()):
            if module is None or name.split(".")[0] != package:
                continue
            # every name a function goes by in a module (its own, and imports under any
            # name, from any module): compiled code calling it must find the dispatcher
            for attr, value in list(vars(module).items()):
                if isinstance(value, Compiled):
                    setattr(module, attr, value.jit)
            if getattr(module, "prange", None) is _placeholder_prange:
                module.prange = numba_prange
        _jit_everywhere = True


def native_loaded() -> bool:
    """Whether the native module was built from these sources and loaded."""
    return _native is not None


def native_in_use() -> bool:
    """Whether the native module serves (and numba has not been needed so far)."""
    return _native is not None and not _jit_everywhere

