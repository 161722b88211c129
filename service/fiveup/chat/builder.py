"""The chat context's builder: ``build_chat(...)`` makes the table chat over its store.
It depends on the match context (``Matches``: where a match stands, seat tokens, its
events' wake-ups), the lobby's seats bound to players (``PlayerSeats``) and the identity
context (``Players``: who a signed-in caller is)."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..identity import Players
from ..identity.relations import BlockLookup
from ..lobby.seats import PlayerSeats
from ..match.matches import Matches
from ..notifications.outbox import Outbox
from .observer import ChatObserver
from .ports import ChatStore
from .rooms import ChatConfig, TableChat


def build_chat(
    config: ChatConfig,
    store: ChatStore,
    matches: Matches,
    seats: PlayerSeats,
    players: Players,
    *,
    observer: ChatObserver | None = None,
    outbox: Outbox | None = None,
    blocks: BlockLookup | None = None,
    clock: Callable[[], float] = time.time,
) -> TableChat:
    """The table chat; the composition root starts and closes it.  Its writes tell away
    players through the notification outbox's tables in their own transactions; ``outbox``
    (the notifications context's) wakes this replica's notification streams at once;
    ``blocks`` (the identity context's): whose lines each reader never reads."""
    return TableChat(
        store, matches, seats, players, config, observer=observer, outbox=outbox,
        blocks=blocks, clock=clock,
    )  # fmt: skip
