"""The identity context's port: the player store interface -- players, the identities
that sign in as them, and sessions with their refresh tokens (adapters:
``fiveup.store.sqlite.players``, ``fiveup.store.postgres.players``).

It shares the database of the event store (same SQLite file or PostgreSQL database) but
keeps its own tables and its own schema version (``player_schema_version``), so the two
evolve independently.  Two implementations share one contract suite
(tests/store/test_player_store.py): SQLite and PostgreSQL.

Refresh tokens are stored only as SHA-256 hashes.  A session (a "family") is a chain of
refresh tokens, each replaced by the next when it is used; presenting a token that was
already replaced means it leaked (or a client replayed it), so the store ends the whole
session in the same transaction that noticed (``Rotation.REUSED``) -- unless it comes
back within the reuse interval and its successor is still unused: then the same successor
is handed out again (``Rotation.REPLAYED``), so concurrent refreshes (two tabs, a retried
call whose answer was lost) all end with one session instead of none.  The store never
holds a usable token: the successor is kept sealed with the token it replaced
(``fiveup.identity.players.seal_successor``), so only a caller presenting that token can
open it.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

DEVICE_PROVIDER = "device"
EXTERNAL_PREFIX = "external:"


@dataclass(frozen=True, slots=True)
class Identity:
    """Something that signs in as a player: ``("device", sha256 of the device id)`` or
    ``("external:<issuer>", subject)``."""

    provider: str
    subject: str

    @property
    def is_device(self) -> bool:
        return self.provider == DEVICE_PROVIDER


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player_id: str
    display_name: str
    created_at: float
    last_seen_at: float
    providers: tuple[str, ...]  # of the identities that sign in as the player, sorted


@dataclass(frozen=True, slots=True)
class SignInRecord:
    """The player an identity signed in as, and whether that sign-in created them."""

    player: PlayerRecord
    created: bool


class Rotation(enum.Enum):
    ROTATED = "rotated"  # the token was current: replaced by the new one
    REPLAYED = "replayed"  # replaced within the reuse interval: the same successor again
    UNKNOWN = "unknown"  # no such token
    REUSED = "reused"  # already replaced: the session is now revoked
    REVOKED = "revoked"  # the session had been revoked already
    EXPIRED = "expired"  # the token outlived its lifetime unused


@dataclass(frozen=True, slots=True)
class Successor:
    """The refresh token that replaces a presented one: its hash, the token itself sealed
    with the presented token, and its expiry; ``issued_at`` is the rotation's time."""

    token_hash: bytes
    sealed: bytes
    issued_at: float
    expires_at: float


@dataclass(frozen=True, slots=True)
class RotationResult:
    outcome: Rotation
    player_id: str | None = None
    session_id: str | None = None
    successor: Successor | None = None  # ROTATED: the one given; REPLAYED: the one stored


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A session as the operators see it (never a token: only when it was used)."""

    session_id: str
    started_at: float
    last_used_at: float  # its newest refresh token's issue (the sign-in or a refresh)
    revoked_at: float | None
    end_reason: str  # why it was revoked ("" while live)

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class PlayerStoreError(Exception):
    pass


class IdentityTaken(PlayerStoreError):
    """The identity signs in as another player, or the player already has an identity of
    that external provider."""

    def __init__(self, identity: Identity, owner: str | None) -> None:
        super().__init__(f"identity of {identity.provider!r} is in use")
        self.identity = identity
        self.owner = owner


class NameTaken(PlayerStoreError):
    """Another player's current name has one of the keys of the name asked for (its
    skeleton: ``fiveup.identity.names``)."""

    def __init__(self, key: str) -> None:
        super().__init__("another player's name looks the same")
        self.key = key


class PlayerStore(Protocol):
    url: str

    async def open(self) -> None:
        """Connect and apply this store's migrations (idempotent, safe in parallel)."""

    async def close(self) -> None: ...

    async def sign_in(
        self, identity: Identity, new_player_id: str, display_name: str, now: float,
        keys: Sequence[str] | None = None,
    ) -> SignInRecord:  # fmt: skip
        """The player of ``identity`` with ``last_seen_at = now``; if no player has it, a
        new player ``new_player_id`` named ``display_name`` (exactly one player per
        identity, even when several replicas sign the same identity in at once).  A new
        player's name is stored with its skeleton, ``keys[0]``, and refused
        (``NameTaken``) when another player's skeleton is one of ``keys`` (None: the
        name's own ``name_keys``); checked and written in one transaction, so two
        players racing for look-alike names cannot both get them."""

    async def get_player(self, player_id: str) -> PlayerRecord | None: ...

    async def rename(
        self, player_id: str, display_name: str, keys: Sequence[str] | None = None
    ) -> PlayerRecord | None:
        """Rename the player, storing ``keys[0]`` as the name's skeleton; ``NameTaken``
        when another player's skeleton is one of ``keys`` -- unless the player's own
        current skeleton is (a player may keep or re-set their own name)."""

    async def link(self, player_id: str, identity: Identity, now: float) -> PlayerRecord | None:
        """Add ``identity`` to the player (a no-op if it is theirs already); raises
        ``IdentityTaken``; ``None`` if there is no such player."""

    async def start_session(
        self, session_id: str, player_id: str, token_hash: bytes, now: float, expires_at: float
    ) -> None: ...

    async def rotate(
        self, token_hash: bytes, successor: Successor, reuse_seconds: float
    ) -> RotationResult:
        """Replace a current refresh token by ``successor`` (at ``successor.issued_at``,
        touching the player), or say why not.  A token replaced at most ``reuse_seconds``
        ago whose successor is still current gives that stored successor back
        (``REPLAYED``); any other replaced token revokes its session in the same
        transaction (``REUSED``).  Atomic across replicas: concurrent calls with one token
        see one rotation, and every other call a replay of it."""

    async def revoke(self, token_hash: bytes, now: float, reason: str) -> str | None:
        """Revoke the session of a refresh token (current or used); its id, or None."""

    async def session_active(self, session_id: str) -> bool:
        """Whether the session exists and is not revoked."""

    async def prune(self, before: float) -> int:
        """Delete refresh tokens that expired before ``before`` and sessions left without
        any; the number of tokens deleted."""

    async def stale_guests(
        self, before: float, now: float, limit: int, after: str = ""
    ) -> list[str]:
        """Up to ``limit`` guests (device identities only) created and last seen before
        ``before`` who hold no live session at ``now`` (none unrevoked with an unexpired
        refresh token), by player id after ``after`` (a cursor)."""

    async def delete_players(self, player_ids: Sequence[str]) -> int:
        """Delete these players with their identities, sessions and refresh tokens (in
        one transaction); the number of players deleted."""

    # The operators' reads and actions (fiveup.admin.players).

    async def find_players(self, keys: Sequence[str], limit: int) -> list[PlayerRecord]:
        """Up to ``limit`` players whose name's skeleton contains one of ``keys`` (each a
        name's skeleton: ``fiveup.identity.names.name_keys``), most recently seen first."""

    async def sessions_of(self, player_id: str, limit: int) -> list[SessionRecord]:
        """The player's newest ``limit`` sessions, newest first."""

    async def revoke_player_sessions(self, player_id: str, now: float, reason: str) -> list[str]:
        """Revoke every live session of the player; the ids of those revoked."""


# ---------------------------------------------------------------------------- blocks


@dataclass(frozen=True, slots=True)
class BlockRecord:
    """``blocker`` blocked ``blocked`` at ``blocked_at``; ``display_name``: the blocked
    player's current name ("" if they no longer exist)."""

    blocker: str
    blocked: str
    blocked_at: float
    display_name: str = ""


@dataclass(frozen=True, slots=True)
class BlockPage:
    blocks: tuple[BlockRecord, ...]
    next_cursor: tuple[float, str] | None  # (blocked_at, blocked) of the last row


class BlockStore(Protocol):
    """Who blocked whom (adapters: ``fiveup.store.sqlite.relations``,
    ``fiveup.store.postgres.relations``): the identity context's own tables in the event
    store's database, schema version ``relation_schema_version`` (apart from the player
    store's, so the two evolve independently).  Contract suite:
    tests/store/test_relation_store.py."""

    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def block(self, blocker: str, blocked: str, now: float, limit: int) -> BlockRecord | None:
        """Record the block (the existing one if there is one already); None when
        ``blocker`` already has ``limit`` blocks (checked in the same transaction)."""

    async def unblock(self, blocker: str, blocked: str) -> bool:
        """Lift the block; whether there was one."""

    async def blocked_either_way(self, a: str, b: str) -> bool: ...

    async def pairs_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]:
        """Every pair of ``player_ids`` with a block either way."""

    async def blocked_by(self, blocker: str) -> frozenset[str]:
        """Everyone ``blocker`` blocked (at most the block limit)."""

    async def blocks_of(
        self, blocker: str, limit: int, after: tuple[float, str] | None
    ) -> BlockPage:
        """``blocker``'s blocks, most recent first, with the blocked players' names."""


# ---------------------------------------------------------------------------- sanctions


class SanctionKind(enum.Enum):
    """What an operator's sanction stops (docs/security.md, "Sanctions")."""

    CHAT_SILENCE = "chat_silence"  # their chat reaches nobody but themselves
    RATED_PLAY_SUSPENSION = "rated_play_suspension"  # no rated seat
    SIGN_IN_SUSPENSION = "sign_in_suspension"  # no sign-in, no refresh


@dataclass(frozen=True, slots=True)
class NewSanction:
    player_id: str
    kind: SanctionKind
    starts_at: float
    ends_at: float
    reason: str
    operator_id: str


@dataclass(frozen=True, slots=True)
class SanctionRecord:
    sanction_id: int
    sanction: NewSanction
    lifted_at: float | None = None
    lifted_by: str = ""  # the operator who lifted it
    lift_reason: str = ""

    def in_force(self, now: float) -> bool:
        return self.lifted_at is None and self.sanction.starts_at <= now < self.sanction.ends_at


@dataclass(frozen=True, slots=True)
class AddressSeen:
    """A network prefix (IPv4 /24, IPv6 /64) a player signed in or refreshed from."""

    player_id: str
    prefix: str
    first_seen_at: float
    last_seen_at: float


class ModerationStore(Protocol):
    """The operators' records of players (adapters: ``fiveup.store.sqlite.moderation``,
    ``fiveup.store.postgres.moderation``): sanctions, and the address prefixes players
    were seen from.  Identity's own tables in the event store's database, schema version
    ``moderation_schema_version``."""

    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def add_sanction(self, sanction: NewSanction) -> SanctionRecord: ...

    async def lift_sanction(
        self, sanction_id: int, player_id: str, now: float, by: str, reason: str
    ) -> tuple[SanctionRecord, bool] | None:
        """Mark the player's sanction lifted if it is in force at ``now`` (in one
        statement: two operators lifting at once lift it once); the record as stored
        after and whether this call lifted it, or None when the player has no such
        sanction."""

    async def sanctions_of(self, player_id: str) -> list[SanctionRecord]:
        """Every sanction of the player, newest first."""

    async def sanctions_in_force(
        self, player_ids: Sequence[str], now: float, kind: SanctionKind | None = None
    ) -> list[SanctionRecord]:
        """The sanctions of these players in force at ``now`` (of ``kind``, if given)."""

    async def record_address(self, player_id: str, prefix: str, now: float) -> None:
        """The player was seen from ``prefix`` now (first and last seen kept)."""

    async def addresses_of(self, player_id: str) -> list[AddressSeen]:
        """The prefixes the player was seen from, most recently first."""

    async def players_sharing(self, prefix: str) -> list[str]:
        """Every player seen from ``prefix`` (within the retention)."""

    async def forget_addresses(self, before: float, player_ids: Sequence[str] = ()) -> int:
        """Delete what was last seen before ``before``, and everything of ``player_ids``
        (deleted players); the number of rows deleted."""


# Whether a player has a history another context keeps (a seat in a match): such a guest
# is never forgotten.  Identity depends on no other context, so it declares the question
# and the composition root answers it from the lobby's store (``build_identity``).
HasHistory = Callable[[str], Awaitable[bool]]
