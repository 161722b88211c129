"""FriendService through real servers, on both stores (docs/api.md, "FriendService";
docs/security.md, "Friends and presence"):

* the whole flow: a request, its notice, the lists, an accept and its notice, removal,
  a decline; every call retried gives the first call's answer and writes nothing twice;
* blocks win: a block ends a friendship, a blocked player's request is answered as sent
  but never reaches the blocker, and the blocker cannot ask the blocked;
* presence (online, in a match, last seen rounded) is shown to friends; a stranger's
  every answer is the same byte for byte whether the player is online or not;
* the limits (an hour's, a day's, pending, the recipient's, the cooldown), checked in
  the writing transaction, with the attacks they stop;
* the friends' board agrees with the whole board; a friend's private-table invitation
  is pushed, a stranger's is not.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
import pytest

from fiveup.v1 import (
    friends_pb2,
    friends_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
    ratings_pb2,
    ratings_pb2_grpc,
)

from ..harness import Running, auth, human, start, stop
from ..postgres_db import database_on_each_store, fresh_database
from .helpers import error_info
from .receivers import SECRET_TEXT, WebhookReceiver

SENT = friends_pb2.FRIEND_STATE_REQUEST_SENT
FRIENDS = friends_pb2.FRIEND_STATE_FRIENDS
NONE = friends_pb2.FRIEND_STATE_NONE
REQUEST = notifications_pb2.NOTIFICATION_KIND_FRIEND_REQUEST
ACCEPTED = notifications_pb2.NOTIFICATION_KIND_FRIEND_ACCEPTED
INVITED = notifications_pb2.NOTIFICATION_KIND_INVITED
LIMITED = "FRIEND_REQUESTS_LIMITED"

db = database_on_each_store("friends")


class Clock:
    """The server's wall clock, which a test moves forward."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def server(db: str, clock: Clock, hooks: WebhookReceiver) -> AsyncIterator[Running]:
    running = await start(
        db, clock=clock, webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.2, notify_backoff_seconds=0.05, rate_limit_create=0.0,
        access_token_ttl_seconds=7 * 86_400.0, friend_requests_per_hour=3,
        friend_requests_per_day=5, max_pending_friend_requests=4,
        max_incoming_friend_requests=2, friend_request_cooldown_seconds=600.0,
        rating_settled_sigma=7.9, rate_limit_reads=1000.0,
    )  # fmt: skip
    try:
        yield running
    finally:
        await stop(running)


class Player:
    def __init__(self, server: Running, token: str, player_id: str) -> None:
        self.server = server
        self.token = token
        self.id = player_id
        self.friends = friends_pb2_grpc.FriendServiceStub(server.channel)

    def meta(self) -> Any:
        return auth(self.token)

    async def send(self, other: Player) -> int:
        answer = await self.friends.SendFriendRequest(
            friends_pb2.SendFriendRequestRequest(player_id=other.id), metadata=self.meta()
        )
        return int(answer.state)

    async def respond(self, other: Player, accept: bool) -> int:
        answer = await self.friends.RespondToFriendRequest(
            friends_pb2.RespondToFriendRequestRequest(player_id=other.id, accept=accept),
            metadata=self.meta(),
        )
        return int(answer.state)

    async def remove(self, other: Player) -> bool:
        answer = await self.friends.RemoveFriend(
            friends_pb2.RemoveFriendRequest(player_id=other.id), metadata=self.meta()
        )
        return answer.removed

    async def list(self) -> friends_pb2.ListFriendsResponse:
        return await self.friends.ListFriends(
            friends_pb2.ListFriendsRequest(), metadata=self.meta()
        )

    async def friend_ids(self) -> list[str]:
        return [f.player_id for f in (await self.list()).friends]

    async def requests(self, outgoing: bool) -> list[str]:
        answer = await self.friends.ListFriendRequests(
            friends_pb2.ListFriendRequestsRequest(outgoing=outgoing), metadata=self.meta()
        )
        return [r.player_id for r in answer.requests]

    async def notices(self, kind: int) -> list[notifications_pb2.Notification]:
        page = await notifications_pb2_grpc.NotificationServiceStub(
            self.server.channel
        ).ListNotifications(
            notifications_pb2.ListNotificationsRequest(page_size=100), metadata=self.meta()
        )
        return [n for n in page.notifications if n.kind == kind]

    async def block(self, other: Player) -> None:
        await players_pb2_grpc.PlayerServiceStub(self.server.channel).BlockPlayer(
            players_pb2.BlockPlayerRequest(player_id=other.id), metadata=self.meta()
        )

    async def unblock(self, other: Player) -> None:
        await players_pb2_grpc.PlayerServiceStub(self.server.channel).UnblockPlayer(
            players_pb2.UnblockPlayerRequest(player_id=other.id), metadata=self.meta()
        )


async def guest(server: Running, name: str) -> Player:
    answer = await players_pb2_grpc.PlayerServiceStub(server.channel).SignInAsGuest(
        players_pb2.SignInAsGuestRequest(
            device_id=secrets.token_urlsafe(20), display_name=f"{name} {secrets.token_hex(3)}"
        )
    )
    return Player(server, answer.session.access_token, answer.session.player.player_id)


async def refused(call: Any, code: grpc.StatusCode, reason: str) -> Any:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    info = error_info(caught.value)
    assert info.reason == reason, info
    return info


async def befriend(a: Player, b: Player) -> None:
    assert await a.send(b) == SENT
    assert await b.respond(a, accept=True) == FRIENDS


# ------------------------------------------------------------------ the whole flow


async def test_request_accept_remove_and_decline_with_their_notices(server: Running) -> None:
    ana, ben, cai = (
        await guest(server, "Ana"),
        await guest(server, "Ben"),
        await guest(server, "Cai"),
    )

    # A request, retried: one request, one notice, counted once.
    assert await ana.send(ben) == SENT
    assert await ana.send(ben) == SENT
    assert await ben.requests(outgoing=False) == [ana.id]
    assert await ana.requests(outgoing=True) == [ben.id]
    assert await ana.requests(outgoing=False) == []
    [asked] = await ben.notices(REQUEST)
    assert asked.facts["from"] == ana.id and not asked.push  # a request rings no phone

    # Accepted, retried: one friendship, one notice (pushed: the accepter chose it).
    assert await ben.respond(ana, accept=True) == FRIENDS
    assert await ben.respond(ana, accept=True) == FRIENDS
    assert await ana.friend_ids() == [ben.id]
    assert await ben.friend_ids() == [ana.id]
    assert await ben.requests(outgoing=False) == []
    [told] = await ana.notices(ACCEPTED)
    assert told.facts["friend"] == ben.id and told.push
    assert await ana.send(ben) == FRIENDS  # asking a friend again changes nothing

    # Removed (retried: nothing left); the removed player may not ask again at once, the
    # remover may.
    assert await ben.remove(ana) is True
    assert await ben.remove(ana) is False
    assert await ana.friend_ids() == [] and await ben.friend_ids() == []
    info = await refused(ana.send(ben), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert info.metadata["scope"] == "cooldown"
    assert await ben.send(ana) == SENT

    # Declined (retried: a no-op), and the decliner is not asked again for a while;
    # accepting a request that does not exist is NOT_FOUND.
    assert await cai.send(ana) == SENT
    assert await ana.respond(cai, accept=False) == NONE
    assert await ana.respond(cai, accept=False) == NONE
    assert await ana.requests(outgoing=False) == [ben.id]
    await refused(ana.respond(cai, accept=True), grpc.StatusCode.NOT_FOUND,
                  "FRIEND_REQUEST_NOT_FOUND")  # fmt: skip
    info = await refused(cai.send(ana), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert info.metadata["scope"] == "cooldown"


async def test_asking_a_player_who_asked_first_accepts_their_request(server: Running) -> None:
    dee, eli = await guest(server, "Dee"), await guest(server, "Eli")
    assert await dee.send(eli) == SENT
    assert await eli.send(dee) == FRIENDS
    assert await dee.friend_ids() == [eli.id]
    assert len(await dee.notices(ACCEPTED)) == 1


async def test_bad_requests_are_refused_and_change_nothing(server: Running) -> None:
    ana = await guest(server, "Ana")
    stub = ana.friends
    await refused(
        stub.SendFriendRequest(friends_pb2.SendFriendRequestRequest(player_id=ana.id),
                               metadata=ana.meta()),
        grpc.StatusCode.INVALID_ARGUMENT, "CANNOT_FRIEND_SELF",
    )  # fmt: skip
    await refused(
        stub.SendFriendRequest(friends_pb2.SendFriendRequestRequest(player_id="no-such id"),
                               metadata=ana.meta()),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip
    await refused(
        stub.SendFriendRequest(
            friends_pb2.SendFriendRequestRequest(player_id="f" * 32), metadata=ana.meta()
        ),
        grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND",
    )  # fmt: skip
    await refused(
        stub.ListFriends(friends_pb2.ListFriendsRequest()),
        grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED",
    )  # fmt: skip
    await refused(
        stub.GetFriendsBoard(friends_pb2.GetFriendsBoardRequest(), metadata=ana.meta()),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip
    assert await ana.requests(outgoing=True) == []


# ------------------------------------------------------------------ blocks win


async def test_a_block_ends_the_friendship_and_swallows_the_blocked_players_requests(
    server: Running, clock: Clock
) -> None:
    ana, ben, cai = (
        await guest(server, "Ana"),
        await guest(server, "Ben"),
        await guest(server, "Cai"),
    )
    dee = await guest(server, "Dee")
    await befriend(ana, ben)
    await befriend(dee, ben)
    # Ben blocks Ana and removes Dee: each finds the friendship gone, and each is refused
    # alike when asking again at once -- Ana cannot tell a block from a removal.
    await ben.block(ana)
    assert await ben.remove(dee) is True
    assert await ana.friend_ids() == [] and await ben.friend_ids() == []
    blocked = await refused(ana.send(ben), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    removed = await refused(dee.send(ben), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert dict(blocked.metadata) == dict(removed.metadata)
    assert blocked.metadata["scope"] == "cooldown"

    # After the cooldown Ana asks again: answered as sent, listed as hers, never reaching
    # Ben -- exactly what Cai, whom nobody blocked, sees of her request to Ben.
    clock.offset += 601
    before = len(await ben.notices(REQUEST))
    assert await ana.send(ben) == SENT
    assert await cai.send(ben) == SENT
    assert await ana.requests(outgoing=True) == [ben.id]
    assert await ben.requests(outgoing=False) == [cai.id]
    assert len(await ben.notices(REQUEST)) == before + 1  # Cai's only
    # ... and lifting the block later does not deliver the swallowed request.
    await ben.unblock(ana)
    assert await ben.requests(outgoing=False) == [cai.id]
    await refused(ben.respond(ana, accept=True), grpc.StatusCode.NOT_FOUND,
                  "FRIEND_REQUEST_NOT_FOUND")  # fmt: skip

    # The blocker knows whom they blocked: asking them is refused.
    await ben.block(cai)
    await refused(ben.send(cai), grpc.StatusCode.FAILED_PRECONDITION, "PLAYER_BLOCKED")
    # Cai's pending request to Ben turned quiet: still Cai's, gone from Ben's list.
    assert await cai.requests(outgoing=True) == [ben.id]
    assert await ben.requests(outgoing=False) == []


# ------------------------------------------------------------------ presence


async def until(check: Callable[[], Any], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, "the condition never held"
        await asyncio.sleep(0.02)


async def stranger_view(stranger: Player, target: Player) -> list[bytes]:
    """Everything a stranger with a pending request to ``target`` can ask that names
    them, as bytes."""
    ratings = ratings_pb2_grpc.RatingsServiceStub(stranger.server.channel)
    answers: list[Any] = [
        await stranger.friends.ListFriendRequests(
            friends_pb2.ListFriendRequestsRequest(outgoing=True), metadata=stranger.meta()
        ),
        await stranger.list(),
        await stranger.friends.GetFriendsBoard(
            friends_pb2.GetFriendsBoardRequest(category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS),
            metadata=stranger.meta(),
        ),
        await ratings.GetPlayerStats(
            ratings_pb2.GetPlayerStatsRequest(player_id=target.id), metadata=stranger.meta()
        ),
    ]
    again = await stranger.send(target)  # a retried request
    return [a.SerializeToString(deterministic=True) for a in answers] + [bytes([again])]


async def test_presence_is_shown_to_friends_only(server: Running) -> None:
    ana, ben, eve = (
        await guest(server, "Ana"),
        await guest(server, "Ben"),
        await guest(server, "Eve"),
    )
    await befriend(ana, ben)
    assert await eve.send(ben) == SENT

    async def presence() -> friends_pb2.Presence:
        [friend] = (await ana.list()).friends
        return friend.presence

    offline = await stranger_view(eve, ben)
    first = await presence()
    assert not first.online and not first.in_match
    assert first.last_seen.seconds % 300 == 0  # coarse: no keystroke timer

    # Ben opens the app (the notification stream): Ana sees him online.
    stream = notifications_pb2_grpc.NotificationServiceStub(server.channel).WatchNotifications(
        notifications_pb2.WatchNotificationsRequest(after_seq=0), metadata=ben.meta()
    )
    await stream.read()  # his own friend-request notice from Eve: the stream is live

    async def online() -> bool:
        return (await presence()).online

    await until(online)
    # The stranger's every answer is the same, byte for byte.
    assert await stranger_view(eve, ben) == offline

    # Ben sits down at a table: in a match.
    await lobby_pb2_grpc.LobbyServiceStub(server.channel).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(seats=[human(), human()], join=True),
        metadata=ben.meta(),
    )
    assert (await presence()).in_match
    assert await stranger_view(eve, ben) == offline

    stream.cancel()

    async def gone() -> bool:
        return not (await presence()).online

    await until(gone)
    assert await stranger_view(eve, ben) == offline


# ------------------------------------------------------------------ limits


async def test_the_limits_stop_a_request_flood(server: Running, clock: Clock) -> None:
    mal = await guest(server, "Mal")
    targets = [await guest(server, f"T{i}") for i in range(7)]

    # Retries count once: five sends of one request, then two more requests, fit the
    # hour's three.
    for _ in range(5):
        assert await mal.send(targets[0]) == SENT
    assert await mal.send(targets[1]) == SENT
    assert await mal.send(targets[2]) == SENT
    info = await refused(mal.send(targets[3]), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert info.metadata["scope"] == "hour" and info.metadata["limit"] == "3"
    assert await targets[3].requests(outgoing=False) == []  # state untouched

    clock.offset += 3601
    assert await mal.send(targets[3]) == SENT
    info = await refused(mal.send(targets[4]), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert info.metadata["scope"] == "pending"
    # Withdrawing one makes room, but the one withdrawn may not be asked again at once.
    assert await mal.remove(targets[0]) is True
    assert await mal.send(targets[4]) == SENT
    info = await refused(mal.send(targets[0]), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert info.metadata["scope"] == "cooldown"
    info = await refused(mal.send(targets[5]), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert info.metadata["scope"] == "day" and info.metadata["limit"] == "5"

    # The cooldown and the day end; a decline makes room among the pending.
    clock.offset += 86_401
    assert await targets[1].respond(mal, accept=False) == NONE
    assert await targets[0].requests(outgoing=False) == []
    assert await mal.send(targets[0]) == SENT


async def test_a_players_incoming_requests_are_capped_the_same_for_a_blocked_sender(
    server: Running,
) -> None:
    vic = await guest(server, "Vic")
    first, second = await guest(server, "One"), await guest(server, "Two")
    blocked, unblocked = await guest(server, "Blocked"), await guest(server, "Free")
    await vic.block(blocked)
    assert await first.send(vic) == SENT
    assert await second.send(vic) == SENT
    # The cap answers both alike: the blocked sender cannot learn of the block from it.
    a = await refused(blocked.send(vic), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    b = await refused(unblocked.send(vic), grpc.StatusCode.RESOURCE_EXHAUSTED, LIMITED)
    assert dict(a.metadata) == dict(b.metadata) and a.metadata["scope"] == "recipient"
    # A quiet request (from a blocked sender) does not fill the recipient's list.
    await vic.respond(first, accept=False)
    assert await blocked.send(vic) == SENT
    assert await unblocked.send(vic) == SENT
    assert set(await vic.requests(outgoing=False)) == {second.id, unblocked.id}


async def test_concurrent_requests_both_ways_end_as_one_friendship(server: Running) -> None:
    for _ in range(3):
        a, b = await guest(server, "A"), await guest(server, "B")
        states = await asyncio.gather(a.send(b), b.send(a))
        assert FRIENDS in states  # one of the two accepted the other's
        assert await a.friend_ids() == [b.id] and await b.friend_ids() == [a.id]
        assert await a.requests(outgoing=True) == [] == await b.requests(outgoing=True)


# ------------------------------------------------------------------ board, invitations


async def test_the_friends_board_is_the_whole_board_restricted_to_friends(
    server: Running,
) -> None:
    from .test_ratings_api import Results

    people = [await guest(server, f"R{i}") for i in range(6)]
    results = Results(server)
    now = time.time()
    t = now - 86_400
    for i, a in enumerate(people):  # a round robin: everyone settles
        for b in people[i + 1 :]:
            t += 60
            await results.end([a.id, b.id], (300, 100), 0 if (i % 2) else 1, t)
    me, friend_a, friend_b = people[0], people[2], people[4]
    await befriend(me, friend_a)
    await befriend(friend_b, me)
    outsider = await guest(server, "NoRating")
    await befriend(me, outsider)  # no rating in the category: left out

    board = await me.friends.GetFriendsBoard(
        friends_pb2.GetFriendsBoardRequest(category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS),
        metadata=me.meta(),
    )
    whole = await ratings_pb2_grpc.RatingsServiceStub(server.channel).GetLeaderboard(
        ratings_pb2.GetLeaderboardRequest(
            category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS, page_size=100
        )
    )
    mine = {me.id, friend_a.id, friend_b.id}
    expected = [(e.rank, e.player_id) for e in whole.entries if e.player_id in mine]
    assert [(s.entry.rank, s.entry.player_id) for s in board.standings] == expected
    assert len(expected) == 3


async def test_a_friends_table_invitation_is_pushed_a_strangers_is_not(
    server: Running, hooks: WebhookReceiver
) -> None:
    host, pal, stranger = (
        await guest(server, "Host"), await guest(server, "Pal"), await guest(server, "Stranger")
    )  # fmt: skip
    await befriend(pal, host)
    made = await lobby_pb2_grpc.LobbyServiceStub(server.channel).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human(), human(), human()], join=True,
            invited_player_ids=[pal.id, stranger.id],
        ),
        metadata=host.meta(),
    )  # fmt: skip
    [to_pal] = await pal.notices(INVITED)
    [to_stranger] = await stranger.notices(INVITED)
    assert to_pal.push and to_pal.facts["known"] is True
    assert not to_stranger.push and to_stranger.facts["known"] is False

    def delivered(player_id: str) -> bool:
        return any(
            r.body["data"].get("match_id") == made.match_id
            and r.body["data"].get("player_id") == player_id
            for r in hooks.requests
        )

    await hooks.until(lambda h: delivered(pal.id), timeout=30)
    assert not delivered(stranger.id)


# ------------------------------------------------------------------ two replicas


@pytest.fixture
async def replicas(tmp_path: Any) -> AsyncIterator[tuple[Running, Running]]:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "2026-12").write_text(secrets.token_urlsafe(48))
    with fresh_database("fiveup_friends_replicas") as url:
        options: dict[str, Any] = {"access_token_keys": str(keys), "rate_limit_reads": 1000.0}
        one = await start(url, **options)
        two = await start(url, **options)
        try:
            yield one, two
        finally:
            await stop(two)
            await stop(one)


@pytest.mark.postgres
async def test_a_friend_online_on_another_replica_is_online_on_every_replica(
    replicas: tuple[Running, Running],
) -> None:
    one, two = replicas
    ana = await guest(one, "Ana")
    ben_there = await guest(two, "Ben")
    ben_here = Player(one, ben_there.token, ben_there.id)
    await befriend(ana, ben_here)

    async def presence() -> friends_pb2.Presence:
        [friend] = (await ana.list()).friends  # always asked of replica one
        return friend.presence

    assert not (await presence()).online
    stream = notifications_pb2_grpc.NotificationServiceStub(two.channel).WatchNotifications(
        notifications_pb2.WatchNotificationsRequest(after_seq=0), metadata=ben_there.meta()
    )
    await stream.read()  # Ana's acceptance: the stream on replica two is live

    async def online() -> bool:
        return (await presence()).online

    await until(online)
    stream.cancel()

    async def gone() -> bool:
        seen = await presence()
        return not seen.online and seen.last_seen.seconds % 300 == 0

    await until(gone)
