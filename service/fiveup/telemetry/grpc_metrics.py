"""The gRPC server's metrics (``GrpcServerMetrics``), updated by the interceptor in
``fiveup.telemetry.interceptors``, named and labelled like go-grpc-prometheus /
py-grpc-prometheus so the usual dashboards and alerts apply::

    grpc_server_started_total{grpc_type,grpc_service,grpc_method}
    grpc_server_handled_total{grpc_type,grpc_service,grpc_method,grpc_code}
    grpc_server_handling_seconds{grpc_type,grpc_service,grpc_method}   (histogram)
    grpc_server_msg_received_total{grpc_type,grpc_service,grpc_method}
    grpc_server_msg_sent_total{grpc_type,grpc_service,grpc_method}
    fiveup_grpc_streams_active{grpc_type,grpc_service,grpc_method}      (gauge)

``grpc_type`` is ``unary``, ``client_stream``, ``server_stream`` or ``bidi_stream``.
``grpc_code`` is the upper-case name of the status code as the gRPC spec and Python
spell it (``OK``, ``INVALID_ARGUMENT``, ``NOT_FOUND``...), like py-grpc-prometheus; Go's
exporter writes CamelCase (``InvalidArgument``), so a dashboard imported from the Go
world must match on these names instead (``deploy/monitoring`` does).  Every method of
the registered services is pre-initialised with every code at zero, so ``rate()`` and
alerts see the first error, and the set of series never grows with traffic.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import grpc
from prometheus_client import Counter, Gauge, Histogram

GRPC_LABELS = ("grpc_type", "grpc_service", "grpc_method")
# From 0.5 ms (a RulesService call) to 2 minutes (a long WatchMatch stream).
HANDLING_BUCKETS = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
    30.0, 120.0,
)  # fmt: skip
CODE_NAMES: tuple[str, ...] = tuple(code.name for code in grpc.StatusCode)
_CODE_BY_VALUE: dict[int, str] = {code.value[0]: code.name for code in grpc.StatusCode}

GRPC_STARTED = Counter("grpc_server_started", "RPCs started on the server.", GRPC_LABELS)
GRPC_HANDLED = Counter(
    "grpc_server_handled",
    "RPCs completed on the server, whatever their status code.",
    (*GRPC_LABELS, "grpc_code"),
)
GRPC_HANDLING = Histogram(
    "grpc_server_handling_seconds",
    "Time from the start of an RPC to its end on the server (for streams: the stream's life).",
    GRPC_LABELS,
    buckets=HANDLING_BUCKETS,
)
GRPC_RECEIVED = Counter(
    "grpc_server_msg_received",
    "Messages received from clients (stream messages included).",
    GRPC_LABELS,
)
GRPC_SENT = Counter(
    "grpc_server_msg_sent", "Messages sent to clients (stream messages included).", GRPC_LABELS
)
GRPC_STREAMS = Gauge(
    "fiveup_grpc_streams_active",
    "Streaming RPCs open right now (WatchMatch, ValidateMoves, Health.Watch...); unary calls "
    "are never counted here.",
    GRPC_LABELS,
)


def grpc_type(request_streaming: bool, response_streaming: bool) -> str:
    if request_streaming:
        return "bidi_stream" if response_streaming else "client_stream"
    return "server_stream" if response_streaming else "unary"


def code_name(code: object) -> str:
    """``OK``, ``INVALID_ARGUMENT``...: the label value for a status code."""
    if isinstance(code, grpc.StatusCode):
        return str(code.name)
    if isinstance(code, int):
        return _CODE_BY_VALUE.get(code, "UNKNOWN")
    return "UNKNOWN"


@dataclass(slots=True)
class MethodMetrics:
    """The label children of one method, resolved once (labels() is not free)."""

    kind: str
    service: str
    method: str
    started: Any
    handling: Any
    received: Any
    sent: Any
    streams: Any  # None for unary methods
    handled: dict[str, Any] = field(default_factory=dict)

    def handled_child(self, code: str) -> Any:
        child = self.handled.get(code)
        if child is None:
            if code not in CODE_NAMES:
                code = "UNKNOWN"
            child = self.handled[code] = GRPC_HANDLED.labels(
                self.kind, self.service, self.method, code
            )
        return child


class GrpcServerMetrics:
    """Per-method label children, created on first use or up front by ``initialize``."""

    def __init__(self) -> None:
        self._methods: dict[str, MethodMetrics] = {}
        self._lock = threading.Lock()

    def method(self, full_method: str, kind: str) -> MethodMetrics:
        """``full_method`` is gRPC's ``/package.Service/Method``."""
        found = self._methods.get(full_method)
        if found is not None:
            return found
        service, _, method = full_method.lstrip("/").rpartition("/")
        with self._lock:
            found = self._methods.get(full_method)
            if found is None:
                labels = (kind, service or "unknown", method or "unknown")
                found = MethodMetrics(
                    kind, labels[1], labels[2],
                    GRPC_STARTED.labels(*labels), GRPC_HANDLING.labels(*labels),
                    GRPC_RECEIVED.labels(*labels), GRPC_SENT.labels(*labels),
                    # streams only: a unary method has no series in the streams gauge
                    GRPC_STREAMS.labels(*labels) if kind != "unary" else None,
                )  # fmt: skip
                for code in CODE_NAMES:  # every code at zero: rate() sees the first error
                    found.handled_child(code)
                self._methods[full_method] = found
        return found

    def initialize(self, services: Iterable[Any]) -> None:
        """Pre-create the series of every method of these ``ServiceDescriptor``s."""
        for service in services:
            for m in service.methods:
                self.method(
                    f"/{service.full_name}/{m.name}",
                    grpc_type(m.client_streaming, m.server_streaming),
                )


GRPC_METRICS = GrpcServerMetrics()
