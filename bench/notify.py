"""bench.notify: notifications through the outbox to a signed webhook, on SQLite and on
PostgreSQL.

    .venv/bin/python -m bench.notify [--matches M] [--seconds S] [--burst N] [--smoke]
    .venv/bin/python -m bench.notify --attack [--hung H] [--slow N] [--seconds S] [--smoke]

For each store a real ``fiveup serve`` subprocess (its webhook pointed at a receiver in
this process, which verifies every signature) is measured twice:

* **cause to receipt**: ``M`` correspondence matches (private tables of two signed-in
  guests, a day per turn) are played for ``S`` seconds, one move at a time per match;
  every move that hands the turn over writes a "your turn" notification in the move's own
  transaction.  Latency is the receiver's clock at receipt minus the notification's
  ``created_at`` (the server's clock when the move was applied, same machine), p50 and
  p99;
* **outbox throughput**: ``N`` notifications committed at once (in transactions of 50,
  through the outbox's write API, from this process), and the time until the last reached
  the webhook: notifications per second drained through fan-out, claims, signing, the
  HTTP POST and the delivered mark.

PostgreSQL (a fresh database on ``FIVEUP_BENCH_POSTGRES_URL`` or
postgresql://postgres@127.0.0.1:5432/postgres) is skipped with a line when unreachable.
The last line is ``RESULT notify_p99_seconds=<the larger cause-to-receipt p99 of the stores
measured>``.  ``--smoke`` runs a few moves and a small burst (tests/test_bench_notify_smoke.py).

``--attack`` (SQLite, one server) measures the real players' cause-to-webhook latency
twice in the same run: quiet, then while guests have subscribed ``H`` Web Push origins
that accept and never answer and ``N`` that answer slowly (ten subscriptions a guest) and
play correspondence matches among themselves, every move sending pushes there.  A notice
still missing a minute after its phase counts as infinitely late.  The last line is
``RESULT notify_p99_under_attack_ratio=<attack p99 / quiet p99>`` (the goal: at most 2;
docs/performance.md).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import itertools
import json
import os
import secrets
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from bench._server import ServerProcess, percentile
from fiveup.notifications import Notice, NoticeKind
from fiveup.notifications.webhook import verify
from fiveup.store import open_notification_store, open_store
from fiveup.v1 import (
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    match_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
)

SECRET = secrets.token_bytes(32)
SECRET_TEXT = "whsec_" + base64.b64encode(SECRET).decode()
DAY = 86_400
PG_DEFAULT = "postgresql://postgres@127.0.0.1:5432/postgres"


@dataclass
class Receiver:
    """The app backend: verifies, de-duplicates by id, stamps the receipt."""

    received: dict[str, float] = field(default_factory=dict)  # id -> latency, seconds
    at: dict[str, float] = field(default_factory=dict)  # id -> receipt time
    created: dict[str, float] = field(default_factory=dict)  # id -> the notice's created_at
    player: dict[str, str] = field(default_factory=dict)  # id -> the player told
    bad: int = 0
    duplicates: int = 0
    port: int = 0
    _runner: web.AppRunner | None = None

    async def start(self) -> Receiver:
        app = web.Application()
        app.router.add_post("/hook", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        now = time.time()
        headers = {k.lower(): v for k, v in request.headers.items()}
        if not verify(SECRET, headers, body, now=now):
            self.bad += 1
            return web.Response(status=401)
        notice_id = headers["webhook-id"]
        if notice_id in self.received:
            self.duplicates += 1
        else:
            data = json.loads(body)["data"]
            self.received[notice_id] = now - float(data["created_at"])
            self.at[notice_id] = now
            self.created[notice_id] = float(data["created_at"])
            self.player[notice_id] = str(data["player_id"])
        return web.Response(status=204)


# A server's players each have a name of their own (a look-alike of a current name is
# refused), and a seat pair plays match after match: every guest gets a new number.
_GUESTS = itertools.count(1)


async def guest(channel: grpc.aio.Channel, name: str, ids: set[str] | None = None) -> str:
    """A new guest's access token (its player id added to ``ids``), named ``name`` and
    a number no other guest of this run has."""
    stub = players_pb2_grpc.PlayerServiceStub(channel)
    answer = await stub.SignInAsGuest(
        players_pb2.SignInAsGuestRequest(
            device_id=uuid.uuid4().hex, display_name=f"{name} {next(_GUESTS)}"
        )
    )
    if ids is not None:
        ids.add(answer.session.player.player_id)
    return answer.session.access_token


def md(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def correspondence_match(
    channel: grpc.aio.Channel, n: int, ids: set[str] | None = None, names: str = "AB"
) -> tuple[str, dict[int, str]]:
    lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
    a, b = await guest(channel, f"{names[0]}{n}", ids), await guest(channel, f"{names[1]}{n}", ids)
    human = match_pb2.SeatSpec(kind=match_pb2.SEAT_KIND_HUMAN)
    table = await lobby.CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human, human], join=True, turn_clock_seconds=DAY, unrated=True
        ),
        metadata=md(a),
    )
    joined = await lobby.JoinWithInvite(
        lobby_pb2.JoinWithInviteRequest(invite_code=table.invite_code), metadata=md(b)
    )
    return table.match_id, {table.seat: a, joined.seat: b}


async def play(
    channel: grpc.aio.Channel, n: int, until: float, max_moves: int,
    ids: set[str] | None = None, game: tuple[str, dict[int, str]] | None = None,
    pause: float = 0.0,
) -> int:  # fmt: skip
    """Play correspondence matches one move at a time until ``until`` (a new match when
    one ends), ``pause`` seconds between moves; how many moves.  ``game``: the first
    match (else a new one); ``ids`` gathers the players' ids."""
    stub = match_pb2_grpc.MatchServiceStub(channel)
    match_id, tokens = game or await correspondence_match(channel, n, ids)
    moves = 0
    while time.monotonic() < until and moves < max_moves:
        if pause:
            await asyncio.sleep(pause)  # the attackers' pace
        view = (await stub.GetMatch(match_pb2.GetMatchRequest(match_id=match_id))).view
        if view.status != match_pb2.MATCH_STATUS_IN_PROGRESS:
            match_id, tokens = await correspondence_match(channel, n, ids)
            continue
        token = tokens[view.turn_seat]
        legal = await stub.ListLegalMoves(
            match_pb2.ListLegalMovesRequest(match_id=match_id), metadata=md(token)
        )
        if not legal.moves:
            continue
        with contextlib.suppress(grpc.aio.AioRpcError):  # a stale version: look again
            await stub.SubmitMove(
                match_pb2.SubmitMoveRequest(
                    match_id=match_id, move=legal.moves[0], expected_version=legal.version,
                    request_id=uuid.uuid4().hex,
                ),
                metadata=md(token),
            )  # fmt: skip
            moves += 1
    return moves


async def burst(url: str, count: int) -> tuple[list[str], float]:
    """Commit ``count`` notifications (transactions of 50); their ids and the time the
    first commit began."""
    events = open_store(url)
    await events.open()
    store = open_notification_store(url)
    await store.open()
    try:
        began = time.time()
        tag = uuid.uuid4().hex[:8]
        notices = [
            Notice.of(
                NoticeKind.YOUR_TURN,
                f"bench-{i % 50}",
                f"{tag}-{i}",
                time.time(),
                match_id=f"burst-{tag}",
            )
            for i in range(count)
        ]
        for start in range(0, count, 50):
            await store.write(notices[start : start + 50])
        return [n.notice_id for n in notices], began
    finally:
        await store.close()
        await events.close()


async def wait_for(receiver: Receiver, ids: set[str] | None, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        have = receiver.received.keys()
        if (ids is not None and ids <= have) or (ids is None and len(have) >= count):
            return
        await asyncio.sleep(0.01)
    raise TimeoutError(f"{len(receiver.received)} notifications received")


@dataclass
class Figures:
    store: str
    moves: int
    notified: int
    p50: float
    p99: float
    burst: int
    burst_rate: float
    duplicates: int
    bad: int


async def measure(store: str, url: str, args: argparse.Namespace) -> Figures:
    receiver = await Receiver().start()
    with tempfile.TemporaryDirectory(prefix="bench-notify-") as folder:
        env = {
            "FIVEUP_DB": url or str(Path(folder) / "bench.sqlite3"),
            "FIVEUP_WEBHOOK_URL": f"http://127.0.0.1:{receiver.port}/hook",
            "FIVEUP_WEBHOOK_SECRET": SECRET_TEXT,
            "FIVEUP_WEB_PUSH": "false",
            "FIVEUP_RATE_LIMIT_PEER": "0",
            "FIVEUP_RATE_LIMIT_SEAT": "0",
        }
        server = ServerProcess(Path(folder), env=env).start()
        db = env["FIVEUP_DB"]
        try:
            async with grpc.aio.insecure_channel(server.address) as channel:
                until = time.monotonic() + args.seconds
                moves = sum(
                    await asyncio.gather(
                        *(play(channel, n, until, args.max_moves) for n in range(args.matches))
                    )
                )
            # Every notification the moves wrote: wait until the webhook has them all.
            await asyncio.sleep(0)
            deadline = time.monotonic() + 60
            last = -1
            while time.monotonic() < deadline and len(receiver.received) != last:
                last = len(receiver.received)
                await asyncio.sleep(1.5)  # quiet for longer than the dispatcher's poll
            latencies = sorted(receiver.received.values())
            played = len(latencies)
            ids, began = await burst(db, args.burst)
            await wait_for(receiver, set(ids), len(ids), timeout=300)
            drained = max(receiver.at[i] for i in ids) - began
        finally:
            server.stop()
            await receiver.close()
    return Figures(
        store, moves, played, percentile(latencies, 0.5), percentile(latencies, 0.99),
        args.burst, args.burst / drained if drained > 0 else float("nan"),
        receiver.duplicates, receiver.bad,
    )  # fmt: skip


# ------------------------------------------------------------------ --attack


class HungOrigin:
    """A push service that accepts, reads and never answers (a raw TCP server)."""

    def __init__(self) -> None:
        self.connections = 0
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []

    async def start(self) -> HungOrigin:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self._writers.append(writer)
        with contextlib.suppress(ConnectionError):
            while await reader.read(65536):
                pass

    async def close(self) -> None:
        for writer in self._writers:
            writer.close()
        if self._server is not None:
            self._server.close()


class SlowOrigin:
    """A push service that answers 201, after ``delay`` seconds (under the attempt's
    time limit: slow, never failing)."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.requests = 0
        self.port = 0
        self._runner: web.AppRunner | None = None

    async def start(self) -> SlowOrigin:
        app = web.Application()
        app.router.add_post("/push/{name}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def _handle(self, request: web.Request) -> web.Response:
        await request.read()
        self.requests += 1
        await asyncio.sleep(self.delay)
        return web.Response(status=201)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


def browser_keys() -> notifications_pb2.WebPushKeys:
    """A browser's subscription keys (RFC 8291): a P-256 public key and a 16-byte secret."""
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    raw = key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")  # noqa: E731
    return notifications_pb2.WebPushKeys(p256dh=b64(raw), auth=b64(os.urandom(16)))


@dataclass
class Phase:
    name: str
    moves: int
    latencies: list[float]  # one per notice made; inf for one still not delivered

    @property
    def p50(self) -> float:
        return percentile(self.latencies, 0.5)

    @property
    def p99(self) -> float:
        return percentile(self.latencies, 0.99)

    @property
    def undelivered(self) -> int:
        return sum(1 for x in self.latencies if x == float("inf"))


def push_notices(db: str, players: set[str], since: float) -> set[str]:
    """The ids of the push notices the server committed for ``players`` since ``since``
    (read from its SQLite file: what the webhook must receive)."""
    with contextlib.closing(sqlite3.connect(db, timeout=30)) as conn:
        rows = conn.execute(
            "SELECT notice_id, player_id FROM notifications WHERE push <> 0 AND created_at >= ?",
            (since,),
        ).fetchall()
    return {notice_id for notice_id, player in rows if player in players}


async def real_play(
    channel: grpc.aio.Channel, receiver: Receiver, args: argparse.Namespace, first: int,
    name: str, db: str,
) -> Phase:  # fmt: skip
    """The real players' correspondence matches for ``args.seconds``; the cause-to-webhook
    latency of every push notice of theirs made meanwhile, once all have arrived (or a
    minute has passed: those still missing count as infinitely late)."""
    real: set[str] = set()
    began = time.time()
    until = time.monotonic() + args.seconds
    moves = sum(
        await asyncio.gather(
            *(play(channel, first + n, until, args.max_moves, real) for n in range(args.matches))
        )
    )
    made = push_notices(db, real, began)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not made <= receiver.received.keys():
        await asyncio.sleep(0.05)
    return Phase(name, moves, sorted(receiver.received.get(i, float("inf")) for i in made))


async def measure_attack(args: argparse.Namespace) -> tuple[Phase, Phase, int, int]:
    """Quiet, then under attack, in one server: (quiet, attack, hung connections, slow
    requests)."""
    receiver = await Receiver().start()
    hung = [await HungOrigin().start() for _ in range(args.hung)]
    slow = [await SlowOrigin(args.slow_delay).start() for _ in range(args.slow)]
    attackers: list[asyncio.Task[int]] = []
    with tempfile.TemporaryDirectory(prefix="bench-notify-attack-") as folder:
        env = {
            "FIVEUP_DB": str(Path(folder) / "bench.sqlite3"),
            "FIVEUP_WEBHOOK_URL": f"http://127.0.0.1:{receiver.port}/hook",
            "FIVEUP_WEBHOOK_SECRET": SECRET_TEXT,
            "FIVEUP_WEB_PUSH": "true",
            "FIVEUP_WEB_PUSH_ALLOW_HTTP": "true",
            "FIVEUP_EGRESS_ALLOW": "127.0.0.1",  # the guarded client's loopback exception
            "FIVEUP_RATE_LIMIT_PEER": "0",
            "FIVEUP_RATE_LIMIT_SEAT": "0",
        }
        server = ServerProcess(Path(folder), env=env).start()
        try:
            async with grpc.aio.insecure_channel(server.address) as channel:
                db = env["FIVEUP_DB"]
                quiet = await real_play(channel, receiver, args, 0, "quiet", db)
                # Guests subscribe every hostile origin (10 subscriptions each), in pairs
                # playing correspondence matches among themselves at a steady pace.
                origins = [f"http://127.0.0.1:{h.port}/push/" for h in hung] + [
                    f"http://127.0.0.1:{s.port}/push/" for s in slow
                ]
                guests = -(-len(origins) // 10)  # ten subscriptions a guest at most
                guests += guests % 2  # in pairs
                pushes = notifications_pb2_grpc.NotificationServiceStub(channel)
                games = [await correspondence_match(channel, n, None, "MN")
                         for n in range(guests // 2)]  # fmt: skip
                tokens = [t for _, seats in games for t in seats.values()]
                for i, url in enumerate(origins):
                    await pushes.SubscribeWebPush(
                        notifications_pb2.SubscribeWebPushRequest(
                            endpoint=url + uuid.uuid4().hex, keys=browser_keys()
                        ),
                        metadata=md(tokens[i % len(tokens)]),
                    )
                stop_at = time.monotonic() + args.seconds + 3600
                attackers = [
                    asyncio.ensure_future(
                        play(channel, 1000 + n, stop_at, 1_000_000, None, game, args.pace)
                    )
                    for n, game in enumerate(games)
                ]
                # Measure once the hung origins hold sends that will never be answered.
                wait_until = time.monotonic() + 30
                while (
                    time.monotonic() < wait_until
                    and sum(1 for h in hung if h.connections) < len(hung) // 2
                ):
                    await asyncio.sleep(0.05)
                attack = await real_play(channel, receiver, args, 100, "attack", db)
                for task in attackers:
                    task.cancel()
                await asyncio.gather(*attackers, return_exceptions=True)
        finally:
            server.stop()
            await receiver.close()
            for h in hung:
                await h.close()
            for s in slow:
                await s.close()
    return (quiet, attack, sum(h.connections for h in hung), sum(s.requests for s in slow))


def attack_main(args: argparse.Namespace) -> int:
    quiet, attack, hung_connections, slow_requests = asyncio.run(measure_attack(args))
    print(
        f"{args.matches} real correspondence matches played for {args.seconds:g} s quiet, then "
        f"{args.seconds:g} s while {args.hung} hung and {args.slow} slow ({args.slow_delay:g} s)"
        " Web Push origins are subscribed by guests who play among themselves (a move every "
        f"{args.pace:g} s per match); webhook on loopback, sqlite, one server process"
    )
    print(f"{'phase':<10}{'moves':>7}{'notices':>10}{'missing':>9}{'p50 s':>9}{'p99 s':>9}")
    for phase in (quiet, attack):
        print(f"{phase.name:<10}{phase.moves:>7}{len(phase.latencies):>10}"
              f"{phase.undelivered:>9}{phase.p50:>9.3f}{phase.p99:>9.3f}")  # fmt: skip
    print(f"hostile origins reached: {hung_connections} connections never answered, "
          f"{slow_requests} slow answers")  # fmt: skip
    print(f"RESULT notify_p99_quiet_seconds={quiet.p99:.3f}")
    print(f"RESULT notify_p99_under_attack_seconds={attack.p99:.3f}")
    ratio = attack.p99 / quiet.p99 if quiet.p99 > 0 else float("nan")
    print(f"RESULT notify_p99_under_attack_ratio={ratio:.2f}")
    return 0


@contextlib.contextmanager
def postgres_database() -> Iterator[str | None]:
    """A fresh database (dropped after), or None when PostgreSQL is unreachable."""
    base = os.environ.get("FIVEUP_BENCH_POSTGRES_URL") or PG_DEFAULT
    try:
        import psycopg
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        name = f"fiveup_bench_notify_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(base, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except Exception as exc:
        print(f"postgres: skipped ({type(exc).__name__}: {str(exc).strip()[:120]})")
        yield None
        return
    info = conninfo_to_dict(base)
    info["dbname"] = name
    try:
        yield make_conninfo(**info) if "://" not in base else base.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def run(args: argparse.Namespace) -> list[Figures]:
    found = [await measure("sqlite", "", args)]
    with postgres_database() as url:
        if url is not None:
            found.append(await measure("postgres", url, args))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.notify", description=__doc__)
    parser.add_argument(
        "--matches", type=int, default=16, help="correspondence matches played at once"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="how long they are played")
    parser.add_argument("--burst", type=int, default=2000, help="notifications committed at once")
    parser.add_argument("--max-moves", type=int, default=1_000_000, help=argparse.SUPPRESS)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument(
        "--attack", action="store_true",
        help="the real players' p99 quiet, then while hung and slow origins are subscribed",
    )  # fmt: skip
    parser.add_argument("--hung", type=int, default=60, help="--attack: origins never answering")
    parser.add_argument("--slow", type=int, default=60, help="--attack: origins answering slowly")
    parser.add_argument("--slow-delay", type=float, default=3.0, help="--attack: their delay, s")
    parser.add_argument("--pace", type=float, default=0.5,
                        help="--attack: seconds between an attackers' match's moves")  # fmt: skip
    args = parser.parse_args(argv)
    if args.attack:
        if args.smoke:
            args.matches, args.seconds, args.hung, args.slow = 2, 3.0, 6, 6
            args.slow_delay, args.max_moves = 1.5, 1_000_000
        return attack_main(args)
    if args.smoke:
        args.matches, args.seconds, args.burst, args.max_moves = 2, 30.0, 100, 6
    figures = asyncio.run(run(args))
    print(
        f"{args.matches} correspondence matches played for up to {args.seconds:g} s (one move "
        f"at a time each), then {args.burst} notifications committed at once; webhook on "
        "loopback, one server process"
    )
    print(f"{'store':<10}{'moves':>7}{'notified':>10}{'p50 s':>9}{'p99 s':>9}"
          f"{'burst/s':>10}{'dups':>6}{'bad':>5}")  # fmt: skip
    for f in figures:
        print(f"{f.store:<10}{f.moves:>7}{f.notified:>10}{f.p50:>9.3f}{f.p99:>9.3f}"
              f"{f.burst_rate:>10.0f}{f.duplicates:>6}{f.bad:>5}")  # fmt: skip
    print(f"RESULT notify_p99_seconds={max(f.p99 for f in figures):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
