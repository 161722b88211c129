"""The deployment's Web Push VAPID key, found or made at start-up.

One P-256 key for the whole deployment (``webpush`` explains why every replica must sign
with the same one).  The operator provides it (``--vapid-private-key``: a PEM file, e.g.
a mounted Secret); a server on a SQLite file without one creates ``<database>.vapid.pem``
beside the file on its first start (mode 0600) and keeps using it, like its other local
secrets; an in-memory database gets an ephemeral key; replicas on a shared database
(PostgreSQL) without one send no Web Push rather than each sign with its own key.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from py_vapid import Vapid02

log = logging.getLogger(__name__)


class VapidConfigError(ValueError):
    """A VAPID key file the server cannot use."""


def load_vapid_key(path: Path) -> Vapid02:
    try:
        return Vapid02.from_pem(path.read_bytes())
    except OSError as exc:
        raise VapidConfigError(f"cannot read the VAPID key {str(path)!r}: {exc}") from None
    except Exception:
        raise VapidConfigError(
            f"{str(path)!r} is not a PEM P-256 private key (openssl ecparam -name prime256v1"
            " -genkey -noout -out vapid.pem)"
        ) from None


def load_or_create_vapid_key(path: Path) -> Vapid02:
    """The key in ``path``, created there first (0600) if the file does not exist."""
    if path.exists():
        return load_vapid_key(path)
    key = Vapid02()
    key.generate_keys()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.private_pem())
    log.info("created the Web Push VAPID key %s (keep it: subscriptions depend on it)", path)
    return key


def ephemeral_vapid_key() -> Vapid02:
    key = Vapid02()
    key.generate_keys()
    return key


def vapid_key(key_file: str, *, db: str, shared_database: bool) -> Vapid02 | None:
    """The operator's key file; else, on a SQLite file (``db``), ``<db>.vapid.pem`` beside
    it (created on the first start); an in-memory database an ephemeral key.  Replicas on
    a ``shared_database`` must share one key, so without ``key_file`` they send no Web Push
    (logged) rather than each signing with its own.  ``VapidConfigError`` for a key file
    that cannot be used."""
    if key_file:
        return load_vapid_key(Path(key_file))
    if shared_database:
        log.warning(
            "no --vapid-private-key: Web Push is off (replicas must share one key; "
            "docs/operations.md)"
        )
        return None
    if db == ":memory:":
        return ephemeral_vapid_key()
    return load_or_create_vapid_key(Path(db + ".vapid.pem"))
