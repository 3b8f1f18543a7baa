"""What a player sees on a board, measured: per genre, a few dozen numbers read off a board and
its answer (how the black cells clump, which digits show, how the pieces are shaped), so
that our boards can be set beside published ones measure by measure, and a classifier can
try to tell them apart.

Each measure is one number per board; a sample of boards is summed up by the mean over its
boards (a share is a percent of the board's own cells, pieces or clues, so a board counts
once whatever its size). The two-sample comparison gives both means, a bootstrap interval
of their gap, and the cross-validated accuracy of a classifier over all the measures."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import RectlogicError
from ..grid import corner_sum, mask_labels, neighbour_sum

Measures = dict[str, float]


def share(part: float, whole: float) -> float:
    """A percent; 0 of nothing."""
    return 100.0 * part / whole if whole else 0.0


def clumps(mask: np.ndarray) -> np.ndarray:
    """The sizes of the orthogonally connected clumps of True cells."""
    counts = np.bincount(mask_labels(mask)[mask])
    return counts[counts > 0]


def longest_run(mask: np.ndarray) -> int:
    """The longest straight run of True cells, across or down."""
    best = 0
    for lines in (mask, mask.T):
        for line in lines:
            run = 0
            for v in line:
                run = run + 1 if v else 0
                best = max(best, run)
    return best


def with_neighbour(mask: np.ndarray) -> int:
    """How many True cells have a True edge neighbour."""
    return int((mask & neighbour_sum(np.pad(mask, 1))).sum())


def with_corner_neighbour(mask: np.ndarray) -> int:
    """How many True cells meet a True cell at a corner (a diagonal neighbour)."""
    return int((mask & corner_sum(np.pad(mask, 1))).sum())


def symmetric_share(mask: np.ndarray) -> float:
    """The share of True cells whose 180° partner is True too."""
    return share(int((mask & mask[::-1, ::-1]).sum()), int(mask.sum()))


def on_border(mask: np.ndarray) -> int:
    inner = np.zeros_like(mask)
    inner[1:-1, 1:-1] = True
    return int((mask & ~inner).sum())


PRIMES = frozenset({2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47})


def rectangle_looks(has: np.ndarray, rects: list[tuple[int, int, int, int]],
                    rooms: np.ndarray) -> Measures:
    """What a region genre's board shows (one clue per rectangle: Shikaku, Tatamibari): where
    the clues sit (`has`, per cell) and how the answer's rectangles (top, left, height,
    width; `rooms` labels the cells by rectangle) are shaped."""
    area = has.size
    sizes = np.array([h * w for _, _, h, w in rects])
    aspect = np.array([max(h, w) / min(h, w) for _, _, h, w in rects])
    big, inside, corner = 0, 0, 0
    for t, lft, h, w in rects:
        spots = np.argwhere(has[t:t + h, lft:lft + w])
        if len(spots) != 1:
            continue
        r, c = spots[0]
        edge_r, edge_c = r in (0, h - 1), c in (0, w - 1)
        corner += edge_r and edge_c
        if h >= 3 and w >= 3:
            big += 1
            inside += not (edge_r or edge_c)
    rows, cols = has.shape
    on_edge = np.array([t == 0 or lft == 0 or t + h == rows or lft + w == cols
                        for t, lft, h, w in rects])
    clues_on_border = share(on_border(has), int(has.sum()))
    p = rooms
    four = ((p[:-1, :-1] != p[:-1, 1:]) & (p[1:, :-1] != p[1:, 1:])
            & (p[:-1, :-1] != p[1:, :-1]) & (p[:-1, 1:] != p[1:, 1:]))
    return {
        "180° symmetric clue positions %": 100.0 * bool((has == has[::-1, ::-1]).all()),
        "clues with a 180° partner %": symmetric_share(has),
        "mirror-symmetric clue positions %": 100.0 * bool((has == has[:, ::-1]).all()
                                                          or (has == has[::-1, :]).all()),
        "rectangles with aspect ≥ 4 %": share(int((aspect >= 4).sum()), len(rects)),
        "rectangles of area 1 %": share(int((sizes == 1).sum()), len(rects)),
        "rectangles of area 2–3 %": share(int(((sizes >= 2) & (sizes <= 3)).sum()), len(rects)),
        "rectangles of area ≥ 10 %": share(int((sizes >= 10).sum()), len(rects)),
        "prime areas %": share(sum(int(s) in PRIMES for s in sizes), len(rects)),
        "squares %": share(sum(h == w for _, _, h, w in rects), len(rects)),
        "strips (one cell wide) %": share(sum(min(h, w) == 1 for _, _, h, w in rects),
                                         len(rects)),
        "mean area": float(sizes.mean()),
        "largest area": float(sizes.max()),
        "area spread (sd)": float(sizes.std()),
        "clue inside a 3×3-or-more rectangle %": share(inside, big) if big else float("nan"),
        "clue in a rectangle's corner %": share(corner, len(rects)),
        "rectangles on the border %": share(int(on_edge.sum()), len(rects)),
        "clues on the border %": clues_on_border,
        "border rectangles' mean area, of all rectangles'": float(sizes[on_edge].mean()
                                                                  / sizes.mean()),
        "clues on the border, of their share of cells": float(
            clues_on_border / share(on_border(np.ones_like(has)), area)),
        "clues with a clue beside %": share(with_neighbour(has), int(has.sum())),
        "four-way crossings per 100 cells": share(int(four.sum()), area),
        "mean aspect": float(aspect.mean()),
    }


def studies_of(genre: str) -> Any:
    from ..genres.registry import get_genre
    from . import of_genre

    return of_genre(get_genre(genre))


def measure(genre: str, boards: list[tuple[Any, Any]]) -> tuple[list[str], np.ndarray]:
    """The measures' names and a (boards, measures) table: each genre's studies module
    measures one board (`board_looks`; NaN where a board has nothing to measure, such as a
    share of rectangles it has none of)."""
    board_looks = getattr(studies_of(genre), "board_looks", None)
    if board_looks is None:
        raise RectlogicError(f"{genre} has no look measures (its studies' "
                             "board_looks)")
    got = [board_looks(p, a) for p, a in boards]
    names = list(got[0])
    return names, np.array([[m[k] for k in names] for m in got], dtype=float)


Bounds = dict[str, tuple[float, float]]


def bounds_of(genre: str) -> Bounds:
    """The genre's bounds on its measures' means (issue 27's), declared by its studies
    module as `LOOKS_BOUNDS` (none where it declares none)."""
    return getattr(studies_of(genre), "LOOKS_BOUNDS", {})


def bound_text(low: float, high: float) -> str:
    if high == float("inf") or (high == 100 and low > 0):
        return f"≥ {low:g}"
    return f"≤ {high:g}" if low <= 0 else f"{low:g}–{high:g}"


# -- two samples ------------------------------------------------------------------------------


def gap_interval(ours: np.ndarray, theirs: np.ndarray, rng: np.random.Generator,
                 rounds: int = 1000) -> tuple[float, float]:
    """A 95 % bootstrap interval of mean(ours) − mean(theirs), per measure (columns)."""
    a = np.nanmean(ours[rng.integers(0, len(ours), (rounds, len(ours)))], axis=1)
    b = np.nanmean(theirs[rng.integers(0, len(theirs), (rounds, len(theirs)))], axis=1)
    gaps = a - b
    return np.percentile(gaps, 2.5, axis=0), np.percentile(gaps, 97.5, axis=0)


def split_accuracies(ours: np.ndarray, theirs: np.ndarray, seed: int,
                     splits: int = 1) -> list[float]:
    """Cross-validated balanced accuracy of a random forest telling our boards from theirs
    (0.5: it cannot), over `splits` draws of the folds (seeds `seed`, `seed` + 1, …): on a
    few dozen boards a side one draw moves it by a few points, as much as a goal's margin."""
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    folds = min(5, len(ours), len(theirs))
    if folds < 2:
        return [float("nan")] * splits
    x, y = _labelled(ours, theirs)
    return [float(cross_val_score(_forest(seed), x, y, scoring="balanced_accuracy",
                                  cv=StratifiedKFold(folds, shuffle=True,
                                                     random_state=seed + k)).mean())
            for k in range(splits)]


def importances(ours: np.ndarray, theirs: np.ndarray, seed: int) -> np.ndarray:
    """Each measure's share of the importance in the forest trained on all the boards."""
    if min(len(ours), len(theirs)) < 2:
        return np.zeros(ours.shape[1])
    return _forest(seed).fit(*_labelled(ours, theirs)).feature_importances_


def _labelled(ours: np.ndarray, theirs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both sides' boards stacked, ours labelled 1."""
    return np.vstack([ours, theirs]), np.r_[np.ones(len(ours)), np.zeros(len(theirs))]


def _forest(seed: int) -> Any:
    from sklearn.ensemble import RandomForestClassifier

    return RandomForestClassifier(n_estimators=200, min_samples_leaf=2,
                                  class_weight="balanced", random_state=seed, n_jobs=1)


def compare(genre: str, ours: list[tuple[Any, Any]], theirs: list[tuple[Any, Any]],
            seed: int = 0, label: str = "ours") -> list[dict[str, Any]]:
    """Rows (genre, measure, `label`, janko, gap_low, gap_high, weight, bound, met) per
    measure: both means (over the boards it is defined on), the interval of their gap, the
    forest's weight in percent, the genre's bound on the mean (`bounds_of`) and whether
    ours meets it; then a row `classifier accuracy` with the accuracy under `label`, the
    mean over SPLITS draws of the folds (0.5 under janko: a coin; gap_low and gap_high: the
    lowest and highest draw, less 0.5)."""
    names, a = measure(genre, ours)
    _, b = measure(genre, theirs)
    return compare_measured(genre, names, a, b, seed, label)


SPLITS = 5
"""Draws of the folds the `classifier accuracy` row averages; its gap_low and gap_high are
the lowest and highest of them, less 0.5."""
ACCURACY_GOAL = 0.65
"""Issue 27's bound on the classifier's accuracy: above it, it tells the two apart."""


def compare_measured(genre: str, names: list[str], a: np.ndarray, b: np.ndarray,
                     seed: int = 0, label: str = "ours") -> list[dict[str, Any]]:
    """`compare` of boards already measured (`measure`: ours `a`, theirs `b`)."""
    low, high = gap_interval(a, b, np.random.default_rng(seed))
    weight = importances(a, b, seed)
    accuracies = split_accuracies(a, b, seed, SPLITS)
    accuracy = float(np.mean(accuracies))
    bounds = bounds_of(genre)
    rows = []
    for k, name in enumerate(names):
        mean = float(np.nanmean(a[:, k]))
        bound = bounds.get(name)
        rows.append({"genre": genre, "measure": name, label: round(mean, 2),
                     "janko": round(float(np.nanmean(b[:, k])), 2),
                     "gap_low": round(float(low[k]), 2), "gap_high": round(float(high[k]), 2),
                     "weight": round(100 * float(weight[k]), 1),
                     "bound": bound_text(*bound) if bound else None,
                     "met": None if bound is None else bound[0] <= mean <= bound[1]})
    rows.append({"genre": genre, "measure": "classifier accuracy", label: round(accuracy, 3),
                 "janko": 0.5, "gap_low": round(min(accuracies) - 0.5, 3),
                 "gap_high": round(max(accuracies) - 0.5, 3), "weight": None,
                 "bound": f"≤ {ACCURACY_GOAL:g}", "met": accuracy <= ACCURACY_GOAL})
    return rows
