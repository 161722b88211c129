"""``fiveup verify``: check a finished match's record against its shuffle commitment.

Anyone holding a record can check that the server dealt fairly: the revealed seed must
hash to the commitment published at creation, every round's hands and boneyard must be
the deck derived from that seed, every starter chosen by lot must be the derived lot,
and replaying the events through the rules must reproduce the recorded scores.  The
check itself is the engine's (``fiveup.engine.verification``, which the operators'
InspectMatch runs too); this module fetches or loads the record and decodes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from google.protobuf import json_format

from ..engine.verification import Verdict, verify_deals
from ..shared.usererror import UserError
from ..v1 import match_pb2 as pb


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
    """The engine's check (``fiveup.engine.verification``) of a record as the API gave it,
    decoded with the API's own decoding."""
    from ..api.convert import PB_TO_BOT, event_from_pb  # the API's own decoding

    seats = tuple(
        "human" if s.kind == pb.SEAT_KIND_HUMAN else PB_TO_BOT.get(s.bot, "greedy")
        for s in record.seats
    )
    events = [(e.version, event_from_pb(e)) for e in record.events]
    return verify_deals(
        record.shuffle_seed, record.shuffle_commitment, seats, record.target_points or 61, events
    )
