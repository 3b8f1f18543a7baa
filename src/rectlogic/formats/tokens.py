"""Small token helpers shared by the genres' format mappings."""

from __future__ import annotations

from ..errors import FormatError
from ..grid import ANY_CLUE, NO_CLUE, is_number


def rows_of(flat: list[int], cols: int) -> tuple[tuple[int, ...], ...]:
    """A row-major list → a tuple of row tuples."""
    return tuple(tuple(flat[k : k + cols]) for k in range(0, len(flat), cols))


def clue_number(t: str, unknown: str, where: str) -> int:
    """'.' → no clue, the format's `unknown` token → '?', digits → the number."""
    if t == ".":
        return NO_CLUE
    if t == unknown:
        return ANY_CLUE
    if is_number(t):
        return int(t)
    raise FormatError(f"{where}: unknown clue token {t[:20]!r}")
