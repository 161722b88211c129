"""The server interceptor: gRPC metrics, the access log and the request id, for every RPC.

For each call it

* counts ``grpc_server_started_total`` / ``grpc_server_handled_total{grpc_code}`` and
  observes ``grpc_server_handling_seconds`` (see ``fiveup.telemetry.metrics``), whether the call
  returns, is ended by ``context.abort`` (the code is read back from the context), raises
  (``UNKNOWN``, or the code set with ``context.set_code``), is cancelled by the client
  (``CANCELLED``) or runs out of time (``DEADLINE_EXCEEDED``);
* counts the messages received and sent, streams included: the handler's behaviour is
  wrapped (async-generator streams message by message; reader/writer-style handlers
  through a context that counts ``read``/``write``), and open streams are a gauge;
* takes the request id from the ``x-request-id`` metadata (or makes one) and sends it back
  in the trailing metadata of every call, errors included (merged into the trailers of
  ``context.abort`` and ``set_trailing_metadata``: they ride with the status, no extra
  round trip), and for streams also in the initial metadata, so a client has it as soon
  as the stream opens; puts it in ``fiveup.telemetry.logs.request_id_var`` so every log line of the
  call carries it; and writes one access-log record (logger ``fiveup.access``) with the
  method, code, duration and request id -- never the metadata or the messages, so never
  the ``authorization`` header or a seat token -- plus the client's address (``client``),
  as the rate limits see it: behind the gRPC-Web gateway, the address Envoy saw, taken
  from x-forwarded-for only when the call comes from a trusted gateway
  (``fiveup.api.limits.peer_address``, docs/security.md).

Handlers get a thin proxy of the servicer context (``_Context``) that does the merging and
the counting of ``read``/``write``; everything else goes straight to gRPC's context.

Handlers are wrapped once per method and cached.  Calls to unknown methods (answered
UNIMPLEMENTED by gRPC itself) are not counted: their names come from clients and would be
unbounded label values.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import os
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, NoReturn

import grpc

from fiveup.api.handlers import Handler, WrappingInterceptor
from fiveup.api.limits import peer_address
from fiveup.telemetry.grpc_metrics import (
    GRPC_METRICS,
    GrpcServerMetrics,
    MethodMetrics,
    code_name,
    grpc_type,
)
from fiveup.telemetry.logs import ACCESS_LOGGER, request_id_var

REQUEST_ID_HEADER = "x-request-id"
_REQUEST_ID_OK = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/+=-]{0,127}")
# A call that succeeded logs at DEBUG: health checks every few seconds, thousands of
# RulesService answers a second per core (one INFO line each cost a quarter of a
# ValidateMove's CPU, docs/performance.md), a table's reads and moves (one short session
# of `make run` printed 347 lines).  Failures log at INFO (the client's) or ERROR (the
# server's); the metrics count every call either way.  A stream the client cancels is
# how a stream ends normally (a closed browser tab, a watcher that has what it wanted):
# DEBUG too, or every closed tab of `make run` would read as a failed call.
# Codes that point at the server rather than the request.
SERVER_FAULTS = frozenset({"UNKNOWN", "INTERNAL", "DATA_LOSS", "UNIMPLEMENTED"})
STREAMING_TYPES = frozenset({"server_stream", "client_stream", "bidi_stream"})


def new_request_id() -> str:
    return os.urandom(8).hex()


def invalid_headers(metadata: Iterable[tuple[str, Any]] | None) -> tuple[str, ...]:
    """Names of text headers whose value is not printable ASCII (gRPC allows nothing
    else; grpcio hands undecodable bytes over decoded as Latin-1): a client error."""
    return tuple(
        key
        for key, value in metadata or ()
        if isinstance(value, str) and not value.isascii() and not key.endswith("-bin")
    )


def request_id_from(metadata: Iterable[tuple[str, Any]] | None) -> str:
    """The client's ``x-request-id`` when it is a sane token, else a fresh one."""
    for key, value in metadata or ():
        if key == REQUEST_ID_HEADER:
            if isinstance(value, bytes):
                value = value.decode("ascii", "replace")
            if isinstance(value, str) and _REQUEST_ID_OK.fullmatch(value):
                return value
            break
    return new_request_id()


def _direct_peer(peer: str | None, metadata: Any = ()) -> str:
    return peer_address(peer)


class _Call:
    """Book-keeping of one RPC: metrics, request id, access log."""

    __slots__ = (
        "_token",
        "context",
        "interceptor",
        "invalid_headers",
        "m",
        "metadata",
        "peer",
        "received",
        "request_id",
        "sent",
        "started",
    )

    def __init__(self, interceptor: ServerInterceptor, m: MethodMetrics, context: Any) -> None:
        self.interceptor = interceptor
        self.m = m
        self.context = context
        self.received = 0
        self.sent = 0
        self.started = time.perf_counter()
        # Read now, while the call is alive: after a drain has ended it, touching the
        # context's peer from the access log crashed the process (SIGSEGV in grpcio).
        self.metadata = metadata = context.invocation_metadata()
        self.peer: str = context.peer()
        self.request_id = request_id_from(metadata)
        self.invalid_headers = invalid_headers(metadata)
        self._token = request_id_var.set(self.request_id)
        m.started.inc()
        context.set_trailing_metadata(((REQUEST_ID_HEADER, self.request_id),))

    async def open_stream(self) -> None:
        """Streams: send the request id in the initial metadata right away."""
        with contextlib.suppress(Exception):
            await self.context.send_initial_metadata(((REQUEST_ID_HEADER, self.request_id),))

    def got(self) -> None:
        self.received += 1
        self.m.received.inc()

    def put(self) -> None:
        self.sent += 1
        self.m.sent.inc()

    def end(self, exc: BaseException | None = None) -> None:
        elapsed = time.perf_counter() - self.started
        code = self._code(exc)
        m = self.m
        m.handled_child(code).inc()
        m.handling.observe(elapsed)
        try:
            self.interceptor.access(self, code, elapsed, exc)
        finally:
            with contextlib.suppress(ValueError):  # reset from another context
                request_id_var.reset(self._token)

    def _code(self, exc: BaseException | None) -> str:
        context = self.context
        if exc is None:
            return code_name(context.code() or grpc.StatusCode.OK)
        if isinstance(exc, grpc.aio.AbortError):
            return code_name(context.code() or grpc.StatusCode.UNKNOWN)  # abort set it
        if isinstance(exc, GeneratorExit):  # gRPC stopped iterating the stream: cancelled
            return "CANCELLED"
        if isinstance(exc, asyncio.CancelledError):
            remaining = context.time_remaining()
            if remaining is not None and remaining <= 0:
                return "DEADLINE_EXCEEDED"
            return "CANCELLED"
        code = context.code()
        if code is None or code == grpc.StatusCode.OK:
            return "UNKNOWN"  # what gRPC reports for an exception escaping the handler
        return code_name(code)


class _Context:
    """The servicer context as handlers see it: the request id is merged into whatever
    trailing metadata they set or abort with, and reader/writer-style handlers' ``read``
    and ``write`` are counted.  Everything else is gRPC's own context."""

    __slots__ = ("_call", "_context")

    def __init__(self, context: Any, call: _Call) -> None:
        self._context = context
        self._call = call

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)

    def _with_id(self, metadata: Any) -> tuple[tuple[str, Any], ...]:
        pairs = tuple(metadata or ())
        if any(key == REQUEST_ID_HEADER for key, _ in pairs):
            return pairs
        return (*pairs, (REQUEST_ID_HEADER, self._call.request_id))

    def set_trailing_metadata(self, trailing_metadata: Any) -> None:
        self._context.set_trailing_metadata(self._with_id(trailing_metadata))

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: Any = ()
    ) -> NoReturn:
        await self._context.abort(code, details, self._with_id(trailing_metadata))
        raise AssertionError("abort returned")  # pragma: no cover - abort always raises

    async def read(self) -> Any:
        message = await self._context.read()
        if message is not grpc.aio.EOF:
            self._call.got()
        return message

    async def write(self, message: Any) -> None:
        await self._context.write(message)
        self._call.put()


class ServerInterceptor(WrappingInterceptor):
    """Metrics + request id + access log.  ``services`` (ServiceDescriptors) get their
    metric series created up front."""

    def __init__(
        self,
        services: Iterable[Any] = (),
        *,
        metrics: GrpcServerMetrics = GRPC_METRICS,
        access_log: logging.Logger | None = None,
        client_address: Callable[[str | None, Any], str] = _direct_peer,
    ) -> None:
        self.metrics = metrics
        self.client_address = client_address
        super().__init__()
        self.log = access_log or logging.getLogger(ACCESS_LOGGER)
        metrics.initialize(services)

    # ------------------------------------------------------------------ access log

    def access(self, call: _Call, code: str, elapsed: float, exc: BaseException | None) -> None:
        m = call.m
        if code in SERVER_FAULTS:
            level = logging.ERROR
        elif code == "OK" or (code == "CANCELLED" and m.kind in STREAMING_TYPES):
            level = logging.DEBUG
        else:
            level = logging.INFO
        if call.invalid_headers:  # the client's mistake: said once, here, never as ERROR
            level = max(level, logging.INFO)
        if not self.log.isEnabledFor(level):
            return
        fields: dict[str, Any] = {
            "request_id": call.request_id,
            "grpc_service": m.service,
            "grpc_method": m.method,
            "grpc_type": m.kind,
            "grpc_code": code,
            "duration_ms": round(elapsed * 1000, 3),
        }
        if call.invalid_headers:
            fields["invalid_headers"] = ",".join(call.invalid_headers)
        with contextlib.suppress(Exception):
            fields["client"] = self.client_address(call.peer, call.metadata)
        if m.kind != "unary":
            fields["msgs_received"] = call.received
            fields["msgs_sent"] = call.sent
        if code != "OK":
            with contextlib.suppress(Exception):
                details = call.context.details()
                if details:
                    fields["grpc_message"] = str(details)[:200]
        unexpected = exc is not None and not isinstance(
            exc, grpc.aio.AbortError | asyncio.CancelledError | GeneratorExit
        )
        note = (
            f" (client sent headers that are not ASCII: {fields['invalid_headers']})"
            if call.invalid_headers else ""
        )  # fmt: skip
        self.log.log(
            level, "%s/%s %s %.1fms%s", m.service, m.method, code, elapsed * 1000, note,
            extra=fields, exc_info=exc if unexpected else None,
        )  # fmt: skip

    # ------------------------------------------------------------------ wrapping

    def wrap(self, method: str, handler: Handler) -> Handler:
        streaming_in, streaming_out = handler.request_streaming, handler.response_streaming
        m = self.metrics.method(method, grpc_type(streaming_in, streaming_out))
        fn: Callable[..., Any] | None = (
            handler.unary_unary
            or handler.unary_stream
            or handler.stream_unary
            or handler.stream_stream
        )
        build = self._streaming if streaming_out else self._single
        behaviour = None if fn is None else build(m, fn, streaming_in)
        if behaviour is None:  # not an asyncio handler: leave it alone
            return handler
        factory = _HANDLER_FACTORIES[(streaming_in, streaming_out)]
        return factory(behaviour, handler.request_deserializer, handler.response_serializer)

    def _single(
        self, m: MethodMetrics, fn: Callable[..., Any], streaming_in: bool
    ) -> Callable[..., Any] | None:
        """unary_unary and stream_unary: one response."""
        if not inspect.iscoroutinefunction(fn):
            return None

        async def single(first: Any, context: Any) -> Any:
            call = _Call(self, m, context)
            if streaming_in:
                m.streams.inc()
            try:
                response = await fn(_requests(first, call, streaming_in), _Context(context, call))
            except BaseException as exc:
                call.end(exc)
                raise
            finally:
                if streaming_in:
                    m.streams.dec()
            call.put()
            call.end()
            return response

        return single

    def _streaming(
        self, m: MethodMetrics, fn: Callable[..., Any], streaming_in: bool
    ) -> Callable[..., Any] | None:
        """unary_stream and stream_stream: an async generator, or a coroutine that writes
        through the context."""
        if inspect.isasyncgenfunction(fn):

            async def generated(first: Any, context: Any) -> AsyncIterator[Any]:
                call = _Call(self, m, context)
                m.streams.inc()
                try:
                    await call.open_stream()
                    requests = _requests(first, call, streaming_in)
                    async with contextlib.aclosing(fn(requests, _Context(context, call))) as out:
                        async for response in out:
                            call.put()
                            yield response
                except BaseException as exc:
                    call.end(exc)
                    raise
                finally:
                    m.streams.dec()
                call.end()

            return generated
        if inspect.iscoroutinefunction(fn):

            async def written(first: Any, context: Any) -> None:
                call = _Call(self, m, context)
                m.streams.inc()
                try:
                    await call.open_stream()
                    await fn(_requests(first, call, streaming_in), _Context(context, call))
                except BaseException as exc:
                    call.end(exc)
                    raise
                finally:
                    m.streams.dec()
                call.end()

            return written
        return None


_HANDLER_FACTORIES: dict[tuple[bool, bool], Callable[..., Handler]] = {
    (False, False): grpc.unary_unary_rpc_method_handler,
    (False, True): grpc.unary_stream_rpc_method_handler,
    (True, False): grpc.stream_unary_rpc_method_handler,
    (True, True): grpc.stream_stream_rpc_method_handler,
}


def _requests(first: Any, call: _Call, streaming_in: bool) -> Any:
    """The handler's first argument: a counted iterator of requests, or the one request
    (counted here)."""
    if streaming_in:
        return _counted(first, call)
    call.got()
    return first


async def _counted(requests: AsyncIterator[Any], call: _Call) -> AsyncIterator[Any]:
    async for request in requests:
        call.got()
        yield request
