"""The one place where stored event records and domain events meet.

The store keeps each event as a plain JSON-friendly body with its version; the
application works only with ``(version, Event)`` pairs.  ``fiveup.match.repository`` uses this
mapper on every read and write, so nothing else encodes or decodes events."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine import Event, event_from_dict
from .ports import StoredEvent
from .results import VersionedEvent


def to_bodies(events: Sequence[Event]) -> list[dict[str, Any]]:
    """What the store writes for ``events``."""
    return [event.to_dict() for event in events]


def from_stored(stored: Iterable[StoredEvent]) -> list[VersionedEvent]:
    """The stored records as (version, event) pairs, in order."""
    return [(record.version, event_from_dict(record.body)) for record in stored]
