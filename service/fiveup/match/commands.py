"""Idempotent commands (SubmitMove, UndoMove): a command is applied to the match at the
version its sender saw and its events appended once per request id, with the record of
what it did (``RequestRecord``) in the same transaction; a retry -- its answer lost on the
way, or sent to another replica -- gets the first answer again, rebuilt from the events it
produced, and a request id reused for another move is refused.  The use cases
(``fiveup.match.matches``) say what each command does; this module records it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..engine import Event, Match
from ..engine.errors import MatchError
from ..shared.errors import InvalidRequest, ShuttingDown
from .autoplay import BotRunner, TurnDeadlines
from .errors import RequestIdReused, StaleVersion
from .ports import DuplicateRequest, RequestRecord, VersionConflict
from .repository import MatchRepository
from .results import MoveResult, seen_by

MAX_REQUEST_ID = 128


class Rejected(Exception):
    """A command the rules refused (``reclaimed``: it had already taken a seat back from
    its stand-in, which must be rolled back)."""

    def __init__(self, error: MatchError, *, reclaimed: bool) -> None:
        super().__init__(str(error))
        self.error = error
        self.reclaimed = reclaimed


class CommandRecorder:
    """Applies and appends commands once per request id, over the match repository."""

    def __init__(
        self,
        repository: MatchRepository,
        deadlines: TurnDeadlines,
        bots: BotRunner,
        closing: asyncio.Event,
    ) -> None:
        self.repository = repository
        self.deadlines = deadlines
        self.bots = bots
        self._closing = closing

    async def record(
        self,
        match_id: str,
        seat: int,
        fingerprint: str,
        command: Callable[[Match], list[Event]],
        expected_version: int,
        request_id: str,
        *,
        rejected: Callable[[Match, MatchError], None],
        recorded: Callable[[Match, list[Event]], None],
    ) -> MoveResult:
        """Apply ``command`` to the match at ``expected_version`` and append its events,
        once per ``request_id`` (a retry gets the first answer again)."""
        check_request_id(request_id)
        if self._closing.is_set():
            raise ShuttingDown("the server is shutting down; retry on another replica")
        repository = self.repository
        session = await repository.get(match_id)
        async with session.lock:
            await repository.refresh(session, expected=expected_version)
            match = session.match
            if expected_version != match.version:
                # A retry of an applied request also lands here (its version has moved
                # on): the idempotency record is only looked up off the happy path.
                prior = await repository.prior_request(match_id, request_id)
                if prior is not None:
                    return await self.answer_again(match_id, prior, seat, fingerprint)
                raise StaleVersion(
                    f"the match is at version {match.version}, not {expected_version}",
                    current_version=str(match.version),
                )
            before = match.version
            try:
                events = command(match)
            except Rejected as rejection:
                if rejection.reclaimed:
                    await repository.reload(session)  # undo the uncommitted reclaim
                rejected(match, rejection.error)
                raise rejection.error from None
            events = self.deadlines.stamp(session, events)
            request = RequestRecord(request_id, seat, fingerprint, before + 1, before + len(events))
            try:
                version = await repository.append(session, before, events, request)
            except DuplicateRequest as dup:
                await repository.reload(session)
                return await self.answer_again(match_id, dup.record, seat, fingerprint)
            except VersionConflict as conflict:
                await repository.reload(session)
                raise StaleVersion(
                    f"another move was recorded first (version {conflict.current})",
                    current_version=str(conflict.current),
                ) from None
        recorded(match, events)
        self.bots.kick(session)
        return MoveResult(seat, version, seen_by(seat, enumerate(events, start=before + 1)))

    async def answer_again(
        self, match_id: str, prior: RequestRecord, seat: int, fingerprint: str
    ) -> MoveResult:
        """The answer to a retried request, rebuilt from the events it produced."""
        if prior.seat != seat or prior.fingerprint != fingerprint:
            raise RequestIdReused(
                f"request id {prior.request_id!r} was already used for another move"
            )
        events = await self.repository.read_events(
            match_id, prior.first_version - 1, upto=prior.last_version
        )
        return MoveResult(seat, prior.last_version, seen_by(seat, events))


def check_request_id(request_id: str) -> None:
    if (
        not 1 <= len(request_id) <= MAX_REQUEST_ID
        or not request_id.isascii()
        or not request_id.isprintable()
    ):
        raise InvalidRequest(
            f"request_id must be 1-{MAX_REQUEST_ID} printable ASCII characters", field="request_id"
        )
