"""The lobby's two notifications through real servers on SQLite and on PostgreSQL:

* **invited**: a private table that names players tells each of them once, in the
  transaction that creates the table, and they sit down as themselves (JoinMatch with
  their access token) until the invite expires; the code travels in no notification; a
  player it does not name (and who has no code) cannot sit down; a bad list of invitees
  is refused with its reason and creates nothing;
* **table found**: a search whose stream died with its replica (SIGKILL: no cleanup)
  still waits out its time to live; the matchmaker of another server seats it with a
  connected search, and tells the player who is not there -- and not the one who is.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
import time
from pathlib import Path

import grpc
import psycopg
import pytest

from fiveup.v1 import (
    lobby_pb2,
    lobby_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
)
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human, server_fixture, start, stop, wait_for
from ..postgres_db import database_on_each_store
from ..serverproc import ServerProcess
from .helpers import error_info

INVITED = notifications_pb2.NOTIFICATION_KIND_INVITED
TABLE_FOUND = notifications_pb2.NOTIFICATION_KIND_TABLE_FOUND

db = database_on_each_store("invited_found")


server = server_fixture(on_each_store=True, notify_poll_seconds=0.2)


def lobby(channel: grpc.aio.Channel) -> lobby_pb2_grpc.LobbyServiceStub:
    return lobby_pb2_grpc.LobbyServiceStub(channel)


def notifications(channel: grpc.aio.Channel) -> notifications_pb2_grpc.NotificationServiceStub:
    return notifications_pb2_grpc.NotificationServiceStub(channel)


async def guest(channel: grpc.aio.Channel, name: str, device: str = "") -> tuple[str, str]:
    """A guest's access token and player id."""
    answer = await players_pb2_grpc.PlayerServiceStub(channel).SignInAsGuest(
        players_pb2.SignInAsGuestRequest(
            device_id=device or secrets.token_urlsafe(20), display_name=name
        )
    )
    return answer.session.access_token, answer.session.player.player_id


async def listed(channel: grpc.aio.Channel, token: str) -> list[notifications_pb2.Notification]:
    page = await notifications(channel).ListNotifications(
        notifications_pb2.ListNotificationsRequest(), metadata=auth(token)
    )
    return list(page.notifications)


async def first_on_stream(
    channel: grpc.aio.Channel, token: str, timeout: float = 30.0
) -> notifications_pb2.Notification:
    """The first notification WatchNotifications sends from the start of the log."""
    call = notifications(channel).WatchNotifications(
        notifications_pb2.WatchNotificationsRequest(after_seq=0), metadata=auth(token)
    )
    try:
        async with asyncio.timeout(timeout):
            async for item in call:
                return item.notification
    finally:
        call.cancel()
    raise AssertionError("the stream ended")


def count_rows(url: str, table: str) -> int:
    """Rows of one of the database's tables, read by the test itself."""
    if "://" in url:
        with psycopg.connect(url) as conn:
            row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    else:
        with sqlite3.connect(url) as conn:
            row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    assert row is not None
    return int(row[0])


# ------------------------------------------------------------------ invited


async def test_an_invitee_is_told_once_and_takes_a_seat_as_themself(server: Running) -> None:
    channel = server.channel
    asha, _ = await guest(channel, "Asha")
    bilal, bilal_id = await guest(channel, "Bilal")
    chen, _ = await guest(channel, "Chen")
    dev, _ = await guest(channel, "Dev")
    # Bilal's app is open: the stream hears the invitation as it is committed.
    heard = asyncio.ensure_future(first_on_stream(channel, bilal))
    table = await lobby(channel).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human(), human(), human()], join=True, invited_player_ids=[bilal_id],
            turn_clock_seconds=86_400,
        ),
        metadata=auth(asha),
    )  # fmt: skip
    notice = await heard
    # Asha and Bilal never sat at a table together: a stranger's invitation is listed,
    # never pushed (test_invitations_and_blocks.py has the rest of that rule).
    assert notice.kind == INVITED and notice.match_id == table.match_id and not notice.push
    facts = dict(notice.facts)
    assert facts["by"] == "Asha" and int(facts["seats"]) == 3
    assert int(facts["turn_clock_seconds"]) == 86_400
    assert int(facts["expires_at"]) == table.invite_expires_at.seconds
    assert notice.title == "You are invited" and "Asha" in notice.body
    # The code is the table's secret, kept as a hash: no notification carries it.
    assert table.invite_code.encode() not in notice.SerializeToString()
    # Exactly one, and only to the invitee (the host may be told of her turn in this
    # correspondence match, if the deal made it hers; the others of nothing).
    assert [n.notification_id for n in await listed(channel, bilal)] == [notice.notification_id]
    assert INVITED not in [n.kind for n in await listed(channel, asha)]
    assert await listed(channel, chen) == [] and await listed(channel, dev) == []

    # A player the table does not name, without the code, cannot sit down.
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=table.match_id), metadata=auth(chen)
        )
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert error_info(refused.value).reason == "INVITE_REQUIRED"
    with pytest.raises(grpc.aio.AioRpcError) as guessed:
        await lobby(channel).JoinWithInvite(
            lobby_pb2.JoinWithInviteRequest(invite_code=secrets.token_urlsafe(16)),
            metadata=auth(chen),
        )
    assert error_info(guessed.value).reason == "INVITE_NOT_FOUND"

    # The invitee sits down as themself, from the notice alone (the table's id).
    joined = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=notice.match_id), metadata=auth(bilal)
    )
    assert joined.seat != table.seat and not joined.seat_token  # bound to Bilal
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=table.match_id), metadata=auth(bilal)
        )
    ).view
    assert view.viewer_seat == joined.seat
    # Someone the host gave the code to still joins with it, as before.
    with_code = await lobby(channel).JoinWithInvite(
        lobby_pb2.JoinWithInviteRequest(invite_code=table.invite_code), metadata=auth(dev)
    )
    assert with_code.seat not in (table.seat, joined.seat)
    # The table is full now; nobody was told twice.
    with pytest.raises(grpc.aio.AioRpcError):
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=table.match_id), metadata=auth(chen)
        )
    assert [n.kind for n in await listed(channel, bilal)].count(INVITED) == 1


async def test_an_invitation_ends_with_its_invite(db: str) -> None:
    from tests.security.conftest import FakeClock

    clock = FakeClock()
    server = await start(db, clock=clock)
    try:
        asha, _ = await guest(server.channel, "Asha")
        bilal, bilal_id = await guest(server.channel, "Bilal")
        table = await lobby(server.channel).CreatePrivateTable(
            lobby_pb2.CreatePrivateTableRequest(
                seats=[human(), human()], join=True, invited_player_ids=[bilal_id],
                invite_ttl_seconds=60,
            ),
            metadata=auth(asha),
        )  # fmt: skip
        clock.advance(61)
        with pytest.raises(grpc.aio.AioRpcError) as late:
            await server.matches.JoinMatch(
                pb.JoinMatchRequest(match_id=table.match_id), metadata=auth(bilal)
            )
        assert late.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert error_info(late.value).reason == "INVITE_EXPIRED"
    finally:
        await stop(server)


async def test_several_invitees_each_get_their_own_notice(server: Running) -> None:
    channel = server.channel
    asha, _ = await guest(channel, "Asha")
    others = [await guest(channel, name) for name in ("Bilal", "Chen", "Dev")]
    table = await lobby(channel).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human()] * 4, join=False, invited_player_ids=[p for _, p in others]
        ),
        metadata=auth(asha),
    )
    ids = set()
    for token, _ in others:
        (notice,) = await listed(channel, token)
        assert notice.kind == INVITED and notice.match_id == table.match_id
        ids.add(notice.notification_id)
    assert len(ids) == 3  # one per player: each its own id
    seats = set()
    for token, _ in others:
        joined = await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=table.match_id), metadata=auth(token)
        )
        seats.add(joined.seat)
    assert len(seats) == 3


async def test_a_bad_list_of_invitees_is_refused_and_creates_nothing(
    server: Running, db: str
) -> None:
    channel = server.channel
    asha, asha_id = await guest(channel, "Asha")
    bilal, bilal_id = await guest(channel, "Bilal")
    _, chen_id = await guest(channel, "Chen")
    _, dev_id = await guest(channel, "Dev")
    _, unknown = await guest(channel, "Gone")  # a well-formed id ...
    unknown = unknown[:-1] + ("a" if unknown[-1] != "a" else "b")  # ... of no player
    two = [human(), human()]
    cases = [
        (two, True, [unknown], grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND"),
        (two, True, [bilal_id, chen_id], grpc.StatusCode.INVALID_ARGUMENT, "TOO_MANY_INVITEES"),
        ([human(), bot()], True, [bilal_id], grpc.StatusCode.INVALID_ARGUMENT,
         "TOO_MANY_INVITEES"),
        (two, False, [bilal_id, chen_id, dev_id], grpc.StatusCode.INVALID_ARGUMENT,
         "TOO_MANY_INVITEES"),
        (two, True, [asha_id], grpc.StatusCode.INVALID_ARGUMENT, "CANNOT_INVITE_SELF"),
        (two, False, [bilal_id, bilal_id], grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT"),
        (two, True, ["not a player id!"], grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT"),
    ]  # fmt: skip
    for seats, join, invited, code, reason in cases:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await lobby(channel).CreatePrivateTable(
                lobby_pb2.CreatePrivateTableRequest(
                    seats=seats, join=join, invited_player_ids=invited
                ),
                metadata=auth(asha),
            )
        assert caught.value.code() == code, (reason, caught.value.details())
        info = error_info(caught.value)
        assert info.reason == reason, caught.value.details()
        assert info.metadata["field"] == "invited_player_ids"
        if reason == "TOO_MANY_INVITEES":
            assert info.metadata["limit"] == str(sum(s.kind == human().kind for s in seats) - join)
    # Nothing was written: no table, no match, no notice for anyone.
    for table in ("private_tables", "private_invitees", "matches", "notifications"):
        assert count_rows(db, table) == 0, table
    assert await listed(channel, bilal) == []


# ------------------------------------------------------------------ table found


async def test_a_search_whose_stream_died_is_told_its_table_and_a_connected_one_is_not(
    db: str, tmp_path: Path
) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "k1").write_text(secrets.token_urlsafe(48))
    (keys / "k1").chmod(0o600)
    ttl = 20.0  # the dead search waits this long after its last heartbeat
    env = {
        "FIVEUP_ACCESS_TOKEN_KEYS": str(keys),
        "FIVEUP_MATCHMAKER_ROUND_SECONDS": "0.05",
        "FIVEUP_MATCHMAKER_TICKET_TTL_SECONDS": str(ttl),
    }
    first = ServerProcess(db, tmp_path / "first.log", env=env)
    await first.start()
    try:
        assert first.channel is not None
        asha, asha_id = await guest(first.channel, "Asha")
        search = lobby(first.channel).FindMatch(
            lobby_pb2.FindMatchRequest(players=2), metadata=auth(asha)
        )
        async with asyncio.timeout(30):
            async for message in search:
                assert message.HasField("searching")
                break  # queued, and followed by the first server
        # The first server dies with Asha's stream open: nothing cancels her search.
        await first.kill()
    finally:
        await first.stop()
    second = await start(
        db, access_token_keys=str(keys), matchmaker_round_seconds=0.05,
        matchmaker_ticket_ttl_seconds=ttl, notify_poll_seconds=0.2,
    )  # fmt: skip
    try:
        lobby_store = second.app.contexts.stores.lobby  # type: ignore[union-attr]
        config = second.app.contexts.lobby.matchmaker.config  # type: ignore[union-attr]
        assert config.left_waiting_after < ttl

        async def left_waiting() -> bool:  # no stream renews her search any more
            waiting = await lobby_store.waiting_of(asha_id)
            assert waiting is not None, "the search must still wait"
            return waiting.heartbeat_at < time.time() - config.left_waiting_after - 0.5

        await wait_for(left_waiting, timeout=ttl)
        # Bilal searches on the second server, connected: the round seats them together.
        bilal, _ = await guest(second.channel, "Bilal")
        matched = None
        async with asyncio.timeout(30):
            async for message in lobby(second.channel).FindMatch(
                lobby_pb2.FindMatchRequest(players=2), metadata=auth(bilal)
            ):
                if message.HasField("matched"):
                    matched = message.matched
        assert matched is not None
        # Asha opens the app: her stream has the table, once; Bilal, who saw "matched" on
        # his own stream, was told nothing.
        notice = await first_on_stream(second.channel, asha)
        assert notice.kind == TABLE_FOUND and notice.match_id == matched.match_id
        assert int(notice.facts["seat"]) == 1 - matched.seat and int(notice.facts["players"]) == 2
        assert notice.title == "Table found"
        assert [n.notification_id for n in await listed(second.channel, asha)] == [
            notice.notification_id
        ]
        assert await listed(second.channel, bilal) == []
        # The seat is hers: she plays it with her access token.
        view = (
            await second.matches.GetMatch(
                pb.GetMatchRequest(match_id=matched.match_id), metadata=auth(asha)
            )
        ).view
        assert view.viewer_seat == int(notice.facts["seat"])
    finally:
        await stop(second)


async def test_players_seated_while_connected_are_told_nothing(server: Running) -> None:
    channel = server.channel
    players = [await guest(channel, name) for name in ("Asha", "Bilal")]

    async def find(token: str) -> lobby_pb2.Matched:
        async for message in lobby(channel).FindMatch(
            lobby_pb2.FindMatchRequest(players=2), metadata=auth(token)
        ):
            if message.HasField("matched"):
                return message.matched
        raise AssertionError("the search ended without a seat")

    async with asyncio.timeout(30):
        seats = await asyncio.gather(*(find(t) for t, _ in players))
    assert seats[0].match_id == seats[1].match_id
    for token, _ in players:
        assert await listed(channel, token) == []
