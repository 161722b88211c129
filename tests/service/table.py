"""A live table drawn from the WatchMatch stream alone, as a client would: whose turn it
is and its countdown, seats arriving, hands and boneyard counts, draws, the layout's end
sum, scores, blocked rounds.  It never reads the match (no GetMatch)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from fiveup.v1 import match_pb2 as pb


@dataclass
class Table:
    viewer: int | None = None
    seats: list[pb.SeatInfo] = field(default_factory=list)
    claimed: dict[int, str] = field(default_factory=dict)  # seat -> display name
    stand_ins: set[int] = field(default_factory=set)
    round_number: int = 0
    starter: int | None = None
    by_lot: bool = False
    hand_sizes: list[int] = field(default_factory=list)
    boneyard: int = 0
    end_sum: int = 0
    scores: list[int] = field(default_factory=list)  # raw, per side
    turn: pb.Turn | None = None
    draws: int = 0
    hidden_draws: int = 0  # draws whose tile and playability were not the viewer's to know
    blocked_rounds: list[int] = field(default_factory=list)
    finished: bool = False
    version: int = 0

    def copy(self) -> Table:
        return Table(**{k: copy.copy(v) for k, v in vars(self).items()})

    def apply(self, e: pb.MatchEvent) -> None:
        assert e.version == self.version + 1, "the stream has no gaps"
        self.version = e.version
        kind = e.WhichOneof("kind")
        if kind == "match_started":
            self.seats = list(e.match_started.seats)
            self.scores = [0] * (2 if len(self.seats) == 4 else len(self.seats))
        elif kind == "seat_claimed":
            self.claimed[e.seat_claimed.seat] = e.seat_claimed.display_name
        elif kind == "seat_auto_played":
            (self.stand_ins.add if e.seat_auto_played.active else self.stand_ins.discard)(
                e.seat_auto_played.seat
            )
        elif kind == "round_dealt":
            d = e.round_dealt
            self.round_number, self.starter, self.by_lot = d.round_number, d.starter, d.by_lot
            self.hand_sizes, self.boneyard, self.end_sum = list(d.hand_sizes), d.boneyard_size, 0
        elif kind == "tile_placed":
            p = e.tile_placed
            self.hand_sizes[p.seat] -= 1
            self.end_sum = p.end_sum
            self.scores[self.seats[p.seat].side] += p.points
        elif kind == "tile_drawn":
            drawn = e.tile_drawn
            self.hand_sizes[drawn.seat] += 1
            self.boneyard -= 1
            self.draws += 1
            if drawn.playability == pb.PLAYABILITY_HIDDEN:
                assert not drawn.HasField("tile") and not drawn.playable
                self.hidden_draws += 1
            else:
                assert drawn.HasField("tile") and drawn.seat == self.viewer
        elif kind == "round_ended":
            r = e.round_ended
            self.scores = [s.raw_points for s in r.scores]
            if r.blocked:
                assert r.blocked_without_passes
                self.blocked_rounds.append(r.round_number)
            self.turn = None  # nobody moves until the next deal announces its starter
        elif kind == "match_ended":
            self.scores = [s.raw_points for s in e.match_ended.scores]
            self.finished, self.turn = True, None
        if e.HasField("turn"):
            self.turn = e.turn

    def countdown(self, now: float) -> float | None:
        """Seconds left in the current turn, if it is timed."""
        if self.turn is None or not self.turn.HasField("deadline"):
            return None
        return self.turn.deadline.ToMicroseconds() / 1_000_000 - now

    def draw(self, now: float) -> str:
        """The table as one line of text."""
        if self.finished:
            return f"match over at version {self.version}: scores {self.scores}"
        who = []
        for info in self.seats:
            seat = info.seat
            mark = "*" if self.turn is not None and self.turn.seat == seat else " "
            state = "bot" if info.kind == pb.SEAT_KIND_BOT else (
                "stand-in" if seat in self.stand_ins else (
                    f"joined {self.claimed[seat] or '(anonymous)'}" if seat in self.claimed
                    else "empty"))  # fmt: skip
            tiles = self.hand_sizes[seat] if self.hand_sizes else 0
            who.append(f"{mark}seat {seat} [{state}] {tiles} tiles")
        left = self.countdown(now)
        clock = "" if left is None else f"; {max(0.0, left):.0f} s left"
        return (
            f"round {self.round_number} (seat {self.starter} led"
            f"{', by lot' if self.by_lot else ''}) | {' | '.join(who)} | boneyard "
            f"{self.boneyard} | end sum {self.end_sum} | scores {self.scores}{clock}"
        )
