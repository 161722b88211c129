"""Benchmark: what voiding a rated result costs (issue 33, AdminService.VoidResult),
against rebuilding every rating from the logs (the baseline: ``fiveup check-ratings``'s
rebuild, which a void that recomputed everything would be).

    .venv/bin/python -m bench.void [--smoke] [--matches N] [--players N] [--seed N]

A SQLite database of ``--matches`` rated two-player matches (``--players`` players, each
match a random pair; 5-point matches played to their end by random legal moves through
the engine, stored as the server stores them: the log, the seat bindings, the outcome
with the append that ends the match) is built once; then, each on a fresh copy of it:

* **rebuild**: every rating rebuilt from the logs of the whole ledger;
* **void newest / middle / oldest**: ``match.voiding.ResultVoiding.void`` of the ledger's
  last, middle and first match -- a farmed result is usually recent -- which rates again
  only the later matches its players' changes reach, reading only their logs.  Each void
  is checked: the ratings after it equal a rebuild without that match, float for float.

It prints the time of each and the later matches each void rated again, and last:

    RESULT void_newest_vs_rebuild=<void of the newest / rebuild>

Figures come from one run on whatever machine runs it (a shared one: compare the lines
of one run, not runs).  ``--smoke``: a small database (a test checks the format).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path

from fiveup.engine import Match, MatchConfig, MatchEnded
from fiveup.engine.shuffle import new_seed
from fiveup.match.event_mapper import to_bodies
from fiveup.match.ports import MatchRecord
from fiveup.match.ratings_replay import ratings_from_logs
from fiveup.match.voiding import ResultVoiding
from fiveup.ratings.outcome import match_outcome
from fiveup.store import open_lobby_store, open_rating_store, open_store

TARGET = 5


def _played(rng: random.Random, players: tuple[str, str]) -> tuple[MatchConfig, list, int]:
    """A rated match of ``players`` played to its end by random legal moves: its config,
    its events and how many of them its creation wrote."""
    config = MatchConfig(("human", "human"), new_seed(), TARGET, rated=True)
    match, events = Match.start(config)
    created = len(events)
    for seat, player in enumerate(players):
        events += match.claim_seat(seat, player.title(), player)
    while not match.finished:
        seat = match.to_move()
        assert seat is not None
        events += match.act(seat, rng.choice(match.legal_actions(seat)))
    return config, events, created


async def build(path: Path, matches: int, players: int, seed: int) -> None:
    rng = random.Random(seed)
    ratings = open_rating_store(str(path))
    events = open_store(str(path), ratings=ratings)
    lobby = open_lobby_store(str(path))
    for store in (events, ratings, lobby):
        await store.open()
    names = [f"p{n:03d}" for n in range(players)]
    try:
        for n in range(matches):
            pair = tuple(rng.sample(names, 2))
            config, log, created = _played(rng, pair)  # type: ignore[arg-type]
            match_id = f"m{n:05d}"
            await events.create_match(
                MatchRecord(match_id, config.seats, TARGET, config.seed, float(n)),
                to_bodies(log[:created]),
            )
            for seat, player in enumerate(pair):
                await lobby.bind_seat(match_id, seat, player, float(n))
            assert isinstance(log[-1], MatchEnded)
            outcome = match_outcome(match_id, float(n) + 0.5, log, dict(enumerate(pair)))
            assert outcome.rated
            await events.append(
                match_id, created, to_bodies(log[created:]), finished=True, outcome=outcome
            )
    finally:
        for store in (lobby, ratings, events):
            await store.close()


async def rebuild(path: Path) -> float:
    ratings = open_rating_store(str(path))
    events, lobby = open_store(str(path)), open_lobby_store(str(path))
    for store in (events, ratings, lobby):
        await store.open()
    try:
        started = time.perf_counter()
        ledger = await ratings.rated_match_ids()
        rebuilt = await ratings_from_logs(ledger, events, lobby)
        seconds = time.perf_counter() - started
        assert rebuilt == await ratings.all_ratings()
        return seconds
    finally:
        for store in (lobby, ratings, events):
            await store.close()


async def void(path: Path, match_id: str) -> tuple[float, int]:
    """The void's time and how many later matches it rated again (checked exact)."""
    ratings = open_rating_store(str(path))
    events, lobby = open_store(str(path)), open_lobby_store(str(path))
    for store in (events, ratings, lobby):
        await store.open()
    try:
        voiding = ResultVoiding(events, ratings, owners=lobby)
        started = time.perf_counter()
        voided = await voiding.void(match_id, "local:bench", "bench")
        seconds = time.perf_counter() - started
        kept = [m for m in await ratings.rated_match_ids() if m != match_id]
        assert await ratings.all_ratings() == await ratings_from_logs(kept, events, lobby)
        return seconds, voided.rerated
    finally:
        for store in (lobby, ratings, events):
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000, help="rated matches in the ledger")
    parser.add_argument("--players", type=int, default=200, help="players they are played by")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="a small database (format check)")
    args = parser.parse_args()
    matches, players = (40, 8) if args.smoke else (args.matches, args.players)
    folder = Path(tempfile.mkdtemp(prefix="fiveup-void-"))
    try:
        built = folder / "built.sqlite3"
        started = time.perf_counter()
        asyncio.run(build(built, matches, players, args.seed))
        print(f"built {matches} rated matches of {players} players in"
              f" {time.perf_counter() - started:.1f} s (SQLite)")  # fmt: skip
        base = asyncio.run(rebuild(built))
        print(f"rebuild of every rating from the logs: {base * 1000:9.1f} ms")
        figures = {}
        for name, index in (("newest", matches - 1), ("middle", matches // 2), ("oldest", 0)):
            copy = folder / f"{name}.sqlite3"
            shutil.copy(built, copy)
            seconds, rerated = asyncio.run(void(copy, f"m{index:05d}"))
            figures[name] = seconds
            print(f"void of the {name:6} match:       {seconds * 1000:9.1f} ms"
                  f" (x{seconds / base:.3f} of the rebuild; {rerated} of the"
                  f" {matches - 1 - index} later matches rated again)")  # fmt: skip
        print(f"RESULT void_newest_vs_rebuild={figures['newest'] / base:.4f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
