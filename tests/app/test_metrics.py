"""Prometheus metrics of a real server, scraped over HTTP after real matches.

Metrics live in prometheus_client's process-global default registry and other tests run
servers in the same process, so every assertion is on a delta between two scrapes."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import urllib.request
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families

import fiveup_core
from fiveup import __version__
from fiveup.app.config import ServerConfig
from fiveup.match.matches import Matches
from fiveup.store import open_store
from fiveup.telemetry.metrics import start_metrics_server, stop_metrics_server
from fiveup.v1 import common_pb2, rules_pb2
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, bot, human, start, stop, wait_for
from tests.service.players import Watcher

MATCH = "fiveup.v1.MatchService"
RULES = "fiveup.v1.RulesService"
Key = tuple[str, frozenset[tuple[str, str]]]


@dataclass
class Scrape:
    values: dict[Key, float]
    text: str

    def get(self, name: str, **labels: str) -> float:
        """The sum of ``name`` over the series whose labels include ``labels``."""
        want = set(labels.items())
        return sum(v for (n, ls), v in self.values.items() if n == name and want <= ls)

    def series(self) -> set[Key]:
        return set(self.values)


@dataclass
class Ops:
    running: Running
    metrics_url: str

    async def scrape(self) -> Scrape:
        def fetch() -> str:
            with urllib.request.urlopen(self.metrics_url, timeout=10) as response:
                assert response.status == 200
                assert response.headers["Content-Type"].startswith("text/plain")
                return response.read().decode()

        text = await asyncio.to_thread(fetch)
        values: dict[Key, float] = {}
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                values[(sample.name, frozenset(sample.labels.items()))] = sample.value
        return Scrape(values, text)

    async def until(self, check: Callable[[Scrape], bool], timeout: float = 15.0) -> Scrape:
        """Scrape until ``check`` holds: the server may count a call just after the client
        has its answer (an abort sends the status before the interceptor sees it)."""
        last: list[Scrape] = []

        async def attempt() -> bool:
            last[:] = [await self.scrape()]
            return check(last[0])

        with contextlib.suppress(TimeoutError):
            await wait_for(attempt, timeout)
        return last[0]


@pytest.fixture
async def ops(tmp_path: Path) -> AsyncIterator[Ops]:
    running = await start(tmp_path / "ops.sqlite3")
    assert running.app.observer is not None
    running.app.observer.cache_seconds = 0.0  # store counts fresh at every scrape
    # and never the last figures because a loaded machine took over 2 s to count them
    running.app.observer.count_timeout = 60.0
    # fiveup_matches sums every live server's observer in this process (a weak set): an
    # earlier test's server collected between two scrapes took its counts out of the
    # delta (active 0 where the humans' match was 1), so collect them before the first
    gc.collect()
    port = start_metrics_server(ServerConfig(metrics_port=0, metrics_address="127.0.0.1"))
    assert port is not None
    try:
        yield Ops(running, f"http://127.0.0.1:{port}/metrics")
    finally:
        stop_metrics_server(port)
        await stop(running)


COUNTED_METHODS = (
    "CreateMatch", "GetMatch", "JoinMatch", "SubmitMove", "WatchMatch", "ListLegalMoves",
    "EvaluateLayout", "ValidateMoves",
)  # fmt: skip


def every_call_counted(before: Scrape, after: Scrape, method: str) -> bool:
    """Every call of ``method`` started between the scrapes was also counted as handled
    and timed (the server counts the end of a call just after the client has its answer)."""
    started = delta(before, after, "grpc_server_started_total", grpc_method=method)
    return started == delta(
        before, after, "grpc_server_handled_total", grpc_method=method
    ) and started == delta(before, after, "grpc_server_handling_seconds_count", grpc_method=method)


def handled(before: Scrape, after: Scrape, service: str, method: str, code: str) -> float:
    """How many calls of ``service/method`` ended with ``code`` between the scrapes."""
    labels = {"grpc_service": service, "grpc_method": method, "grpc_code": code}
    return delta(before, after, "grpc_server_handled_total", **labels)


def delta(before: Scrape, after: Scrape, name: str, **labels: str) -> float:
    return after.get(name, **labels) - before.get(name, **labels)


async def bots_match(r: Running, players: int = 2, target: int = 10) -> str:
    created = await r.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[bot("greedy")] * players, target_points=target)
    )
    watcher = Watcher(r.matches, created.match_id).start()
    await asyncio.wait_for(watcher.task, 60)  # type: ignore[arg-type]
    assert watcher.events[-1].WhichOneof("kind") == "match_ended"
    return created.match_id


async def deliberate_errors(r: Running) -> dict[str, str]:
    """One NOT_FOUND, one INVALID_ARGUMENT, one UNAUTHENTICATED, one rejected move.
    Returns the ids and tokens involved (to check that no label carries them)."""
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await r.matches.GetMatch(pb.GetMatchRequest(match_id="no-such-match"))
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await r.matches.CreateMatch(pb.CreateMatchRequest(seats=[]))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT

    created = await r.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    joined = await r.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=0))
    other = await r.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=1))
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await r.matches.ListLegalMoves(pb.ListLegalMovesRequest(match_id=created.match_id))
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    view = (await r.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))).view
    idle = joined if view.turn_seat == 1 else other  # the seat whose turn it is not
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await r.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=created.match_id, move=pb.Move(draw=pb.DrawMove()),
                expected_version=view.version, request_id="not-my-turn",
            ),
            metadata=auth(idle.seat_token),
        )  # fmt: skip
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    return {"match": created.match_id, "a": joined.seat_token, "b": other.seat_token}


async def validate_batches(r: Running, batches: int, size: int = 20) -> None:
    lead = bytes([fiveup_core.tile_index((6, 6)), 255])

    async def requests() -> AsyncIterator[rules_pb2.ValidateMovesRequest]:
        for _ in range(batches):
            yield rules_pb2.ValidateMovesRequest(layouts=[b""] * size, placements=lead * size)

    answers = [a async for a in r.rules.ValidateMoves(requests())]
    assert len(answers) == batches
    assert all(v == rules_pb2.VERDICT_LEGAL for a in answers for v in a.verdicts)


async def test_metrics_after_real_matches_have_the_right_labels_and_values(ops: Ops) -> None:
    r = ops.running
    before = await ops.scrape()

    finished = [await bots_match(r, players) for players in (2, 3)]
    secrets = await deliberate_errors(r)
    await validate_batches(r, batches=3, size=20)
    layout = common_pb2.Layout(text="")
    await r.rules.EvaluateLayout(rules_pb2.EvaluateLayoutRequest(layout=layout))
    with pytest.raises(grpc.aio.AioRpcError):
        await r.rules.EvaluateLayout(
            rules_pb2.EvaluateLayoutRequest(layout=common_pb2.Layout(compact=b"\x01"))
        )
    watched = [
        item async for item in r.matches.WatchMatch(pb.WatchMatchRequest(match_id=finished[0]))
    ]

    # The server counts a call just after the client has its answer, and a scrape reads
    # the series one after another while it does (the handled counts before the streams
    # gauge): wait for a scrape in which every call that started has also been counted
    # as handled and timed, not for one proxy of that.
    def settled(s: Scrape) -> bool:
        return (
            delta(before, s, "grpc_server_handled_total", grpc_method="GetMatch", grpc_code="NOT_FOUND") >= 1
            and delta(before, s, "grpc_server_handled_total", grpc_method="EvaluateLayout", grpc_code="INVALID_ARGUMENT") >= 1
            and delta(before, s, "fiveup_moves_total", outcome="rejected") >= 1
            and s.get("fiveup_grpc_streams_active", grpc_method="WatchMatch") == 0
            and all(every_call_counted(before, s, method) for method in COUNTED_METHODS)
            # the store-wide gauge: a scrape whose count query overran its 2 s bound (a
            # loaded machine) reports the previous figures, so wait for one counted after
            # the last match was created (the bots' matches end before the humans' starts,
            # so a count from between the two shows both finished and none active)
            and delta(before, s, "fiveup_matches", state="finished") >= 2
            and delta(before, s, "fiveup_matches", state="active") >= 1
        )  # fmt: skip

    after = await ops.until(settled)

    # gRPC: codes per method, with the upper-case names
    assert handled(before, after, MATCH, "GetMatch", "NOT_FOUND") == 1
    assert handled(before, after, MATCH, "CreateMatch", "INVALID_ARGUMENT") == 1
    assert handled(before, after, MATCH, "ListLegalMoves", "UNAUTHENTICATED") == 1
    assert handled(before, after, MATCH, "SubmitMove", "FAILED_PRECONDITION") == 1
    assert handled(before, after, RULES, "EvaluateLayout", "INVALID_ARGUMENT") == 1
    assert handled(before, after, RULES, "EvaluateLayout", "OK") == 1
    assert handled(before, after, MATCH, "CreateMatch", "OK") == 3
    assert (
        delta(
            before,
            after,
            "grpc_server_started_total",
            grpc_service=MATCH,
            grpc_method="CreateMatch",
        )
        == 4
    )
    for method in COUNTED_METHODS:
        started = delta(before, after, "grpc_server_started_total", grpc_method=method)
        assert started == delta(before, after, "grpc_server_handled_total", grpc_method=method), (
            method
        )
        assert started == delta(
            before, after, "grpc_server_handling_seconds_count", grpc_method=method
        ), method
    # every code is there from the start (zero until it happens)
    unused = {"grpc_type": "unary", "grpc_service": MATCH, "grpc_method": "GetMatchRecord"}
    assert (
        "grpc_server_handled_total",
        frozenset({**unused, "grpc_code": "DATA_LOSS"}.items()),
    ) in (after.values)
    assert 'grpc_code="InvalidArgument"' not in after.text

    # streams: the watchers' events, one by one; the bidi stream's batches both ways
    labels = {"grpc_type": "server_stream", "grpc_service": MATCH, "grpc_method": "WatchMatch"}
    assert delta(before, after, "grpc_server_msg_received_total", **labels) == 3  # 2 watchers + 1
    assert delta(before, after, "grpc_server_msg_sent_total", **labels) >= 2 * len(watched)
    assert handled(before, after, MATCH, "WatchMatch", "OK") == 3
    bidi = {"grpc_type": "bidi_stream", "grpc_service": RULES, "grpc_method": "ValidateMoves"}
    assert delta(before, after, "grpc_server_msg_received_total", **bidi) == 3
    assert delta(before, after, "grpc_server_msg_sent_total", **bidi) == 3
    assert delta(before, after, "grpc_server_handled_total", grpc_code="OK", **bidi) == 1
    assert after.get("fiveup_grpc_streams_active", grpc_method="WatchMatch") == 0
    assert delta(before, after, "grpc_server_msg_received_total", grpc_method="GetMatch") == delta(
        before, after, "grpc_server_started_total", grpc_method="GetMatch"
    )

    # the game
    assert delta(before, after, "fiveup_matches_created_total", players="2") == 2
    assert delta(before, after, "fiveup_matches_created_total", players="3") == 1
    assert delta(before, after, "fiveup_matches_finished_total") == 2
    assert delta(before, after, "fiveup_moves_total", kind="placed", outcome="accepted") > 0
    assert delta(before, after, "fiveup_moves_total", outcome="rejected") == 1
    assert delta(before, after, "fiveup_moves_total", kind="drawn", outcome="rejected") == 1
    assert delta(before, after, "fiveup_moves_rejected_total", reason="NOT_YOUR_TURN") == 1
    assert delta(before, after, "fiveup_rounds_ended_total") >= 2
    assert delta(before, after, "fiveup_points_scored_total") > 0
    assert delta(before, after, "fiveup_bot_thinking_seconds_count", bot="greedy") == delta(
        before, after, "fiveup_moves_total", outcome="accepted"
    )
    # one append per accepted move, and one per seat claimed (its SeatClaimed event)
    assert delta(before, after, "fiveup_store_append_seconds_count") == delta(
        before, after, "fiveup_moves_total", outcome="accepted"
    ) + handled(before, after, MATCH, "JoinMatch", "OK")
    assert delta(before, after, "fiveup_store_conflicts_total") == 0
    assert delta(before, after, "fiveup_matches", state="finished") == 2  # store-wide
    assert delta(before, after, "fiveup_matches", state="active") == 1  # the humans' match
    # rules validations: requests and items, and time in the core
    assert delta(before, after, "fiveup_rules_requests_total", rpc="ValidateMoves") == 3
    assert delta(before, after, "fiveup_rules_items_total", rpc="ValidateMoves") == 60
    assert delta(before, after, "fiveup_rules_requests_total", rpc="EvaluateLayout") == 2
    assert delta(before, after, "fiveup_core_evaluation_seconds_count", rpc="ValidateMoves") == 3
    # build info
    assert (
        after.get(
            "fiveup_build_info", version=__version__, core_implementation=fiveup_core.IMPLEMENTATION
        )
        == 1
    )

    # no label value is a match id or a token
    label_values = {v for (_, labels) in after.values for _, v in labels}
    for secret in [*finished, *secrets.values()]:
        assert secret not in label_values
        assert secret not in after.text


async def test_the_number_of_series_does_not_grow_with_traffic(ops: Ops) -> None:
    r = ops.running

    async def traffic(matches: int) -> None:
        for i in range(matches):
            await bots_match(r, players=2 + i % 3, target=5)
        await deliberate_errors(r)
        await validate_batches(r, batches=2, size=5)
        await r.rules.EvaluateLayout(
            rules_pb2.EvaluateLayoutRequest(layout=common_pb2.Layout(text=""))
        )

    await traffic(3)
    first = (await ops.scrape()).series()
    await traffic(6)
    second = (await ops.scrape()).series()
    assert second - first == set()
    assert len(second) == len(first)


async def test_store_conflicts_and_active_streams_are_counted(ops: Ops) -> None:
    r = ops.running
    created = await r.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    before = await ops.scrape()
    watchers = [Watcher(r.matches, created.match_id).start() for _ in range(3)]
    during = await ops.until(
        lambda s: delta(before, s, "fiveup_grpc_streams_active", grpc_method="WatchMatch") == 3
    )
    assert delta(before, during, "fiveup_grpc_streams_active", grpc_method="WatchMatch") == 3
    for w in watchers:
        await w.stop()

    # A scrape reads the series one after another while the server goes on counting, so
    # one scrape can see the gauge already down but the handled count not yet up (it is
    # read first): wait for a scrape that shows both, the condition asserted.
    def ended(s: Scrape) -> bool:
        return (
            delta(before, s, "fiveup_grpc_streams_active", grpc_method="WatchMatch") == 0
            and handled(before, s, MATCH, "WatchMatch", "CANCELLED") == 3
        )

    after = await ops.until(ended)
    assert delta(before, after, "fiveup_grpc_streams_active", grpc_method="WatchMatch") == 0
    assert handled(before, after, MATCH, "WatchMatch", "CANCELLED") == 3

    # A conflict: another writer the server is not told about (a second application layer
    # on the same SQLite file) records a move first; the server's cache still expects the
    # old version, so the store refuses its append and the client hears STALE_VERSION.
    match_id = created.match_id
    tokens = {}
    for seat in (0, 1):
        joined = await r.matches.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=seat))
        tokens[seat] = joined.seat_token
    view = (await r.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
    mover = view.turn_seat
    legal = await r.matches.ListLegalMoves(
        pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(tokens[mover])
    )
    elsewhere = open_store(str(r.db))
    await elsewhere.open()
    try:
        other = Matches(elsewhere)
        moves = await other.legal_actions(match_id, mover)
        await other.submit(match_id, mover, moves.actions[0], moves.version, "elsewhere")
    finally:
        await elsewhere.close()
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await r.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=match_id,
                move=legal.moves[0],
                expected_version=view.version,
                request_id="here",
            ),
            metadata=auth(tokens[mover]),
        )
    assert caught.value.code() == grpc.StatusCode.ABORTED
    conflicts = await ops.scrape()
    assert delta(after, conflicts, "fiveup_store_conflicts_total") == 1
    assert r.app.observer is not None


async def test_the_streams_gauge_counts_streams_only(ops: Ops) -> None:
    r = ops.running
    await r.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    scraped = await ops.scrape()
    kinds = {
        dict(labels)["grpc_type"]
        for name, labels in scraped.series()
        if name == "fiveup_grpc_streams_active"
    }
    assert kinds and "unary" not in kinds
    assert kinds <= {"server_stream", "client_stream", "bidi_stream"}
