"""Helpers of the trust tests: a hand-moved clock and the details of a refused call."""

from __future__ import annotations

from dataclasses import dataclass

import grpc
from google.rpc import error_details_pb2, status_pb2

from fiveup.match.observer import NullObserver


@dataclass
class FakeClock:
    """A clock that moves only when told to: no test sleeps to wait for time to pass."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def retry_delay(exc: grpc.aio.AioRpcError | grpc.RpcError) -> float | None:
    """The google.rpc.RetryInfo delay (seconds) of a failed call, if it has one."""
    for key, value in exc.trailing_metadata() or ():  # type: ignore[attr-defined]
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(value).details:
                info = error_details_pb2.RetryInfo()
                if detail.Unpack(info):
                    return info.retry_delay.ToNanoseconds() / 1e9
    return None


class Recorder(NullObserver):
    """An observer that remembers the rate limits it was told of."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, dict[str, object]]] = []

    def rate_limited(self, method: str, scope: str) -> None:
        self.seen.append(("rate_limited", {"method": method, "scope": scope}))
