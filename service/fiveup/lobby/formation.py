"""Forming tables from the matchmaking queue: a pure function of the waiting searches.

Searches ("tickets") wait in groups by table size and target; within a group they are
taken first come, first served.  A party of two (four seats only; both members queued
with the same party code) counts as one unit that becomes eligible once its second member
has queued, and sits as partners (seats 0+2 or 1+3).

A round forms, in order,

1. **tables of people only**: the oldest unit that can be part of a full table anchors
   one, completed with the earliest later units that fill it exactly (so a party never
   blocks a solo behind it, nor the other way round);
2. **tables with bots**, from units that allowed bots and whose agreed wait is over: the
   oldest such unit anchors a table, completed with other such units, and the seats still
   empty are bots.  Nobody sits with bots before their own wait is over.

**Blocks** (``apart``): two players with a block either way never share a table, in
either step (docs/security.md, "Invitations and blocks").

**Rating bands** (``Bands``): with ratings, a unit joins a table only when its rating is
close enough to every unit already there -- within the band *both* have widened to by
now: ``width`` ordinal points at the start of a wait, ``widen_per_second`` more for each
second waited, so anyone who waits long enough finds a table.  A unit whose rating is not
established (a player unrated or still provisional in the category; a party with such a
member) has the default band: no rating bound, as before ratings existed.  A party's
rating is its members' mean.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

PARTY_SEATS = ((0, 2), (1, 3))  # the two partnerships of a four-seat table


@dataclass(frozen=True, slots=True)
class Ticket:
    """A waiting search."""

    ticket_id: str
    player_id: str
    players: int  # table size wanted: 2, 3 or 4
    target_points: int
    queued_at: float
    allow_bots: bool = False
    bots_at: float | None = None  # when this search accepts bots (allow_bots only)
    party: str | None = None  # the party code's hash (four seats only)
    turn_clock: int = 0  # a correspondence search's clock per turn, seconds (0: live)


@dataclass(frozen=True, slots=True)
class Unit:
    """One ticket, or the two tickets of a complete party."""

    tickets: tuple[Ticket, ...]

    @property
    def size(self) -> int:
        return len(self.tickets)

    @property
    def queued_at(self) -> float:  # a party queues when its second member does
        return max(t.queued_at for t in self.tickets)

    def bots_ready(self, now: float) -> bool:
        return all(
            t.allow_bots and t.bots_at is not None and t.bots_at <= now for t in self.tickets
        )


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """Who sits in a seat: a ticket's player, or a bot (``ticket`` None)."""

    seat: int
    ticket: Ticket | None


@dataclass(frozen=True, slots=True)
class TablePlan:
    players: int
    target_points: int
    seats: tuple[SeatPlan, ...]
    turn_clock: int = 0  # the correspondence clock its searches asked for (0: live)

    @property
    def tickets(self) -> tuple[Ticket, ...]:
        return tuple(s.ticket for s in self.seats if s.ticket is not None)

    @property
    def bots(self) -> int:
        return sum(1 for s in self.seats if s.ticket is None)


def units_of(tickets: Iterable[Ticket]) -> list[Unit]:
    """Solo tickets and complete parties, in queue order (tickets of one party code pair
    up in the order they queued; a member without a mate yet is left out)."""
    ordered = sorted(tickets, key=lambda t: (t.queued_at, t.ticket_id))
    units: list[Unit] = []
    waiting_mate: dict[str, Ticket] = {}
    for ticket in ordered:
        if ticket.party is None or ticket.players != 4:
            units.append(Unit((ticket,)))
        elif ticket.party in waiting_mate:
            units.append(Unit((waiting_mate.pop(ticket.party), ticket)))
        else:
            waiting_mate[ticket.party] = ticket
    units.sort(key=lambda u: (u.queued_at, u.tickets[0].ticket_id))
    return units


@dataclass(frozen=True, slots=True)
class Bands:
    """The established ratings of the waiting players and how bands widen."""

    # (category, player id) -> ordinal, for players past the provisional matches only
    ordinals: Mapping[tuple[str, str], float] = field(default_factory=dict)
    width: float = 5.0  # ordinal points either side at the start of a wait
    widen_per_second: float = 0.25

    def ordinal(self, unit: Unit) -> float | None:
        """The unit's rating in its table size's category (None: not established)."""
        found = [self.ordinals.get((str(t.players), t.player_id)) for t in unit.tickets]
        known = [o for o in found if o is not None]
        return sum(known) / len(known) if len(known) == len(found) else None

    def band(self, unit: Unit, now: float) -> float:
        return self.width + self.widen_per_second * max(0.0, now - unit.queued_at)


NO_BANDS = Bands(width=float("inf"))  # everyone acceptable to everyone (no ratings)


Apart = Collection[frozenset[str]]  # pairs of players with a block either way


def blocked(a: Unit, b: Unit, apart: Apart) -> bool:
    """Whether a player of ``a`` and one of ``b`` must never share a table."""
    return bool(apart) and any(
        frozenset((x.player_id, y.player_id)) in apart for x in a.tickets for y in b.tickets
    )


def acceptable(
    table: Sequence[Unit], unit: Unit, now: float, bands: Bands = NO_BANDS, apart: Apart = ()
) -> bool:
    """Whether ``unit`` may join the units already at ``table``: no block between any
    of its players and theirs (``apart``), and its rating is within the band of every
    one of them, and theirs within its band (an unestablished rating is acceptable to
    anyone)."""
    if any(blocked(unit, other, apart) for other in table):
        return False
    mine = bands.ordinal(unit)
    if mine is None:
        return True
    for other in table:
        theirs = bands.ordinal(other)
        if theirs is None:
            continue
        if abs(mine - theirs) > min(bands.band(unit, now), bands.band(other, now)):
            return False
    return True


def _fill(
    units: Sequence[Unit], anchor: int, seats: int, now: float, bands: Bands, apart: Apart
) -> list[Unit] | None:
    """The anchor and the earliest later units that fill ``seats`` exactly (of all the
    ways to fill them with k parties and m solos, the one whose last member queued
    first), or None.  With bands, the candidates are every later unit acceptable to the
    anchor and to the earlier candidates, so any table of them is acceptable pairwise."""
    first = units[anchor]
    later: list[Unit] = []
    for unit in units[anchor + 1 :]:
        if acceptable([first, *later], unit, now, bands, apart):
            later.append(unit)
    parties = [u for u in later if u.size == 2]
    solos = [u for u in later if u.size == 1]
    free = seats - first.size
    best: list[Unit] | None = None
    for k in range(free // 2 + 1):
        m = free - 2 * k
        if k + (first.size == 2) > 2 or k > len(parties) or m > len(solos):
            continue
        pick = parties[:k] + solos[:m]
        if best is None or _last(pick) < _last(best):
            best = pick
    if best is None:
        return None
    return [first, *sorted(best, key=lambda u: (u.queued_at, u.tickets[0].ticket_id))]


def _last(units: Sequence[Unit]) -> tuple[float, str]:
    return max(((u.queued_at, u.tickets[0].ticket_id) for u in units), default=(0.0, ""))


def _partial(
    units: Sequence[Unit], seats: int, now: float, bands: Bands, apart: Apart
) -> list[Unit]:
    """The oldest unit and the next that fit, as far as they go (for a table with bots)."""
    chosen: list[Unit] = []
    free = seats
    parties = 0
    for unit in units:
        if unit.size > free or (unit.size == 2 and parties == 2):
            continue
        if chosen and not acceptable(chosen, unit, now, bands, apart):
            continue
        chosen.append(unit)
        free -= unit.size
        parties += unit.size == 2
    return chosen


def seat(players: int, target: int, units: Sequence[Unit]) -> TablePlan:
    """Seats for the units: parties on a partnership each, solos in queue order in the
    seats left, bots in the rest."""
    by_seat: dict[int, Ticket | None] = {}
    sides = list(PARTY_SEATS)
    for unit in units:
        if unit.size == 2:
            for number, ticket in zip(sides.pop(0), unit.tickets, strict=True):
                by_seat[number] = ticket
    free = [s for s in range(players) if s not in by_seat]
    for unit in units:
        if unit.size == 1:
            by_seat[free.pop(0)] = unit.tickets[0]
    for number in free:
        by_seat[number] = None
    return TablePlan(players, target, tuple(SeatPlan(s, by_seat[s]) for s in range(players)))


def form_tables(
    tickets: Iterable[Ticket], now: float, bands: Bands = NO_BANDS, apart: Apart = ()
) -> list[TablePlan]:
    """The tables a round forms from the waiting ``tickets`` at time ``now``; no two
    players of a pair in ``apart`` (a block either way) ever share one."""
    # Only searches of the same size, target and turn clock share a table.
    groups: dict[tuple[int, int, int], list[Ticket]] = defaultdict(list)
    for ticket in tickets:
        groups[(ticket.players, ticket.target_points, ticket.turn_clock)].append(ticket)
    plans: list[TablePlan] = []
    for (players, target, clock), members in sorted(groups.items()):
        # A party whose two members block each other never sits (as partners or at all).
        units = [u for u in units_of(members) if u.size == 1 or not blocked(u, u, apart)]
        # 1. tables of people only, oldest anchor first
        anchor = 0
        while anchor < len(units):
            chosen = _fill(units, anchor, players, now, bands, apart)
            if chosen is None:
                anchor += 1
                continue
            plans.append(replace(seat(players, target, chosen), turn_clock=clock))
            units = [u for u in units if u not in chosen]
        # 2. tables with bots, for those whose wait for people is over
        ready = [u for u in units if u.bots_ready(now)]
        while ready:
            chosen = _partial(ready, players, now, bands, apart)
            plans.append(replace(seat(players, target, chosen), turn_clock=clock))
            ready = [u for u in ready if u not in chosen]
    return plans


def next_bot_time(tickets: Iterable[Ticket], now: float) -> float | None:
    """When the next waiting search's bot wait ends (to schedule a round then)."""
    times = [
        t.bots_at for t in tickets if t.allow_bots and t.bots_at is not None and t.bots_at > now
    ]
    return min(times, default=None)
