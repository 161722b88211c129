"""The NotificationService and the delivery channels through a real server on a real
SQLite file: a correspondence match played to its end (a chat line, a rematch) by two
players who are never connected at once, each told of every turn on the stream (resumed
after a reconnect), by the signed webhook and by Web Push (decrypted by a push service
with the browser's own keys);
ListMyMatches putting their turns first; settings, mutes, subscriptions and their
refusals; retries and dead letters."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import stat
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import (
    chat_pb2,
    chat_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
)
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc as pb_grpc

from ..harness import Running, auth, human, start, stop, wait_for
from .chat_table import sign_in
from .helpers import error_info
from .receivers import SECRET_TEXT, PushService, WebhookReceiver

DAY = 86_400
YOUR_TURN = notifications_pb2.NOTIFICATION_KIND_YOUR_TURN
MATCH_ENDED = notifications_pb2.NOTIFICATION_KIND_MATCH_ENDED


def notifications(server: Running) -> notifications_pb2_grpc.NotificationServiceStub:
    return notifications_pb2_grpc.NotificationServiceStub(server.channel)


def lobby(server: Running) -> lobby_pb2_grpc.LobbyServiceStub:
    return lobby_pb2_grpc.LobbyServiceStub(server.channel)


async def listed(
    server: Running, token: str, after: int = 0
) -> list[notifications_pb2.Notification]:
    """Every notification of the player's log after ``after``, page by page (a page holds
    50: a long match tells a player more than that)."""
    found: list[notifications_pb2.Notification] = []
    while True:
        page = await notifications(server).ListNotifications(
            notifications_pb2.ListNotificationsRequest(after_seq=after), metadata=auth(token)
        )
        if not page.notifications:
            return found
        found += page.notifications
        after = page.notifications[-1].seq


async def read_stream(
    server: Running, token: str, after: int, count: int, timeout: float = 30.0
) -> list[notifications_pb2.Notification]:
    """Open WatchNotifications after ``after``, take ``count`` notifications, hang up."""
    call = notifications(server).WatchNotifications(
        notifications_pb2.WatchNotificationsRequest(after_seq=after), metadata=auth(token)
    )
    got: list[notifications_pb2.Notification] = []
    if count == 0:
        call.cancel()
        return got
    try:
        async with asyncio.timeout(timeout):
            async for item in call:
                got.append(item.notification)
                if len(got) == count:
                    break
    finally:
        call.cancel()
    return got


@dataclass
class Correspondence:
    match_id: str
    tokens: dict[int, str]  # seat -> the player's access token


async def correspondence_table(server: Running, clock: int = DAY) -> Correspondence:
    """A private correspondence table: Asha creates it and sits, Bilal joins by invite."""
    asha, bilal = await sign_in(server, "Asha"), await sign_in(server, "Bilal")
    table = await lobby(server).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human(), human()], join=True, turn_clock_seconds=clock
        ),
        metadata=auth(asha),
    )
    joined = await lobby(server).JoinWithInvite(
        lobby_pb2.JoinWithInviteRequest(invite_code=table.invite_code), metadata=auth(bilal)
    )
    return Correspondence(table.match_id, {table.seat: asha, joined.seat: bilal})


async def move(server: Running, game: Correspondence) -> int | None:
    """The seat to move plays its first legal move (with its player's access token);
    answer that seat, or None when the match is over."""
    view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
    if view.status != pb.MATCH_STATUS_IN_PROGRESS:
        return None
    token = game.tokens[view.turn_seat]
    legal = await server.matches.ListLegalMoves(
        pb.ListLegalMovesRequest(match_id=game.match_id), metadata=auth(token)
    )
    await server.matches.SubmitMove(
        pb.SubmitMoveRequest(
            match_id=game.match_id, move=legal.moves[0], expected_version=legal.version,
            request_id=f"m{legal.version}",
        ),
        metadata=auth(token),
    )  # fmt: skip
    return view.turn_seat


@pytest.fixture
async def wired(
    tmp_path: Path, hooks: WebhookReceiver, pushes: PushService
) -> AsyncIterator[Running]:
    """A server with both channels: the webhook to ``hooks``, Web Push allowed to the
    loopback push service."""
    running = await start(
        tmp_path / "matches.sqlite3", webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        web_push_allow_http=True, egress_allow="127.0.0.1", notify_poll_seconds=0.2,
        notify_backoff_seconds=0.05,
    )  # fmt: skip
    key = await notifications(running).GetWebPushKey(notifications_pb2.GetWebPushKeyRequest())
    pushes.vapid_key = key.application_server_key
    try:
        yield running
    finally:
        await stop(running)


# ------------------------------------------------------------------ the whole story


async def test_a_correspondence_match_tells_each_turn_on_every_channel(
    wired: Running, hooks: WebhookReceiver, pushes: PushService
) -> None:
    server = wired
    game = await correspondence_table(server)
    view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
    assert view.turn_clock_seconds == DAY
    assert view.turn.deadline.ToSeconds() > 0  # the match's own clock, not the live timer
    # The notice the match's start wrote was fanned out before any browser subscribed.
    earlier = {n.notification_id for t in game.tokens.values() for n in await listed(server, t)}
    browsers = {}
    for seat, token in game.tokens.items():
        browsers[seat] = pushes.browser(f"seat{seat}")
        await notifications(server).SubscribeWebPush(
            notifications_pb2.SubscribeWebPushRequest(
                endpoint=browsers[seat].endpoint,
                keys=notifications_pb2.WebPushKeys(**browsers[seat].keys),
            ),
            metadata=auth(token),
        )

    # The players take turns without ever being connected together: each reads what
    # happened since its own cursor, moves, and goes away.
    cursors = {0: 0, 1: 0}
    movers = []
    for _ in range(8):
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
        if view.status != pb.MATCH_STATUS_IN_PROGRESS:
            break
        seat = view.turn_seat
        page = await listed(server, game.tokens[seat], cursors[seat])
        if page:
            cursors[seat] = page[-1].seq
        movers.append(await move(server, game))

    # Every notice in the log reached the webhook and each of the player's browsers.
    stream_ids: set[str] = set()
    by_player = {}
    for seat, token in game.tokens.items():
        log = await listed(server, token)
        assert [n.seq for n in log] == list(range(1, len(log) + 1))  # no gap, in order
        assert all(n.kind == YOUR_TURN and n.match_id == game.match_id for n in log)
        by_player[seat] = {n.notification_id for n in log}
        stream_ids |= by_player[seat]
    assert stream_ids
    await hooks.until(lambda h: set(h.ids) >= stream_ids)
    pushed = stream_ids - earlier
    await pushes.until(lambda p: {x.payload["id"] for x in p.pushes} >= pushed)
    assert hooks.bad_signatures == 0 and not pushes.refused
    # Exactly once each in the normal case; each push went to its own player's browser
    # and decrypted there with that browser's keys only.
    assert sorted(hooks.ids) == sorted(stream_ids)
    assert sorted(x.payload["id"] for x in pushes.pushes) == sorted(pushed)
    for push in pushes.pushes:
        seat = int(push.browser.removeprefix("seat"))
        assert push.payload["id"] in by_player[seat]
        assert push.payload["kind"] == "your_turn" and push.payload["title"] == "Your turn"
        assert push.headers["urgency"] == "high" and push.headers["topic"]
    first = hooks.requests[0].body
    assert first["type"] == "notification.your_turn"
    assert first["data"]["notification_id"] == hooks.requests[0].notification_id


@dataclass
class Away:
    """A player of the end-to-end story: their access token and id, their browser's push
    subscription, and how far they have read their notifications."""

    name: str
    token: str
    player_id: str
    browser: str  # the push service's name for their browser
    seat: int = -1
    cursor: int = 0
    woken_by: set[str] = field(default_factory=set)  # the notices already acted on


@dataclass
class Visit:
    """One opening of the app: its own channel, closed when the player puts the phone
    away (nothing of theirs stays connected between visits)."""

    matches: pb_grpc.MatchServiceStub
    lobby: lobby_pb2_grpc.LobbyServiceStub
    notifications: notifications_pb2_grpc.NotificationServiceStub
    chat: chat_pb2_grpc.ChatServiceStub


@contextlib.asynccontextmanager
async def visit(server: Running) -> AsyncIterator[Visit]:
    channel = grpc.aio.insecure_channel(server.target)
    try:
        yield Visit(
            pb_grpc.MatchServiceStub(channel), lobby_pb2_grpc.LobbyServiceStub(channel),
            notifications_pb2_grpc.NotificationServiceStub(channel),
            chat_pb2_grpc.ChatServiceStub(channel),
        )  # fmt: skip
    finally:
        await channel.close()


async def told(
    hooks: WebhookReceiver, pushes: PushService, player: Away, kind: str, match_id: str,
    **facts: object,
) -> str:  # fmt: skip
    """Wait (bounded) until ``player`` has been told of a new ``kind`` about ``match_id``
    (with ``facts``) by the webhook AND by a push decrypted in their own browser; its id
    (one notice, the same on both channels)."""

    def matching(data: dict[str, object]) -> bool:
        got = data.get("facts") or {}
        return (
            data.get("kind") == kind and data.get("match_id") == match_id
            and all(got.get(k) == v for k, v in facts.items())  # type: ignore[union-attr]
        )  # fmt: skip

    def hooked(h: WebhookReceiver) -> list[str]:
        return [r.notification_id for r in h.requests
                if r.body["data"]["player_id"] == player.player_id and matching(r.body["data"])
                and r.notification_id not in player.woken_by]  # fmt: skip

    def pushed(p: PushService) -> list[str]:
        return [x.payload["id"] for x in p.pushes if x.browser == player.browser and matching(x.payload)]  # fmt: skip

    await hooks.until(lambda h: bool(hooked(h)))
    (hook_id,) = hooked(hooks)
    await pushes.until(lambda p: hook_id in pushed(p))
    player.woken_by.add(hook_id)
    return hook_id


async def sign_in_away(server: Running, pushes: PushService, name: str) -> Away:
    """A guest who subscribes their browser to Web Push, then closes the app."""
    channel = grpc.aio.insecure_channel(server.target)
    try:
        answer = await players_pb2_grpc.PlayerServiceStub(channel).SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=secrets.token_urlsafe(20), display_name=name)
        )
        token = answer.session.access_token
        browser = pushes.browser(name)
        await notifications_pb2_grpc.NotificationServiceStub(channel).SubscribeWebPush(
            notifications_pb2.SubscribeWebPushRequest(
                endpoint=browser.endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
            ),
            metadata=auth(token),
        )
    finally:
        await channel.close()
    return Away(name, token, answer.session.player.player_id, name)


async def test_a_correspondence_match_is_played_to_its_end_by_players_never_connected_together(
    wired: Running, hooks: WebhookReceiver, pushes: PushService
) -> None:
    """Issue 23's "done when": two players who never have the app open at the same time
    play a correspondence match to its end; each opens it only once the webhook and a Web
    Push (decrypted with their browser's keys) have told them it is their turn; a chat
    line written while the other is away tells them too; at the end one offers a rematch,
    the other (told) accepts, and both are told the new match has started."""
    server = wired
    asha = await sign_in_away(server, pushes, "Asha")
    bilal = await sign_in_away(server, pushes, "Bilal")
    async with visit(server) as app:
        table = await app.lobby.CreatePrivateTable(
            lobby_pb2.CreatePrivateTableRequest(
                seats=[human(), human()], join=True, turn_clock_seconds=DAY, target_points=5
            ),
            metadata=auth(asha.token),
        )
        asha.seat = table.seat
    async with visit(server) as app:
        bilal.seat = (await app.lobby.JoinWithInvite(
            lobby_pb2.JoinWithInviteRequest(invite_code=table.invite_code),
            metadata=auth(bilal.token),
        )).seat  # fmt: skip
    match_id = table.match_id
    by_seat = {asha.seat: asha, bilal.seat: bilal}

    async def now() -> pb.MatchView:  # what the server holds (no player's connection)
        return (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view

    turns = {asha.seat: 0, bilal.seat: 0}  # "your turn" notices each player was woken by
    chat = "unsaid"  # Asha's line to Bilal: unsaid, said (Bilal away), read
    last: Away | None = None
    for _ in range(400):
        view = await now()
        if view.status != pb.MATCH_STATUS_IN_PROGRESS:
            break
        player = by_seat[view.turn_seat]
        assert player is not last  # a visit plays the whole turn: the other one is next
        # Asleep until both channels say it is their turn (the notice names this version).
        woke_by = await told(hooks, pushes, player, "your_turn", match_id, seat=player.seat)
        if chat == "said" and player is bilal:  # told of the line too, while away
            await told(hooks, pushes, bilal, "chat_message", match_id, text="Good luck!")
        turns[player.seat] += 1
        async with visit(server) as app:
            page = await app.notifications.ListNotifications(
                notifications_pb2.ListNotificationsRequest(after_seq=player.cursor),
                metadata=auth(player.token),
            )
            assert woke_by in [n.notification_id for n in page.notifications]  # one id everywhere
            player.cursor = page.notifications[-1].seq
            if chat == "unsaid" and player is asha:
                await app.chat.SendChatMessage(
                    chat_pb2.SendChatMessageRequest(match_id=match_id, text="Good luck!"),
                    metadata=auth(asha.token),
                )
                chat = "said"
            elif chat == "said" and player is bilal:
                lines = await app.chat.ListChatMessages(
                    chat_pb2.ListChatMessagesRequest(match_id=match_id), metadata=auth(bilal.token)
                )
                assert [m.text for m in lines.messages] == ["Good luck!"]
                chat = "read"
            while True:  # the whole turn: a draw, then a placement or a pass
                mine = (await app.matches.GetMatch(
                    pb.GetMatchRequest(match_id=match_id), metadata=auth(player.token)
                )).view  # fmt: skip
                if mine.status != pb.MATCH_STATUS_IN_PROGRESS or mine.turn_seat != player.seat:
                    break
                legal = await app.matches.ListLegalMoves(
                    pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(player.token)
                )
                await app.matches.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id, move=legal.moves[0], expected_version=legal.version,
                        request_id=f"m{legal.version}",
                    ),
                    metadata=auth(player.token),
                )  # fmt: skip
            if mine.status != pb.MATCH_STATUS_IN_PROGRESS:  # the last move: offer a rematch
                offered = await app.lobby.OfferRematch(
                    lobby_pb2.OfferRematchRequest(match_id=match_id), metadata=auth(player.token)
                )
                assert list(offered.rematch.waiting_seats) == [1 - player.seat]
        last = player
    else:
        raise AssertionError("the match did not end")
    assert view.status == pb.MATCH_STATUS_FINISHED and chat == "read"
    assert turns[asha.seat] >= 2 and turns[bilal.seat] >= 2
    assert last is not None
    other = bilal if last is asha else asha
    # The other player is told the match ended and that a rematch is offered; they open
    # the app and accept; the rematch starts and the first player is told.
    await told(hooks, pushes, other, "match_ended", match_id)
    await told(hooks, pushes, other, "rematch_offered", match_id, by=last.name)
    async with visit(server) as app:
        standing = (await app.lobby.GetRematch(
            lobby_pb2.GetRematchRequest(match_id=match_id), metadata=auth(other.token)
        )).rematch  # fmt: skip
        assert list(standing.accepted_seats) == [last.seat]
        started = (await app.lobby.OfferRematch(
            lobby_pb2.OfferRematchRequest(match_id=match_id), metadata=auth(other.token)
        )).rematch  # fmt: skip
        assert started.new_match_id and not started.waiting_seats
    new_id = started.new_match_id
    await told(hooks, pushes, last, "match_ended", match_id)
    await told(hooks, pushes, last, "rematch_started", new_id, previous_match_id=match_id)
    for player in (last, other):
        async with visit(server) as app:
            own = (await app.matches.GetMatch(
                pb.GetMatchRequest(match_id=new_id), metadata=auth(player.token)
            )).view  # fmt: skip
            assert own.viewer_seat == player.seat and own.turn_clock_seconds == DAY

    # Each turn woke its player once; every notice of the log reached the webhook exactly
    # once, and every one that pushes, the player's own browser exactly once.
    logged: dict[str, list[notifications_pb2.Notification]] = {}
    for player in (asha, bilal):
        logged[player.browser] = await listed(server, player.token)
        mine = [n for n in logged[player.browser] if n.match_id == match_id and n.kind == YOUR_TURN]
        assert len(mine) == turns[player.seat]
    every = {n.notification_id for log in logged.values() for n in log}
    await hooks.until(lambda h: set(h.ids) >= every)
    assert sorted(hooks.ids) == sorted(every) and hooks.bad_signatures == 0
    pushing = {(name, n.notification_id) for name, log in logged.items() for n in log if n.push}
    await pushes.until(lambda p: {(x.browser, x.payload["id"]) for x in p.pushes} >= pushing)
    assert sorted((x.browser, x.payload["id"]) for x in pushes.pushes) == sorted(pushing)
    assert not pushes.refused


async def test_the_stream_resumes_after_a_reconnect_without_gaps(wired: Running) -> None:
    server = wired
    game = await correspondence_table(server)
    for _ in range(6):
        await move(server, game)
    for token in game.tokens.values():
        log = await listed(server, token)
        assert log
        # A client that saw the first notice reconnects with its seq: it gets the rest,
        # then live ones as they come.
        resumed = await read_stream(server, token, log[0].seq, len(log) - 1)
        assert [n.seq for n in resumed] == [n.seq for n in log[1:]]
    # Live: a stream open before the move hears it.
    view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
    waiting = 1 - view.turn_seat  # the player who will be told next
    latest = (await listed(server, game.tokens[waiting]))[-1].seq
    reader = asyncio.ensure_future(read_stream(server, game.tokens[waiting], latest, 1))
    # Play until that player has been told something new (a seat that draws or passes
    # moves again, telling nobody); the open stream must hear it.
    for _ in range(40):
        await move(server, game)
        if await listed(server, game.tokens[waiting], latest):
            break
    (live,) = await reader
    assert live.seq == latest + 1 and live.kind == YOUR_TURN


async def test_my_matches_put_my_turns_first_with_their_deadlines(wired: Running) -> None:
    server = wired
    asha = await sign_in(server, "Asha")
    games = []
    for n in range(3):
        bilal = await sign_in(server, f"Bilal {n + 1}")  # three players: three names
        table = await lobby(server).CreatePrivateTable(
            lobby_pb2.CreatePrivateTableRequest(
                seats=[human(), human()], join=True, turn_clock_seconds=DAY
            ),
            metadata=auth(asha),
        )
        joined = await lobby(server).JoinWithInvite(
            lobby_pb2.JoinWithInviteRequest(invite_code=table.invite_code), metadata=auth(bilal)
        )
        games.append(Correspondence(table.match_id, {table.seat: asha, joined.seat: bilal}))
    live = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=live.match_id), metadata=auth(asha))
    # In each correspondence match, play until it is Bilal's turn or Asha's as wanted.
    mine = []
    for index, game in enumerate(games):
        want_asha = index != 1
        for _ in range(20):
            view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
            if (game.tokens[view.turn_seat] == asha) == want_asha:
                break
            await move(server, game)
        if want_asha:
            mine.append((view.turn.deadline.ToNanoseconds(), game.match_id))
    listing = await lobby(server).ListMyMatches(
        lobby_pb2.ListMyMatchesRequest(page_size=2), metadata=auth(asha)
    )
    rest = await lobby(server).ListMyMatches(
        lobby_pb2.ListMyMatchesRequest(page_size=10, page_token=listing.next_page_token),
        metadata=auth(asha),
    )
    rows = [*listing.matches, *rest.matches]
    assert [m.match_id for m in rows[:2]] == [mid for _, mid in sorted(mine)]
    assert all(m.your_turn and m.turn_clock_seconds == DAY for m in rows[:2])
    for row, (deadline, _) in zip(rows[:2], sorted(mine), strict=True):
        assert abs(row.turn_deadline.ToNanoseconds() - deadline) < 1_000_000  # the view's
    assert {m.match_id for m in rows[2:]} == {games[1].match_id, live.match_id}
    assert not any(m.your_turn or m.HasField("turn_deadline") for m in rows[2:])
    assert {m.match_id: m.turn_clock_seconds for m in rows[2:]}[live.match_id] == 0


# ------------------------------------------------------------------ choices


async def test_settings_mutes_and_subscriptions(
    wired: Running, hooks: WebhookReceiver, pushes: PushService
) -> None:
    server = wired
    game = await correspondence_table(server)
    stub = notifications(server)
    seat_to_move = (
        await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))
    ).view.turn_seat
    other = 1 - seat_to_move
    token = game.tokens[other]  # the player told next
    settings = (await stub.GetNotificationSettings(
        notifications_pb2.GetNotificationSettingsRequest(), metadata=auth(token)
    )).settings  # fmt: skip
    assert settings.webhook and settings.web_push
    assert settings.webhook_available and settings.web_push_available
    browser = pushes.browser("muted")
    keys = notifications_pb2.WebPushKeys(**browser.keys)
    sub = await stub.SubscribeWebPush(
        notifications_pb2.SubscribeWebPushRequest(endpoint=browser.endpoint, keys=keys),
        metadata=auth(token),
    )
    assert sub.subscription.endpoint == browser.endpoint
    # The match muted: its notices stay in the stream but wake no phone.
    muted = await stub.MuteMatchNotifications(
        notifications_pb2.MuteMatchNotificationsRequest(match_id=game.match_id, muted=True),
        metadata=auth(token),
    )
    assert list(muted.settings.muted_match_ids) == [game.match_id]
    await move(server, game)
    log = await listed(server, token)
    assert log and log[-1].kind == YOUR_TURN
    # The other player's (unmuted) notice of the next move is delivered: by then the
    # muted one would have been too, had it been sent.
    await move(server, game)
    mover_log = await listed(server, game.tokens[seat_to_move])
    await hooks.until(lambda h: mover_log[-1].notification_id in h.ids)
    assert log[-1].notification_id not in hooks.ids
    assert not pushes.pushes
    # Channels off: nothing more is sent for this player (the stream still has it all).
    await stub.MuteMatchNotifications(
        notifications_pb2.MuteMatchNotificationsRequest(match_id=game.match_id, muted=False),
        metadata=auth(token),
    )
    off = await stub.UpdateNotificationSettings(
        notifications_pb2.UpdateNotificationSettingsRequest(webhook=False), metadata=auth(token)
    )
    assert not off.settings.webhook and off.settings.web_push and not off.settings.muted_match_ids
    removed = await stub.UnsubscribeWebPush(
        notifications_pb2.UnsubscribeWebPushRequest(endpoint=browser.endpoint), metadata=auth(token)
    )
    assert removed.removed
    again = await stub.UnsubscribeWebPush(
        notifications_pb2.UnsubscribeWebPushRequest(endpoint=browser.endpoint), metadata=auth(token)
    )
    assert not again.removed


async def refused(call, code: grpc.StatusCode, reason: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    assert error_info(caught.value).reason == reason


async def test_bad_requests_are_refused_with_a_reason(wired: Running, pushes: PushService) -> None:
    stub = notifications(wired)
    token = await sign_in(wired, "Asha")
    await refused(
        stub.GetNotificationSettings(notifications_pb2.GetNotificationSettingsRequest()),
        grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED",
    )  # fmt: skip
    call = stub.WatchNotifications(notifications_pb2.WatchNotificationsRequest(after_seq=-1),
                                   metadata=auth(token))  # fmt: skip
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        async for _ in call:
            pass
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    browser = pushes.browser("b")
    good = notifications_pb2.WebPushKeys(**browser.keys)
    await refused(
        stub.SubscribeWebPush(
            notifications_pb2.SubscribeWebPushRequest(endpoint="ftp://push.example/x", keys=good),
            metadata=auth(token),
        ),
        grpc.StatusCode.INVALID_ARGUMENT, "ENDPOINT_NOT_ALLOWED",  # tests/egress: every form
    )  # fmt: skip
    for endpoint, keys in (
        ("", good),
        (browser.endpoint, notifications_pb2.WebPushKeys(p256dh="AAAA", auth=good.auth)),
        (browser.endpoint, notifications_pb2.WebPushKeys(p256dh=good.p256dh, auth="not*b64")),
    ):
        await refused(
            stub.SubscribeWebPush(
                notifications_pb2.SubscribeWebPushRequest(endpoint=endpoint, keys=keys),
                metadata=auth(token),
            ),
            grpc.StatusCode.INVALID_ARGUMENT, "BAD_PUSH_SUBSCRIPTION",
        )  # fmt: skip
    await refused(
        stub.MuteMatchNotifications(
            notifications_pb2.MuteMatchNotificationsRequest(match_id="", muted=True),
            metadata=auth(token),
        ),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip
    await refused(
        wired.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[human(), human()], turn_clock_seconds=5)
        ),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_CONFIG",
    )  # fmt: skip


async def test_the_vapid_key_is_made_once_beside_the_database(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    first = await start(db)
    try:
        key = await notifications(first).GetWebPushKey(notifications_pb2.GetWebPushKeyRequest())
    finally:
        await stop(first)
    pem = Path(str(db) + ".vapid.pem")
    assert stat.S_IMODE(os.stat(pem).st_mode) == 0o600
    second = await start(db)
    try:
        again = await notifications(second).GetWebPushKey(notifications_pb2.GetWebPushKeyRequest())
    finally:
        await stop(second)
    assert key.application_server_key and again.application_server_key == key.application_server_key


# ------------------------------------------------------------------ failures


async def test_a_failing_receiver_is_retried_then_its_deliveries_die(
    tmp_path: Path, pushes: PushService
) -> None:
    flaky = await WebhookReceiver(status=lambda attempt: 503 if attempt <= 2 else 204).start()
    server = await start(
        tmp_path / "m.sqlite3", webhook_url=flaky.url, webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.05, notify_backoff_seconds=0.05, notify_max_attempts=3,
        web_push_allow_http=True, egress_allow="127.0.0.1",
        notify_circuit_open_seconds=0.05,  # the circuit: brief
    )  # fmt: skip
    try:
        game = await correspondence_table(server)
        first = [n for t in game.tokens.values() for n in await listed(server, t)]
        assert len(first) == 1
        # Two 503s, then delivered on the third attempt: the same id each time.
        await flaky.until(lambda h: len(h.requests) == 1)
        assert flaky.attempts == 3 and flaky.ids == [first[0].notification_id]
        # From now on the receiver always fails: after max_attempts the delivery is dead.
        flaky.status = lambda attempt: 500
        before = flaky.attempts
        for _ in range(4):
            await move(server, game)
        store = server.app.contexts.notifications.store  # type: ignore[union-attr]

        async def dead() -> bool:
            counts = await store.counts()
            return counts.dead >= 1 and counts.pending == 0

        await wait_for(dead)
        webhook_dead = (await store.counts()).dead
        assert flaky.attempts - before == 3 * webhook_dead  # max_attempts each, no more
        assert (
            webhook_dead
            == len([n for t in game.tokens.values() for n in await listed(server, t)]) - 1
        )  # every notice after the first

    finally:
        await stop(server)
        await flaky.close()


async def test_a_subscription_the_push_service_says_is_gone_is_forgotten(
    wired: Running, pushes: PushService
) -> None:
    server = wired
    game = await correspondence_table(server)
    view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
    token = game.tokens[1 - view.turn_seat]  # told of the next move
    browser = pushes.browser("gone")
    pushes.gone.add("gone")
    await notifications(server).SubscribeWebPush(
        notifications_pb2.SubscribeWebPushRequest(
            endpoint=browser.endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
        ),
        metadata=auth(token),
    )
    await move(server, game)

    async def forgotten() -> bool:
        settings = await notifications(server).GetNotificationSettings(
            notifications_pb2.GetNotificationSettingsRequest(), metadata=auth(token)
        )
        return browser.endpoint not in [s.endpoint for s in settings.settings.subscriptions]

    await wait_for(forgotten)
    assert not pushes.pushes


async def test_a_missed_deadline_ends_a_rated_match_and_tells_everyone(
    tmp_path: Path, hooks: WebhookReceiver
) -> None:
    from tests.security.conftest import FakeClock

    clock = FakeClock()
    server = await start(
        tmp_path / "m.sqlite3", clock=clock, webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.05,
    )  # fmt: skip
    try:
        game = await correspondence_table(server, clock=3600)
        for _ in range(3):
            await move(server, game)
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
        assert view.rated
        late = view.turn_seat
        clock.advance(3601)
        _, expired = await server.app.matches.correspondence.sweep()
        assert expired == [(game.match_id, late)]
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
        assert view.status == pb.MATCH_STATUS_FINISHED
        assert view.forfeited_seat == late and view.forfeit_reason == pb.FORFEIT_REASON_DEADLINE
        ended = {}
        for seat, token in game.tokens.items():
            (notice,) = [n for n in await listed(server, token) if n.kind == MATCH_ENDED]
            ended[notice.notification_id] = (seat, notice.facts["won"])
        assert sorted(won for _, won in ended.values()) == [False, True]
        assert dict(ended.values())[late] is False
        await hooks.until(lambda h: set(h.ids) >= set(ended))
        bodies = {r.notification_id: r.body for r in hooks.requests}
        assert {bodies[i]["type"] for i in ended} == {"notification.match_ended"}
    finally:
        await stop(server)
