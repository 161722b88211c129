"""The keys that sign and verify the service's own access tokens (HS256, by key id).

In production the keys come from a directory with one file per key, the file's name
being the key id and its content the secret: exactly what a Kubernetes Secret mounted
as a volume looks like (``kubectl create secret generic fiveup-token-keys
--from-literal=2026-12="$(openssl rand -base64 48)"``).  One key signs
(``--access-token-signing-kid``); every key in the directory verifies.  Rotation:

1. add the new key to the Secret; the kubelet updates the files, and a replica that
   meets a token with a key id it does not know re-reads the directory (at most once
   every ``RELOAD_SECONDS``), so every replica verifies the new key before any signs;
2. roll out with the new key id as the signing key;
3. once the old key's last tokens have expired (the access-token lifetime), drop it.

Without a directory the server makes an ephemeral key at start-up: fine for a single
development process, useless across replicas or restarts (it says so in the log).  The
local stack (``make run``) keeps one key beside its database instead
(``local_key_directory``): made on first start, mode 0600, so a restart keeps every
signed-in browser signed in.
"""

from __future__ import annotations

import atexit
import logging
import os
import secrets
import shutil
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

MIN_KEY_BYTES = 32  # HS256 with a key shorter than its 256-bit output is weakened
RELOAD_SECONDS = 5.0
EPHEMERAL_KID = "ephemeral"
LOCAL_KID = "local"
LOCAL_KEYS_SUFFIX = ".keys"


class KeyConfigError(ValueError):
    """The key directory or the signing key id is unusable (a start-up error)."""


@dataclass(frozen=True, slots=True)
class SigningKey:
    kid: str
    secret: bytes


def read_key_directory(path: Path) -> dict[str, bytes]:
    """Key id -> secret for every regular file in ``path`` (hidden entries, such as the
    ``..data`` links of a mounted Secret, are skipped)."""
    if not path.is_dir():
        raise KeyConfigError(f"access token key directory {str(path)!r} does not exist")
    keys: dict[str, bytes] = {}
    for entry in sorted(path.iterdir()):
        if entry.name.startswith(".") or not entry.is_file():
            continue
        secret = entry.read_bytes().strip()
        if len(secret) < MIN_KEY_BYTES:
            raise KeyConfigError(
                f"access token key {entry.name!r} has {len(secret)} bytes;"
                f" at least {MIN_KEY_BYTES} are needed"
            )
        keys[entry.name] = secret
    return keys


class AccessTokenKeys:
    """One signing key and every verification key, reloadable from their directory."""

    def __init__(
        self, keys: dict[str, bytes], signing_kid: str, directory: Path | None = None
    ) -> None:
        if signing_kid not in keys:
            raise KeyConfigError(
                f"the signing key id {signing_kid!r} is not among the keys"
                f" ({', '.join(sorted(keys)) or 'none'})"
            )
        self._keys = dict(keys)
        self.signing = SigningKey(signing_kid, keys[signing_kid])
        self.directory = directory
        self._reloaded_at = time.monotonic()
        self._lock = threading.Lock()

    @classmethod
    def from_directory(cls, directory: str, signing_kid: str = "") -> AccessTokenKeys:
        path = Path(directory)
        keys = read_key_directory(path)
        if not keys:
            raise KeyConfigError(f"access token key directory {directory!r} holds no key")
        if not signing_kid:
            if len(keys) > 1:
                raise KeyConfigError(
                    "several access token keys: say which one signs (--access-token-signing-kid)"
                )
            signing_kid = next(iter(keys))
        return cls(keys, signing_kid, path)

    @classmethod
    def ephemeral(cls) -> AccessTokenKeys:
        # Said once more, on stdout, after the server's "listening" line (fiveup.app.server).
        log.debug(
            "no --access-token-keys: signing access tokens with an ephemeral key; they"
            " stop working when this process exits and no other replica accepts them"
        )
        return cls({EPHEMERAL_KID: secrets.token_bytes(MIN_KEY_BYTES)}, EPHEMERAL_KID)

    def verification_key(self, kid: str) -> bytes | None:
        """The secret of ``kid``, re-reading the directory once in a while when the id is
        unknown (a key added to the Secret since start-up)."""
        key = self._keys.get(kid)
        if key is not None or self.directory is None:
            return key
        with self._lock:
            now = time.monotonic()
            if now - self._reloaded_at >= RELOAD_SECONDS:
                self._reloaded_at = now
                try:
                    fresh = read_key_directory(self.directory)
                except (OSError, KeyConfigError) as exc:
                    log.warning("could not re-read the access token keys: %s", exc)
                else:
                    fresh.setdefault(self.signing.kid, self.signing.secret)
                    self._keys = fresh
        return self._keys.get(kid)

    @property
    def ephemeral_key(self) -> bool:
        return self.signing.kid == EPHEMERAL_KID and self.directory is None

    @property
    def key_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._keys))


def shared_ephemeral_keys() -> str:
    """A private directory holding one fresh random key, removed when this process exits:
    for ``--workers`` without configured keys (the forked workers read the same key)."""
    folder = tempfile.mkdtemp(prefix="fiveup-token-keys-")
    path = Path(folder) / EPHEMERAL_KID
    path.write_text(secrets.token_urlsafe(48))
    path.chmod(0o600)
    atexit.register(shutil.rmtree, folder, True)
    return folder


def local_key_directory(db: str) -> Path:
    """Where the local stack keeps its signing key: ``<db file>.keys/`` beside a SQLite
    file, ``fiveup-token-keys/`` in the working directory for a database URL."""
    if "://" in db:
        return Path("fiveup-token-keys")
    return Path(db).with_name(Path(db).name + LOCAL_KEYS_SUFFIX)


def ensure_local_key(directory: Path) -> Path:
    """The directory holding the local stack's one signing key, made on first use (the
    folder 0700, the key 0600, never overwritten: two stacks starting at once keep the
    first key).  A key file anyone but its owner may read or write is refused
    (``KeyConfigError``, one line): whoever reads it can sign in as every player."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = directory / LOCAL_KID
    if not key.exists():
        draft = directory / f".{LOCAL_KID}.{os.getpid()}.tmp"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, secrets.token_urlsafe(48).encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(draft, key)  # atomic, and fails if another start made one first
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    mode = stat.S_IMODE(key.stat().st_mode)
    if mode & 0o077:
        raise KeyConfigError(
            f"the access token key {str(key)!r} is readable or writable by others"
            f" (mode {mode:04o}): run chmod 600 {key}, or delete it to make a new one"
            " (signed-in browsers then sign in again)"
        )
    read_key_directory(directory)  # a key too short is refused here, not at serve time
    return directory
