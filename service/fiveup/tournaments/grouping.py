"""Splitting ranked players into tables: a depth-first search with backtracking.

The highest ranked player still unseated anchors the next table; the companions are
tried in the caller's order of preference (the Swiss prefers its score-group order, the
arena the closest scores), and a choice that leaves the rest impossible to seat is
undone.  Hard rules (blocks, the repeats a phase forbids) come from ``pair_ok`` for each
two players and ``table_ok`` for a whole table.  The search is bounded: past ``budget``
tables tried it gives up, and the caller relaxes its rules (``Exhausted``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

Candidates = Callable[[str, Sequence[str]], Sequence[str]]  # (anchor, rest) -> preferred
PairOk = Callable[[str, str], bool]
TableOk = Callable[[tuple[str, ...]], bool]

DEFAULT_BUDGET = 20_000


class Exhausted(Exception):
    """The search tried ``budget`` tables without an answer."""


def split(
    ranked: Sequence[str],
    size: int,
    candidates: Candidates,
    pair_ok: PairOk,
    table_ok: TableOk = lambda table: True,
    budget: int = DEFAULT_BUDGET,
) -> list[tuple[str, ...]] | None:
    """Tables of ``size`` covering every player of ``ranked`` (best first; its length a
    multiple of ``size``) that satisfy the rules, or None when there are none.  Raises
    ``Exhausted`` when the search ran out of budget before it knew."""
    if len(ranked) % size:
        raise ValueError(f"{len(ranked)} players do not fill tables of {size}")
    left = [budget]
    failed: set[frozenset[str]] = set()  # remainders known impossible to seat

    def companions(anchor: str, prefs: Sequence[str]) -> Iterator[tuple[str, ...]]:
        chosen: list[str] = []

        def extend(start: int) -> Iterator[tuple[str, ...]]:
            if len(chosen) == size - 1:
                yield (anchor, *chosen)
                return
            for i in range(start, len(prefs)):
                candidate = prefs[i]
                if all(pair_ok(candidate, other) for other in (anchor, *chosen)):
                    chosen.append(candidate)
                    yield from extend(i + 1)
                    chosen.pop()

        return extend(0)

    # Iterative, so a large field cannot reach Python's recursion limit: one frame per
    # table placed, each with the remaining players and its untried tables.
    frames: list[tuple[list[str], Iterator[tuple[str, ...]]]] = []
    tables: list[tuple[str, ...]] = []
    rest = list(ranked)
    while True:
        if not rest:
            return tables
        if frozenset(rest) not in failed:
            frames.append((rest, companions(rest[0], candidates(rest[0], rest[1:]))))
        elif tables:  # known dead end: undo the table that led here
            tables.pop()
        else:
            return None
        while frames:
            here, untried = frames[-1]
            table = next((t for t in untried if _spend(left) and table_ok(t)), None)
            if table is not None:
                tables.append(table)
                taken = set(table)
                rest = [p for p in here if p not in taken]
                break
            failed.add(frozenset(here))
            frames.pop()
            if tables:
                tables.pop()
        else:
            return None


def _spend(left: list[int]) -> bool:
    left[0] -= 1
    if left[0] < 0:
        raise Exhausted
    return True
