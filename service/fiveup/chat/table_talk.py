"""Who may read and write each room, and when a message reaches each reader: the table
talk rules, as pure functions of the match's state (docs/security.md, "Table chat").

A match has two rooms.  The **players' room** is read and written by its seated players
only.  The **spectators' room** is read by anyone watching and written by signed-in
watchers; the seated players read it only once the match is over (a watcher sees the
same table they do and could coach them), and never write there while it is in play.

A message reaches its readers at once, except while a round is in play:

* **Partnership match** (four seats, 0+2 against 1+3), players' room: free text and game
  talk phrases are **held** until the round ends, for every reader but the author.  A
  courtesy phrase (``fiveup.chat.phrases``) reaches the author's two opponents at once
  and the author's partner at the round's end: its words say nothing of the game, but
  *whether* and *when* one is sent could still be a code between partners, and the
  opponents have no use for a signal of the other side's.
* **Spectators' room of a match of three or four seats**: held until the round ends.
  Anyone may read that room -- a seated player too, through a second, anonymous view of
  the table -- and anyone may write there with a spare account, so a live spectators'
  room would be a back channel between players who play together (partners, or two of
  three ganging up on the third).  With two seats there is nobody to signal to.

A held message is released when its round ends (the reckoning) or the match ends,
whichever comes first; the author sees it at once, marked held.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine.scoring import side_of
from .errors import ChatNotAllowed
from .phrases import PhraseKind


class Room(enum.Enum):
    PLAYERS = "players"
    SPECTATORS = "spectators"


class ContentKind(enum.Enum):
    TEXT = "text"
    PHRASE = "phrase"


@dataclass(frozen=True, slots=True)
class TableState:
    """What the rules need to know of the match."""

    seats: int
    in_play: bool  # neither finished nor cancelled
    round_no: int  # the round being played (or the last one, once over)
    ended_round: int  # the last round whose reckoning is done (0: none yet)

    @property
    def partnership(self) -> bool:
        return self.seats == 4

    @property
    def round_in_play(self) -> bool:
        return self.in_play and self.round_no > self.ended_round


@dataclass(frozen=True, slots=True)
class Delivery:
    """When a new message reaches its readers."""

    held_round: int | None  # None: every reader at once; else when that round ends
    early_seats: frozenset[int] = frozenset()  # seats that get a held message at once


AT_ONCE = Delivery(None)


def check_write(room: Room, state: TableState, author_seat: int | None) -> None:
    """ChatNotAllowed unless the author may write in ``room`` now."""
    if room is Room.PLAYERS and author_seat is None:
        raise ChatNotAllowed("the players' room is for the seated players", room=room.value)
    if room is Room.SPECTATORS and author_seat is not None and state.in_play:
        raise ChatNotAllowed(
            "a seated player may not write in the spectators' room while the match is in "
            "play", room=room.value,
        )  # fmt: skip


def may_read(room: Room, state: TableState, viewer_seat: int | None) -> bool:
    if room is Room.PLAYERS:
        return viewer_seat is not None
    return viewer_seat is None or not state.in_play


def check_read(room: Room, state: TableState, viewer_seat: int | None) -> None:
    if not may_read(room, state, viewer_seat):
        if room is Room.PLAYERS:
            raise ChatNotAllowed("the players' room is for the seated players", room=room.value)
        raise ChatNotAllowed(
            "the seated players read the spectators' room once the match is over",
            room=room.value,
        )


def delivery(
    room: Room,
    state: TableState,
    author_seat: int | None,
    content: ContentKind,
    phrase_kind: PhraseKind | None = None,
) -> Delivery:
    """When a message written now reaches the readers of ``room`` (see the module)."""
    if not state.round_in_play:
        return AT_ONCE
    if room is Room.SPECTATORS:
        return Delivery(state.round_no) if state.seats >= 3 else AT_ONCE
    if not state.partnership:
        return AT_ONCE
    assert author_seat is not None  # check_write: only seated players write here
    if content is ContentKind.PHRASE and phrase_kind is PhraseKind.COURTESY:
        mine = side_of(author_seat, state.seats)
        opponents = frozenset(s for s in range(state.seats) if side_of(s, state.seats) != mine)
        return Delivery(state.round_no, opponents)
    return Delivery(state.round_no)
