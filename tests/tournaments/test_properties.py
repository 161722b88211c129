"""Properties of the pure engine over random fields, results, withdrawals and blocks
(docs/tournaments.md): whatever happens at the tables, the promises hold."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from fiveup.tournaments.arena import arena_points, pair_waiting
from fiveup.tournaments.model import ARENA, Config, Entrant, Table, TableResult
from fiveup.tournaments.standings import standings

from .play import Event, entrants, random_outcomes

SLOW = settings(max_examples=60, deadline=None)


def blocks(rng: random.Random, players: list[Entrant], share: float) -> list[frozenset[str]]:
    ids = [e.player_id for e in players]
    return [frozenset(p) for p in combinations(ids, 2) if rng.random() < share]


@SLOW
@given(
    n=st.integers(1, 19),
    size=st.sampled_from((2, 3, 4)),
    rounds=st.integers(1, 6),
    block_share=st.sampled_from((0.0, 0.05, 0.3)),
    rng=st.randoms(use_true_random=False),
)
def test_every_active_entrant_sits_once_per_round_and_blocks_hold(
    n: int, size: int, rounds: int, block_share: float, rng: random.Random
) -> None:
    event = Event(Config(table_size=size), entrants(n))
    apart = blocks(rng, event.players, block_share)
    for _ in range(rounds):
        if rng.random() < 0.2:  # someone withdraws between rounds
            who = rng.randrange(n)
            event.players[who] = Entrant(event.players[who].player_id, active=False)
        pairing = event.play_round(random_outcomes(rng), rng, apart)
        active = sorted(e.player_id for e in event.players if e.active)
        seated = [p for t in pairing.tables for p in t.seats]
        assert sorted([*seated, *pairing.byes, *pairing.unseated]) == active
        assert all(len(t.seats) == size for t in pairing.tables)
        assert len(pairing.byes) < size or not pairing.tables
        for table in pairing.tables:
            assert not any(frozenset(p) in apart for p in combinations(table.seats, 2))
        if not apart:
            assert pairing.unseated == ()
            assert len(pairing.byes) == len(active) % size


@SLOW
@given(rng=st.randoms(use_true_random=False))
def test_no_two_players_meet_twice_in_a_sixteen_player_four_round_swiss(
    rng: random.Random,
) -> None:
    """After three rounds everyone has met three of fifteen: the twelve-or-more left
    always admit a perfect pairing (Dirac), and the search finds it."""
    event = Event(Config(), entrants(16))
    for _ in range(4):
        event.play_round(random_outcomes(rng), rng)
    met = Counter(frozenset(r.seats) for r in event.history)
    assert max(met.values()) == 1 and sum(met.values()) == 32


@settings(max_examples=20, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_the_sixteen_player_bound_holds_for_eight_rounds(rng: random.Random) -> None:
    """Dirac's bound for 16 players: before round r <= 8 everyone has at least 16 - r
    >= 8 players not met, so a pairing without a repeat exists every round."""
    event = Event(Config(rounds=8), entrants(16))
    for _ in range(8):
        event.play_round(random_outcomes(rng), rng)
    met = Counter(frozenset(r.seats) for r in event.history)
    assert max(met.values()) == 1 and sum(met.values()) == 64


@SLOW
@given(rng=st.randoms(use_true_random=False))
def test_no_partner_twice_in_a_twelve_player_partnership_swiss(rng: random.Random) -> None:
    """The bound: before round r everyone has had r - 1 partners, so each has at least
    11 - (r - 1) players never partnered; while that is at least half the field (r <= 6)
    those players always admit a perfect matching (Dirac), i.e. six rounds of new
    partners whatever the results (and at most 11 could ever be: one per other player).
    The engine gives up repeat meetings before repeat partners, so it finds them."""
    event = Event(Config(table_size=4), entrants(12))
    for _ in range(6):
        pairing = event.play_round(random_outcomes(rng), rng)
        assert len(pairing.tables) == 3 and pairing.byes == ()
    partners = Counter(pair for r in event.history for pair in _partners(r))
    assert max(partners.values()) == 1 and sum(partners.values()) == 36


def _partners(result: TableResult) -> list[frozenset[str]]:
    return [frozenset(result.seats[0::2]), frozenset(result.seats[1::2])]


@SLOW
@given(
    n=st.integers(2, 17),
    size=st.sampled_from((2, 3, 4)),
    rounds=st.integers(1, 8),
    rng=st.randoms(use_true_random=False),
)
def test_byes_go_round_before_anyone_has_a_second(
    n: int, size: int, rounds: int, rng: random.Random
) -> None:
    event = Event(Config(table_size=size), entrants(n))
    for _ in range(rounds):
        event.play_round(random_outcomes(rng), rng)
        byes = Counter(p for r in event.rounds for p in r.byes)
        counts = [byes[e.player_id] for e in event.players]
        assert max(counts) - min(counts) <= 1  # nobody a second bye while one has none


@SLOW
@given(
    n=st.integers(1, 14),
    size=st.sampled_from((2, 3, 4)),
    arena=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_standings_are_a_deterministic_permutation_of_the_entrants(
    n: int, size: int, arena: bool, rng: random.Random
) -> None:
    config = Config(table_size=size)
    event = Event(config, entrants(n))
    for _ in range(3):
        event.play_round(random_outcomes(rng), rng)
    if rng.random() < 0.3:
        event.players[0] = Entrant(event.players[0].player_id, active=False)
    scoring = Config(format=ARENA, table_size=size) if arena else config
    rows = standings(event.players, event.history, scoring)
    assert sorted(r.player_id for r in rows) == sorted(e.player_id for e in event.players)
    assert [r.rank for r in rows] == list(range(1, n + 1))
    shuffled = list(event.players)
    rng.shuffle(shuffled)
    assert standings(shuffled, event.history, scoring) == rows
    keys = [(-r.points, -r.buchholz, -r.sonneborn_berger, -r.wins) for r in rows]
    assert keys == sorted(keys)


@SLOW
@given(
    n=st.integers(2, 14),
    size=st.sampled_from((2, 3, 4)),
    steps=st.integers(1, 40),
    block_share=st.sampled_from((0.0, 0.1)),
    rng=st.randoms(use_true_random=False),
)
def test_an_arena_never_seats_a_last_table_again_while_others_wait(
    n: int, size: int, steps: int, block_share: float, rng: random.Random
) -> None:
    """Players come free one table at a time; each time the waiting are paired.  No
    new table holds two players who sat at the last table of either, nor a block."""
    config = Config(format=ARENA, table_size=size)
    players = entrants(n)
    apart = blocks(rng, players, block_share)
    waiting = [e.player_id for e in players]
    playing: list[tuple[str, ...]] = []
    history: list[TableResult] = []
    last: dict[str, set[str]] = {}
    outcome = random_outcomes(rng)
    for step in range(steps):
        scores = {p: s.points for p, s in arena_points(history, config).items()}
        tables = pair_waiting(waiting, scores, history, config, rng, apart=apart)
        for table in tables:
            assert len(table.seats) == size and set(table.seats) <= set(waiting)
            for a, b in combinations(table.seats, 2):
                assert b not in last.get(a, set()) and a not in last.get(b, set())
                assert frozenset((a, b)) not in apart
            waiting = [p for p in waiting if p not in table.seats]
            playing.append(table.seats)
        assert len({p for t in playing for p in t}) == sum(len(t) for t in playing)
        if not playing:
            break
        seats = playing.pop(rng.randrange(len(playing)))  # a table ends
        scores_, winner = outcome(step, Table(seats))
        history.append(TableResult(step + 1, seats, scores=scores_, winner_side=winner))
        for p in seats:
            last[p] = set(seats) - {p}
        waiting.extend(seats)
