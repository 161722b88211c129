"""Positions for the bot tests: real matches driven through the engine."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from fiveup.engine import Match, MatchConfig, MatchView, view_for


def seed_bytes(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def positions(
    n_seats: int, label: str, rng: random.Random, max_actions: int = 400
) -> Iterator[tuple[Match, int, MatchView]]:
    """(match, seat to move, its view) at every turn of a match whose moves are random."""
    match, _ = Match.start(MatchConfig(seats=("human",) * n_seats, seed=seed_bytes(label)))
    for _ in range(max_actions):
        seat = match.to_move()
        if seat is None:
            return
        view = view_for(match, seat)
        yield match, seat, view
        # the caller may have moved already; only act if it is still this seat's turn
        if match.to_move() == seat and match.version == view.version:
            actions = view.legal_actions
            match.act(seat, actions[rng.randrange(len(actions))])
