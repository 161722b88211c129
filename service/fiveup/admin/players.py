"""The players area of the operators' console: find a player, read their profile, and
act on them -- end their sessions, impose or lift a sanction (with its enforcement), reset
their name -- each with a reason, each in the audit log (``fiveup.admin.audit``: a read
recorded before it reads, an action after it succeeded).  The rules of each act belong
to the context that owns it (identity's sanctions and names, chat's silence); this
module only sequences them."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..chat.ports import ChatStore
from ..identity import Players
from ..identity.ports import PlayerRecord, SanctionKind, SanctionRecord
from ..identity.sanctions import Sanctions
from .audit import Audit, require_reason
from .ports import Operator
from .profiles import PlayerProfile, PlayerProfiles, PlayerSummary

PLAYER = "player"  # the audit log's target kind of every action here


class PlayerAdmin:
    def __init__(
        self,
        profiles: PlayerProfiles,
        players: Players,
        chat: ChatStore,
        audit: Audit,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        assert players.sanctions is not None  # PlayerProfiles refuses to be built without
        self.profiles = profiles
        self.players = players
        self.sanctions: Sanctions = players.sanctions
        self.chat = chat
        self.audit = audit
        self._clock = clock

    async def find(self, query: str, limit: int) -> list[PlayerSummary]:
        """Public facts only (names, ids, sanctions in force): no reason, no record."""
        return await self.profiles.find(query, limit)

    async def profile(self, operator: Operator, player_id: str, reason: str) -> PlayerProfile:
        why = require_reason(reason)
        await self.profiles.player(player_id)  # an unknown id is refused unrecorded
        await self.audit.record(operator, "GetPlayerProfile", PLAYER, player_id, why)
        return await self.profiles.profile(player_id)

    async def revoke_sessions(self, operator: Operator, player_id: str, reason: str) -> int:
        why = require_reason(reason)
        await self.profiles.player(player_id)
        revoked = await self.players.revoke_all(player_id, "revoked by an operator")
        await self.audit.record(
            operator, "RevokePlayerSessions", PLAYER, player_id, why, {"revoked": revoked}
        )
        return revoked

    async def impose(
        self, operator: Operator, player_id: str, kind: SanctionKind, ends_at: float, reason: str
    ) -> SanctionRecord:
        why = require_reason(reason)
        await self.profiles.player(player_id)
        record = await self.sanctions.impose(player_id, kind, ends_at, why, operator.operator_id)
        details: dict[str, object] = {
            "sanction_id": str(record.sanction_id), "kind": kind.value, "ends_at": ends_at,
        }  # fmt: skip
        if kind is SanctionKind.CHAT_SILENCE:
            await self._silence(player_id, why)
        elif kind is SanctionKind.SIGN_IN_SUSPENSION:
            details["sessions_revoked"] = await self.players.revoke_all(
                player_id, "sign-in suspended"
            )
        await self.audit.record(operator, "ImposeSanction", PLAYER, player_id, why, details)
        return record

    async def lift(
        self, operator: Operator, player_id: str, sanction_id: int, reason: str
    ) -> SanctionRecord:
        why = require_reason(reason)
        await self.profiles.player(player_id)
        record = await self.sanctions.lift(player_id, sanction_id, operator.operator_id, why)
        if record.sanction.kind is SanctionKind.CHAT_SILENCE:
            await self._silence(player_id, why)
        await self.audit.record(
            operator, "LiftSanction", PLAYER, player_id, why,
            {"sanction_id": str(sanction_id), "kind": record.sanction.kind.value},
        )  # fmt: skip
        return record

    async def reset_name(
        self, operator: Operator, player_id: str, display_name: str, reason: str
    ) -> PlayerSummary:
        why = require_reason(reason)
        before = await self.profiles.player(player_id)
        after: PlayerRecord = await self.players.set_name(player_id, display_name)
        await self.audit.record(
            operator, "ResetPlayerName", PLAYER, player_id, why,
            {"from": before.display_name, "to": after.display_name},
        )  # fmt: skip
        return (await self.profiles.summaries([after]))[0]

    async def _silence(self, player_id: str, reason: str) -> None:
        """The chat's silence of the player: until the latest end of their silences in
        force (now, lifting it, when none is)."""
        until = await self.sanctions.silenced_until(player_id)
        await self.chat.silence(player_id, until, reason, self._clock())
