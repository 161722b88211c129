"""Benchmark: resident memory per active match, in one server holding 10,000 open matches.

    .venv/bin/python -m bench.memory [--matches N] [--seats KINDS] [--smoke]

Starts one ``fiveup serve`` subprocess (SQLite file in a temporary folder, metrics HTTP
off, default cache of 10,000 sessions), creates ``--warmup`` matches through the public
API so that every code path and cache is warm, reads the server's resident set size
(``VmRSS`` in ``/proc/<pid>/status``), creates ``--matches`` more (each: CreateMatch with
one human seat and a greedy bot, then JoinMatch for the human: a dealt round, a token,
possibly the bot's first move, all waiting for the human), lets the bots settle, reads
RSS again and checks that every match is still cached in the server.  Prints the
growth per match; last line ``RESULT bytes_per_match=<n>``.

RSS only shows what the process holds: Python's allocator keeps freed arenas, SQLite's
page cache (about 2 MB) fills up as the file grows, both count here, on purpose.
``--smoke`` creates a few hundred matches.

``--breakdown N`` instead creates N matches in this process (the application layer over
a SQLite file, no gRPC) under ``tracemalloc`` and prints which source lines hold the
memory they add, per match: where to look when the figure grows.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import grpc

from bench._server import ServerProcess
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

KINDS = {
    "human": lambda: pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
    "random": lambda: pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_RANDOM),
    "greedy": lambda: pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY),
    "expert": lambda: pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_EXPERT),
}


async def create_matches(address: str, n: int, seats: list[str], concurrency: int) -> list[str]:
    request = pb.CreateMatchRequest(seats=[KINDS[k]() for k in seats])
    ids: list[str] = []
    async with grpc.aio.insecure_channel(address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        remaining = iter(range(n))

        async def worker() -> None:
            for _ in remaining:
                created = await stub.CreateMatch(request, timeout=60)
                if "human" in seats:
                    await stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id), timeout=60)
                ids.append(created.match_id)

        await asyncio.gather(*(worker() for _ in range(concurrency)))
    return ids


async def still_open(address: str, ids: list[str]) -> int:
    """How many of the matches are unfinished (a sample of at most 200)."""
    sample = ids[:: max(1, len(ids) // 200)]
    async with grpc.aio.insecure_channel(address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        open_ = 0
        for match_id in sample:
            view = (await stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=60)).view
            open_ += view.status == pb.MATCH_STATUS_IN_PROGRESS
    return round(open_ * len(ids) / len(sample))


def settle(server: ServerProcess, seconds: float, step: float = 0.25) -> int:
    """Wait for the bots' first moves and the allocator to go quiet; the last RSS."""
    deadline = time.monotonic() + seconds
    rss = server.rss_bytes()
    while time.monotonic() < deadline:
        time.sleep(step)
        rss = server.rss_bytes()
    return rss


async def breakdown(n: int, seats: list[str], top: int = 15) -> None:
    """tracemalloc's view of what N more cached matches hold, by source line."""
    import gc
    import tracemalloc

    from fiveup.match.matches import Matches, MatchesConfig
    from fiveup.store import open_store

    with tempfile.TemporaryDirectory(prefix="fiveup-memory-") as tmp:
        store = open_store(str(Path(tmp) / "breakdown.sqlite3"))
        await store.open()
        matches = Matches(store, MatchesConfig(cache_size=n + 1000))
        await matches.start()

        async def create(count: int) -> None:
            for _ in range(count):
                match_id = (await matches.create(seats, 61)).match_id
                if "human" in seats:
                    await matches.join(match_id, None)
            await asyncio.sleep(0.5)  # the bots' first moves
            gc.collect()

        await create(100)  # warm-up
        tracemalloc.start(1)
        before = tracemalloc.take_snapshot()
        await create(n)
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        cached = matches.cached_sessions()
        await matches.close()
        await store.close()
    stats = after.compare_to(before, "lineno")
    total = sum(st.size_diff for st in stats)
    print(f"tracemalloc: {total / n:,.0f} bytes per match on the Python heap ({cached} cached)")
    for st in stats[:top]:
        frame = st.traceback[0]
        print(
            f"{st.size_diff / n:>8,.0f} B {st.count_diff / n:>5.1f} blocks  {frame.filename}:{frame.lineno}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.memory", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--matches", type=int, default=10_000, help="open matches to measure")
    parser.add_argument(
        "--warmup", type=int, default=300, help="matches created before the baseline"
    )
    parser.add_argument("--seats", default="human,greedy", help="seat kinds of each match")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--smoke", action="store_true", help="a few hundred matches")
    parser.add_argument("--breakdown", type=int, metavar="N", default=0,
                        help="tracemalloc in-process breakdown of N matches instead")  # fmt: skip
    args = parser.parse_args(argv)
    if args.smoke:
        args.matches, args.warmup = 300, 50
    seats = [k.strip() for k in args.seats.split(",") if k.strip()]
    if not 2 <= len(seats) <= 4 or any(k not in KINDS for k in seats):
        parser.error(f"--seats: 2 to 4 of {', '.join(KINDS)}")
    if args.breakdown:
        asyncio.run(breakdown(args.breakdown, seats))
        return 0
    env = {
        "FIVEUP_CACHE_SIZE": str(max(10_000, args.matches + args.warmup)),
        "FIVEUP_RATE_LIMIT_PEER": "0",  # one client creates everything: no abuse limits
        "FIVEUP_LOG_LEVEL": "WARNING",
    }
    with (
        tempfile.TemporaryDirectory(prefix="fiveup-memory-") as tmp,
        ServerProcess(Path(tmp), env=env) as server,
    ):
        empty = server.rss_bytes()
        asyncio.run(create_matches(server.address, args.warmup, seats, args.concurrency))
        before = settle(server, 1.0)
        started = time.perf_counter()
        ids = asyncio.run(create_matches(server.address, args.matches, seats, args.concurrency))
        elapsed = time.perf_counter() - started
        after = settle(server, 2.0)
        open_matches = asyncio.run(still_open(server.address, ids))
        db_bytes = sum(f.stat().st_size for f in Path(tmp).glob("bench.sqlite3*"))
    per_match = (after - before) / args.matches
    print(
        f"memory benchmark: {args.matches:,} matches ({'+'.join(seats)}, created and joined in "
        f"{elapsed:.1f}s, {args.matches / elapsed:,.0f}/s), ~{open_matches:,} still open, all in "
        f"the session cache"
    )
    print(
        f"server RSS: {empty / 2**20:.1f} MiB at start, {before / 2**20:.1f} MiB after "
        f"{args.warmup} warm-up matches, {after / 2**20:.1f} MiB with {args.matches:,} more; "
        f"SQLite file {db_bytes / 2**20:.1f} MiB"
    )
    print(f"per match: {per_match:,.0f} bytes ({per_match / 1024:.1f} KiB)")
    print(f"RESULT bytes_per_match={per_match:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
