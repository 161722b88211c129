"""Two server processes on one PostgreSQL database serve the same match.

Moves alternate between the replicas; spectators watching through each replica see
every event exactly once, in order, within a bounded wait (LISTEN/NOTIFY wakes the
replica that did not write); racing submissions through both replicas apply exactly
once; and bots, which both replicas try to move when their turn comes, never move twice:
the stored log replays strictly through the engine (one action per turn, each by the
seat whose turn it was).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ..serverproc import ServerProcess
from ..service.helpers import error_info
from ..service.players import Watcher
from .logcheck import check_match, open_checked

pytestmark = pytest.mark.postgres

PROMPT = 5.0  # seconds: the bound on "promptly"
HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)


def _bot(kind: str) -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=getattr(pb, f"BOT_KIND_{kind.upper()}"))


def _auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def _reach(watcher: Watcher, version: int, timeout: float = PROMPT) -> float:
    """Wait (bounded) until ``watcher`` has seen ``version``; return how long it took."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    deadline = started + timeout
    while watcher.version < version:
        if watcher.done:
            raise AssertionError(f"stream ended at {watcher.version}, before {version}")
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise AssertionError(f"watcher at {watcher.version}, not {version}, after {timeout}s")
        watcher.changed.clear()
        if watcher.version >= version:
            break
        try:
            await asyncio.wait_for(watcher.changed.wait(), remaining)
        except TimeoutError:
            continue
    return loop.time() - started


async def _start_both(
    url: str, tmp_path: Path, notify: str = "transaction"
) -> tuple[ServerProcess, ServerProcess]:
    env = {"FIVEUP_PG_NOTIFY": notify}
    a = ServerProcess(url, tmp_path / "replica-a.log", metrics=True, env=env)
    b = ServerProcess(url, tmp_path / "replica-b.log", metrics=True, env=env)
    await asyncio.gather(a.start(), b.start())  # both migrate the fresh database at once
    return a, b


NOTIFY_MODES = pytest.mark.parametrize("notify", ["transaction", "after_commit"])


@NOTIFY_MODES
async def test_one_match_played_through_two_replicas(
    pg_url: str, tmp_path: Path, notify: str
) -> None:
    rng = random.Random(2024)
    a, b = await _start_both(pg_url, tmp_path, notify)
    watchers: list[Watcher] = []
    try:
        assert a.stub is not None and b.stub is not None
        stubs = [a.stub, b.stub]
        created = await a.stub.CreateMatch(
            pb.CreateMatchRequest(seats=[HUMAN, HUMAN, _bot("greedy")], target_points=10)
        )
        match_id = created.match_id
        tokens = {
            0: (await a.stub.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=0))).seat_token,
            1: (await b.stub.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=1))).seat_token,
        }
        with pytest.raises(grpc.aio.AioRpcError) as taken:  # the seat is taken on either replica
            await b.stub.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=0))
        assert error_info(taken.value).reason == "SEAT_TAKEN"
        # Spectators on both replicas, and seat 0 watching its own view through replica B.
        watchers = [
            Watcher(a.stub, match_id).start(),
            Watcher(b.stub, match_id).start(),
            Watcher(b.stub, match_id, tokens[0]).start(),
        ]
        lags: list[float] = []
        human_moves = races = 0
        for _ in range(2_000):
            via = stubs[human_moves % 2]
            view = (await via.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
            if view.status == pb.MATCH_STATUS_FINISHED:
                break
            assert view.HasField("turn_seat")
            if view.turn_seat not in tokens:  # the bot's turn: both replicas may try
                for w in watchers:
                    lags.append(await _reach(w, view.version + 1))
                continue
            seat = view.turn_seat
            md = _auth(tokens[seat])
            listed = await via.ListLegalMoves(
                pb.ListLegalMovesRequest(match_id=match_id), metadata=md
            )
            if listed.version != view.version:
                continue  # moved on meanwhile
            # Race the first three human moves and every third after: the same seat, the same
            # version, through both replicas.  (The count cannot depend on how long the
            # shuffle makes the match.)
            if races < 3 or human_moves % 3 == 2:
                moves = list(listed.moves)
                results = await asyncio.gather(
                    *(
                        stub.SubmitMove(
                            pb.SubmitMoveRequest(
                                match_id=match_id, move=rng.choice(moves),
                                expected_version=listed.version,
                                request_id=f"race-{human_moves}-{i}",
                            ),
                            metadata=md,
                        )
                        for i, stub in enumerate(stubs)
                    ),
                    return_exceptions=True,
                )  # fmt: skip
                ok = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
                failed = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
                assert len(ok) == 1 and len(failed) == 1, results
                assert failed[0].code() == grpc.StatusCode.ABORTED, failed[0]
                assert error_info(failed[0]).reason == "STALE_VERSION"
                response = ok[0]
                races += 1
            else:
                response = await via.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id, move=rng.choice(list(listed.moves)),
                        expected_version=listed.version, request_id=f"move-{human_moves}",
                    ),
                    metadata=md,
                )  # fmt: skip
            human_moves += 1
            # Read-your-writes through either replica, whether or not the one that did not
            # write has its notification yet: min_version makes a cache that is behind
            # read the store.
            for stub in stubs:
                seen = await stub.GetMatch(
                    pb.GetMatchRequest(match_id=match_id, min_version=response.version)
                )
                assert seen.view.version >= response.version
            for w in watchers:  # the other replica's watchers too, promptly
                lags.append(await _reach(w, response.version))
        else:
            raise AssertionError("the match did not finish")

        final = (await a.stub.GetMatch(pb.GetMatchRequest(match_id=match_id))).view.version
        for w in watchers:
            await _reach(w, final)
            assert w.task is not None
            await asyncio.wait_for(w.task, PROMPT)  # the stream ends with the match
            versions = [e.version for e in w.events]
            assert versions == list(range(1, final + 1)), "not exactly once, in order"
        spectator_a, spectator_b = ([e.SerializeToString() for e in w.events] for w in watchers[:2])
        assert spectator_a == spectator_b  # both replicas told the same story

        store = await open_checked(pg_url)
        try:
            checked = await check_match(store, match_id)  # strict replay: no double bot moves
        finally:
            await store.close()
        assert checked.finished and checked.version == final
        bot_actions = [act for act in checked.actions if act[1] == 2]
        assert bot_actions, "the bot never moved"
        record = await b.stub.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
        assert [e.version for e in record.events] == list(range(1, final + 1))
        assert races >= 3 and human_moves > races
        print(
            f"\n{human_moves} human moves ({races} races), {len(bot_actions)} bot moves, "
            f"{final} events; watcher lag median {statistics.median(lags) * 1000:.1f} ms, "
            f"max {max(lags) * 1000:.1f} ms"
        )
    finally:
        for w in watchers:
            await w.stop()
        await asyncio.gather(a.stop(), b.stop())


@NOTIFY_MODES
async def test_bots_racing_on_two_replicas_move_once_per_turn(
    pg_url: str, tmp_path: Path, notify: str
) -> None:
    """Matches of bots only, created on one replica and held by both: the creator's bots
    drive them, and the other replica's bots wake on its notifications and race for the
    same turns.  Every log stays one action per turn."""
    a, b = await _start_both(pg_url, tmp_path, notify)
    try:
        assert a.stub is not None and b.stub is not None
        ids: list[str] = []
        for _ in range(4):  # the per-client cap on matches of bots only
            created = await a.stub.CreateMatch(
                pb.CreateMatchRequest(
                    seats=[_bot("random"), _bot("greedy"), _bot("random")], target_points=10
                )
            )
            ids.append(created.match_id)
        # Load every match into the other replica too: from now on both race each turn.
        watchers = [Watcher(stub, m).start() for m in ids for stub in (a.stub, b.stub)]
        started = time.perf_counter()
        try:
            for w in watchers:
                assert w.task is not None
                await asyncio.wait_for(w.task, 60)  # the stream ends when the match does
        finally:
            for w in watchers:
                await w.stop()
        elapsed = time.perf_counter() - started
        store = await open_checked(pg_url)
        try:
            for match_id in ids:
                checked = await check_match(store, match_id)
                assert checked.finished
        finally:
            await store.close()
        # They really raced: B created nothing, so every choice its bots made was for a turn
        # that A's bots were taking too.  Whether a race ends in a refused append (a
        # conflict) or the loser sees the winner's move first is timing, so conflicts are
        # reported, not required.
        thought_on_b = await b.metric("fiveup_bot_thinking_seconds_count")
        assert thought_on_b > 0, "replica B's bots never took part"
        conflicts = [await s.metric("fiveup_store_conflicts_total") for s in (a, b)]
        for i in range(0, len(watchers), 2):  # both replicas streamed the same events
            ea = [e.SerializeToString() for e in watchers[i].events]
            eb = [e.SerializeToString() for e in watchers[i + 1].events]
            assert ea == eb and [e.version for e in watchers[i].events] == list(
                range(1, len(ea) + 1)
            )
        print(
            f"\n{len(ids)} bot matches finished on two replicas in {elapsed:.1f}s; "
            f"B's bots chose {thought_on_b:.0f} moves; "
            f"version conflicts (bots that lost a race) per replica: {conflicts}"
        )
    finally:
        await asyncio.gather(a.stop(), b.stop())


async def test_a_replica_serves_matches_it_never_saw(pg_url: str, tmp_path: Path) -> None:
    """Create and join on one replica, play on the other: the store is the only truth."""
    a, b = await _start_both(pg_url, tmp_path)
    try:
        assert a.stub is not None and b.stub is not None
        created = await a.stub.CreateMatch(pb.CreateMatchRequest(seats=[HUMAN, _bot("random")]))
        joined = await a.stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
        await a.stop()  # the first replica is gone
        stub: match_pb2_grpc.MatchServiceStub = b.stub
        md = _auth(joined.seat_token)
        for n in range(5):
            view = (
                await stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), metadata=md)
            ).view
            while not (view.HasField("turn_seat") and view.turn_seat == joined.seat):
                watcher = Watcher(stub, created.match_id, after=view.version).start()
                try:
                    await _reach(watcher, view.version + 1)
                finally:
                    await watcher.stop()
                view = (
                    await stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), metadata=md)
                ).view
            response = await stub.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=created.match_id, move=view.legal_moves[0],
                    expected_version=view.version, request_id=f"b-{n}",
                ),
                metadata=md,
            )  # fmt: skip
            assert response.version > view.version
    finally:
        await asyncio.gather(a.stop(), b.stop())
