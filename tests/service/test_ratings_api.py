"""RatingsService over a real channel, on both stores: leaderboards (provisional players
hidden, paging both ways, the page around a player, the 30-day window), a player's
statistics (the win rate's Wilson interval, per-round figures, rank, rating history) and
their finished matches, newest first, paged.

The matches here are ended through the event store's own ending append (the one the
application uses, which writes the results and ratings in its transaction) with made-up
figures, so that boards of many qualified players are quick to build; test_rated_play.py
plays real matches through the API instead."""

from __future__ import annotations

import base64
import itertools
import json
import time
from collections.abc import Sequence

import grpc
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fiveup.engine.scoring import n_sides, side_of
from fiveup.match.ports import MatchRecord
from fiveup.ratings.model import Rating, rebuild
from fiveup.ratings.outcome import MatchOutcome, SeatOutcome
from fiveup.ratings.scale import display_rating
from fiveup.ratings.stats import placements
from fiveup.ratings.wilson import wilson_interval
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from .helpers import error_info
from .test_player_seats import Device, new_device_id, sign_in

DAY = 86_400.0
# --rating-settled-sigma for these tests: two rated matches settle a newcomer (7.83 after
# two against newcomers), one does not (8.07), so small boards are quick to build.
SETTLED = 7.9
ACTIVE_DAYS = 30.0  # the default
TWO = rp.RATING_CATEGORY_TWO_PLAYERS
THREE = rp.RATING_CATEGORY_THREE_PLAYERS


db = database_on_each_store("ratings_api")


running = server_fixture(on_each_store=True, rating_settled_sigma=SETTLED)


def stub(server: Running) -> ratings_pb2_grpc.RatingsServiceStub:
    return ratings_pb2_grpc.RatingsServiceStub(server.channel)


class Results:
    """Matches ended through the server's event store, and what they should add up to."""

    def __init__(self, server: Running) -> None:
        self.server = server
        self.ended: list[MatchOutcome] = []

    async def end(
        self,
        players: Sequence[str],
        scores: Sequence[int],
        winner: int,
        ended_at: float,
        *,
        rated: bool = True,
    ) -> MatchOutcome:
        n = len(players)
        assert len(scores) == n_sides(n)
        places = placements(tuple(scores), winner)
        match_id = f"seeded{len(self.ended):04d}"
        outcome = MatchOutcome(
            match_id=match_id,
            ended_at=ended_at,
            category=str(n),
            rated=rated,
            seats=tuple(
                SeatOutcome(
                    seat=s, player_id=p, side=side_of(s, n), won=side_of(s, n) == winner,
                    placement=places[side_of(s, n)], rounds=4 + s + len(self.ended) % 3,
                    points=7 * (s + 1) + len(self.ended), deducted=2 + s, blocked_rounds=s % 2,
                    best_placement=5 * (1 + (len(self.ended) + s) % 4),
                )
                for s, p in enumerate(players)
            ),
            scores=tuple(scores),
            winner_side=winner,
        )  # fmt: skip
        store = self.server.app.store
        seats = tuple("human" for _ in players)
        await store.create_match(
            MatchRecord(match_id, seats, 61, bytes(range(32)), ended_at), [{"kind": "start"}]
        )
        await store.append(match_id, 1, [{"kind": "end"}], finished=True, outcome=outcome)
        self.ended.append(outcome)
        return outcome

    def ratings(self) -> dict[tuple[str, str], Rating]:
        """Every rating, rebuilt from scratch from the rated matches in order."""
        return rebuild(o.rated_match() for o in self.ended if o.rated)

    def rated_count(self, category: str, player: str, since: float | None = None) -> int:
        return sum(
            1
            for o in self.ended
            if o.rated and o.category == category and (since is None or o.ended_at >= since)
            for s in o.seats
            if s.player_id == player
        )

    def last_rated(self, category: str, player: str) -> float:
        return max(
            o.ended_at for o in self.ended
            if o.rated and o.category == category and player in {s.player_id for s in o.seats}
        )  # fmt: skip

    def board(self, category: str, since: float | None = None) -> list[str]:
        """The expected board: players with a settled rating and a rated match in the
        last ACTIVE_DAYS (and in the window), by mu, then id."""
        ratings = self.ratings()
        active_since = time.time() - ACTIVE_DAYS * DAY
        on = [
            p
            for (c, p), r in ratings.items()
            if c == category and r.sigma <= SETTLED
            and self.last_rated(c, p) >= active_since and self.rated_count(c, p, since) > 0
        ]  # fmt: skip
        return sorted(on, key=lambda p: (-ratings[(category, p)].mu, p))


# Display names are one per player on a server (a look-alike of a current name is
# refused), and a module's server outlives each test: every player gets a new number.
_NUMBERS = itertools.count()
NAMES: dict[str, str] = {}  # player id -> the display name it signed in with


async def players(server: Running, count: int) -> list[Device]:
    devices = []
    for _ in range(count):
        name = f"Player {next(_NUMBERS)}"
        device = await sign_in(server, new_device_id(), name)
        NAMES[device.player_id] = name
        devices.append(device)
    return devices


async def refused(call, code: grpc.StatusCode, reason: str) -> grpc.aio.AioRpcError:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    assert error_info(caught.value).reason == reason
    return caught.value


async def league(server: Running, people: Sequence[Device], now: float) -> Results:
    """Two-player matches: all but the last two play each other once (a round robin, the
    lower index winning most); the second to last plays one rated match (provisional);
    the last one unrated match."""
    results = Results(server)
    ids = [d.player_id for d in people]
    active = ids[:-2]
    t = now - 10 * DAY
    for i, a in enumerate(active):
        for j in range(i + 1, len(active)):
            t += 60
            await results.end([a, active[j]], (300, 100 + j), 0 if (i + j) % 4 else 1, t)
    t += 60
    await results.end([ids[-2], active[0]], (200, 310), 1, t)
    t += 60
    await results.end([ids[-1], active[1]], (200, 310), 1, t, rated=False)
    return results


async def whole_board(server: Running, category: int, page_size: int, **kw: object) -> list[str]:
    """Every player id on the board, page by page with next_page_token; checks the ranks
    and that previous_page_token leads back."""
    ids: list[str] = []
    token = ""
    previous: list[str] = []
    while True:
        page = await stub(server).GetLeaderboard(
            rp.GetLeaderboardRequest(category=category, page_size=page_size, page_token=token, **kw)  # type: ignore[arg-type]
        )
        assert [e.rank for e in page.entries] == list(
            range(len(ids) + 1, len(ids) + 1 + len(page.entries))
        )
        if ids:  # the previous page's token comes back to the page before
            back = await stub(server).GetLeaderboard(
                rp.GetLeaderboardRequest(category=category, page_size=page_size,
                                         page_token=page.previous_page_token, **kw)  # type: ignore[arg-type]
            )  # fmt: skip
            assert [e.player_id for e in back.entries] == previous
        else:
            assert page.previous_page_token == ""
        previous = [e.player_id for e in page.entries]
        ids += previous
        assert (page.settled_sigma, page.active_days) == (SETTLED, ACTIVE_DAYS)
        if not page.next_page_token:
            assert len(ids) == page.total_players
            return ids
        token = page.next_page_token


async def test_the_leaderboard_pages_hide_provisional_players_and_agree_with_a_rebuild(
    running: Running,
) -> None:
    people = await players(running, 9)
    results = await league(running, people, time.time())
    expected = results.board("2")
    assert len(expected) == 7  # the provisional and the unrated player are not on it
    for size in (1, 2, 3, 7, 100):
        assert await whole_board(running, TWO, size) == expected
    page = await stub(running).GetLeaderboard(rp.GetLeaderboardRequest(category=TWO))
    ratings = results.ratings()
    names = {d.player_id: NAMES[d.player_id] for d in people}
    for entry in page.entries:
        rating = ratings[("2", entry.player_id)]
        assert (entry.rating.mu, entry.rating.sigma) == (rating.mu, rating.sigma)
        assert entry.rating.ordinal == rating.ordinal
        assert entry.display_name == names[entry.player_id]
        assert entry.matches == results.rated_count("2", entry.player_id)
        assert entry.wins == sum(
            1 for o in results.ended if o.rated for s in o.seats
            if s.player_id == entry.player_id and s.won
        )  # fmt: skip
    # Other categories are empty, not an error.
    empty = await stub(running).GetLeaderboard(rp.GetLeaderboardRequest(category=THREE))
    assert (list(empty.entries), empty.total_players, empty.next_page_token) == ([], 0, "")


async def test_the_page_around_a_player_has_them_in_the_middle(running: Running) -> None:
    people = await players(running, 9)
    results = await league(running, people, time.time())
    board = results.board("2")
    for index, player in enumerate(board):
        page = await stub(running).GetLeaderboard(
            rp.GetLeaderboardRequest(category=TWO, around_player_id=player, page_size=3)
        )
        ids = [e.player_id for e in page.entries]
        # page_size 3: one above, one below; at the bottom, the last full page
        first = max(0, min(index - 1, len(board) - 3))
        assert ids == board[first : first + 3] and player in ids
        assert page.entries[0].rank == first + 1
        assert bool(page.previous_page_token) == (first > 0)
        assert bool(page.next_page_token) == (first + 3 < len(board))
        if page.next_page_token:  # paging on from there continues the board
            after = await stub(running).GetLeaderboard(
                rp.GetLeaderboardRequest(category=TWO, page_size=3,
                                         page_token=page.next_page_token)
            )  # fmt: skip
            assert [e.player_id for e in after.entries] == board[first + 3 : first + 6]
        mine = page.standing
        assert (mine.ranked, mine.provisional, mine.inactive) == (True, False, False)
        assert (mine.entry.player_id, mine.entry.rank) == (player, index + 1)
    # Find me while provisional: the place the rating would hold, marked, not an error.
    provisional, unrated = people[-2].player_id, people[-1].player_id
    ratings = results.ratings()
    theirs = ratings[("2", provisional)]
    assert theirs.sigma > SETTLED  # one rated match
    place = 1 + sum(1 for p in board if ratings[("2", p)].mu > theirs.mu)
    page = await stub(running).GetLeaderboard(
        rp.GetLeaderboardRequest(category=TWO, around_player_id=provisional, page_size=3)
    )
    mine = page.standing
    assert (mine.ranked, mine.provisional, mine.inactive) == (False, True, False)
    assert (mine.entry.player_id, mine.entry.rank, mine.entry.matches) == (provisional, place, 1)
    assert mine.entry.rating.provisional and mine.entry.display_name == NAMES[provisional]
    assert mine.entry.rating.display_rating == display_rating(theirs.mu)
    first = max(0, min(place - 2, len(board) - 3))  # their place in the page's middle
    assert [e.player_id for e in page.entries] == board[first : first + 3]
    assert provisional not in [e.player_id for e in page.entries]
    # The reason stays where it still means something: no rating in the category at all.
    error = await refused(
        stub(running).GetLeaderboard(
            rp.GetLeaderboardRequest(category=TWO, around_player_id=unrated)
        ),
        grpc.StatusCode.FAILED_PRECONDITION, "PLAYER_NOT_RANKED",
    )  # fmt: skip
    assert error_info(error).metadata["category"] == "2"
    unknown = await refused(
        stub(running).GetLeaderboard(
            rp.GetLeaderboardRequest(category=TWO, around_player_id="0" * 32)
        ),
        grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND",
    )  # fmt: skip
    assert error_info(unknown).metadata["field"] == "around_player_id"


async def test_the_last_30_days_count_recent_rated_matches_only(running: Running) -> None:
    now = time.time()
    people = await players(running, 4)
    a, b, c, d = (p.player_id for p in people)
    results = Results(running)
    # a and b: long ago and recently; c and d: long ago only (settled, but inactive: their
    # last rated match ended 50 days ago, more than the 30 active days)
    for k in range(2):
        await results.end([a, b], (300, 100), k % 2, now - 60 * DAY + k)
        await results.end([c, d], (300, 100), 0, now - 50 * DAY + k)
    for k in range(2):
        await results.end([a, b], (300, 100), 0, now - 2 * DAY + k)
    everyone = await whole_board(running, TWO, 2)
    assert everyone == results.board("2") and set(everyone) == {a, b}
    recent = await whole_board(running, TWO, 2, window=rp.LEADERBOARD_WINDOW_LAST_30_DAYS)
    assert recent == results.board("2", since=now - 30 * DAY) and set(recent) == {a, b}
    page = await stub(running).GetLeaderboard(
        rp.GetLeaderboardRequest(category=TWO, window=rp.LEADERBOARD_WINDOW_LAST_30_DAYS)
    )
    assert [e.matches for e in page.entries] == [2, 2]  # the recent ones
    assert {e.player_id: e.matches for e in (await stub(running).GetLeaderboard(
        rp.GetLeaderboardRequest(category=TWO))).entries} == {a: 4, b: 4}  # fmt: skip
    # c all time: settled but inactive, placed where the rating would stand
    found = await stub(running).GetLeaderboard(
        rp.GetLeaderboardRequest(category=TWO, around_player_id=c)
    )
    assert (found.standing.ranked, found.standing.provisional, found.standing.inactive) == (
        False, False, True,
    )  # fmt: skip
    assert found.standing.entry.rank == 1 + sum(
        1 for p in (a, b) if results.ratings()[("2", p)].mu > results.ratings()[("2", c)].mu
    )
    await refused(
        stub(running).GetLeaderboard(
            rp.GetLeaderboardRequest(category=TWO, around_player_id=c,
                                     window=rp.LEADERBOARD_WINDOW_LAST_30_DAYS)
        ),
        grpc.StatusCode.FAILED_PRECONDITION, "PLAYER_NOT_RANKED",
    )  # fmt: skip
    # A token of one window or category is refused by another.
    first = await stub(running).GetLeaderboard(rp.GetLeaderboardRequest(category=TWO, page_size=1))
    for other in (
        rp.GetLeaderboardRequest(category=THREE, page_token=first.next_page_token),
        rp.GetLeaderboardRequest(category=TWO, page_token=first.next_page_token,
                                 window=rp.LEADERBOARD_WINDOW_LAST_30_DAYS),
    ):  # fmt: skip
        await refused(
            stub(running).GetLeaderboard(other), grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        )  # fmt: skip


@pytest.mark.parametrize(
    "request_",
    [
        rp.GetLeaderboardRequest(),  # no category
        rp.GetLeaderboardRequest(category=TWO, page_size=101),
        rp.GetLeaderboardRequest(category=TWO, page_token="not a token"),
        rp.GetLeaderboardRequest(category=TWO, page_token="WyIyIiwiYWxsIiwtMV0"),  # offset -1
        rp.GetLeaderboardRequest(category=TWO, around_player_id="x" * 65),
        rp.GetLeaderboardRequest(category=7),  # type: ignore[arg-type]
        rp.GetLeaderboardRequest(category=TWO, window=9),  # type: ignore[arg-type]
    ],
)
async def test_bad_leaderboard_requests_are_invalid_arguments(
    running: Running, request_: rp.GetLeaderboardRequest
) -> None:
    await refused(
        stub(running).GetLeaderboard(request_), grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    )  # fmt: skip


async def test_player_stats_add_up_the_results(running: Running) -> None:
    people = await players(running, 9)
    results = await league(running, people, time.time())
    board = results.board("2")
    ratings = results.ratings()
    for device in people:
        pid = device.player_id
        mine = [(o, s) for o in results.ended for s in o.seats if s.player_id == pid]
        # the player's own, with their token, and anyone's, by id without one
        own = await stub(running).GetPlayerStats(
            rp.GetPlayerStatsRequest(), metadata=auth(device.access)
        )
        theirs = await stub(running).GetPlayerStats(rp.GetPlayerStatsRequest(player_id=pid))
        assert own == theirs and own.player_id == pid and own.settled_sigma == SETTLED
        (stats,) = own.categories
        assert stats.category == TWO
        wins = sum(s.won for _, s in mine)
        rounds = sum(s.rounds for _, s in mine)
        points = sum(s.points for _, s in mine)
        deducted = sum(s.deducted for _, s in mine)
        assert (stats.matches, stats.wins, stats.rounds) == (len(mine), wins, rounds)
        assert (stats.points, stats.deducted) == (points, deducted)
        assert stats.win_rate == wins / len(mine)
        interval = wilson_interval(wins, len(mine))
        assert (stats.win_rate_interval.lower, stats.win_rate_interval.upper) == (
            interval.lower, interval.upper,
        )  # fmt: skip
        assert stats.points_per_round == points / rounds
        assert stats.deduction_per_round == deducted / rounds
        assert stats.blocked_rounds == sum(s.blocked_rounds for _, s in mine)
        assert stats.best_placement_points == max(s.best_placement for _, s in mine)
        rated = [o for o, _ in mine if o.rated]
        assert stats.rated_matches == len(rated)
        assert stats.provisional == (not rated or ratings[("2", pid)].sigma > SETTLED)
        if rated:
            final = ratings[("2", pid)]
            assert (stats.rating.mu, stats.rating.sigma) == (final.mu, final.sigma)
            # the history: the rating after each rated match, oldest first
            after = []
            for k in range(len(results.ended)):
                o = results.ended[k]
                if o.rated and pid in {s.player_id for s in o.seats}:
                    now = rebuild(x.rated_match() for x in results.ended[: k + 1] if x.rated)
                    after.append((o.match_id, now[("2", pid)]))
            assert [
                (p.match_id, Rating(p.rating.mu, p.rating.sigma)) for p in stats.history
            ] == after
        else:
            assert not stats.HasField("rating") and list(stats.history) == []
        if pid in board:
            assert stats.rank == stats.place == board.index(pid) + 1
        else:
            assert not stats.HasField("rank")
        if rated and pid not in board:  # provisional: where the rating would stand
            mu = ratings[("2", pid)].mu
            assert stats.place == 1 + sum(1 for p in board if ratings[("2", p)].mu > mu)
        elif not rated:
            assert not stats.HasField("place")
    # history_limit keeps the latest points
    busiest = people[0]
    short = await stub(running).GetPlayerStats(
        rp.GetPlayerStatsRequest(player_id=busiest.player_id, history_limit=1)
    )
    full = await stub(running).GetPlayerStats(rp.GetPlayerStatsRequest(player_id=busiest.player_id))
    assert list(short.categories[0].history) == list(full.categories[0].history)[-1:]


async def test_a_player_without_matches_and_the_refusals(running: Running) -> None:
    (device,) = await players(running, 1)
    empty = await stub(running).GetPlayerStats(
        rp.GetPlayerStatsRequest(), metadata=auth(device.access)
    )
    assert (empty.player_id, empty.display_name, list(empty.categories)) == (
        device.player_id, NAMES[device.player_id], [],
    )  # fmt: skip
    calls = stub(running)
    for call in (calls.GetPlayerStats(rp.GetPlayerStatsRequest()),
                 calls.ListPlayerMatches(rp.ListPlayerMatchesRequest())):  # fmt: skip
        await refused(call, grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")
    await refused(
        calls.GetPlayerStats(rp.GetPlayerStatsRequest(), metadata=auth(device.access[:-4] + "AAAA")),
        grpc.StatusCode.UNAUTHENTICATED, "INVALID_SIGNATURE",
    )  # fmt: skip
    for call in (calls.GetPlayerStats(rp.GetPlayerStatsRequest(player_id="f" * 32)),
                 calls.ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id="f" * 32))):  # fmt: skip
        await refused(call, grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND")
    for call in (
        calls.GetPlayerStats(rp.GetPlayerStatsRequest(player_id=device.player_id, history_limit=501)),
        calls.GetPlayerStats(rp.GetPlayerStatsRequest(player_id="not/an id")),
        calls.ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id=device.player_id, page_size=101)),
        calls.ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id=device.player_id, page_token="??")),
    ):  # fmt: skip
        await refused(call, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT")


async def test_a_players_matches_newest_first_page_by_page(running: Running) -> None:
    people = await players(running, 9)
    now = time.time()
    results = await league(running, people, now)
    # two matches ending at the same instant: the match id breaks the tie
    a, b = people[0].player_id, people[1].player_id
    await results.end([a, b], (300, 0), 0, now - DAY)
    await results.end([b, a], (300, 0), 0, now - DAY)
    for device in people:
        pid = device.player_id
        expected = sorted(
            ((o, s) for o in results.ended for s in o.seats if s.player_id == pid),
            key=lambda x: (x[0].ended_at, x[0].match_id), reverse=True,
        )  # fmt: skip
        seen: list[rp.PlayerMatch] = []
        token = ""
        while True:
            page = await stub(running).ListPlayerMatches(
                rp.ListPlayerMatchesRequest(page_size=2, page_token=token),
                metadata=auth(device.access),
            )
            seen += page.matches
            assert len(page.matches) <= 2
            if not page.next_page_token:
                break
            token = page.next_page_token
        assert [m.match_id for m in seen] == [o.match_id for o, _ in expected]
        for m, (o, s) in zip(seen, expected, strict=True):
            assert m.ended_at.ToNanoseconds() == int(o.ended_at * 1e9)
            assert (m.seat, m.side, m.won, m.placement) == (s.seat, s.side, s.won, s.placement)
            assert (m.rounds, m.points, m.deducted) == (s.rounds, s.points, s.deducted)
            assert (m.blocked_rounds, m.best_placement_points) == (
                s.blocked_rounds,
                s.best_placement,
            )
            assert m.category == TWO and m.rated == o.rated
            assert m.HasField("rating_before") == m.HasField("rating_after") == o.rated
        rated = [m for m in reversed(seen) if m.rated]
        for earlier, later in itertools.pairwise(rated):  # each starts where the last ended
            assert later.rating_before == earlier.rating_after


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=8,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cursor=st.lists(json_values, max_size=4), which=st.sampled_from(["board", "matches"]))
@example(cursor=[float("nan"), "m"], which="matches")
@example(cursor=[float("-inf"), ""], which="matches")
@example(cursor=["2", "all", 2**40], which="board")
@example(cursor=["2", "all", True], which="board")
@example(cursor=["2", "all", 1.5], which="board")
async def test_hand_made_page_tokens_start_a_page_or_are_refused(
    running: Running, cursor: list[object], which: str
) -> None:
    """A token is base64 of a JSON cursor: any cursor a client makes up is either one the
    server could have handed out (a page) or INVALID_ARGUMENT, never another error."""
    token = base64.urlsafe_b64encode(json.dumps(cursor).encode()).decode().rstrip("=")
    if which == "board":
        call = stub(running).GetLeaderboard(
            rp.GetLeaderboardRequest(category=TWO, page_token=token)
        )
    else:
        (device,) = await players(running, 1)
        call = stub(running).ListPlayerMatches(
            rp.ListPlayerMatchesRequest(page_token=token), metadata=auth(device.access)
        )
    try:
        await call
    except grpc.aio.AioRpcError as exc:
        assert exc.code() == grpc.StatusCode.INVALID_ARGUMENT, exc.details()
        assert error_info(exc).metadata["field"] == "page_token"


async def test_partnerships_and_three_player_boards_are_their_own(running: Running) -> None:
    """Each category has its own board: four players in partnerships are rated as teams
    (partners move together), three players each for themself."""
    people = await players(running, 4)
    a, b, c, d = (p.player_id for p in people)
    results = Results(running)
    now = time.time()
    # A partnership's result, or a three-way one, says less of each player than a duel:
    # their sigma settles slower (4 matches here against 2 for two players).
    for k in range(4):  # a+c against b+d, a+c win all
        await results.end([a, b, c, d], (310, 100 + k), 0, now - 100 + k)
    for k in range(4):
        await results.end([d, a, b], (100, 200, 310), 2, now - 50 + k)
    four = await whole_board(running, rp.RATING_CATEGORY_FOUR_PARTNERSHIPS, 3)
    assert four == results.board("4") and set(four[:2]) == {a, c}  # the winning partners
    ratings = results.ratings()
    assert ratings[("4", a)] == ratings[("4", c)]  # partners share every update
    three = await whole_board(running, THREE, 2)
    assert three == results.board("3") and three[0] == b
    assert await whole_board(running, TWO, 2) == []
    stats = await stub(running).GetPlayerStats(rp.GetPlayerStatsRequest(player_id=a))
    assert [s.category for s in stats.categories] == [THREE, rp.RATING_CATEGORY_FOUR_PARTNERSHIPS]
    matches = (
        await stub(running).ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id=c))
    ).matches
    assert [(m.category, m.seat, m.side, m.won) for m in matches] == [
        (rp.RATING_CATEGORY_FOUR_PARTNERSHIPS, 2, 0, True)
    ] * 4
