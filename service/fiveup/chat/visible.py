"""Each reader's own sequence of a room: the numbers (cursors) a reader is given count
only what that reader may read, so a reader learns nothing of a message held from them
-- not from a cursor, an id, a count or a wake-up (docs/security.md, "Chat").

A room has a **shared view**, the messages every reader of the room reads, each at the
position it took when it reached them all (written, or released at its round's end).
A reader who also reads messages others do not -- their own held or shadowed lines, a
courtesy phrase of an opponent read early -- has a **fork**: a copy of the shared view
made when their first such message came, which from then on takes every message of the
shared view *and* theirs, each at its next position.  The copy keeps the positions the
reader already had, so a cursor from the shared view goes on in the fork.  Forks are
named for what reads them: the seat in the players' room (``seat:N``, what the table
talk rules give messages to), the player's chat key in the spectators' room.

A held message takes a position in the shared view (and every fork) when it is
released, after everything they held before, in release order; a fork that read it
early takes a second position for it (the released copy: no longer held).  Positions
are stored (``chat_views``), assigned under the room's write lock, so every replica and
every restart gives the same ones.  The message id a reader is shown is a random number
per message (``public_id``): it says nothing of how many messages there are.

This module is pure: who a message reaches at each step (``Reach``), and where it lands
in each view (``place``); the stores carry it out in the transaction that writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .ports import Author, NewLine, SeenKind
from .table_talk import Room

SHARED = ""  # the shared view's fork name
MAX_PUBLIC_ID = 2**53 - 1  # ids stay exact in a JavaScript number


@dataclass(frozen=True, slots=True)
class Reach:
    """Which views a message reaches at one step: the shared view and every fork of
    the room (``public``), or only the named forks."""

    public: bool
    forks: frozenset[str] = frozenset()


def seat_fork(seat: int) -> str:
    return f"seat:{seat}"


def author_fork(line: NewLine) -> str:
    if line.room is Room.PLAYERS:
        assert line.author.seat is not None  # only the seated write in the players' room
        return seat_fork(line.author.seat)
    return line.author.key


def reader_fork(room: Room, reader: Author) -> str:
    """The fork ``reader`` reads if it exists (else the shared view)."""
    if room is Room.PLAYERS:
        return SHARED if reader.seat is None else seat_fork(reader.seat)
    return reader.key


def reach_at_post(line: NewLine) -> Reach:
    if line.shadow:
        return Reach(False, frozenset({author_fork(line)}))
    if line.held_round is None:
        return Reach(True)
    early = {author_fork(line)}
    if line.room is Room.PLAYERS:
        early |= {seat_fork(s) for s in line.early_seats}
    return Reach(False, frozenset(early))


def reach_at_release(line: NewLine) -> Reach:
    """A shadowed message stays its author's alone, released or not."""
    if line.shadow:
        return Reach(False, frozenset({author_fork(line)}))
    return Reach(True)


def wake_keys(match_id: str, room: Room, reach: Reach) -> tuple[str, ...]:
    """The wake-up keys of a step: the room's (every stream of it) for a public step,
    else only the streams of the forks it reached."""
    if reach.public:
        return (room_key(match_id, room),)
    return tuple(fork_key(match_id, room, f) for f in sorted(reach.forks))


def room_key(match_id: str, room: Room) -> str:
    return f"{match_id}|{room.value}"


def fork_key(match_id: str, room: Room, fork: str) -> str:
    return f"{match_id}|{room.value}|{fork}"


def mute_key(match_id: str, reader_key: str) -> str:
    return f"{match_id}|mute|{reader_key}"


@dataclass(frozen=True, slots=True)
class Step:
    """One message reaching views: at its writing, or at its release (``early_in``:
    the forks that read it early)."""

    seq: int
    reach: Reach
    released: bool = False
    early_in: frozenset[str] = frozenset()

    def kind(self, fork: str) -> SeenKind:
        if not self.released:
            return SeenKind.NEW if self.reach.public else SeenKind.EARLY
        return SeenKind.RELEASED if fork in self.early_in else SeenKind.DELAYED


@dataclass(frozen=True, slots=True)
class Row:
    fork: str
    pos: int
    seq: int
    kind: SeenKind


@dataclass
class Placement:
    """What a store writes, in order: ``ops`` (a fork's name: copy the shared view as
    it stands into that new fork; a ``Row``: one position), then ``last``, each view's
    last position."""

    ops: list[str | Row] = field(default_factory=list)
    last: dict[str, int] = field(default_factory=dict)

    def position(self, fork: str, seq: int) -> int:
        """The first position ``seq`` took in the view ``fork`` reads (0: none)."""
        view = fork if fork in self.last else SHARED
        return next((r.pos for r in self.ops if isinstance(r, Row) and r.fork == view
                     and r.seq == seq), 0)  # fmt: skip


def place(audiences: Mapping[str, int], steps: Sequence[Step]) -> Placement:
    """Where ``steps`` land, given each existing view's last position (``audiences``)."""
    out = Placement(last=dict(audiences))
    out.last.setdefault(SHARED, 0)
    for step in steps:
        if step.reach.public:
            targets = sorted(out.last)
        else:
            targets = []
            for fork in sorted(step.reach.forks):
                if fork not in out.last:  # its first message of its own: fork it now
                    out.ops.append(fork)
                    out.last[fork] = out.last[SHARED]
                targets.append(fork)
        for fork in targets:
            out.last[fork] += 1
            out.ops.append(Row(fork, out.last[fork], step.seq, step.kind(fork)))
    return out
