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

from .grouping import Exhausted, split
from .history import pair, summarise
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

LEFTOVER_SETS_TRIED = 8  # choices of who keeps waiting, per number of tables tried
BUDGET = 20_000


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
    ranked = sorted(order, key=lambda p: (-scores.get(p, 0.0), order[p]))
    past = summarise(history)
    blocked = {pair(*p) for p in apart if len(p) == 2}

    def pair_ok(a: str, b: str) -> bool:
        return pair(a, b) not in blocked and (rematch_ok or not past.just_met(a, b))

    def closest(anchor: str, rest: Sequence[str]) -> list[str]:
        return list(rest)  # ``rest`` is in score order below the anchor: nearest first

    latest_first = sorted(order, key=lambda p: -order[p])
    for tables in range(len(ranked) // size, 0, -1):
        keep_waiting = len(ranked) - tables * size
        # Who keeps waiting: preferably the latest to come free; else whoever the
        # search leaves out (the lowest scores that fit no table).
        choices = [
            ([p for p in ranked if p not in left], 0)
            for left in islice(combinations(latest_first, keep_waiting), LEFTOVER_SETS_TRIED)
        ]
        if keep_waiting:
            choices.append((ranked, keep_waiting))
        for players, spare in choices:
            try:
                found = split(players, size, closest, pair_ok, budget=BUDGET, spare=spare)
            except Exhausted:
                continue
            if found is not None:
                return [Table(seat_order(t, past, rng), board) for board, t in enumerate(found, 1)]
    return []
