"""What a player sees on a board, measured: per genre, a few dozen numbers read off a board and
its answer (how the black cells clump, which digits show, how the pieces are shaped), so
that our boards can be set beside published ones measure by measure, and a classifier can
try to tell them apart.

Each measure is one number per board; a sample of boards is summed up by the mean over its
boards (a share is a percent of the board's own cells, pieces or clues, so a board counts
once whatever its size). The two-sample comparison gives both means, a bootstrap interval
of their gap, and the cross-validated accuracy of a classifier over all the measures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..grid import NO_CLUE, piece_labels

Measures = dict[str, float]


def share(part: float, whole: float) -> float:
    """A percent; 0 of nothing."""
    return 100.0 * part / whole if whole else 0.0


def clumps(mask: np.ndarray) -> np.ndarray:
    """The sizes of the orthogonally connected clumps of True cells."""
    rows, cols = mask.shape
    right = (mask[:, :-1] & mask[:, 1:]).reshape(-1)
    down = (mask[:-1, :] & mask[1:, :]).reshape(-1)
    counts = np.bincount(piece_labels(rows, cols, right, down)[mask])
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
    p = np.pad(mask, 1)
    near = p[:-2, 1:-1] | p[2:, 1:-1] | p[1:-1, :-2] | p[1:-1, 2:]
    return int((mask & near).sum())


def symmetric_share(mask: np.ndarray) -> float:
    """The share of True cells whose 180° partner is True too."""
    return share(int((mask & mask[::-1, ::-1]).sum()), int(mask.sum()))


def on_border(mask: np.ndarray) -> int:
    inner = np.zeros_like(mask)
    inner[1:-1, 1:-1] = True
    return int((mask & ~inner).sum())


# -- Shakashaka -------------------------------------------------------------------------------


def shakashaka(puzzle: Any, answer: Any) -> Measures:
    from ..genres.shakashaka.model import BLACK, E, point_rings
    from ..genres.shakashaka.studies import MEETS
    from ..genres.shakashaka.validate import white_regions

    clues = np.array(puzzle.clues)
    cells = np.array(answer.cells)
    black = clues != NO_CLUE
    n_black, area = int(black.sum()), clues.size
    digits = clues[clues >= 0]
    counts = np.bincount(digits, minlength=5)[:5] if digits.size else np.zeros(5)
    groups = clumps(black)
    regions = white_regions(answer)
    sizes = [len(g) / 4 for g in regions]
    tilted = [any(cells[r, c] not in (E, BLACK) for r, c, _ in g) for g in regions]
    singles = sum(len(g) == 4 and cells[g[0][0], g[0][1]] == E for g in regions)
    framed = np.full((answer.rows + 2, answer.cols + 2), BLACK, dtype=np.uint8)
    framed[1:-1, 1:-1] = cells
    white_area = sum(sizes)
    return {
        "black share %": share(n_black, area),
        "black cells with a black neighbour %": share(with_neighbour(black), n_black),
        "largest black group": float(groups.max(initial=0)),
        "longest black run": float(longest_run(black)),
        "black groups per 100 cells": share(len(groups), area),
        "black cells numbered %": share(digits.size, n_black),
        **{f"digit {d} %": share(counts[d], digits.size) for d in range(5)},
        "mean digit": float(digits.mean()) if digits.size else 0.0,
        "distinct digits": float(len(set(digits.tolist()))),
        "at most two distinct digits %": 100.0 * (len(set(digits.tolist())) <= 2),
        "black cells on the border %": share(on_border(black), n_black),
        "black cells with a 180° partner %": symmetric_share(black),
        "white area in 45° pieces %": share(sum(s for s, t in zip(sizes, tilted, strict=True)
                                                if t), white_area),
        "single white cells, % of white regions": share(singles, len(regions)),
        "diamonds, % of white regions": share(sum(s == 2 and t for s, t in
                                                  zip(sizes, tilted, strict=True)), len(regions)),
        "largest white region": max(sizes, default=0.0),
        "mean white region": float(np.mean(sizes)) if sizes else 0.0,
        "white regions per 100 cells": share(len(regions), area),
        "touch points per 100 cells": share(int(MEETS[point_rings(framed)].sum()), area),
    }


# -- Shikaku ----------------------------------------------------------------------------------


def shikaku(puzzle: Any, answer: Any) -> Measures:
    clues = np.array(puzzle.clues)
    has = clues != NO_CLUE
    area = clues.size
    rects = answer.rects()
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
    rows, cols = clues.shape
    edge = sum(t == 0 or lft == 0 or t + h == rows or lft + w == cols for t, lft, h, w in rects)
    labels = np.array(answer.rooms())
    p = labels
    four = ((p[:-1, :-1] != p[:-1, 1:]) & (p[1:, :-1] != p[1:, 1:])
            & (p[:-1, :-1] != p[1:, :-1]) & (p[:-1, 1:] != p[1:, 1:]))
    primes = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}
    return {
        "clues per 100 cells": share(int(has.sum()), area),
        "180° symmetric clue positions %": 100.0 * bool((has == has[::-1, ::-1]).all()),
        "clues with a 180° partner %": symmetric_share(has),
        "mirror-symmetric clue positions %": 100.0 * bool((has == has[:, ::-1]).all()
                                                          or (has == has[::-1, :]).all()),
        "rectangles with aspect ≥ 4 %": share(int((aspect >= 4).sum()), len(rects)),
        "rectangles of area 1 %": share(int((sizes == 1).sum()), len(rects)),
        "rectangles of area 2–3 %": share(int(((sizes >= 2) & (sizes <= 3)).sum()), len(rects)),
        "rectangles of area ≥ 10 %": share(int((sizes >= 10).sum()), len(rects)),
        "prime areas %": share(sum(int(s) in primes for s in sizes), len(rects)),
        "squares %": share(sum(h == w for _, _, h, w in rects), len(rects)),
        "strips (one cell wide) %": share(sum(min(h, w) == 1 for _, _, h, w in rects),
                                         len(rects)),
        "mean area": float(sizes.mean()),
        "largest area": float(sizes.max()),
        "area spread (sd)": float(sizes.std()),
        "clue inside a 3×3-or-more rectangle %": share(inside, big),
        "clue in a rectangle's corner %": share(corner, len(rects)),
        "rectangles on the border %": share(edge, len(rects)),
        "clues on the border %": share(on_border(has), int(has.sum())),
        "clues with a clue beside %": share(with_neighbour(has), int(has.sum())),
        "four-way crossings per 100 cells": share(int(four.sum()), area),
        "mean aspect": float(aspect.mean()),
    }


# -- Chocona ----------------------------------------------------------------------------------


def chocona(puzzle: Any, answer: Any) -> Measures:
    regions = np.array(puzzle.regions)
    shaded = np.array(answer.shaded, dtype=bool)
    area = regions.size
    n = len(puzzle.clues)
    sizes = np.bincount(regions.reshape(-1), minlength=n)
    dark = np.bincount(regions.reshape(-1), weights=shaded.reshape(-1), minlength=n)
    clues = np.array(puzzle.clues)
    numbered = clues >= 0
    boxes = [(r0, c0, r1, c1) for r0, c0, r1, c1 in _boxes(regions, n)]
    rectangular = sum((r1 - r0 + 1) * (c1 - c0 + 1) == sizes[k]
                      for k, (r0, c0, r1, c1) in enumerate(boxes))
    rows, cols = shaded.shape
    right = (shaded[:, :-1] & shaded[:, 1:]).reshape(-1)
    down = (shaded[:-1, :] & shaded[1:, :]).reshape(-1)
    labels = piece_labels(rows, cols, right, down)
    blocks = np.unique(labels[shaded]) if shaded.any() else np.zeros(0, int)
    block_sizes = np.array([int((labels == b).sum()) for b in blocks])
    one_region = sum(len(set(regions[labels == b].tolist())) == 1
                     and (labels == b).sum() == sizes[regions[labels == b][0]] for b in blocks)
    spans = [len(set(regions[labels == b].tolist())) for b in blocks]
    perimeter = (np.count_nonzero(regions[:, :-1] != regions[:, 1:])
                 + np.count_nonzero(regions[:-1, :] != regions[1:, :]))
    return {
        "regions per 100 cells": share(n, area),
        "mean region size": float(sizes.mean()),
        "largest region": float(sizes.max()),
        "1-cell regions %": share(int((sizes == 1).sum()), n),
        "regions of 8 cells %": share(int((sizes == 8).sum()), n),
        "regions of 8 cells or more %": share(int((sizes >= 8).sum()), n),
        "rectangular regions %": share(rectangular, n),
        "region borders per cell": perimeter / area,
        "regions numbered %": share(int(numbered.sum()), n),
        "0 among clues %": share(int((clues[numbered] == 0).sum()), int(numbered.sum())),
        "clues 0 or full %": share(int(((clues == 0) | (clues == sizes))[numbered].sum()),
                                   int(numbered.sum())),
        "mean clue": float(clues[numbered].mean()) if numbered.any() else 0.0,
        "clue as % of its region": float(np.mean(100 * clues[numbered] / sizes[numbered]))
        if numbered.any() else 0.0,
        "regions partly shaded %": share(int(((dark > 0) & (dark < sizes)).sum()), n),
        "regions unshaded %": share(int((dark == 0).sum()), n),
        "shaded share %": share(int(shaded.sum()), area),
        "shaded rectangles per 100 cells": share(len(blocks), area),
        "shaded rectangles equal to one region %": share(one_region, len(blocks)),
        "largest shaded rectangle": float(block_sizes.max(initial=0)),
        "mean shaded rectangle": float(block_sizes.mean()) if len(blocks) else 0.0,
        "1-cell shaded rectangles %": share(int((block_sizes == 1).sum()), len(blocks)),
        "regions a shaded rectangle spans (mean)": float(np.mean(spans)) if spans else 0.0,
        "shaded cells on the border %": share(on_border(shaded), int(shaded.sum())),
    }


def _boxes(regions: np.ndarray, n: int) -> list[tuple[int, int, int, int]]:
    """Each region's bounding box (top, left, bottom, right)."""
    out = []
    for k in range(n):
        rr, cc = np.nonzero(regions == k)
        out.append((int(rr.min()), int(cc.min()), int(rr.max()), int(cc.max())))
    return out


MEASURES: dict[str, Callable[[Any, Any], Measures]] = {
    "shakashaka": shakashaka, "shikaku": shikaku, "chocona": chocona}


def measure(genre: str, boards: list[tuple[Any, Any]]) -> tuple[list[str], np.ndarray]:
    """The measures' names and a (boards, measures) table."""
    got = [MEASURES[genre](p, a) for p, a in boards]
    names = list(got[0])
    return names, np.array([[m[k] for k in names] for m in got], dtype=float)


# -- two samples ------------------------------------------------------------------------------


def gap_interval(ours: np.ndarray, theirs: np.ndarray, rng: np.random.Generator,
                 rounds: int = 1000) -> tuple[float, float]:
    """A 95 % bootstrap interval of mean(ours) − mean(theirs), per measure (columns)."""
    a = ours[rng.integers(0, len(ours), (rounds, len(ours)))].mean(axis=1)
    b = theirs[rng.integers(0, len(theirs), (rounds, len(theirs)))].mean(axis=1)
    gaps = a - b
    return np.percentile(gaps, 2.5, axis=0), np.percentile(gaps, 97.5, axis=0)


def classify(ours: np.ndarray, theirs: np.ndarray, seed: int) -> tuple[float, np.ndarray]:
    """Cross-validated balanced accuracy of a random forest telling our boards from theirs
    (0.5: it cannot), and each measure's share of the forest's importance."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    x = np.vstack([ours, theirs])
    y = np.r_[np.ones(len(ours)), np.zeros(len(theirs))]
    folds = min(5, len(ours), len(theirs))
    forest = RandomForestClassifier(n_estimators=200, min_samples_leaf=2,
                                    class_weight="balanced", random_state=seed, n_jobs=1)
    if folds < 2:
        return float("nan"), np.zeros(x.shape[1])
    scores = cross_val_score(forest, x, y, scoring="balanced_accuracy",
                             cv=StratifiedKFold(folds, shuffle=True, random_state=seed))
    forest.fit(x, y)
    return float(scores.mean()), forest.feature_importances_


def compare(genre: str, ours: list[tuple[Any, Any]], theirs: list[tuple[Any, Any]],
            seed: int = 0, label: str = "ours") -> list[dict[str, Any]]:
    """Rows (genre, measure, `label`, janko, gap_low, gap_high, weight) per measure: both
    means, the interval of their gap, the forest's weight in percent; then a row `classifier
    accuracy` with the accuracy under `label` (0.5 under janko: a coin)."""
    names, a = measure(genre, ours)
    _, b = measure(genre, theirs)
    low, high = gap_interval(a, b, np.random.default_rng(seed))
    accuracy, weight = classify(a, b, seed)
    rows = [{"genre": genre, "measure": name, label: round(float(a[:, k].mean()), 2),
             "janko": round(float(b[:, k].mean()), 2), "gap_low": round(float(low[k]), 2),
             "gap_high": round(float(high[k]), 2), "weight": round(100 * float(weight[k]), 1)}
            for k, name in enumerate(names)]
    rows.append({"genre": genre, "measure": "classifier accuracy", label: round(accuracy, 3),
                 "janko": 0.5, "gap_low": None, "gap_high": None, "weight": None})
    return rows
