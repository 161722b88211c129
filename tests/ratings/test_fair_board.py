"""Issue 21, finding 4, through a real server on both stores with the default settings: a
board people believe.  Ranked by mu among settled, recently active players (ordinal
mu - 3 sigma rewarded volume: 60 matches won half and half beat five straight wins), a
provisional player is placed and marked ("Find me" is their standing, not an error), and
ratings read on the display scale (a first loss is not ``0.0 -> -1.8``).

The matches are ended through the event store's own ending append, the one the
application uses (``tests/service/test_ratings_api.Results``): 65 of them in seconds;
tests/ratings/test_rated_matches.py plays real ones."""

from __future__ import annotations

import time

from fiveup.ratings.scale import DEFAULT_SETTLED_SIGMA, display_deviation, display_rating
from fiveup.v1 import ratings_pb2 as rp

from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from ..service.test_ratings_api import Results, players, stub

TWO = rp.RATING_CATEGORY_TWO_PLAYERS
WIN, LOSS = (310, 100), (100, 310)


db = database_on_each_store("fair_board")


# the defaults: settled at sigma 7.3, active 30 days
running = server_fixture(on_each_store=True)


async def test_volume_does_not_outrank_an_unbeaten_settled_player(running: Running) -> None:
    """Finding 4's numbers: a player who wins exactly half of 60 matches (here against a
    second account of their own) rose to an ordinal above an unbeaten player's five
    wins; ranked by the rating, the unbeaten player is first and the volume player is
    where a 50% record puts them, near 1500."""
    volume, spare, unbeaten, *beaten = await players(running, 8)
    results = Results(running)
    t = time.time() - 3600
    for k in range(60):
        t += 10
        await results.end([volume.player_id, spare.player_id], WIN if k % 2 else LOSS, k % 2, t)
    for victim in beaten[:5]:
        t += 10
        await results.end([unbeaten.player_id, victim.player_id], WIN, 0, t)
    ratings = results.ratings()
    v, u = ratings[("2", volume.player_id)], ratings[("2", unbeaten.player_id)]
    # The finding, as it was: by the ordinal the volume player is above (16.5 > 13.2).
    assert v.ordinal > u.ordinal
    assert round(u.ordinal, 1) == 13.2 and u.sigma <= DEFAULT_SETTLED_SIGMA  # settled at 5

    board = await stub(running).GetLeaderboard(rp.GetLeaderboardRequest(category=TWO))
    order = [e.player_id for e in board.entries]
    assert order[0] == unbeaten.player_id
    assert order.index(unbeaten.player_id) < order.index(volume.player_id)
    top = board.entries[0]
    assert top.rating.display_rating == display_rating(u.mu) > 1750  # five straight wins
    assert not top.rating.provisional
    assert (top.matches, top.wins) == (5, 5)
    mid = board.entries[order.index(volume.player_id)]
    assert abs(mid.rating.display_rating - 1500) < 20  # 30 of 60: about where they began
    # The five beaten players played one match each: provisional, not on the board.
    assert not {b.player_id for b in beaten} & set(order)
    assert board.total_players == 3  # unbeaten, volume, spare
    assert (board.settled_sigma, board.active_days) == (DEFAULT_SETTLED_SIGMA, 30.0)
    assert board.settled_deviation == display_deviation(DEFAULT_SETTLED_SIGMA) == 215


async def test_a_newcomer_reads_a_familiar_scale_and_finds_their_provisional_place(
    running: Running,
) -> None:
    """A first rated loss reads 1500 -> 1422 (marked provisional), not 0.0 -> -1.8, and
    during the first matches Find me answers the place the rating would hold, marked."""
    newcomer, *others = await players(running, 6)
    results = Results(running)
    t = time.time() - 3600
    # A board to stand against: others[0..1] settle (six matches each).
    for k in range(6):
        t += 10
        await results.end([others[0].player_id, others[1].player_id], WIN, k % 2, t)
    t += 10
    await results.end([newcomer.player_id, others[2].player_id], LOSS, 1, t)
    (first,) = (
        await stub(running).ListPlayerMatches(
            rp.ListPlayerMatchesRequest(), metadata=auth(newcomer.access)
        )
    ).matches
    assert first.rated and not first.won
    before, after = first.rating_before, first.rating_after
    assert (before.display_rating, before.display_deviation, before.provisional) == (
        1500, 246, True,
    )  # fmt: skip
    assert after.display_rating == 1422 and after.provisional
    assert round(after.ordinal, 1) == -1.8  # the number players used to see

    for k in range(3):  # four matches: still provisional against newcomers (sigma 7.42)
        t += 10
        await results.end([newcomer.player_id, others[3 + k % 2].player_id], WIN, 0, t)
    mine = results.ratings()[("2", newcomer.player_id)]
    assert mine.sigma > DEFAULT_SETTLED_SIGMA
    found = await stub(running).GetLeaderboard(
        rp.GetLeaderboardRequest(category=TWO, around_player_id=newcomer.player_id)
    )
    standing = found.standing
    assert (standing.ranked, standing.provisional, standing.inactive) == (False, True, False)
    board = [e for e in found.entries]
    assert newcomer.player_id not in [e.player_id for e in board]
    assert standing.entry.rank == 1 + sum(1 for e in board if e.rating.mu > mine.mu)
    assert standing.entry.rating.display_rating == display_rating(mine.mu)
    assert standing.entry.rating.provisional and (standing.entry.matches, standing.entry.wins) == (
        4, 3,
    )  # fmt: skip
    stats = await stub(running).GetPlayerStats(
        rp.GetPlayerStatsRequest(), metadata=auth(newcomer.access)
    )
    (two,) = stats.categories
    assert two.provisional and not two.HasField("rank") and two.place == standing.entry.rank
    # The fifth match settles them against these opponents: on the board, Find me ranked.
    t += 10
    await results.end([newcomer.player_id, others[2].player_id], WIN, 0, t)
    assert results.ratings()[("2", newcomer.player_id)].sigma <= DEFAULT_SETTLED_SIGMA
    found = await stub(running).GetLeaderboard(
        rp.GetLeaderboardRequest(category=TWO, around_player_id=newcomer.player_id)
    )
    assert found.standing.ranked and not found.standing.provisional
    assert newcomer.player_id in [e.player_id for e in found.entries]
