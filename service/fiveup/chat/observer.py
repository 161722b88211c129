"""What table chat reports, and its Prometheus implementation::

fiveup_chat_messages_total{room, outcome}   (outcome: sent, held, shadowed, refused_<reason>)
fiveup_chat_released_total                  (messages let through at a round's end)
fiveup_chat_reports_total{reason}
fiveup_chat_masked_total                    (messages whose words the word list masked)
fiveup_chat_reads_refused_total{read}       (reads the per-reader limit refused: history, watch)

Every label takes a value from a fixed list (``OUTCOMES``, ``REPORT_REASONS``): never a
match id, a player or the words.
"""

from __future__ import annotations

from typing import Protocol

from prometheus_client import Counter

from ..engine.errors import MatchError
from . import errors
from .ports import REPORT_REASONS
from .table_talk import Room

MESSAGES = Counter(
    "fiveup_chat_messages", "Chat messages by room and what became of them.", ("room", "outcome")
)
RELEASED = Counter("fiveup_chat_released", "Held chat messages let through at a round's end.")
REPORTS = Counter("fiveup_chat_reports", "Chat messages reported, by reason.", ("reason",))
MASKED = Counter("fiveup_chat_masked", "Chat messages whose words the operator's list masked.")
READS_REFUSED = Counter(
    "fiveup_chat_reads_refused",
    "Chat reads the per-reader limit refused (fiveup.chat.read_limit), by read: history "
    "(ListChatMessages) or watch (a WatchChat stream opening).",
    ("read",),
)
READS = ("history", "watch")

# A refusal is counted under its chat reason (every error class of ``fiveup.chat.errors``),
# any other (a bad token, an unknown match) as refused_other.
REFUSALS = tuple(
    sorted({cls.reason for cls in vars(errors).values()
            if isinstance(cls, type) and issubclass(cls, MatchError)
            and cls.__module__ == errors.__name__})
)  # fmt: skip
OUTCOMES = ("sent", "held", "shadowed", *(f"refused_{r.lower()}" for r in REFUSALS),
            "refused_other")  # fmt: skip


class ChatObserver(Protocol):
    def message(self, room: Room, outcome: str) -> None: ...

    def released(self, count: int) -> None: ...

    def reported(self, reason: str) -> None: ...

    def masked(self) -> None: ...

    def read_refused(self, read: str) -> None: ...


class PrometheusChatObserver:
    def __init__(self) -> None:
        for room in Room:
            for outcome in OUTCOMES:
                MESSAGES.labels(room.value, outcome)
        for reason in REPORT_REASONS:
            REPORTS.labels(reason)
        for read in READS:
            READS_REFUSED.labels(read)

    def message(self, room: Room, outcome: str) -> None:
        MESSAGES.labels(room.value, outcome if outcome in OUTCOMES else "refused_other").inc()

    def released(self, count: int) -> None:
        RELEASED.inc(count)

    def reported(self, reason: str) -> None:
        REPORTS.labels(reason if reason in REPORT_REASONS else "other").inc()

    def masked(self) -> None:
        MASKED.inc()

    def read_refused(self, read: str) -> None:
        if read in READS:
            READS_REFUSED.labels(read).inc()


class NullChatObserver:
    def message(self, room: Room, outcome: str) -> None:
        pass

    def released(self, count: int) -> None:
        pass

    def reported(self, reason: str) -> None:
        pass

    def masked(self) -> None:
        pass

    def read_refused(self, read: str) -> None:
        pass
