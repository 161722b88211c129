"""Opaque page tokens: a keyset cursor (the sort key of a page's last row), as URL-safe
base64 of its JSON.  The cursor says where to continue, nothing a client could abuse: a
hand-made token at worst starts a page elsewhere."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from .errors import InvalidRequest

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
MAX_TOKEN_LENGTH = 512


def page_size(requested: int) -> int:
    if requested < 0 or requested > MAX_PAGE_SIZE:
        raise InvalidRequest(f"page_size must be 0-{MAX_PAGE_SIZE}", field="page_size")
    return requested or DEFAULT_PAGE_SIZE


def encode(cursor: tuple[Any, ...] | None) -> str:
    if cursor is None:
        return ""
    return base64.urlsafe_b64encode(json.dumps(list(cursor)).encode()).decode().rstrip("=")


def decode(token: str, kinds: tuple[type, ...]) -> tuple[Any, ...] | None:
    """The cursor of ``token`` (None for the first page), its items of ``kinds``."""
    if not token:
        return None
    try:
        if len(token) > MAX_TOKEN_LENGTH:
            raise ValueError("too long")
        items = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        if not isinstance(items, list) or len(items) != len(kinds):
            raise ValueError("wrong shape")
        values = []
        for item, kind in zip(items, kinds, strict=True):
            if kind is float and isinstance(item, int) and not isinstance(item, bool):
                item = float(item)
            if not isinstance(item, kind) or isinstance(item, bool):
                raise ValueError("wrong type")
            values.append(item)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InvalidRequest(
            "page_token is not one this server handed out", field="page_token"
        ) from None
    return tuple(values)
