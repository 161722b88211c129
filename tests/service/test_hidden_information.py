"""Nothing hidden reaches a client that may not see it: not in views, not in streamed
events, not in error messages.  Checked on the bytes each client received, re-parsed."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import grpc
from google.protobuf.message import Message

from fiveup.engine import Match, MatchConfig, event_from_dict
from fiveup.v1 import common_pb2
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human
from .helpers import hidden_tiles
from .players import Watcher

REVEALED_FIELDS = {"last_round", "round_ended"}  # the reckoning reveals hands by design


def tiles_in(message: Message, path: str = "") -> set[tuple[int, int]]:
    """Every Tile anywhere inside a message, except under reckoning fields."""
    found: set[tuple[int, int]] = set()
    if isinstance(message, common_pb2.Tile):
        return {(min(message.low, message.high), max(message.low, message.high))}
    for field, value in message.ListFields():
        if field.name in REVEALED_FIELDS or field.message_type is None:
            continue
        items = value if field.is_repeated else [value]
        for item in items:
            found |= tiles_in(item, f"{path}.{field.name}")
    return found


async def check_hints(server: Running, match_id: str, token: str, session: Any) -> int:
    """SuggestMoves' bytes name no tile the seat may not see (1: checked; 0: the hint
    rate limit said no, which is fine)."""
    try:
        answer = await server.matches.SuggestMoves(
            pb.SuggestMovesRequest(match_id=match_id, deadline_ms=50), metadata=auth(token)
        )
    except grpc.aio.AioRpcError as exc:
        assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, exc
        return 0
    raw = answer.SerializeToString()
    parsed = pb.SuggestMovesResponse.FromString(raw)
    assert parsed.hints
    state = session.match
    if parsed.version == state.version:
        assert not tiles_in(parsed) & hidden_tiles(state, 0)
    assert session.record.seed not in raw
    return 1


async def test_views_and_streams_never_show_hidden_tiles(server: Running) -> None:
    rng = random.Random(2024)
    hints_checked = 0
    for game in range(6):
        players = 2 + game % 3
        seats = [human()] + [bot(rng.choice(["random", "greedy"]))] * (players - 1)
        created = await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=seats, target_points=10, hints_allowed=True)
        )
        joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
        token = joined.seat_token
        watchers = {
            0: Watcher(server.matches, created.match_id, token).start(),
            None: Watcher(server.matches, created.match_id).start(),
        }
        session = server.app.matches.repository.cached(created.match_id)
        assert session is not None
        for n in range(3000):
            received = {
                0: await server.matches.GetMatch(
                    pb.GetMatchRequest(match_id=created.match_id), metadata=auth(token)
                ),
                None: await server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id)),
            }
            state = session.match  # the server's own state at (at least) that version
            for viewer, response in received.items():
                parsed = pb.GetMatchResponse.FromString(response.SerializeToString())
                if parsed.view.version == state.version:
                    assert not tiles_in(parsed) & hidden_tiles(state, viewer)
                assert session.record.seed not in response.SerializeToString()
            view = received[0].view
            if view.status == pb.MATCH_STATUS_FINISHED:
                break
            if view.HasField("turn_seat") and view.turn_seat == 0:
                hints_checked += await check_hints(server, created.match_id, token, session)
                move = rng.choice(list(view.legal_moves))
                try:
                    await server.matches.SubmitMove(
                        pb.SubmitMoveRequest(
                            match_id=created.match_id,
                            move=move,
                            expected_version=view.version,
                            request_id=f"g{game}-{n}",
                        ),
                        metadata=auth(token),
                    )
                except grpc.aio.AioRpcError as exc:
                    assert exc.code() == grpc.StatusCode.ABORTED
                    assert session.record.seed.hex() not in (exc.details() or "")
            else:
                await watchers[0].wait_change()
        for w in watchers.values():
            await asyncio.wait_for(w.task, 30)  # type: ignore[arg-type]

        # Replay the authoritative log and check each streamed event against the state
        # just after it: a placed tile is public from then on, a drawn one is not.
        record = await server.app.store.read_events(created.match_id)
        config = MatchConfig(
            session.record.seats, session.record.seed, session.record.target_points
        )
        replay = Match(config)
        by_version = {v: {k: None for k in watchers} for v in range(1, len(record) + 1)}
        for viewer, w in watchers.items():
            for e in w.events:
                by_version[e.version][viewer] = pb.MatchEvent.FromString(e.SerializeToString())
        claims = {
            e.seat_claimed.seat
            for w in watchers.values()
            for e in w.events
            if e.HasField("seat_claimed")
        }
        assert claims == {0}  # the arrival is on every stream
        for stored in record:
            replay.apply(event_from_dict(stored.body))
            for viewer in watchers:
                event = by_version[stored.version][viewer]
                assert event is not None, f"viewer {viewer} missed version {stored.version}"
                leaked = tiles_in(event) & hidden_tiles(replay, viewer)
                assert not leaked, (viewer, event)
                blob = event.SerializeToString()
                assert session.record.seed not in blob
                assert token.encode() not in blob  # a seat claim names the seat, never its token
                drawn = event.tile_drawn
                if event.HasField("tile_drawn") and drawn.seat != viewer:
                    # hidden, said so: not "unplayable", and nothing else about the tile
                    assert drawn.playability == pb.PLAYABILITY_HIDDEN and not drawn.playable
                    assert not drawn.HasField("tile")
                if event.HasField("turn"):
                    assert event.turn.seat == replay.to_move()
    assert hints_checked >= 6, "each game answered at least one hint request"
