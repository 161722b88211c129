"""What it costs one person to reach #1 of a leaderboard by farming (issues 21 and 31).

    .venv/bin/python -m bench.farming [--smoke] [--rest-of-board N] [--runs N]

Each attack is played through a real server (in this process, a SQLite file in a
temporary folder, the gRPC API over a real channel) under today's defaults, the accounts
taken to have been made a day before (``--rated-guest-min-age-seconds 0``: the age a
guest account needs is a wait on the calendar, not work).  The board is read after every
rated match until the attacker's main account is #1 of the 2-player board (all time):

* **before** -- the cheapest attack on the code before issue 31 (its finding 7): every
  account earns standing with **no move of its own** (it joins unrated 61-point matches
  against a random bot and never moves; the turn timer's stand-in, here after 0.2 s,
  plays them out), then the main account plays 2 rated 61-point matches against each of
  4 socks, each resigned by the sock before anyone moved.  That reached #1 after 0.12 s
  of rated play; today a stand-in's rounds count for nobody and an early forfeit is not
  rated, and the bench shows it: ``#1 NOT reached``.  Its cost is what that attack took.
* **after** -- the cheapest way in that still works: every account earns standing by its
  own play (``--rated-guest-min-matches`` (3) matches adding up to
  ``--rated-guest-min-rounds`` (15) rounds of its own, each against three random bots --
  the fewest own moves a round, a round ending when any of four seats goes out -- and
  resigned once its share of rounds is played), then the main account plays one rated 61-point
  match against each of ``--rated-board-min-opponents`` (5) socks -- each seat makes
  ``--rated-min-own-moves`` (3) moves and the sock resigns -- and more (a sock up to the
  pair limit, then new socks) until it is #1.

The cost is counted in **own moves** (moves the attacker's accounts submitted: a stand-in's
are free) and **minutes by hand**: own moves and resignations at ``HUMAN_SECONDS_PER_MOVE``
(5 s: a person reading the table and placing a tile; a 61-point two-player match by hand,
~70 moves a side, takes six minutes), not counting the wait for a stand-in or the day of
account age.  Before the attack, ``--rest-of-board`` (6) honest players play each other
twice in fair rated matches (their best player is the one to beat; 0: an empty board).  The server's abuse limits
(sign-in, creation and move rates) are on at their defaults: a refusal is waited out by
its RetryInfo delay, which counts in the wall time.

Ends with ``RESULT farming_after_minutes_by_hand=<minutes>`` (the cheapest attack's cost
now), after one ``RESULT`` line per figure.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import grpc
from google.rpc import error_details_pb2, status_pb2

from fiveup.app.config import ServerConfig
from fiveup.app.server import create_server
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, players_pb2, players_pb2_grpc, ratings_pb2, ratings_pb2_grpc

HUMAN_SECONDS_PER_MOVE = 5.0  # by hand: read the table, place a tile (module docstring)
MAX_RATED = 400  # a run that has not reached #1 by then reports failure
HONEST = {"rated_targets": "any", "rated_standing": "any", "rated_pair_limit": 0,
          "rated_min_own_moves": 0, "rated_board_min_opponents": 0}  # fmt: skip
# Today's defaults, the accounts taken to be a day old; the stand-in attack's turn timer
# short, so that its wait (free for the attacker, who does something else) is short too.
AFTER: dict[str, object] = {"rated_guest_min_age_seconds": 0.0}
STAND_IN: dict[str, object] = {**AFTER, "turn_timeout_seconds": 0.2,
                               "stand_in_delay_seconds": 0.0}  # fmt: skip
FINDING_SOCKS = 4  # the finding's attack: 4 socks, 2 rated matches each
FINDING_MATCHES = 2
# Standing is cheapest in four-player matches with three random bots: a round ends when
# any of four seats goes out, so it holds the fewest own moves (smoke runs: ~500 own
# moves in all against ~580 with two bots and ~910 with one).
STANDING_BOTS = 3

T = TypeVar("T")


@dataclass
class Cost:
    accounts: int = 0
    matches: int = 0  # finished matches of the attack (standing, rated, turned away)
    rated: int = 0  # of those, the main account's matches created rated (tried)
    moves: int = 0  # own moves submitted (a stand-in's are not the attacker's work)
    resignations: int = 0
    waited: float = 0.0  # seconds spent waiting out rate limits
    seconds: float = 0.0
    reached: bool = False

    @property
    def minutes_by_hand(self) -> float:
        return (self.moves + self.resignations) * HUMAN_SECONDS_PER_MOVE / 60


@dataclass
class Client:
    channel: grpc.aio.Channel
    cost: Cost = field(default_factory=Cost)

    def __post_init__(self) -> None:
        self.matches = match_pb2_grpc.MatchServiceStub(self.channel)
        self.players = players_pb2_grpc.PlayerServiceStub(self.channel)
        self.ratings = ratings_pb2_grpc.RatingsServiceStub(self.channel)

    async def call(self, make: Callable[[], Awaitable[T]]) -> T:
        """``make()``, waiting out RESOURCE_EXHAUSTED refusals by their RetryInfo delay."""
        while True:
            try:
                return await make()
            except grpc.aio.AioRpcError as exc:
                delay = retry_delay(exc)
                if exc.code() != grpc.StatusCode.RESOURCE_EXHAUSTED or delay is None:
                    raise
                self.cost.waited += delay
                await asyncio.sleep(delay)

    async def guest(self, name: str) -> tuple[str, str]:
        request = players_pb2.SignInAsGuestRequest(
            device_id=secrets.token_urlsafe(20), display_name=name
        )
        session = (await self.call(lambda: self.players.SignInAsGuest(request))).session
        self.cost.accounts += 1
        return session.access_token, session.player.player_id

    async def view(self, match_id: str, token: str) -> pb.MatchView:
        request = pb.GetMatchRequest(match_id=match_id)
        md = (("authorization", f"Bearer {token}"),)
        return (await self.call(lambda: self.matches.GetMatch(request, metadata=md))).view

    async def table(self, seats: list[pb.SeatSpec], tokens: list[str], target: int) -> str:
        create = pb.CreateMatchRequest(seats=seats, target_points=target)
        created = await self.call(lambda: self.matches.CreateMatch(create))
        for seat, token in enumerate(tokens):
            if token:
                join = pb.JoinMatchRequest(match_id=created.match_id, seat=seat)
                md = (("authorization", f"Bearer {token}"),)
                await self.call(lambda j=join, m=md: self.matches.JoinMatch(j, metadata=m))  # type: ignore[misc]
        return created.match_id

    async def move(
        self, match_id: str, token: str, pick: Callable[[list[pb.Move]], pb.Move]
    ) -> bool:
        """The token's seat moves if it is its turn; whether it did."""
        view = await self.view(match_id, token)
        if view.status != pb.MATCH_STATUS_IN_PROGRESS or not view.legal_moves:
            return False
        submit = pb.SubmitMoveRequest(
            match_id=match_id, move=pick(list(view.legal_moves)),
            expected_version=view.version, request_id=f"v{view.version}",
        )  # fmt: skip
        md = (("authorization", f"Bearer {token}"),)
        try:
            await self.call(lambda: self.matches.SubmitMove(submit, metadata=md))
        except grpc.aio.AioRpcError as exc:
            if exc.code() != grpc.StatusCode.ABORTED:  # a bot moved first: look again
                raise
        self.cost.moves += 1
        return True

    async def resign(self, match_id: str, token: str) -> None:
        md = (("authorization", f"Bearer {token}"),)
        await self.call(
            lambda: self.matches.Resign(pb.ResignRequest(match_id=match_id), metadata=md)
        )
        self.cost.resignations += 1
        self.cost.matches += 1

    async def top(self) -> str:
        request = ratings_pb2.GetLeaderboardRequest(
            category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS, page_size=1
        )
        page = await self.call(lambda: self.ratings.GetLeaderboard(request))
        return page.entries[0].player_id if page.entries else ""


def retry_delay(exc: grpc.aio.AioRpcError) -> float | None:
    for key, value in exc.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(value).details:
                info = error_details_pb2.RetryInfo()
                if detail.Unpack(info):
                    return max(0.01, float(info.retry_delay.ToNanoseconds()) / 1e9)
    return None


def human() -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)


def best(moves: list[pb.Move]) -> pb.Move:
    return max(moves, key=lambda m: m.place.points if m.HasField("place") else -1)


def worst(moves: list[pb.Move]) -> pb.Move:
    return min(moves, key=lambda m: m.place.points if m.HasField("place") else -1)


async def honest_board(client: Client, players: int, rng: random.Random) -> None:
    """``players`` honest players, each playing every other twice (fair 5-point matches,
    under the relaxed rules the board is seeded with; their cost is not the attacker's):
    each has played ``players - 1`` distinct opponents, so with 6 or more the board's
    opponents rule (5 by default) ranks them."""
    tokens = [(await client.guest(f"Honest{n}"))[0] for n in range(players)]
    pick = lambda moves: rng.choice(moves)  # noqa: E731
    for _ in range(2):
        for i, a in enumerate(tokens):
            for b in tokens[i + 1 :]:
                match_id = await client.table([human(), human()], [a, b], target=5)
                while (await client.view(match_id, a)).status == pb.MATCH_STATUS_IN_PROGRESS:
                    await client.move(match_id, a, pick) or await client.move(match_id, b, pick)


async def idle_standing(client: Client, token: str, matches: int) -> None:
    """The finding's standing: ``matches`` unrated 61-point matches against a random bot,
    joined and never moved in; the stand-in plays them out."""
    bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_RANDOM)
    for _ in range(matches):
        match_id = await client.table([human(), bot], [token, ""], target=61)
        while (await client.view(match_id, token)).status == pb.MATCH_STATUS_IN_PROGRESS:
            await asyncio.sleep(0.05)  # the stand-in and the bot play; the attacker waits
        client.cost.matches += 1


async def attack_stand_in(client: Client, config: ServerConfig) -> None:
    """The finding's attack: standing for every account by a stand-in's play (all at
    once), then 2 rated matches against each of 4 socks, resigned before anyone moved."""
    main, main_id = await client.guest("Main")
    socks = [(await client.guest(f"Sock{n}"))[0] for n in range(FINDING_SOCKS)]
    await asyncio.gather(
        *(idle_standing(client, t, config.rated_guest_min_matches) for t in [main, *socks])
    )
    for sock in socks:
        for _ in range(FINDING_MATCHES):
            match_id = await client.table([human(), human()], [main, sock], target=61)
            await client.resign(match_id, sock)
            client.cost.rated += 1
            if await client.top() == main_id:
                client.cost.reached = True
                return


async def earn_standing(
    client: Client, token: str, matches: int, rounds: int, bots: int = 1
) -> None:
    """``matches`` finished matches against ``bots`` random bots adding up to ``rounds``
    rounds of the player's own: each played until its share of rounds has ended, then
    resigned."""
    share = -(-rounds // matches)
    bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_RANDOM)
    for _ in range(matches):
        seats = [human()] + [bot] * bots
        match_id = await client.table(seats, [token] + [""] * bots, target=61)
        while True:
            view = await client.view(match_id, token)
            if view.status != pb.MATCH_STATUS_IN_PROGRESS:
                client.cost.matches += 1
                break
            if view.round_number > share:
                await client.resign(match_id, token)
                break
            if not await client.move(match_id, token, best):
                await asyncio.sleep(0.001)  # the bot is to move


async def attack_after(client: Client, config: ServerConfig, attempts: int = MAX_RATED) -> None:
    """Standing by own play for every account, then rated matches in which each seat
    makes the least own moves a rated forfeit needs before the sock resigns: one against
    each of the board's distinct opponents first (a sock costs its standing, so each is
    used to the pair limit only once that many are made), then new socks as needed."""
    matches, rounds = config.rated_guest_min_matches, config.rated_guest_min_rounds
    each = max(1, config.rated_min_own_moves)
    per_sock = config.rated_pair_limit or MAX_RATED
    main, main_id = await client.guest("Main")
    await earn_standing(client, main, matches, rounds, STANDING_BOTS)
    socks: list[list[object]] = []  # [token, rated matches against it]
    while client.cost.rated < attempts:
        usable = [s for s in socks if int(str(s[1])) < per_sock]
        if len(socks) < config.rated_board_min_opponents or not usable:
            token, _ = await client.guest(f"Sock{client.cost.accounts}")
            await earn_standing(client, token, matches, rounds, STANDING_BOTS)
            socks.append([token, 0])
            usable = [socks[-1]]
        sock = min(usable, key=lambda s: int(str(s[1])))
        sock[1] = int(str(sock[1])) + 1
        token = str(sock[0])
        match_id = await client.table([human(), human()], [main, token], target=61)
        made = {main: 0, token: 0}
        while min(made.values()) < each:
            if await client.move(match_id, main, best):
                made[main] += 1
            elif await client.move(match_id, token, worst):
                made[token] += 1
            elif (await client.view(match_id, main)).status != pb.MATCH_STATUS_IN_PROGRESS:
                break
        await client.resign(match_id, token)
        client.cost.rated += 1
        if await client.top() == main_id:
            client.cost.reached = True
            return


async def run(label: str, overrides: dict[str, object], rest_of_board: int) -> Cost:
    with tempfile.TemporaryDirectory(prefix="fiveup-farming-") as folder:
        seeding = ServerConfig(address="127.0.0.1:0", db=str(Path(folder) / "farm.sqlite3"),
                               metrics_port=-1, grace_seconds=1.0,
                               bot_delay=0.0)  # fmt: skip  # the work, not the bots' pace
        config = ServerConfig(**{**vars(seeding), **overrides})
        if rest_of_board:  # the honest players' matches, under the rules that rate them
            app, port = await create_server(ServerConfig(**{**vars(seeding), **HONEST}))
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                await honest_board(Client(channel), rest_of_board, random.Random(21))
            await app.stop(grace=1.0)
        app, port = await create_server(config)
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                client = Client(channel)
                started = time.perf_counter()
                if label == "before":
                    await attack_stand_in(client, config)
                else:
                    await attack_after(client, config)
                client.cost.seconds = time.perf_counter() - started
                return client.cost
        finally:
            await app.stop(grace=1.0)


def report(label: str, cost: Cost) -> None:
    print(
        f"{label:>6}: #1 {'reached' if cost.reached else 'NOT reached'} with"
        f" {cost.accounts} accounts, {cost.matches} finished matches ({cost.rated} of them"
        f" rated ones tried), {cost.moves} own moves and {cost.resignations} resignations;"
        f" {cost.seconds:.1f} s scripted ({cost.waited:.1f} s waiting out rate limits),"
        f" about {cost.minutes_by_hand:.1f} min by hand"
    )
    print(f"RESULT farming_{label}_reached={int(cost.reached)}")
    print(f"RESULT farming_{label}_accounts={cost.accounts}")
    print(f"RESULT farming_{label}_matches={cost.matches}")
    print(f"RESULT farming_{label}_own_moves={cost.moves}")
    print(f"RESULT farming_{label}_seconds={cost.seconds:.1f}")


def median(costs: list[Cost]) -> Cost:
    """The run of the median work (own moves): deals are random, so is the attack's
    luck."""
    return sorted(costs, key=lambda c: (c.moves, c.resignations))[len(costs) // 2]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="an empty board, one run each")
    parser.add_argument("--rest-of-board", type=int, default=6,
                        help="honest players on the board before the attack, each playing"
                        " every other twice (default 6)")  # fmt: skip
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each attack; the median is reported (default 5)")  # fmt: skip
    args = parser.parse_args()
    rest = 0 if args.smoke else args.rest_of_board
    runs = 1 if args.smoke else max(1, args.runs)
    print(f"board: {rest} honest players before the attack; 2-player board, all time; "
          f"median of {runs} runs; by hand: {HUMAN_SECONDS_PER_MOVE:.0f} s an own move "
          "or resignation")  # fmt: skip
    plans: list[tuple[str, dict[str, object]]] = [("before", STAND_IN), ("after", AFTER)]
    found: dict[str, Cost] = {}
    for label, overrides in plans:
        costs = [await run(label, overrides, rest) for _ in range(runs)]
        if len(costs) > 1:
            print(f"{label:>6}: own moves per run " + ", ".join(str(c.moves) for c in costs))
        found[label] = median(costs)
        report(label, found[label])
    before, after = found["before"], found["after"]
    print(f"RESULT farming_before_minutes_by_hand={before.minutes_by_hand:.1f}")
    print(f"RESULT farming_after_minutes_by_hand={after.minutes_by_hand:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
