"""The Python runner of the conformance cases: grpcio over native gRPC, with the stubs
generated at build time (fiveup.v1), straight to the server.

    .venv/bin/python clients/conformance/python/run_grpc.py clients/conformance/cases.json 127.0.0.1:50051
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format, message, symbol_database
from google.rpc import error_details_pb2, status_pb2

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine import Answer, Watched, main

from fiveup.v1 import common_pb2, lobby_pb2, match_pb2, players_pb2, ratings_pb2, rules_pb2

PACKAGE = "fiveup.v1"
FILES = (match_pb2, players_pb2, lobby_pb2, ratings_pb2, rules_pb2)


def _method(name: str) -> tuple[type[message.Message], type[message.Message]]:
    service, _, method = name.partition(".")
    for module in FILES:
        found = module.DESCRIPTOR.services_by_name.get(service)
        if found is not None:
            described = found.methods_by_name[method]
            database = symbol_database.Default()
            return (database.GetSymbol(described.input_type.full_name),
                    database.GetSymbol(described.output_type.full_name))  # fmt: skip
    raise KeyError(f"no service {service} in {PACKAGE}")


def _reason(error: grpc.RpcError) -> str:
    for key, value in error.trailing_metadata() or ():  # type: ignore[attr-defined]
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info.reason
    return ""


def _json(answer: message.Message) -> dict[str, Any]:
    return json_format.MessageToDict(answer)


class GrpcTransport:
    name = "grpc"

    def __init__(self, target: str) -> None:
        self.channel = grpc.insecure_channel(target)

    def _metadata(self, auth: str | None) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {auth}"),) if auth is not None else ()

    def call(self, method: str, request: dict[str, Any], auth: str | None) -> Answer:
        kind, reply = _method(method)
        service, _, name = method.partition(".")
        stub = self.channel.unary_unary(
            f"/{PACKAGE}.{service}/{name}",
            request_serializer=lambda m: m.SerializeToString(), response_deserializer=bytes,
        )  # fmt: skip
        outgoing = json_format.ParseDict(request, kind())
        try:
            raw = stub(outgoing, metadata=self._metadata(auth), timeout=30)
        except grpc.RpcError as error:
            return Answer(error.code().name, {}, _reason(error), error.details() or "")  # type: ignore[attr-defined]
        return Answer("OK", _json(reply.FromString(raw)), raw=raw)

    def watch(self, request: dict[str, Any], auth: str | None, take: int | None,
              deadline: float) -> Watched:  # fmt: skip
        stream = self.channel.unary_stream(
            f"/{PACKAGE}.MatchService/WatchMatch",
            request_serializer=lambda m: m.SerializeToString(), response_deserializer=bytes,
        )  # fmt: skip
        call = stream(json_format.ParseDict(request, match_pb2.WatchMatchRequest()),
                      metadata=self._metadata(auth), timeout=deadline)  # fmt: skip
        seen = Watched([], [], ended=False)
        started = time.monotonic()
        try:
            for raw in call:
                seen.raws.append(raw)
                seen.messages.append(_json(match_pb2.WatchMatchResponse.FromString(raw)))
                if take is not None and len(seen.messages) >= take:
                    call.cancel()  # drop the stream: the client goes away mid-match
                    return seen
            seen.ended = True
        except grpc.RpcError as error:
            if error.code() == grpc.StatusCode.DEADLINE_EXCEEDED:  # type: ignore[attr-defined]
                return seen
            seen.code, seen.reason = error.code().name, _reason(error)  # type: ignore[attr-defined]
        finally:
            if time.monotonic() - started > deadline:
                seen.ended = False
        return seen

    def leaks(self, hand: list[dict[str, Any]], raw: bytes) -> bool:
        """A leaked deal (Hand) or view (MatchView.hand) would carry these exact bytes."""
        tiles = [json_format.ParseDict(t, common_pb2.Tile()) for t in hand]
        shapes = [match_pb2.Hand(tiles=tiles), match_pb2.MatchView(hand=tiles)]
        return any(shape.SerializeToString() in raw for shape in shapes)


if __name__ == "__main__":
    raise SystemExit(main(GrpcTransport))
