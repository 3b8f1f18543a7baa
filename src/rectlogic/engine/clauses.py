"""Clauses over Boolean variables, and what decodes a model into an answer: the shape in which
each genre writes its rules for the clause engines (`rectlogic.sat`). Knows no genre."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class Cnf:
    """Boolean variables 1…top, clauses over them, and "exactly k of these" constraints —
    kept as such, so that each back end states them its own way (a CNF counter for the SAT
    solver, a linear equality for CP-SAT)."""

    top: int = 0
    clauses: list[Sequence[int]] = field(default_factory=list)
    counts: list[tuple[list[int], int]] = field(default_factory=list)
    frame: Frame | None = None
    """The frame this model was built on (`framed`): its clauses come first."""
    parts: dict[Hashable, int] = field(default_factory=dict)
    """The frame's parts this model holds (`switched_part`), each key with its switch."""
    given: list[int] = field(default_factory=list)
    """Literals true in every model (unit clauses in `as_clauses`), kept apart so that a
    solver on the frame can take them as assumptions: what a frame leaves open and a
    board decides (Shakashaka's black cells)."""

    def var(self) -> int:
        self.top += 1
        return self.top

    def exactly(self, lits: list[int], k: int, when: int = 0) -> None:
        """Exactly k of `lits`; with `when` (a literal), only when it is true: a clue behind
        a switch (`Genre.clue_switches`). A switched count is written as clauses at once,
        each with `-when` added, so every back end reads it as plain clauses."""
        if not when:
            self.counts.append((lits, k))
            return
        clauses, self.top = _equals(lits, k, self.top)
        self.clauses.extend([-when, *clause] for clause in clauses)

    def add(self, clauses: Iterable[list[int]], when: int = 0) -> None:
        """These clauses; with `when`, each only when that literal is true."""
        self.clauses.extend([-when, *clause] for clause in clauses) if when else (
            self.clauses.extend(clauses))

    def clues(self, given: dict[Any, Hashable], cells: Iterable[Any],
              write: Callable[[Cnf, int, Any, Any], None]) -> dict[Any, int]:
        """Every clue of `given` (place → what it says, all that its clauses depend on),
        each written by `write(cnf, when, place, says)` (each clause only when `when`, a
        literal, is true; 0: always): those at `cells` behind a switch of their own, as a
        part of the frame (`switched_part`), the others as they are. Returns the switch
        of each of `cells` (one that holds no clue switches nothing)."""
        switched = set(cells)
        switches = {}
        for at in sorted(switched.union(given)):
            says = given.get(at)

            def part(cnf: Cnf, when: int, at: Any = at, says: Any = says) -> None:
                if says is not None:
                    write(cnf, when, at, says)

            if at in switched:
                switches[at] = self.switched_part((at, says), part)
            else:
                part(self, 0)
        return switches

    def switched_part(self, key: Hashable, build: Callable[[Cnf, int], None]) -> int:
        """A switch, and the clauses that `build(cnf, switch)` writes behind it (a clue
        switched: each of its clauses with `-switch`), written once per frame and `key`
        (which must name everything they say) and copied here: an edited board keeps most
        of its clues, and a solver that holds the frame (`Frame`) needs only the parts it
        lacks, whose variables are the frame's alone."""
        frame = self.frame
        assert frame is not None, "a part is written on a frame (`framed`)"
        with _frames_lock:
            if key not in frame.parts:
                scratch = Cnf(frame.top)
                switch = scratch.var()
                build(scratch, switch)
                scratch.write_counts()
                frame.top = scratch.top
                frame.parts[key] = (switch, _frozen(scratch.clauses))
                frame.part_clauses += len(scratch.clauses)
            switch, clauses = frame.parts[key]
        self.clauses.extend(clauses)
        self.parts[key] = switch
        self.top = max(self.top, frame.top)
        return switch

    def only_frame_and_parts(self) -> bool:
        """Is this model its frame and its parts, nothing else (a solver holding the frame
        can then be given only the parts it lacks)?"""
        if self.frame is None or self.counts:
            return False
        written = sum(len(self.frame.parts[k][1]) for k in self.parts)
        return len(self.clauses) == len(self.frame.clauses) + written

    def write_counts(self) -> None:
        """The counts written out as clauses now, on new variables past `top`."""
        for lits, k in self.counts:
            written, self.top = _equals(lits, k, self.top)
            self.clauses.extend(written)
        self.counts = []

    def as_clauses(self) -> list[list[int]]:
        """Everything as clauses (cardinalities by sequential counters)."""
        out, top = [*self.clauses, *([x] for x in self.given)], self.top
        for lits, k in self.counts:
            clauses, top = _equals(lits, k, top)
            out.extend(clauses)
        return out


@dataclass(eq=False)
class Frame:
    """What a key decides of a switched model (a board's size, say), written once, and the
    switched parts written on it since (`Cnf.switched_part`), each on variables of its own
    past every earlier one's: any model built on the frame is its clauses and some of its
    parts."""

    key: Hashable
    clauses: list[tuple[int, ...]]
    made: Any
    """What the frame's builder returned (the variables the parts are written over)."""
    top: int
    """The last variable of the frame and its parts so far."""
    parts: dict[Hashable, tuple[int, list[tuple[int, ...]]]] = field(default_factory=dict)
    """Part key → (its switch, its clauses)."""
    part_clauses: int = 0
    """Clauses of the parts so far (what the frame has grown by: `framed` bounds it)."""

    def size(self) -> int:
        """Clauses the frame holds, its parts' included."""
        return len(self.clauses) + self.part_clauses

    def fresh(self) -> int:
        """A variable no part has or will have (for a solver on the frame to use)."""
        with _frames_lock:
            self.top += 1
            return self.top


FRAMES_KEPT = 8
"""Frames `framed` keeps (the last made or used)."""
PART_CLAUSES_KEPT = 400_000
"""Clauses of parts a frame takes before it is written anew (without them): a Choco Banana
15×15 clue is a part of some 2,000 clauses, at about 150 bytes a clause in Python lists, and
a frame that kept every part it was ever given (a server's, a benchmark's) grew past the
process's memory cap (`limits.MAX_MEMORY_BYTES`) within a few thousand analyses — where
every deadline ends at once and nothing more gets done."""
CLAUSES_KEPT = 1_200_000
"""Clauses all kept frames may hold together, their parts' included (about 180 MB): past it
the frames used longest ago go, the one in use always stays."""
_frames: dict[Hashable, Frame] = {}
_frames_lock = threading.Lock()


def framed(key: Hashable, build: Callable[[Cnf], Any]) -> tuple[Cnf, Any]:
    """A new Cnf on the frame of `key` (`Frame`), and what `build` returned (the variables
    the rest is written over): `build(cnf)` writes the frame once per key, and later calls
    copy it (a board edited keeps its size, and the frame of a switched model is often
    all that its size decides: a costly part, built once)."""
    with _frames_lock:
        frame = _frames.pop(key, None)
        if frame is None or frame.part_clauses > PART_CLAUSES_KEPT:
            cnf = Cnf()
            made = build(cnf)
            cnf.write_counts()
            frame = Frame(key, _frozen(cnf.clauses), made, cnf.top)
        _frames[key] = frame  # the last used, last out
        while len(_frames) > FRAMES_KEPT or (
                len(_frames) > 1 and sum(f.size() for f in _frames.values()) > CLAUSES_KEPT):
            del _frames[next(iter(_frames))]
    return Cnf(frame.top, list(frame.clauses), frame=frame), frame.made


def _frozen(clauses: list) -> list:
    """Clauses kept for long as tuples of ints: the garbage collector stops tracking such a
    tuple once it has seen it, where a list is walked at every full collection — with a
    million clauses kept, 0.17 s a collection, which fell on one analysis in a hundred."""
    return [tuple(c) for c in clauses]


def kept(frame: Frame) -> bool:
    """Is `frame` still the one `framed` gives for its key (not written anew, not gone)?"""
    with _frames_lock:
        return _frames.get(frame.key) is frame


def _equals(lits: list[int], k: int, top: int) -> tuple[list[list[int]], int]:
    """"Exactly k of `lits`" as clauses by a sequential counter over new variables past
    `top`, and the new top."""
    from pysat.card import CardEnc, EncType

    if k < 0 or k > len(lits):
        return [[]], top  # unsatisfiable
    enc = CardEnc.equals(lits=lits, bound=k, top_id=top, encoding=EncType.seqcounter)
    return enc.clauses, max(top, enc.nv)


def at_most_one(cnf: Cnf, lits: list[int]) -> None:
    """At most one of `lits`, as clauses added now: pairwise for a few, else by a sequential
    counter (a variable per prefix, "one of these is true"; 3n clauses)."""
    n = len(lits)
    if n <= 5:
        cnf.clauses.extend([-lits[i], -lits[j]] for i in range(n) for j in range(i + 1, n))
        return
    seen = [cnf.var() for _ in range(n - 1)]
    cnf.clauses.append([-lits[0], seen[0]])
    for i in range(1, n - 1):
        cnf.clauses += [[-lits[i], seen[i]], [-seen[i - 1], seen[i]], [-lits[i], -seen[i - 1]]]
    cnf.clauses.append([-lits[-1], -seen[-1]])


@dataclass
class Encoding:
    cnf: Cnf
    decisions: list[int]
    """The variables that fix an answer (blocked to find the next one)."""
    decode: Callable[[set[int]], Any]
    """The set of true variables → the genre's Answer."""


def prime_boxes(forbidden: np.ndarray) -> tuple[tuple[int, ...], ...]:
    """A local law's prime clauses, derived from its table: `forbidden` (S, S, …, S) says
    which states of k cells the law rejects together. Every maximal box B1×…×Bk of state
    sets whose every combination is forbidden is returned as k bit masks of states; its
    clause is "cell 1 ∉ B1 or … or cell k ∉ Bk" (over one-hot literals, the states outside
    each Bi). Together the clauses reject exactly the forbidden combinations, each as short
    as it can be."""
    k, states = forbidden.ndim, forbidden.shape[0]
    boxes = forbidden.astype(bool)
    for axis in range(k):  # from single states to every subset, one axis at a time
        shape = list(boxes.shape)
        shape[axis] = 1 << states
        lifted = np.ones(shape, dtype=bool)
        src, dst = np.moveaxis(boxes, axis, 0), np.moveaxis(lifted, axis, 0)
        for m in range(1, 1 << states):
            dst[m] = dst[m & (m - 1)] & src[(m & -m).bit_length() - 1]
        boxes = lifted
    masks = np.arange(1 << states)
    maximal = boxes.copy()
    for axis in range(k):
        shape = [1] * k
        shape[axis] = -1
        maximal &= (masks != 0).reshape(shape)
        for s in range(states):
            grown = np.moveaxis(np.moveaxis(boxes, axis, 0)[masks | (1 << s)], 0, axis)
            maximal &= ~(grown & ((masks & (1 << s)) == 0).reshape(shape))
    return tuple(tuple(int(m) for m in box) for box in np.argwhere(maximal))


def box_clauses(boxes: Iterable[tuple[int, ...]],
                cells: list[tuple[int | bool | None, ...]]) -> list[list[int]]:
    """The boxes' clauses over concrete cells: cells[i][s] is the literal "cell i is in state
    s", None where the cell cannot be in s, or True where it surely is (a given cell). Each
    clause says some cell lies outside its box's states; one a sure state already satisfies
    is left out."""
    out = []
    for box in boxes:
        outside = [lit for lits, mask in zip(cells, box, strict=True)
                   for s, lit in enumerate(lits) if not mask >> s & 1 and lit is not None]
        if not any(lit is True for lit in outside):
            out.append(outside)
    return out


def box_rejects(box: tuple[int, ...], states: tuple[int, ...]) -> bool:
    """Does the clause of this box reject these cell states (is every state inside it)?"""
    return all(mask >> s & 1 for mask, s in zip(box, states, strict=True))
