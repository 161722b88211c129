"""Self-play: bots play whole matches through the engine, and the results are summarised.

Every match is a real ``Match`` driven by ``Match.start``/``Match.act``; each bot decides
from ``view_for(match, seat)`` only.  A simulation is deterministic for its seed: match
``i`` gets the 32-byte shuffle seed ``sha256(f"{seed}/{i}")`` and the bot in seat ``s``
an RNG keyed by ``f"{seed}/{i}/bot/{s}"``.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots import BOT_KINDS, Bot, make_bot, seeded_rng
from ..engine import (
    Match,
    MatchConfig,
    MatchEnded,
    RoundEnded,
    TilePlaced,
    n_sides,
    side_of,
    view_for,
)
from ..engine.scoring import DEFAULT_TARGET, RAW_PER_POINT, seats_of
from .wording import count_text

Progress = Callable[[int, int], None]
"""Called as ``progress(matches_done, matches_total)`` after every match."""

MAX_ROUNDS = 1_000  # a guard against a match that never ends (cannot happen with sane bots)


def match_seed(seed: object, index: int) -> bytes:
    """The 32-byte shuffle seed of match ``index`` of a simulation seeded with ``seed``."""
    return hashlib.sha256(f"{seed}/{index}".encode()).digest()


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% with the default ``z``)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match, per side of the score."""

    winner_side: int
    scores: tuple[int, ...]  # final raw scores
    rounds: int
    blocked_rounds: int
    scored: tuple[int, ...]  # raw points scored by placements over the match
    deducted: tuple[int, ...]  # raw points lost at the reckonings
    actions: int


def play_match(
    kinds: Sequence[str],
    seed: bytes,
    bots: Sequence[Bot] | None = None,
    target: int = DEFAULT_TARGET,
    bot_seed: object = None,
) -> MatchResult:
    """Play one match with ``kinds[s]`` in seat ``s``.  Bots are built from ``bot_seed``
    (default: the match seed) unless given; either way they only ever see views."""
    n = len(kinds)
    if bots is None:
        key = seed.hex() if bot_seed is None else str(bot_seed)
        bots = [make_bot(kind, seeded_rng(f"{key}/bot/{s}")) for s, kind in enumerate(kinds)]
    match, events = Match.start(MatchConfig(seats=tuple(kinds), seed=seed, target_points=target))
    sides = n_sides(n)
    scored = [0] * sides
    deducted = [0] * sides
    rounds = blocked = actions = 0
    winner: int | None = None
    while True:
        for event in events:
            if isinstance(event, TilePlaced):
                scored[side_of(event.seat, n)] += event.points
            elif isinstance(event, RoundEnded):
                rounds += 1
                blocked += event.blocked
                for s, d in enumerate(event.deductions):
                    deducted[side_of(s, n)] += d
            elif isinstance(event, MatchEnded):
                winner = event.winner_side
        seat = match.to_move()
        if seat is None:
            break
        if rounds > MAX_ROUNDS:
            raise RuntimeError(f"match did not end after {MAX_ROUNDS} rounds")
        action = bots[seat].choose(view_for(match, seat))
        events = match.act(seat, action)
        actions += 1
    assert winner is not None, "a match stops only when it has ended"
    return MatchResult(
        winner_side=winner,
        scores=tuple(match.scores),
        rounds=rounds,
        blocked_rounds=blocked,
        scored=tuple(scored),
        deducted=tuple(deducted),
        actions=actions,
    )


@dataclass(frozen=True, slots=True)
class SideStats:
    side: int
    seats: tuple[int, ...]
    bots: tuple[str, ...]
    wins: int
    win_rate: float
    ci_low: float  # Wilson 95%
    ci_high: float
    raw_per_round: float  # raw points scored by placements, per round
    deducted_per_round: float  # raw points lost at reckonings, per round

    @property
    def displayed_per_round(self) -> float:
        return self.raw_per_round / RAW_PER_POINT

    @property
    def net_displayed_per_round(self) -> float:
        return (self.raw_per_round - self.deducted_per_round) / RAW_PER_POINT


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    players: int
    matches: int
    bots: tuple[str, ...]
    seed: str
    target: int
    sides: tuple[SideStats, ...]
    seat_wins: tuple[int, ...]  # matches won by each seat's side
    rounds: int
    blocked_rounds: int
    actions: int
    elapsed_seconds: float = field(compare=False)

    @property
    def blocked_rate(self) -> float:
        return self.blocked_rounds / self.rounds if self.rounds else 0.0

    @property
    def rounds_per_match(self) -> float:
        return self.rounds / self.matches if self.matches else 0.0

    @property
    def matches_per_second(self) -> float:
        return self.matches / self.elapsed_seconds if self.elapsed_seconds > 0 else math.inf

    def format(self) -> str:
        return format_summary(self)


def simulate(
    players: int,
    matches: int,
    bots: Sequence[str],
    seed: object,
    progress: Progress | None = None,
    target: int = DEFAULT_TARGET,
) -> SimulationSummary:
    """Play ``matches`` matches of ``players`` seats, seat ``s`` played by ``bots[s]``."""
    kinds = tuple(bots)
    if not 2 <= players <= 4:
        raise ValueError(f"a match has 2 to 4 players, got {players}")
    if len(kinds) != players:
        raise ValueError(f"{players} players need {players} bot kinds, got {len(kinds)}")
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown:
        raise ValueError(
            f"unknown bot kind(s) {', '.join(unknown)}; kinds are {', '.join(BOT_KINDS)}"
        )
    if matches < 1:
        raise ValueError("matches must be >= 1")
    sides = n_sides(players)
    wins = [0] * sides
    scored = [0] * sides
    deducted = [0] * sides
    rounds = blocked = actions = 0
    started = time.perf_counter()
    for i in range(matches):
        result = play_match(kinds, match_seed(seed, i), target=target, bot_seed=f"{seed}/{i}")
        wins[result.winner_side] += 1
        for side in range(sides):
            scored[side] += result.scored[side]
            deducted[side] += result.deducted[side]
        rounds += result.rounds
        blocked += result.blocked_rounds
        actions += result.actions
        if progress is not None:
            progress(i + 1, matches)
    elapsed = time.perf_counter() - started
    stats = []
    for side in range(sides):
        seats = seats_of(side, players)
        lo, hi = wilson(wins[side], matches)
        stats.append(
            SideStats(
                side=side,
                seats=seats,
                bots=tuple(kinds[s] for s in seats),
                wins=wins[side],
                win_rate=wins[side] / matches,
                ci_low=lo,
                ci_high=hi,
                raw_per_round=scored[side] / rounds if rounds else 0.0,
                deducted_per_round=deducted[side] / rounds if rounds else 0.0,
            )
        )
    return SimulationSummary(
        players=players,
        matches=matches,
        bots=kinds,
        seed=str(seed),
        target=target,
        sides=tuple(stats),
        seat_wins=tuple(wins[side_of(s, players)] for s in range(players)),
        rounds=rounds,
        blocked_rounds=blocked,
        actions=actions,
        elapsed_seconds=elapsed,
    )


def format_summary(summary: SimulationSummary) -> str:
    """A plain-text table of a simulation's results."""
    head = (
        f"Five Up self-play: {summary.players} players, {count_text(summary.matches, 'match')}, "
        f"target {summary.target}, seed {summary.seed}"
    )
    columns = (
        "side", "seats", "bots", "wins", "win rate", "95% CI",
        "raw/round", "disp/round", "deduct/round", "net disp/round",
    )  # fmt: skip
    rows = [
        (
            str(s.side),
            "+".join(map(str, s.seats)),
            "+".join(s.bots),
            str(s.wins),
            f"{s.win_rate:.1%}",
            f"[{s.ci_low:.1%}, {s.ci_high:.1%}]",
            f"{s.raw_per_round:.2f}",
            f"{s.displayed_per_round:.2f}",
            f"{s.deducted_per_round:.2f}",
            f"{s.net_displayed_per_round:.2f}",
        )
        for s in summary.sides
    ]
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(columns)]
    left = {1, 2}

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    out = [head, "", line(columns), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    out += [
        "",
        f"rounds: {summary.rounds} ({summary.rounds_per_match:.2f} per match); "
        f"blocked: {summary.blocked_rounds} ({summary.blocked_rate:.1%})",
        f"speed: {summary.matches_per_second:.2f} matches/s "
        f"({summary.elapsed_seconds:.2f} s, {summary.actions} actions)",
    ]
    return "\n".join(out)
