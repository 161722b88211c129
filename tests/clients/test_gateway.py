"""The Envoy gRPC-Web gateway (deploy/envoy/envoy.yaml) in front of a real server: Envoy
accepts the config, CORS lets only the configured origins in and exposes the headers a
browser needs, gRPC-Web calls and their errors (ErrorInfo in the trailers) get through,
and the server sees the real client address, not one a client claims."""

from __future__ import annotations

import base64
import http.client
import ipaddress
import re
import socket
import struct
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from google.rpc import error_details_pb2, status_pb2

from fiveup.devstack import gateway
from fiveup.v1 import match_pb2

from .conftest import Stack

LOCAL_ORIGIN = "http://127.0.0.1:5173"
FOREIGN_ORIGIN = "https://evil.example"


def test_envoy_validates_the_shipped_config_and_a_rendered_one(tmp_path: Path) -> None:
    gateway.validate(gateway.CONFIG)
    rendered = tmp_path / "envoy.yaml"
    rendered.write_text(
        gateway.render(
            gateway.CONFIG.read_text(),
            listen="127.0.0.1:18080",
            upstream="fiveup:50051",
            admin="127.0.0.1:19901",
            origin=r"^https://fiveup\.example\.org$",
        )
    )
    gateway.validate(rendered)
    assert gateway.origin_regex(rendered.read_text()) == r"^https://fiveup\.example\.org$"
    broken = tmp_path / "broken.yaml"
    broken.write_text(rendered.read_text().replace("grpc_web.v3.GrpcWeb", "grpc_web.v3.Nope"))
    with pytest.raises(gateway.GatewayError, match="envoy refused"):
        gateway.validate(broken)


def test_render_refuses_a_config_it_does_not_recognise() -> None:
    with pytest.raises(gateway.GatewayError, match="expected exactly one"):
        gateway.render("static_resources: {}", listen="127.0.0.1:1")
    with pytest.raises(ValueError, match="single quote"):
        gateway.render(gateway.CONFIG.read_text(), origin="a'b")
    assert gateway.main(["--listen", "nonsense"]) == 2


def test_the_shipped_config_never_allows_every_origin() -> None:
    text = gateway.CONFIG.read_text()
    assert "allow_origin_string_match" in text
    assert not re.search(r"prefix: \"?\*|exact: \"?\*|regex: '\.\*'", text)
    for header in ("grpc-status", "grpc-message", "grpc-status-details-bin", "x-request-id"):
        assert header in text.split("expose_headers:")[1].splitlines()[0]


def preflight(stack: Stack, origin: str) -> dict[str, str]:
    request = urllib.request.Request(
        stack.gateway.url + "/fiveup.v1.MatchService/GetMatch", method="OPTIONS",
        headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type,x-grpc-web,authorization"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return {k.lower(): v for k, v in answer.headers.items()}
    except urllib.error.HTTPError as refused:  # a foreign origin's preflight: no CORS grant
        return {k.lower(): v for k, v in refused.headers.items()}


def test_cors_preflight_admits_only_the_configured_origins(stack: Stack) -> None:
    allowed = preflight(stack, LOCAL_ORIGIN)
    assert allowed["access-control-allow-origin"] == LOCAL_ORIGIN
    assert "authorization" in allowed["access-control-allow-headers"]
    foreign = preflight(stack, FOREIGN_ORIGIN)
    assert "access-control-allow-origin" not in foreign


def grpc_web_call(
    stack: Stack, method: str, message: bytes, headers: dict[str, str] | None = None
) -> tuple[dict[str, str], bytes, dict[str, str]]:
    """One binary gRPC-Web call: (response headers, first message, trailers)."""
    request = urllib.request.Request(
        f"{stack.gateway.url}/fiveup.v1.{method}", method="POST",
        data=struct.pack(">BI", 0, len(message)) + message,
        headers={"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1",
                 "Origin": LOCAL_ORIGIN, **(headers or {})},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as answer:
        head = {k.lower(): v for k, v in answer.headers.items()}
        body = answer.read()
    data, trailers, at = b"", dict(head), 0
    while at < len(body):
        flag, size = struct.unpack(">BI", body[at : at + 5])
        chunk = body[at + 5 : at + 5 + size]
        at += 5 + size
        if flag & 0x80:
            for line in chunk.decode().split("\r\n"):
                if line:
                    key, _, value = line.partition(":")
                    trailers[key.strip().lower()] = value.strip()
        else:
            data = chunk
    return head, data, trailers


def test_errors_come_through_with_their_error_info_and_exposed_headers(stack: Stack) -> None:
    request = match_pb2.GetMatchRequest(match_id="no-such-match").SerializeToString()
    head, data, trailers = grpc_web_call(
        stack, "MatchService/GetMatch", request, {"x-request-id": "web-test-1"}
    )
    assert data == b""
    assert trailers["grpc-status"] == "5"  # NOT_FOUND
    raw = trailers["grpc-status-details-bin"]
    status = status_pb2.Status.FromString(base64.b64decode(raw + "=" * (-len(raw) % 4)))
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    assert (info.reason, info.domain) == ("MATCH_NOT_FOUND", "fiveup.v1")
    assert trailers["x-request-id"] == "web-test-1"
    assert head["access-control-allow-origin"] == LOCAL_ORIGIN
    exposed = head["access-control-expose-headers"]
    for header in ("grpc-status", "grpc-message", "grpc-status-details-bin", "x-request-id"):
        assert header in exposed


def test_the_server_sees_the_address_envoy_saw_not_the_one_a_client_claims(stack: Stack) -> None:
    # A refused call: the access log writes failures at INFO (successes only at DEBUG).
    request = match_pb2.GetMatchRequest(match_id="no-such-match").SerializeToString()
    _, _, trailers = grpc_web_call(
        stack, "MatchService/GetMatch", request,
        {"X-Forwarded-For": "203.0.113.9", "x-request-id": "web-xff-1"},
    )  # fmt: skip
    assert trailers.get("grpc-status") == "5", trailers  # NOT_FOUND, and logged
    # the access-log record is written once the answer has gone: wait for it
    deadline, line = time.monotonic() + 10, None
    while line is None and time.monotonic() < deadline:
        log = stack.server.log.read_text()
        line = next((x for x in log.splitlines() if "request_id=web-xff-1" in x), None)
        if line is None:
            time.sleep(0.05)
    assert line is not None, stack.server.log.read_text()[-2000:]
    client = re.search(r"client=(\S+)", line)
    assert client, line
    # Envoy appends the caller's address last (for a loopback caller, this machine's own
    # address): that is what the server uses; the client's claim in front is ignored.
    ipaddress.ip_address(client.group(1))
    assert client.group(1) != "203.0.113.9", line


def test_a_bad_origin_cannot_read_answers(stack: Stack) -> None:
    request = match_pb2.GetMatchRequest(match_id="x").SerializeToString()
    head, _, _ = grpc_web_call(stack, "MatchService/GetMatch", request, {"Origin": FOREIGN_ORIGIN})
    assert "access-control-allow-origin" not in head


def test_health_and_reflection_are_not_routed(stack: Stack) -> None:
    request = urllib.request.Request(
        f"{stack.gateway.url}/grpc.health.v1.Health/Check", method="POST",
        data=struct.pack(">BI", 0, 0), headers={"Content-Type": "application/grpc-web+proto"},
    )  # fmt: skip
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request, timeout=10)
    assert caught.value.code == 404


def preflight_status(stack: Stack, origin: str, path: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(
        stack.gateway.url + path, method="OPTIONS",
        headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type,x-grpc-web,authorization"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, {k.lower(): v for k, v in refused.headers.items()}, refused.read()


@pytest.mark.parametrize("path", ["/fiveup.v1.MatchService/GetMatch", "/v1/matches/x"])
def test_a_refused_preflight_is_answered_403_at_the_edge(stack: Stack, path: str) -> None:
    # Passed on to the server, an OPTIONS call came back as gRPC INTERNAL (issue 21).
    status, head, body = preflight_status(stack, FOREIGN_ORIGIN, path)
    assert status == 403, (status, head, body)
    assert "access-control-allow-origin" not in head
    assert "grpc-status" not in head
    assert body == b"origin not allowed\n"
    allowed, head, _ = preflight_status(stack, LOCAL_ORIGIN, path)
    assert allowed == 200 and head["access-control-allow-origin"] == LOCAL_ORIGIN


def test_the_shipped_gateway_cuts_idle_and_slow_connections_and_caps_them() -> None:
    text = gateway.CONFIG.read_text()
    for line in (
        "request_headers_timeout: 10s",
        "stream_idle_timeout: 300s",
        "idle_timeout: 60s",
        "per_connection_buffer_limit_bytes: 32768",
        "- name: envoy.resource_monitors.global_downstream_max_connections",
        "max_active_downstream_connections: 5000",
        "- name: envoy.overload_actions.stop_accepting_requests",
    ):
        assert len(re.findall(rf"^\s*{re.escape(line)}(\s|$)", text, re.M)) == 1, line
    gateway.validate(gateway.CONFIG)  # and Envoy accepts them


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """True when the peer closes ``sock`` (or answers and closes) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def test_slow_headers_and_silent_connections_are_cut(stack: Stack, tmp_path: Path) -> None:
    """The shipped timeouts, shortened to a second so the test need not wait for them:
    a client that starts its headers and never ends them, and one that connects and
    sends nothing, are both disconnected (19,960 such connections used to stay open)."""
    text = gateway.CONFIG.read_text()
    for long, short in (
        ("request_headers_timeout: 10s", "request_headers_timeout: 1s"),
        ("idle_timeout: 60s", "idle_timeout: 1s"),
    ):
        assert text.count(long) == 1
        text = text.replace(long, short)
    config = tmp_path / "envoy.yaml"
    config.write_text(text)
    with gateway.Gateway(stack.server.address, config=config, log=tmp_path / "envoy.log") as quick:
        host, port = quick.listen.rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=10) as slow:
            slow.sendall(b"POST /fiveup.v1.MatchService/GetMatch HTTP/1.1\r\nHost: x\r\n")
            assert closed_within(slow, 8)
        with socket.create_connection((host, int(port)), timeout=10) as silent:
            assert closed_within(silent, 8)
        # a client that keeps talking is not cut
        with socket.create_connection((host, int(port)), timeout=10) as alive:
            alive.sendall(b"GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
            alive.settimeout(5)
            assert alive.recv(4096).startswith(b"HTTP/1.1 ")


def test_a_stream_silent_past_the_idle_timeout_is_ended(stack: Stack, tmp_path: Path) -> None:
    """stream_idle_timeout (300 s shipped, 2 s here): a WatchMatch that carries nothing
    either way for that long is ended by Envoy (the client resumes with after_version),
    so an idle stream cannot hold its slot for good."""
    text = gateway.CONFIG.read_text()
    assert text.count("stream_idle_timeout: 300s") == 1
    config = tmp_path / "envoy.yaml"
    config.write_text(text.replace("stream_idle_timeout: 300s", "stream_idle_timeout: 2s"))
    seats = [match_pb2.SeatSpec(kind=match_pb2.SEAT_KIND_HUMAN)] * 2
    _, data, _ = grpc_web_call(
        stack,
        "MatchService/CreateMatch",
        match_pb2.CreateMatchRequest(seats=seats).SerializeToString(),
    )
    match_id = match_pb2.CreateMatchResponse.FromString(data).match_id
    with gateway.Gateway(stack.server.address, config=config, log=tmp_path / "envoy.log") as quick:
        watch = match_pb2.WatchMatchRequest(match_id=match_id).SerializeToString()
        request = urllib.request.Request(
            f"{quick.url}/fiveup.v1.MatchService/WatchMatch", method="POST",
            data=struct.pack(">BI", 0, len(watch)) + watch,
            headers={"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1",
                     "Origin": LOCAL_ORIGIN},
        )  # fmt: skip
        with urllib.request.urlopen(request, timeout=10) as answer:
            started = time.monotonic()
            try:
                body = answer.read()  # the stream's end (a socket timeout fails the test)
            except http.client.IncompleteRead as cut:
                body = cut.partial
            ended = time.monotonic() - started
    assert ended < 9, ended
    assert body.startswith(b"\x00")  # the match's first event came before the silence
