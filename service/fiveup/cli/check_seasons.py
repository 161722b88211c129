"""``fiveup check-seasons``: recompute every season's board from the event logs and
compare it with the stored one (docs/seasons.md, "Checking the seasons"), and replay
every archived league season's promotions and relegations from its final board.

A season's results are the rated matches of the ledger that ended in it, each player's
placement and win folded from the match's log (as ``check-ratings`` folds them), worth
their season points (``ratings.leagues``).  A voided match counts for nobody in a season
still open, and in an archived season if it was voided before the archive (the archived
board is final).  The league's moves are decided again from the archived board and the
groups (``leagues.decide_group``), with the players recorded as held back as the
suspended ones (a suspension is the operators' record, not the logs'), and must equal
the recorded ones (given the server's league settings: the zones' sizes).  Every group
must also hold no more players than the group size."""

from __future__ import annotations

from dataclasses import dataclass

from ..match.ratings_replay import rated_matches_from_logs
from ..ratings.leagues import LeaguePolicy, Tally, decide_group, tally
from ..ratings.schedule import SeasonSpec
from ..ratings.season_ports import ARCHIVED, SeasonRecord
from ..store import open_rating_store, open_season_store, open_store
from .check_ratings import require_database


@dataclass(frozen=True, slots=True)
class SeasonMismatch:
    season_id: str
    player_id: str
    stored: Tally | None
    rebuilt: Tally | None


@dataclass(frozen=True, slots=True)
class MoveMismatch:
    season_id: str
    player_id: str
    stored: str
    replayed: str


@dataclass(frozen=True, slots=True)
class SeasonCheck:
    seasons: int
    archived: int
    results: int  # counting results folded from the logs (a player's side of a match)
    mismatches: tuple[SeasonMismatch, ...]
    moves: int  # league moves replayed
    move_mismatches: tuple[MoveMismatch, ...]

    @property
    def ok(self) -> bool:
        return not (self.mismatches or self.move_mismatches)


Result = tuple[str, str, int, bool]  # (player_id, category, placement, won)


def _in(spec: SeasonSpec, at: float) -> bool:
    return spec.starts_at <= at < spec.ends_at


async def check_seasons(url: str, policy: LeaguePolicy) -> SeasonCheck:
    """Compare the seasons of the database ``url`` with a recomputation from its logs,
    the league's moves replayed with ``policy`` (the server's league settings)."""
    require_database(url)
    events, ratings, seasons = open_store(url), open_rating_store(url), open_season_store(url)
    opened = []
    try:
        for store in (events, ratings, seasons):
            await store.open()
            opened.append(store)
        ledger = await ratings.rated_match_ids()
        ended = await seasons.ledger_times()
        voided = await seasons.void_times()
        folded = await rated_matches_from_logs(ledger, events)
        results: dict[str, list[Result]] = {}
        for match in folded:
            places = match.placements
            results[match.match_id] = [
                (player, match.category, places[side], side == match.winner_side)
                for side, players in enumerate(match.sides)
                for player in players
            ]
        records = await seasons.all_seasons()
        stored: dict[str, dict[str, Tally]] = {}
        changes = {}
        members = {}
        for record in records:
            sid = record.spec.season_id
            if record.state == ARCHIVED:
                stored[sid] = await seasons.archived_tallies(sid)
                if record.spec.league:
                    changes[sid] = await seasons.season_changes(sid)
                    members[sid] = await seasons.members(sid)
            else:
                stored[sid] = await seasons.live_tallies(record.spec)
    finally:
        for store in reversed(opened):
            await store.close()
    mismatches: list[SeasonMismatch] = []
    move_mismatches: list[MoveMismatch] = []
    counted = moves = 0
    for record in records:
        rebuilt = tally(_season_results(record, results, ended, voided))
        counted += sum(t.matches for t in rebuilt.values())
        sid = record.spec.season_id
        for player in sorted(rebuilt.keys() | stored[sid].keys()):
            if rebuilt.get(player) != stored[sid].get(player):
                mismatches.append(
                    SeasonMismatch(sid, player, stored[sid].get(player), rebuilt.get(player))
                )
        if sid in changes:
            recorded = {c.player_id: c for c in changes[sid]}
            held = {c.player_id for c in changes[sid] if c.held_back}
            groups: dict[tuple[int, int], list[Tally]] = {}
            for m in members[sid]:
                t = stored[sid].get(m.player_id, Tally(m.player_id, 0, 0, 0))
                groups.setdefault((m.tier, m.group_no), []).append(t)
            for (tier, group), table in groups.items():
                if len(table) > policy.group_size:
                    move_mismatches.append(
                        MoveMismatch(sid, f"group {tier}/{group}", f"{len(table)} players",
                                     f"at most {policy.group_size}")
                    )  # fmt: skip
            for (tier, _group), table in sorted(groups.items()):
                for move in decide_group(policy, tier, table, held):
                    moves += 1
                    c = recorded.get(move.player_id)
                    got = "" if c is None else f"{c.change} {c.from_tier}->{c.to_tier} #{c.rank}"
                    want = f"{move.change} {move.from_tier}->{move.to_tier} #{move.rank}"
                    if got != want:
                        move_mismatches.append(MoveMismatch(sid, move.player_id, got, want))
    archived = sum(1 for r in records if r.state == ARCHIVED)
    return SeasonCheck(
        len(records), archived, counted, tuple(mismatches), moves, tuple(move_mismatches)
    )


def _season_results(
    record: SeasonRecord,
    results: dict[str, list[Result]],
    ended: dict[str, float],
    voided: dict[str, float],
) -> list[Result]:
    out: list[Result] = []
    for match_id, rows in results.items():
        if not _in(record.spec, ended[match_id]):
            continue
        at = voided.get(match_id)
        if at is not None and (record.archived_at is None or at <= record.archived_at):
            continue  # voided while the season still counted
        out.extend(rows)
    return out
