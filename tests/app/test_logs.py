"""Structured logs: one access-log line per RPC with method, code, duration and request id;
the request id is echoed to the client; a seat token never reaches the logs."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from fiveup.shared.redact import redact, redact_url
from fiveup.telemetry.logs import configure_logging
from fiveup.v1 import common_pb2, rules_pb2
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, human, server_fixture, wait_for

REQUEST_ID = "x-request-id"


@pytest.fixture
def json_logs() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    handler = configure_logging("DEBUG", json_lines=True, stream=stream)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


server = server_fixture()


def records(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def access(stream: io.StringIO) -> list[dict[str, Any]]:
    return [r for r in records(stream) if r["logger"] == "fiveup.access"]


async def access_line(stream: io.StringIO, request_id: str) -> dict[str, Any]:
    async def find() -> dict[str, Any] | None:
        found = [r for r in access(stream) if r.get("request_id") == request_id]
        return found[0] if found else None

    line = await wait_for(find, 10.0)
    assert isinstance(line, dict)
    return line


def echoed(metadata: Any) -> str | None:
    return dict(metadata or ()).get(REQUEST_ID)


async def test_access_log_lines_are_json_with_method_code_duration_and_request_id(
    server: Running, json_logs: io.StringIO
) -> None:
    # a successful call with the client's own request id: used, logged and echoed back
    call = server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()]), metadata=((REQUEST_ID, "client-id-1"),)
    )
    created = await call
    assert echoed(await call.trailing_metadata()) == "client-id-1"
    line = await access_line(json_logs, "client-id-1")
    assert line["grpc_service"] == "fiveup.v1.MatchService"
    assert line["grpc_method"] == "CreateMatch"
    assert line["grpc_code"] == "OK"
    assert line["grpc_type"] == "unary"
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert line["level"] == "debug" and line["ts"].endswith("Z")  # a success: DEBUG

    # an error: the id still comes back (merged into the abort's trailers, next to the
    # status details), and the line has the code
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id="nope"), metadata=((REQUEST_ID, "client-id-2"),)
        )
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    trailers = dict(caught.value.trailing_metadata() or ())
    assert trailers[REQUEST_ID] == "client-id-2"
    assert "grpc-status-details-bin" in trailers
    line = await access_line(json_logs, "client-id-2")
    assert (line["grpc_method"], line["grpc_code"]) == ("GetMatch", "NOT_FOUND")
    assert "grpc_message" in line

    # no id from the client: one is made, logged and echoed
    call = server.rules.EvaluateLayout(
        rules_pb2.EvaluateLayoutRequest(layout=common_pb2.Layout(text=""))
    )
    await call
    made = echoed(await call.trailing_metadata())
    assert made and len(made) >= 16
    line = await access_line(json_logs, made)
    assert (line["grpc_service"], line["grpc_method"]) == (
        "fiveup.v1.RulesService",
        "EvaluateLayout",
    )

    # a malformed id (spaces, quotes: log injection; or far too long) is replaced
    for bad in ('evil id" level=error', "x" * 300):
        call = server.matches.GetMatch(
            pb.GetMatchRequest(match_id=created.match_id), metadata=((REQUEST_ID, bad),)
        )
        await call
        replaced = echoed(await call.trailing_metadata())
        assert replaced and replaced != bad
        await access_line(json_logs, replaced)
        assert bad not in json_logs.getvalue()

    # streams: the id comes with the initial metadata, the line counts the messages
    stream = server.matches.WatchMatch(
        pb.WatchMatchRequest(match_id=created.match_id), metadata=((REQUEST_ID, "watch-1"),)
    )
    assert echoed(await stream.initial_metadata()) == "watch-1"
    await stream.read()
    stream.cancel()
    line = await access_line(json_logs, "watch-1")
    assert (line["grpc_type"], line["grpc_code"]) == ("server_stream", "CANCELLED")
    assert line["level"] == "debug"  # a client's cancel is how a stream ends, not a failure
    assert line["msgs_sent"] >= 1 and line["msgs_received"] == 1

    # every line of the output is JSON with the basic fields
    for record in records(json_logs):
        assert {"ts", "level", "logger", "message"} <= set(record)


async def test_a_seat_token_never_appears_in_the_logs(
    server: Running, json_logs: io.StringIO
) -> None:
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    a = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=0))
    b = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=1))
    tokens = [a.seat_token, b.seat_token]
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=created.match_id), metadata=auth(a.seat_token)
        )
    ).view
    await server.matches.ListLegalMoves(
        pb.ListLegalMovesRequest(match_id=created.match_id), metadata=auth(a.seat_token)
    )
    idle = a if view.turn_seat == 1 else b
    with pytest.raises(grpc.aio.AioRpcError):  # a refused move, logged as an error line
        await server.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=created.match_id, move=pb.Move(draw=pb.DrawMove()),
                expected_version=view.version, request_id="r1",
            ),
            metadata=auth(idle.seat_token),
        )  # fmt: skip
    bogus = "not-a-real-token-but-secret-all-the-same"
    with pytest.raises(grpc.aio.AioRpcError):
        await server.matches.ListLegalMoves(
            pb.ListLegalMovesRequest(match_id=created.match_id), metadata=auth(bogus)
        )
    # a careless log call elsewhere is scrubbed too
    logging.getLogger("fiveup.careless").warning("got authorization: Bearer %s", a.seat_token)
    logging.getLogger("fiveup.careless").info("joined", extra={"seat_token": b.seat_token})

    async def logged() -> bool:
        return len([r for r in access(json_logs) if r["grpc_method"] == "ListLegalMoves"]) >= 2

    await wait_for(logged, 10.0)
    output = json_logs.getvalue()
    assert "JoinMatch" in output and "SubmitMove" in output
    for secret in [*tokens, bogus]:
        assert secret not in output
    assert "authorization" not in [k.lower() for r in records(json_logs) for k in r]
    assert "[REDACTED]" in output


def test_redact_scrubs_bearer_and_seat_tokens() -> None:
    assert redact("authorization: Bearer abc.DEF-123") == "authorization: Bearer [REDACTED]"
    assert redact("('authorization', 'bearer xyz')") == "('authorization', 'bearer [REDACTED]')"
    assert redact('{"seat_token": "s3cr3t"}') == '{"seat_token": "[REDACTED]"}'
    assert redact("nothing to hide") == "nothing to hide"
    url = "postgresql://fiveup:s3cr%40t@db:5432/fiveup?sslmode=require"
    assert redact_url(url) == "postgresql://fiveup:[REDACTED]@db:5432/fiveup?sslmode=require"
    assert redact_url("/var/lib/fiveup/fiveup.sqlite3") == "/var/lib/fiveup/fiveup.sqlite3"
    assert "abc" not in redact("host=db password=abc user=fiveup")


def test_text_format_has_key_value_fields() -> None:
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    handler = configure_logging("INFO", json_lines=False, stream=stream)
    try:
        logging.getLogger("fiveup.access").info(
            "x", extra={"grpc_code": "OK", "request_id": "abc", "grpc_message": "two words"}
        )
        logging.getLogger("fiveup.quiet").debug("not shown")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    out = stream.getvalue()
    assert "fiveup.access: x" in out and "grpc_code=OK" in out and "request_id=abc" in out
    assert 'grpc_message="two words"' in out
    assert "not shown" not in out


async def test_an_unexpected_exception_is_logged_as_an_error_with_its_code(
    server: Running, json_logs: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    monkeypatch.setattr(server.app.matches, "view", broken)
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=created.match_id), metadata=((REQUEST_ID, "boom-1"),)
        )
    # UNKNOWN from gRPC itself, or INTERNAL when a guard turns unexpected errors into it
    code = caught.value.code()
    assert code in (grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL)
    assert echoed(caught.value.trailing_metadata()) == "boom-1"
    line = await access_line(json_logs, "boom-1")
    assert (line["level"], line["grpc_code"]) == ("error", code.name)
    if code == grpc.StatusCode.UNKNOWN:  # the exception reached the interceptor
        assert "RuntimeError: boom" in line["exception"]
    assert "RuntimeError: boom" in json_logs.getvalue()  # logged somewhere, with the traceback


async def test_serve_configures_logging_from_the_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio
    import os
    import signal

    from fiveup.app.config import ServerConfig
    from fiveup.app.server import serve
    from fiveup.telemetry import logs

    config = ServerConfig(
        address="127.0.0.1:0", db=str(tmp_path / "serve.sqlite3"), metrics_port=-1,
        grace_seconds=0.5, log_json=True, log_level="INFO",
    )  # fmt: skip
    root = logging.getLogger()
    level = root.level
    ready = asyncio.Event()
    task = asyncio.create_task(serve(config, ready))
    try:
        await asyncio.wait_for(ready.wait(), 30)
        os.kill(os.getpid(), signal.SIGTERM)  # serve's own handler: drain and return
        await asyncio.wait_for(task, 30)
    finally:
        if not task.done():
            task.cancel()
        if logs._installed is not None:
            root.removeHandler(logs._installed)
            logs._installed = None
        root.setLevel(level)
    out, err = capsys.readouterr()
    assert "gRPC listening" in out and str(tmp_path / "serve.sqlite3") in out
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert any("draining" in line["message"] for line in lines), err
    assert all({"ts", "level", "logger", "message"} <= set(line) for line in lines)


@pytest.mark.parametrize(
    ("header", "value", "code"),
    [
        (b"authorization", b"Bearer \xff\xfe-not-utf8", "7"),  # a token of no seat
        (b"x-request-id", b"\xff\xfe-not-utf8", "0"),  # ignored: the server makes an id
    ],
)
async def test_a_header_that_is_not_utf8_is_one_client_error_line(
    server: Running, json_logs: io.StringIO, header: bytes, value: bytes, code: str
) -> None:
    import asyncio

    from tests.rawh2 import RawClient

    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    before = len(records(json_logs))

    def raw_call() -> str:  # gRPC clients refuse such bytes: speak HTTP/2 directly
        client = RawClient("127.0.0.1", server.port)
        try:
            stream = client.call(
                "/fiveup.v1.MatchService/GetMatch",
                pb.GetMatchRequest(match_id=created.match_id),
                [(header, value)],
            )
            return client.status(stream)
        finally:
            client.close()

    assert await asyncio.to_thread(raw_call) == code

    async def logged() -> list[dict[str, Any]]:
        return [r for r in access(json_logs)[-3:] if r.get("invalid_headers")]

    [line] = await wait_for(logged, 10.0)
    assert line["invalid_headers"] == header.decode()
    assert line["level"] == "info"
    assert line["grpc_method"] == "GetMatch"
    new = records(json_logs)[before:]
    assert [r for r in new if r["level"] in ("error", "critical")] == []
    assert [r for r in new if "Traceback" in json.dumps(r)] == []
