"""The matches area of AdminService: live and recent matches with filters (public facts:
no reason), one match inspected whole (private: its hidden hands and seed; audited with
the reason *before* it is read), a stuck match ended, a result voided (actions: audited
after they succeeded, before the answer).

Each is a use case of a context, reached through its port: the list is the lobby's
``MatchDirectory`` (the match context's tables, the lobby's seats, the ratings' ledger
and voids, in one database), the inspection and the end are the match context's
(``Matches.inspect``, ``Matches.end``), the void is ``match.voiding`` (the ratings
context keeps the record of it and the ratings it recomputes).  Nothing here reads a
store or knows a protobuf; ``fiveup.api.admin_matches`` translates.

A void is idempotent: voiding a voided match changes nothing and answers the void that
stands (``VoidOutcome.already_voided``; its audit entry says so), so the integrity
area's resolutions may void a match another resolution voided first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..lobby.ports import (
    LobbyStore,
    MatchDirectory,
    MatchFilter,
    MatchListPage,
    MatchQuery,
    MatchSummary,
    StuckRule,
)
from ..match.errors import MatchNotFound
from ..match.matches import Matches
from ..match.ports import EventStore
from ..match.results import Inspection
from ..match.voiding import RatingChanged, ResultVoiding
from ..ratings.ports import RatingStore
from ..shared import paging
from ..shared.errors import InvalidRequest
from .audit import Audit, require_reason
from .ports import Operator

DEFAULT_LIST = 50
MAX_LIST = 100
MAX_ID_CHARS = 64  # match and player ids are far shorter; a longer one matches nothing
AUDITED_CHANGES = 50  # a void's audit entry names this many of its rating changes at most


@dataclass(frozen=True, slots=True)
class StuckPolicy:
    """When a live match counts as stuck (``match.settings.stuck_allowance``): silent
    longer than ``turn_allowance`` (a correspondence match: its own clock) plus
    ``grace``."""

    turn_allowance: float
    grace: float


@dataclass(frozen=True, slots=True)
class MatchPorts:
    """What the matches area acts on: the match context's use cases and event store (the
    logs a void is recomputed from), the lobby's store (the list of matches, and who held
    each seat: the ratings replay's seat owners), the rating store (voids and ratings)."""

    matches: Matches
    events: EventStore
    lobby: LobbyStore
    ratings: RatingStore
    stuck: StuckPolicy


@dataclass(frozen=True, slots=True)
class MatchInspection:
    summary: MatchSummary
    inspection: Inspection


@dataclass(frozen=True, slots=True)
class VoidOutcome:
    """A void: the match as it is now, every rating the recomputation changed (none when
    it was voided already), and whether it was."""

    match: MatchSummary
    changes: tuple[RatingChanged, ...]
    already_voided: bool = False


class MatchAdmin:
    """The matches area's use cases, over the contexts' own (see the module)."""

    def __init__(
        self,
        matches: Matches,
        directory: MatchDirectory,
        voiding: ResultVoiding,
        audit: Audit,
        stuck: StuckPolicy,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.matches = matches
        self.directory = directory
        self.voiding = voiding
        self.audit = audit
        self.stuck = stuck
        self.clock = clock

    async def list_matches(
        self,
        which: MatchFilter = MatchFilter.ANY,
        *,
        player_id: str = "",
        rated_only: bool = False,
        limit: int = 0,
        page_token: str = "",
    ) -> tuple[MatchListPage, str]:
        """A page of matches, newest first, and the next page's token ("" at the end)."""
        if not 0 <= limit <= MAX_LIST:
            raise InvalidRequest(f"limit must be 0-{MAX_LIST} (0: {DEFAULT_LIST})", field="limit")
        if len(player_id) > MAX_ID_CHARS:
            raise InvalidRequest(f"player_id is over {MAX_ID_CHARS} characters", field="player_id")
        cursor = paging.decode(page_token, (float, str))
        rule = None
        if which is MatchFilter.STUCK:
            rule = StuckRule(self.clock(), self.stuck.turn_allowance, self.stuck.grace)
        page = await self.directory.list_matches(
            MatchQuery(
                which=which, stuck=rule, player_id=player_id, rated_only=rated_only,
                before=None if cursor is None else (float(cursor[0]), str(cursor[1])),
                limit=limit or DEFAULT_LIST,
            )
        )  # fmt: skip
        return page, paging.encode(page.next_cursor)

    async def inspect(
        self, operator: Operator, match_id: str, at_version: int, reason: str
    ) -> MatchInspection:
        """The match whole, each seat's view at ``at_version`` (0: the latest) and the
        verdict on its deals.  Audited before the read (that the match exists is a public
        fact, checked first: an unknown id is refused with nothing recorded)."""
        reason = require_reason(reason)
        summary = await self._summary(match_id)
        await self.audit.record(
            operator, "InspectMatch", "match", match_id, reason, {"at_version": at_version}
        )
        return MatchInspection(summary, await self.matches.inspect(match_id, at_version))

    async def end(self, operator: Operator, match_id: str, reason: str) -> MatchSummary:
        """End a live (stuck) match: cancelled by an operator, no result, no rating
        change; its watchers see it end.  A finished one is refused (MATCH_FINISHED)."""
        reason = require_reason(reason)
        ended = await self.matches.end(match_id)
        await self.audit.record(
            operator, "EndMatch", "match", match_id, reason, {"version": ended.version}
        )
        return await self._summary(match_id)

    async def void(self, operator: Operator, match_id: str, reason: str) -> VoidOutcome:
        """Void a finished match's result: it counts for nobody, and every rating it
        touched is recomputed exactly from the logs (``fiveup check-ratings`` agrees).
        A live match is refused (MATCH_NOT_FINISHED), a cancelled one too
        (MATCH_HAS_NO_RESULT); a voided one answers its void, unchanged."""
        reason = require_reason(reason)
        await self._summary(match_id)  # an unknown (or malformed) id: refused here
        voided = await self.voiding.void(match_id, operator.operator_id, reason)
        await self.audit.record(
            operator, "VoidResult", "match", match_id, reason,
            {
                "already_voided": voided.already,
                "ratings_changed": len(voided.changes),
                "matches_rerated": voided.rerated,
                # the first ones (an entry stays small; the answer has them all)
                "changes": [
                    {
                        "player_id": c.player_id, "category": c.category,
                        "before": c.before.mu, "after": None if c.after is None else c.after.mu,
                    }
                    for c in voided.changes[:AUDITED_CHANGES]
                ],
            },
        )  # fmt: skip
        return VoidOutcome(await self._summary(match_id), voided.changes, voided.already)

    async def _summary(self, match_id: str) -> MatchSummary:
        if not match_id or len(match_id) > MAX_ID_CHARS:
            raise InvalidRequest(f"match_id must be 1-{MAX_ID_CHARS} characters", field="match_id")
        summary = await self.directory.match_summary(match_id)
        if summary is None:
            raise MatchNotFound(f"no match {match_id!r}")
        return summary


def build_match_admin(
    ports: MatchPorts, audit: Audit, *, clock: Callable[[], float] = time.time
) -> MatchAdmin:
    voiding = ResultVoiding(ports.events, ports.ratings, owners=ports.lobby, clock=clock)
    return MatchAdmin(ports.matches, ports.lobby, voiding, audit, ports.stuck, clock=clock)
