"""Splitting ranked players into tables: a depth-first search with backtracking.

The highest ranked player still unseated anchors the next table (or, ``hardest_first``,
the one with the fewest possible companions left: the classic most-constrained-first
rule, which finds an answer in far fewer steps when the rules are tight); the
companions are tried in the caller's order of preference (the Swiss prefers its
score-group order, the arena the closest scores), and a choice that leaves the rest
impossible to seat is undone.  Hard rules (blocks, the repeats a phase forbids) come from ``pair_ok`` for each
two players and ``table_ok`` for a whole table.  The search is bounded: past ``budget``
steps (a candidate looked at, a table tried) it gives up, and the caller relaxes its
rules (``Exhausted``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain

Candidates = Callable[[str, Sequence[str]], Sequence[str]]  # (anchor, rest) -> preferred
PairOk = Callable[[str, str], bool]
TableOk = Callable[[tuple[str, ...]], bool]

DEFAULT_BUDGET = 20_000


class Exhausted(Exception):
    """The search took ``budget`` steps without an answer."""


class Budget:
    """The steps a caller lets its searches take, shared by several of them: a pairing
    stays bounded whatever the blocks and histories make of it (blocks are chosen by
    players, so a search that could run for minutes would be theirs to trigger)."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self) -> bool:
        self.left -= 1
        if self.left < 0:
            raise Exhausted
        return True


@contextmanager
def portion(total: Budget, steps: int) -> Iterator[Budget]:
    """A search's own budget of ``steps``, whatever it spends charged to ``total``."""
    part = Budget(steps)
    try:
        yield part
    finally:
        total.left -= steps - max(part.left, 0)


def split(
    ranked: Sequence[str],
    size: int,
    candidates: Candidates,
    pair_ok: PairOk,
    table_ok: TableOk = lambda table: True,
    budget: int | Budget = DEFAULT_BUDGET,
    spare: int = 0,
    hardest_first: bool = False,
) -> list[tuple[str, ...]] | None:
    """Tables of ``size`` covering every player of ``ranked`` (best first) but at most
    ``spare`` of them, satisfying the rules, or None when there are none.  A player is
    left out only when no table for them works (the arena's, who then keep waiting).
    With ``spare`` = everyone, as many as the first descent seats (it never backs up,
    since leaving the anchor out always works).  Raises ``Exhausted`` when the search
    ran out of budget before it knew."""
    if not len(ranked) % size <= spare <= len(ranked):
        raise ValueError(f"{len(ranked)} players less {spare} do not fill tables of {size}")
    left = budget if isinstance(budget, Budget) else Budget(budget)
    fits: dict[str, set[str]] = {}
    if hardest_first:  # who may sit with whom, once: the anchor rule counts these
        fits = {p: {q for q in ranked if q != p and pair_ok(p, q)} for p in ranked}

    def anchor_of(rest: list[str]) -> str:
        if not hardest_first:
            return rest[0]
        here = set(rest)
        return min(rest, key=lambda p: len(fits[p] & here))  # ties: the best ranked

    failed: set[tuple[frozenset[str], int]] = set()  # (remainder, spare left): impossible

    def companions(anchor: str, prefs: Sequence[str]) -> Iterator[tuple[str, ...]]:
        chosen: list[str] = []

        def extend(start: int) -> Iterator[tuple[str, ...]]:
            if len(chosen) == size - 1:
                yield (anchor, *chosen)
                return
            for i in range(start, len(prefs)):
                candidate = prefs[i]
                left.spend()  # every candidate looked at is work, kept or not
                if all(pair_ok(candidate, other) for other in (anchor, *chosen)):
                    chosen.append(candidate)
                    yield from extend(i + 1)
                    chosen.pop()

        return extend(0)

    # Iterative, so a large field cannot reach Python's recursion limit: one frame per
    # table placed, each with the remaining players, the spare places left and its
    # untried tables (a table of the anchor alone: the anchor is left out).
    frames: list[tuple[list[str], int, Iterator[tuple[str, ...]]]] = []
    tables: list[tuple[str, ...]] = []
    rest, spare_left = list(ranked), spare
    while True:
        if len(rest) < size and len(rest) <= spare_left:
            # everyone seated but (at most) the spare: they are left out
            return [t for t in tables if len(t) == size]
        if (frozenset(rest), spare_left) not in failed:
            anchor = anchor_of(rest)
            others = [p for p in rest if p != anchor]
            options = companions(anchor, candidates(anchor, others))
            if spare_left:
                options = chain(options, [(anchor,)])
            frames.append((rest, spare_left, options))
        elif tables:  # known dead end: undo the table that led here
            tables.pop()
        else:
            return None
        while frames:
            here, spare_here, untried = frames[-1]
            table = next(
                (t for t in untried if left.spend() and (len(t) == 1 or table_ok(t))), None
            )
            if table is not None:
                tables.append(table)
                taken = set(table)
                rest = [p for p in here if p not in taken]
                spare_left = spare_here - (len(table) == 1)
                break
            failed.add((frozenset(here), spare_here))
            frames.pop()
            if tables:
                tables.pop()
        else:
            return None
