"""The integrity facts of one tournament (pure: ``fiveup.admin.tournaments`` gathers the
record and the address prefixes).  What an operator looking for collusion in an event
wants side by side (docs/tournaments.md, "What is recorded for operators"):

* **partners** -- who partnered whom at four-seat tables (seats 0 and 2, 1 and 3), with
  the tables: rotating partners should rarely repeat, so a pair that keeps landing
  together is worth a look (the pairing avoids it where it can);
* **repeated meetings** -- two players at one table more than once (opponents or
  partners);
* **early endings** -- tables aborted: a side resigned, abandoned or ran out its clock
  before every seat made its own moves (no result for anyone), and who conceded;
* **forfeits** -- tables conceded after real play (they count: the conceding side last);
* **shared addresses** -- entrants seen from one address prefix (IPv4 /24, IPv6 /64),
  with how many tables they shared; a prefix more than ``shared_max_players`` players
  were seen from is a shared network and is left out, as the ratings detectors do
  (``detectors.SHARED_ADDRESS``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from ..engine.scoring import side_of
from ..tournaments.model import Ending
from ..tournaments.ports import TableRecord, TournamentRecord


@dataclass(frozen=True, slots=True)
class PairFact:
    players: tuple[str, str]  # sorted
    match_ids: tuple[str, ...]  # the tables where it happened, in round order


@dataclass(frozen=True, slots=True)
class ConcededTable:
    match_id: str
    round: int
    players: tuple[str, ...]
    conceded_by: str
    reason: str  # resigned, abandoned, deadline; cancelled (an operator's)


@dataclass(frozen=True, slots=True)
class SharedPrefix:
    prefix: str
    players: tuple[str, ...]  # sorted
    tables_together: int  # tables where two or more of them sat


@dataclass(frozen=True, slots=True)
class TournamentFacts:
    partners: tuple[PairFact, ...]
    repeated_meetings: tuple[PairFact, ...]
    early_endings: tuple[ConcededTable, ...]
    forfeits: tuple[ConcededTable, ...]
    shared_addresses: tuple[SharedPrefix, ...]
    withdrawn: tuple[str, ...]


def _tables(record: TournamentRecord) -> list[TableRecord]:
    """The tables with a match (not byes or unseated players), in round then board order."""
    return sorted((t for t in record.tables if t.match_id), key=lambda t: (t.round, t.board))


def _conceded(t: TableRecord) -> ConcededTable:
    return ConcededTable(t.match_id, t.round, t.seats, t.conceded_by, t.concede_reason)


def tournament_facts(
    record: TournamentRecord, prefixes: Mapping[str, frozenset[str]]
) -> TournamentFacts:
    """The facts of ``record``; ``prefixes``: each entrant's address prefixes, shared
    networks already left out."""
    tables = _tables(record)
    partnered: dict[tuple[str, str], list[str]] = defaultdict(list)
    met: dict[tuple[str, str], list[str]] = defaultdict(list)
    for t in tables:
        n = len(t.seats)
        for i, j in combinations(range(n), 2):
            key = tuple(sorted((t.seats[i], t.seats[j])))
            met[key].append(t.match_id)  # type: ignore[index]
            if n == 4 and side_of(i, n) == side_of(j, n):
                partnered[key].append(t.match_id)  # type: ignore[index]
    by_prefix: dict[str, set[str]] = defaultdict(set)
    for player, seen in prefixes.items():
        if record.entrant(player) is not None:
            for prefix in seen:
                by_prefix[prefix].add(player)
    shared = []
    for prefix, players in sorted(by_prefix.items()):
        if len(players) < 2:
            continue
        together = sum(1 for t in tables if len(players & set(t.seats)) >= 2)
        shared.append(SharedPrefix(prefix, tuple(sorted(players)), together))
    aborted = Ending.ABORTED.value
    return TournamentFacts(
        partners=tuple(PairFact(k, tuple(v)) for k, v in sorted(partnered.items())),
        repeated_meetings=tuple(
            PairFact(k, tuple(v)) for k, v in sorted(met.items()) if len(v) > 1
        ),
        early_endings=tuple(_conceded(t) for t in tables if t.ending == aborted),
        forfeits=tuple(_conceded(t) for t in tables if t.ending == Ending.FORFEIT.value),
        shared_addresses=tuple(shared),
        withdrawn=tuple(e.player_id for e in record.entrants if not e.active),
    )
