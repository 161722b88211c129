"""What one reader is given of their view of a room (``fiveup.chat.visible``): a pure
function, the same for the history (``ListChatMessages``) and the stream
(``WatchChat``), so a reader who reloads reads exactly what a reader who stayed did.

Each message a reader gets carries a **cursor**: its position in the reader's own view,
which counts only messages that reader may read.  A message held from others that this
reader reads early (its author; a courtesy phrase's opponents) comes at its first
position, marked held; once released it comes again at a later position, no longer
held, so a client that keeps messages by id simply replaces it.  A reader who may not
read it early gets it only at its release's position, marked delayed.  A client resumes
with the last cursor it got.

Never given to a reader: another author's shadowed line (a silenced author; only the
author's view holds it anyway), a line of an author the reader muted (it keeps its
position: muting is the reader's own choice, and unmuting shows it again).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .ports import Author, ChatLine, Seen, SeenKind


@dataclass(frozen=True, slots=True)
class Delivered:
    line: ChatLine
    cursor: int
    held: bool  # still held back from some readers (only early readers see this)
    delayed: bool  # was held back from this reader until its round ended
    own: bool = False  # the reader wrote it


def deliver(seen: Iterable[Seen], reader: Author, muted: frozenset[str]) -> list[Delivered]:
    """What ``reader`` is given of ``seen`` (rows of their view, by position): one copy
    a message, its last, in cursor order."""
    latest: dict[int, Delivered] = {}
    for row in seen:
        new = row.line.line
        own = bool(reader.key) and new.author.key == reader.key
        if (new.shadow and not own) or (not own and new.author.key in muted):
            continue
        held = (
            row.kind is SeenKind.EARLY
            and new.held_round is not None
            and row.line.released_seq is None
        )
        latest.pop(row.line.seq, None)  # a released copy replaces the held one
        latest[row.line.seq] = Delivered(
            row.line, row.pos, held=held, delayed=row.kind is SeenKind.DELAYED, own=own
        )
    return sorted(latest.values(), key=lambda d: d.cursor)


def scanned_to(seen: Iterable[Seen], after: int) -> int:
    """The highest position among ``seen`` (where the reader's next read starts)."""
    return max((row.pos for row in seen), default=after)
