"""Ratings integrity signals through a real server, on SQLite and PostgreSQL.

A farm plays through the public API under the real rated-play gate (a forfeit before
each seat's 3 own moves is not rated): a main account and five socks, the main account
and two socks signing in from one /24; each sock makes its 3 own moves and resigns,
the first sock four times.  Four innocent players, from one carrier's NAT (a shared
network: more players than ``--integrity-shared-max-players``), play each other once,
to the end.  ListIntegritySignals raises each kind for the farm -- the pair, the early
forfeits, the shared prefix, the few own moves, the climb -- with its evidence, and
nothing for the innocent players.  An operator dismisses the climb (it is not raised
again), voids the pair's matches (through VoidResult: the signals the voided matches
carried go, the rest are raised anew from what is left), then voids the rest and
suspends the players from rated play; a suspended player's rated seat is refused.
Bad decisions are refused with their reasons and change nothing; everything is audited."""

from __future__ import annotations

import random
import re
import statistics
import time

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb

from ..harness import Running, server_fixture
from ..postgres_db import database_on_each_store
from .farms import FORWARDED, Guest, Table, guest
from .operators import admin_stub, operator_auth
from .test_reports import audit, refused

db = database_on_each_store("admin_integrity")
server = server_fixture(
    on_each_store=True,
    rated_min_own_moves=3,  # the real gate: socks must play 3 moves before resigning
    integrity_pair_min_matches=4,
    integrity_shared_max_players=3,  # the innocents' NAT (4 players) is a shared network
    **FORWARDED,
)
DAY = 86_400.0
FARM = "203.0.113"


def at(seconds: float) -> Timestamp:
    stamp = Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


async def farm(server: Running) -> tuple[Guest, list[Guest], list[str], list[str], list[int]]:
    """The main account, its socks, the rated matches the socks threw (those of the
    first sock, then all) and the main account's own moves in them."""
    main = await guest(server.channel, "Main", f"{FARM}.10")
    socks = [
        await guest(server.channel, f"Sock{n}", f"{FARM}.{11 + n}" if n < 2 else f"198.18.{n}.7")
        for n in range(5)
    ]
    first, every, moves = [], [], []
    for sock in [socks[0]] * 4 + socks[1:]:
        table = await Table.open(server.channel, main, sock, target=61)
        ended = await table.thrown(own_moves=3)
        assert ended.status == mpb.MATCH_STATUS_FINISHED and min(table.own_moves) == 3
        every.append(table.match_id)
        moves.append(table.own_moves[0])
        if sock is socks[0]:
            first.append(table.match_id)
    return main, socks, first, every, moves


async def innocents(server: Running) -> tuple[list[Guest], list[str]]:
    players = [await guest(server.channel, f"Fair{n}", f"100.64.7.{n + 1}") for n in range(4)]
    rng, played = random.Random(33), []
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            table = await Table.open(server.channel, a, b, target=11)
            assert (await table.play_out(rng)).status == mpb.MATCH_STATUS_FINISHED
            played.append(table.match_id)
    return players, played


async def signals(server: Running, **request: object) -> list[pb.IntegritySignal]:
    answer = await admin_stub(server).ListIntegritySignals(
        pb.ListIntegritySignalsRequest(reason="integrity review", **request),  # type: ignore[arg-type]
        metadata=operator_auth(server),
    )
    return list(answer.signals)


def by_kind(found: list[pb.IntegritySignal]) -> dict[int, pb.IntegritySignal]:
    kinds = {s.kind: s for s in found}
    assert len(kinds) == len(found), found  # one of each kind here
    return kinds


async def resolve(server: Running, **request: object) -> pb.ResolveIntegritySignalResponse:
    return await admin_stub(server).ResolveIntegritySignal(
        pb.ResolveIntegritySignalRequest(**request),  # type: ignore[arg-type]
        metadata=operator_auth(server),
    )


async def test_farmed_patterns_are_raised_with_their_evidence_then_judged(
    server: Running,
) -> None:
    main, socks, first, every, main_moves = await farm(server)
    fair, fair_matches = await innocents(server)
    m, s0 = main.player_id, socks[0].player_id
    admin, ops = admin_stub(server), operator_auth(server)

    await refused(admin.ListIntegritySignals(pb.ListIntegritySignalsRequest(), metadata=ops),
                  grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED", "reason")  # fmt: skip
    found = await signals(server)
    assert [s.score for s in found] == sorted((s.score for s in found), reverse=True)
    kinds = by_kind(found)
    assert sorted(kinds) == [
        pb.INTEGRITY_SIGNAL_KIND_REPEATED_PAIR, pb.INTEGRITY_SIGNAL_KIND_EARLY_ENDINGS,
        pb.INTEGRITY_SIGNAL_KIND_SHARED_ADDRESS, pb.INTEGRITY_SIGNAL_KIND_FEW_OWN_MOVES,
        pb.INTEGRITY_SIGNAL_KIND_SUDDEN_CLIMB,
    ]  # fmt: skip
    innocent = {g.player_id for g in fair}
    for signal in found:
        assert signal.status == pb.INTEGRITY_STATUS_OPEN and signal.signal_id
        assert not innocent & set(signal.player_ids), signal
        assert not set(fair_matches) & set(signal.match_ids), signal

    pair = kinds[pb.INTEGRITY_SIGNAL_KIND_REPEATED_PAIR]
    assert list(pair.player_ids) == [m, s0] and list(pair.match_ids) == first
    assert re.fullmatch(r"4 rated matches against each other in \d+ s; won 4 to 0 \(lopsided\)",
                        pair.evidence), pair.evidence  # fmt: skip
    early = kinds[pb.INTEGRITY_SIGNAL_KIND_EARLY_ENDINGS]
    assert early.player_ids[0] == m and set(early.player_ids[1:]) == {s.player_id for s in socks}
    assert list(early.match_ids) == every
    assert early.evidence == (
        "8 rated wins by the other side's forfeit (resigned 8) with at most 3 own moves in a"
        " seat; conceded by 5 players"
    )
    shared = kinds[pb.INTEGRITY_SIGNAL_KIND_SHARED_ADDRESS]
    assert set(shared.player_ids) == {m, s0} and list(shared.match_ids) == first
    assert shared.evidence == f"4 rated matches against each other, both seen from {FARM}.0/24"
    few = kinds[pb.INTEGRITY_SIGNAL_KIND_FEW_OWN_MOVES]
    assert list(few.player_ids) == [m] and list(few.match_ids) == every
    assert re.fullmatch(
        rf"8 rated results from {sum(main_moves)} own moves \(median"
        rf" {statistics.median(main_moves):g} a result\); rating \+\d+", few.evidence,
    ), few.evidence  # fmt: skip
    climb = kinds[pb.INTEGRITY_SIGNAL_KIND_SUDDEN_CLIMB]
    assert list(climb.player_ids) == [m] and set(climb.match_ids) <= set(every)
    assert re.fullmatch(r"rating \+\d{3} in \d rated matches within \d+ s \(2-player: 1500 to"
                        r" \d{4}\)", climb.evidence), climb.evidence  # fmt: skip
    # a second scan finds the same evidence: the same signals, first detected then
    assert await signals(server) == found
    only = await signals(server, kind=pb.INTEGRITY_SIGNAL_KIND_SHARED_ADDRESS)
    assert only == [shared]

    # bad decisions: refused, nothing changed
    tomorrow = at(time.time() + DAY)
    for request, code, reason, field in [
        ({"signal_id": pair.signal_id, "decision": pb.INTEGRITY_DECISION_DISMISS},
         grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED", "reason"),
        ({"signal_id": pair.signal_id, "reason": "farm"},
         grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "decision"),
        ({"signal_id": pair.signal_id, "reason": "farm",
          "decision": pb.INTEGRITY_DECISION_VOID_AND_SUSPEND},
         grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "sanction_ends_at"),
        ({"signal_id": pair.signal_id, "reason": "farm", "sanction_ends_at": at(time.time() - 9),
          "decision": pb.INTEGRITY_DECISION_VOID_AND_SUSPEND},
         grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "sanction_ends_at"),
        ({"signal_id": "0" * 24, "reason": "farm", "decision": pb.INTEGRITY_DECISION_DISMISS},
         grpc.StatusCode.NOT_FOUND, "SIGNAL_NOT_FOUND", "signal_id"),
    ]:  # fmt: skip
        await refused(resolve(server, **request), code, reason, field)
    assert await signals(server) == found
    assert await audit(server, "ResolveIntegritySignal") == []
    assert await audit(server, "VoidResult") == []

    # dismissed: kept, and the same evidence is not raised again
    dismissed = await resolve(server, signal_id=climb.signal_id, reason="a fast learner",
                              decision=pb.INTEGRITY_DECISION_DISMISS)  # fmt: skip
    assert dismissed.signal.status == pb.INTEGRITY_STATUS_DISMISSED
    assert (dismissed.signal.resolved_by, dismissed.signal.resolution) == (
        "local:ops", "a fast learner",
    )  # fmt: skip
    assert list(dismissed.voided_match_ids) == [] and list(dismissed.sanctions) == []
    assert climb.signal_id not in {s.signal_id for s in await signals(server)}
    assert [s.signal_id for s in await signals(server, status=pb.INTEGRITY_STATUS_DISMISSED)] == [
        climb.signal_id
    ]
    await refused(resolve(server, signal_id=climb.signal_id, reason="on second thought",
                          decision=pb.INTEGRITY_DECISION_VOID_MATCHES),
                  grpc.StatusCode.FAILED_PRECONDITION, "SIGNAL_ALREADY_RESOLVED")  # fmt: skip

    # confirmed: the pair's matches voided; what they carried goes, the rest is new
    confirmed = await resolve(server, signal_id=pair.signal_id, reason="sock account",
                              decision=pb.INTEGRITY_DECISION_VOID_MATCHES)  # fmt: skip
    assert confirmed.signal.status == pb.INTEGRITY_STATUS_CONFIRMED
    assert list(confirmed.voided_match_ids) == first
    voids = await audit(server, "VoidResult")
    assert sorted(e.target_id for e in voids) == sorted(first)
    assert {e.reason for e in voids} == {"sock account"}
    after = by_kind(await signals(server))
    assert sorted(after) == [pb.INTEGRITY_SIGNAL_KIND_EARLY_ENDINGS]  # the rest: too few
    rest = after[pb.INTEGRITY_SIGNAL_KIND_EARLY_ENDINGS]
    assert list(rest.match_ids) == every[4:] and rest.signal_id != early.signal_id
    assert rest.evidence.startswith("4 rated wins by the other side's forfeit (resigned 4)")

    # voided and suspended: every player of the signal loses rated play until tomorrow
    suspended = await resolve(server, signal_id=rest.signal_id, reason="the whole farm",
                              decision=pb.INTEGRITY_DECISION_VOID_AND_SUSPEND,
                              sanction_ends_at=tomorrow)  # fmt: skip
    assert list(suspended.voided_match_ids) == every[4:]
    assert {s.kind for s in suspended.sanctions} == {pb.SANCTION_KIND_RATED_PLAY_SUSPENSION}
    assert len(suspended.sanctions) == len(rest.player_ids) == 5
    assert {s.ends_at.seconds for s in suspended.sanctions} == {tomorrow.seconds}
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await Table.open(server.channel, main, fair[0], target=61)
    assert "RATED_PLAY_SUSPENDED" in str(caught.value.trailing_metadata())
    assert await signals(server) == []
    assert {s.signal_id for s in await signals(server, status=pb.INTEGRITY_STATUS_CONFIRMED)} == {
        pair.signal_id, rest.signal_id,
    }  # fmt: skip

    # the audit log: each listing with its reason, each decision with what it did
    listed = await audit(server, "ListIntegritySignals")
    assert {e.reason for e in listed} == {"integrity review"} and len(listed) >= 8
    decided = sorted(await audit(server, "ResolveIntegritySignal"), key=lambda e: e.entry_id)
    assert [(e.target_kind, e.target_id, e.reason) for e in decided] == [
        ("signal", climb.signal_id, "a fast learner"),
        ("signal", pair.signal_id, "sock account"),
        ("signal", rest.signal_id, "the whole farm"),
    ]
    assert '"decision":"void_and_suspend"' in decided[2].details_json
    assert len(await audit(server, "ImposeSanction")) == 5
