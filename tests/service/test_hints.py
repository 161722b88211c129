"""SuggestMoves over a real channel: every legal move ranked from the seat's own view,
deterministic, blind to the hidden tiles, only where the match allows hints, limited
and counted."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from prometheus_client import REGISTRY

from fiveup.bots.values import MatchValue
from fiveup.engine import (
    Draw,
    Event,
    Match,
    MatchConfig,
    Pass,
    Passed,
    Place,
    RoundDealt,
    SeatAutoPlayed,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
    event_from_dict,
    view_for,
)
from fiveup.match.hints import HintsConfig, HintService, Suggestions
from fiveup.match.ports import MatchRecord
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human, server_fixture, start, stop, wait_for
from .helpers import error_info

Seats = list[pb.SeatSpec]

# A deadline bounds a hint's time, so "every deal was sampled" holds only when time cannot
# cut the sampling short: under load the default half second (or even two) is not enough
# for 64 deals.  The tests that count deals ask for this much, and the server allows it.
PLENTY_MS = 600_000


server = server_fixture(hint_max_deadline_ms=PLENTY_MS)


async def practice_match(server: Running, seats: Seats, **options: Any) -> tuple[str, str]:
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats, **options))
    joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    assert joined.seat == 0
    return created.match_id, joined.seat_token


async def my_turn(server: Running, match_id: str, token: str) -> pb.MatchView:
    async def ready() -> pb.MatchView | None:
        view = (
            await server.matches.GetMatch(
                pb.GetMatchRequest(match_id=match_id), metadata=auth(token)
            )
        ).view
        if view.status == pb.MATCH_STATUS_FINISHED:
            raise AssertionError("the match ended before the human's turn")
        return view if view.HasField("turn_seat") and view.turn_seat == 0 else None

    return await wait_for(ready)  # type: ignore[no-any-return]


async def play_first(server: Running, match_id: str, token: str, n: int) -> None:
    """Play seat 0's first legal move ``n`` times (the bots answer in between)."""
    for i in range(n):
        view = await my_turn(server, match_id, token)
        await server.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=match_id,
                move=view.legal_moves[0],
                expected_version=view.version,
                request_id=f"first-{i}",
            ),
            metadata=auth(token),
        )


def move_key(move: pb.Move) -> bytes:
    return move.SerializeToString(deterministic=True)


async def test_every_legal_move_is_ranked_with_its_points_and_estimate(server: Running) -> None:
    match_id, token = await practice_match(server, [human(), bot("greedy")], practice=True)
    await play_first(server, match_id, token, 1)
    view = await my_turn(server, match_id, token)
    answer = await server.matches.SuggestMoves(
        pb.SuggestMovesRequest(match_id=match_id, min_version=view.version, deadline_ms=PLENTY_MS),
        metadata=auth(token),
    )
    assert answer.version == view.version
    assert sorted(map(move_key, (h.move for h in answer.hints))) == sorted(
        map(move_key, view.legal_moves)
    )
    placements = [h for h in answer.hints if h.move.HasField("place")]
    if placements:
        assert all(h.HasField("expected_margin") and h.HasField("win_chance") for h in placements)
        assert all(0.0 <= h.win_chance <= 1.0 for h in placements)
        # best first by the master's value: the chance, the margin between equal chances
        tie = MatchValue().tie_break
        values = [h.win_chance + tie * h.expected_margin for h in answer.hints]
        assert values == sorted(values, reverse=True)
        assert answer.samples == HintsConfig().samples
    else:  # a forced draw or pass has no estimate
        assert answer.samples == 0 and not answer.hints[0].HasField("expected_margin")
        assert not answer.hints[0].HasField("win_chance")
    # the points and end sum a hint states are what the move then scores
    top = answer.hints[0]
    done = await server.matches.SubmitMove(
        pb.SubmitMoveRequest(
            match_id=match_id, move=top.move, expected_version=answer.version, request_id="top"
        ),
        metadata=auth(token),
    )
    assert done.points == top.points
    if top.move.HasField("place"):
        assert done.events[0].tile_placed.end_sum == top.end_sum


async def test_hints_only_where_allowed_and_only_for_the_seat_to_move(server: Running) -> None:
    casual, casual_token = await practice_match(server, [human(), bot("greedy")])
    view = await my_turn(server, casual, casual_token)
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.SuggestMoves(
            pb.SuggestMovesRequest(match_id=casual), metadata=auth(casual_token)
        )
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(caught.value).reason == "HINTS_NOT_ALLOWED"

    # a casual match may allow hints; the other seat is not to move; spectators get none
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], hints_allowed=True)
    )
    tokens = [
        (
            await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=s))
        ).seat_token
        for s in (0, 1)
    ]
    view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))).view
    assert view.hints_allowed and not view.practice
    waiting = 1 - view.turn_seat
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.SuggestMoves(
            pb.SuggestMovesRequest(match_id=created.match_id), metadata=auth(tokens[waiting])
        )
    assert error_info(caught.value).reason == "NOT_YOUR_TURN"
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.SuggestMoves(pb.SuggestMovesRequest(match_id=created.match_id))
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[human(), bot()], practice=True, hints_allowed=False)
        )
    assert error_info(caught.value).reason == "INVALID_ARGUMENT"
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[human(), human()], practice=True)
        )
    assert error_info(caught.value).reason == "INVALID_CONFIG"


async def test_hint_requests_are_rate_limited_per_seat_and_counted(tmp_path: Path) -> None:
    running = await start(
        tmp_path / "limits.sqlite3", rate_limit_hints=0.001, rate_limit_hints_burst=2
    )
    try:
        match_id, token = await practice_match(running, [human(), bot("greedy")], practice=True)
        await my_turn(running, match_id, token)
        given = REGISTRY.get_sample_value("fiveup_hint_seconds_count") or 0.0
        refused = (
            REGISTRY.get_sample_value(
                "fiveup_rate_limited_total", {"method": "SuggestMoves", "scope": "seat"}
            )
            or 0.0
        )
        request = pb.SuggestMovesRequest(match_id=match_id, deadline_ms=50)
        for _ in range(2):
            await running.matches.SuggestMoves(request, metadata=auth(token))
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await running.matches.SuggestMoves(request, metadata=auth(token))
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert REGISTRY.get_sample_value("fiveup_hint_seconds_count") == given + 2
        assert (
            REGISTRY.get_sample_value(
                "fiveup_rate_limited_total", {"method": "SuggestMoves", "scope": "seat"}
            )
            == refused + 1
        )
    finally:
        await stop(running)


# --------------------------------------------------------------------------- hidden tiles


def _action_of(event: Event) -> Place | Draw | Pass | None:
    if isinstance(event, TilePlaced):
        return Place(event.tile, event.on)
    if isinstance(event, TileDrawn):
        return Draw()
    if isinstance(event, Passed):
        return Pass()
    return None


def swapped_history(
    config: MatchConfig, events: list[Event], seat: int
) -> tuple[list[Event], tuple[Any, Any]]:
    """The same history with two tiles ``seat`` cannot see swapped between the other hands
    and the boneyard, such that every action of the current round is still legal: a
    different truth that looks the same from ``seat``.  Returns the new events and the
    swapped pair."""
    last_deal = max(i for i, e in enumerate(events) if isinstance(e, RoundDealt))
    dealt = events[last_deal]
    assert isinstance(dealt, RoundDealt)
    live = Match.replay(config, events)
    assert live.round is not None
    hidden_now = {t for s, h in enumerate(live.round.hands) if s != seat for t in h}
    hidden_now |= set(live.round.boneyard)
    holders = [list(h) for h in dealt.hands] + [list(dealt.boneyard)]
    spots = [
        (where, i, t)
        for where, tiles in enumerate(holders)
        if where != seat
        for i, t in enumerate(tiles)
        if t in hidden_now
    ]
    for a in range(len(spots)):
        for b in range(a + 1, len(spots)):
            (wa, ia, ta), (wb, ib, tb) = spots[a], spots[b]
            if wa == wb:
                continue
            swapped = [tiles[:] for tiles in holders]
            swapped[wa][ia], swapped[wb][ib] = tb, ta
            deal = dataclasses.replace(
                dealt,
                hands=tuple(tuple(h) for h in swapped[:-1]),
                boneyard=tuple(swapped[-1]),
            )
            other = Match.replay(config, [*events[:last_deal], deal])
            out: list[Event] = [*events[:last_deal], deal]
            rest = events[last_deal + 1 :]
            try:
                i = 0
                while i < len(rest):  # each step again: an action, a claim, a stand-in
                    event = rest[i]
                    action = _action_of(event)
                    if action is not None:
                        assert isinstance(event, TilePlaced | TileDrawn | Passed)
                        made = other.act(event.seat, action)
                    elif isinstance(event, SeatClaimed):
                        made = other.claim_seat(event.seat, event.display_name)
                    elif isinstance(event, SeatAutoPlayed):
                        made = other.set_auto(event.seat, event.active)
                    else:
                        raise AssertionError(f"a step cannot start with {event}")
                    originals = rest[i : i + len(made)]
                    assert [e.kind for e in made] == [e.kind for e in originals]
                    # the same announcements (turns and their deadlines) as the real log
                    out += [
                        dataclasses.replace(m, turn=o.turn)
                        for m, o in zip(made, originals, strict=True)
                    ]
                    i += len(made)
            except Exception:
                continue
            twin = Match.replay(config, out)
            if len(out) == len(events) and view_for(twin, seat) == view_for(live, seat):
                return out, (ta, tb)
    raise AssertionError("no swap of hidden tiles keeps this history legal")


async def _play(server: Running, view: pb.MatchView, token: str, i: int) -> None:
    await server.matches.SubmitMove(
        pb.SubmitMoveRequest(
            match_id=view.match_id,
            move=view.legal_moves[0],
            expected_version=view.version,
            request_id=f"on-{i}",
        ),
        metadata=auth(token),
    )


async def test_the_estimate_uses_the_seat_view_only(server: Running) -> None:
    """Swap hidden tiles between the other hands and the boneyard (consistently with
    everything seat 0 saw), store that as a second match, and ask both: the answers are
    identical -- the sampling seed comes from the view, and the view is the same."""
    match_id, token = await practice_match(
        server, [human(), bot("greedy"), bot("greedy")], practice=True
    )
    await play_first(server, match_id, token, 2)
    for i in range(40):  # on to a turn with a choice between placements
        view = await my_turn(server, match_id, token)
        if sum(m.HasField("place") for m in view.legal_moves) >= 2:
            break
        await _play(server, view, token, i)
    store = server.app.store
    record = await store.load_match(match_id)
    events = [event_from_dict(s.body) for s in await store.read_events(match_id)]
    config = MatchConfig(record.seats, record.seed, record.target_points)
    other_events, (ta, tb) = swapped_history(config, events, seat=0)
    assert other_events != events
    twin_id = match_id[::-1]
    await store.create_match(
        MatchRecord(twin_id, record.seats, record.target_points, record.seed, time.time()),
        [e.to_dict() for e in other_events],
    )
    hints = HintService(server.app.matches.repository, HintsConfig(samples=48))
    answers: list[Suggestions] = [
        await hints.suggest(mid, 0, deadline=30.0) for mid in (match_id, twin_id)
    ]
    real = server.app.matches.repository.cached(match_id)
    twin = server.app.matches.repository.cached(twin_id)
    assert real is not None and twin is not None
    assert real.match.round is not None and twin.match.round is not None
    assert real.match.round.hands != twin.match.round.hands or (
        real.match.round.boneyard != twin.match.round.boneyard
    ), f"the twin holds the same tiles after swapping {ta} and {tb}"
    assert answers[0].samples == answers[1].samples == 48
    assert answers[0] == answers[1]
    again = await hints.suggest(match_id, 0, deadline=30.0)
    assert again == answers[0]  # and deterministic


async def test_the_deadline_bounds_the_sampling(server: Running) -> None:
    """With time to spare every deal of the budget is drawn; with a deadline far below
    what the budget needs, sampling stops early (at least one deal) and still answers."""
    match_id, token = await practice_match(server, [human(), bot("greedy"), bot("greedy")],
                                           practice=True)  # fmt: skip
    for i in range(40):
        view = await my_turn(server, match_id, token)
        if sum(m.HasField("place") for m in view.legal_moves) >= 2:
            break
        await _play(server, view, token, i)
    answer = await server.matches.SuggestMoves(
        pb.SuggestMovesRequest(match_id=match_id, deadline_ms=PLENTY_MS), metadata=auth(token)
    )
    assert answer.samples == HintsConfig().samples  # plenty of time: every deal
    repository = server.app.matches.repository  # the same computation, bounded by 1 ms
    quick = await HintService(repository, HintsConfig(samples=10_000)).suggest(
        match_id, 0, deadline=0.001
    )
    assert 1 <= quick.samples < 10_000
    # cut short, the answer is still in the documented order (best first by the master's
    # value: the chance, then the margin), never the order the sampling left it in
    tie = MatchValue().tie_break
    values = [
        h.win_chance + tie * h.expected_margin
        for h in quick.hints
        if h.win_chance is not None and h.expected_margin is not None
    ]
    assert len(values) == len(quick.hints) >= 2
    assert values == sorted(values, reverse=True)
