"""A chat message to a player who is away: a "chat message while away" notification
(``fiveup.notifications``), written in the same transaction as the message -- or as its
release, for a message held until its round's end.

Who is told: the seated players of the players' room who may read the message at that
moment (at once: those who read it early; at the release: the others), who have a
player account (a notification goes to a player), who have not muted its author, and
who are **away** -- no chat stream of theirs renewed its presence lately
(``chat_presence``).  A player is told once per absence: one notice for the first message
while they are away, none for the next ones until they have had the chat open again, so
a chatty table does not ring a phone twenty times.  A silenced author's message tells
nobody; the spectators' room tells nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..notifications.notices import Notice, NoticeKind
from .phrases import phrase
from .ports import ChatLine, Recipient, player_key
from .table_talk import ContentKind, Room


@dataclass(frozen=True, slots=True)
class Telling:
    """The match's bound seats and what each of their players muted -- everything needed
    to say who may be told of a message -- and how a notice is made (the ``Tell`` a
    store write is given)."""

    owners: Mapping[int, str]  # seat -> player id
    mutes: Mapping[str, frozenset[str]] = field(default_factory=dict)  # key -> muted authors
    clock: Callable[[], float] = field(default=lambda: 0.0)

    def notice(self, line: ChatLine, player_id: str) -> Notice:
        return away_notice(line, player_id, self.clock())

    def recipients(self, line: ChatLine, *, at_release: bool) -> list[Recipient]:
        new = line.line
        if new.room is not Room.PLAYERS or new.shadow:
            return []
        found = []
        for seat, player_id in sorted(self.owners.items()):
            key = player_key(player_id)
            if seat == new.author.seat or key == new.author.key:
                continue
            early = new.held_round is None or seat in new.early_seats
            if early == at_release:  # told when it reaches them, once
                continue
            if new.author.key in self.mutes.get(key, frozenset()):
                continue
            found.append(Recipient(key, player_id))
        return found


def away_notice(line: ChatLine, player_id: str, now: float) -> Notice:
    """The notice of ``line`` for ``player_id`` (its id derives from the message, so a
    retried write stores it once).  It names the message by its public id: the match's
    own line numbers would count what the player may not read (the notice id is a hash
    anyone can recompute from a guessed cause)."""
    new = line.line
    name = new.author.name or (f"Seat {new.author.seat + 1}" if new.author.seat is not None else "")
    data: dict[str, object] = {"from": name, "message_id": line.public_id, "room": new.room.value}
    if new.kind is ContentKind.TEXT:
        data["text"] = new.body
    else:
        chosen = phrase(new.body)
        data["phrase"] = new.body
        data["text"] = chosen.text("en") if chosen is not None else new.body
    return Notice.of(
        NoticeKind.CHAT_MESSAGE, player_id, f"{new.match_id}/chat/{line.public_id}", now,
        match_id=new.match_id, data=data,
    )  # fmt: skip


def is_due(until: float | None, notified_at: float | None, now: float) -> bool:
    """Whether a reader whose presence runs ``until`` and who was last told at
    ``notified_at`` (None: never; no row at all: both None) is told now."""
    if until is not None and until > now:
        return False  # present: they read it on their stream
    return notified_at is None or (until is not None and notified_at < until)
