"""The patterns of farmed ratings, found in the rated results of a window (pure: the
evidence is gathered by ``fiveup.admin.integrity``).  Each detector answers signals with
their evidence -- the players, the matches, one line saying what is odd -- and leaves out
the matches an operator already judged for the same kind and subject (``Judged``).

What each looks for, and why (the thresholds are ``IntegrityConfig``'s, documented in
docs/operations.md, "Ratings integrity"):

* **REPEATED_PAIR** -- two opponents rated together ``pair_min_matches`` times or more in
  ``pair_window_seconds``.  Volume against one friendly opponent (a second account, a
  friend feeding wins) is how ratings are farmed; the rated-play pair limit slows it to
  a few a day, this finds it across days.  Lopsided results (one side winning nearly
  all) score higher: friends who play a lot split their games.
* **EARLY_ENDINGS** -- a player won ``early_min_results`` rated matches or more by the
  other side's forfeit (resigned, abandoned, a deadline) when some seat had made at most
  ``early_max_own_moves`` moves of its own.  The rated-play gate already records a
  forfeit before 3 own moves unrated; a sock that plays its 3 moves and resigns passes
  the gate -- this is the band just above it.
* **SHARED_ADDRESS** -- opponents both seen from one address prefix (IPv4 /24, IPv6 /64)
  in ``shared_min_matches`` rated matches or more.  A prefix that more than
  ``shared_max_players`` players were seen from is a shared network (a campus, a
  carrier's NAT), not evidence, and is left out.
* **FEW_OWN_MOVES** -- a player whose rating rose over ``few_min_results`` rated results
  or more whose median of own moves (not a stand-in's) is at most
  ``few_max_median_moves``: rating earned without playing.  An honest 61-point match is
  dozens of own moves a seat.
* **SUDDEN_CLIMB** -- a rating that rose ``climb_points`` display points or more within
  ``climb_window_seconds``, at ``climb_points_per_match`` or more a rated match, over
  ``climb_min_matches`` matches or more: a rise that many matches explain (a long day of
  play) is not flagged, one that few matches bought -- a stronger account throwing
  games, socks beaten in a row -- is; fewer matches than that are a provisional
  rating's ordinary swing (four lucky wins of a newcomer can add 300).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..match.forfeits import ForfeitRecord
from ..ratings.evidence import RatedResult, RatedSeat
from ..ratings.scale import display_rating
from .signals import Signal, SignalKind

HOUR = 3600.0
DAY = 24 * HOUR

# Matches an operator judged, by the kind and subject of the signal they judged them in.
Judged = Mapping[tuple[SignalKind, tuple[str, ...]], frozenset[str]]


@dataclass(frozen=True, slots=True)
class IntegrityConfig:
    window_seconds: float = 30 * DAY  # the rated matches scanned: ended this recently
    max_matches: int = 20_000  # ... at most this many, the latest
    pair_min_matches: int = 6
    pair_window_seconds: float = 7 * DAY
    lopsided_share: float = 0.8  # a pair's results are lopsided when one won this share
    early_max_own_moves: int = 10
    early_min_results: int = 3
    shared_min_matches: int = 2
    shared_max_players: int = 20
    few_max_median_moves: float = 12.0
    few_min_results: int = 5
    climb_points: float = 300.0
    climb_window_seconds: float = DAY
    climb_points_per_match: float = 40.0
    climb_min_matches: int = 5


@dataclass(frozen=True, slots=True)
class Played:
    """A rated result seen from one seat."""

    result: RatedResult
    seat: RatedSeat

    @property
    def match_id(self) -> str:
        return self.result.match_id

    @property
    def rise(self) -> int:
        return display_rating(self.seat.after.mu) - display_rating(self.seat.before.mu)


def detect(
    results: Sequence[RatedResult],
    config: IntegrityConfig,
    now: float,
    *,
    forfeits: Mapping[str, ForfeitRecord],
    addresses: Mapping[str, frozenset[str]],
    judged: Judged,
) -> list[Signal]:
    """Every signal in ``results`` (the rated matches of the window, in rated order)."""
    by_player = played_by(results)  # once for both detectors that look per player
    return [
        *repeated_pairs(results, config, now, judged),
        *early_endings(results, forfeits, config, judged),
        *shared_addresses(results, addresses, config, judged),
        *few_own_moves(by_player, config, judged),
        *sudden_climbs(by_player, config, judged),
    ]


def fewest_own_moves(result: RatedResult) -> int | None:
    """The fewest own moves any seat made (None: a result from before they were kept)."""
    counts = [s.own_moves for s in result.seats]
    return None if any(c is None for c in counts) else min(c for c in counts if c is not None)


def _fresh(
    judged: Judged, kind: SignalKind, subject: tuple[str, ...], games: Iterable[Played]
) -> list[Played]:
    done = judged.get((kind, subject), frozenset())
    return [g for g in games if g.match_id not in done]


def _pairs(results: Iterable[RatedResult]) -> dict[tuple[str, str], list[RatedResult]]:
    """The rated matches of each pair of opponents (the pair sorted)."""
    found: dict[tuple[str, str], list[RatedResult]] = defaultdict(list)
    for result in results:
        for a, b in result.opponents():
            if a.player_id != b.player_id:
                found[_sorted_pair(a.player_id, b.player_id)].append(result)
    return found


def _sorted_pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _seat_of(result: RatedResult, player_id: str) -> RatedSeat:
    return next(s for s in result.seats if s.player_id == player_id)


def _span(games: Sequence[Played]) -> str:
    """How long the matches took, from the first end to the last, in words."""
    seconds = games[-1].result.ended_at - games[0].result.ended_at
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < HOUR:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * DAY:
        return f"{seconds / HOUR:.1f} h"
    return f"{seconds / DAY:.1f} days"


def _players(n: int) -> str:
    return f"{n}-player" if n < 4 else "partnerships"


def repeated_pairs(
    results: Sequence[RatedResult], config: IntegrityConfig, now: float, judged: Judged
) -> list[Signal]:
    kind, out = SignalKind.REPEATED_PAIR, []
    recent = [r for r in results if r.ended_at >= now - config.pair_window_seconds]
    for pair, matches in _pairs(recent).items():
        games = _fresh(judged, kind, pair, (Played(r, _seat_of(r, pair[0])) for r in matches))
        n = len(games)
        if n < max(config.pair_min_matches, 1):
            continue
        wins = {p: sum(_seat_of(g.result, p).won for g in games) for p in pair}
        first, second = sorted(pair, key=lambda p: (-wins[p], p))
        lopsided = max(wins.values()) / n >= config.lopsided_share
        evidence = (
            f"{n} rated matches against each other in {_span(games)}; won {wins[first]} to"
            f" {wins[second]}" + (" (lopsided)" if lopsided else "")
        )
        score = n / config.pair_min_matches * (2.0 if lopsided else 1.0)
        out.append(
            Signal(kind, pair, (first, second), tuple(g.match_id for g in games), evidence, score)
        )
    return out


def early_endings(
    results: Sequence[RatedResult],
    forfeits: Mapping[str, ForfeitRecord],
    config: IntegrityConfig,
    judged: Judged,
) -> list[Signal]:
    kind = SignalKind.EARLY_ENDINGS
    wins: dict[str, list[tuple[Played, ForfeitRecord, int]]] = defaultdict(list)
    for result in results:
        forfeit, fewest = forfeits.get(result.match_id), fewest_own_moves(result)
        if forfeit is None or fewest is None or fewest > config.early_max_own_moves:
            continue
        for seat in result.seats:
            if seat.won:
                wins[seat.player_id].append((Played(result, seat), forfeit, fewest))
    out = []
    for player, found in wins.items():
        fresh = {g.match_id for g in _fresh(judged, kind, (player,), (w[0] for w in found))}
        found = [w for w in found if w[0].match_id in fresh]
        if len(found) < max(config.early_min_results, 1):
            continue
        conceded = {
            s.player_id
            for played, forfeit, _ in found
            for s in played.result.seats
            if s.side == _side_of(played.result, forfeit.seat)
        }
        reasons: dict[str, int] = defaultdict(int)
        for _, forfeit, _ in found:
            reasons[forfeit.reason] += 1
        how = ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items()))
        evidence = (
            f"{len(found)} rated wins by the other side's forfeit ({how}) with at most"
            f" {max(w[2] for w in found)} own moves in a seat; conceded by"
            f" {len(conceded)} player{'s' if len(conceded) != 1 else ''}"
        )
        players = (player, *sorted(conceded - {player}))
        matches = tuple(w[0].match_id for w in found)
        out.append(
            Signal(kind, (player,), players, matches, evidence,
                   len(found) / config.early_min_results)
        )  # fmt: skip
    return out


def _side_of(result: RatedResult, seat: int) -> int:
    return next(s.side for s in result.seats if s.seat == seat)


def shared_addresses(
    results: Sequence[RatedResult],
    addresses: Mapping[str, frozenset[str]],
    config: IntegrityConfig,
    judged: Judged,
) -> list[Signal]:
    """``addresses``: the prefixes each player was seen from, shared networks (more than
    ``shared_max_players`` players) already left out."""
    kind, out = SignalKind.SHARED_ADDRESS, []
    for pair, matches in _pairs(results).items():
        common = addresses.get(pair[0], frozenset()) & addresses.get(pair[1], frozenset())
        if not common:
            continue
        games = _fresh(judged, kind, pair, (Played(r, _seat_of(r, pair[0])) for r in matches))
        if len(games) < max(config.shared_min_matches, 1):
            continue
        prefixes = ", ".join(sorted(common))
        evidence = f"{len(games)} rated matches against each other, both seen from {prefixes}"
        score = 1.5 * len(games) / config.shared_min_matches
        out.append(
            Signal(kind, pair, pair, tuple(g.match_id for g in games), evidence, score,
                   detail=prefixes)
        )  # fmt: skip
    return out


def played_by(results: Iterable[RatedResult]) -> dict[str, list[Played]]:
    """Each player's rated results, in rated order."""
    found: dict[str, list[Played]] = defaultdict(list)
    for result in results:
        for seat in result.seats:
            found[seat.player_id].append(Played(result, seat))
    return found


def few_own_moves(
    by_player: Mapping[str, Sequence[Played]], config: IntegrityConfig, judged: Judged
) -> list[Signal]:
    kind, out = SignalKind.FEW_OWN_MOVES, []
    for player, played in by_player.items():
        games = _fresh(judged, kind, (player,), (g for g in played if g.seat.own_moves is not None))
        if len(games) < max(config.few_min_results, 1):
            continue
        moves = [g.seat.own_moves or 0 for g in games]
        median = statistics.median(moves)
        rise = sum(g.rise for g in games)
        if median > config.few_max_median_moves or rise <= 0:
            continue
        evidence = (
            f"{len(games)} rated results from {sum(moves)} own moves (median {median:g} a"
            f" result); rating {rise:+d}"
        )
        score = (
            len(games) / config.few_min_results * (config.few_max_median_moves + 1) / (median + 1)
        )
        out.append(
            Signal(kind, (player,), (player,), tuple(g.match_id for g in games), evidence, score)
        )
    return out


def sudden_climbs(
    by_player: Mapping[str, Sequence[Played]], config: IntegrityConfig, judged: Judged
) -> list[Signal]:
    kind, out = SignalKind.SUDDEN_CLIMB, []
    for player, played in by_player.items():
        done = judged.get((kind, (player,)), frozenset())
        by_category: dict[str, list[Played]] = defaultdict(list)
        for game in played:
            by_category[game.result.category].append(game)
        best: tuple[int, list[Played]] | None = None
        for games in by_category.values():
            for run in _runs(games, done):
                found = _steepest(run, config)
                if found is not None and (best is None or found[0] > best[0]):
                    best = found
        if best is None:
            continue
        rise, games = best
        first, last = games[0].seat.before.mu, games[-1].seat.after.mu
        evidence = (
            f"rating {rise:+d} in {len(games)} rated matches within {_span(games)}"
            f" ({_players(len(games[0].result.seats))}: {display_rating(first)} to"
            f" {display_rating(last)})"
        )
        out.append(
            Signal(kind, (player,), (player,), tuple(g.match_id for g in games), evidence,
                   rise / config.climb_points)
        )  # fmt: skip
    return out


def _runs(games: Sequence[Played], judged: frozenset[str]) -> list[list[Played]]:
    """``games`` cut at the judged ones: a climb is measured over consecutive matches
    (each starts from the rating the one before left)."""
    runs: list[list[Played]] = [[]]
    for game in games:
        if game.match_id in judged:
            runs.append([])
        else:
            runs[-1].append(game)
    return [run for run in runs if run]


def _steepest(run: Sequence[Played], config: IntegrityConfig) -> tuple[int, list[Played]] | None:
    """The largest rise within the climb window over consecutive matches of ``run`` that
    passes the thresholds (its size, its size per match, its matches).  Most players'
    whole run never rises that far: they cost one pass; the others, each match against
    those before it within the window."""
    before = [display_rating(g.seat.before.mu) for g in run]
    after = [display_rating(g.seat.after.mu) for g in run]
    if max(after) - min(before) < config.climb_points:
        return None
    best: tuple[int, list[Played]] | None = None
    for j, last in enumerate(run):
        top = after[j]
        for i in range(j, -1, -1):
            if last.result.ended_at - run[i].result.ended_at > config.climb_window_seconds:
                break
            rise = top - before[i]
            n = j - i + 1
            steep = rise >= config.climb_points and rise / n >= config.climb_points_per_match
            if steep and n >= config.climb_min_matches and (best is None or rise > best[0]):
                best = (rise, list(run[i : j + 1]))
    return best
