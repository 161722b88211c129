"""Helpers for engine tests: stacked decks, a tiny move notation and state snapshots.

A stacked deck is written as hands plus the front of the boneyard::

    deck = stacked_deck(
        hands=["[2|3] [0|2] [0|4] [4|5] [2|5]", "[3|5] [5|6] [1|6] [1|3] [1|1]"],
        boneyard="[0|3] [2|6]",  # drawn in this order; the unnamed tiles follow
    )

and moves as ``"seat: what"`` lines::

    play(match, "0: [2|3]", "1: [3|5]@[2|3]:high", "0: draw", "1: pass")

where ``what`` is a placement in the core's notation (``[a|b]`` alone is the lead).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fiveup.engine import Draw, Event, Match, MatchConfig, Pass, Place, SeededDealer
from fiveup_core import ALL_TILES, Tile, normalize_tile, parse_placement, parse_tile

HAND_SIZE = 5


def tiles(text: str | Sequence[Tile]) -> list[Tile]:
    """``"[1|4] [4|4]"`` (or a sequence of tiles) as a list of low-first tiles."""
    if isinstance(text, str):
        return [parse_tile(tok) for tok in text.split()]
    return [normalize_tile(t) for t in text]


def tile(text: str) -> Tile:
    return parse_tile(text)


def stacked_deck(
    hands: Sequence[str | Sequence[Tile]], boneyard: str | Sequence[Tile] = ()
) -> list[Tile]:
    """A 28-tile deck dealing ``hands`` (5 tiles each, seat order) with ``boneyard`` at the
    front of the boneyard; every tile not named follows, in the canonical tile order."""
    dealt = [tiles(h) for h in hands]
    for seat, hand in enumerate(dealt):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} must be dealt {HAND_SIZE} tiles, got {len(hand)}")
    front = [t for hand in dealt for t in hand] + tiles(boneyard)
    if len(set(front)) != len(front):
        raise ValueError("a tile is named twice in the stacked deck")
    rest = [t for t in ALL_TILES if t not in set(front)]
    return front + rest


@dataclass
class StackedDealer:
    """A ``Dealer`` with decks and lots fixed by the test.

    ``decks`` maps a round number to its deck; a round without one gets a seeded deck.
    ``lots`` maps a round number to the seat the lot picks (``default_lot`` otherwise).
    ``lot_calls`` records every lot drawn, as (round_no, n_seats).
    """

    decks: Mapping[int, Sequence[Tile]]
    lots: Mapping[int, int] = field(default_factory=dict)
    default_lot: int = 0
    lot_calls: list[tuple[int, int]] = field(default_factory=list)

    def deck(self, round_no: int) -> Sequence[Tile]:
        if round_no in self.decks:
            return list(self.decks[round_no])
        return SeededDealer(b"fallback deck").deck(round_no)

    def lot(self, round_no: int, n_seats: int) -> int:
        self.lot_calls.append((round_no, n_seats))
        return self.lots.get(round_no, self.default_lot)


def new_match(
    deck: Sequence[Tile] | Mapping[int, Sequence[Tile]],
    *,
    n_seats: int,
    lots: Mapping[int, int] | None = None,
    target_points: int = 61,
) -> tuple[Match, list[Event], StackedDealer]:
    """A match of all-human seats dealt from stacked decks (one deck for every round, or a
    deck per round number)."""
    decks = dict(deck) if isinstance(deck, Mapping) else {r: deck for r in range(1, 100)}
    dealer = StackedDealer(decks, lots=dict(lots or {}))
    config = MatchConfig(
        seats=("human",) * n_seats, seed=b"scenario seed", target_points=target_points
    )
    match, events = Match.start(config, dealer)
    return match, events, dealer


def parse_move(line: str) -> tuple[int, Place | Draw | Pass]:
    """``"1: [3|5]@[2|3]:high"`` -> (1, Place(...)); ``"0: draw"``; ``"2: pass"``."""
    seat_text, _, what = line.partition(":")
    what = what.strip()
    if what == "draw":
        return int(seat_text), Draw()
    if what == "pass":
        return int(seat_text), Pass()
    placement = parse_placement(what)
    return int(seat_text), Place(placement.tile, placement.on)


def play(match: Match, *lines: str) -> list[Event]:
    """Play the moves in order (each must be accepted) and return every new event."""
    out: list[Event] = []
    for line in lines:
        seat, action = parse_move(line)
        out.extend(match.act(seat, action))
    return out


def snapshot(match: Match) -> dict[str, Any]:
    """Everything an action may change, in comparable form."""
    r = match.round
    return {
        "version": match.version,
        "scores": tuple(match.scores),
        "finished": match.finished,
        "winner_side": match.winner_side,
        "auto_seats": tuple(sorted(match.auto_seats)),
        "last_round_end": match.last_round_end,
        "round_no": r.round_no if r else None,
        "hands": tuple(tuple(h) for h in r.hands) if r else None,
        "boneyard": tuple(r.boneyard) if r else None,
        "layout": r.layout.to_bytes() if r else None,
        "turn": match.to_move(),
        "must_play": r.must_play if r else None,
        "round_over": r.over if r else None,
        "round_events": tuple(r.events) if r else None,
    }
