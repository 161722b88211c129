"""Seeded, resumable self-play for the bot benchmarks and the ladder.

A run is a list of ``Game``s (who sits where, and the seed material of the match); each
finished game is appended to a JSON-lines file as soon as it ends, so a run that is
killed continues where it stopped when started again with the same file.  Games are
played in worker processes (``spawn``), each game deterministic for its seed whatever
the number of workers.

Every bot decides from ``view_for(match, seat)`` only, through ``fiveup.cli.simulate``'s
``play_match``; ``Timed`` records each searching decision's think time.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fiveup.bots import Bot, make_bot, seeded_rng
from fiveup.cli.simulate import MatchResult, match_seed, play_match
from fiveup.engine import MatchView
from fiveup.engine.actions import Action
from fiveup.engine.scoring import n_sides, side_of


@dataclass(frozen=True, slots=True)
class Game:
    """One match to play: ``kinds[s]`` in seat ``s``; the shuffle seed is
    ``match_seed(seed, index)`` and seat ``s``'s bot RNG is keyed by
    ``f"{seed}/{index}/bot/{s}"``."""

    key: str  # unique within a run (the results file is keyed by it)
    kinds: tuple[str, ...]
    seed: str
    index: int
    target: int = 61


@dataclass(slots=True)
class GameResult:
    key: str
    kinds: list[str]
    index: int
    winner_side: int
    scores: list[int]
    rounds: int
    scored: list[int]  # raw, per side
    deducted: list[int]
    placements: list[int]  # per side: its place (1 = won), as fiveup.ratings ranks a match
    think_cpu: dict[str, list[float]] = field(default_factory=dict)  # kind -> seconds
    think_wall: dict[str, list[float]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def side_of_seat(self, seat: int) -> int:
        return side_of(seat, len(self.kinds))


class Timed:
    """A bot whose searching decisions (more than one distinct placement) are timed:
    CPU time of this thread and wall-clock time."""

    def __init__(self, bot: Bot, cpu: list[float], wall: list[float]) -> None:
        self.bot = bot
        self.kind = bot.kind
        self.cpu = cpu
        self.wall = wall

    def choose(self, view: MatchView) -> Action:
        c, w = time.thread_time(), time.perf_counter()
        action = self.bot.choose(view)
        if getattr(self.bot, "last_values", None):
            self.cpu.append(time.thread_time() - c)
            self.wall.append(time.perf_counter() - w)
        return action


def placements_of(result: MatchResult) -> list[int]:
    """Each side's place (1 = the winner; the others by final score, ties shared),
    as ``fiveup.ratings`` ranks a finished match."""
    from fiveup.ratings.stats import placements

    return list(placements(result.scores, result.winner_side))


LADDER_SEED = "ladder"
"""The seed of the games between levels (``bench.ladder`` rates them, ``bench.bots``
reports them: both read one results file)."""


def pair_games(a: str, b: str, matches: int, seed: str = LADDER_SEED) -> list[Game]:
    """``matches`` two-player games of ``a`` against ``b``, seats alternating on shared
    deals (games ``2k`` and ``2k + 1`` play the deals of ``k``)."""
    games = []
    for i in range(matches):
        kinds = (a, b) if i % 2 == 0 else (b, a)
        games.append(Game(f"{a}-{b}/{i}", kinds, f"{seed}/{a}-{b}", i // 2))
    return games


def play_game(game: Game) -> GameResult:
    cpu: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    bots: list[Bot] = []
    for s, kind in enumerate(game.kinds):
        bot = make_bot(kind, seeded_rng(f"{game.seed}/{game.index}/bot/{s}"))
        bots.append(Timed(bot, cpu.setdefault(kind, []), wall.setdefault(kind, [])))
    r = play_match(game.kinds, match_seed(game.seed, game.index), bots=bots, target=game.target)
    return GameResult(
        key=game.key,
        kinds=list(game.kinds),
        index=game.index,
        winner_side=r.winner_side,
        scores=list(r.scores),
        rounds=r.rounds,
        scored=list(r.scored),
        deducted=list(r.deducted),
        placements=placements_of(r),
        think_cpu={k: [round(x, 6) for x in v] for k, v in cpu.items() if v},
        think_wall={k: [round(x, 6) for x in v] for k, v in wall.items() if v},
    )


def run(
    games: Sequence[Game],
    results: Path | None,
    workers: int,
    play: Callable[[Game], GameResult] = play_game,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` (those not already in ``results``), appending each result to
    ``results`` as it finishes; answer every game's result in the order of ``games``."""
    done: dict[str, GameResult] = {}
    if results is not None and results.exists():
        for line in results.read_text().splitlines():
            if line.strip():
                r = GameResult(**json.loads(line))
                done[r.key] = r
    wanted = {g.key for g in games}
    todo = [g for g in games if g.key not in done]
    out = open(results, "a") if results is not None else None  # noqa: SIM115 - kept open
    try:
        for r in _results(todo, workers, play):
            done[r.key] = r
            if out is not None:
                out.write(json.dumps(asdict(r), separators=(",", ":")) + "\n")
                out.flush()
            if progress is not None:
                progress(sum(1 for k in done if k in wanted), len(games))
    finally:
        if out is not None:
            out.close()
    return [done[g.key] for g in games]


def _results(
    todo: Sequence[Game], workers: int, play: Callable[[Game], GameResult]
) -> Iterable[GameResult]:
    if workers <= 1 or len(todo) <= 1:
        for game in todo:
            yield play(game)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(play, todo, chunksize=1)


def default_workers() -> int:
    return min(2, os.cpu_count() or 1)


def progress_printer(label: str) -> Callable[[int, int], None] | None:
    """A progress line on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\r  {label}: {done}/{total}", end=end, file=sys.stderr, flush=True)

    return show


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values`` (NaN when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def sides_of(kinds: Sequence[str]) -> int:
    return n_sides(len(kinds))
