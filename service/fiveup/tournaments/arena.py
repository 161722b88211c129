"""Arena: tables formed as players come free, by current score; points with streaks
(docs/tournaments.md, "Arena").

As on lichess (modules/tournament, arena): for a fixed time, whoever has finished a
table waits to be paired again; the waiting are seated by current score, closest
together, and never against someone from their own last table while anyone else could
be paired instead.  A win scores 2, a three-seat second place 1, anything else 0; after
two wins in a row a player is on a streak and each further win scores double, until a
table they do not win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, islice

from .grouping import Budget, Exhausted, portion, split
from .history import Past, pair, summarise
from .model import (
    ARENA_POINTS,
    Apart,
    Config,
    Ending,
    Rng,
    Table,
    TableResult,
    place_points,
)
from .partners import seat_order

LEFTOVER_SETS_TRIED = 4  # choices of who keeps waiting tried first
BUDGET = 60_000  # steps of all the searches of one pairing (grouping.split)
SEARCH_BUDGET = 20_000  # steps of one of them
UNBOUNDED = 1 << 62


@dataclass(frozen=True, slots=True)
class ArenaScore:
    """A player's arena total and sheet (each table's points, in the order they ended)."""

    points: float
    sheet: tuple[float, ...]
    on_streak: bool  # their last two tables won: the next win scores double
    wins: int


def arena_points(results: Sequence[TableResult], config: Config) -> dict[str, ArenaScore]:
    """Every player's arena score from the tables in the order they ended.  A table
    without a result (aborted) is on nobody's sheet, except the side that conceded it:
    a 0, which ends their streak (conceding early cannot save one)."""
    sheets: dict[str, list[float]] = {}
    won: dict[str, list[bool]] = {}
    for result in results:
        if result.ending is Ending.BYE:
            continue
        for player in result.seats:
            if result.counts:
                place = result.place(player)
                points = place_points(place, len(result.scores), ARENA_POINTS)
                win = place == 1
            elif result.forfeited_side is not None and (
                result.side(player) == result.forfeited_side
            ):
                points, win = 0.0, False
            else:
                continue
            history = won.setdefault(player, [])
            if win and config.streaks and history[-2:] == [True, True]:
                points *= 2
            history.append(win)
            sheets.setdefault(player, []).append(points)
    return {
        player: ArenaScore(
            points=sum(sheet),
            sheet=tuple(sheet),
            on_streak=config.streaks and won[player][-2:] == [True, True],
            wins=sum(won[player]),
        )
        for player, sheet in sheets.items()
    }


def pair_waiting(
    waiting: Sequence[str],
    scores: Mapping[str, float],
    history: Sequence[TableResult],
    config: Config,
    rng: Rng,
    *,
    apart: Apart = (),
    rematch_ok: bool = False,
) -> list[Table]:
    """Tables for the waiting players (in the order they came free): closest current
    scores together, nobody against their last table's opponents while others wait,
    never two ``apart`` players together; whoever does not fit keeps waiting (the
    latest to come free first).  ``rematch_ok``: nobody else is left in the arena to
    pair with (the caller knows), so a table of just-met players is better than none."""
    size = config.table_size
    order = {player: i for i, player in enumerate(dict.fromkeys(waiting))}
    past = summarise(history)
    blocked = {pair(*p) for p in apart if len(p) == 2}

    def pair_ok(a: str, b: str) -> bool:
        return pair(a, b) not in blocked and (rematch_ok or not past.just_met(a, b))

    # Whoever has fewer possible companions than a table needs keeps waiting at once
    # (blocks are chosen by players: a search must not be theirs to make slow).
    ranked = [
        p
        for p in sorted(order, key=lambda p: (-scores.get(p, 0.0), order[p]))
        if sum(1 for q in order if q != p and pair_ok(p, q)) >= size - 1
    ]

    def closest(anchor: str, rest: Sequence[str]) -> list[str]:
        mine = scores.get(anchor, 0.0)
        return sorted(rest, key=lambda p: abs(scores.get(p, 0.0) - mine))  # stable: rank

    budget = Budget(BUDGET)
    keep_waiting = len(ranked) % size
    latest_first = sorted(ranked, key=lambda p: -order[p])
    # Everyone seated but the latest to come free; else but any few; else (one quick
    # descent, the hardest to place first) as many as can be.
    attempts = [
        ([p for p in ranked if p not in left], 0)
        for left in islice(combinations(latest_first, keep_waiting), LEFTOVER_SETS_TRIED)
    ]
    attempts.append((ranked, keep_waiting))
    for players, spare in attempts:
        if budget.left <= 0:
            break
        try:
            with portion(budget, SEARCH_BUDGET) as search:
                found = split(players, size, closest, pair_ok, budget=search, spare=spare)
        except Exhausted:
            continue
        if found is not None:
            return _tables(found, past, rng)
    # (Unbounded: a descent that may leave anyone out never backs up.)
    anyone = split(ranked, size, closest, pair_ok, budget=UNBOUNDED, spare=len(ranked),
                   hardest_first=True)  # fmt: skip
    return _tables(anyone or [], past, rng)


def _tables(found: list[tuple[str, ...]], past: Past, rng: Rng) -> list[Table]:
    return [Table(seat_order(t, past, rng), board) for board, t in enumerate(found, 1)]
