"""One finished match's figures per seat, folded from its event log: what GetPlayerStats
adds up (rounds, displayed points scored, deductions, blocked rounds, best single
placement, placement)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..engine import (
    Event,
    MatchEnded,
    MatchStarted,
    MoveUndone,
    Passed,
    RoundEnded,
    SeatAutoPlayed,
    TileDrawn,
    TilePlaced,
)
from ..engine.scoring import RAW_PER_POINT, side_of


@dataclass(frozen=True, slots=True)
class SeatFigures:
    seat: int
    side: int
    won: bool
    placement: int  # 1 = the winner; others by final score (ties share a place)
    rounds: int
    points: int  # displayed points this seat scored by placements
    deducted: int  # displayed points this seat lost at reckonings
    blocked_rounds: int
    best_placement: int  # displayed points of this seat's best single placement (0: none)
    # The seat's own play (issue 31, "rated play costs play"): moves its player made
    # (placements, draws, passes), not a stand-in bot's, and the ended rounds in which
    # every move of the seat was its player's own.  Keyword-only with defaults so that the
    # subclass SeatOutcome's own fields keep their place.
    own_moves: int = field(default=0, kw_only=True)
    own_rounds: int = field(default=0, kw_only=True)


def current_line(events: Iterable[Event]) -> list[Event]:
    """The events that make up the match as played: a practice match's undone events
    (and the undo events themselves) left out, as the engine's fold leaves them out.
    ``events`` is the whole log from version 1."""
    line: list[tuple[int, Event]] = []
    for version, event in enumerate(events, start=1):
        if isinstance(event, MoveUndone):
            line = [(v, e) for v, e in line if v <= event.to_version]
        else:
            line.append((version, event))
    return [event for _, event in line]


MOVES = (TilePlaced, TileDrawn, Passed)


def match_figures(events: Iterable[Event]) -> tuple[SeatFigures, ...]:
    """Per-seat figures of a finished match (its whole, unredacted log from version 1;
    undone moves of a practice match do not count).

    A seat's move is its player's own unless a stand-in bot was playing the seat: between
    a ``SeatAutoPlayed`` that starts the stand-in and the one that ends it (the owner took
    the seat back by moving).  Every log since stand-ins existed says so; a log without
    any ``SeatAutoPlayed`` had no stand-in, and all its moves are the players' own."""
    seats: tuple[str, ...] = ()
    rounds = blocked = 0
    scored: list[int] = []
    best: list[int] = []
    deducted: list[int] = []
    own: list[int] = []  # own moves per seat
    own_rounds: list[int] = []
    this_round: list[int] = []  # this round's own moves per seat
    stood_in: set[int] = set()  # seats a stand-in moved for in this round
    auto: set[int] = set()  # seats a stand-in plays now
    ended: MatchEnded | None = None
    for event in current_line(events):
        if isinstance(event, MatchStarted):
            seats = event.seats
            scored = [0] * len(seats)
            best = [0] * len(seats)
            deducted = [0] * len(seats)
            own = [0] * len(seats)
            own_rounds = [0] * len(seats)
            this_round = [0] * len(seats)
        elif isinstance(event, SeatAutoPlayed):
            (auto.add if event.active else auto.discard)(event.seat)
        elif isinstance(event, RoundEnded):
            rounds += 1
            blocked += event.blocked
            for seat, d in enumerate(event.deductions):
                deducted[seat] += d
            for seat, n in enumerate(this_round):
                # a round is the player's own only if the stand-in made none of its moves
                own_rounds[seat] += n > 0 and seat not in stood_in
            this_round = [0] * len(seats)
            stood_in = set()
        if isinstance(event, MOVES):
            if event.seat in auto:
                stood_in.add(event.seat)
            else:
                own[event.seat] += 1
                this_round[event.seat] += 1
        if isinstance(event, TilePlaced):
            scored[event.seat] += event.points
            best[event.seat] = max(best[event.seat], event.points)
        elif isinstance(event, MatchEnded):
            ended = event
    if ended is None:
        raise ValueError("the match has not ended")
    n = len(seats)
    places = placements(ended.scores, ended.winner_side, ended.forfeited_side)
    return tuple(
        SeatFigures(
            seat=s,
            side=side_of(s, n),
            won=side_of(s, n) == ended.winner_side,
            placement=places[side_of(s, n)],
            rounds=rounds,
            points=scored[s] // RAW_PER_POINT,
            deducted=deducted[s] // RAW_PER_POINT,
            blocked_rounds=blocked,
            best_placement=best[s] // RAW_PER_POINT,
            own_moves=own[s],
            own_rounds=own_rounds[s],
        )
        for s in range(n)
    )


def placements(
    scores: tuple[int, ...], winner_side: int, forfeited_side: int | None = None
) -> tuple[int, ...]:
    """1 for the winner; the other sides by final score (equal scores share a place,
    competition style: 1, 2, 2, 4); a side that forfeited is last, whatever its score."""
    out = []
    for side, score in enumerate(scores):
        if side == forfeited_side:
            out.append(len(scores))
            continue
        better = sum(
            1
            for other, s in enumerate(scores)
            if other != side
            and (
                other == winner_side
                or (side != winner_side and other != forfeited_side and s > score)
            )
        )
        out.append(better + 1)
    return tuple(out)
