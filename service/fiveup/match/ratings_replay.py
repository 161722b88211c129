"""Every rating rebuilt from scratch out of the event logs: the rated matches' logs
folded in the ledger's order through ``model.rebuild``.  Equal, float for float, to the
stored ratings (tests/ratings/test_rated_matches.py): the store's numbers are a cache of
the logs, not a second truth.

Each seat's player comes from its SeatClaimed event.  Logs written before claims named
their player need the lobby's seat bindings (``owners``) as well; with them, every claim
that names a player is also checked against its binding."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..engine import MatchStarted
from ..ratings.eligibility import aborted
from ..ratings.model import RatedMatch, Rating, rebuild
from ..ratings.outcome import CASUAL, PRACTICE, RATED, SeatOwners, match_outcome
from ..ratings.stats import match_figures
from .event_mapper import from_stored
from .ports import EventStore


async def rated_matches_from_logs(
    match_ids: Iterable[str], events: EventStore, owners: SeatOwners | None = None
) -> list[RatedMatch]:
    """The rated matches ``match_ids`` (in that order) as read from their logs (and their
    seat bindings, when ``owners`` is given)."""
    out = []
    for match_id in match_ids:
        log = [event for _, event in from_stored(await events.read_events(match_id))]
        bindings = None if owners is None else await owners.seat_owners(match_id)
        outcome = match_outcome(match_id, 0.0, log, bindings)
        out.append(outcome.rated_match())  # raises if the log says it is not rated
    return out


async def ratings_from_logs(
    match_ids: Iterable[str], events: EventStore, owners: SeatOwners | None = None
) -> dict[tuple[str, str], Rating]:
    """Every (category, player) rating after the rated matches ``match_ids`` in order."""
    return rebuild(await rated_matches_from_logs(match_ids, events, owners))


async def modes_from_logs(
    match_ids: Iterable[str], ledger: Collection[str], events: EventStore
) -> dict[str, str]:
    """Each finished match's mode: rated when the ledger rated it (whether a match the
    log could rate was admitted is the eligibility rules' call, recorded there alone),
    else practice when its match_started says so, else casual."""
    out = {}
    rated = set(ledger)
    for match_id in match_ids:
        if match_id in rated:
            out[match_id] = RATED
            continue
        log = (event for _, event in from_stored(await events.read_events(match_id)))
        started = next(e for e in log if isinstance(e, MatchStarted))
        out[match_id] = PRACTICE if started.practice else CASUAL
    return out


async def aborted_in_ledger(
    match_ids: Iterable[str], events: EventStore, min_own_moves: int
) -> list[str]:
    """The rated matches among ``match_ids`` whose log says they should not have been:
    a side forfeited before every seat made ``min_own_moves`` own moves (the rule of
    ``ratings.eligibility.aborted``, a function of the log alone)."""
    out = []
    for match_id in match_ids:
        log = [event for _, event in from_stored(await events.read_events(match_id))]
        if aborted(match_outcome(match_id, 0.0, log, None), min_own_moves):
            out.append(match_id)
    return out


async def own_play_from_logs(
    match_ids: Iterable[str], events: EventStore
) -> dict[tuple[str, int], tuple[int, int]]:
    """Each seat's own play -- (own moves, own rounds), as ``stats.match_figures`` folds
    them -- of the finished matches ``match_ids``."""
    out = {}
    for match_id in match_ids:
        log = [event for _, event in from_stored(await events.read_events(match_id))]
        for f in match_figures(log):
            out[(match_id, f.seat)] = (f.own_moves, f.own_rounds)
    return out
