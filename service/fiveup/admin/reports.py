"""The chat report queue, as operators work it (docs/operations.md, "Operating a live
service"): the reports players filed, each with the message as it was reported; one
report with the messages around it in its room and how many other reports target its
author; and resolving it, optionally sanctioning the author in the same step.

Reports are private (who reported whom, what was said): reading them is audited with
the operator's reason before anything is answered, resolving one once it is done."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..chat.ports import ChatLine, ChatStore, StoredReport
from ..identity.ports import SanctionKind, SanctionRecord
from ..shared.errors import InvalidRequest
from .audit import Audit, require_reason
from .errors import ReasonRequired, ReportNotFound, ReportResolved
from .ports import MAX_REASON_CHARS, Operator

CONTEXT_LINES = 10  # messages before the reported one, and after it
MAX_SANCTION_SECONDS = 366 * 86_400.0  # a sanction ends within a year (ImposeSanction's)


class Sanctioning(Protocol):
    """Imposes a sanction and audits it (``admin.players.PlayerAdmin``)."""

    async def impose(
        self, operator: Operator, player_id: str, kind: SanctionKind, ends_at: float, reason: str
    ) -> SanctionRecord: ...


@dataclass(frozen=True, slots=True)
class AroundLine:
    """A message of the reported one's room, as the room held it."""

    line: ChatLine
    reported: bool  # the reported message (its copy as reported)


@dataclass(frozen=True, slots=True)
class ReportView:
    report: StoredReport
    around: tuple[AroundLine, ...]  # up to CONTEXT_LINES before and after, in order written
    others_against_author: int


@dataclass(frozen=True, slots=True)
class SanctionOrder:
    """A sanction to impose on the reported message's author with the resolution."""

    kind: SanctionKind
    ends_at: float


@dataclass(frozen=True, slots=True)
class ReportResolution:
    report: StoredReport  # as it is now
    sanction: SanctionRecord | None  # the sanction imposed, if any


def report_id_of(text: str) -> int:
    """A report id as the wire carries it (a decimal string)."""
    if not (text.isascii() and text.isdigit() and 0 < len(text) <= 18):
        raise InvalidRequest("report_id must be a report's id", field="report_id")
    return int(text)


def required_resolution(text: str) -> str:
    """The resolution, the reason the audit log keeps for ResolveReport."""
    text = text.strip()
    if not text or len(text) > MAX_REASON_CHARS:
        raise ReasonRequired(
            f"say how the report was resolved (1-{MAX_REASON_CHARS} characters): the"
            " audit log keeps it",
            field="resolution",
        )
    return text


class ReportQueue:
    """The operators' side of chat reports, over the chat store."""

    def __init__(
        self,
        chat: ChatStore,
        audit: Audit,
        players: Sanctioning,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.chat = chat
        self.audit = audit
        self.players = players
        self.clock = clock

    async def listed(
        self, operator: Operator, *, open_only: bool, limit: int, reason: str
    ) -> list[StoredReport]:
        """Open reports oldest first, then resolved ones latest first."""
        reason = require_reason(reason)
        await self.audit.record(
            operator, "ListReports", "report", "", reason, {"open_only": open_only}
        )
        return await self.chat.report_queue(open_only=open_only, limit=limit)

    async def get(self, operator: Operator, report_id: str, reason: str) -> ReportView:
        """The report with the messages around it in its room -- every stored line of
        the room, held and shadowed ones too (``fiveup.chat.visible``: a reader's view
        leaves those out; an operator reads what the room held) -- and how many other
        reports target its author.  An unknown id is refused before anything is
        recorded (nothing private exists to read); a report is recorded as read before
        its context is read and anything answered."""
        reason = require_reason(reason)
        stored = await self._report(report_id)
        await self.audit.record(operator, "GetReport", "report", report_id, reason)
        line = stored.line
        before, after = await self.chat.room_lines(
            line.line.match_id, line.line.room, line.seq, before=CONTEXT_LINES,
            after=CONTEXT_LINES,
        )  # fmt: skip
        around = (
            *(AroundLine(x, False) for x in before),
            AroundLine(line, True),
            *(AroundLine(x, False) for x in after),
        )
        others = await self.chat.count_reports_against(
            line.line.author.key, besides=stored.report_id
        )
        return ReportView(stored, around, others)

    async def resolve(
        self,
        operator: Operator,
        report_id: str,
        resolution: str,
        sanction: SanctionOrder | None = None,
    ) -> ReportResolution:
        """Resolve an open report and, with ``sanction``, sanction its author (a
        signed-in player; an anonymous seat has no one to sanction).  Everything is
        checked before anything changes; the report is resolved first -- the one
        operator whose resolution lands imposes the sanction, so two resolving at once
        never sanction twice -- then the sanction, then the audit entry."""
        resolution = required_resolution(resolution)
        now = self.clock()
        if sanction is not None and not now < sanction.ends_at <= now + MAX_SANCTION_SECONDS:
            raise InvalidRequest(
                "sanction_ends_at must be in the future, within a year", field="sanction_ends_at"
            )
        stored = await self._report(report_id)
        author = stored.line.line.author
        if sanction is not None and not author.player_id:
            raise InvalidRequest(
                "the message's author is an anonymous seat: there is no player to sanction",
                field="sanction",
            )
        if stored.resolved_at is not None or not await self.chat.resolve_report(
            stored.report_id, resolution, now
        ):
            raise ReportResolved("the report was resolved already", field="report_id")
        imposed = None
        if sanction is not None:
            imposed = await self.players.impose(
                operator, author.player_id, sanction.kind, sanction.ends_at, resolution
            )
        details: dict[str, object] = {"author": author.player_id or author.key}
        if sanction is not None:
            details["sanction"] = sanction.kind.value
            details["sanction_ends_at"] = sanction.ends_at
        await self.audit.record(operator, "ResolveReport", "report", report_id, resolution,
                                details)  # fmt: skip
        now_stored = await self.chat.report(stored.report_id)
        assert now_stored is not None  # resolved a moment ago; retention keeps it a year
        return ReportResolution(now_stored, imposed)

    async def _report(self, report_id: str) -> StoredReport:
        stored = await self.chat.report(report_id_of(report_id))
        if stored is None:
            raise ReportNotFound(f"no chat report {report_id}", field="report_id")
        return stored
