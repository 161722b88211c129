"""When seasons run (docs/seasons.md): the weekly season (Monday 00:00 UTC to the next
Monday), the monthly one (the 1st 00:00 UTC to the next 1st) and the named seasons an
operator configures (``--season-named``).  Pure: every answer is a function of the time
it is given, so two replicas agree on a season's id and bounds without talking, and a
test rolls a week over by moving its clock."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

WEEKLY, MONTHLY, NAMED = "weekly", "monthly", "named"
SCHEDULES = (WEEKLY, MONTHLY)  # the ones that repeat
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
MAX_NAME = 60


class SeasonKind(enum.Enum):
    WEEKLY = WEEKLY
    MONTHLY = MONTHLY
    NAMED = NAMED


@dataclass(frozen=True, slots=True)
class SeasonSpec:
    """A season's identity and bounds: results of matches that ended in
    [starts_at, ends_at) count in it."""

    season_id: str
    kind: SeasonKind
    name: str
    starts_at: float
    ends_at: float
    league: bool = False  # the league runs on it: its end promotes and relegates

    def holds(self, at: float) -> bool:
        return self.starts_at <= at < self.ends_at


def _utc(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def weekly_at(at: float) -> SeasonSpec:
    """The weekly season holding the instant ``at``."""
    day = _utc(at).replace(hour=0, minute=0, second=0, microsecond=0)
    monday = day - timedelta(days=day.weekday())
    end = monday + timedelta(days=7)
    return SeasonSpec(
        f"week-{monday:%Y-%m-%d}",
        SeasonKind.WEEKLY,
        f"Week of {monday.day} {monday:%b %Y}",
        monday.timestamp(),
        end.timestamp(),
    )


def monthly_at(at: float) -> SeasonSpec:
    """The monthly season holding the instant ``at``."""
    first = _utc(at).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (
        first.replace(year=first.year + 1, month=1)
        if first.month == 12
        else first.replace(month=first.month + 1)
    )
    return SeasonSpec(
        f"month-{first:%Y-%m}",
        SeasonKind.MONTHLY,
        f"{first:%B %Y}",
        first.timestamp(),
        end.timestamp(),
    )


def parse_named(text: str) -> tuple[SeasonSpec, ...]:
    """Named seasons from ``--season-named``: entries separated by ``;``, each
    ``slug|Name|start|end`` with ISO 8601 UTC times (``2026-12-01T00:00:00Z``), e.g.
    ``diwali|Diwali Cup|2026-11-01T00:00:00Z|2026-11-15T00:00:00Z``.  ValueError names
    the first bad entry."""
    out: list[SeasonSpec] = []
    for raw in (part.strip() for part in text.split(";")):
        if not raw:
            continue
        parts = [p.strip() for p in raw.split("|")]
        if len(parts) != 4:
            raise ValueError(f"named season {raw!r}: give slug|Name|start|end")
        slug, name, start, end = parts
        if not SLUG.match(slug):
            raise ValueError(f"named season {raw!r}: the slug is a-z, 0-9 and -, 1-40 long")
        if not 0 < len(name) <= MAX_NAME:
            raise ValueError(f"named season {raw!r}: the name is 1-{MAX_NAME} characters")
        try:
            starts = datetime.fromisoformat(start.replace("Z", "+00:00"))
            ends = datetime.fromisoformat(end.replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(
                f"named season {raw!r}: times are ISO 8601, e.g. 2026-12-01T00:00:00Z"
            ) from None
        if starts.tzinfo is None or ends.tzinfo is None:
            raise ValueError(f"named season {raw!r}: give the times in UTC (a Z at the end)")
        if not starts < ends:
            raise ValueError(f"named season {raw!r}: it must end after it starts")
        spec = SeasonSpec(
            f"named-{slug}", SeasonKind.NAMED, name, starts.timestamp(), ends.timestamp()
        )
        if any(s.season_id == spec.season_id for s in out):
            raise ValueError(f"named season {raw!r}: the slug {slug!r} is used twice")
        out.append(spec)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SeasonCalendar:
    """Which seasons run: the repeating ``schedules`` (weekly, monthly), the ``named``
    ones, and the one the league runs on (``league``: a schedule; "" for no league)."""

    schedules: tuple[str, ...] = SCHEDULES
    named: tuple[SeasonSpec, ...] = ()
    league: str = WEEKLY

    def __post_init__(self) -> None:
        for schedule in self.schedules:
            if schedule not in SCHEDULES:
                raise ValueError(f"a season schedule is one of {SCHEDULES}, not {schedule!r}")
        if self.league and self.league not in self.schedules:
            raise ValueError(f"the league's schedule {self.league!r} is not one that runs")

    def at(self, schedule: str, at: float) -> SeasonSpec:
        """The season of ``schedule`` holding ``at``, marked when the league runs on it."""
        spec = weekly_at(at) if schedule == WEEKLY else monthly_at(at)
        if schedule == self.league:
            spec = SeasonSpec(
                spec.season_id, spec.kind, spec.name, spec.starts_at, spec.ends_at, True
            )
        return spec

    def current(self, now: float) -> tuple[SeasonSpec, ...]:
        """The seasons running at ``now`` (each schedule's, and the named ones begun and
        not yet ended), and the named ones still to come."""
        out = [self.at(s, now) for s in self.schedules]
        out += [s for s in self.named if now < s.ends_at]
        return tuple(out)

    def league_season(self, now: float) -> SeasonSpec | None:
        return self.at(self.league, now) if self.league else None
