"""Abuse limits: per-peer and per-seat token buckets on the state-changing calls, and a cap
on WatchMatch streams per match.  Against a real server; time moves by a fake clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, get_args

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from prometheus_client import REGISTRY

from fiveup.api.limits import (
    LIMITED,
    PLAYER_STREAMS,
    STREAMING_METHODS,
    CreationLimited,
    Limits,
    LimitsConfig,
    PeerLimited,
    RateLimiter,
    ReadLimited,
    SeatLimited,
    TokenBucket,
    parse_networks,
    peer_address,
    stream_kinds,
)
from fiveup.api.stream_pools import KIND_SCOPES, STREAM_SCOPES
from fiveup.shared.errors import TooManyBotMatches, TooManyRequests, TooManyStreams
from fiveup.telemetry.game_metrics import MatchObserver
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, ratings_pb2, ratings_pb2_grpc
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, human, start, stop, wait_for
from tests.service.helpers import error_info, snapshot

from .conftest import FakeClock, Recorder, retry_delay


@pytest.fixture
async def limited(tmp_path: Path) -> AsyncIterator[tuple[Running, FakeClock, Recorder]]:
    running = await start(
        tmp_path / "limits.sqlite3",
        rate_limit_peer=2.0, rate_limit_peer_burst=4,
        rate_limit_seat=1.0, rate_limit_seat_burst=3,
        rate_limit_reads=1.0, rate_limit_reads_burst=3,
        max_watchers_per_match=2,
    )  # fmt: skip
    clock, recorder = FakeClock(), Recorder()
    assert running.app.limits is not None
    running.app.limits.clock = clock
    running.app.limits.observer = recorder
    try:
        yield running, clock, recorder
    finally:
        await stop(running)


def assert_limited(exc: grpc.aio.AioRpcError, reason: str, scope: str | None = None) -> float:
    assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, exc.details()
    info = error_info(exc)
    assert info.reason == reason
    if scope is not None:
        assert info.metadata["scope"] == scope
    delay = retry_delay(exc)
    assert delay is not None and delay > 0, "no RetryInfo"
    return delay


# --------------------------------------------------------------------------- units


def test_token_bucket_refills_at_its_rate_and_never_beyond_its_burst() -> None:
    bucket = TokenBucket(rate=2.0, burst=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(0.5)  # one token comes back every 0.5 s
    assert bucket.take(0.25) == pytest.approx(0.25)  # refused calls take nothing
    assert bucket.take(0.5) == 0.0
    assert bucket.take(100.0) == 0.0  # a long pause refills to the burst, not beyond
    assert [bucket.take(100.0) for _ in range(3)] == [0.0, 0.0, pytest.approx(0.5)]


def test_rate_limiter_keys_are_independent_bounded_and_off_at_zero() -> None:
    clock = FakeClock()
    limiter = RateLimiter(1.0, 1, clock=clock, max_keys=3)
    assert limiter.check("a") == 0.0
    assert limiter.check("a") > 0
    assert limiter.check("b") == 0.0
    for key in "cdefg":
        limiter.check(key)
    assert len(limiter) == 3  # the least recently used buckets were dropped
    off = RateLimiter(0.0, 1, clock=clock)
    assert all(off.check("x") == 0.0 for _ in range(1000)) and len(off) == 0


def test_peer_address_drops_the_port_and_trusts_the_header_only_from_a_gateway() -> None:
    assert peer_address("ipv4:10.0.0.7:51234") == "10.0.0.7"
    assert peer_address("ipv6:[::1]:5000") == "::1"
    assert peer_address("unix:/tmp/s") == "unix:/tmp/s"
    forwarded = (("x-forwarded-for", "203.0.113.9, 10.1.2.3"),)
    gateway = parse_networks(["10.0.0.0/24", "::1"])
    header = "x-forwarded-for"
    assert peer_address("ipv4:10.0.0.7:1", forwarded) == "10.0.0.7"  # not configured: ignored
    assert peer_address("ipv4:10.0.0.7:1", forwarded, header) == "10.0.0.7"  # no gateway named
    # From the gateway: the last entry, the address the gateway itself saw.
    assert peer_address("ipv4:10.0.0.7:1", forwarded, header, gateway) == "10.1.2.3"
    assert peer_address("ipv6:[::1]:9", forwarded, header, gateway) == "10.1.2.3"
    # From anyone else the header is the client's own claim: ignored.
    assert peer_address("ipv4:10.0.1.7:1", forwarded, header, gateway) == "10.0.1.7"
    assert peer_address("unix:/tmp/s", forwarded, header, gateway) == "unix:/tmp/s"
    config = LimitsConfig(client_address_header=header, trusted_proxies=("10.0.0.7",))
    assert config.client_address("ipv4:10.0.0.7:1", forwarded) == "10.1.2.3"
    with pytest.raises(ValueError, match="not an IP address or network: 'gateway'"):
        LimitsConfig(trusted_proxies=("gateway",))


def test_stream_slots_are_released() -> None:
    limits = Limits(LimitsConfig(max_watchers_per_match=1))
    with limits.watching("m"):
        assert limits.streams.open("m") == 1
    assert limits.streams.open("m") == 0
    with pytest.raises(RuntimeError), limits.watching("m"):
        raise RuntimeError
    assert limits.streams.open("m") == 0


# The one pool each scope's refusal needs: (its setting, the two clients to open from).
POOL_OF: dict[str, dict[str, Any]] = {
    "client_streams": {"max_client_streams": 1},
    "network_streams": {"max_network_streams": 1},
    "client_anonymous_streams": {"max_client_anonymous_streams": 1},
    "network_anonymous_streams": {"max_network_anonymous_streams": 1},
    "seat_streams": {"max_seat_streams": 1},
    "spectator_streams": {"max_spectators_per_match": 1},
    "anonymous_streams": {"max_anonymous_streams": 1},
    "shared_streams": {"max_server_streams": 3, "stream_player_reserve": 2},
    "server_streams": {"max_server_streams": 1},
}


def stream_refusal(observer: Recorder, method: str, kind: Any, scope: str) -> None:
    """Fill the one pool ``scope`` names and be refused by it."""
    limits = Limits(LimitsConfig(**POOL_OF[scope]), observer=observer)
    # two addresses of one IPv6 /64: the per-address pools see two clients
    first, second = ("2001:db8::1", "2001:db8::2") if "network" in scope else ("a", "a")
    if scope in ("server_streams", "anonymous_streams", "shared_streams"):
        second = "b"
    seat = ("m", 0) if kind == "player" else None
    spectating = "m" if scope == "spectator_streams" else None
    slot = limits.open_stream(method, first, kind, seat=seat, spectating=spectating)
    with pytest.raises(TooManyStreams) as caught:
        limits.open_stream(method, second, kind, seat=seat, spectating=spectating)
    assert caught.value.details["scope"] == STREAM_SCOPES[scope]
    limits.close_stream(slot)
    assert all(not counter._open for counter in limits.pools.counters.values())


def player_stream_refusal(observer: Recorder, method: str) -> None:
    """A signed-in player over their own cap of ``method``'s streams (from two addresses:
    the cap is the player's, not the address's)."""
    limits = Limits(
        LimitsConfig(max_player_notification_streams=1, max_player_chat_streams=1),
        observer=observer,
    )
    slot = limits.open_stream(method, "a", "signed_in", player="p")
    with pytest.raises(TooManyStreams) as caught:
        limits.open_stream(method, "b", "signed_in", player="p")
    assert caught.value.details["scope"] == "player"
    other = limits.open_stream(method, "b", "signed_in", player="q")  # another player
    limits.close_stream(slot)
    limits.close_stream(other)
    assert all(not counter._open for counter in limits.pools.counters.values())


def every_refusal(observer: Recorder) -> None:
    """Make each limit refuse once, through every method that can name the call."""
    clock = FakeClock()
    one = LimitsConfig(
        rate_limit_peer=1.0, rate_limit_seat=1.0, rate_limit_hints=1.0,
        rate_limit_hints_burst=1.0, rate_limit_reads=1.0, rate_limit_reads_burst=1.0,
        max_watchers_per_match=1, max_client_bot_matches=1, max_bot_matches=2,
        rate_limit_sign_in=1.0, rate_limit_create=1.0, rate_limit_invites=1.0,
    )  # fmt: skip
    limits = Limits(one, clock=clock, observer=observer)

    def refused(call: Any, *args: Any) -> None:
        with pytest.raises((TooManyRequests, TooManyStreams, TooManyBotMatches)):
            call(*args)

    peer: PeerLimited
    for n, peer in enumerate(get_args(PeerLimited)):
        limits.check_peer(peer, f"peer-{n}")
        refused(limits.check_peer, peer, f"peer-{n}")
    seat: SeatLimited
    for n, seat in enumerate(get_args(SeatLimited)):
        limits.check_seat(seat, "m", n)
        refused(limits.check_seat, seat, "m", n)
    limits.check_hints("m", 0)
    refused(limits.check_hints, "m", 0)
    read: ReadLimited
    for n, read in enumerate(get_args(ReadLimited)):
        limits.check_reads(read, f"reader-{n}")
        refused(limits.check_reads, read, f"reader-{n}")
    with limits.watching("m"):
        refused(lambda: limits.watching("m").__enter__())
    for method in STREAMING_METHODS:
        scopes = {scope: kind for kind in stream_kinds(method) for scope in KIND_SCOPES[kind]}
        for scope, kind in scopes.items():  # each scope once, by a kind it can refuse
            stream_refusal(observer, method, kind, scope)
    stream_refusal(observer, "WatchMatch", "anonymous", "spectator_streams")
    for method in PLAYER_STREAMS:
        player_stream_refusal(observer, method)
    creation: CreationLimited
    for creation in get_args(CreationLimited):
        limits.check_creation(creation, f"192.0.2.{len(creation)}")
        refused(limits.check_creation, creation, f"192.0.2.{len(creation)}")  # the address's
        limits.check_creation(creation, f"2001:db8:{len(creation)}::1")
        # the /64 has twice the burst: a second address of it takes the other token
        limits.check_creation(creation, f"2001:db8:{len(creation)}::2")
        refused(limits.check_creation, creation, f"2001:db8:{len(creation)}::3")
    limits.check_bot_match("a", lambda match_id: True)
    limits.add_bot_match("a", "m1")
    refused(limits.check_bot_match, "a", lambda match_id: True)  # the client's cap
    limits.add_bot_match("b", "m2")
    refused(limits.check_bot_match, "c", lambda match_id: True)  # the server's cap


def test_every_refusal_is_in_the_one_list_and_every_pair_of_it_can_happen() -> None:
    recorder = Recorder()
    every_refusal(recorder)
    seen = [(told["method"], told["scope"]) for _, told in recorder.seen]
    assert sorted(seen) == sorted(set(seen)) == sorted(LIMITED)


def test_the_metrics_count_exactly_the_refusals_of_the_one_list() -> None:
    def count(method: str, scope: str) -> float | None:
        labels = {"method": method, "scope": scope}
        return REGISTRY.get_sample_value("fiveup_rate_limited_total", labels)

    assert all(count(method, scope) is not None for method, scope in LIMITED)  # pre-created
    before = {pair: count(*pair) or 0.0 for pair in LIMITED}
    observer = MatchObserver()
    for method, scope in LIMITED:
        observer.rate_limited(method, scope)
    observer.rate_limited("SubmitMove", "streams")  # not a refusal any limit makes
    assert {pair: (count(*pair) or 0.0) - before[pair] for pair in LIMITED} == dict.fromkeys(
        LIMITED, 1.0
    )
    assert count("SubmitMove", "streams") is None  # no series outside the list


async def test_the_one_list_names_the_methods_the_server_serves(tmp_path: Path) -> None:
    """Read through the server's reflection: every method of the list exists, and every
    streaming method served is one the stream caps count under its own name."""
    server = await start(tmp_path / "served.sqlite3")
    try:
        stub = reflection_pb2_grpc.ServerReflectionStub(server.channel)
        call = stub.ServerReflectionInfo()
        await call.write(reflection_pb2.ServerReflectionRequest(list_services=""))
        listed = await call.read()
        names = [s.name for s in listed.list_services_response.service]
        served: dict[str, bool] = {}  # method -> streaming
        for name in names:
            await call.write(reflection_pb2.ServerReflectionRequest(file_containing_symbol=name))
            answer = await call.read()
            files = [
                descriptor_pb2.FileDescriptorProto.FromString(raw)
                for raw in answer.file_descriptor_response.file_descriptor_proto
            ]
            for file in files:
                for service in file.service:
                    if f"{file.package}.{service.name}" == name:
                        for m in service.method:
                            streaming = m.client_streaming or m.server_streaming
                            served[m.name] = served.get(m.name, False) or streaming
        await call.done_writing()
    finally:
        await stop(server)
    assert "SubmitMove" in served and "Watch" in served  # the walk found the services
    assert {name for name, streaming in served.items() if streaming} == set(STREAMING_METHODS)
    assert {method for method, _ in LIMITED} <= set(served)


# --------------------------------------------------------------------------- real server


async def test_per_peer_limit_on_create_and_join_with_a_retry_hint(
    limited: tuple[Running, FakeClock, Recorder],
) -> None:
    server, clock, recorder = limited
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    for seat in (0, 1):
        await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=seat))
    await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))  # 4 = burst
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    assert assert_limited(caught.value, "RATE_LIMITED", "peer") == pytest.approx(0.5)
    with pytest.raises(grpc.aio.AioRpcError) as caught:  # one bucket for every limited method
        await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    assert_limited(caught.value, "RATE_LIMITED", "peer")
    # Reads are not limited.
    for _ in range(10):
        await server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))
    assert recorder.seen == [
        ("rate_limited", {"method": "CreateMatch", "scope": "peer"}),
        ("rate_limited", {"method": "JoinMatch", "scope": "peer"}),
    ]
    clock.advance(0.5)  # the hint was right: one token is back
    await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    with pytest.raises(grpc.aio.AioRpcError):
        await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))


async def test_public_reads_take_a_token_per_client_from_their_own_bucket(
    limited: tuple[Running, FakeClock, Recorder],
) -> None:
    """Leaderboards, player stats and match lists and the open tables are database
    queries anyone may ask: one bucket per client for all of them, apart from the
    state-changing calls' bucket."""
    server, clock, recorder = limited
    ratings = ratings_pb2_grpc.RatingsServiceStub(server.channel)
    lobby = lobby_pb2_grpc.LobbyServiceStub(server.channel)
    board = ratings_pb2.GetLeaderboardRequest(category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS)
    await ratings.GetLeaderboard(board)
    await ratings.GetLeaderboard(board)
    await lobby.ListOpenTables(lobby_pb2.ListOpenTablesRequest())  # 3 = burst
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await lobby.ListOpenTables(lobby_pb2.ListOpenTablesRequest())
    assert assert_limited(caught.value, "RATE_LIMITED", "peer") == pytest.approx(1.0)
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await ratings.ListPlayerMatches(ratings_pb2.ListPlayerMatchesRequest(player_id="p"))
    assert_limited(caught.value, "RATE_LIMITED", "peer")
    await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))  # own bucket
    assert recorder.seen == [
        ("rate_limited", {"method": "ListOpenTables", "scope": "peer_reads"}),
        ("rate_limited", {"method": "ListPlayerMatches", "scope": "peer_reads"}),
    ]
    clock.advance(1.0)  # the hint was right
    await ratings.GetLeaderboard(board)


async def test_per_seat_limit_on_submit_move_changes_nothing(
    limited: tuple[Running, FakeClock, Recorder],
) -> None:
    server, clock, recorder = limited
    server.app.limits.peers.rate = 0.0  # type: ignore[union-attr]  # only the seat bucket here
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    tokens = [
        (
            await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=s))
        ).seat_token
        for s in (0, 1)
    ]
    before = await snapshot(server.matches, created.match_id, tokens)

    async def flood(seat: int, n: int) -> grpc.aio.AioRpcError:
        request = pb.SubmitMoveRequest(
            match_id=created.match_id,
            move=pb.Move(draw=pb.DrawMove()),
            expected_version=0,
            request_id=f"flood-{seat}-{n}",
        )
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await server.matches.SubmitMove(request, metadata=auth(tokens[seat]))
        return caught.value

    # A stale move is refused by the match; it still spends a token of the seat's bucket.
    for n in range(3):
        assert (await flood(0, n)).code() == grpc.StatusCode.ABORTED
    assert assert_limited(await flood(0, 3), "RATE_LIMITED", "seat") == pytest.approx(1.0)
    assert (await flood(1, 0)).code() == grpc.StatusCode.ABORTED  # another seat: its own bucket
    assert await snapshot(server.matches, created.match_id, tokens) == before
    assert ("rate_limited", {"method": "SubmitMove", "scope": "seat"}) in recorder.seen
    clock.advance(1.0)
    assert (await flood(0, 4)).code() == grpc.StatusCode.ABORTED


async def test_client_address_header_separates_clients_behind_a_proxy(tmp_path: Path) -> None:
    server = await start(
        tmp_path / "proxy.sqlite3",
        rate_limit_peer=1.0,
        rate_limit_peer_burst=1,
        client_address_header="X-Forwarded-For",
        trusted_proxies="127.0.0.1",  # the test's channel comes from there
    )
    try:
        assert server.app.limits is not None
        server.app.limits.clock = FakeClock()
        seats = [human(), human()]
        for client in ("198.51.100.1", "198.51.100.2"):
            md = (("x-forwarded-for", client),)
            await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats), metadata=md)
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats), metadata=md)
            assert_limited(caught.value, "RATE_LIMITED", "peer")
    finally:
        await stop(server)


async def test_watch_streams_per_match_are_capped_and_released(
    limited: tuple[Running, FakeClock, Recorder],
) -> None:
    server, _clock, recorder = limited
    server.app.limits.peers.rate = 0.0  # type: ignore[union-attr]
    a = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    b = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    limits = server.app.limits
    assert limits is not None

    async def open_stream(match_id: str) -> Any:
        call = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id))
        await call.read()  # the first event: the stream is open and holds its slot
        return call

    first = [await open_stream(a.match_id) for _ in range(2)]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        third = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=a.match_id))
        await third.read()
    assert assert_limited(caught.value, "TOO_MANY_STREAMS") > 0
    assert ("rate_limited", {"method": "WatchMatch", "scope": "streams"}) in recorder.seen
    other = await open_stream(b.match_id)  # the cap is per match
    first[0].cancel()

    async def released() -> bool:
        return limits.streams.open(a.match_id) == 1

    await wait_for(released, timeout=10)
    again = await open_stream(a.match_id)
    for call in (first[1], other, again):
        call.cancel()
    await asyncio.sleep(0)


async def test_refusals_are_counted_in_the_metrics(tmp_path: Path) -> None:
    from prometheus_client import REGISTRY

    def count(method: str, scope: str) -> float:
        labels = {"method": method, "scope": scope}
        return REGISTRY.get_sample_value("fiveup_rate_limited_total", labels) or 0.0

    server = await start(tmp_path / "metrics.sqlite3", rate_limit_peer=1.0, rate_limit_peer_burst=1)
    try:
        assert server.app.limits is not None
        server.app.limits.clock = FakeClock()  # the real observer: MatchObserver
        before = count("CreateMatch", "peer")
        seats = [human(), human()]
        await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats))
        for _ in range(3):
            with pytest.raises(grpc.aio.AioRpcError):
                await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats))
        assert count("CreateMatch", "peer") - before == 3
    finally:
        await stop(server)
