"""Season points and the league's arithmetic (docs/seasons.md), pure: what a result is
worth in a season, the order of a board, a group's promotion and relegation zones, what
a season's end does to each member of a group, and which group a newcomer joins.

**Season points** (from results, never from the rating, so each season starts at zero
for everyone): a counting result earns 1 for finishing, 1 more per side the player's
side placed above, and 1 more for the win.  Two players: a win 3, a loss 1; three
players: 4, 2 and 1; four in partnerships: each partner 3 for a win, 1 for a loss.  A
side that resigned or abandoned places last (the rating's rule), so it earns 1.

**Zones**: a group of ``n`` members in a tier promotes its top ``min(promote, n // 2)``
places (none in the top tier) and relegates its bottom ``min(relegate, n // 2)`` (none in
the lowest tier): each zone is at most half the group, so they never overlap; a group of
two in a middle tier promotes its first and relegates its second, a lone member stays.  A member in the promotion zone goes up one
tier unless they have no point or are suspended from rated play (then they stay, "held
back": the place is not handed down); a member in the relegation zone goes down one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

TIERS = ("bronze", "silver", "gold", "platinum", "diamond")  # lowest first
BOTTOM, TOP = 0, len(TIERS) - 1
PROMOTED, RELEGATED, STAYED = "promoted", "relegated", "stayed"
PROMOTION, SAFE, RELEGATION = "promotion", "safe", "relegation"


def sides_of(category: str) -> int:
    """Sides of a match of ``category``: three players are three sides; two players, or
    four in two partnerships, are two."""
    return 3 if category == "3" else 2


def season_points(category: str, placement: int, won: bool) -> int:
    """What one counting result is worth (the module's rule)."""
    return 1 + max(0, sides_of(category) - placement) + (1 if won else 0)


@dataclass(frozen=True, slots=True)
class Tally:
    """A player's season so far: points, wins and counting results."""

    player_id: str
    points: int
    wins: int
    matches: int

    @property
    def key(self) -> tuple[int, int, int, str]:
        """The board's order: points, then wins (more first), then fewer matches, then
        player id."""
        return (-self.points, -self.wins, self.matches, self.player_id)


def ordered(tallies: Collection[Tally]) -> list[Tally]:
    return sorted(tallies, key=lambda t: t.key)


def tally(results: Sequence[tuple[str, str, int, bool]]) -> dict[str, Tally]:
    """Each player's tally from their counting results ``(player_id, category,
    placement, won)``."""
    sums: dict[str, list[int]] = {}
    for player, category, placement, won in results:
        s = sums.setdefault(player, [0, 0, 0])
        s[0] += season_points(category, placement, won)
        s[1] += 1 if won else 0
        s[2] += 1
    return {p: Tally(p, *s) for p, s in sums.items()}


@dataclass(frozen=True, slots=True)
class LeaguePolicy:
    group_size: int = 30  # members a group holds at most
    promote: int = 5  # places promoted from a full group (fewer in a small one)
    relegate: int = 5  # places relegated from a full group (fewer in a small one)

    def __post_init__(self) -> None:
        if self.group_size < 2:
            raise ValueError(f"a league group holds 2 players or more, not {self.group_size}")
        if not (
            self.promote >= 0
            and self.relegate >= 0
            and self.promote + self.relegate <= self.group_size
        ):
            raise ValueError(
                f"promote ({self.promote}) and relegate ({self.relegate}) must be 0 or more"
                f" and fit in a group of {self.group_size}"
            )


def zones(policy: LeaguePolicy, tier: int, members: int) -> tuple[int, int]:
    """(promotion places, relegation places) of a group of ``members`` in ``tier``."""
    promote = 0 if tier >= TOP else min(policy.promote, members // 2)
    relegate = 0 if tier <= BOTTOM else min(policy.relegate, members // 2)
    return promote, relegate


def zone_of(place: int, members: int, promote: int, relegate: int) -> str:
    """The zone of the 1-based ``place`` in a group of ``members``."""
    if place <= promote:
        return PROMOTION
    if place > members - relegate:
        return RELEGATION
    return SAFE


@dataclass(frozen=True, slots=True)
class Move:
    """What a season's end does to one member of a group."""

    player_id: str
    rank: int  # their final place in the group
    from_tier: int
    to_tier: int
    change: str  # PROMOTED, RELEGATED or STAYED
    points: int
    held_back: bool  # in the promotion zone, not promoted: suspended from rated play


def decide_group(
    policy: LeaguePolicy, tier: int, table: Collection[Tally], suspended: Collection[str]
) -> list[Move]:
    """Every member's move at the season's end, in the group's order (the module's
    rule): ``table`` the members' tallies (a member with no counting result left -- all
    voided -- has a zero tally), ``suspended`` the players suspended from rated play."""
    rows = ordered(table)
    promote, relegate = zones(policy, tier, len(rows))
    out = []
    for place, t in enumerate(rows, start=1):
        zone = zone_of(place, len(rows), promote, relegate)
        held = zone == PROMOTION and t.player_id in suspended
        if zone == PROMOTION and t.points > 0 and not held:
            to, change = tier + 1, PROMOTED
        elif zone == RELEGATION:
            to, change = tier - 1, RELEGATED
        else:
            to, change = tier, STAYED
        out.append(Move(t.player_id, place, tier, to, change, t.points, held))
    return out


def group_for(members_by_group: Mapping[int, int], group_size: int) -> int:
    """The group a newcomer of a tier joins: the newest group (highest number) while it
    has room, else a new one (groups fill in the order players join)."""
    if not members_by_group:
        return 1
    newest = max(members_by_group)
    return newest if members_by_group[newest] < group_size else newest + 1
