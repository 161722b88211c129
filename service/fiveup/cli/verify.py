"""``fiveup verify``: check a finished match's record against its shuffle commitment.

Anyone holding a record can check that the server dealt fairly: the revealed seed must
hash to the commitment published at creation, every round's hands and boneyard must be
the deck derived from that seed, every starter chosen by lot must be the derived lot,
and replaying the events through the rules must reproduce the recorded scores.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from ..engine import Match, MatchConfig
from ..engine.dealing import split_deck
from ..engine.events import Event, MoveUndone, RoundDealt
from ..engine.shuffle import fair_lot, round_deck
from ..shared.usererror import UserError
from ..v1 import match_pb2 as pb


@dataclass
class Verdict:
    ok: bool = True
    problems: list[str] = field(default_factory=list)
    rounds: int = 0
    undos: int = 0  # practice matches: moves taken back (each replays to an earlier version)

    def fail(self, message: str) -> None:
        self.ok = False
        self.problems.append(message)


def load_record(path: Path) -> pb.GetMatchRecordResponse:
    """A record saved as protobuf JSON (``.json``) or binary."""
    from google.protobuf.message import DecodeError

    data = path.read_bytes()
    try:
        if path.suffix == ".json" or data.lstrip()[:1] == b"{":
            return json_format.Parse(data.decode(), pb.GetMatchRecordResponse())
        return pb.GetMatchRecordResponse.FromString(data)
    except (json_format.ParseError, DecodeError, UnicodeDecodeError) as exc:
        raise UserError(
            f"{path} is not a match record (GetMatchRecordResponse as JSON or binary): {exc}"
        ) from None


def fetch_record(server: str, match_id: str) -> pb.GetMatchRecordResponse:
    import grpc

    from ..v1 import match_pb2_grpc

    with grpc.insecure_channel(server) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        try:
            record: pb.GetMatchRecordResponse = stub.GetMatchRecord(
                pb.GetMatchRecordRequest(match_id=match_id), timeout=30
            )
        except grpc.RpcError as exc:
            raise UserError(_why_no_record(exc, server, match_id)) from None
        return record


def _why_no_record(exc: Any, server: str, match_id: str) -> str:
    import grpc

    code = exc.code()
    if code == grpc.StatusCode.NOT_FOUND:
        return (
            f"no match {match_id!r} on {server} (and no file by that name): check the id, "
            "or --server"
        )
    if code == grpc.StatusCode.FAILED_PRECONDITION:
        return (
            f"match {match_id} is not finished: its shuffle seed is revealed only when it "
            "ends; verify it then"
        )
    if code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        return f"cannot reach a Five Up server at {server}: start one (make run) or pass --server"
    return f"{server} refused the record of {match_id}: {code.name}: {exc.details()}"


def verify_record(record: pb.GetMatchRecordResponse) -> Verdict:
    from ..api.convert import PB_TO_BOT, event_from_pb  # the API's own decoding

    verdict = Verdict()
    seed = record.shuffle_seed
    if hashlib.sha256(seed).hexdigest() != record.shuffle_commitment:
        verdict.fail("the revealed seed does not hash to the published commitment")
        return verdict
    seats = tuple(
        "human" if s.kind == pb.SEAT_KIND_HUMAN else PB_TO_BOT.get(s.bot, "greedy")
        for s in record.seats
    )
    n = len(seats)
    versions = [e.version for e in record.events]
    if versions != list(range(1, len(versions) + 1)):
        verdict.fail("event versions are not 1..n without gaps")
    events: list[Event] = [event_from_pb(e) for e in record.events]
    for e in events:
        verdict.undos += isinstance(e, MoveUndone)
        if not isinstance(e, RoundDealt):
            continue
        verdict.rounds += 1
        hands, boneyard = split_deck(round_deck(seed, e.round_no), n)
        if e.hands != hands or e.boneyard != boneyard:
            verdict.fail(
                f"round {e.round_no}: the dealt tiles are not the deck derived from the seed"
            )
        if e.by_lot and e.starter != fair_lot(seed, e.round_no, n):
            verdict.fail(f"round {e.round_no}: the starter is not the lot derived from the seed")
    try:
        match = Match.replay(MatchConfig(seats, seed, record.target_points or 61), events)
    except Exception as exc:  # any inconsistency in the log
        verdict.fail(f"the events do not replay under the rules: {exc}")
        return verdict
    if not match.finished:
        verdict.fail("the record does not end with the end of the match")
    return verdict
