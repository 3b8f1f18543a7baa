"""Arc consistency at every lattice point of a padded cell grid, in one sweep.

A domain array of shape (B, (R+2)·(C+2)) holds a frame of one cell round the board, so every
lattice point (i, j), 0 ≤ i ≤ R, 0 ≤ j ≤ C, has four cells: NE, SE, SW, NW. A point rule is
given by two sets of tables: `key_parts[q][domain]` maps the domain of the cell in quadrant q
to its bits of the point's key (OR-ed together), and `allowed[q][key]` gives the values that
cell may keep. The four quadrant views line up with the cell array as shifted slices, so the
sweep is a handful of lookups and ANDs over whole arrays, with no per-point Python."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .fixpoint import Rule


def point_rule(
    rows: int, cols: int, key_parts: Sequence[np.ndarray], allowed: Sequence[np.ndarray]
) -> Rule:
    R, C = rows, cols

    def rule(d: np.ndarray) -> np.ndarray:
        b = d.reshape(d.shape[0], R + 2, C + 2)
        key = (
            key_parts[0][b[:, : R + 1, 1:]]  # the cell NE of each point
            | key_parts[1][b[:, 1:, 1:]]  # SE
            | key_parts[2][b[:, 1:, : C + 1]]  # SW
            | key_parts[3][b[:, : R + 1, : C + 1]]  # NW
        )
        out = b.copy()
        # cell (r, c) is NE of point (r+1, c), SE of (r, c), SW of (r, c+1), NW of (r+1, c+1)
        out[:, 1 : R + 1, 1 : C + 1] &= (
            allowed[0][key[:, 1:, :C]]
            & allowed[1][key[:, :R, :C]]
            & allowed[2][key[:, :R, 1:]]
            & allowed[3][key[:, 1:, 1:]]
        )
        return out.reshape(d.shape)

    return rule
