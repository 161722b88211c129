"""Tournaments through a real server: players held by the test enter through
TournamentService, learn of their tables from WatchTournament and play them through
MatchService with random legal moves (tests/service/players.py); the standings are
recomputed from the match records the public API gives (GetMatchRecord), apart from
anything the server stored about the tournament."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.tournaments.model import Config, Ending, Entrant, StandingRow, TableResult
from fiveup.tournaments.standings import standings
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import players_pb2, players_pb2_grpc, tournaments_pb2_grpc
from fiveup.v1 import tournaments_pb2 as pb

from ..harness import Running, auth
from ..service.players import play_seat


@dataclass
class Person:
    name: str
    token: str
    player_id: str = ""


async def people(server: Running, n: int, prefix: str = "p") -> list[Person]:
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    out = []
    for i in range(n):
        answer = await stub.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(
                device_id=secrets.token_urlsafe(20), display_name=f"{prefix}{i:02d}"
            )
        )
        session = answer.session
        out.append(Person(f"{prefix}{i:02d}", session.access_token, session.player.player_id))
    return out


def stub(server: Running) -> tournaments_pb2_grpc.TournamentServiceStub:
    return tournaments_pb2_grpc.TournamentServiceStub(server.channel)


def at(seconds: float) -> Timestamp:
    ts = Timestamp()
    ts.FromNanoseconds(int(seconds * 1e9))
    return ts


def settings(**kw: object) -> pb.TournamentSettings:
    base: dict[str, object] = {
        "name": "Saturday", "format": pb.TOURNAMENT_FORMAT_SWISS, "seats": 2,
        "target_points": 5, "starts_at": at(time.time() + 3600), "capacity": 16,
    }  # fmt: skip
    base.update(kw)
    return pb.TournamentSettings(**base)  # type: ignore[arg-type]


async def create(server: Running, owner: Person, **kw: object) -> str:
    answer = await stub(server).CreateTournament(
        pb.CreateTournamentRequest(settings=settings(**kw), request_id=f"req-{random.random()}"),
        metadata=auth(owner.token),
    )
    return answer.tournament.tournament_id


async def get(server: Running, tid: str, who: Person | None = None) -> pb.TournamentDetail:
    md = auth(who.token) if who else None
    answer = await stub(server).GetTournament(
        pb.GetTournamentRequest(tournament_id=tid), metadata=md
    )
    return answer.tournament


@dataclass
class Players:
    """Plays every table of a tournament as it is seated: each seat by its person."""

    server: Running
    by_id: dict[str, Person]
    rng: random.Random
    # A table's players do this instead of playing (match id, its seated people).
    instead: Callable[[str, list[Person]], Awaitable[None]] | None = None
    started: set[str] = field(default_factory=set)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    tid: str = ""

    async def run(
        self, tid: str, timeout: float = 45.0, watch_on: Running | None = None
    ) -> pb.TournamentDetail:
        """Follow the tournament (one WatchTournament, on ``watch_on`` if given) and play
        each table as it is seated, until it finishes."""
        self.tid = tid
        watch = stub(watch_on or self.server).WatchTournament(
            pb.WatchTournamentRequest(tournament_id=tid)
        )
        last = None
        try:
            async with asyncio.timeout(timeout):
                async for update in watch:
                    last = update.tournament
                    for rnd in last.rounds:
                        for table in rnd.tables:
                            if table.match_id and table.ending == pb.TABLE_ENDING_PLAYING:
                                self._play(table)
                    if last.summary.state in (
                        pb.TOURNAMENT_STATE_FINISHED, pb.TOURNAMENT_STATE_CANCELLED
                    ):  # fmt: skip
                        break
        finally:
            watch.cancel()
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)
        assert last is not None
        for task in self.tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
        return last

    def _play(self, table: pb.TournamentTable) -> None:
        if table.match_id in self.started:
            return
        self.started.add(table.match_id)
        seated = [self.by_id[p] for p in table.player_ids]
        if self.instead is not None:
            self.tasks.append(asyncio.create_task(self.instead(table.match_id, seated)))
            return
        for person in seated:
            self.tasks.append(asyncio.create_task(self._seat(table.match_id, person)))

    async def _seat(self, match_id: str, person: Person) -> None:
        with contextlib.suppress(asyncio.CancelledError):
            # The player is shown their own table (and seat) before playing it.
            mine = (await get(self.server, self.tid, person)).your_table
            assert mine.match_id == match_id, (mine, match_id)
            await play_seat(
                self.server.matches, match_id, person.token, random.Random(self.rng.random())
            )


async def recomputed(server: Running, detail: pb.TournamentDetail) -> list[StandingRow]:
    """The standings from the match records alone (GetMatchRecord), with the tournament's
    tables (who sat where) and the rule of docs/tournaments.md "Fair play"."""
    results = []
    s = detail.summary.settings
    for rnd in detail.rounds:
        for t in rnd.tables:
            if t.ending == pb.TABLE_ENDING_BYE:
                results.append(TableResult.bye(t.round, t.player_ids[0]))
                continue
            record = await server.matches.GetMatchRecord(
                mpb.GetMatchRecordRequest(match_id=t.match_id)
            )
            results.append(result_of(t, record))
    config = Config(
        format="arena" if s.format == pb.TOURNAMENT_FORMAT_ARENA else "swiss",
        table_size=s.seats, rounds=detail.summary.rounds, streaks=s.streaks,
    )  # fmt: skip
    entrants = [Entrant(e.player_id, e.rating, e.active) for e in detail.entrants]
    results.sort(key=lambda r: r.round)
    return standings(entrants, results, config)


MIN_OWN_MOVES = 3


def result_of(table: pb.TournamentTable, record: mpb.GetMatchRecordResponse) -> TableResult:
    """A table's result from its record's events: the end, and each seat's own moves
    (a stand-in's moves do not count: none are played here)."""
    ended = next(e for e in record.events if e.WhichOneof("kind") == "match_ended")
    end = ended.match_ended
    forfeited = end.forfeited_side if end.HasField("forfeited_side") else None
    moves = [0] * len(table.player_ids)
    for e in record.events:
        kind = e.WhichOneof("kind")
        if kind in ("tile_placed", "tile_drawn", "passed"):
            moves[getattr(e, kind).seat] += 1
    ending = Ending.PLAYED
    if forfeited is not None:
        ending = Ending.ABORTED if min(moves) < MIN_OWN_MOVES else Ending.FORFEIT
    return TableResult(
        table.round, tuple(table.player_ids), ending,
        tuple(s.raw_points for s in sorted(end.scores, key=lambda s: s.side)), end.winner_side,
        forfeited,
    )  # fmt: skip


def rows(detail: pb.TournamentDetail) -> list[tuple[str, float, float, float, int]]:
    return [
        (s.player_id, s.points, round(s.buchholz, 6), round(s.sonneborn_berger, 6), s.wins)
        for s in detail.standings
    ]


def engine_rows(found: list[StandingRow]) -> list[tuple[str, float, float, float, int]]:
    return [
        (s.player_id, s.points, round(s.buchholz, 6), round(s.sonneborn_berger, 6), s.wins)
        for s in found
    ]
