"""InviteToTournament through a real server (issue 34: "invite a friend to a table or a
tournament"): a friend's notice, written once; the refusals -- a stranger, a blocked
friend, an unknown id (one answer for the three), a caller not entered, closed entries,
an invitation-only tournament's entrants -- and the spam limit."""

from __future__ import annotations

import time

import grpc
import pytest

from fiveup.tournaments.invitations import MAX_INVITES
from fiveup.v1 import (
    friends_pb2,
    friends_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
)
from fiveup.v1 import tournaments_pb2 as pb

from ..harness import Running, auth, server_fixture, wait_for
from ..service.helpers import error_info
from .service_play import Person, at, create, get, people, stub

INVITED = notifications_pb2.NOTIFICATION_KIND_TOURNAMENT_INVITED
server = server_fixture(tournament_tick_seconds=0.05, tournament_watch_seconds=0.1)


async def befriend(server: Running, a: Person, b: Person) -> None:
    friends = friends_pb2_grpc.FriendServiceStub(server.channel)
    await friends.SendFriendRequest(
        friends_pb2.SendFriendRequestRequest(player_id=b.player_id), metadata=auth(a.token)
    )
    await friends.RespondToFriendRequest(
        friends_pb2.RespondToFriendRequestRequest(player_id=a.player_id, accept=True),
        metadata=auth(b.token),
    )


async def invite(server: Running, by: Person, tid: str, player_id: str) -> bool:
    answer = await stub(server).InviteToTournament(
        pb.InviteToTournamentRequest(tournament_id=tid, player_id=player_id),
        metadata=auth(by.token),
    )
    return answer.invited


async def refused(server: Running, by: Person, tid: str, player_id: str) -> tuple[object, str]:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await invite(server, by, tid, player_id)
    return err.value.code(), error_info(err.value).reason


async def invitations(server: Running, who: Person) -> list[notifications_pb2.Notification]:
    page = await notifications_pb2_grpc.NotificationServiceStub(server.channel).ListNotifications(
        notifications_pb2.ListNotificationsRequest(page_size=100), metadata=auth(who.token)
    )
    return [n for n in page.notifications if n.kind == INVITED]


async def join(server: Running, who: Person, tid: str) -> None:
    await stub(server).JoinTournament(
        pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(who.token)
    )


async def test_an_entrant_invites_a_friend_once_and_the_notice_arrives(server) -> None:
    owner, ana, bea, cal = await people(server, 4)
    await befriend(server, ana, bea)
    tid = await create(server, owner, name="Friday Swiss")
    await join(server, ana, tid)
    assert await invite(server, ana, tid, bea.player_id) is True
    (notice,) = await invitations(server, bea)
    facts = dict(notice.facts)
    assert facts["tournament_id"] == tid and facts["name"] == "Friday Swiss"
    assert facts["by"] == ana.name and facts["from"] == ana.player_id
    assert "invites you to a tournament" in notice.body
    # Again (a retry, or spam): nothing written, one notice.
    assert await invite(server, ana, tid, bea.player_id) is False
    assert len(await invitations(server, bea)) == 1
    # The creator may invite without entering; the invited friend enters as anyone.
    await befriend(server, owner, bea)
    assert await invite(server, owner, tid, bea.player_id) is True
    assert len(await invitations(server, bea)) == 2
    await join(server, bea, tid)
    # An entered friend is not invited (by anyone who had not invited them yet).
    await befriend(server, cal, bea)
    await join(server, cal, tid)
    assert await invite(server, cal, tid, bea.player_id) is False
    assert len(await invitations(server, bea)) == 2


async def test_strangers_blocked_friends_and_unknown_ids_get_one_answer(server) -> None:
    ana, bea, cal = await people(server, 3)
    tid = await create(server, ana)
    not_friend = (grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_INVITEE_NOT_FRIEND")
    assert await refused(server, ana, tid, bea.player_id) == not_friend  # a stranger
    assert await refused(server, ana, tid, "no-such-player") == not_friend
    await befriend(server, ana, cal)
    await players_pb2_grpc.PlayerServiceStub(server.channel).BlockPlayer(
        players_pb2.BlockPlayerRequest(player_id=ana.player_id), metadata=auth(cal.token)
    )
    assert await refused(server, ana, tid, cal.player_id) == not_friend  # blocked by them
    assert await invitations(server, bea) == [] and await invitations(server, cal) == []
    code, _ = await refused(server, ana, tid, ana.player_id)
    assert code == grpc.StatusCode.INVALID_ARGUMENT


async def test_only_entrants_invite_and_only_while_entries_are_open(server) -> None:
    owner, ana, bea = await people(server, 3)
    await befriend(server, ana, bea)
    tid = await create(server, owner, starts_at=at(time.time() + 0.5))
    denied = (grpc.StatusCode.PERMISSION_DENIED, "TOURNAMENT_INVITE_NOT_ALLOWED")
    assert await refused(server, ana, tid, bea.player_id) == denied  # not entered
    await join(server, ana, tid)
    await join(server, owner, tid)

    async def started() -> bool:
        return (await get(server, tid)).summary.state != pb.TOURNAMENT_STATE_UPCOMING

    await wait_for(started, timeout=10)
    closed = (grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_ENTRIES_CLOSED")
    assert await refused(server, ana, tid, bea.player_id) == closed  # a Swiss after its start
    assert await invitations(server, bea) == []


async def test_an_invitation_only_tournament_is_its_creators_to_widen(server) -> None:
    owner, ana, bea = await people(server, 3)
    await befriend(server, ana, bea)
    await befriend(server, owner, bea)
    entry = pb.EntryRules(invited_player_ids=[ana.player_id])
    tid = await create(server, owner, entry=entry)
    await join(server, ana, tid)
    # An invited entrant cannot widen the list, nor tell bea of a tournament hidden to her.
    assert await refused(server, ana, tid, bea.player_id) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "TOURNAMENT_INVITE_NOT_ALLOWED",
    )
    with pytest.raises(grpc.aio.AioRpcError):
        await get(server, tid, bea)
    assert await invite(server, owner, tid, bea.player_id) is True
    assert (await get(server, tid, bea)).summary.tournament_id == tid  # now she sees it
    await join(server, bea, tid)
    assert len(await invitations(server, bea)) == 1


async def test_one_player_invites_at_most_the_limit_to_one_tournament(server) -> None:
    ana, *friends = await people(server, MAX_INVITES + 1)
    for f in friends:
        await befriend(server, f, ana)  # (their requests: hers are limited per hour)
    extra = (await people(server, 1, "x"))[0]
    await befriend(server, extra, ana)
    tid = await create(server, ana)
    for f in friends:
        assert await invite(server, ana, tid, f.player_id) is True
    assert await refused(server, ana, tid, extra.player_id) == (
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        "TOURNAMENT_INVITES_LIMITED",
    )
    assert await invitations(server, extra) == []
    assert await invite(server, ana, tid, friends[0].player_id) is False  # a retry still answers


async def test_an_arena_takes_invitations_until_80_percent_of_its_duration(server) -> None:
    owner, ana, bea, cal = await people(server, 4)
    await befriend(server, ana, bea)
    await befriend(server, ana, cal)
    starts = time.time() + 0.5
    tid = await create(
        server, owner, format=pb.TOURNAMENT_FORMAT_ARENA, duration_seconds=5, starts_at=at(starts)
    )
    await join(server, ana, tid)
    await join(server, owner, tid)

    async def running() -> bool:
        return (await get(server, tid)).summary.state == pb.TOURNAMENT_STATE_RUNNING

    await wait_for(running, timeout=10)
    assert await invite(server, ana, tid, bea.player_id) is True  # a late entry is open

    async def late() -> bool:  # the server's clock is this machine's
        return time.time() > starts + 0.8 * 5 + 0.1

    await wait_for(late, timeout=10)
    assert await refused(server, ana, tid, cal.player_id) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "TOURNAMENT_ENTRIES_CLOSED",
    )
    assert len(await invitations(server, bea)) == 1 and await invitations(server, cal) == []
