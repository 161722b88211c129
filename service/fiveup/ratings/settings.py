"""The ratings context's settings group: the boards, and who may play rated."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .eligibility import RatedPlayPolicy
from .leagues import LeaguePolicy
from .schedule import SeasonCalendar, parse_named
from .seasons import SeasonsConfig
from .standings import RatingsConfig


@dataclass
class RatingsSettings(SettingsGroup):
    TITLE = "ratings (docs/ratings.md)"

    # Ratings (docs/ratings.md).
    rating_settled_sigma: float = setting(
        7.3, "a rating whose sigma is at most this is settled (on the boards), provisional "
        "(shown with ?) above: 7.3 is about five rated matches",
    )  # fmt: skip
    rating_active_days: float = setting(
        30.0, "boards show settled players whose last rated match in the category ended "
        "at most this many days ago",
    )  # fmt: skip
    rated_standing: str = setting(
        "guest_matches", "who may play rated: guest_matches (a linked external identity, or a"
        " guest past --rated-guest-min-matches), linked (a linked identity only), any",
        choices=("guest_matches", "linked", "any"),
    )  # fmt: skip
    rated_guest_min_matches: int = setting(
        3, "finished matches (any mode) a guest needs before their matches are rated"
    )
    rated_guest_min_rounds: int = setting(
        15, "rounds those finished matches must add up to (no one-round sprints)"
    )
    rated_guest_min_age_seconds: float = setting(
        86_400.0, "how old a guest account must be before its matches are rated (spare"
        " accounts must be made ahead)",
    )  # fmt: skip
    rated_pair_limit: int = setting(
        2, "rated matches the same players may play together per window; later ones are"
        " recorded unrated (0: no limit)",
    )  # fmt: skip
    rated_pair_window_seconds: float = setting(86_400.0, "the window of --rated-pair-limit")
    # Rated play costs play (issue 31; docs/ratings.md, docs/security.md "Rated play").
    rated_min_own_moves: int = setting(
        3, "a rated match a side forfeits (resigns, abandons) before every seat made this"
        " many moves of its own is recorded unrated, 'aborted' (0: every forfeit is rated)",
    )  # fmt: skip
    rated_board_min_opponents: int = setting(
        5, "boards rank a player only after rated results against this many distinct"
        " opponents (each had standing when rated; 0: no such rule)",
    )  # fmt: skip

    # Seasons and leagues (docs/seasons.md).
    season_schedules: str = setting(
        "weekly,monthly", "the repeating seasons that run: weekly (Monday 00:00 UTC),"
        " monthly (the 1st 00:00 UTC), both (weekly,monthly) or none (an empty value)",
    )  # fmt: skip
    season_named: str = setting(
        "", "named seasons: entries separated by ';', each slug|Name|start|end in UTC,"
        " e.g. diwali|Diwali Cup|2026-11-01T00:00:00Z|2026-11-15T00:00:00Z",
    )  # fmt: skip
    season_league: str = setting(
        "weekly", "the schedule the league runs on (its end promotes and relegates):"
        " weekly, monthly, or an empty value for no league",
    )  # fmt: skip
    league_group_size: int = setting(30, "the most players a league group holds")
    league_promote: int = setting(
        5, "places promoted from a full league group (a smaller group promotes at most half)"
    )
    league_relegate: int = setting(
        5, "places relegated from a full league group (a smaller group fewer)"
    )
    season_grace_seconds: float = setting(
        30.0, "how long after a season's end it is archived (results of matches that ended"
        " just before the end are written by then)",
    )  # fmt: skip
    season_board_cache_seconds: float = setting(
        5.0, "how long each server keeps a running season's board for every reader (a"
        " new or voided result shows within this time; 0: read it on every request)",
    )  # fmt: skip
    season_tick_seconds: float = setting(
        10.0, "how often each server records new seasons, fills league groups and archives"
        " the seasons that ended",
    )  # fmt: skip

    def problems(self) -> list[str]:
        found = []
        try:
            seasons_config(self)
        except ValueError as exc:
            found.append(f"seasons: {exc}")
        if not (
            self.season_tick_seconds > 0
            and self.season_grace_seconds >= 0
            and self.season_board_cache_seconds >= 0
        ):
            found.append(
                f"season_tick_seconds ({self.season_tick_seconds}) must be above 0 and"
                f" season_grace_seconds ({self.season_grace_seconds}) and"
                f" season_board_cache_seconds ({self.season_board_cache_seconds}) 0 or more"
            )
        if not (self.rating_settled_sigma > 0 and self.rating_active_days > 0):
            found.append(
                f"rating_settled_sigma ({self.rating_settled_sigma}) and rating_active_days "
                f"({self.rating_active_days}) must be above 0: otherwise no board has a player"
            )
        if self.rated_min_own_moves < 0 or self.rated_board_min_opponents < 0:
            found.append(
                f"rated_min_own_moves ({self.rated_min_own_moves}) and "
                f"rated_board_min_opponents ({self.rated_board_min_opponents}) must be 0 or more"
            )
        return found


def ratings_config(settings: RatingsSettings) -> RatingsConfig:
    return RatingsConfig(
        settled_sigma=settings.rating_settled_sigma,
        active_days=settings.rating_active_days,
        min_opponents=settings.rated_board_min_opponents,
    )


def rated_play_policy(settings: RatingsSettings) -> RatedPlayPolicy:
    return RatedPlayPolicy(
        standing=settings.rated_standing,
        guest_min_matches=settings.rated_guest_min_matches,
        guest_min_rounds=settings.rated_guest_min_rounds,
        guest_min_age_seconds=settings.rated_guest_min_age_seconds,
        pair_limit=settings.rated_pair_limit,
        pair_window_seconds=settings.rated_pair_window_seconds,
        min_own_moves=settings.rated_min_own_moves,
    )


def seasons_config(settings: RatingsSettings) -> SeasonsConfig:
    """The seasons' config (ValueError: settings that cannot work, said in one line)."""
    schedules = tuple(s.strip() for s in settings.season_schedules.split(",") if s.strip())
    return SeasonsConfig(
        calendar=SeasonCalendar(
            schedules, parse_named(settings.season_named), settings.season_league.strip()
        ),
        policy=LeaguePolicy(
            settings.league_group_size, settings.league_promote, settings.league_relegate
        ),
        grace_seconds=settings.season_grace_seconds,
        tick_seconds=settings.season_tick_seconds,
        board_cache_seconds=settings.season_board_cache_seconds,
    )
