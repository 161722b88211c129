"""The NotificationService and the delivery channels through a real server on a real
SQLite file: a correspondence match played by two players who are never connected at
once, each told of every turn on the stream (resumed after a reconnect), by the signed
webhook and by Web Push (decrypted by a push service with the browser's own keys);
ListMyMatches putting their turns first; settings, mutes, subscriptions and their
refusals; retries and dead letters."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, notifications_pb2, notifications_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from .chat_table import sign_in
from .conftest import Running, auth, human, start, stop, wait_for
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
    page = await notifications(server).ListNotifications(
        notifications_pb2.ListNotificationsRequest(after_seq=after), metadata=auth(token)
    )
    return list(page.notifications)


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
async def hooks() -> AsyncIterator[WebhookReceiver]:
    receiver = await WebhookReceiver().start()
    try:
        yield receiver
    finally:
        await receiver.close()


@pytest.fixture
async def pushes() -> AsyncIterator[PushService]:
    service = await PushService().start()
    try:
        yield service
    finally:
        await service.close()


@pytest.fixture
async def wired(
    tmp_path: Path, hooks: WebhookReceiver, pushes: PushService
) -> AsyncIterator[Running]:
    """A server with both channels: the webhook to ``hooks``, Web Push allowed to the
    loopback push service."""
    running = await start(
        tmp_path / "matches.sqlite3", webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        web_push_allow_http=True, notify_poll_seconds=0.2, notify_backoff_seconds=0.05,
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
    for _ in range(3):
        bilal = await sign_in(server, "Bilal")
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
    for endpoint, keys in (
        ("ftp://push.example/x", good),
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
        web_push_allow_http=True,
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
