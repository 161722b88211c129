"""Bots never starve people: a person's GetMatch latency with N bot-only matches running,
against the same server idle.

One run, two servers side by side (a real ``fiveup serve`` each, pinned to one core, the
client on the other):

* ``fair``: the defaults -- bot-only matches take turns one move at a time, off the event
  loop, within ``bot_only_cpu_share`` (25%) of the time;
* ``unpaced``: the same server with the share at 100% and no pause between moves, which
  is as close to the old behaviour (bots as fast as the core allows) as settings get.

For each: a person's match (human + greedy, joined) is read with GetMatch ``samples``
times while idle, then again while N matches of four expert bots (target 10,000) play;
the bot matches are cancelled at the end.  Printed: p50/p99 per phase and the factor
busy/idle; the headline is the fair server's p99 factor.

    python -m bench.bot_load [--matches 4] [--samples 2000]
    python -m bench.bot_load --smoke          # seconds; make test runs this
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import grpc

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ._server import ServerProcess, percentile, split_cpus

MODES = {
    "fair": {},
    "unpaced": {"FIVEUP_BOT_ONLY_CPU_SHARE": "1.0", "FIVEUP_BOT_ONLY_MIN_DELAY": "0"},
}


@dataclass
class Phase:
    p50_ms: float
    p99_ms: float
    mean_ms: float


async def read_latencies(stub: match_pb2_grpc.MatchServiceStub, match_id: str, token: str,
                         samples: int) -> Phase:  # fmt: skip
    md = (("authorization", f"Bearer {token}"),)
    request = pb.GetMatchRequest(match_id=match_id)
    took = []
    for _ in range(samples):
        started = time.perf_counter()
        await stub.GetMatch(request, metadata=md, timeout=30)
        took.append((time.perf_counter() - started) * 1000)
    took.sort()
    return Phase(percentile(took, 0.5), percentile(took, 0.99), statistics.fmean(took))


async def run_mode(address: str, matches: int, samples: int, target: int) -> tuple[Phase, Phase]:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
        greedy = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY)
        expert = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_EXPERT)
        mine = await stub.CreateMatch(pb.CreateMatchRequest(seats=[human, greedy]))
        joined = await stub.JoinMatch(pb.JoinMatchRequest(match_id=mine.match_id, seat=0))
        await read_latencies(stub, mine.match_id, joined.seat_token, max(20, samples // 10))
        idle = await read_latencies(stub, mine.match_id, joined.seat_token, samples)
        bots = []
        for i in range(matches):  # each from its own client address: the per-client cap
            bots.append(
                await stub.CreateMatch(
                    pb.CreateMatchRequest(seats=[expert] * 4, target_points=target),
                    metadata=(("x-forwarded-for", f"10.9.0.{i}"),),
                )
            )
        busy = await read_latencies(stub, mine.match_id, joined.seat_token, samples)
        still_playing = 0
        for created in bots:
            view = (await stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id))).view
            still_playing += view.status == pb.MATCH_STATUS_IN_PROGRESS
            await stub.CancelMatch(
                pb.CancelMatchRequest(match_id=created.match_id),
                metadata=(("authorization", f"Bearer {created.creator_token}"),),
            )
        if still_playing < matches:
            raise SystemExit(f"only {still_playing} of {matches} bot matches were still playing")
        return idle, busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=4, help="bot-only matches running")
    parser.add_argument("--samples", type=int, default=2000, help="GetMatch calls per phase")
    parser.add_argument("--smoke", action="store_true", help="a few seconds, for make test")
    args = parser.parse_args()
    matches, samples = (2, 150) if args.smoke else (args.matches, args.samples)
    server_cpus, _client = split_cpus()
    results: dict[str, tuple[Phase, Phase]] = {}
    with tempfile.TemporaryDirectory(prefix="fiveup-bot-load-") as tmp:
        for mode, env in MODES.items():
            env = {
                **env,
                "FIVEUP_CLIENT_ADDRESS_HEADER": "x-forwarded-for",
                "FIVEUP_MAX_BOT_MATCHES": str(max(32, matches)),
            }
            workdir = Path(tmp) / mode
            workdir.mkdir()
            with ServerProcess(workdir, cpus=server_cpus, env=env) as server:
                results[mode] = asyncio.run(run_mode(server.address, matches, samples, 10_000))
    print(f"GetMatch of a person's match, {samples} calls per phase, {matches} bot-only "
          "matches of four expert bots running in the busy phase (ms)")  # fmt: skip
    print(f"{'server':<9} {'idle p50':>9} {'idle p99':>9} {'busy p50':>9} {'busy p99':>9}"
          f" {'p50 x':>6} {'p99 x':>6}")  # fmt: skip
    for mode, (idle, busy) in results.items():
        print(
            f"{mode:<9} {idle.p50_ms:>9.2f} {idle.p99_ms:>9.2f} {busy.p50_ms:>9.2f}"
            f" {busy.p99_ms:>9.2f} {busy.p50_ms / idle.p50_ms:>6.2f}"
            f" {busy.p99_ms / idle.p99_ms:>6.2f}"
        )
    idle, busy = results["fair"]
    print(f"RESULT bot_load_p99_factor={busy.p99_ms / idle.p99_ms:.2f}")


if __name__ == "__main__":
    main()
