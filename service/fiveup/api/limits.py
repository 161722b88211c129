"""Abuse limits: token buckets for state-changing calls and a cap on watch streams.

* **Per peer** (client address): CreateMatch, JoinMatch and SubmitMove together, at most
  ``rate`` calls a second on average with bursts of ``burst``.
* **Per seat** (match id, seat): SubmitMove, likewise.
* **Hints per seat** (match id, seat): SuggestMoves, on by default (each call holds a
  core for up to its deadline): ``rate_limit_hints`` a second with bursts of
  ``rate_limit_hints_burst``.
* **Public reads per peer** (client address): GetLeaderboard, GetPlayerStats,
  ListPlayerMatches, ListOpenTables and SeasonService's four reads, on by default (each is a database query anyone may
  ask without signing in): ``rate_limit_reads`` a second with bursts of
  ``rate_limit_reads_burst``.
* **Sign-in and creation per client** (address, and IPv6 /64 with
  ``creation_network_factor`` times the allowance): SignInAsGuest; CreateMatch and
  CreatePrivateTable; JoinWithInvite -- on by default (``check_creation``).
* **Streams per match**: at most ``max_watchers_per_match`` WatchMatch streams open on one match.
* **Stream pools** (``fiveup.api.stream_pools``): every streaming call, players first --
  per client address, per IPv6 /64, per seat, per match's spectators, for streams without
  an identity, and in all (``max_server_streams``, below gRPC's own concurrent-RPC limit,
  so idle streams can never take the slots unary calls and health checks need), with a
  reserve only seated and searching players' streams may take.

A refused call raises ``TooManyRequests`` (RATE_LIMITED) or ``TooManyStreams``
(TOO_MANY_STREAMS); both become RESOURCE_EXHAUSTED with a ``google.rpc.RetryInfo`` whose
delay says when a token will be there again.  Refused calls take no token.

The limits are in memory and per process: with N replicas behind a balancer a client may
reach N times the rate.  Buckets are kept for at most ``max_keys`` keys (least recently
used first out); a forgotten bucket comes back full, so the table cannot be used to
exhaust memory and errs on the lenient side.  The clock is injectable (tests move it by
hand instead of sleeping).
"""

from __future__ import annotations

import contextlib
import importlib
import ipaddress
import math
import pkgutil
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2

from .. import v1
from ..match.observer import Observer
from ..shared.errors import TooManyBotMatches, TooManyRequests, TooManyStreams
from .stream_pools import (
    KIND_SCOPES,
    PLAYER_SCOPES,
    StreamCounter,
    StreamKind,
    StreamPools,
    StreamPoolsConfig,
    StreamSlot,
    network_of,
)

Clock = Callable[[], float]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(specs: Iterable[str]) -> tuple[Network, ...]:
    """``("127.0.0.1", "10.0.0.0/8")`` as networks; ValueError names a bad entry."""
    networks = []
    for spec in specs:
        spec = spec.strip()
        if not spec:
            continue
        try:
            networks.append(ipaddress.ip_network(spec, strict=False))
        except ValueError:
            raise ValueError(f"not an IP address or network: {spec!r}") from None
    return tuple(networks)


def _streaming_methods() -> tuple[str, ...]:
    """Every streaming method of the services a server registers: every service of the
    ``fiveup.v1`` protos (found, so a new proto file needs no edit here), health and
    reflection.  The stream caps (``open_stream``) count each of them."""
    files = [health_pb2.DESCRIPTOR, reflection_pb2.DESCRIPTOR]
    for module in pkgutil.iter_modules(v1.__path__):
        if module.name.endswith("_pb2"):
            files.append(importlib.import_module(f"{v1.__name__}.{module.name}").DESCRIPTOR)
    return tuple(
        sorted(
            {
                method.name
                for file in files
                for service in file.services_by_name.values()
                for method in service.methods
                if method.client_streaming or method.server_streaming
            }
        )
    )


# Every refusal the limits below can make, as (method, scope): the one list.  The
# servicer names its calls with these types (so mypy checks them), and the metrics
# create a series of ``fiveup_rate_limited_total`` for each pair and count no other (a
# label never takes an unbounded value).  tests/security/test_limits.py makes every
# refusal happen and compares.
PeerLimited = Literal["CreateMatch", "JoinMatch", "SubmitMove", "UndoMove"]  # check_peer
SeatLimited = Literal["SubmitMove", "UndoMove"]  # check_seat
ReadLimited = Literal[
    "GetLeaderboard",
    "GetPlayerStats",
    "ListPlayerMatches",
    "ListOpenTables",
    "ListFriends",
    "GetFriendsBoard",
    "ListSeasons",
    "GetSeasonBoard",
    "GetLeague",
    "ListLeagueChanges",
]  # check_reads (scope peer_reads)
HINTS_METHOD = "SuggestMoves"  # check_hints (scope seat)
WATCH_METHOD = "WatchMatch"  # watching (scope streams)
BOT_MATCH_METHOD = "CreateMatch"  # check_bot_match (scopes client_ and server_bot_matches)
STREAMING_METHODS = _streaming_methods()  # open_stream / stream (fiveup.api.stream_pools)
# The streams whose servicers admit them once they know who is calling (a seated player
# first): the kinds each can be.  The stream-limit interceptor admits every other
# streaming method itself, as the kind STREAM_KINDS gives (anonymous unless listed).
SELF_ADMITTED: dict[str, tuple[StreamKind, ...]] = {
    "WatchMatch": ("player", "signed_in", "anonymous"),
    "FindMatch": ("player",),
}
STREAM_KINDS: dict[str, StreamKind] = {}
# The streams the interceptor admits by their caller (fiveup.api.stream_limits): a
# checked access token makes a signed-in stream counted against its player (the per-player
# scope named here); WatchNotifications requires one; WatchChat is also read with a seat
# token (signed_in, no player) or by anyone (anonymous).
PLAYER_STREAMS: dict[str, str] = {
    "WatchNotifications": PLAYER_SCOPES[0], "WatchChat": PLAYER_SCOPES[1],
}  # fmt: skip
IDENTIFIED: dict[str, tuple[StreamKind, ...]] = {
    "WatchNotifications": ("signed_in",), "WatchChat": ("signed_in", "anonymous"),
}  # fmt: skip


def stream_kinds(method: str) -> tuple[StreamKind, ...]:
    return (
        SELF_ADMITTED.get(method)
        or IDENTIFIED.get(method)
        or (STREAM_KINDS.get(method, "anonymous"),)
    )


def _stream_refusals() -> tuple[tuple[str, str], ...]:
    pairs: dict[tuple[str, str], None] = {}
    for method in STREAMING_METHODS:
        for kind in stream_kinds(method):
            for scope in KIND_SCOPES[kind]:
                pairs[(method, scope)] = None
    pairs[(WATCH_METHOD, "spectator_streams")] = None
    for method, scope in PLAYER_STREAMS.items():
        pairs[(method, scope)] = None
    return tuple(pairs)


# Sign-in and creation limits (check_creation): per client address and per IPv6 /64.
CreationLimited = Literal["SignInAsGuest", "CreateMatch", "CreatePrivateTable", "JoinWithInvite"]
LIMITED: tuple[tuple[str, str], ...] = (
    *((method, "peer") for method in get_args(PeerLimited)),
    *((method, "seat") for method in (*get_args(SeatLimited), HINTS_METHOD)),
    *((method, "peer_reads") for method in get_args(ReadLimited)),
    (WATCH_METHOD, "streams"),
    (BOT_MATCH_METHOD, "client_bot_matches"),
    (BOT_MATCH_METHOD, "server_bot_matches"),
    *_stream_refusals(),
    *((method, scope) for method in get_args(CreationLimited)
      for scope in ("client_creation", "network_creation")),
)  # fmt: skip


class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` tokens a second."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> float:
        """Take ``cost`` tokens and answer 0.0, or take nothing and answer the seconds
        until there will be enough."""
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate


class RateLimiter:
    """One token bucket per key; ``rate <= 0`` turns the limiter off."""

    def __init__(
        self, rate: float, burst: float, *, clock: Clock = time.monotonic, max_keys: int = 100_000
    ) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: OrderedDict[Hashable, TokenBucket] = OrderedDict()

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def check(self, key: Hashable) -> float:
        """0.0 when the call may go ahead (a token was taken), else the retry delay."""
        if not self.enabled:
            return 0.0
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now)

    def peek(self, key: Hashable) -> float:
        """The retry delay ``check`` would answer, without taking a token."""
        if not self.enabled:
            return 0.0
        bucket = self._buckets.get(key)
        if bucket is None:
            return 0.0
        now = self.clock()
        tokens = min(bucket.burst, bucket.tokens + max(0.0, now - bucket.stamp) * bucket.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / bucket.rate

    def __len__(self) -> int:
        return len(self._buckets)


@dataclass
class LimitsConfig:
    # Named as the settings (fiveup.api.settings.LimitsSettings) they come from.
    rate_limit_peer: float = 0.0  # state-changing calls a second per client address; 0 = off
    rate_limit_peer_burst: float = 1.0
    rate_limit_seat: float = 0.0  # SubmitMove a second per seat; 0 = off
    rate_limit_seat_burst: float = 1.0
    rate_limit_hints: float = 1.0  # SuggestMoves a second per seat; 0 = off
    rate_limit_hints_burst: float = 5.0
    rate_limit_reads: float = 20.0  # public reads a second per client address; 0 = off
    rate_limit_reads_burst: float = 200.0
    max_watchers_per_match: int = 0  # WatchMatch streams per match; 0 = no cap
    # Sign-in and creation, per client address (an IPv6 /64 gets creation_network_factor
    # times the rate and the burst): a second, 0 = off.
    rate_limit_sign_in: float = 0.0  # SignInAsGuest
    rate_limit_sign_in_burst: float = 1.0
    rate_limit_create: float = 0.0  # CreateMatch, CreatePrivateTable
    rate_limit_create_burst: float = 1.0
    rate_limit_invites: float = 0.0  # JoinWithInvite (invite look-ups)
    rate_limit_invites_burst: float = 1.0
    creation_network_factor: float = 2.0
    stream_retry_after: float = 5.0
    client_address_header: str = ""  # e.g. x-forwarded-for, when a trusted proxy sets it
    # The gateways allowed to set that header (addresses or networks, e.g. 127.0.0.1/32 for
    # Envoy in the same pod).  Empty: the header is never believed.
    trusted_proxies: tuple[str, ...] = ()
    max_keys: int = 100_000
    max_client_streams: int = 0  # streaming calls open from one client address; 0 = no cap
    max_server_streams: int = 0  # streaming calls open on the server; 0 = no cap
    # The stream pools (fiveup.api.stream_pools); 0 = no cap / no reserve.
    max_network_streams: int = 0
    stream_player_reserve: int = 0
    max_anonymous_streams: int = 0
    max_client_anonymous_streams: int = 0
    max_network_anonymous_streams: int = 0
    max_spectators_per_match: int = 0
    max_seat_streams: int = 0
    max_player_notification_streams: int = 0
    max_player_chat_streams: int = 0
    stream_signed_in_reserve: int = 0
    max_client_reserve_streams: int = 0
    max_client_bot_matches: int = 0  # bot-only matches running per client address; 0 = no cap
    max_bot_matches: int = 0  # bot-only matches running in this process; 0 = no cap
    bot_match_retry_after: float = 30.0

    trusted_networks: tuple[Network, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.trusted_networks = parse_networks(self.trusted_proxies)  # ValueError: bad entry

    def client_address(self, peer: str | None, metadata: Any = ()) -> str:
        """The client's address as limits and logs should see it (``peer_address``)."""
        return peer_address(peer, metadata, self.client_address_header, self.trusted_networks)

    def client_of(self, context: Any) -> str:
        """The client of a gRPC call (its metadata read only when a header is believed)."""
        metadata = context.invocation_metadata() if self.client_address_header else ()
        return self.client_address(context.peer(), metadata)


class Limits:
    """The limits the MatchService applies.  ``observer.rate_limited(method, scope)`` is
    told of every refusal (scope: peer, seat or streams)."""

    def __init__(
        self, config: LimitsConfig | None = None, *, clock: Clock = time.monotonic,
        observer: Observer | None = None,
    ) -> None:  # fmt: skip
        self.config = config = config or LimitsConfig()
        self.clock = clock
        self.observer = observer
        self.peers = RateLimiter(
            config.rate_limit_peer,
            config.rate_limit_peer_burst,
            clock=self._now,
            max_keys=config.max_keys,
        )
        self.seats = RateLimiter(
            config.rate_limit_seat,
            config.rate_limit_seat_burst,
            clock=self._now,
            max_keys=config.max_keys,
        )
        self.hints = RateLimiter(
            config.rate_limit_hints,
            config.rate_limit_hints_burst,
            clock=self._now,
            max_keys=config.max_keys,
        )
        self.reads = RateLimiter(
            config.rate_limit_reads,
            config.rate_limit_reads_burst,
            clock=self._now,
            max_keys=config.max_keys,
        )
        self.streams = StreamCounter(config.max_watchers_per_match)
        self.pools = StreamPools(
            StreamPoolsConfig(
                max_client_streams=config.max_client_streams,
                max_network_streams=config.max_network_streams,
                max_server_streams=config.max_server_streams,
                stream_player_reserve=config.stream_player_reserve,
                max_anonymous_streams=config.max_anonymous_streams,
                max_client_anonymous_streams=config.max_client_anonymous_streams,
                max_network_anonymous_streams=config.max_network_anonymous_streams,
                max_spectators_per_match=config.max_spectators_per_match,
                max_seat_streams=config.max_seat_streams,
                max_player_notification_streams=config.max_player_notification_streams,
                max_player_chat_streams=config.max_player_chat_streams,
                stream_signed_in_reserve=config.stream_signed_in_reserve,
                max_client_reserve_streams=config.max_client_reserve_streams,
                stream_retry_after=config.stream_retry_after,
            ),
            refused=self._refused,
            changed=self._pools_changed,
        )
        self.client_streams = self.pools.counters["client_streams"]
        self.server_streams = self.pools.counters["server_streams"]
        self.on_pools_changed: Callable[[], None] | None = None  # health (fiveup.app.server)
        factor = max(1.0, config.creation_network_factor)
        self.creation: dict[str, tuple[RateLimiter, RateLimiter]] = {}
        for methods, rate, burst in (
            (("SignInAsGuest",), config.rate_limit_sign_in, config.rate_limit_sign_in_burst),
            (("CreateMatch", "CreatePrivateTable"), config.rate_limit_create,
             config.rate_limit_create_burst),
            (("JoinWithInvite",), config.rate_limit_invites, config.rate_limit_invites_burst),
        ):  # fmt: skip
            pair = (
                RateLimiter(rate, burst, clock=self._now, max_keys=config.max_keys),
                RateLimiter(rate * factor, burst * factor, clock=self._now,
                            max_keys=config.max_keys),
            )  # fmt: skip
            for method in methods:
                self.creation[method] = pair
        self.bot_matches: dict[str, set[str]] = {}  # client -> its running bot-only matches

    def _now(self) -> float:
        return self.clock()  # looked up per call: tests may swap ``clock``

    def check_peer(self, method: PeerLimited, peer: str) -> None:
        """Raise TooManyRequests when ``peer`` (a client address) is over its rate."""
        self._take(self.peers, peer, method, "peer", "too many requests from this client")

    def check_seat(self, method: SeatLimited, match_id: str, seat: int) -> None:
        self._take(self.seats, (match_id, seat), method, "seat", "too many moves from this seat")

    def check_hints(self, match_id: str, seat: int) -> None:
        self._take(
            self.hints, (match_id, seat), HINTS_METHOD, "seat",
            "too many hint requests from this seat",
        )  # fmt: skip

    def check_reads(self, method: ReadLimited, client: str) -> None:
        """Raise TooManyRequests when ``client`` asks public reads faster than allowed."""
        self._take(
            self.reads, client, method, "peer_reads", "too many reads from this client",
            scope="peer",
        )  # fmt: skip

    def check_creation(self, method: CreationLimited, client: str) -> None:
        """Raise TooManyRequests when ``client`` (an address), or the IPv6 /64 it is in,
        signs in or creates faster than allowed (scope ``client`` or ``network``).  The
        /64's bucket is checked first and takes no token when the address's refuses."""
        by_client, by_network = self.creation[method]
        network = network_of(client)
        if network is not None and by_network.enabled:
            wait = by_network.peek(network)
            if wait:
                self._refused(method, "network_creation")
                raise TooManyRequests(
                    "too many sign-ins or new tables from this network (IPv6 /64): slow down",
                    retry_after=_round_up(wait), scope="network",
                )  # fmt: skip
        self._take(
            by_client, client, method, "client_creation",
            "too many sign-ins or new tables from this client", scope="client",
        )  # fmt: skip
        if network is not None:
            by_network.check(network)  # peeked above: a token is there

    def _take(
        self, limiter: RateLimiter, key: Hashable, method: str, counted_as: str, why: str,
        *, scope: str | None = None,
    ) -> None:  # fmt: skip
        """Take a token of ``key``'s bucket, or count the refusal (``counted_as``: its
        metric scope) and raise TooManyRequests (``scope``: the one the client is told,
        by default the same) with the delay until a token is back."""
        wait = limiter.check(key)
        if wait:
            self._refused(method, counted_as)
            raise TooManyRequests(
                f"{why}: slow down", retry_after=_round_up(wait), scope=scope or counted_as
            )

    @contextlib.contextmanager
    def watching(self, match_id: str) -> Iterator[None]:
        """Hold one of the match's watch-stream slots for the ``with`` block."""
        if not self.streams.acquire(match_id):
            self._refused(WATCH_METHOD, "streams")
            raise TooManyStreams(
                f"this match already has {self.streams.limit} open watch streams (the limit)",
                retry_after=self.config.stream_retry_after, scope="match",
                limit=str(self.streams.limit),
            )  # fmt: skip
        try:
            yield
        finally:
            self.streams.release(match_id)

    def open_stream(
        self, method: str, client: str, kind: StreamKind = "anonymous", *,
        seat: Hashable | None = None, spectating: str | None = None,
        player: str | None = None,
    ) -> StreamSlot:  # fmt: skip
        """Admit one stream of ``kind`` from ``client`` into its pools, or raise
        TooManyStreams naming the full one (``fiveup.api.stream_pools``); a signed-in
        ``player``'s stream of PLAYER_STREAMS is counted against them too.  Every slot is
        given back with one ``close_stream(slot)``."""
        scope = PLAYER_STREAMS.get(method) if player is not None else None
        return self.pools.admit(
            method, kind, client, seat=seat, spectating=spectating, player=player,
            player_scope=scope,
        )  # fmt: skip

    def close_stream(self, slot: StreamSlot) -> None:
        self.pools.release(slot)

    @contextlib.contextmanager
    def stream(
        self, method: str, client: str, kind: StreamKind, *, seat: Hashable | None = None,
        spectating: str | None = None,
    ) -> Iterator[StreamSlot]:  # fmt: skip
        """Hold a stream's slots for the ``with`` block (servicers of SELF_ADMITTED)."""
        slot = self.open_stream(method, client, kind, seat=seat, spectating=spectating)
        try:
            yield slot
        finally:
            self.close_stream(slot)

    def _pools_changed(self) -> None:
        if self.on_pools_changed is not None:
            with contextlib.suppress(Exception):  # health must never break a call
                self.on_pools_changed()

    def check_bot_match(self, client: str, running: Callable[[str], bool]) -> None:
        """Raise TooManyBotMatches when ``client`` (or the process) already runs as many
        bot-only matches as allowed; ``running(match_id)`` says which still run."""
        for owner in list(self.bot_matches):
            left = {m for m in self.bot_matches[owner] if running(m)}
            if left:
                self.bot_matches[owner] = left
            else:
                del self.bot_matches[owner]
        config = self.config
        mine = len(self.bot_matches.get(client, ()))
        total = sum(len(ids) for ids in self.bot_matches.values())
        if 0 < config.max_client_bot_matches <= mine:
            self._refused(BOT_MATCH_METHOD, "client_bot_matches")
            raise TooManyBotMatches(
                f"this client already runs {mine} matches of bots only (the limit): wait "
                "for one to end, or cancel one (CancelMatch)",
                retry_after=config.bot_match_retry_after, scope="client",
                limit=str(config.max_client_bot_matches),
            )  # fmt: skip
        if 0 < config.max_bot_matches <= total:
            self._refused(BOT_MATCH_METHOD, "server_bot_matches")
            raise TooManyBotMatches(
                f"the server runs {total} matches of bots only (its limit): try again later",
                retry_after=config.bot_match_retry_after, scope="server",
                limit=str(config.max_bot_matches),
            )  # fmt: skip

    def add_bot_match(self, client: str, match_id: str) -> None:
        self.bot_matches.setdefault(client, set()).add(match_id)

    def _refused(self, method: str, scope: str) -> None:
        if self.observer is not None:
            with contextlib.suppress(Exception):  # metrics must never break a call
                self.observer.rate_limited(method, scope)


def _direct_address(peer: str | None) -> str:
    if not peer:
        return "unknown"
    kind, _, rest = peer.partition(":")
    if kind == "ipv6" and rest.startswith("["):
        return rest[1:].split("]", 1)[0]
    if kind == "ipv4":
        return rest.rsplit(":", 1)[0]
    return peer[:64]


def _is_trusted(address: str, trusted: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # unix sockets and the like are never a gateway
        return False
    return any(ip in network for network in trusted)


def peer_address(
    peer: str | None, metadata: Any = (), header: str = "", trusted: Iterable[Network] = ()
) -> str:
    """The client's address without the port: ``ipv4:10.0.0.7:51234`` -> ``10.0.0.7``,
    ``ipv6:[::1]:5000`` -> ``::1``.  When the connection comes from one of the ``trusted``
    gateways, the last entry of ``header`` (e.g. x-forwarded-for) wins: the address that
    gateway saw (entries before it were written by the client and prove nothing).  From
    any other peer the header is ignored, so a client cannot pick its own rate bucket."""
    direct = _direct_address(peer)
    if header and _is_trusted(direct, trusted):
        for key, value in metadata or ():
            if key == header and isinstance(value, str) and value.strip():
                return value.rsplit(",", 1)[-1].strip()[:64]
    return direct


def _round_up(seconds: float) -> float:
    """Retry hints in whole milliseconds, never zero."""
    return max(0.001, math.ceil(seconds * 1000) / 1000)
