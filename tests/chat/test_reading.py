"""Each reader's own view of a room (``fiveup.chat.visible``) and what a reader is given
of it (``fiveup.chat.reading``): positions count only what the reader may read, held
lines take theirs at release, forks keep the positions a reader already had, shadowed
and muted authors."""

from __future__ import annotations

from dataclasses import dataclass, field

from fiveup.chat.ports import Author, ChatLine, NewLine, Seen
from fiveup.chat.reading import Delivered, deliver, scanned_to
from fiveup.chat.table_talk import ContentKind, Room
from fiveup.chat.visible import (
    SHARED,
    Row,
    Step,
    place,
    reach_at_post,
    reach_at_release,
    reader_fork,
)

SEATS = [Author(f"p:{n}", n, f"P{n}", str(n)) for n in range(4)]
WATCHER = Author("p:w", None, "W", "w")
ANYONE = Author("", None, "")


@dataclass
class Views:
    """A room's views as a store keeps them, in memory."""

    room: Room = Room.PLAYERS
    lines: dict[int, ChatLine] = field(default_factory=dict)
    rows: dict[str, list[Row]] = field(default_factory=dict)
    last: dict[str, int] = field(default_factory=dict)

    def post(self, author: Author, *, held: bool = False, early: frozenset[int] = frozenset(),
             shadow: bool = False) -> int:  # fmt: skip
        seq = len(self.lines) + 1
        new = NewLine("m", self.room, author, ContentKind.TEXT, f"line {seq}", float(seq),
                      1 if held else None, early, shadow)  # fmt: skip
        self.lines[seq] = ChatLine(seq, new, None, 1000 + seq)
        self._apply([Step(seq, reach_at_post(new))])
        return seq

    def release(self) -> None:
        held = [s for s, c in self.lines.items() if c.line.held_round and not c.released_seq]
        steps = []
        for seq in held:
            line = self.lines[seq]
            self.lines[seq] = ChatLine(seq, line.line, 99, line.public_id)
            early = frozenset(f for f, rows in self.rows.items()
                              if any(r.seq == seq and r.kind.value == "early" for r in rows))  # fmt: skip
            steps.append(Step(seq, reach_at_release(line.line), released=True, early_in=early))
        self._apply(steps)

    def _apply(self, steps: list[Step]) -> None:
        placed = place(self.last, steps)
        for op in placed.ops:
            if isinstance(op, Row):
                self.rows.setdefault(op.fork, []).append(op)
            else:
                self.rows[op] = list(self.rows.get(SHARED, []))
        self.last = placed.last

    def seen(self, reader: Author, after: int = 0) -> list[Seen]:
        fork = reader_fork(self.room, reader)
        view = self.rows.get(fork if fork in self.rows else SHARED, [])
        return [Seen(r.pos, r.kind, self.lines[r.seq]) for r in view if r.pos > after]

    def read(self, reader: Author, after: int = 0, muted: frozenset[str] = frozenset()
             ) -> list[Delivered]:  # fmt: skip
        return deliver(self.seen(reader, after), reader, muted)


def shown(given: list[Delivered]) -> list[tuple[int, int, bool, bool]]:
    return [(d.line.seq, d.cursor, d.held, d.delayed) for d in given]


def test_held_lines_move_no_one_elses_cursor_and_take_positions_at_release() -> None:
    room = Views()
    room.post(SEATS[1])
    for _ in range(3 + 1 + 4):  # the finding's 3, 1 and 4 held messages of seat 0
        room.post(SEATS[0], held=True)
    for reader in (1, 2, 3):  # the partner and both opponents: one message, position 1
        assert shown(room.read(SEATS[reader])) == [(1, 1, False, False)], reader
        assert scanned_to(room.seen(SEATS[reader]), 0) == 1
    mine = room.read(SEATS[0])
    assert [d.cursor for d in mine] == list(range(1, 10)) and all(d.held for d in mine[1:])
    room.release()
    # the partner: each released line at its own position, after what they had, delayed
    assert shown(room.read(SEATS[2], after=1)) == [(s, s, False, True) for s in range(2, 10)]
    # the author: the released copies come after the held ones, no longer held
    assert shown(room.read(SEATS[0], after=9)) == [(s, s + 8, False, False) for s in range(2, 10)]


def test_a_fork_keeps_the_positions_its_reader_had() -> None:
    room = Views()
    room.post(SEATS[1])  # shared position 1
    assert [d.cursor for d in room.read(SEATS[0])] == [1]
    room.post(SEATS[0], held=True)  # seat 0's fork: 1 copied, its own line 2
    room.post(SEATS[1])  # shared 2, seat 0's fork 3
    assert shown(room.read(SEATS[0], after=1)) == [(2, 2, True, False), (3, 3, False, False)]
    assert shown(room.read(SEATS[2], after=1)) == [(3, 2, False, False)]
    room.release()
    assert shown(room.read(SEATS[2], after=2)) == [(2, 3, False, True)]
    assert shown(room.read(SEATS[0], after=3)) == [(2, 4, False, False)]
    # a whole read gives each message once, at its last copy
    assert shown(room.read(SEATS[0])) == [(1, 1, False, False), (3, 3, False, False),
                                          (2, 4, False, False)]  # fmt: skip


def test_a_courtesy_phrase_reaches_the_opponents_views_alone() -> None:
    room = Views()
    room.post(SEATS[1], held=True, early=frozenset({0, 2}))
    assert shown(room.read(SEATS[0])) == shown(room.read(SEATS[2])) == [(1, 1, True, False)]
    assert room.read(SEATS[3]) == [] and scanned_to(room.seen(SEATS[3]), 0) == 0
    room.release()
    assert shown(room.read(SEATS[3])) == [(1, 1, False, True)]
    assert shown(room.read(SEATS[0], after=1)) == [(1, 2, False, False)]


def test_shadowed_lines_stay_in_their_authors_view_even_released() -> None:
    room = Views(Room.SPECTATORS)
    room.post(WATCHER, shadow=True)
    room.post(WATCHER, shadow=True, held=True)
    room.release()
    assert room.seen(ANYONE) == [] and room.seen(SEATS[0]) == []
    assert [(d.line.seq, d.own) for d in room.read(WATCHER)] == [(1, True), (2, True)]


def test_muted_authors_keep_their_positions_but_are_not_given() -> None:
    room = Views()
    room.post(SEATS[1])
    room.post(SEATS[2])
    assert shown(room.read(SEATS[0], muted=frozenset({"p:1"}))) == [(2, 2, False, False)]
    own = room.read(SEATS[1], muted=frozenset({"p:1"}))  # muting oneself: no
    assert [d.line.seq for d in own] == [1, 2] and own[0].own
