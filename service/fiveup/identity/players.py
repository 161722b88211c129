"""Players: the application layer of identity (sign-in, sessions, the player's profile).

The servicer translates protobuf to these calls and back; this module holds the rules:
what a device id may look like, how refresh tokens rotate, when an access token still
speaks for its player.  Tokens:

* an **access token** (``fiveup.identity.access``) is verified locally; it also names
  its session, and a revoked session ends it early.  Whether a session is alive is read
  from the store at most once every ``session_check_seconds`` per session and replica
  (a sign-out through this replica takes effect at once here, on other replicas within
  that many seconds);
* a **refresh token** is 256 random bits, stored as its SHA-256 hash; each use replaces
  it, and a replaced one coming back ends the session (``REFRESH_TOKEN_REUSED``) -- except
  within ``refresh_reuse_seconds`` of its replacement while the replacement is unused:
  then the caller gets the very same new pair the first caller got (two tabs refreshing
  at once, or a phone retrying a refresh whose answer it lost, keep one session).  The
  replacement is stored sealed with the token it replaces (``seal_successor``), so the
  store holds no usable token and only the holder of the old one can open it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import logging
import re
import secrets
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from ..shared.errors import InvalidRequest, Unauthenticated
from .access import AccessClaims, AccessTokens
from .addresses import address_prefix
from .errors import (
    ExternalIdentityNotConfigured,
    IdentityInUse,
    InvalidRefreshToken,
    NameConfusable,
    PlayerNotFound,
    RefreshTokenExpired,
    RefreshTokenReused,
    SessionRevoked,
    SignInSuspended,
)
from .external import ExternalIdentity, ExternalIdentityVerifier
from .names import (
    guest_name,
    is_valid_display_name,
    name_keys,
    neutral_name,
    quoted,
    validate_display_name,
)
from .observer import IdentityObserver, NullIdentityObserver
from .ports import (
    DEVICE_PROVIDER,
    EXTERNAL_PREFIX,
    HasHistory,
    Identity,
    IdentityTaken,
    ModerationStore,
    NameTaken,
    PlayerRecord,
    PlayerStore,
    Rotation,
    SignInRecord,
    Successor,
)
from .sanctions import Sanctions

log = logging.getLogger(__name__)

DEVICE_ID = re.compile(r"[A-Za-z0-9._~-]{16,128}")
MAX_REFRESH_TOKEN_LENGTH = 128
SESSION_CACHE_SIZE = 100_000
REFRESH_TOKEN_BYTES = 32
MAX_REFRESH_REUSE_SECONDS = 300.0  # longer is a second valid token, not a retry window


@dataclass(frozen=True, slots=True)
class SessionTokens:
    access_token: str
    access_expires_at: float
    refresh_token: str
    refresh_expires_at: float


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A new session and the player it is for."""

    tokens: SessionTokens
    player: PlayerRecord
    created: bool


@dataclass(frozen=True, slots=True)
class PlayersConfig:
    refresh_ttl_seconds: float = 30 * 24 * 3600.0
    refresh_reuse_seconds: float = 15.0  # 0: every replaced token is a reuse
    session_check_seconds: float = 5.0
    prune_every_seconds: float = 3600.0  # 0: never (tests)
    # A guest who never took a seat and holds no live session is deleted this long after
    # it was last seen (0: kept for good): every SignInAsGuest makes a row otherwise.
    guest_retention_seconds: float = 7 * 86_400.0
    # The address prefixes a player was seen from are kept this long after they were
    # last seen (docs/security.md, "Addresses seen"; 0: kept for good).
    address_retention_seconds: float = 90 * 86_400.0


GUEST_BATCH = 500
GUEST_NAME_ATTEMPTS = 5  # guest names drawn before giving up (each is one in 32**6)


def hash_secret(secret: str) -> bytes:
    return hashlib.sha256(secret.encode()).digest()


def new_refresh_token() -> bytes:
    return secrets.token_bytes(REFRESH_TOKEN_BYTES)


def refresh_token_text(raw: bytes) -> str:
    """The token as the client sees it (unpadded base64url, as ``token_urlsafe``)."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _seal_pad(presented: str) -> bytes:
    # A one-time pad from the presented token: each token is replaced at most once, so
    # each pad seals exactly one successor.  A different domain from hash_secret's plain
    # SHA-256, so the stored hash of the presented token reveals nothing of the pad.
    return hashlib.sha256(b"fiveup refresh successor\0" + presented.encode()).digest()


def seal_successor(presented: str, successor: bytes) -> bytes:
    """The successor's 32 bytes, sealed so that only the holder of ``presented`` can
    read them back (``open_successor``)."""
    return bytes(a ^ b for a, b in zip(successor, _seal_pad(presented), strict=True))


def open_successor(presented: str, sealed: bytes) -> bytes:
    return seal_successor(presented, sealed)


def device_identity(device_id: str) -> Identity:
    """The identity of a device id (valid or ``InvalidRequest``); only its hash is kept."""
    if not DEVICE_ID.fullmatch(device_id):
        raise InvalidRequest(
            "device_id must be 16-128 characters of A-Z a-z 0-9 . _ ~ -", field="device_id"
        )
    return Identity(DEVICE_PROVIDER, hashlib.sha256(device_id.encode()).hexdigest())


def identity_kind(provider: str) -> str:
    """``device`` or ``external`` for a stored provider name."""
    return "external" if provider.startswith(EXTERNAL_PREFIX) else "device"


class Players:
    def __init__(
        self,
        store: PlayerStore,
        access: AccessTokens,
        external: ExternalIdentityVerifier | None = None,
        config: PlayersConfig | None = None,
        *,
        observer: IdentityObserver | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        has_history: HasHistory | None = None,
        moderation: ModerationStore | None = None,
    ) -> None:
        """``has_history``: whether a player has a history that keeps them (took a seat:
        the lobby's bindings say); without it guest retention forgets nobody.
        ``moderation``: the operators' records -- sanctions (enforced at sign-in and
        refresh here, and by the lobby at a rated seat: ``sanctions``) and the address
        prefixes seen at sign-in and refresh; without it, neither."""
        self.store = store
        self.access = access
        self.external = external
        self.config = config or PlayersConfig()
        self.observer: IdentityObserver = observer or NullIdentityObserver()
        self._clock = clock
        self._monotonic = monotonic
        # session id -> when it was last seen alive (monotonic); revoked ones are dropped.
        self._alive: OrderedDict[str, float] = OrderedDict()
        self._revoked: OrderedDict[str, None] = OrderedDict()
        self._pruner: asyncio.Task[None] | None = None
        self._has_history = has_history
        self.moderation = moderation
        self.sanctions = Sanctions(moderation, clock=clock) if moderation is not None else None

    async def start(self) -> None:
        """Start pruning long-expired refresh tokens in the background."""
        if self.config.prune_every_seconds > 0 and self._pruner is None:
            self._pruner = asyncio.get_running_loop().create_task(
                self._prune_loop(), name="fiveup-session-pruner"
            )

    async def close(self) -> None:
        pruner, self._pruner = self._pruner, None
        if pruner is not None:
            pruner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pruner

    async def _prune_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.prune_every_seconds)
            try:
                deleted = await self.prune()
            except Exception:
                log.exception("could not prune expired refresh tokens")
            else:
                if deleted:
                    log.info("pruned %d expired refresh tokens", deleted)
            try:
                await self.forget_addresses()
            except Exception:
                log.exception("could not delete old address prefixes")
            try:
                forgotten = await self.forget_guests()
            except Exception:
                log.exception("could not delete stale guests")
            else:
                if forgotten:
                    log.info("deleted %d guests who never played and hold no session", forgotten)

    # ------------------------------------------------------------------ sign-in

    async def sign_in_guest(
        self, device_id: str, display_name: str = "", *, address: str = ""
    ) -> SignedIn:
        """``address``: the caller's (its prefix is recorded: ``fiveup.identity.addresses``)."""
        identity = device_identity(device_id)
        name = validate_display_name(display_name) if display_name else None
        record = await self._sign_in(identity, name)
        self.observer.signed_in("guest", record.created)
        return await self._start_session(record.player, record.created, address)

    async def sign_in_external(
        self, id_token: str, display_name: str = "", *, address: str = ""
    ) -> SignedIn:
        verified = await self._verify_id_token(id_token)
        identity = Identity(EXTERNAL_PREFIX + verified.issuer, verified.subject)
        if display_name:
            record = await self._sign_in(identity, validate_display_name(display_name))
        elif verified.name is not None and is_valid_display_name(verified.name):
            # the provider's name, unless another player's looks the same: then a
            # guest name (the player picks another with UpdatePlayer)
            try:
                record = await self._sign_in(identity, validate_display_name(verified.name))
            except NameConfusable:
                record = await self._sign_in(identity, None)
        else:
            record = await self._sign_in(identity, None)
        self.observer.signed_in("external", record.created)
        return await self._start_session(record.player, record.created, address)

    async def _sign_in(self, identity: Identity, name: str | None) -> SignInRecord:
        """Sign ``identity`` in, a new player named ``name`` (None: a guest name, drawn
        again should it look like another player's)."""
        for _attempt in range(GUEST_NAME_ATTEMPTS):
            chosen = guest_name() if name is None else name
            try:
                return await self.store.sign_in(
                    identity, _new_player_id(), chosen, self._clock(), name_keys(chosen)
                )
            except NameTaken:
                if name is not None:
                    raise _confusable(name) from None
        raise _confusable(chosen)

    async def _start_session(
        self, player: PlayerRecord, created: bool, address: str = ""
    ) -> SignedIn:
        await self._check_sign_in(player.player_id)
        now = self._clock()
        session_id = uuid.uuid4().hex
        refresh = refresh_token_text(new_refresh_token())
        refresh_expires = now + self.config.refresh_ttl_seconds
        await self.store.start_session(
            session_id, player.player_id, hash_secret(refresh), now, refresh_expires
        )
        # Checked again once the session exists: a suspension imposed in between either
        # revoked this session (it existed when its sessions were revoked) or is seen now.
        await self._check_sign_in(player.player_id, revoke=True)
        await self._seen(player.player_id, address, now)
        self._mark_alive(session_id)
        access = self.access.issue(player.player_id, session_id, now)
        tokens = SessionTokens(access.token, access.expires_at, refresh, refresh_expires)
        return SignedIn(tokens, player, created)

    # ------------------------------------------------------------------ sessions

    async def refresh(self, refresh_token: str, *, address: str = "") -> SignedIn:
        """``address``: the caller's (its prefix is recorded, as at sign-in)."""
        old_hash = _refresh_hash(refresh_token)
        now = self._clock()
        fresh = new_refresh_token()
        offered = Successor(
            hash_secret(refresh_token_text(fresh)),
            seal_successor(refresh_token, fresh),
            now,
            now + self.config.refresh_ttl_seconds,
        )
        result = await self.store.rotate(old_hash, offered, self.config.refresh_reuse_seconds)
        self.observer.refreshed(result.outcome.value)
        if result.outcome is Rotation.UNKNOWN:
            raise self._rejected(InvalidRefreshToken("the refresh token is not valid"))
        assert result.session_id is not None and result.player_id is not None
        if result.outcome is not Rotation.REUSED:  # a suspended player: told so, not "revoked"
            await self._check_sign_in(result.player_id, revoke=True)
        if result.outcome is Rotation.REUSED:
            self._mark_revoked(result.session_id)
            self.observer.session_revoked("reuse")
            raise self._rejected(
                RefreshTokenReused(
                    "this refresh token was already used: the session has been ended; sign in again"
                )
            )
        if result.outcome is Rotation.REVOKED:
            self._mark_revoked(result.session_id)
            raise self._rejected(SessionRevoked("the session has ended; sign in again"))
        if result.outcome is Rotation.EXPIRED:
            raise self._rejected(RefreshTokenExpired("the refresh token has expired"))
        successor = result.successor
        assert successor is not None
        token = refresh_token_text(open_successor(refresh_token, successor.sealed))
        if hash_secret(token) != successor.token_hash:  # a row written by something else
            raise self._rejected(InvalidRefreshToken("the refresh token is not valid"))
        player = await self.store.get_player(result.player_id)
        if player is None:
            raise PlayerNotFound("the session's player no longer exists")
        await self._seen(player.player_id, address, successor.issued_at)
        self._mark_alive(result.session_id)
        # Issued at the rotation's time with an id derived from the new refresh token: a
        # replay within the reuse interval gets the same access token, byte for byte.
        access = self.access.issue(
            player.player_id,
            result.session_id,
            successor.issued_at,
            token_id=_access_token_id(successor.token_hash),
        )
        tokens = SessionTokens(access.token, access.expires_at, token, successor.expires_at)
        return SignedIn(tokens, player, created=False)

    async def sign_out(self, refresh_token: str) -> None:
        session_id = await self.store.revoke(
            _refresh_hash(refresh_token), self._clock(), "signed out"
        )
        if session_id is None:
            raise self._rejected(InvalidRefreshToken("the refresh token is not valid"))
        self._mark_revoked(session_id)
        self.observer.session_revoked("sign_out")

    async def _check_sign_in(self, player_id: str, *, revoke: bool = False) -> None:
        """Refuse a player suspended from signing in (``revoke``: ending their live
        sessions, one just made included)."""
        if self.sanctions is None:
            return
        try:
            await self.sanctions.check_sign_in(player_id)
        except SignInSuspended:
            if revoke:
                await self.revoke_all(player_id, "sign-in suspended")
            raise

    async def _seen(self, player_id: str, address: str, now: float) -> None:
        prefix = address_prefix(address) if address else None
        if prefix is not None and self.moderation is not None:
            await self.moderation.record_address(player_id, prefix, now)

    async def revoke_all(self, player_id: str, reason: str) -> int:
        """End every live session of the player (an operator's revocation, a sign-in
        suspension): their access tokens stop at once here, on other replicas within
        ``session_check_seconds``; the number ended."""
        revoked = await self.store.revoke_player_sessions(player_id, self._clock(), reason)
        for session_id in revoked:
            self._mark_revoked(session_id)
            self.observer.session_revoked("operator")
        return len(revoked)

    async def authenticate(self, access_token: str | None) -> AccessClaims:
        """Who an access token speaks for, if its session is alive."""
        if not access_token:
            raise self._rejected(
                Unauthenticated("sign in first: send authorization: Bearer <access token>")
            )
        try:
            claims = self.access.verify(access_token)
        except Unauthenticated as exc:
            raise self._rejected(exc) from None
        if not await self._session_alive(claims.session_id):
            raise self._rejected(SessionRevoked("the session has ended; sign in again"))
        return claims

    async def _session_alive(self, session_id: str) -> bool:
        if session_id in self._revoked:
            return False
        checked = self._alive.get(session_id)
        if checked is not None and self._monotonic() - checked < self.config.session_check_seconds:
            return True
        if await self.store.session_active(session_id):
            self._mark_alive(session_id)
            return True
        self._mark_revoked(session_id)
        return False

    def _mark_alive(self, session_id: str) -> None:
        self._alive[session_id] = self._monotonic()
        self._alive.move_to_end(session_id)
        while len(self._alive) > SESSION_CACHE_SIZE:
            self._alive.popitem(last=False)

    def _mark_revoked(self, session_id: str) -> None:
        self._alive.pop(session_id, None)
        self._revoked[session_id] = None
        while len(self._revoked) > SESSION_CACHE_SIZE:
            self._revoked.popitem(last=False)

    def _rejected(self, exc: Unauthenticated) -> Unauthenticated:
        self.observer.rejected(exc.reason)
        return exc

    async def prune(self) -> int:
        """Forget refresh tokens (and sessions) expired for a while: a token past its
        expiry is refused either way, so only reuse detection of long-dead sessions is
        lost."""
        return await self.store.prune(self._clock() - self.config.refresh_ttl_seconds)

    async def forget_addresses(self) -> int:
        """Delete the address prefixes last seen before the retention (none when it is 0)."""
        keep_for = self.config.address_retention_seconds
        if keep_for <= 0 or self.moderation is None:
            return 0
        return await self.moderation.forget_addresses(self._clock() - keep_for)

    async def forget_guests(self) -> int:
        """Delete the guests (device identities only) last seen more than
        ``guest_retention_seconds`` ago who hold no live session and have no history
        (``has_history``: never took a seat), with their identities, sessions and
        tokens; the number deleted.  Without ``has_history`` nobody is deleted."""
        keep_for = self.config.guest_retention_seconds
        has_history = self._has_history
        if keep_for <= 0 or has_history is None:
            return 0
        now = self._clock()
        deleted, after = 0, ""
        while True:
            batch = await self.store.stale_guests(now - keep_for, now, GUEST_BATCH, after)
            if not batch:
                return deleted
            doomed = [player_id for player_id in batch if not await has_history(player_id)]
            if doomed and self.moderation is not None:
                # a sanctioned guest stays while it lasts: forgotten, its device would
                # sign in as a new player, free of it
                held = await self.moderation.sanctions_in_force(doomed, now)
                doomed = [p for p in doomed if all(s.sanction.player_id != p for s in held)]
            deleted += await self.store.delete_players(doomed)
            if doomed and self.moderation is not None:  # their addresses go with them
                await self.moderation.forget_addresses(0.0, doomed)
            self.observer.guests_deleted(len(doomed))
            after = batch[-1]

    # ------------------------------------------------------------------ the player

    async def get(self, access_token: str | None) -> PlayerRecord:
        claims = await self.authenticate(access_token)
        return await self._player(claims.player_id)

    async def rename(self, access_token: str | None, display_name: str) -> PlayerRecord:
        claims = await self.authenticate(access_token)
        name = validate_display_name(display_name)
        try:
            player = await self.store.rename(claims.player_id, name, name_keys(name))
        except NameTaken:
            raise _confusable(name) from None
        if player is None:
            raise PlayerNotFound("the signed-in player no longer exists")
        return player

    async def set_name(self, player_id: str, display_name: str) -> PlayerRecord:
        """An operator's rename: ``display_name`` under the same rules as the player's
        own; empty: a neutral one ("Player 123456"), drawn again should it look like
        another player's."""
        for _attempt in range(GUEST_NAME_ATTEMPTS):
            name = validate_display_name(display_name) if display_name else neutral_name()
            try:
                player = await self.store.rename(player_id, name, name_keys(name))
            except NameTaken:
                if display_name:
                    raise _confusable(name) from None
                continue
            if player is None:
                raise PlayerNotFound("no such player", field="player_id")
            return player
        raise _confusable(name)

    async def link_device(self, access_token: str | None, device_id: str) -> PlayerRecord:
        claims = await self.authenticate(access_token)
        return await self._link(claims.player_id, device_identity(device_id))

    async def link_external(self, access_token: str | None, id_token: str) -> PlayerRecord:
        claims = await self.authenticate(access_token)
        verified = await self._verify_id_token(id_token)
        identity = Identity(EXTERNAL_PREFIX + verified.issuer, verified.subject)
        return await self._link(claims.player_id, identity)

    async def _link(self, player_id: str, identity: Identity) -> PlayerRecord:
        try:
            player = await self.store.link(player_id, identity, self._clock())
        except IdentityTaken as exc:
            if exc.owner == player_id:
                raise IdentityInUse(
                    "this player already has an identity of that provider", field="identity"
                ) from None
            raise IdentityInUse(
                "that identity already signs in as another player", field="identity"
            ) from None
        if player is None:
            raise PlayerNotFound("the signed-in player no longer exists")
        return player

    async def _player(self, player_id: str) -> PlayerRecord:
        player = await self.store.get_player(player_id)
        if player is None:
            raise PlayerNotFound("the signed-in player no longer exists")
        return player

    async def _verify_id_token(self, id_token: str) -> ExternalIdentity:
        if self.external is None:
            raise ExternalIdentityNotConfigured(
                "this server has no identity provider configured (--id-token-issuer,"
                " --id-token-audience, --id-token-jwks-url)"
            )
        try:
            return await self.external.verify(id_token)
        except Unauthenticated as exc:
            raise self._rejected(exc) from None


def _confusable(name: str) -> NameConfusable:
    return NameConfusable(
        f"display_name {quoted(name)} looks like another player's name: pick one that"
        " tells you apart",
        field="display_name",
        problem="CONFUSABLE",
    )


def _refresh_hash(refresh_token: str) -> bytes:
    if not refresh_token or len(refresh_token) > MAX_REFRESH_TOKEN_LENGTH:
        raise InvalidRefreshToken("the refresh token is not valid")
    return hash_secret(refresh_token)


def _access_token_id(refresh_hash: bytes) -> str:
    digest = hashlib.sha256(b"fiveup access jti\0" + refresh_hash).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()


MAX_PLAYER_ID = 64  # a request's player id longer than this is no player's


def is_player_id(text: str) -> bool:
    """Whether ``text`` has a player id's shape (ids are hex UUIDs; anything ASCII and
    alphanumeric up to ``MAX_PLAYER_ID`` is looked up, the rest is refused unread)."""
    return 0 < len(text) <= MAX_PLAYER_ID and text.isascii() and text.isalnum()


def _new_player_id() -> str:
    return uuid.uuid4().hex
