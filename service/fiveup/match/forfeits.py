"""How rated matches ended, read from their logs: which seat forfeited and why (the
``forfeited`` event before ``match_ended``).  The operators' integrity checks ask it of
the few rated matches whose seats made few moves of their own (a resignation just past
the rated-play gate: docs/ratings.md, "Aborted for rating"); the results alone do not
say how a match ended."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Forfeited
from .event_mapper import from_stored
from .ports import EventStore


@dataclass(frozen=True, slots=True)
class ForfeitRecord:
    match_id: str
    seat: int  # the seat that conceded for its side
    reason: str  # engine.FORFEIT_REASONS: resigned, abandoned, deadline


class ForfeitReader:
    """The forfeits of finished matches, over the event store."""

    def __init__(self, events: EventStore) -> None:
        self.events = events

    async def forfeits(self, match_ids: Iterable[str]) -> dict[str, ForfeitRecord]:
        """The forfeit of each of ``match_ids`` that ended by one (the others, and
        matches no longer stored, are left out)."""
        found = {}
        for match_id in dict.fromkeys(match_ids):
            for _, event in from_stored(await self.events.read_events(match_id)):
                if isinstance(event, Forfeited):
                    found[match_id] = ForfeitRecord(match_id, event.seat, event.reason)
        return found
