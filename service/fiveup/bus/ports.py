"""The wake-up port: publish a key of a kind after a commit, hear other replicas' keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..shared.usererror import UserError

# A kind of wake-up, one subject each (``<prefix>.wake.<kind>``).
MATCH = "match"  # key: a match id (an append committed)
CHAT = "chat"  # key: a chat wake-up key (fiveup.chat.visible.wake_keys)
NOTIFY = "notify"  # key: a player id (notices committed for that player)
KINDS = (MATCH, CHAT, NOTIFY)

# Handed to a subscriber instead of a key when wake-ups may have been lost (the bus came
# back after a disconnect, or dropped messages for a slow consumer): look at everything.
EVERYTHING = "*"


@runtime_checkable
class WakeBus(Protocol):
    """Wake-ups between replicas.  Never data: the store stays the truth."""

    def publish(self, kind: str, key: str) -> None:
        """Announce ``key`` (soon; never blocks a commit, never raises: a wake-up that
        cannot be sent is counted and left to the reconnect's wake-all)."""

    async def subscribe(self, kind: str, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` on this event loop for every other replica's wake-up
        of ``kind``, and ``callback(EVERYTHING)`` after wake-ups may have been lost.
        This replica's own are not echoed back (its caller already knows)."""

    @property
    def connected(self) -> bool: ...

    async def open(self) -> None: ...

    async def close(self) -> None: ...


class BusUnavailable(UserError):
    """The bus could not be reached when the server started (one sentence for the
    operator: which address, what to check)."""
