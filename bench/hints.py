"""Benchmark: hints (SuggestMoves) -- how fast, how close to the master, how much they help.

    .venv/bin/python -m bench.hints [--calls N] [--positions P] [--matches M] [--smoke]

1. **Latency** over a real server (``fiveup serve`` in a subprocess, the default hint
   settings, hint rate limit off): a client plays practice matches (one human, greedy
   bots) and at each of its turns calls SuggestMoves at the default deadline and, side by
   side, ListLegalMoves for the same position; p50/p99 of both and their ratio.
2. **Agreement** over P positions from expert-vs-greedy self-play where the mover has a
   real choice (two or more placements the rules tell apart): how often the top hint is
   the move the master bot itself plays (its own RNG; the hint draws the same number of
   deals seeded from the view, so the two disagree only where sampling noise decides).
3. **Win rate gain** over M two-player matches (seats alternating, the same shuffle seeds
   for both arms): a player that always follows the top hint against greedy, minus greedy
   against greedy.  Goal: more than 0.1.

The last line is ``RESULT hint_top_agrees_with_master=<rate>`` (hints come from the
strongest level since issue 24; the expert before); ``RESULT hints_winrate_gain=<delta>``
comes just before it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

import grpc

from fiveup.bots import make_bot, seeded_rng
from fiveup.bots.base import Bot, check_view
from fiveup.cli.simulate import match_seed, play_match, wilson
from fiveup.engine import Action, Match, MatchConfig, MatchView, Place, view_for
from fiveup.match.hints import DEFAULT_SAMPLES, rank_moves
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc
from fiveup_core.abstract import point_kind, tile_of

from ._server import ServerProcess, percentile

BEHIND_HINTS = "master"  # the level whose estimate SuggestMoves gives


class HintFollower:
    """Plays the top hint: what a person who always follows SuggestMoves would do."""

    kind = "hints"

    def __init__(self, samples: int = DEFAULT_SAMPLES) -> None:
        self.samples = samples

    def choose(self, view: MatchView) -> Action:
        actions = check_view(view).legal_actions
        if len(actions) == 1:
            return actions[0]
        return rank_moves(view, samples=self.samples).hints[0].action


def candidate(action: Action) -> tuple[int, int, int] | str:
    """Placements the rules treat alike compare equal (as in the expert bot)."""
    if isinstance(action, Place):
        return (tile_of(action.tile), *point_kind(action.on))
    return str(action)


# --------------------------------------------------------------------------- 1. latency


def measure_latency(calls: int, workdir: Path) -> tuple[list[float], list[float], list[int]]:
    env = {"FIVEUP_RATE_LIMIT_HINTS": "0", "FIVEUP_TURN_TIMEOUT_SECONDS": "0"}
    hints_s: list[float] = []
    legal_s: list[float] = []
    samples: list[int] = []
    with ServerProcess(workdir, env=env) as server, grpc.insecure_channel(server.address) as ch:
        stub = match_pb2_grpc.MatchServiceStub(ch)
        human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
        greedy = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY)
        game = 0
        while len(hints_s) < calls:
            players = 2 + game % 3
            created = stub.CreateMatch(
                pb.CreateMatchRequest(seats=[human] + [greedy] * (players - 1), practice=True)
            )
            match_id = created.match_id
            token = stub.JoinMatch(pb.JoinMatchRequest(match_id=match_id)).seat_token
            md = (("authorization", f"Bearer {token}"),)
            game += 1
            for n in range(10_000):
                view = stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=md).view
                if view.status == pb.MATCH_STATUS_FINISHED or len(hints_s) >= calls:
                    break
                if not (view.HasField("turn_seat") and view.turn_seat == 0):
                    time.sleep(0.002)  # the bots are moving
                    continue
                request = pb.ListLegalMovesRequest(match_id=match_id, min_version=view.version)
                started = time.perf_counter()
                stub.ListLegalMoves(request, metadata=md)
                legal_s.append(time.perf_counter() - started)
                started = time.perf_counter()
                answer = stub.SuggestMoves(
                    pb.SuggestMovesRequest(match_id=match_id, min_version=view.version),
                    metadata=md,
                )
                hints_s.append(time.perf_counter() - started)
                samples.append(answer.samples)
                stub.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id,
                        move=answer.hints[0].move,
                        expected_version=answer.version,
                        request_id=f"bench-{n}",
                    ),
                    metadata=md,
                )
    return hints_s, legal_s, samples


# --------------------------------------------------------------------------- 2. agreement


def positions(count: int, seed: str) -> list[MatchView]:
    """Views of the seat to move with a real choice, from expert-vs-greedy self-play."""
    found: list[MatchView] = []
    index = 0
    while len(found) < count:
        kinds = ("expert", "greedy") if index % 2 == 0 else ("greedy", "expert")
        bots: list[Bot] = [
            make_bot(kind, seeded_rng(f"{seed}/pos/{index}/{s}")) for s, kind in enumerate(kinds)
        ]
        match, _ = Match.start(MatchConfig(seats=kinds, seed=match_seed(seed, index)))
        while (seat := match.to_move()) is not None and len(found) < count:
            view = view_for(match, seat)
            if len({candidate(a) for a in view.legal_actions if isinstance(a, Place)}) >= 2:
                found.append(view)
            match.act(seat, bots[seat].choose(view))
        index += 1
    return found


def agreement(views: list[MatchView], seed: str) -> tuple[int, int, float]:
    """(top hint == the master's move, the master == itself with another RNG: the noise
    floor of sampling, seconds)."""
    agree = self_agree = 0
    started = time.perf_counter()
    for i, view in enumerate(views):
        master = make_bot(BEHIND_HINTS, seeded_rng(f"{seed}/master/{i}"))
        again = make_bot(BEHIND_HINTS, seeded_rng(f"{seed}/again/{i}"))
        chosen = candidate(master.choose(view))
        agree += chosen == candidate(rank_moves(view).hints[0].action)
        self_agree += chosen == candidate(again.choose(view))
    return agree, self_agree, time.perf_counter() - started


# --------------------------------------------------------------------------- 3. win rates


def play_pair(job: tuple[str, int]) -> tuple[bool, bool]:
    """Match ``index`` twice on the same shuffle seed: the hint follower vs greedy, and
    greedy vs greedy; answer whether the seat under test won each."""
    seed, index = job
    seat = index % 2
    kinds = ["greedy", "greedy"]
    greedy = [make_bot("greedy", seeded_rng(f"{seed}/{index}/{s}")) for s in (0, 1)]
    followed: list[Bot] = list(greedy)
    followed[seat] = HintFollower()
    with_hints = play_match(kinds, match_seed(seed, index), bots=followed)
    plain = [make_bot("greedy", seeded_rng(f"{seed}/{index}/{s}")) for s in (0, 1)]
    without = play_match(kinds, match_seed(seed, index), bots=plain)
    return with_hints.winner_side == seat, without.winner_side == seat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.hints", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--calls", type=int, default=300, help="SuggestMoves calls timed")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", default="bench-hints")
    parser.add_argument("--smoke", action="store_true", help="a few seconds: tiny counts")
    args = parser.parse_args(argv)
    calls = 8 if args.smoke else args.calls
    n_positions = 12 if args.smoke else args.positions
    matches = 2 if args.smoke else args.matches
    workers = 1 if args.smoke else max(1, args.workers)

    with tempfile.TemporaryDirectory(prefix="bench-hints-") as tmp:
        hints_s, legal_s, samples = measure_latency(calls, Path(tmp))
    hints_s.sort()
    legal_s.sort()
    p50, p99 = percentile(hints_s, 0.5), percentile(hints_s, 0.99)
    l50, l99 = percentile(legal_s, 0.5), percentile(legal_s, 0.99)
    print(f"SuggestMoves at the default deadline over a real server, {len(hints_s)} calls:")
    print(f"  SuggestMoves   p50 {p50 * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms")
    print(f"  ListLegalMoves p50 {l50 * 1000:7.1f} ms   p99 {l99 * 1000:7.1f} ms (baseline)")
    estimated = [n for n in samples if n]  # 0: a forced draw or pass, nothing to estimate
    print(
        f"  ratio p50 {p50 / l50:.0f}x; {len(estimated)} calls estimated, "
        f"deals sampled per estimate: mean {sum(estimated) / max(1, len(estimated)):.1f}, "
        f"min {min(estimated, default=0)}"
    )

    views = positions(n_positions, args.seed)
    agree, self_agree, seconds = agreement(views, args.seed)
    print(f"agreement over {len(views)} positions with a choice ({seconds:.1f} s):")
    for name, n in (
        ("top hint = the master's move", agree),
        ("the master = itself, another RNG (noise floor)", self_agree),
    ):
        lo, hi = wilson(n, len(views))
        print(f"  {name:48s} {n / len(views):6.1%}  95% CI [{lo:.1%}, {hi:.1%}]")

    jobs = [(args.seed, i) for i in range(matches)]
    started = time.perf_counter()
    if workers == 1:
        pairs = [play_pair(job) for job in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            pairs = pool.map(play_pair, jobs, chunksize=4)
    won_hints = sum(a for a, _ in pairs)
    won_plain = sum(b for _, b in pairs)
    rate_hints, rate_plain = won_hints / matches, won_plain / matches
    print(
        f"{matches} two-player matches vs greedy, same seeds, seats alternating "
        f"({time.perf_counter() - started:.1f} s, {workers} process(es)):"
    )
    for name, won in (("greedy following the top hint", won_hints), ("greedy", won_plain)):
        lo, hi = wilson(won, matches)
        print(f"  {name:30s} {won}/{matches} = {won / matches:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")
    print(f"RESULT hints_winrate_gain={rate_hints - rate_plain:.4f}")
    print(f"RESULT hint_top_agrees_with_master={agree / len(views):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
