"""What it costs one person to reach #1 of a leaderboard by farming (issue 21, finding 1).

    .venv/bin/python -m bench.farming [--smoke] [--rest-of-board N] [--runs N]

``linked`` repeats the after attack with ``--rated-standing linked`` (guests are never
rated: six rated matches are tried and none counts).  The attack is played through a real server (in this process, a SQLite file in a
temporary folder, the gRPC API over a real channel), once under the rules before issue 21
and once under today's defaults, and the board is read after every rated match until the
attacker's main account is #1 of the 2-player board (all time):

* **before** (``--rated-targets any --rated-standing any --rated-pair-limit 0``): two
  guests play 2-point matches (the issue's attack played 1-point ones, which the code
  now never rates; a 2-point match is as short: a round or two); the sock plays its
  lowest-scoring legal move, the main account its highest.
* **after** (the defaults, the accounts taken to have been made a day before: the age a
  guest account needs, ``--rated-guest-min-age-seconds``, is a wait on the calendar
  that the bench does not sit through): the attacker's cheapest way in.  Every account first earns
  standing (3 finished matches of 15 rounds in all, against a random bot, each resigned
  once its share of rounds is played), then the main account plays 61-point rated
  matches against one sock after another, each resigned by the sock as soon as both
  have moved; a sock is used for the pair limit's 2 matches, then a new one is made.

Before the attack, ``--rest-of-board`` honest pairs play fair rated matches (their best
player is the one to beat; 0: an empty board).  Each run reports the accounts made, the
matches finished (standing, rated and turned away), the moves submitted and the wall
time; a person playing by hand at 5 s a move would need ``moves x 5 s``.  The server's
abuse limits (sign-in, creation and move rates) are on at their defaults: a refusal is
waited out by its RetryInfo delay, which counts in the wall time.

Ends with ``RESULT farming_cost_ratio=<after accounts x moves / before>`` (how many times
more work the attack is now), after one ``RESULT`` line per figure.
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

BEFORE = {"rated_targets": "any", "rated_standing": "any", "rated_pair_limit": 0}
HUMAN_SECONDS_PER_MOVE = 5.0
MAX_RATED = 400  # a run that has not reached #1 by then reports failure
SOCK_MATCHES = 2  # rated matches against each sock (today's pair limit)

T = TypeVar("T")


@dataclass
class Cost:
    accounts: int = 0
    matches: int = 0  # finished matches of the attack (standing, rated, turned away)
    rated: int = 0  # of those, the main account's matches created rated (tried)
    moves: int = 0  # moves and resignations submitted
    waited: float = 0.0  # seconds spent waiting out rate limits
    seconds: float = 0.0
    reached: bool = False


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
        self.cost.moves += 1
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


async def play_out(client: Client, match_id: str, main: str, sock: str) -> None:
    """Both seats to the end: the main account plays its best, the sock its worst."""
    while True:
        moved = await client.move(match_id, main, best) or await client.move(match_id, sock, worst)
        if not moved:
            view = await client.view(match_id, main)
            if view.status != pb.MATCH_STATUS_IN_PROGRESS:
                client.cost.matches += 1
                return


async def honest_board(client: Client, pairs: int, rng: random.Random) -> None:
    """``pairs`` pairs of honest players, each playing fair rated matches until settled
    (under the relaxed rules the board is seeded with; their cost is not the attacker's)."""
    for n in range(pairs):
        a, _ = await client.guest(f"Honest{n}a")
        b, _ = await client.guest(f"Honest{n}b")
        for _ in range(8):
            match_id = await client.table([human(), human()], [a, b], target=5)
            pick = lambda moves: rng.choice(moves)  # noqa: E731
            while (await client.view(match_id, a)).status == pb.MATCH_STATUS_IN_PROGRESS:
                await client.move(match_id, a, pick) or await client.move(match_id, b, pick)


async def attack_before(client: Client) -> None:
    """The same schedule as ``attack_after`` (a sock for every SOCK_MATCHES rated
    matches: fresh opponents lift a rating faster than one sock again and again), with
    no standing to earn and short matches played out."""
    main, main_id = await client.guest("Main")
    while client.cost.rated < MAX_RATED:
        sock, _ = await client.guest(f"Sock{client.cost.accounts}")
        for _ in range(SOCK_MATCHES):
            match_id = await client.table([human(), human()], [main, sock], target=2)
            await play_out(client, match_id, main, sock)
            client.cost.rated += 1
            if await client.top() == main_id:
                client.cost.reached = True
                return


async def earn_standing(client: Client, token: str, matches: int, rounds: int) -> None:
    """``matches`` finished matches against a random bot adding up to ``rounds`` rounds:
    each played until its share of rounds has ended, then resigned."""
    share = -(-rounds // matches)
    bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_RANDOM)
    for _ in range(matches):
        match_id = await client.table([human(), bot], [token, ""], target=61)
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
    """Standing for every account, then a sock for every SOCK_MATCHES (the pair limit)
    rated matches, each resigned by the sock once both have moved (``attempts``: rated
    matches tried before giving up)."""
    matches, rounds = config.rated_guest_min_matches, config.rated_guest_min_rounds
    main, main_id = await client.guest("Main")
    await earn_standing(client, main, matches, rounds)
    per_sock = min(SOCK_MATCHES, config.rated_pair_limit or SOCK_MATCHES)
    while client.cost.rated < attempts:
        sock, _ = await client.guest(f"Sock{client.cost.accounts}")
        await earn_standing(client, sock, matches, rounds)
        for _ in range(per_sock):
            match_id = await client.table([human(), human()], [main, sock], target=61)
            while not (await client.view(match_id, main)).play_started:
                await client.move(match_id, main, best) or await client.move(match_id, sock, worst)
            await client.resign(match_id, sock)
            client.cost.rated += 1
            if await client.top() == main_id:
                client.cost.reached = True
                return


async def run(
    label: str, overrides: dict[str, object], rest_of_board: int, attempts: int = MAX_RATED
) -> Cost:
    with tempfile.TemporaryDirectory(prefix="fiveup-farming-") as folder:
        seeding = ServerConfig(address="127.0.0.1:0", db=str(Path(folder) / "farm.sqlite3"),
                               metrics_port=-1, grace_seconds=1.0,
                               bot_delay=0.0)  # fmt: skip  # the work, not the bots' pace
        config = ServerConfig(**{**vars(seeding), **overrides})
        if rest_of_board:  # the honest players' matches, under the rules that rate them
            app, port = await create_server(ServerConfig(**{**vars(seeding), **BEFORE}))
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                await honest_board(Client(channel), rest_of_board, random.Random(21))
            await app.stop(grace=1.0)
        app, port = await create_server(config)
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                client = Client(channel)
                started = time.perf_counter()
                if label == "before":
                    await attack_before(client)
                else:
                    await attack_after(client, config, attempts=attempts)
                client.cost.seconds = time.perf_counter() - started
                return client.cost
        finally:
            await app.stop(grace=1.0)


def report(label: str, cost: Cost) -> None:
    by_hand = cost.moves * HUMAN_SECONDS_PER_MOVE / 60
    print(
        f"{label:>6}: #1 {'reached' if cost.reached else 'NOT reached'} with"
        f" {cost.accounts} accounts, {cost.matches} finished matches ({cost.rated} of them"
        f" rated ones tried), {cost.moves} moves; {cost.seconds:.1f} s scripted"
        f" ({cost.waited:.1f} s waiting out rate limits), about {by_hand:.0f} min by hand"
    )
    print(f"RESULT farming_{label}_accounts={cost.accounts}")
    print(f"RESULT farming_{label}_matches={cost.matches}")
    print(f"RESULT farming_{label}_moves={cost.moves}")
    print(f"RESULT farming_{label}_seconds={cost.seconds:.1f}")


def median(costs: list[Cost]) -> Cost:
    """The run of the median work (moves): deals are random, so is the attack's luck."""
    return sorted(costs, key=lambda c: c.moves)[len(costs) // 2]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="an empty board, one run each")
    parser.add_argument("--rest-of-board", type=int, default=2,
                        help="honest pairs on the board before the attack (default 2)")  # fmt: skip
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each attack; the median is reported (default 5)")  # fmt: skip
    args = parser.parse_args()
    rest = 0 if args.smoke else args.rest_of_board
    runs = 1 if args.smoke else max(1, args.runs)
    print(f"board: {rest} honest pairs before the attack; 2-player board, all time; "
          f"median of {runs} runs")  # fmt: skip
    # today's defaults, but the accounts are taken to be made a day before the attack
    # (--rated-guest-min-age-seconds): a wait on the calendar, not work
    plans: list[tuple[str, dict[str, object], int]] = [
        ("before", BEFORE, MAX_RATED),
        ("after", {"rated_guest_min_age_seconds": 0.0}, MAX_RATED),
        # --rated-standing linked: guests never play rated; 6 tries show it
        ("linked", {"rated_standing": "linked", "rated_guest_min_age_seconds": 0.0}, 6),
    ]
    found: dict[str, Cost] = {}
    for label, overrides, attempts in plans:
        costs = [await run(label, overrides, rest, attempts) for _ in range(runs)]
        if len(costs) > 1:
            print(f"{label:>6}: moves per run " + ", ".join(str(c.moves) for c in costs))
        found[label] = median(costs)
        report(label, found[label])
    before, after = found["before"], found["after"]
    ratio = (after.accounts * after.moves) / max(1, before.accounts * before.moves)
    print(f"RESULT farming_cost_ratio={ratio:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
