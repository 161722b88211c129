"""``fiveup play``'s lines for the match's events, in the record's order.

``EventFold`` folds the stream as the web client's match record does (the names the
seats were claimed under, the bots' seats, the current round's layout) and gives each
event its lines: one line for a move ("· Bot (seat 2) placed [2|3] and scored 1 point
(end sum 5)"); for a round's end, after the placement that ended it, the final layout
and the reckoning, before the next deal.  Whose turn it is comes once per turn change
("Bot (seat 2) to play…"), never for the person's own turn (the screen asks for the
move then).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..v1 import common_pb2
from ..v1 import match_pb2 as pb
from .play_render import points_text, render_round_end, tile_text, turn_text
from .wording import SeatNames


def describe_event(e: pb.MatchEvent, names: SeatNames, stand_in: bool = False) -> str | None:
    """One line for an event; ``stand_in``: a stand-in bot is playing for the person's
    seat, so what that seat does is the stand-in's doing, not the person's."""
    kind = e.WhichOneof("kind")
    me = names.me

    def who(seat: int) -> str:
        if seat != me:
            return names.within(seat)
        return "your stand-in" if stand_in else "you"

    def verb(seat: int, singular: str, plural: str) -> str:
        """The verb after who(seat): "you lead", "seat 2 leads"."""
        return plural if seat == me and not stand_in else singular

    if kind == "match_cancelled":
        why = {
            pb.CANCEL_REASON_LENGTH_LIMIT: "it was too long for the server",
            pb.CANCEL_REASON_OPERATOR: "the service's operators ended it",
        }.get(e.match_cancelled.reason, "its creator cancelled it")
        return f"· the match was cancelled: {why}"
    if kind == "forfeited":
        reason = {
            pb.FORFEIT_REASON_RESIGNED: "resigned",
            pb.FORFEIT_REASON_ABANDONED: "left: the stand-in's time ran out",
            pb.FORFEIT_REASON_DEADLINE: "let the turn's clock run out",
        }.get(e.forfeited.reason, "conceded")
        return f"· {who(e.forfeited.seat)} {reason}: that side forfeits the match"
    if kind == "seat_auto_played":
        auto = e.seat_auto_played
        if auto.seat != me:
            return (
                f"· a stand-in bot plays for {who(auto.seat)} (its turn timer ran out)"
                if auto.active
                else f"· {who(auto.seat)} is back; its stand-in stopped"
            )
        return (
            "· your turn timer ran out: a stand-in bot plays for you until you move again"
            if auto.active
            else "· you are back: your stand-in stopped"
        )

    if kind == "tile_placed":
        placed = e.tile_placed
        scored = f" and scored {points_text(placed.points)}" if placed.points else ""
        return f"· {who(placed.seat)} placed {tile_text(placed.placement.tile)}{scored} (end sum {placed.end_sum})"
    if kind == "tile_drawn":
        drawn = e.tile_drawn
        if not drawn.HasField("tile"):
            return f"· {who(drawn.seat)} drew a tile"
        fits = {pb.PLAYABILITY_PLAYABLE: ": it fits", pb.PLAYABILITY_UNPLAYABLE: ": no fit"}
        return f"· {who(drawn.seat)} drew {tile_text(drawn.tile)}{fits.get(drawn.playability, '')}"
    if kind == "passed":
        return f"· {who(e.passed.seat)} passed"
    if kind == "move_undone":
        return f"· {who(e.move_undone.seat)} took moves back: the table is as it was before them"
    if kind == "round_dealt":
        dealt = e.round_dealt
        lot = " (chosen by lot)" if dealt.by_lot else ""
        return f"· round {dealt.round_number} dealt; {who(dealt.starter)} {verb(dealt.starter, 'leads', 'lead')}{lot}"
    if kind == "seat_claimed":
        name = e.seat_claimed.display_name
        return f"· {who(e.seat_claimed.seat)} took a seat" + (f" as {name}" if name else "")
    return None


class EventFold:
    """The match's events folded in the order the stream brings them: the names and the
    round's layout (each as the web client's record keeps them), and the lines not yet
    printed.  Whose turn it is waits until the next event (it comes before that event's
    lines) or until the screen has been drawn."""

    def __init__(self, me: int | None) -> None:
        self.names = SeatNames(me)
        self.stand_in = False  # a stand-in bot is playing for the person's seat
        self.layout: list[common_pb2.Placement] = []  # the current round's placements, in order
        self._snapshots: dict[int, list[common_pb2.Placement]] = {}  # the layout after each event
        self._round = 0
        self._lines: list[str] = []
        self._round_end_at: int | None = None  # where the last round end's lines start
        self._turn_line: str | None = None
        self._announced: tuple[int, int, bool] | None = None  # the last turn said

    def seats(self, seats: Sequence[pb.SeatInfo]) -> None:
        """Learn which seats bots play (from the match's start, or a view)."""
        self.names.bots = {i for i, s in enumerate(seats) if s.kind == pb.SEAT_KIND_BOT}

    def note(self, line: str) -> None:
        """A line of the client's own ("The match moved on..."), in order with the events."""
        self._said_turn()
        self._lines.append(line)

    def fold(self, event: pb.MatchEvent) -> None:
        self._said_turn()
        kind = event.WhichOneof("kind")
        me = self.names.me
        if kind == "match_started":
            self.seats(event.match_started.seats)
        elif kind == "seat_auto_played" and event.seat_auto_played.seat == me:
            self.stand_in = event.seat_auto_played.active
        line = describe_event(event, self.names, self.stand_in)
        if line:
            self._lines.append(line)
        if kind == "seat_claimed" and event.seat_claimed.display_name:
            self.names.names[event.seat_claimed.seat] = event.seat_claimed.display_name
        elif kind == "tile_placed":
            self.layout.append(event.tile_placed.placement)
        elif kind == "move_undone":
            self.layout = list(self._snapshots.get(event.move_undone.to_version, self.layout))
        elif kind == "round_ended":
            self._round_end_at = len(self._lines)
            self._lines += render_round_end(event.round_ended, self.layout, self.names)
        elif kind == "round_dealt":
            self._round = event.round_dealt.round_number
            self.layout = []
            self._snapshots.clear()
        self._snapshots[event.version] = list(self.layout)
        if event.HasField("turn"):
            self._turn(event.turn)

    def _turn(self, turn: pb.Turn) -> None:
        """Say whose turn it is when it changes (a new round, another seat, a stand-in
        starting or stopping); the person's own turn is said by the screen."""
        key = (self._round, turn.seat, turn.stand_in)
        if key == self._announced:
            return
        self._announced = key
        me = self.names.me
        if turn.seat == me:
            self._turn_line = None
        else:
            self._turn_line = turn_text(turn, -1 if me is None else me, time.time(), self.names)

    def _said_turn(self) -> None:
        if self._turn_line is not None:
            self._lines.append(self._turn_line)
            self._turn_line = None

    def take_lines(self, *, catch_up: bool = False) -> list[str]:
        """The lines not yet printed, in the record's order (whose turn it is excepted:
        ``take_turn_line``).  ``catch_up``: the first screen of a match already under way
        shows its past from the last round's end on."""
        lines = self._lines
        if catch_up and self._round_end_at is not None:
            lines = lines[self._round_end_at :]
        self._lines, self._round_end_at = [], None
        return lines

    def take_turn_line(self) -> str | None:
        """Whose turn it is, if it changed since it was last said."""
        line, self._turn_line = self._turn_line, None
        return line
