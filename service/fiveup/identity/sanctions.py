"""Sanctions an operator imposes on a player, and where each is enforced (docs/security.md,
"Sanctions").  The identity context owns them (the ``ModerationStore``'s table); the
operators' use cases (``fiveup.admin.players``) impose and lift them:

* ``CHAT_SILENCE``: the chat's own silence (``fiveup.chat``) is set to the latest end of
  the player's silences in force, so their messages reach nobody but themselves;
* ``RATED_PLAY_SUSPENSION``: ``check_rated_play`` refuses a rated seat
  (``RATED_PLAY_SUSPENDED``: a rated table's seat, the matchmaker, a rated rematch); a
  match already under way plays on (an operator may void its result);
* ``SIGN_IN_SUSPENSION``: ``check_sign_in`` refuses every sign-in and refresh
  (``SIGN_IN_SUSPENDED``), and imposing one revokes the player's live sessions
  (``Players.revoke_all``).

A sanction ends by itself at ``ends_at``, or earlier when lifted (by whom, why and when
are kept).  Nothing is cached: each check is one indexed read, and the checks run where
players act rarely (a sign-in, a refresh, taking a seat)."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

from ..shared.errors import InvalidRequest
from .errors import RatedPlaySuspended, SanctionNotFound, SanctionNotInForce, SignInSuspended
from .ports import ModerationStore, NewSanction, SanctionKind, SanctionRecord

MAX_SANCTION_SECONDS = 366 * 86_400.0  # a year ahead at most (a leap year's day included)

__all__ = ["SanctionKind", "SanctionRecord", "Sanctions"]


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Sanctions:
    def __init__(self, store: ModerationStore, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._clock = clock

    async def impose(
        self, player_id: str, kind: SanctionKind, ends_at: float, reason: str, operator_id: str
    ) -> SanctionRecord:
        """A new sanction from now until ``ends_at`` (in the future, at most a year on)."""
        now = self._clock()
        if not now < ends_at <= now + MAX_SANCTION_SECONDS:
            raise InvalidRequest(
                "ends_at must be in the future and at most a year ahead", field="ends_at"
            )
        return await self.store.add_sanction(
            NewSanction(player_id, kind, now, ends_at, reason, operator_id)
        )

    async def lift(
        self, player_id: str, sanction_id: int, operator_id: str, reason: str
    ) -> SanctionRecord:
        now = self._clock()
        lifted = await self.store.lift_sanction(sanction_id, player_id, now, operator_id, reason)
        if lifted is None:
            raise SanctionNotFound("the player has no such sanction", field="sanction_id")
        record, changed = lifted
        if not changed:
            raise SanctionNotInForce(
                "the sanction is no longer in force (lifted, or run out)", field="sanction_id"
            )
        return record

    async def of(self, player_id: str) -> list[SanctionRecord]:
        return await self.store.sanctions_of(player_id)

    async def in_force(self, player_id: str, kind: SanctionKind) -> list[SanctionRecord]:
        return await self.store.sanctions_in_force([player_id], self._clock(), kind)

    async def silenced_until(self, player_id: str) -> float:
        """The end of the player's latest chat silence in force (now: none)."""
        found = await self.in_force(player_id, SanctionKind.CHAT_SILENCE)
        return max((s.sanction.ends_at for s in found), default=self._clock())

    async def check_sign_in(self, player_id: str) -> None:
        found = await self.in_force(player_id, SanctionKind.SIGN_IN_SUSPENSION)
        if found:
            until = max(s.sanction.ends_at for s in found)
            raise SignInSuspended(
                f"this player may not sign in until {iso(until)}", until=iso(until)
            )

    async def check_rated_play(self, player_id: str) -> None:
        found = await self.in_force(player_id, SanctionKind.RATED_PLAY_SUSPENSION)
        if found:
            until = max(s.sanction.ends_at for s in found)
            raise RatedPlaySuspended(
                f"you may not take a rated seat until {iso(until)}: play unrated tables,"
                " practice or bots",
                until=iso(until),
            )
