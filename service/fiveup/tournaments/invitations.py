"""Inviting a friend to a tournament (InviteToTournament; docs/tournaments.md, "Invite a
friend"): who may invite, whom, when, and the notice written with the invitation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from ..friends.ports import FriendLookup
from ..identity import Players
from ..identity.relations import BlockLookup
from ..notifications.notices import Notice, NoticeKind
from ..shared.errors import InvalidRequest
from .errors import EntriesClosed, InviteeNotFriend, InviteNotAllowed, TooManyInvitations
from .ports import CANCELLED, FINISHED, RUNNING, InvitationRecord, TournamentRecord

MAX_INVITES = 20  # invitations one player may send for one tournament
MAX_INVITED = 256  # an invitation list's most players (CreateTournament and here)


class Host(Protocol):
    """What inviting asks of ``service.Tournaments`` (which calls it)."""

    players: Players
    friends: FriendLookup
    blocks: BlockLookup | None
    clock: Callable[[], float]

    async def _visible(self, tournament_id: str, caller: str | None) -> TournamentRecord: ...

    async def change(
        self,
        tournament_id: str,
        fn: Callable[[TournamentRecord], bool],
        notices: Callable[[TournamentRecord], Sequence[Notice]] | None = None,
    ) -> TournamentRecord: ...


async def invite(
    tournaments: Host, access_token: str | None, tournament_id: str, player_id: str
) -> bool:
    """The signed-in player invites a friend (``player_id``) to the tournament: a
    ``TOURNAMENT_INVITED`` notice to them, written with the record of the invitation.
    The caller must have created the tournament or be entered in it, while it takes
    entries; an invitation-only one is the creator's to widen (inviting adds the
    friend to its list), an entrant may invite only to an open one.  True: invited
    now; False: the caller had invited them before, or they are entered (nothing
    written).  A stranger, a blocked player and an unknown id get one answer."""
    player = await tournaments.players.get(access_token)
    pid = player.player_id
    if not player_id or len(player_id) > 128:
        raise InvalidRequest("player_id is required", field="player_id")
    if player_id == pid:
        raise InvalidRequest("you cannot invite yourself", field="player_id")
    may_invite(await tournaments._visible(tournament_id, pid), pid, tournaments.clock())
    blocked = tournaments.blocks is not None and await tournaments.blocks.blocked_either_way(
        pid, player_id
    )
    if blocked or player_id not in await tournaments.friends.friends_among(pid, [player_id]):
        raise InviteeNotFriend("you can invite only your friends")
    now = tournaments.clock()
    invited = False

    def add(r: TournamentRecord) -> bool:
        nonlocal invited
        may_invite(r, pid, tournaments.clock())
        held = r.entrant(player_id)
        mine = [i for i in r.invitations if i.by == pid]
        invited = False
        if any(i.player_id == player_id for i in mine) or (held is not None and held.active):
            return False  # invited before (one notice), or entered already
        if len(mine) >= MAX_INVITES:
            raise TooManyInvitations(
                f"you may invite {MAX_INVITES} players to one tournament",
                limit=str(MAX_INVITES),
            )
        entry = r.settings.entry
        if entry.invited and player_id not in entry.invited:  # the creator's (may_invite)
            if len(entry.invited) >= MAX_INVITED:
                raise TooManyInvitations(
                    f"an invitation list holds at most {MAX_INVITED} players",
                    limit=str(MAX_INVITED),
                )
            r.settings = replace(
                r.settings, entry=replace(entry, invited=(*entry.invited, player_id))
            )
        r.invitations.append(InvitationRecord(pid, player_id, now))
        invited = True
        return True

    def notices(r: TournamentRecord) -> list[Notice]:
        return [
            Notice.of(
                NoticeKind.TOURNAMENT_INVITED,
                player_id,
                f"{r.tournament_id}/{pid}",
                now,
                data={
                    "tournament_id": r.tournament_id,
                    "name": r.settings.name,
                    "from": pid,
                    "by": player.display_name,
                },
            )
        ]

    await tournaments.change(tournament_id, add, notices)
    return invited


def may_invite(record: TournamentRecord, player_id: str, now: float) -> None:
    """Refuse an invitation ``player_id`` may not send now: entries closed (a Swiss's
    start, 80% of an arena), the caller neither its creator nor entered, or an
    invitation-only tournament and the caller not its creator."""
    if record.state in (FINISHED, CANCELLED):
        raise EntriesClosed("the tournament is over")
    if record.state == RUNNING and (not record.is_arena or now > record.late_entries_until()):
        raise EntriesClosed("entries to this tournament have closed")
    creator = player_id == record.created_by
    held = record.entrant(player_id)
    if not creator and (held is None or not held.active):
        raise InviteNotAllowed("enter the tournament to invite friends to it", rule="entrant")
    if record.settings.entry.invited and not creator:
        raise InviteNotAllowed(
            "only its creator invites players to an invitation-only tournament",
            rule="invitation",
        )
