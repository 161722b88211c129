"""Swiss pairing: a round's tables from the scores so far (docs/tournaments.md, "Swiss").

FIDE Dutch-like, for tables of two, three or four:

* Players are ranked by score, then start rating, then player id.  The highest ranked
  player still unseated anchors the next table; their companions are preferred from
  their own score group in the Dutch order -- the group cut into as many slices as a
  table has seats, the anchor meeting the head of each other slice (at two seats: top
  half against bottom half, 1 v 5, 2 v 6, ...), then the rest of the group, then lower
  groups nearest first (the players left over in a group float down).
* Hard rules, the firmest first (when no pairing satisfies them all, the last is given
  up first): two players with a block (``apart``) never share a table (never given
  up); at four seats nobody partners someone they partnered before; nobody meets
  someone they met before (then: nobody a third time, and so on).  A choice that leaves the rest unpairable is
  undone (``grouping``); before a rule is given up, the search is tried again with the
  hardest player to place first.  The searches are bounded (``BUDGET``,
  ``ROUND_BUDGET``): blocks are the players' choice, so must not make pairing slow.  If
  blocks leave someone without a table, the player with the most blocks sits out.
* Byes: when the players do not fill whole tables, the leftover sit out with a bye,
  chosen from those with the fewest byes (none, while anyone has none), lowest ranked
  first -- unless another choice is needed to avoid a repeat meeting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, islice

from .grouping import Budget, Exhausted, portion, split
from .history import Past, pair, summarise
from .model import Apart, Config, Entrant, Rng, RoundPairing, Table, TableResult
from .partners import fresh_split_exists, seat_order
from .standings import final_points

UNLIMITED = 1 << 30
Tables = list[tuple[str, ...]] | None
BYE_SETS_TRIED = 8  # bye choices tried per phase before the rules are relaxed
FEASIBILITY_SETS = 3  # bye choices tried to tell whether the blocks allow a round
BUDGET = 40_000  # steps per search (grouping.split) before a rule is relaxed
ROUND_BUDGET = 250_000  # steps of all of a round's searches (about a second or two)


def ranking(entrants: Sequence[Entrant], scores: Mapping[str, float]) -> list[Entrant]:
    """Best first: score, then start rating, then player id."""
    return sorted(entrants, key=lambda e: (-scores.get(e.player_id, 0.0), -e.rating, e.player_id))


def pair_round(
    entrants: Sequence[Entrant],
    history: Sequence[TableResult],
    config: Config,
    rng: Rng,
    *,
    apart: Apart = (),
) -> RoundPairing:
    """The next round for the active ``entrants`` given every earlier table and bye
    (``history``): tables of ``config.table_size`` from score groups, highest first,
    without repeat meetings where avoidable and never two ``apart`` players together;
    the players left over get byes (the lowest ranked without one first).  A player
    whose blocks leave no table for them sits the round out without points
    (``unseated``)."""
    number = max((r.round for r in history), default=0) + 1
    scores = final_points(history, config)
    ranked = [e.player_id for e in ranking([e for e in entrants if e.active], scores)]
    if len(set(ranked)) != len(ranked):
        raise ValueError("an entrant is listed twice")
    past = summarise(history)
    blocked = {pair(*p) for p in apart if len(p) == 2}
    unseated: list[str] = []
    budget = Budget(ROUND_BUDGET)
    while True:
        found = _pair(ranked, scores, past, blocked, config.table_size, budget)
        if found is not None:
            tables, byes = found
            break
        # Blocks leave someone without a table (or make a seating too hard to find): the
        # player with the most blocks among those still to seat (the lowest ranked of
        # them) sits out, and the rest are paired again -- blocks cost the one who
        # blocks the field, not the field.  Without blocks every search succeeds.
        present = set(ranked)
        loner = max(
            reversed(ranked),
            key=lambda p: sum(1 for q in present if pair(p, q) in blocked),
        )
        unseated.append(loner)
        ranked.remove(loner)
    seated = tuple(
        Table(seat_order(table, past, rng), board)
        for board, table in enumerate(sorted(tables, key=lambda t: ranked.index(t[0])), 1)
    )
    return RoundPairing(number, seated, tuple(byes), tuple(unseated))


def _pair(
    ranked: list[str],
    scores: Mapping[str, float],
    past: Past,
    blocked: set[frozenset[str]],
    size: int,
    budget: Budget,
) -> tuple[list[tuple[str, ...]], list[str]] | None:
    """Tables and byes for ``ranked`` under the strictest rules that can be met, or
    None when the blocks alone leave someone without a table (or make it too hard to
    find one within the search's bounds)."""
    tiers = _bye_tiers(ranked, past, len(ranked) % size)
    phases = _phases(size)

    def attempt(byes: tuple[str, ...], phase: tuple[int, bool, bool], steps: int) -> Tables:
        max_met, fresh_partners, hardest_first = phase
        players = [p for p in ranked if p not in byes]

        def pair_ok(a: str, b: str) -> bool:
            two = pair(a, b)
            return two not in blocked and past.met[two] <= max_met

        def table_ok(table: tuple[str, ...]) -> bool:
            return not fresh_partners or len(table) != 4 or fresh_split_exists(table, past)

        if hardest_first:
            order = _nearest(players, scores, past, max_met > 0)
        else:
            order = _dutch_order(scores, past, size, max_met > 0)
        with portion(budget, steps) as search:
            return split(players, size, order, pair_ok, table_ok, search, 0, hardest_first)

    # The blocks alone first (every other rule relaxed, the hardest player first): when
    # the bye choices tried cannot seat the rest, someone has to sit out.  A seating
    # found here is the last resort below.
    loosest: tuple[Tables, tuple[str, ...]] = (None, ())
    present = set(ranked)
    if not any(b <= present for b in blocked):  # no blocks here: any order seats everyone
        checked: list[tuple[str, ...]] = []  # bye choices the blocks were checked with
    else:
        checked = list(islice((b for tier in tiers for b in tier), FEASIBILITY_SETS))
    for byes in checked:
        try:
            loosest = (attempt(byes, phases[-1], _allowance(budget)), byes)
        except Exhausted:
            continue
        if loosest[0] is not None:
            break
    if checked and loosest[0] is None:
        return None  # impossible, or too hard to tell: the caller seats one player fewer
    for tier in tiers:
        for phase in phases:
            for byes in islice(tier, BYE_SETS_TRIED):
                # Once the round's budget is spent, only the quick most-constrained-first
                # searches go on, on a small budget each.
                if budget.left <= 0 and not phase[2]:
                    continue
                try:
                    tables = attempt(byes, phase, _allowance(budget))
                except Exhausted:
                    continue
                if tables is not None:
                    return tables, list(byes)
    if loosest[0] is None:  # no blocks here (else checked above): consecutive tables do
        byes = tiers[0][0]
        players = [p for p in ranked if p not in byes]
        tables = [tuple(players[i : i + size]) for i in range(0, len(players), size)]
        return tables, list(byes)
    return loosest[0], list(loosest[1])


def _allowance(budget: Budget) -> int:
    """A search's steps: the full amount while the round has budget, then an eighth."""
    return BUDGET if budget.left > 0 else BUDGET // 8


def _phases(size: int) -> list[tuple[int, bool, bool]]:
    """(most earlier meetings allowed for two players at a table, whether partners
    must be new, whether the most constrained player anchors), strictest first: each
    rule is tried in the Dutch order, then most-constrained-first (closest scores),
    before it is relaxed."""
    rules = [(0, True), (1, True), (2, True), (UNLIMITED, True)]
    if size == 4:
        rules.append((UNLIMITED, False))
    return [(met, fresh, hard) for met, fresh in rules for hard in (False, True)]


def _bye_tiers(ranked: list[str], past: Past, n_byes: int) -> list[list[tuple[str, ...]]]:
    """The bye choices, as lists tried in order: first only among the players with the
    fewest byes so far (as many as needed), then among anyone; within a list, lowest
    ranked first."""
    if n_byes == 0:
        return [[()]]
    everyone = sorted(reversed(ranked), key=lambda p: past.byes[p])  # stable: bottom up
    cutoff = past.byes[everyone[n_byes - 1]]
    fewest = [p for p in everyone if past.byes[p] <= cutoff]
    tiers = [list(islice(combinations(fewest, n_byes), BYE_SETS_TRIED))]
    if len(fewest) < len(everyone):
        tiers.append(list(islice(combinations(everyone, n_byes), BYE_SETS_TRIED)))
    return tiers


def _nearest(
    ranked: list[str], scores: Mapping[str, float], past: Past, fewest_meetings_first: bool
) -> Callable[[str, Sequence[str]], list[str]]:
    """Companions by closest score, then rank (for an anchor anywhere in the field)."""
    rank = {p: i for i, p in enumerate(ranked)}

    def order(anchor: str, rest: Sequence[str]) -> list[str]:
        mine = scores.get(anchor, 0.0)

        def key(p: str) -> tuple[int, float, int]:
            met = past.met[pair(anchor, p)] if fewest_meetings_first else 0
            return (met, abs(scores.get(p, 0.0) - mine), rank[p])

        return sorted(rest, key=key)

    return order


def _dutch_order(
    scores: Mapping[str, float], past: Past, size: int, fewest_meetings_first: bool
) -> Callable[[str, Sequence[str]], list[str]]:
    """The anchor's companions in order of preference (see the module's docstring);
    once repeats are allowed, those met least often come first."""

    def order(anchor: str, rest: Sequence[str]) -> list[str]:
        mine = scores.get(anchor, 0.0)
        group = [anchor, *(p for p in rest if scores.get(p, 0.0) == mine)]
        stride = max(1, len(group) // size)
        heads = [group[j * stride] for j in range(1, size) if j * stride < len(group)]
        beyond = [p for p in group[stride:] if p not in heads]
        own_slice = group[stride - 1 : 0 : -1]
        lower = [p for p in rest if scores.get(p, 0.0) != mine]
        preferred = [*heads, *beyond, *own_slice, *lower]
        if fewest_meetings_first:
            preferred.sort(key=lambda p: past.met[pair(anchor, p)])
        return preferred

    return order
