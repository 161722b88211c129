"""Streams cannot starve the server: per-client and server-wide caps on streaming calls,
below gRPC's own concurrent-RPC limit, and a health-only probe server the public load
cannot reach.

Before the caps, more idle WatchMatch streams than ``max_concurrent_rpcs`` made every
other call -- the liveness check and CreateMatch included -- fail with gRPC's own
``RESOURCE_EXHAUSTED "Concurrent RPC limit exceeded!"``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from fiveup.app.config import ConfigError, ServerConfig
from fiveup.app.server import LIVENESS, READINESS, create_server
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc
from tests.harness import human, start, stop, wait_for
from tests.service.helpers import error_info

from .conftest import retry_delay

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


async def check(target: str, service: str) -> int:
    async with grpc.aio.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        response = await stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
        return int(response.status)


async def test_a_stream_flood_leaves_health_and_unary_calls_answering(tmp_path: Path) -> None:
    # gRPC admits 60 calls at once; streams may take 30 of them, 10 per client.
    server = await start(
        tmp_path / "flood.sqlite3",
        max_concurrent_rpcs=60, max_server_streams=30, max_client_streams=10,
        max_watchers_per_match=0, client_address_header="x-forwarded-for",
        # the caps on every stream alone (the pools: test_stream_hoarding.py)
        stream_player_reserve=0, max_anonymous_streams=0, max_client_anonymous_streams=0,
        max_network_anonymous_streams=0, max_spectators_per_match=0,
        trusted_proxies="127.0.0.1",  # the test client is the trusted gateway here
        probe_address="127.0.0.1:0",
    )  # fmt: skip
    limits = server.app.limits
    assert limits is not None and server.app.probe_port
    calls: list[tuple[str, Any]] = []
    try:
        match = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
        # client 10.0.0.1 opens 15 streams, eight more clients 10 each: 95 > 60 in all
        for client, count in [("10.0.0.1", 15)] + [(f"10.0.1.{i}", 10) for i in range(8)]:
            for _ in range(count):
                call = server.matches.WatchMatch(
                    pb.WatchMatchRequest(match_id=match.match_id),
                    metadata=(("x-forwarded-for", client),),
                )
                calls.append((client, call))

        async def settled() -> bool:  # every call either holds a slot or has been refused
            ended = sum(call.done() for _, call in calls)
            return ended + limits.server_streams.open(None) == len(calls)

        await wait_for(settled, timeout=60)
        refused = [(client, call) for client, call in calls if call.done()]
        assert limits.server_streams.open(None) == 30
        assert len(refused) == len(calls) - 30
        scopes = set()
        for client, call in refused:
            assert await call.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            exc = grpc.aio.AioRpcError(
                await call.code(), await call.initial_metadata(),
                await call.trailing_metadata(), await call.details(),
            )  # fmt: skip
            info = error_info(exc)
            assert info.reason == "TOO_MANY_STREAMS"
            assert info.metadata["scope"] in ("client", "server")
            scopes.add(info.metadata["scope"])
            delay = retry_delay(exc)
            assert delay is not None and delay > 0
            if info.metadata["scope"] == "client":
                assert client == "10.0.0.1" and info.metadata["limit"] == "10"
        assert scopes == {"client", "server"}
        assert limits.client_streams.open("10.0.0.1") == 10

        # the public port still answers health checks and state-changing calls ...
        assert await check(server.target, LIVENESS) == SERVING
        assert await check(server.target, READINESS) == SERVING
        created = await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[human(), human()]), timeout=10
        )
        assert created.match_id
        # ... and so does the probe port, which serves nothing else
        probe = f"127.0.0.1:{server.app.probe_port}"
        assert await check(probe, LIVENESS) == SERVING
        async with grpc.aio.insecure_channel(probe) as channel:
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await match_pb2_grpc.MatchServiceStub(channel).CreateMatch(
                    pb.CreateMatchRequest(seats=[human(), human()]), timeout=10
                )
            assert caught.value.code() == grpc.StatusCode.UNIMPLEMENTED

        # closing streams gives their slots back
        for _, call in calls:
            call.cancel()

        async def released() -> bool:
            return limits.server_streams.open(None) == 0

        await wait_for(released, timeout=30)
        assert limits.client_streams.open("10.0.0.1") == 0
    finally:
        for _, call in calls:
            call.cancel()
        await stop(server)


async def test_the_probe_port_reports_liveness_while_the_server_drains(tmp_path: Path) -> None:
    config = ServerConfig(
        address="127.0.0.1:0", db=str(tmp_path / "drain.sqlite3"), metrics_port=-1,
        probe_address="127.0.0.1:0",
    )  # fmt: skip
    app, _port = await create_server(config)
    probe = f"127.0.0.1:{app.probe_port}"
    assert await check(probe, READINESS) == SERVING
    stopping = asyncio.ensure_future(app.stop(grace=4.0, settle=2.0))

    async def not_ready() -> bool:
        return await check(probe, READINESS) == NOT_SERVING

    await wait_for(not_ready, timeout=10)
    assert await check(probe, LIVENESS) == SERVING  # draining is not dying
    await stopping


def test_streams_must_leave_room_for_unary_calls() -> None:
    assert ServerConfig().problems() == []
    config = ServerConfig(max_concurrent_rpcs=100, max_server_streams=100, stream_player_reserve=10)
    [problem] = config.problems()
    assert "max_server_streams" in problem
    # the players' reserve must leave the other streams some room
    config = ServerConfig(max_server_streams=300, stream_player_reserve=300)
    [problem] = config.problems()
    assert "stream_player_reserve" in problem


async def test_create_server_refuses_a_stream_cap_at_the_rpc_limit(tmp_path: Path) -> None:
    config = ServerConfig(
        address="127.0.0.1:0", db=str(tmp_path / "x.sqlite3"), metrics_port=-1,
        max_concurrent_rpcs=50, max_server_streams=0,
    )  # fmt: skip
    with pytest.raises(ConfigError, match="max_server_streams"):
        await create_server(config)
    assert not (tmp_path / "x.sqlite3").exists()
