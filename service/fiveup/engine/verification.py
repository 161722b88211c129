"""Whether a match's log is the fair deal its commitment promised: the revealed seed must
hash to the commitment published at creation, every round's hands and boneyard must be
the deck derived from that seed, every starter chosen by lot must be the derived lot, and
replaying the events through the rules must reproduce the match.

One check for everyone who holds a log: ``fiveup verify`` over a record a player saved
(``fiveup.cli.verify`` decodes it), and the operators' InspectMatch over the stored log
(``fiveup.match``), which may be of a match still in play (``finished=False``: its deals
so far are checked, its end is not asked for).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from .config import MatchConfig
from .dealing import split_deck
from .events import Event, MoveUndone, RoundDealt
from .match import Match
from .shuffle import fair_lot, round_deck


@dataclass
class Verdict:
    ok: bool = True
    problems: list[str] = field(default_factory=list)
    rounds: int = 0
    undos: int = 0  # practice matches: moves taken back (each replays to an earlier version)

    def fail(self, message: str) -> None:
        self.ok = False
        self.problems.append(message)


def verify_deals(
    seed: bytes,
    commitment: str,
    seats: tuple[str, ...],
    target_points: int,
    events: Sequence[tuple[int, Event]],
    *,
    finished: bool = True,
) -> Verdict:
    """The verdict on ``events`` (version, event), a match's whole log from version 1,
    dealt from ``seed`` to ``seats`` under the published ``commitment`` (SHA-256 hex).
    ``finished``: the log must end with the match's end (a saved record's promise)."""
    verdict = Verdict()
    if hashlib.sha256(seed).hexdigest() != commitment:
        verdict.fail("the revealed seed does not hash to the published commitment")
        return verdict
    n = len(seats)
    if [version for version, _ in events] != list(range(1, len(events) + 1)):
        verdict.fail("event versions are not 1..n without gaps")
    log = [event for _, event in events]
    for e in log:
        verdict.undos += isinstance(e, MoveUndone)
        if not isinstance(e, RoundDealt):
            continue
        verdict.rounds += 1
        hands, boneyard = split_deck(round_deck(seed, e.round_no), n)
        if e.hands != hands or e.boneyard != boneyard:
            verdict.fail(
                f"round {e.round_no}: the dealt tiles are not the deck derived from the seed"
            )
        if e.by_lot and e.starter != fair_lot(seed, e.round_no, n):
            verdict.fail(f"round {e.round_no}: the starter is not the lot derived from the seed")
    try:
        match = Match.replay(MatchConfig(seats, seed, target_points), log)
    except Exception as exc:  # any inconsistency in the log
        verdict.fail(f"the events do not replay under the rules: {exc}")
        return verdict
    if finished and not match.finished:
        verdict.fail("the record does not end with the end of the match")
    return verdict
