"""The benchmark-only echo stream (``--bench-echo``) exists only when enabled."""

from __future__ import annotations

from pathlib import Path

import grpc

from fiveup.api.bench_echo import ECHO_BYTES_HEADER, METHOD

from ..harness import Running, start, stop


async def test_echo_is_off_by_default(server: Running) -> None:
    call = server.channel.stream_stream(METHOD)()
    # The server refuses an unknown method as soon as the call's headers arrive.  Wait for
    # the call's own status: a message written meanwhile races that refusal, and when the
    # refusal wins, grpc.aio reports the failed send as INTERNAL instead (seen under load).
    assert await call.code() == grpc.StatusCode.UNIMPLEMENTED


async def test_echo_answers_each_message_with_its_prefix(tmp_path: Path) -> None:
    running = await start(tmp_path / "echo.sqlite3", bench_echo=True)
    try:
        echo = running.channel.stream_stream(METHOD)
        call = echo(metadata=((ECHO_BYTES_HEADER, "2"),))
        got = []
        for message in (b"hello", b"x", b""):
            await call.write(message)
            got.append(await call.read())
        await call.done_writing()
        assert got == [b"he", b"x", b""]
        whole = echo()
        await whole.write(b"hello")
        assert await whole.read() == b"hello"
        await whole.done_writing()
    finally:
        await stop(running)
