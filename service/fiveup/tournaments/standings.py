"""Standings: points, then the tie-breaks in order (docs/tournaments.md, "Standings").

Points are Swiss points (a win 1, a three-seat second place 0.5, a bye
``Config.bye_points``) or, in an arena, arena points with streaks.  Ties are broken, in
order, by

1. **Buchholz**: the sum of the final scores of every opponent met (partners are not
   opponents); a bye, or a table without a result, counts as opponents who scored what
   the player finally scored (the FIDE way of not punishing an unplayed round);
2. **Sonneborn-Berger**: for each table, the share of it the player won (1, 0.5 or 0;
   a bye its points) times the final scores of its opponents (as in Buchholz);
3. **wins**: tables won;
4. **match points difference**: displayed points the player's side scored minus the
   mean of what the other sides scored, over the tables with a result;
5. the **rating at the start** (higher first), then the **player id**, so two players
   never share a rank and the order is the same wherever it is computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .arena import arena_points
from .model import (
    ARENA,
    SWISS_POINTS,
    Config,
    Ending,
    Entrant,
    StandingRow,
    TableResult,
    place_points,
)


@dataclass(slots=True)
class _Tally:
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    wins: int = 0
    match_points_diff: float = 0.0
    tables: int = 0
    byes: int = 0


def final_points(results: Sequence[TableResult], config: Config) -> dict[str, float]:
    """Every player's total (Swiss points, or arena points in an arena)."""
    if config.format == ARENA:
        return {p: s.points for p, s in arena_points(results, config).items()}
    totals: dict[str, float] = {}
    for result in results:
        for player in result.seats:
            totals[player] = totals.get(player, 0.0) + result.points(player, config.bye_points)
    return totals


def opponents_per_table(table_size: int) -> int:
    """Opponents a player faces at a table: everyone else, or the other partnership."""
    return 2 if table_size == 4 else table_size - 1


def standings(
    entrants: Sequence[Entrant], results: Sequence[TableResult], config: Config
) -> list[StandingRow]:
    """Every entrant (withdrawn ones included), best first: points (Swiss points, or
    arena points with streaks), Buchholz, Sonneborn-Berger, wins, match points scored
    minus conceded, rating at the start, player id."""
    if len({e.player_id for e in entrants}) != len(entrants):
        raise ValueError("an entrant is listed twice")
    points = final_points(results, config)
    virtual = opponents_per_table(config.table_size)
    tallies = {e.player_id: _Tally() for e in entrants}
    for result in results:
        for player in result.seats:
            tally = tallies.get(player)
            if tally is None:  # a result of someone no longer listed: counts for others
                continue
            own = points.get(player, 0.0)
            if result.ending is Ending.BYE:
                tally.byes += 1
                tally.buchholz += own * virtual
                tally.sonneborn_berger += config.bye_points * own * virtual
                continue
            if not result.counts:
                tally.buchholz += own * virtual
                continue
            faced = sum(points.get(o, 0.0) for o in result.opponents(player))
            share = place_points(result.place(player), len(result.scores), SWISS_POINTS)
            tally.tables += 1
            tally.buchholz += faced
            tally.sonneborn_berger += share * faced
            tally.wins += result.won(player)
            scored, conceded = result.match_points(player)
            tally.match_points_diff += scored - conceded
    ordered = sorted(
        entrants,
        key=lambda e: (
            -points.get(e.player_id, 0.0),
            -tallies[e.player_id].buchholz,
            -tallies[e.player_id].sonneborn_berger,
            -tallies[e.player_id].wins,
            -tallies[e.player_id].match_points_diff,
            -e.rating,
            e.player_id,
        ),
    )
    return [
        StandingRow(
            rank=rank,
            player_id=e.player_id,
            points=points.get(e.player_id, 0.0),
            buchholz=tallies[e.player_id].buchholz,
            sonneborn_berger=tallies[e.player_id].sonneborn_berger,
            wins=tallies[e.player_id].wins,
            match_points_diff=tallies[e.player_id].match_points_diff,
            rating=e.rating,
            tables=tallies[e.player_id].tables,
            byes=tallies[e.player_id].byes,
            active=e.active,
        )
        for rank, e in enumerate(ordered, 1)
    ]
