"""The house's structure: every module imports on its own (no import cycle); arrows point down
(no module under `genres/` imports a shell, a genre never imports the registry or another
genre, the kits import no genre); and adding a genre is measured: outside its own files no
code names it but its registry entry.

A genre's own files: its package `genres/<genre>/`, its research `studies/<genre>.py`, its
peers' adaptors `bench/peers/<genre>.py`, and its tests `tests/test_<genre>*.py` (the
per-genre tests; every other test runs over the registry). Comments and docstrings may name
genres; code (names and strings) may not."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from rectlogic.genres.registry import GENRES

SRC = Path(__file__).parent.parent / "src" / "rectlogic"
TESTS = Path(__file__).parent
SHELLS = ("solve", "grade", "generate", "hint", "analyze", "studies", "bench", "bank", "web",
          "cli", "sat", "aot", "batch")
"""The layers above the genres: no module under `genres/` imports them."""


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(SRC.parent).with_suffix("").parts).removesuffix(
        ".__init__")


def modules() -> list[str]:
    return sorted(module_name(p) for p in SRC.rglob("*.py"))


def test_every_module_imports_on_its_own() -> None:
    """Each module imported first, with no other rectlogic module loaded: a cycle would
    leave one of them half-initialised and fail."""
    script = ("import importlib, sys\nfailed = []\nfor m in sys.argv[1:]:\n"
              "    for k in [k for k in sys.modules if k.startswith('rectlogic')]:\n"
              "        del sys.modules[k]\n"
              "    try:\n        importlib.import_module(m)\n"
              "    except Exception as exc:\n        failed.append((m, repr(exc)))\n"
              "print(failed)\nsys.exit(1 if failed else 0)\n")
    r = subprocess.run([sys.executable, "-c", script, *modules()], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


def imports(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (functions too), relative names resolved;
    `from a import b` counts as importing `a` and `a.b`."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[:len(parts) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def test_arrows_point_down() -> None:
    shells = tuple(f"rectlogic.{s}" for s in SHELLS)
    names = {g.name for g in GENRES}
    offenders = []
    for path in (SRC / "genres").rglob("*.py"):
        rel = path.relative_to(SRC / "genres")
        own = rel.parts[0] if len(rel.parts) > 1 else None
        for m in sorted(imports(path)):
            up = m in shells or m.startswith(tuple(s + "." for s in shells))
            registry = m == "rectlogic.genres.registry" and rel.name != "registry.py"
            parts = m.split(".")
            other = (len(parts) > 2 and parts[:2] == ["rectlogic", "genres"]
                     and parts[2] in names and parts[2] != own and rel.name != "registry.py")
            if up or registry or other:
                offenders.append((str(rel), m))
    assert offenders == []


def code_words(path: Path) -> set[str]:
    """Names and string constants in a module's code, leaving out docstrings and comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in prose:
            words.add(node.value.lower())
        elif isinstance(node, ast.Name | ast.FunctionDef | ast.ClassDef):
            words.add(getattr(node, "id", getattr(node, "name", "")).lower())
        elif isinstance(node, ast.Attribute):
            words.add(node.attr.lower())
        elif isinstance(node, ast.alias):
            words.add(node.name.lower())
            words.add((node.asname or "").lower())
    return words


SHAPE_WORDS = {"rect", "rectangles"}
"""Aliases that are also the house's words for a shape (a board whose input is rectangles):
matched only as whole strings in the registry's alias list, not searched for."""


def genre_pattern() -> re.Pattern[str]:
    names = [n for g in GENRES for n in (g.name, *g.ALIASES) if n not in SHAPE_WORDS]
    return re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")


def names_of(genre: str | None) -> tuple[str, ...]:
    """A genre's name and aliases (none for None)."""
    return next(((g.name, *g.ALIASES) for g in GENRES if g.name == genre), ())


def own_genre(path: Path) -> str | None:
    """The genre whose own file this is (see the module docstring), else None."""
    for g in GENRES:
        rel = path.relative_to(SRC) if path.is_relative_to(SRC) else None
        if rel is not None and (rel.parts[:2] == ("genres", g.name)
                                or rel.as_posix() in (f"studies/{g.name}.py",
                                                      f"bench/peers/{g.name}.py")):
            return g.name
        if path.parent == TESTS and path.name.startswith(f"test_{g.name}"):
            return g.name
    return None


NAMING_DEBT: set[str] = set()
"""Tests over several genres that still name them (written before the genres had their own
examples): paid off, it stays empty — a new test runs over the registry or is a genre's."""


def test_no_genre_named_outside_its_own_files_but_the_registry_entry() -> None:
    pattern = genre_pattern()
    offenders = []
    for path in [*SRC.rglob("*.py"), *TESTS.glob("*.py")]:
        if path.parent == TESTS and path.name in NAMING_DEBT:
            continue
        own = set(names_of(own_genre(path)))
        if path == SRC / "genres" / "registry.py":
            continue  # its entries: the next test
        hits = sorted(w for w in code_words(path) if set(pattern.findall(w)) - own)
        if hits:
            offenders.append((str(path.relative_to(SRC.parent.parent)), hits))
    assert offenders == []
    for page in (SRC / "web" / "static").iterdir():
        assert not pattern.search(page.read_text(encoding="utf-8").lower()), page.name


def test_the_registry_names_each_genre_in_its_entry_only() -> None:
    """The registry's lines naming a genre: its import, and its place in GENRES."""
    lines = (SRC / "genres" / "registry.py").read_text(encoding="utf-8").splitlines()
    for g in GENRES:
        naming = [ln for ln in lines if re.search(rf"\b{g.name}\b", ln, re.I)
                  and not ln.lstrip().startswith(("#", '"'))]
        assert len(naming) == 2, naming
        assert naming[0].startswith(f"from .{g.name} import")
        assert naming[1].startswith("GENRES")


def test_naming_debt_is_still_debt() -> None:
    """Each file in the debt list still names a genre (else it leaves the list)."""
    pattern = genre_pattern()
    for name in NAMING_DEBT:
        assert any(pattern.search(w) for w in code_words(TESTS / name)), name


def test_adaptors_above_the_genres_are_named_for_one() -> None:
    """Each module of `studies/` (but the runner's shared ones) and of `bench/peers/` is a
    registered genre's, found by its name."""
    from rectlogic.bench.peers import runners
    from rectlogic.studies import modules

    names = {g.name for g in GENRES}
    assert set(runners()) <= names and runners()
    assert set(modules()) - {"generator", "looks"} <= names  # the shared ones
