"""Secrets scrubbed from text before it is printed or logged: bearer tokens, seat tokens
and passwords (of a URL, or libpq's ``password=``).  The logs' filter
(``fiveup.telemetry.logs.RedactSecrets``) and the stores' messages naming their database
(``redact_url``) share these patterns."""

from __future__ import annotations

import re

_SECRET_PATTERNS = (
    # "authorization: Bearer abc", "Bearer abc", "'authorization', 'Bearer abc'"
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+"),
    # seat_token=abc, "seat_token": "abc", seat_token: 'abc'
    re.compile(r"(?i)(seat_token\W{1,4})[A-Za-z0-9._~+/=-]+"),
    # the password of a URL: postgresql://user:secret@host/db
    re.compile(r"(://[^:/@\s]+:)[^@\s]+(?=@)"),
    # libpq keyword form: password=secret
    re.compile(r"(?i)(\bpassword\s*=\s*)[^\s]+"),
)
REDACTED = "[REDACTED]"


def redact(text: str) -> str:
    """``text`` with bearer tokens and seat tokens replaced by ``[REDACTED]``."""
    lowered = text.lower()
    if (
        "earer" not in text
        and "token" not in lowered
        and "@" not in text
        and "password" not in lowered
    ):
        return text
    for pattern in _SECRET_PATTERNS:
        text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
    return text


def redact_url(url: str) -> str:
    """A store URL fit to print: the password (if any) replaced by ``[REDACTED]``."""
    return redact(url)
