"""Structured logs: one line per record, plain text or JSON lines (``FIVEUP_LOG_JSON``).

``configure_logging(level, json_lines)`` installs one handler on the root logger (and
replaces the one it installed before).  Every record carries the request id of the RPC it
was emitted in (``request_id_var``, set by ``fiveup.telemetry.interceptors``); fields passed as
``extra={...}`` become JSON keys (or ``key=value`` pairs in text mode).

The access log (logger ``fiveup.access``) has one record per RPC with the method, the
status code, the duration and the request id.  Secrets never reach it: the interceptor
logs no metadata and no message bodies, and ``RedactSecrets`` scrubs anything shaped like
a bearer token or a ``seat_token`` from every record as a second line of defence.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from contextvars import ContextVar
from typing import Any, TextIO

from ..shared.redact import REDACTED, redact

request_id_var: ContextVar[str | None] = ContextVar("fiveup_request_id", default=None)

ACCESS_LOGGER = "fiveup.access"

# Attributes every LogRecord has: anything else on a record came from ``extra``.
_STANDARD = frozenset(logging.LogRecord("x", logging.INFO, __file__, 0, "", (), None).__dict__) | {
    "message",
    "asctime",
    "taskName",
}

_SECRET_KEYS = frozenset({"authorization", "seat_token", "token"})


class RedactSecrets(logging.Filter):
    """Scrub bearer tokens and seat tokens from the message and the extra fields."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        fields = record.__dict__
        for key in fields.keys() - _STANDARD:
            value = fields[key]
            if key.lower() in _SECRET_KEYS:
                fields[key] = REDACTED
            elif isinstance(value, str):
                fields[key] = redact(value)
        return True


def _extras(record: logging.LogRecord) -> dict[str, Any]:
    out = {k: v for k, v in record.__dict__.items() if k not in _STANDARD and not k.startswith("_")}
    if "request_id" not in out:
        request_id = request_id_var.get()
        if request_id is not None:
            out["request_id"] = request_id
    return out


_stamp: tuple[int, str] = (-1, "")  # (second, its ISO text): one tuple, swapped atomically


def _timestamp(created: float) -> str:
    global _stamp
    seconds = int(created)
    second, text = _stamp
    if second != seconds:  # strftime once per second, not once per line
        text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
        _stamp = (seconds, text)
    return f"{text}.{int((created - seconds) * 1000):03d}Z"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts, level, logger, message, then the extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": _timestamp(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        out.update(_extras(record))
        if record.exc_info:
            out["exception"] = redact(self.formatException(record.exc_info))
        if record.stack_info:
            out["stack"] = record.stack_info
        return json.dumps(out, default=str, ensure_ascii=False, separators=(",", ":"))


class TextFormatter(logging.Formatter):
    """``ts LEVEL logger message key=value ...`` for people reading a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        line = f"{_timestamp(record.created)} {record.levelname:<7} {record.name}: {record.getMessage()}"
        extras = _extras(record)
        if extras:
            line += " " + " ".join(f"{k}={_text_value(v)}" for k, v in extras.items())
        if record.exc_info:
            line += "\n" + redact(self.formatException(record.exc_info))
        return line


def _text_value(value: object) -> str:
    text = str(value)
    if not text or any(c.isspace() or c in '"=' for c in text):
        return json.dumps(text, ensure_ascii=False)
    return text


_installed: logging.Handler | None = None


def configure_logging(
    level: str | int = "INFO", json_lines: bool = False, stream: TextIO | None = None
) -> logging.Handler:
    """Send every log record to ``stream`` (stderr) as text or JSON lines, at ``level``."""
    global _installed
    root = logging.getLogger()
    if _installed is not None:
        root.removeHandler(_installed)
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else TextFormatter())
    handler.addFilter(RedactSecrets())
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
    logging.captureWarnings(True)
    _installed = handler
    return handler


GRPC_CORE_LOGGER = "grpc._cython.cygrpc"


class DropMetadataDecodeErrors(logging.Filter):
    """grpcio logs an ERROR with a traceback each time it decodes a metadata value that
    is not UTF-8 -- several times per call, for what is the client's mistake.  Those
    records are dropped; the access log reports the call once instead, at INFO, with the
    offending header names (``fiveup.telemetry.interceptors``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Invalid encoding on")


_DROP_DECODE_ERRORS = DropMetadataDecodeErrors()


def quiet_grpc_decode_errors() -> None:
    """Install the filter on grpcio's logger (idempotent)."""
    logger = logging.getLogger(GRPC_CORE_LOGGER)
    if _DROP_DECODE_ERRORS not in logger.filters:
        logger.addFilter(_DROP_DECODE_ERRORS)
