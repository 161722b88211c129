"""The integrity detectors on rated results rated by the real model (``ratings.model.
rate``, as the stores rate them): each pattern raises its signal at its threshold and
not below it, outside its window, or for the matches an operator already judged -- and
the signal's id follows its evidence, not its wording.  (tests/admin/test_integrity.py
plays the patterns through a real server.)"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from fiveup.admin.detectors import (
    DAY,
    HOUR,
    IntegrityConfig,
    early_endings,
    few_own_moves,
    played_by,
    repeated_pairs,
    shared_addresses,
    sudden_climbs,
)
from fiveup.admin.signals import SignalKind
from fiveup.match.forfeits import ForfeitRecord
from fiveup.ratings.evidence import RatedResult, RatedSeat
from fiveup.ratings.model import RatedMatch, Rating, rate

NOW = 100 * DAY
CONFIG = IntegrityConfig()


class Ledger:
    """Two-player rated matches, rated in order by the model."""

    def __init__(self) -> None:
        self.ratings: dict[str, Rating] = {}
        self.results: list[RatedResult] = []

    def play(self, winner: str, loser: str, at: float, moves: tuple[int, int] = (40, 40)) -> str:
        match_id = f"m{len(self.results) + 1}"
        after = rate(self.ratings, RatedMatch(match_id, ((winner,), (loser,)), (61, 10), 0))
        seats = tuple(
            RatedSeat(p, seat, seat, seat == 0, moves[seat], self.ratings.get(p, Rating()),
                      after[p])
            for seat, p in enumerate((winner, loser))
        )  # fmt: skip
        self.ratings.update(after)
        self.results.append(RatedResult(match_id, "2", at, seats))
        return match_id


def ids(results: Sequence[object]) -> list[tuple[SignalKind, tuple[str, ...]]]:
    return [(s.kind, s.players) for s in results]  # type: ignore[attr-defined]


def test_the_same_pair_again_and_again_lopsided_scores_higher() -> None:
    ledger = Ledger()
    for n in range(6):
        ledger.play("main", "sock", NOW - 5 * HOUR + n * 600)
    for n in range(6):  # friends who split their games
        ledger.play(*(("ann", "ben") if n % 2 else ("ben", "ann")), NOW - DAY + n * 600)
    for n in range(5):  # one short of the threshold
        ledger.play("cat", "dan", NOW - HOUR + n)
    for n in range(6):  # a week and more ago
        ledger.play("eve", "fay", NOW - 8 * DAY + n)
    found = repeated_pairs(ledger.results, CONFIG, NOW, {})
    assert ids(found) == [(SignalKind.REPEATED_PAIR, ("main", "sock")),
                          (SignalKind.REPEATED_PAIR, ("ann", "ben"))]  # fmt: skip
    farm, friends = found
    assert farm.subject == ("main", "sock") and len(farm.match_ids) == 6
    assert farm.evidence == "6 rated matches against each other in 50 min; won 6 to 0 (lopsided)"
    assert friends.evidence.endswith("won 3 to 3") and farm.score == 2 * friends.score
    # dismissed: the same six are not raised again; five new ones are not enough alone
    judged = {(SignalKind.REPEATED_PAIR, ("main", "sock")): frozenset(farm.match_ids)}
    for n in range(5):
        ledger.play("sock", "main", NOW - HOUR + n)
    assert ids(repeated_pairs(ledger.results, CONFIG, NOW, judged)) == [
        (SignalKind.REPEATED_PAIR, ("ann", "ben"))
    ]
    ledger.play("main", "sock", NOW)
    [again, _] = repeated_pairs(ledger.results, CONFIG, NOW, judged)
    assert set(again.match_ids).isdisjoint(farm.match_ids) and len(again.match_ids) == 6
    assert again.signal_id != farm.signal_id
    assert again.players == ("sock", "main")  # the one who won more first: 5 to 1


def test_early_forfeits_just_past_the_gate() -> None:
    ledger = Ledger()
    forfeits = {}
    for n in range(3):
        match_id = ledger.play("main", f"sock{n % 2}", NOW - HOUR + n, moves=(4, 3))
        forfeits[match_id] = ForfeitRecord(match_id, 1, "resigned")
    for n in range(3):  # resigned after real play: honest
        match_id = ledger.play("ann", "ben", NOW - HOUR + n, moves=(30, 29))
        forfeits[match_id] = ForfeitRecord(match_id, 1, "resigned")
    for n in range(3):  # short, but played out (a 5-point match): no forfeit
        ledger.play("cat", "dan", NOW - HOUR + n, moves=(2, 2))
    abandoned = ledger.play("eve", "fay", NOW, moves=(5, 3))
    forfeits[abandoned] = ForfeitRecord(abandoned, 1, "abandoned")
    [found] = early_endings(ledger.results, forfeits, CONFIG, {})
    assert (found.kind, found.subject, found.players) == (
        SignalKind.EARLY_ENDINGS, ("main",), ("main", "sock0", "sock1"),
    )  # fmt: skip
    assert found.evidence == (
        "3 rated wins by the other side's forfeit (resigned 3) with at most 3 own moves in a"
        " seat; conceded by 2 players"
    )
    judged = {(SignalKind.EARLY_ENDINGS, ("main",)): frozenset(found.match_ids[:1])}
    assert early_endings(ledger.results, forfeits, CONFIG, judged) == []


def test_opponents_seen_from_one_prefix_unless_it_is_a_shared_network() -> None:
    ledger = Ledger()
    for n in range(2):
        ledger.play("main", "sock", NOW - HOUR + n)
        ledger.play("ann", "ben", NOW - HOUR + n)
    ledger.play("cat", "dan", NOW - HOUR)  # one match only
    addresses = {
        "main": frozenset({"203.0.113.0/24", "2001:db8:1::/64"}),
        "sock": frozenset({"203.0.113.0/24"}),
        "ann": frozenset({"198.51.100.0/24"}),
        "ben": frozenset({"192.0.2.0/24"}),
        "cat": frozenset({"198.18.0.0/24"}),
        "dan": frozenset({"198.18.0.0/24"}),
    }
    [found] = shared_addresses(ledger.results, addresses, CONFIG, {})
    assert (found.kind, found.players, found.detail) == (
        SignalKind.SHARED_ADDRESS, ("main", "sock"), "203.0.113.0/24",
    )  # fmt: skip
    assert found.evidence == "2 rated matches against each other, both seen from 203.0.113.0/24"
    moved = {**addresses, "sock": frozenset({"203.0.113.0/24", "2001:db8:1::/64"})}
    [wider] = shared_addresses(ledger.results, moved, CONFIG, {})
    assert wider.signal_id != found.signal_id  # other evidence: another signal


def test_rating_earned_with_few_own_moves() -> None:
    ledger = Ledger()
    for n in range(5):
        ledger.play("main", f"sock{n}", NOW - HOUR + n, moves=(3, 3))
    for n in range(5):
        ledger.play("ann", f"rival{n}", NOW - HOUR + n, moves=(35, 34))
    found = few_own_moves(played_by(ledger.results), CONFIG, {})
    # the socks made few moves too, but lost rating; each played once anyway
    assert ids(found) == [(SignalKind.FEW_OWN_MOVES, ("main",))]
    assert found[0].evidence.startswith("5 rated results from 15 own moves (median 3 a result)")
    fewer = dataclasses.replace(CONFIG, few_min_results=6)
    assert few_own_moves(played_by(ledger.results), fewer, {}) == []


def test_a_climb_few_matches_bought_within_a_day() -> None:
    ledger = Ledger()
    for n in range(8):  # a newcomer beating eight newcomers in an afternoon
        ledger.play("main", f"sock{n}", NOW - 4 * HOUR + n * 1800)
    for n in range(8):  # the same eight wins over eight days
        ledger.play("ann", f"rival{n}", NOW - 9 * DAY + n * DAY)
    [found] = sudden_climbs(played_by(ledger.results), CONFIG, {})
    assert (found.kind, found.players, len(found.match_ids)) == (
        SignalKind.SUDDEN_CLIMB, ("main",), 8,
    )  # fmt: skip
    assert found.evidence == "rating +398 in 8 rated matches within 3.5 h (2-player: 1500 to 1898)"
    steeper = dataclasses.replace(CONFIG, climb_points_per_match=50.0)
    [part] = sudden_climbs(played_by(ledger.results), steeper, {})  # the steepest part that passes
    assert part.evidence.startswith("rating +367 in 7 rated matches")
    grind = dataclasses.replace(CONFIG, climb_points_per_match=60.0)
    assert sudden_climbs(played_by(ledger.results), grind, {}) == []  # no 300 at 60 a match
    # a climb is measured over matches in a row: with one judged in the middle, neither
    # part (+201 in 3, +147 in 4) is enough
    judged = {(SignalKind.SUDDEN_CLIMB, ("main",)): frozenset(found.match_ids[3:4])}
    assert sudden_climbs(played_by(ledger.results), CONFIG, judged) == []


def test_a_few_lucky_wins_are_a_provisional_swing_more_are_a_climb() -> None:
    ledger = Ledger()
    ledger.ratings["pro"] = Rating(39.0, 4.0)  # a settled 1913
    for n in range(4):
        ledger.play("lucky", "pro", NOW - HOUR + n)
    assert sudden_climbs(played_by(ledger.results), CONFIG, {}) == []  # +431 in 4 matches
    ledger.play("lucky", "pro", NOW)  # the fifth: a strong account throwing games
    [found] = sudden_climbs(played_by(ledger.results), CONFIG, {})
    assert found.players == ("lucky",) and found.evidence.startswith(
        "rating +487 in 5 rated matches"
    )
