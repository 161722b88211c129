"""The match context's settings group: the matches' pace (bots, stand-ins, forfeits),
their limits, the hints, retention, and the targets a match may be rated at; and the
functions that make the context's configs from it."""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.expert import MASTER_SAMPLES
from ..shared.settings import ConfigError, SettingsGroup, setting
from .hints import HintsConfig
from .matches import MatchesConfig
from .ports import EventStore
from .repository import Freshness
from .retention import RetentionConfig

# Workers sharing a store that cannot notify (several on one SQLite file) re-read it this
# often for their watchers: another worker's append wakes nobody here.
SHARED_POLL_SECONDS = 0.25


@dataclass
class MatchSettings(SettingsGroup):
    TITLE = "matches (pace, stand-ins, limits, hints, retention)"

    # On by default: bots that answer at once are too fast to follow.  The test-suite's
    # servers run with FIVEUP_BOT_DELAY=0 (tests/conftest.py).
    bot_delay: float = setting(
        0.6,
        "seconds a bot waits before each move in a match with a person, or in a bot-only"
        " match someone watches (a pace people can follow; 0: at once)",
    )
    cache_size: int = setting(10_000, "matches kept folded in memory (least recently used go)")
    hint_workers: int = setting(1, "hint computations at once per process (threads)")
    hint_samples: int = setting(
        MASTER_SAMPLES,
        "deals of the hidden tiles sampled per hint request, the master's own budget (the "
        "deadline may cut it)",
    )
    hint_default_deadline_ms: int = setting(500, "a hint's time budget when the caller names none")
    hint_max_deadline_ms: int = setting(2000, "the most time a caller may give one hint")
    # Abandoned seats: a joined human seat that has not moved for this long is played by a
    # stand-in bot until its owner moves again (0 = never); the stand-in waits
    # stand_in_delay_seconds on each of its turns, the owner's window to take the seat back.
    turn_timeout_seconds: float = setting(
        120.0, "a joined human seat silent this long is played by a stand-in bot (0: never)"
    )
    stand_in_delay_seconds: float = setting(
        3.0, "the stand-in's pause on each turn: the owner's window to take the seat back"
    )
    # A rated match's abandoned seat forfeits (the others win) instead of the stand-in's
    # next move, after either allowance (docs/ratings.md, "Ending a rated match").
    forfeit_after_stand_in_turns: int = setting(
        3, "a rated match's seat forfeits once a stand-in has played this many of its turns"
        " in a row (0: not by turns)",
    )  # fmt: skip
    forfeit_after_stand_in_seconds: float = setting(
        120.0, "a rated match's seat forfeits once a stand-in has played for it this long"
        " (0: not by time)",
    )  # fmt: skip
    correspondence_casual_forfeit: bool = setting(
        False, "an unrated correspondence turn whose clock runs out forfeits the match too "
        "(off: a stand-in plays it; a rated one always forfeits)",
    )  # fmt: skip
    # Bots never starve people (docs/security.md): matches of bots only run one move at a
    # time, off the event loop, within a share of the process's time, and at most so many
    # per client address and per process; every match ends (cancelled: length_limit)
    # past a number of rounds or events.
    bot_only_cpu_share: float = setting(
        0.25, "share of the process's time bot-only matches may use"
    )
    bot_only_min_delay: float = setting(0.01, "pause between two moves of a bot-only match")
    max_match_rounds: int = setting(500, "rounds after which a match is cancelled (length_limit)")
    max_match_events: int = setting(
        20_000, "events after which a match is cancelled (length_limit)"
    )
    # Retention (fiveup.match.retention).
    retention_unjoined_seconds: float = setting(
        86_400.0, "a match still missing a player is deleted this long after creation (0: keep)"
    )
    retention_finished_seconds: float = setting(
        30 * 86_400.0, "a finished or cancelled match is deleted this long after a sweep "
        "first saw it finished (0: keep)",
    )  # fmt: skip
    retention_sweep_seconds: float = setting(
        300.0, "how often retention looks for matches to delete"
    )
    # The operators' list of matches (AdminService.ListMatches, filter "stuck").
    stuck_grace_seconds: float = setting(
        300.0, "a live match silent longer than its turn clock allows (the turn timer and the"
        " stand-in's pause, or a correspondence match's own clock) plus this is listed as stuck",
    )  # fmt: skip
    # Rated means earned (docs/ratings.md, "Which matches are rated"; docs/security.md).
    rated_targets: str = setting(
        "61,121", "the targets (displayed points) a match may be rated at, comma-separated,"
        " or 'any' (a 1-point match is never rated)",
    )  # fmt: skip


def matches_config(
    settings: MatchSettings, store: EventStore, *, shared: bool = False
) -> MatchesConfig:
    """The application's settings; the cache's freshness is chosen here, once: other
    processes share the store when ``shared`` (several workers), and a store that
    notifies tells them about each other's appends."""
    freshness = Freshness.for_store(store, shared=shared)
    return MatchesConfig(
        cache_size=settings.cache_size,
        bot_delay=settings.bot_delay,
        freshness=freshness,
        watch_poll_seconds=SHARED_POLL_SECONDS if freshness is Freshness.SHARED else 0.0,
        turn_timeout_seconds=settings.turn_timeout_seconds,
        stand_in_delay_seconds=settings.stand_in_delay_seconds,
        forfeit_after_stand_in_turns=settings.forfeit_after_stand_in_turns,
        forfeit_after_stand_in_seconds=settings.forfeit_after_stand_in_seconds,
        casual_deadline_forfeits=settings.correspondence_casual_forfeit,
        max_match_rounds=settings.max_match_rounds,
        max_match_events=settings.max_match_events,
        bot_only_cpu_share=settings.bot_only_cpu_share,
        bot_only_min_delay=settings.bot_only_min_delay,
        rated_targets=rated_targets(settings.rated_targets),
    )


def rated_targets(text: str) -> frozenset[int] | None:
    """``--rated-targets``: 'any', or comma-separated targets of 2..10000 points."""
    if text.strip().lower() == "any":
        return None
    try:
        targets = frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise ConfigError(f"--rated-targets: not a list of numbers: {text!r}") from None
    if not targets or not all(2 <= t <= 10_000 for t in targets):
        raise ConfigError(
            f"--rated-targets: targets of 2..10000 points (a 1-point match is never rated),"
            f" or 'any'; got {text!r}"
        )
    return targets


def stuck_allowance(settings: MatchSettings) -> tuple[float, float]:
    """(turn allowance, grace) of the stuck filter: a live match without a clock of its
    own moves within the turn timer and the stand-in's pause (a turn timer that is off
    allows nothing past the grace: a seat may then think forever, but an operator who
    lists stuck matches wants to see that one)."""
    timer = settings.turn_timeout_seconds
    allowance = timer + settings.stand_in_delay_seconds if timer > 0 else 0.0
    return allowance, settings.stuck_grace_seconds


def hints_config(settings: MatchSettings) -> HintsConfig:
    return HintsConfig(
        samples=settings.hint_samples,
        default_deadline=settings.hint_default_deadline_ms / 1000,
        max_deadline=settings.hint_max_deadline_ms / 1000,
        max_concurrent=settings.hint_workers,
    )


def retention_config(settings: MatchSettings) -> RetentionConfig:
    return RetentionConfig(
        unjoined_seconds=settings.retention_unjoined_seconds,
        finished_seconds=settings.retention_finished_seconds,
        sweep_seconds=settings.retention_sweep_seconds,
    )
