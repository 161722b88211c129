"""Benchmark: REST/JSON through Envoy's transcoder against native gRPC straight to the
server, on the same calls, same server, same run.

    .venv/bin/python -m bench.rest [--seconds S] [--rounds N] [--matches M] [--smoke]

One ``fiveup serve`` subprocess and one Envoy on deploy/envoy/envoy.yaml in front of it.
Both clients are Python on one connection each, one call in flight: grpcio with the
generated stubs and pre-built messages, and httpx (HTTP/1.1 keep-alive) with pre-built
JSON bodies -- what each kind of client sends, encoded once, so the figures are the
transports' (Envoy's transcoding included), not the client's message building.

1. **Calls**: the same mix on both -- GetMatch as a seat (the whole view), ListLegalMoves,
   and a SubmitMove that is refused as stale (the server's whole move path up to the
   version check, with its ErrorInfo) -- for ``--seconds`` per transport, alternating
   order for ``--rounds`` rounds; each figure is the median round.
2. **A whole match**: ``--matches`` two-seat matches played to the end over each
   transport (create, join both seats, then GetMatch / ListLegalMoves / SubmitMove until
   it ends), as a client plays one; p50 and p99 of the wall time of a match.

Prints calls/s, p50 and p99 per call, the match times, and last
``RESULT rest_vs_grpc=<ratio>`` (REST calls/s over gRPC calls/s).  ``--smoke`` runs a
fraction of a second per phase and one short match each.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import httpx

from bench._server import ServerProcess
from fiveup.devstack.gateway import Gateway
from fiveup.v1 import match_pb2, match_pb2_grpc

HUMAN = match_pb2.SEAT_KIND_HUMAN


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Figures:
    calls: int
    seconds: float
    latencies_ms: list[float]

    @property
    def rate(self) -> float:
        return self.calls / self.seconds


class GrpcClient:
    """Native gRPC: the generated stub, messages built once."""

    def __init__(self, address: str) -> None:
        self.channel = grpc.insecure_channel(address)
        self.stub = match_pb2_grpc.MatchServiceStub(self.channel)

    @staticmethod
    def _auth(token: str) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {token}"),)

    def new_match(self, target: int) -> tuple[str, list[str]]:
        created = self.stub.CreateMatch(match_pb2.CreateMatchRequest(
            seats=[match_pb2.SeatSpec(kind=HUMAN)] * 2, target_points=target, unrated=True))  # fmt: skip
        tokens = [
            self.stub.JoinMatch(match_pb2.JoinMatchRequest(match_id=created.match_id)).seat_token
            for _ in range(2)
        ]
        return created.match_id, tokens

    def mix(self, match_id: str, token: str) -> list[Callable[[], None]]:
        auth = self._auth(token)
        get = match_pb2.GetMatchRequest(match_id=match_id)
        legal = match_pb2.ListLegalMovesRequest(match_id=match_id)
        stale = match_pb2.SubmitMoveRequest(
            match_id=match_id, move=match_pb2.Move(draw=match_pb2.DrawMove()),
            expected_version=1, request_id="bench-stale",
        )  # fmt: skip

        def refused() -> None:
            try:
                self.stub.SubmitMove(stale, metadata=auth)
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.ABORTED, error  # type: ignore[attr-defined]

        return [lambda: self.stub.GetMatch(get, metadata=auth),
                lambda: self.stub.ListLegalMoves(legal, metadata=auth), refused]  # fmt: skip

    def play(self, target: int) -> int:
        match_id, tokens = self.new_match(target)
        moves = 0
        while True:
            view = self.stub.GetMatch(match_pb2.GetMatchRequest(match_id=match_id)).view
            if view.status != match_pb2.MATCH_STATUS_IN_PROGRESS:
                return moves
            auth = self._auth(tokens[view.turn_seat])
            legal = self.stub.ListLegalMoves(
                match_pb2.ListLegalMovesRequest(match_id=match_id), metadata=auth)  # fmt: skip
            moves += 1
            self.stub.SubmitMove(match_pb2.SubmitMoveRequest(
                match_id=match_id, move=legal.moves[0], expected_version=legal.version,
                request_id=f"m{moves}"), metadata=auth)  # fmt: skip


class RestClient:
    """REST/JSON through the gateway: httpx on one keep-alive connection, bodies built once."""

    def __init__(self, base_url: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=30)

    @staticmethod
    def _auth(token: str) -> dict[str, str]:
        return {"authorization": f"Bearer {token}"}

    def _ok(self, answer: httpx.Response) -> Any:
        assert answer.status_code == 200, answer.text
        return answer.json()

    def new_match(self, target: int) -> tuple[str, list[str]]:
        created = self._ok(self.http.post("/v1/matches", json={
            "seats": [{"kind": "SEAT_KIND_HUMAN"}] * 2, "targetPoints": target, "unrated": True}))  # fmt: skip
        match_id = created["matchId"]
        tokens = [
            self._ok(self.http.post(f"/v1/matches/{match_id}:join", json={}))["seatToken"]
            for _ in range(2)
        ]
        return match_id, tokens

    def mix(self, match_id: str, token: str) -> list[Callable[[], None]]:
        auth = self._auth(token)
        stale = {"move": {"draw": {}}, "expectedVersion": "1", "requestId": "bench-stale"}

        def refused() -> None:
            answer = self.http.post(f"/v1/matches/{match_id}/moves", json=stale, headers=auth)
            assert answer.status_code == 409, answer.text

        return [lambda: self._ok(self.http.get(f"/v1/matches/{match_id}", headers=auth)),
                lambda: self._ok(self.http.get(f"/v1/matches/{match_id}/legalMoves", headers=auth)),
                refused]  # fmt: skip

    def play(self, target: int) -> int:
        match_id, tokens = self.new_match(target)
        moves = 0
        while True:
            view = self._ok(self.http.get(f"/v1/matches/{match_id}"))["view"]
            if view.get("status") != "MATCH_STATUS_IN_PROGRESS":
                return moves
            auth = self._auth(tokens[view["turnSeat"]])
            legal = self._ok(self.http.get(f"/v1/matches/{match_id}/legalMoves", headers=auth))
            moves += 1
            self._ok(self.http.post(f"/v1/matches/{match_id}/moves", headers=auth, json={
                "move": legal["moves"][0], "expectedVersion": legal["version"],
                "requestId": f"m{moves}"}))  # fmt: skip


Client = GrpcClient | RestClient


def load(client: Client, match_id: str, token: str, seconds: float) -> Figures:
    calls = client.mix(match_id, token)
    for call in calls:  # warm the connection and the server's caches
        call()
    latencies = []
    started = time.perf_counter()
    for call in itertools.cycle(calls):
        before = time.perf_counter()
        call()
        latencies.append((time.perf_counter() - before) * 1000)
        if before - started >= seconds:
            break
    return Figures(len(latencies), time.perf_counter() - started, latencies)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rest", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--target", type=int, default=61, help="displayed points to win")
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args(argv)
    if args.smoke:
        args.seconds, args.rounds, args.matches, args.target = 0.3, 1, 1, 10
    with tempfile.TemporaryDirectory(prefix="bench-rest-") as folder:
        work = Path(folder)
        server = ServerProcess(work).start()
        try:
            with Gateway(server.address, log=work / "envoy.log") as gateway:
                clients: dict[str, Client] = {
                    "grpc": GrpcClient(server.address), "rest": RestClient(gateway.url)}  # fmt: skip
                match_id, tokens = clients["grpc"].new_match(61)
                rounds: dict[str, list[Figures]] = {"grpc": [], "rest": []}
                for n in range(args.rounds):
                    for mode in ("grpc", "rest") if n % 2 == 0 else ("rest", "grpc"):
                        rounds[mode].append(load(clients[mode], match_id, tokens[0], args.seconds))
                matches: dict[str, list[float]] = {"grpc": [], "rest": []}
                moves: dict[str, list[int]] = {"grpc": [], "rest": []}
                for n in range(args.matches):
                    for mode in ("grpc", "rest") if n % 2 == 0 else ("rest", "grpc"):
                        before = time.perf_counter()
                        moves[mode].append(clients[mode].play(args.target))
                        matches[mode].append((time.perf_counter() - before) * 1000)
        finally:
            server.stop()
    labels = {"grpc": "gRPC (HTTP/2, direct)", "rest": "REST/JSON (through Envoy)"}
    print(
        f"GetMatch + ListLegalMoves + a stale SubmitMove, {args.rounds} rounds x "
        f"{args.seconds:g} s per transport, one call in flight, one server process, Envoy "
        "--concurrency 1"
    )
    print(f"{'transport':<28}{'calls/s':>10}{'p50 ms':>10}{'p99 ms':>10}")
    for mode, label in labels.items():
        rate = statistics.median(r.rate for r in rounds[mode])
        p50 = statistics.median(percentile(r.latencies_ms, 0.5) for r in rounds[mode])
        p99 = statistics.median(percentile(r.latencies_ms, 0.99) for r in rounds[mode])
        print(f"{label:<28}{rate:>10.0f}{p50:>10.2f}{p99:>10.2f}")
    print(f"whole match to {args.target} points (two seats, {args.matches} matches each):")
    print(f"{'transport':<28}{'moves':>10}{'p50 ms':>10}{'p99 ms':>10}")
    for mode, label in labels.items():
        print(f"{label:<28}{statistics.median(moves[mode]):>10.0f}"
              f"{percentile(matches[mode], 0.5):>10.1f}{percentile(matches[mode], 0.99):>10.1f}")  # fmt: skip
    ratios = [r.rate / g.rate for g, r in zip(rounds["grpc"], rounds["rest"], strict=True)]
    print(f"RESULT rest_vs_grpc={statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
