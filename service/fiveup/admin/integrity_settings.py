"""The ratings integrity signals' settings group: what each detector counts as odd
(``fiveup.admin.detectors`` says why each default; docs/operations.md, "Ratings
integrity")."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .detectors import DAY, HOUR, IntegrityConfig


@dataclass
class IntegritySettings(SettingsGroup):
    TITLE = 'ratings integrity signals (docs/operations.md, "Ratings integrity")'

    integrity_window_days: float = setting(
        30.0, "the signals look at the rated matches that ended this many days ago or later"
    )
    integrity_max_matches: int = setting(
        20_000, "the most rated matches a scan reads, the latest (bounds its cost)"
    )
    integrity_pair_min_matches: int = setting(
        6, "REPEATED_PAIR: rated matches of the same two opponents within"
        " --integrity-pair-window-days",
    )  # fmt: skip
    integrity_pair_window_days: float = setting(7.0, "the window of REPEATED_PAIR")
    integrity_lopsided_share: float = setting(
        0.8, "REPEATED_PAIR: results are lopsided (scored higher) when one side won this share"
    )
    integrity_early_max_own_moves: int = setting(
        10, "EARLY_ENDINGS: a forfeit is early when some seat had made at most this many own"
        " moves (the rated-play gate refuses fewer than --rated-min-own-moves)",
    )  # fmt: skip
    integrity_early_min_results: int = setting(
        3, "EARLY_ENDINGS: rated wins by an early forfeit that raise a signal for the winner"
    )
    integrity_shared_min_matches: int = setting(
        2, "SHARED_ADDRESS: rated matches between opponents seen from one address prefix"
    )
    integrity_shared_max_players: int = setting(
        20, "SHARED_ADDRESS: a prefix more players were seen from is a shared network, not"
        " evidence",
    )  # fmt: skip
    integrity_few_max_median_moves: float = setting(
        12.0, "FEW_OWN_MOVES: a player's median own moves a rated result at or below this"
    )
    integrity_few_min_results: int = setting(
        5, "FEW_OWN_MOVES: rated results (with a rating gained over them) that raise it"
    )
    integrity_climb_points: float = setting(
        300.0, "SUDDEN_CLIMB: display rating points gained within --integrity-climb-window-hours"
    )
    integrity_climb_window_hours: float = setting(24.0, "the window of SUDDEN_CLIMB")
    integrity_climb_min_matches: int = setting(
        5, "SUDDEN_CLIMB: over this many rated matches or more (fewer: a provisional"
        " rating's ordinary swing)",
    )  # fmt: skip
    integrity_climb_points_per_match: float = setting(
        40.0, "SUDDEN_CLIMB: and at least this many points a rated match (a rise many"
        " matches explain is not flagged)",
    )  # fmt: skip

    def problems(self) -> list[str]:
        windows = (
            self.integrity_window_days, self.integrity_pair_window_days,
            self.integrity_climb_window_hours,
        )  # fmt: skip
        counts = (
            self.integrity_max_matches, self.integrity_pair_min_matches,
            self.integrity_early_min_results, self.integrity_shared_min_matches,
            self.integrity_few_min_results, self.integrity_climb_min_matches,
        )  # fmt: skip
        found = []
        if min(windows) <= 0 or min(counts) < 1:
            found.append(
                "the integrity windows must be above 0 and its counts (max matches, min"
                " matches and results) at least 1"
            )
        if not 0.5 <= self.integrity_lopsided_share <= 1.0:
            found.append(
                f"integrity_lopsided_share ({self.integrity_lopsided_share}) must be"
                " between 0.5 and 1"
            )
        return found


def integrity_config(settings: IntegritySettings) -> IntegrityConfig:
    return IntegrityConfig(
        window_seconds=settings.integrity_window_days * DAY,
        max_matches=settings.integrity_max_matches,
        pair_min_matches=settings.integrity_pair_min_matches,
        pair_window_seconds=settings.integrity_pair_window_days * DAY,
        lopsided_share=settings.integrity_lopsided_share,
        early_max_own_moves=settings.integrity_early_max_own_moves,
        early_min_results=settings.integrity_early_min_results,
        shared_min_matches=settings.integrity_shared_min_matches,
        shared_max_players=settings.integrity_shared_max_players,
        few_max_median_moves=settings.integrity_few_max_median_moves,
        few_min_results=settings.integrity_few_min_results,
        climb_points=settings.integrity_climb_points,
        climb_window_seconds=settings.integrity_climb_window_hours * HOUR,
        climb_points_per_match=settings.integrity_climb_points_per_match,
        climb_min_matches=settings.integrity_climb_min_matches,
    )
