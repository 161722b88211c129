"""Stream pools: who may hold the server's open streams, players first.

A stream holds one of the server's slots for as long as it stays open and costs its
client nothing, so a few addresses holding idle streams used to take every slot and
refuse every other player's WatchMatch and FindMatch.  Each stream is admitted as one of
three kinds, and each kind draws on its own pools:

* ``player`` -- a seated player's WatchMatch of their own match (seat token, or the
  access token of the player bound to the seat) and a signed-in player's FindMatch.  At
  most ``max_seat_streams`` per seat (per player for FindMatch: one search, a few
  tabs).  Player streams may take every slot of the server, the **players' reserve**
  (``stream_player_reserve``) included.
* ``signed_in`` -- a stream whose caller proved nothing to the server about a seat:
  a spectator's WatchMatch with a valid access token, WatchChat, WatchNotifications.
  They share the rest
  of the server (``max_server_streams - stream_player_reserve``).
* ``anonymous`` -- everything that proves no identity: a WatchMatch without a token,
  ValidateMoves, Health.Watch, reflection.  Besides the shared part, a much lower cap
  per client address (``max_client_anonymous_streams``), per IPv6 /64
  (``max_network_anonymous_streams``: one host holds a whole /64) and in all
  (``max_anonymous_streams``).

Every kind also counts against its client address (``max_client_streams``) and IPv6 /64
(``max_network_streams``), and a spectator's WatchMatch (not seated) against its match's
``max_spectators_per_match``.

**Streams by player.**  A signed-in player's WatchNotifications and WatchChat (access
token checked before admission) are counted against their player as well:
at most ``max_player_notification_streams`` and ``max_player_chat_streams`` each, so one
account cannot hoard a pool.  And a player who holds no stream of that kind yet is never
shut out by what others hold: when the shared part is full, such a first stream takes a
slot of the **signed-in reserve** (``stream_signed_in_reserve`` slots of the players'
reserve, at most ``max_client_reserve_streams`` of them per client address, so many
accounts behind a few addresses cannot drain it) -- whatever anonymous streams or other
addresses hold.  A refusal is ``TooManyStreams`` with the pool as its
``scope``; ``pool_fill()`` says how full each server-wide pool is (health and metrics).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Literal

from ..shared.errors import TooManyStreams

StreamKind = Literal["player", "signed_in", "anonymous"]

# The server-wide pools health and metrics report, in a fixed order (one list).
SERVER_POOLS = ("all", "shared", "anonymous")
# Every scope a stream refusal can name (metric scope label -> the client's scope).
STREAM_SCOPES: dict[str, str] = {
    "client_streams": "client",
    "network_streams": "network",
    "client_anonymous_streams": "client_anonymous",
    "network_anonymous_streams": "network_anonymous",
    "seat_streams": "seat",
    "player_notification_streams": "player",
    "player_chat_streams": "player",
    "spectator_streams": "match_spectators",
    "anonymous_streams": "server_anonymous",
    "shared_streams": "server_shared",
    "server_streams": "server",
}
# Which scopes each kind can be refused with (the spectator scope only for WatchMatch).
KIND_SCOPES: dict[str, tuple[str, ...]] = {
    "player": ("client_streams", "network_streams", "seat_streams", "server_streams"),
    "signed_in": ("client_streams", "network_streams", "shared_streams", "server_streams"),
    "anonymous": (
        "client_streams", "network_streams", "client_anonymous_streams",
        "network_anonymous_streams", "anonymous_streams", "shared_streams", "server_streams",
    ),
}  # fmt: skip
# The per-player caps a signed-in stream can be counted against (fiveup.api.limits says
# which method is which): refused with scope ``player``.
PLAYER_SCOPES = ("player_notification_streams", "player_chat_streams")
# The signed-in reserve's counters (reserve_streams, client_reserve_streams) are never
# named in a refusal: a first stream that finds the reserve full too is refused with the
# shared part's scope, which it found full first.


def network_of(address: str) -> str | None:
    """The /64 an IPv6 address belongs to (one host is often given a whole /64, so its
    addresses count together); None for IPv4 and anything else (its address is its key)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return None


class StreamCounter:
    """Open streams per key, at most ``limit`` each (``limit <= 0``: no cap)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[Hashable, int] = {}

    def full(self, key: Hashable) -> bool:
        return 0 < self.limit <= self._open.get(key, 0)

    def acquire(self, key: Hashable) -> bool:
        """Take a slot (True), or answer False when the key is at its limit."""
        if self.full(key):
            return False
        self._open[key] = self._open.get(key, 0) + 1
        return True

    def release(self, key: Hashable) -> None:
        left = self._open.get(key, 0) - 1
        if left > 0:
            self._open[key] = left
        else:
            self._open.pop(key, None)

    def open(self, key: Hashable) -> int:
        return self._open.get(key, 0)

    def busiest(self) -> int:
        """The most slots one key holds (a scrape's question: O(keys))."""
        return max(self._open.values(), default=0)


@dataclass(frozen=True, slots=True)
class StreamSlot:
    """What an admitted stream holds, to give back when it ends."""

    kind: StreamKind
    client: str
    network: str | None
    seat: Hashable | None  # (match, seat) or ("find", player) for a player stream
    match_id: str | None  # a spectator's match
    player: str | None = None  # the signed-in player a stream is counted against
    player_scope: str | None = None  # which of PLAYER_SCOPES
    reserved: bool = False  # holds a slot of the signed-in reserve instead of the shared part


@dataclass(frozen=True, slots=True)
class PoolFill:
    """How full one server-wide pool is."""

    pool: str
    open: int
    limit: int  # 0: no cap

    @property
    def full(self) -> bool:
        return 0 < self.limit <= self.open


@dataclass
class StreamPoolsConfig:
    max_client_streams: int = 0  # every stream of one client address; 0 = no cap
    max_network_streams: int = 0  # every stream of one IPv6 /64
    max_server_streams: int = 0  # every stream of the server
    stream_player_reserve: int = 0  # slots only player streams may take
    max_anonymous_streams: int = 0  # anonymous streams of the server
    max_client_anonymous_streams: int = 0  # anonymous streams of one client address
    max_network_anonymous_streams: int = 0  # anonymous streams of one IPv6 /64
    max_spectators_per_match: int = 0  # spectators' WatchMatch streams of one match
    max_seat_streams: int = 0  # a seat's own WatchMatch streams; a player's FindMatch
    max_player_notification_streams: int = 0  # a signed-in player's WatchNotifications
    max_player_chat_streams: int = 0  # a signed-in player's WatchChat
    stream_signed_in_reserve: int = 0  # of the players' reserve: first streams of a player
    max_client_reserve_streams: int = 0  # of those, per client address
    stream_retry_after: float = 5.0


class StreamPools:
    """The pools, and the admission of each stream into them.  ``refused(method, scope)`` is told
    of each refusal (the metric scope); ``changed()`` whenever a server-wide pool turns
    full or stops being full (health)."""

    def __init__(
        self,
        config: StreamPoolsConfig,
        refused: Callable[[str, str], None] = lambda method, scope: None,
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self.config = c = config
        self.refused = refused
        self.changed = changed
        # Without a reserve the shared part is the whole server (its own cap says so).
        shared = c.max_server_streams - c.stream_player_reserve if c.stream_player_reserve else 0
        self.counters: dict[str, StreamCounter] = {
            "client_streams": StreamCounter(c.max_client_streams),
            "network_streams": StreamCounter(c.max_network_streams),
            "client_anonymous_streams": StreamCounter(c.max_client_anonymous_streams),
            "network_anonymous_streams": StreamCounter(c.max_network_anonymous_streams),
            "seat_streams": StreamCounter(c.max_seat_streams),
            "spectator_streams": StreamCounter(c.max_spectators_per_match),
            "anonymous_streams": StreamCounter(c.max_anonymous_streams),
            "shared_streams": StreamCounter(
                max(1, shared) if c.max_server_streams and shared else 0
            ),
            "server_streams": StreamCounter(c.max_server_streams),
            "player_notification_streams": StreamCounter(c.max_player_notification_streams),
            "player_chat_streams": StreamCounter(c.max_player_chat_streams),
            "reserve_streams": StreamCounter(c.stream_signed_in_reserve),
            "client_reserve_streams": StreamCounter(c.max_client_reserve_streams),
        }
        self._full = self._fullness()

    def _keys(self, slot: StreamSlot) -> list[tuple[str, Hashable]]:
        """The (counter, key) pairs ``slot`` holds, in the order they are checked: the
        narrowest first, so the scope a client is told is the one it can do something
        about."""
        keys: list[tuple[str, Hashable]] = [("client_streams", slot.client)]
        if slot.network is not None:
            keys.append(("network_streams", slot.network))
        if slot.kind == "anonymous":
            keys.append(("client_anonymous_streams", slot.client))
            if slot.network is not None:
                keys.append(("network_anonymous_streams", slot.network))
        if slot.seat is not None:
            keys.append(("seat_streams", slot.seat))
        if slot.player_scope is not None:
            keys.append((slot.player_scope, slot.player))
        if slot.match_id is not None:
            keys.append(("spectator_streams", slot.match_id))
        if slot.kind == "anonymous":
            keys.append(("anonymous_streams", None))
        if slot.reserved:
            keys.append(("client_reserve_streams", slot.client))
            keys.append(("reserve_streams", None))
        elif slot.kind != "player":
            keys.append(("shared_streams", None))
        keys.append(("server_streams", None))
        return keys

    def admit(
        self, method: str, kind: StreamKind, client: str, *, seat: Hashable | None = None,
        spectating: str | None = None, player: str | None = None,
        player_scope: str | None = None,
    ) -> StreamSlot:  # fmt: skip
        """Take a slot of every pool the stream belongs to, or none and raise
        TooManyStreams naming the first full one.  A signed-in ``player``'s stream is
        counted against their ``player_scope`` too, and their first stream of it takes
        the signed-in reserve when the shared part is full.  Pair each slot with
        ``release``."""
        slot = StreamSlot(kind, client, network_of(client), seat, spectating, player, player_scope)
        full = self._take(slot)
        if (
            full == "shared_streams"
            and player_scope is not None
            and self.counters[player_scope].open(player) == 0
            and self.counters["reserve_streams"].limit > 0
        ):
            reserved = replace(slot, reserved=True)
            if self._take(reserved) is None:
                self._check_changed()
                return reserved
        if full is not None:
            self.refused(method, full)
            raise self._refusal(full, self.counters[full].limit)
        self._check_changed()
        return slot

    def _take(self, slot: StreamSlot) -> str | None:
        """Take every slot ``slot`` holds (None), or none and name the first full pool."""
        taken: list[tuple[str, Hashable]] = []
        for name, key in self._keys(slot):
            if not self.counters[name].acquire(key):
                for held, held_key in taken:
                    self.counters[held].release(held_key)
                return name
            taken.append((name, key))
        return None

    def release(self, slot: StreamSlot) -> None:
        for name, key in self._keys(slot):
            self.counters[name].release(key)
        self._check_changed()

    def _refusal(self, name: str, limit: int) -> TooManyStreams:
        what = {
            "client_streams": "this client address has",
            "network_streams": "this client's IPv6 /64 has",
            "client_anonymous_streams": "this client address has anonymous",
            "network_anonymous_streams": "this client's IPv6 /64 has anonymous",
            "seat_streams": "this seat (or player's search) has",
            "player_notification_streams": "this player has notification",
            "player_chat_streams": "this player has chat",
            "spectator_streams": "this match has spectators'",
            "anonymous_streams": "the server has anonymous",
            "shared_streams": "the server has, outside the players' reserve,",
            "server_streams": "the server has",
        }[name]
        hint = {
            "client_anonymous_streams": ": sign in to watch",
            "network_anonymous_streams": ": sign in to watch",
            "anonymous_streams": ": sign in to watch, or try later",
            "shared_streams": ": try again later or another replica",
            "server_streams": ": try again later or another replica",
        }.get(name, ": close one first")
        return TooManyStreams(
            f"{what} {limit} open streams (the limit){hint}",
            retry_after=self.config.stream_retry_after, scope=STREAM_SCOPES[name],
            limit=str(limit),
        )  # fmt: skip

    def pool_fill(self) -> list[PoolFill]:
        """The server-wide pools: all streams, the shared part (everything but the
        players' reserve) and the anonymous streams."""
        counters = self.counters
        return [
            PoolFill("all", counters["server_streams"].open(None), counters["server_streams"].limit),
            PoolFill("shared", counters["shared_streams"].open(None), counters["shared_streams"].limit),
            PoolFill(
                "anonymous", counters["anonymous_streams"].open(None),
                counters["anonymous_streams"].limit,
            ),
        ]  # fmt: skip

    def _fullness(self) -> tuple[bool, ...]:
        return tuple(fill.full for fill in self.pool_fill())

    def _check_changed(self) -> None:
        full = self._fullness()
        if full != self._full:
            self._full = full
            self.changed()
