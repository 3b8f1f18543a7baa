"""The genre-free engine: domains are arrays of bitmasks, rules narrow them, search branches.

A domain array has shape (B, N): B boards (a batch; search uses B = 1), N variables, each a
bitmask of the values still possible. A board is dead (contradictory) when any domain is 0.

Rules are Python callables over batches; a genre may instead hand over compiled rules
(`kernel.CompiledRules`), and then probing and the whole search run compiled too."""

from .fixpoint import Propagate, Rule, dead, fixpoint, popcount
from .probe import Probing, probe, probe_cells, probing
from .search import SearchResult, search

__all__ = [
    "Probing",
    "Propagate",
    "Rule",
    "SearchResult",
    "dead",
    "fixpoint",
    "popcount",
    "probe",
    "probe_cells",
    "probing",
    "search",
]
