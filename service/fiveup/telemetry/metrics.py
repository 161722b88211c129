"""Prometheus metrics: served over HTTP on their own port (``/metrics``).

All in prometheus_client's default registry (process-global: tests compare deltas,
never absolute values), one module per subject, each registered when imported (this
module imports them all, so serving /metrics serves every one):

* ``grpc_metrics``: the gRPC server's, fed by the interceptor (``interceptors``);
* ``game_metrics``: the game's (``MatchObserver``: matches, moves, rounds, bots, the
  event store, the rules service, the abuse limits);
* ``pool_metrics``: how full the server-wide stream pools are;
* ``runtime``: the signs of a replica's knee (event-loop lag, store pools);
* ``fiveup_build_info{version,core_implementation}`` = 1, here.

No label takes an unbounded value: never a match id, a seat, a token or a player; labels
hold method names, status codes, bot kinds, move kinds, rejection reasons and the like,
each from a fixed set (anything else is reported as ``other``).
"""

from __future__ import annotations

from typing import Any

from prometheus_client import Gauge, start_http_server

import fiveup_core

from .. import __version__
from ..shared.usererror import AddressInUse
from . import game_metrics, grpc_metrics, pool_metrics  # noqa: F401  (registers them)
from .settings import TelemetrySettings

BUILD_INFO = Gauge(
    "fiveup_build_info", "Always 1: the running version and rules core.",
    ("version", "core_implementation"),
)  # fmt: skip
BUILD_INFO.labels(__version__, fiveup_core.IMPLEMENTATION).set(1)


_HTTP_SERVERS: dict[int, Any] = {}


def start_metrics_server(config: TelemetrySettings) -> int | None:
    """Serve /metrics on ``config.metrics_port`` (0: a free port; -1: disabled)."""
    if config.metrics_port < 0:
        return None
    try:
        httpd, _thread = start_http_server(config.metrics_port, addr=config.metrics_address)
    except OSError as exc:
        raise AddressInUse(
            f"cannot serve metrics on {config.metrics_address}:{config.metrics_port} "
            f"({exc.strerror or exc}): pass --metrics-port with a free port, 0 for any free "
            "port, or -1 to turn metrics off"
        ) from None
    port = int(httpd.server_port)
    _HTTP_SERVERS[port] = httpd
    return port


def stop_metrics_server(port: int) -> None:
    """Stop a server started by ``start_metrics_server`` (tests; production just exits)."""
    httpd = _HTTP_SERVERS.pop(port, None)
    if httpd is not None:
        httpd.shutdown()
        httpd.server_close()
