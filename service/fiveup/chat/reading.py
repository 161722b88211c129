"""What one reader is given of a room's stored lines: a pure function, the same for the
history (``ListChatMessages``) and the stream (``WatchChat``), so a reader who reloads
reads exactly what a reader who stayed did.

Each message a reader gets carries a **cursor**: the number it reached this reader at.
A message that was not held, or that this reader reads early (its author; a courtesy
phrase's opponents), is given at its own number; once released it is given again at
the release's number, no longer marked held, so a client that keeps messages by id
simply replaces it.  A reader who may not read it early gets it only at the release's
number, marked delayed.  A client resumes with the last cursor it got.

Never given to a reader: another author's shadowed line (a silenced author), a line of
an author the reader muted, a line of the other room.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .ports import Author, ChatLine
from .table_talk import Room


@dataclass(frozen=True, slots=True)
class Delivered:
    line: ChatLine
    cursor: int
    held: bool  # still held back from some readers (only early readers see this)
    delayed: bool  # was held back from this reader until its round ended
    own: bool = False  # the reader wrote it


def reads_early(line: ChatLine, reader: Author) -> bool:
    new = line.line
    if new.held_round is None or (reader.key and new.author.key == reader.key):
        return True
    return reader.seat is not None and reader.seat in new.early_seats


def deliver(
    lines: Iterable[ChatLine], room: Room, reader: Author, muted: frozenset[str], after: int
) -> list[Delivered]:
    """What ``reader`` is given of ``lines`` past cursor ``after``, in cursor order."""
    given: list[Delivered] = []
    for line in lines:
        new = line.line
        own = bool(reader.key) and new.author.key == reader.key
        if (
            new.room is not room
            or (new.shadow and not own)
            or (not own and new.author.key in muted)
        ):
            continue
        released = line.released_seq
        if reads_early(line, reader):
            if released is not None and released > after:
                given.append(Delivered(line, released, held=False, delayed=False, own=own))
            elif line.seq > after:
                held = new.held_round is not None and released is None
                given.append(Delivered(line, line.seq, held=held, delayed=False, own=own))
        elif released is not None and released > after:
            given.append(Delivered(line, released, held=False, delayed=True))
    given.sort(key=lambda d: (d.cursor, d.line.seq))
    return given


def scanned_to(lines: Iterable[ChatLine], after: int) -> int:
    """The highest number among ``lines`` (a stream's next read may start there: a line
    still held comes back with its release's higher number)."""
    top = after
    for line in lines:
        top = max(top, line.seq, line.released_seq or 0)
    return top
