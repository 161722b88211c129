"""Codes that come from gRPC's transport, not from the service (docs/api.md, "Errors"):
an upper-case metadata key or a ``-bin`` value that is not base64 is refused by gRPC's
HTTP/2 layer with INTERNAL before any of our code runs, and without an ErrorInfo.  Our
own INTERNAL (a bug) always carries ErrorInfo reason INTERNAL, so a client can tell the
two apart.  Raw HTTP/2, since gRPC clients refuse to send such headers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from fiveup.v1 import match_pb2 as pb
from tests.harness import human, start, stop
from tests.rawh2 import RawClient


@pytest.mark.parametrize(
    "header",
    [(b"X-Upper-Case", b"value"), (b"authorization-bin", b"!!! not base64 !!!")],
    ids=["upper-case key", "bad -bin value"],
)
async def test_transport_refusals_are_internal_without_error_info(
    tmp_path: Path, header: tuple[bytes, bytes]
) -> None:
    server = await start(tmp_path / "transport.sqlite3")
    try:
        created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))

        def call(headers: list[tuple[bytes, bytes]]) -> tuple[str, dict[bytes, bytes]]:
            client = RawClient("127.0.0.1", server.port)
            try:
                stream = client.call(
                    "/fiveup.v1.MatchService/GetMatch",
                    pb.GetMatchRequest(match_id=created.match_id),
                    headers,
                )
                return client.status(stream), client.trailers
            finally:
                client.close()

        status, trailers = await asyncio.to_thread(call, [header])
        assert status == "13"  # INTERNAL, from gRPC itself
        assert b"grpc-status-details-bin" not in trailers  # no ErrorInfo: not ours
        assert b"x-request-id" not in trailers  # our interceptor never saw the call
        # the same call with a well-formed header is answered by the service
        status, trailers = await asyncio.to_thread(call, [(b"x-fine", b"value")])
        assert status == "0" and b"x-request-id" in trailers
    finally:
        await stop(server)
