"""Prometheus metrics: served over HTTP on their own port."""

from __future__ import annotations

from prometheus_client import start_http_server

from .config import ServerConfig


def start_metrics_server(config: ServerConfig) -> int | None:
    """Serve /metrics on ``config.metrics_port`` (0: a free port; -1: disabled)."""
    if config.metrics_port < 0:
        return None
    httpd, _thread = start_http_server(config.metrics_port, addr=config.metrics_address)
    return int(httpd.server_port)
