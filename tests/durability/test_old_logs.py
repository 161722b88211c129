"""Matches stored before turns were announced and seat claims were events still load,
play on and stream, in both stores; the new event bodies round-trip through both."""

from __future__ import annotations

import time
from typing import Any

from fiveup.engine import Match, MatchConfig, SeatClaimed, Turn
from fiveup.match.matches import Matches, hash_token
from fiveup.match.ports import MatchRecord
from fiveup.store import open_store

from .logcheck import check_match


def old_body(event: Any) -> dict[str, Any]:
    body: dict[str, Any] = event.to_dict()
    body.pop("turn", None)  # what the server wrote before it announced turns
    return body


async def test_an_old_log_loads_plays_on_and_streams(db_url: str) -> None:
    store = open_store(db_url)
    await store.open()
    app = Matches(store)
    try:
        config = MatchConfig(("human", "human"), b"an old match".ljust(32, b"."), 61)
        match, first = Match.start(config)
        record = MatchRecord("old-match", config.seats, 61, config.seed, time.time())
        await store.create_match(record, [old_body(e) for e in first])
        await store.claim_seat("old-match", 0, hash_token("seat zero"))  # no event then
        await store.claim_seat("old-match", 1, hash_token("seat one"))
        for _ in range(3):  # a few moves, stored the old way
            seat = match.to_move()
            assert seat is not None
            before = match.version
            step = match.act(seat, match.legal_actions(seat)[0])
            await store.append("old-match", before, [old_body(e) for e in step])
        assert all("turn" not in e.body for e in await store.read_events("old-match"))

        view = (await app.view("old-match", 0)).view
        assert view.version == match.version
        assert view.current_turn == Turn(match.to_move() or 0, None)  # the seat, no deadline
        seat = view.turn
        assert seat is not None
        legal = await app.legal_actions("old-match", seat)
        result = await app.submit("old-match", seat, legal.actions[0], legal.version, "upgraded")
        assert result.events[-1][1].turn is not None  # new steps are announced
        streamed = [item async for item in _take(app.watch("old-match", None, 0), result.version)]
        assert [v for v, _ in streamed] == list(range(1, result.version + 1))
        assert sum(e.turn is not None for _, e in streamed) == len(result.events[-1:])
        await check_match(store, "old-match")
    finally:
        await app.close()
        await store.close()


async def test_claims_and_turns_round_trip_through_the_store(db_url: str) -> None:
    store = open_store(db_url)
    await store.open()
    app = Matches(store)
    try:
        match_id = (await app.create(["human", "greedy", "human"], 61)).match_id
        for seat in (0, 2):
            await app.join(match_id, seat)
        live = (await app.view(match_id, None)).view
        stored = await store.read_events(match_id)
        assert [e.body["seat"] for e in stored if e.body["type"] == "seat_claimed"] == [0, 2]
        # a second process (a fresh cache) folds the very same announcements
        other = Matches(store)
        try:
            fresh = (await other.view(match_id, None)).view
            assert fresh.current_turn == live.current_turn is not None
            assert fresh.current_turn.seat == live.turn
            watched = [e async for _, e in _take(other.watch(match_id, None, 0), fresh.version)]
            assert [e for e in watched if isinstance(e, SeatClaimed)] == [
                SeatClaimed(0),
                SeatClaimed(2),
            ]
        finally:
            await other.close()
        await check_match(store, match_id)
    finally:
        await app.close()
        await store.close()


async def _take(stream: Any, last: int) -> Any:
    """The items of a live watch stream up to version ``last``."""
    async for item in stream:
        assert isinstance(item, tuple)  # not a Resync
        yield item
        if item[0] >= last:
            break
