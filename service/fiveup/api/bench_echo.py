"""A trivial bidi stream for benchmarks only: the floor under ``RulesService/ValidateMoves``.

``fiveup serve --bench-echo`` (env ``FIVEUP_BENCH_ECHO=1``) registers
``/fiveup.bench.v1.Echo/Stream``, a generic handler with no protobuf at all: each request
message arrives as raw bytes and is answered at once with one message, its first
``x-echo-bytes`` bytes (invocation metadata, read once per stream; the whole message when
absent).  A benchmark sends ValidateMovesRequest-sized messages and asks for
ValidateMovesResponse-sized answers, so the only difference to the real RPC is the work:
decoding, validating, encoding.  It goes through the same interceptors as every RPC.

It is off by default and not part of the public contract (no .proto, no reflection).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc

SERVICE = "fiveup.bench.v1.Echo"
METHOD = f"/{SERVICE}/Stream"
ECHO_BYTES_HEADER = "x-echo-bytes"


async def _stream(requests: AsyncIterator[bytes], context: Any) -> AsyncIterator[bytes]:
    limit: int | None = None
    for key, value in context.invocation_metadata() or ():
        if key == ECHO_BYTES_HEADER:
            try:
                limit = max(0, int(value))
            except ValueError:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"bad {ECHO_BYTES_HEADER}")
    async for message in requests:
        yield message if limit is None else message[:limit]


def handler() -> grpc.GenericRpcHandler:
    """The generic handler to pass to ``server.add_generic_rpc_handlers``."""
    return grpc.method_handlers_generic_handler(
        SERVICE, {"Stream": grpc.stream_stream_rpc_method_handler(_stream)}
    )
