"""What each reader is given of stored lines: held lines, their release, shadowed and
muted authors, cursors a reader resumes with."""

from __future__ import annotations

from fiveup.chat.ports import Author, ChatLine, NewLine
from fiveup.chat.reading import deliver, scanned_to
from fiveup.chat.table_talk import ContentKind, Room

SEATS = [Author(f"p:{n}", n, f"P{n}", str(n)) for n in range(4)]
WATCHER = Author("p:w", None, "W", "w")


def line(seq: int, author: Author, *, held: int | None = None, early=frozenset(),  # type: ignore[no-untyped-def]
         released: int | None = None, shadow: bool = False,
         room: Room = Room.PLAYERS) -> ChatLine:  # fmt: skip
    new = NewLine("m", room, author, ContentKind.TEXT, f"line {seq}", float(seq),
                  held, frozenset(early), shadow)  # fmt: skip
    return ChatLine(seq, new, released)


def test_a_held_line_reaches_its_author_at_once_and_the_others_at_its_release() -> None:
    held = line(1, SEATS[0], held=3, early={1, 3})
    for reader, expected in ((0, (1, True, False)), (1, (1, True, False)), (2, None)):
        given = deliver([held], Room.PLAYERS, SEATS[reader], frozenset(), 0)
        got = (given[0].cursor, given[0].held, given[0].delayed) if given else None
        assert got == expected, reader
    released = line(1, SEATS[0], held=3, early={1, 3}, released=5)
    assert [
        (d.cursor, d.held, d.delayed)
        for d in deliver([released], Room.PLAYERS, SEATS[2], frozenset(), 0)
    ] == [(5, False, True)]
    # an early reader is given it again, no longer held, at the release
    again = deliver([released], Room.PLAYERS, SEATS[1], frozenset(), 1)
    assert [(d.cursor, d.held, d.delayed) for d in again] == [(5, False, False)]


def test_resuming_past_a_cursor_gives_nothing_twice() -> None:
    lines = [line(1, SEATS[0]), line(2, SEATS[1], held=1, released=4), line(3, SEATS[2])]
    first = deliver(lines, Room.PLAYERS, SEATS[3], frozenset(), 0)
    assert [d.cursor for d in first] == [1, 3, 4]
    assert deliver(lines, Room.PLAYERS, SEATS[3], frozenset(), 3)[0].line.seq == 2
    assert deliver(lines, Room.PLAYERS, SEATS[3], frozenset(), 4) == []
    assert scanned_to(lines, 0) == 4


def test_shadowed_muted_and_other_room_lines_are_not_given() -> None:
    lines = [
        line(1, SEATS[0], shadow=True),
        line(2, SEATS[1]),
        line(3, WATCHER, room=Room.SPECTATORS),
    ]
    assert [d.line.seq for d in deliver(lines, Room.PLAYERS, SEATS[0], frozenset(), 0)] == [1, 2]
    assert [d.line.seq for d in deliver(lines, Room.PLAYERS, SEATS[2], frozenset({"p:1"}), 0)] == []
    own = deliver(lines, Room.PLAYERS, SEATS[1], frozenset({"p:1"}), 0)  # muting oneself: no
    assert [d.line.seq for d in own] == [2] and own[0].own
    assert [d.line.seq for d in deliver(lines, Room.SPECTATORS, WATCHER, frozenset(), 0)] == [3]
