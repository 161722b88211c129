"""What a notification is: a ``Notice``, written in the same transaction as its cause.

A notice is addressed to one player, has a ``kind`` (one list: ``NoticeKind``), may be
about a match, and carries a small JSON object of facts (``data``) from which every
channel renders it: the stream sends it as it is, Web Push and the webhook as JSON with
an English title and body (``render``) that a client may replace with its own words.

Its id (``notice_id``) is derived from its cause -- the kind, the player and what
happened (a match and a version, an invite, a chat message id) -- so writing the same
notice twice (a retried transaction, two replicas' deadline sweeps) stores it once, and
a receiver that sees an id again (at-least-once delivery) knows it already has it.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_DATA_BYTES = 2048  # a Web Push payload must stay under 4 KiB once encrypted and framed


class NoticeKind(enum.Enum):
    """Every kind of notification (the proto's NotificationKind names them the same)."""

    YOUR_TURN = "your_turn"  # a correspondence match waits for the player's move
    DEADLINE_SOON = "deadline_soon"  # ... and its turn clock is running out
    INVITED = "invited"  # a private table names the player (who may join it as themself)
    TABLE_FOUND = "table_found"  # the matchmaker seated a search the player left waiting
    MATCH_ENDED = "match_ended"  # a correspondence match ended (result, rating change)
    CHAT_MESSAGE = "chat_message"  # someone wrote at the player's table while they were away
    REMATCH_OFFERED = "rematch_offered"  # a player of a finished match offers a rematch
    REMATCH_STARTED = "rematch_started"  # everyone accepted: the new match has started
    FRIEND_REQUEST = "friend_request"  # another player asks to be friends (never pushed)
    FRIEND_ACCEPTED = "friend_accepted"  # a player accepted the player's friend request
    TOURNAMENT_INVITED = "tournament_invited"  # a friend invites the player to a tournament
    LEAGUE_CHANGED = "league_changed"  # a league season ended: promoted, relegated, stayed
    TOURNAMENT_TABLE_READY = "tournament_table_ready"  # a tournament seated the player


@dataclass(frozen=True, slots=True)
class Notice:
    """One notification to write.  Build it with ``Notice.of`` (which derives the id);
    hand it to the store call that writes its cause (the outbox write API:
    ``fiveup.notifications`` says how)."""

    notice_id: str
    player_id: str
    kind: NoticeKind
    created_at: float
    match_id: str = ""  # "" when it is about no match
    data: Mapping[str, Any] = field(default_factory=dict)
    # False: the stream only (WatchNotifications), never Web Push or the webhook -- for a
    # notice the player needs to see in the app but that must not wake a phone.
    push: bool = True

    @classmethod
    def of(
        cls,
        kind: NoticeKind,
        player_id: str,
        cause: str,
        created_at: float,
        *,
        match_id: str = "",
        data: Mapping[str, Any] | None = None,
        push: bool = True,
    ) -> Notice:
        """The notice of ``cause`` (a string naming what happened, unique per kind and
        player: e.g. ``"<match id>@<version>"``) for ``player_id``."""
        if not player_id:
            raise ValueError("a notice needs a player")
        body = dict(data or {})
        if len(encode_data(body)) > MAX_DATA_BYTES:
            raise ValueError(f"a notice's data must stay under {MAX_DATA_BYTES} bytes")
        return cls(
            notice_id(kind, player_id, cause),
            player_id,
            kind,
            created_at,
            match_id,
            body,
            push,
        )


def notice_id(kind: NoticeKind, player_id: str, cause: str) -> str:
    """``n_`` and 22 URL-safe characters: SHA-256 of the kind, the player and the cause
    (128 bits: no two causes meet)."""
    digest = hashlib.sha256(f"{kind.value}\x00{player_id}\x00{cause}".encode()).digest()
    return "n_" + base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def encode_data(data: Mapping[str, Any]) -> str:
    """How every store writes a notice's data: compact JSON with sorted keys."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


@dataclass(frozen=True, slots=True)
class StoredNotice:
    """A notice as the store holds it: with the player's sequence number (the stream's
    cursor: 1, 2, 3... per player, in commit order)."""

    seq: int
    notice: Notice


def render(notice: Notice) -> tuple[str, str]:
    """An English title and body for channels that show text (Web Push, the webhook)."""
    d = notice.data
    kind = notice.kind
    if kind is NoticeKind.YOUR_TURN:
        if "moved_by" not in d:  # the match has just started, or the seat was just claimed
            return "Your turn", "It is your turn."
        return "Your turn", f"{d['moved_by'] or 'Your opponent'} moved. It is your turn."
    if kind is NoticeKind.DEADLINE_SOON:
        return "Your turn is running out", "Move before the turn clock runs out."
    if kind is NoticeKind.INVITED:
        return "You are invited", f"{d.get('by') or 'A player'} invited you to a table."
    if kind is NoticeKind.TABLE_FOUND:
        return "Table found", "The matchmaker found you a table."
    if kind is NoticeKind.MATCH_ENDED:
        result = "You won" if d.get("won") else "The match is over"
        change = d.get("rating_change")
        tail = f" Rating {change:+.1f}." if isinstance(change, (int, float)) else ""
        return result, f"{result}.{tail}"
    if kind is NoticeKind.REMATCH_OFFERED:
        return "Rematch?", f"{d.get('by') or 'A player'} offers a rematch."
    if kind is NoticeKind.REMATCH_STARTED:
        return "Rematch on", "Everyone accepted: the rematch has started."
    if kind is NoticeKind.FRIEND_REQUEST:
        return "Friend request", f"{d.get('by') or 'A player'} asks to be friends."
    if kind is NoticeKind.FRIEND_ACCEPTED:
        return "New friend", f"{d.get('by') or 'A player'} accepted your friend request."
    if kind is NoticeKind.TOURNAMENT_INVITED:
        return "Tournament invitation", f"{d.get('by') or 'A friend'} invites you to a tournament."
    if kind is NoticeKind.LEAGUE_CHANGED:
        tier = str(d.get("to_tier") or "").capitalize()
        change = d.get("change")
        if change == "promoted":
            return "Promoted", f"You were promoted to {tier} league."
        if change == "relegated":
            return "Relegated", f"You move down to {tier} league."
        return "Season over", f"You stay in {tier} league."
    if kind is NoticeKind.TOURNAMENT_TABLE_READY:
        name = d.get("name") or "your tournament"
        where = name if d.get("format") == "arena" else f"Round {d.get('round')} of {name}"
        return "Your table is ready", f"{where}: your table is open. Play it now."
    if kind is NoticeKind.CHAT_MESSAGE:
        return f"{d.get('from') or 'Someone'} wrote", str(d.get("text") or "")[:140]
    raise ValueError(f"no rendering for {kind}")  # pragma: no cover (one list)
