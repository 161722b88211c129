""" "Your table is ready" through the notification channels: two players who entered a
correspondence Swiss and closed the app learn that their table is open from the
webhook and from a Web Push decrypted in their own browser -- one notice per table and
player, written with the director's write that opens the table, whatever the director
does next; the notices stream has it too, with the table's match and the tournament."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fiveup.v1 import notifications_pb2
from fiveup.v1 import tournaments_pb2 as tpb

from ..harness import Running, auth, start, stop
from ..service.receivers import SECRET_TEXT, PushService, WebhookReceiver
from ..service.test_invited_and_found import listed
from ..service.test_notifications import notifications, sign_in_away, told
from .service_play import Person, at, create, get, stub

READY = notifications_pb2.NOTIFICATION_KIND_TOURNAMENT_TABLE_READY


@pytest.fixture
async def wired(
    tmp_path: Path, hooks: WebhookReceiver, pushes: PushService
) -> AsyncIterator[Running]:
    running = await start(
        tmp_path / "matches.sqlite3", webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        web_push_allow_http=True, egress_allow="127.0.0.1", notify_poll_seconds=0.2,
        notify_backoff_seconds=0.05, tournament_tick_seconds=0.05,
        tournament_watch_seconds=0.1,
    )  # fmt: skip
    key = await notifications(running).GetWebPushKey(notifications_pb2.GetWebPushKeyRequest())
    pushes.vapid_key = key.application_server_key
    try:
        yield running
    finally:
        await stop(running)


async def test_players_away_are_told_their_table_is_ready_once(
    wired: Running, hooks: WebhookReceiver, pushes: PushService
) -> None:
    server = wired
    asha = await sign_in_away(server, pushes, "Asha")
    bilal = await sign_in_away(server, pushes, "Bilal")
    owner = Person("Asha", asha.token, asha.player_id)
    tid = await create(server, owner, name="Slow Swiss", capacity=2, rounds=1,
                       turn_clock_seconds=86_400, starts_at=at(time.time() + 0.5))  # fmt: skip
    for p in (asha, bilal):
        await stub(server).JoinTournament(
            tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )
    # Nobody watches the tournament: the channels tell them.
    match_id = ""
    for p in (asha, bilal):
        await hooks.until(lambda h: any(
            r.body["data"].get("kind") == "tournament_table_ready" for r in h.requests
        ))  # fmt: skip
        table = (await get(server, tid, Person(p.name, p.token, p.player_id))).your_table
        match_id = match_id or table.match_id
        assert table.match_id == match_id
        await told(hooks, pushes, p, "tournament_table_ready", match_id, tournament_id=tid,
                   name="Slow Swiss", round=1, seat=table.seat)  # fmt: skip

    # The director goes on ticking: still one notice per player (no spam).
    assert server.app.contexts is not None
    for _ in range(3):
        await server.app.contexts.tournaments.director.tick()
    for p in (asha, bilal):
        ready = [n for n in await listed(server.channel, p.token) if n.kind == READY]
        assert [(n.match_id, n.title, n.push) for n in ready] == [
            (match_id, "Your table is ready", True)
        ]
        assert "Round 1 of Slow Swiss" in ready[0].body

        def sent(h: WebhookReceiver, who: str = p.player_id) -> list[str]:
            return [r.notification_id for r in h.requests
                    if r.body["data"]["player_id"] == who
                    and r.body["data"].get("kind") == "tournament_table_ready"]  # fmt: skip

        assert len(set(sent(hooks))) == 1
