"""bench.notify: notifications through the outbox to a signed webhook, on SQLite and on
PostgreSQL.

    .venv/bin/python -m bench.notify [--matches M] [--seconds S] [--burst N] [--smoke]

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
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import secrets
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from aiohttp import web

from bench._server import ServerProcess, percentile
from fiveup.notifications import Notice, NoticeKind
from fiveup.notifications.webhook import verify
from fiveup.store import open_notification_store, open_store
from fiveup.v1 import (
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    match_pb2_grpc,
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
            self.received[notice_id] = now - float(json.loads(body)["data"]["created_at"])
            self.at[notice_id] = now
        return web.Response(status=204)


async def guest(channel: grpc.aio.Channel, name: str) -> str:
    stub = players_pb2_grpc.PlayerServiceStub(channel)
    answer = await stub.SignInAsGuest(
        players_pb2.SignInAsGuestRequest(device_id=uuid.uuid4().hex, display_name=name)
    )
    return answer.session.access_token


def md(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def correspondence_match(channel: grpc.aio.Channel, n: int) -> tuple[str, dict[int, str]]:
    lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
    a, b = await guest(channel, f"A{n}"), await guest(channel, f"B{n}")
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


async def play(channel: grpc.aio.Channel, n: int, until: float, max_moves: int) -> int:
    """Play correspondence matches one move at a time until ``until`` (a new match when
    one ends); how many moves."""
    stub = match_pb2_grpc.MatchServiceStub(channel)
    match_id, tokens = await correspondence_match(channel, n)
    moves = 0
    while time.monotonic() < until and moves < max_moves:
        view = (await stub.GetMatch(match_pb2.GetMatchRequest(match_id=match_id))).view
        if view.status != match_pb2.MATCH_STATUS_IN_PROGRESS:
            match_id, tokens = await correspondence_match(channel, n)
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
    args = parser.parse_args(argv)
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
