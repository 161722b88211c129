"""Rated means earned (issue 21, finding 1: the rating half), through a real server with
the operator's default rules on both stores.  Before, any all-human match was rated at
any target, even 1 point, between two guests signed in a second earlier, and the same
pair could farm 30 rated matches in 5.7 s; now a match is created rated only at a
standard target, a player needs standing for it to count, and the same players rated
together more than twice a day count for nothing.  A match turned away is still recorded
with each player's result, unrated, and the stored ratings equal a rebuild from the logs."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fiveup.app.config import ServerConfig
from fiveup.identity.ports import PlayerRecord
from fiveup.ratings.eligibility import RatedPlayPolicy, is_linked
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..harness import Running, auth, bot, human, start, stop
from ..postgres_db import database_on_each_store
from ..rated_play import RELAXED_RATED_PLAY
from ..service.test_fair_end import move_once, rebuilt_equals_stored, view_of
from .test_rated_matches import Player, sign_in

# The operator's defaults, which the suite's servers otherwise relax (tests/rated_play.py).
DEFAULTS = {name: getattr(ServerConfig(), name) for name in RELAXED_RATED_PLAY}


db = database_on_each_store("rated_policy")


@pytest.fixture
async def running(db: str) -> AsyncIterator[Running]:
    # The defaults, but a guest's standing after one finished match of a round or more,
    # however new the account (the test earns it with one short match against a bot
    # instead of three long ones a day later; the age has its own test below).
    server = await start(db, **{**DEFAULTS, "rated_guest_min_matches": 1,
                                "rated_guest_min_rounds": 1,
                                "rated_guest_min_age_seconds": 0.0})  # type: ignore[arg-type]  # fmt: skip
    try:
        yield server
    finally:
        await stop(server)


def board(server: Running) -> ratings_pb2_grpc.RatingsServiceStub:
    return ratings_pb2_grpc.RatingsServiceStub(server.channel)


async def created_rated(server: Running, target: int) -> bool:
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], target_points=target)
    )
    return (await view_of(server, created.match_id)).rated


async def rated_count(server: Running, player: Player) -> int:
    stats = await board(server).GetPlayerStats(rp.GetPlayerStatsRequest(player_id=player.player_id))
    return sum(c.rated_matches for c in stats.categories)


async def resigned_match(
    server: Running, winner: Player, loser: Player, moves: int | None = None
) -> str:
    """A 61-point match of ``winner`` and ``loser`` (created rated) that ``loser``
    resigns once each has made ``moves`` moves of their own (default: the least a rated
    forfeit needs, ``--rated-min-own-moves``): a finished match in a second."""
    each = int(DEFAULTS["rated_min_own_moves"]) if moves is None else moves  # type: ignore[call-overload]
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], target_points=61)
    )
    for seat, player in enumerate((winner, loser)):
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat), metadata=auth(player.access)
        )
    rng = random.Random(created.match_id)
    tokens = [winner.access, loser.access]
    made = [0, 0]
    while not (await view_of(server, created.match_id)).play_started or min(made) < each:
        seat = (await view_of(server, created.match_id)).turn_seat
        await move_once(server, created.match_id, tokens, rng)
        made[seat] += 1
    await server.matches.Resign(
        pb.ResignRequest(match_id=created.match_id), metadata=auth(loser.access)
    )
    return created.match_id


async def earn_standing(server: Running, player: Player) -> None:
    """One finished casual match against a bot (a 61-point one, resigned after a round)."""
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), bot("random")], target_points=61)
    )
    await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id, seat=0), metadata=auth(player.access)
    )
    rng = random.Random(1)
    while (await view_of(server, created.match_id)).round_number < 2:
        view = await view_of(server, created.match_id, player.access)
        if view.HasField("turn_seat") and view.turn_seat == 0:
            await move_once(server, created.match_id, [player.access, ""], rng)
    await server.matches.Resign(
        pb.ResignRequest(match_id=created.match_id), metadata=auth(player.access)
    )


async def test_only_standard_targets_are_created_rated(running: Running) -> None:
    assert await created_rated(running, 61) and await created_rated(running, 121)
    assert not await created_rated(running, 1)  # one round decides it: never rated
    assert not await created_rated(running, 5)


async def test_new_guests_play_unrated_until_they_have_standing(running: Running) -> None:
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    match_id = await resigned_match(running, ann, bob)
    assert (await view_of(running, match_id)).rated  # created rated...
    assert (await rated_count(running, ann), await rated_count(running, bob)) == (0, 0)
    mine = await board(running).ListPlayerMatches(
        rp.ListPlayerMatchesRequest(player_id=ann.player_id)
    )
    assert [(m.match_id, m.rated) for m in mine.matches] == [
        (match_id, False)
    ]  # ...recorded unrated
    await earn_standing(running, ann)
    await resigned_match(running, ann, bob)  # Ann has standing now, Bob not yet: unrated
    assert await rated_count(running, ann) == 0
    await earn_standing(running, bob)
    await resigned_match(running, ann, bob)
    assert (await rated_count(running, ann), await rated_count(running, bob)) == (1, 1)


async def test_the_same_pair_farms_no_more_than_the_limit(running: Running, db: str) -> None:
    ann, bob, cat = [await sign_in(running, n) for n in ("Ann", "Bob", "Cat")]
    for player in (ann, bob, cat):
        await earn_standing(running, player)
    limit = DEFAULTS["rated_pair_limit"]
    assert limit == 2
    for _ in range(limit + 3):
        await resigned_match(running, ann, bob)  # Bob feeds Ann wins
    assert (await rated_count(running, ann), await rated_count(running, bob)) == (limit, limit)
    # a new opponent is a new pairing; the pair's matches stay unrated, with results
    await resigned_match(running, ann, cat)
    assert await rated_count(running, ann) == limit + 1
    stats = await board(running).GetPlayerStats(rp.GetPlayerStatsRequest(player_id=ann.player_id))
    two = next(c for c in stats.categories if c.category == rp.RATING_CATEGORY_TWO_PLAYERS)
    assert two.matches == 1 + limit + 3 + 1 and two.wins == limit + 3 + 1
    await rebuilt_equals_stored(db)


async def test_linked_only_standing_turns_guests_away(tmp_path: Path) -> None:
    server = await start(tmp_path / "linked.sqlite3", **{**DEFAULTS, "rated_standing": "linked"})  # type: ignore[arg-type]
    try:
        ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
        for player in (ann, bob):
            await earn_standing(server, player)
        await resigned_match(server, ann, bob)
        assert await rated_count(server, ann) == 0  # guests, however many matches
    finally:
        await stop(server)


class Later:
    """The server's clock, a day ahead when told (the accounts are made on the real one):
    no test sleeps a day."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


async def test_a_guest_account_needs_a_day_before_its_matches_count(tmp_path: Path) -> None:
    clock = Later()
    server = await start(
        tmp_path / "age.sqlite3", clock=clock, turn_timeout_seconds=0.0,  # no stand-ins
        **{**DEFAULTS, "rated_guest_min_matches": 1, "rated_guest_min_rounds": 1},  # type: ignore[arg-type]
    )  # fmt: skip
    try:
        ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
        for player in (ann, bob):
            await earn_standing(server, player)
        await resigned_match(server, ann, bob)
        assert await rated_count(server, ann) == 0  # the accounts are minutes old
        clock.ahead = ServerConfig().rated_guest_min_age_seconds
        await resigned_match(server, ann, bob)
        assert await rated_count(server, ann) == 1
    finally:
        await stop(server)


def test_a_linked_external_identity_is_standing() -> None:
    guest = PlayerRecord("p", "Ann", 0.0, 0.0, ("device",))
    linked = PlayerRecord("p", "Ann", 0.0, 0.0, ("device", "external:https://id.example"))
    assert not is_linked(guest) and is_linked(linked)
    with pytest.raises(ValueError, match="standing"):
        RatedPlayPolicy(standing="everyone")
