"""Streams for players first: ten addresses holding every stream they can get leave a
seated player's own WatchMatch and a searching player's FindMatch working
(bench/stream_hoarding.py runs the attack; here at a fifth of the server's size).

Issue 21, finding 6: each address could hold 100 streams and the server 1,000, so ten
addresses with idle, unauthenticated WatchMatch streams made every other player's
WatchMatch and FindMatch fail with TOO_MANY_STREAMS (scope server), and health stayed
green.  The attack runs twice: with the stream settings of before (it reproduces the
finding) and with today's defaults (every player's call gets through).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client import REGISTRY

from bench.stream_hoarding import ATTACKERS, attack, settings
from fiveup.app.server import STREAM_POOL_HEALTH
from fiveup.v1 import match_pb2 as pb
from tests.harness import human, start, stop, wait_for
from tests.service.helpers import error_info

SCALE = 5


async def test_before_the_pools_ten_addresses_shut_every_player_out(tmp_path: Path) -> None:
    """The finding, reproduced with the old settings: the server is full of the
    attackers' streams and every player's WatchMatch and FindMatch is refused."""
    outcome = await attack(tmp_path, SCALE, before=True)
    assert outcome.hoarded == settings(SCALE, True)["max_server_streams"], outcome
    assert outcome.legit_ok == 0, outcome


async def test_ten_addresses_hoarding_streams_leave_every_player_their_streams(
    tmp_path: Path,
) -> None:
    outcome = await attack(tmp_path, SCALE)
    assert outcome.legit_ok == outcome.legit_tried, outcome
    # each attacker got at most its address's cap, refused by the pools it filled
    per_address = settings(SCALE, False)["max_client_streams"]
    assert isinstance(per_address, int)
    assert outcome.hoarded <= per_address * len(ATTACKERS)
    assert {"client", "client_anonymous"} <= outcome.refusal_scopes, outcome


async def check(target: str, service: str) -> int:
    async with grpc.aio.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        response = await stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
        return int(response.status)


def pool_gauge(name: str, pool: str) -> float | None:
    return REGISTRY.get_sample_value(name, {"pool": pool})


async def test_health_and_metrics_say_how_full_each_pool_is(tmp_path: Path) -> None:
    server = await start(
        tmp_path / "pools.sqlite3", max_anonymous_streams=3, max_client_anonymous_streams=0,
        max_network_anonymous_streams=0, max_spectators_per_match=0,
    )  # fmt: skip
    calls: list[Any] = []
    try:
        serving = health_pb2.HealthCheckResponse.SERVING
        not_serving = health_pb2.HealthCheckResponse.NOT_SERVING
        for pool in ("all", "shared", "anonymous"):
            assert await check(server.target, STREAM_POOL_HEALTH + pool) == serving
        assert pool_gauge("fiveup_stream_pool_limit", "anonymous") == 3
        assert pool_gauge("fiveup_stream_pool_limit", "all") == 1_000
        assert pool_gauge("fiveup_stream_pool_limit", "shared") == 700  # 300 for players
        match = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
        for _ in range(3):
            calls.append(server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match.match_id)))
        limits = server.app.limits
        assert limits is not None

        async def full() -> bool:
            return await check(server.target, STREAM_POOL_HEALTH + "anonymous") == not_serving

        await wait_for(full, timeout=30)
        assert pool_gauge("fiveup_stream_pool_open", "anonymous") == 3
        assert pool_gauge("fiveup_stream_pool_open", "all") == 3
        assert await check(server.target, STREAM_POOL_HEALTH + "all") == serving
        refused = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match.match_id))
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await refused.read()
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert error_info(caught.value).metadata["scope"] == "server_anonymous"
        for call in calls:
            call.cancel()

        async def room_again() -> bool:
            return await check(server.target, STREAM_POOL_HEALTH + "anonymous") == serving

        await wait_for(room_again, timeout=30)
        assert pool_gauge("fiveup_stream_pool_open", "anonymous") == 0
    finally:
        for call in calls:
            call.cancel()
        await stop(server)
