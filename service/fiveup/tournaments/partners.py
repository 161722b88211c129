"""Rotating partnerships: who partners whom at a four-seat table
(docs/tournaments.md, "Partnerships").

Domino clubs run partnership events for individual standings by rotating partners round
by round, so that nobody's result rests on one partner: four players can be split into
partnerships three ways, and the split chosen is the one whose two pairs have partnered
least often before (then: faced each other least), exact ties drawn by lot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from .history import Past, pair, summarise
from .model import Rng, TableResult

Split = tuple[tuple[str, str], tuple[str, str]]


def partner_counts(history: Sequence[TableResult]) -> Counter[frozenset[str]]:
    """How often each two players partnered (four-seat tables as paired, aborted ones
    included)."""
    return summarise(history).partnered


def splits(players: Sequence[str]) -> tuple[Split, Split, Split]:
    """The three ways to make two partnerships of four players."""
    a, b, c, d = players
    return ((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))


def fresh_split_exists(players: Sequence[str], past: Past) -> bool:
    """Whether some split pairs the four with partners neither had before."""
    return any(_repeats(split, past) == 0 for split in splits(players))


def seat_partners(
    players: Sequence[str], history: Sequence[TableResult], rng: Rng
) -> tuple[str, str, str, str]:
    """Seat order for four players (seats 0+2 against 1+3) whose two partnerships have
    partnered least often before (then faced each other least), ties broken by ``rng``."""
    return seat_with(players, summarise(history), rng)


def seat_with(players: Sequence[str], past: Past, rng: Rng) -> tuple[str, str, str, str]:
    """``seat_partners`` over an already summarised history."""
    if len(players) != 4:
        raise ValueError(f"partnerships need four players, not {len(players)}")
    ranked = sorted(splits(players), key=lambda s: (*_cost(s, past), rng.random()))
    (a, c), (b, d) = ranked[0]
    # Which partnership sits 0+2, and each pair's order, by lot: the starter of the
    # first round is drawn by lot anyway, so the seat numbers carry no advantage.
    if rng.random() < 0.5:
        (a, c), (b, d) = (b, d), (a, c)
    if rng.random() < 0.5:
        a, c = c, a
    if rng.random() < 0.5:
        b, d = d, b
    return (a, b, c, d)


def _repeats(split: Split, past: Past) -> int:
    """How many of the split's two partnerships have been partners before."""
    return sum(1 for x, y in split if past.partnered[pair(x, y)])


def _cost(split: Split, past: Past) -> tuple[int, int, int]:
    (a, c), (b, d) = split
    partnered = past.partnered[pair(a, c)] + past.partnered[pair(b, d)]
    opposed = sum(past.opposed[pair(x, y)] for x in (a, c) for y in (b, d))
    return (_repeats(split, past), partnered, opposed)


def seat_order(table: Sequence[str], past: Past, rng: Rng) -> tuple[str, ...]:
    """Seats for any table: partners rotated at four seats; otherwise an order by lot
    (the first starter is drawn by lot too, so seat numbers give no advantage)."""
    if len(table) == 4:
        return seat_with(table, past, rng)
    return tuple(_shuffled(table, rng))


def _shuffled(items: Sequence[str], rng: Rng) -> Iterator[str]:
    pool = list(items)
    while pool:
        yield pool.pop(int(rng.random() * len(pool)))
