"""Rematch through real servers: offered at a match's end, accepted by every player, a
new match with the same seats, players and options, everyone told (the stream and the
webhook); refused before the end, to strangers and for anonymous seats; declined; and
two players accepting at once through two PostgreSQL replicas start one match."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import lobby_pb2, notifications_pb2, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, human, start, stop
from ..postgres_db import fresh_database
from .chat_table import sign_in
from .helpers import error_info
from .receivers import SECRET_TEXT, WebhookReceiver
from .test_notifications import Correspondence, listed, lobby, move

OFFERED = notifications_pb2.NOTIFICATION_KIND_REMATCH_OFFERED
STARTED = notifications_pb2.NOTIFICATION_KIND_REMATCH_STARTED


async def table(
    server: Running, *, clock: int = 0, target: int = 5, names: tuple[str, str] = ("Asha", "Bilal")
) -> Correspondence:
    """A private table of two signed-in players (a correspondence one with ``clock``);
    a server's players each have a name of their own, so a second table takes new names."""
    asha, bilal = await sign_in(server, names[0]), await sign_in(server, names[1])
    created = await lobby(server).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human(), human()], join=True, turn_clock_seconds=clock, target_points=target
        ),
        metadata=auth(asha),
    )
    joined = await lobby(server).JoinWithInvite(
        lobby_pb2.JoinWithInviteRequest(invite_code=created.invite_code), metadata=auth(bilal)
    )
    return Correspondence(created.match_id, {created.seat: asha, joined.seat: bilal})


async def play_out(server: Running, game: Correspondence) -> None:
    for _ in range(2000):
        if await move(server, game) is None:
            return
    raise AssertionError("the match did not end")


def offer(server: Running, token: str, match_id: str):  # type: ignore[no-untyped-def]
    return lobby(server).OfferRematch(
        lobby_pb2.OfferRematchRequest(match_id=match_id), metadata=auth(token)
    )


async def refused(call, code: grpc.StatusCode, reason: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    assert error_info(caught.value).reason == reason


@pytest.fixture
async def hooks() -> AsyncIterator[WebhookReceiver]:
    receiver = await WebhookReceiver().start()
    try:
        yield receiver
    finally:
        await receiver.close()


async def test_a_rematch_starts_when_everyone_accepts_and_tells_them(
    tmp_path: Path, hooks: WebhookReceiver
) -> None:
    server = await start(
        tmp_path / "m.sqlite3", webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.1,
    )  # fmt: skip
    try:
        game = await table(server, clock=86_400)
        (first, asha), (second, bilal) = sorted(game.tokens.items())
        await refused(offer(server, asha, game.match_id), grpc.StatusCode.FAILED_PRECONDITION,
                      "REMATCH_NOT_AVAILABLE")  # fmt: skip
        stranger = await sign_in(server, "Chen")
        await play_out(server, game)
        await refused(offer(server, stranger, game.match_id), grpc.StatusCode.PERMISSION_DENIED,
                      "PERMISSION_DENIED")  # fmt: skip

        offered = (await offer(server, asha, game.match_id)).rematch
        assert offered.offered and list(offered.accepted_seats) == [first]
        assert list(offered.waiting_seats) == [second] and not offered.new_match_id
        again = (await offer(server, asha, game.match_id)).rematch  # counts once
        assert list(again.accepted_seats) == [first]
        (told,) = [n for n in await listed(server, bilal) if n.kind == OFFERED]
        assert told.facts["by"] == "Asha" and told.match_id == game.match_id
        assert not [n for n in await listed(server, asha) if n.kind == OFFERED]

        started = (await offer(server, bilal, game.match_id)).rematch
        assert started.new_match_id and not started.waiting_seats
        new_id = started.new_match_id
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=new_id))).view
        assert view.status == pb.MATCH_STATUS_IN_PROGRESS
        assert view.turn_clock_seconds == 86_400 and view.target_points == 5 and view.rated
        assert all(s.joined for s in view.seats)
        # The same players at the same seats: each one's access token acts for it.
        for seat, token in game.tokens.items():
            own = await server.matches.GetMatch(
                pb.GetMatchRequest(match_id=new_id), metadata=auth(token)
            )
            assert own.view.viewer_seat == seat
        ids = set()
        for token in (asha, bilal):
            (note,) = [n for n in await listed(server, token) if n.kind == STARTED]
            assert note.match_id == new_id and note.facts["previous_match_id"] == game.match_id
            ids.add(note.notification_id)
        await hooks.until(lambda h: ids <= set(h.ids))
        # Asking again answers the same rematch; GetRematch too.
        assert (await offer(server, asha, game.match_id)).rematch.new_match_id == new_id
        got = await lobby(server).GetRematch(
            lobby_pb2.GetRematchRequest(match_id=game.match_id), metadata=auth(bilal)
        )
        assert got.rematch.new_match_id == new_id
    finally:
        await stop(server)


async def test_players_with_a_block_get_no_rematch_and_the_blocker_no_notice(
    server: Running,
) -> None:
    """A block placed during or after a match: the blocked player's offer pushes nothing
    to the blocker and does not say why; the blocker is told to unblock first."""
    game = await table(server, names=("Dara", "Eun"))
    (_, dara), (_, eun) = sorted(game.tokens.items())
    await play_out(server, game)
    dara_id = (
        await players_pb2_grpc.PlayerServiceStub(server.channel).GetPlayer(
            players_pb2.GetPlayerRequest(), metadata=auth(dara)
        )
    ).player.player_id
    await players_pb2_grpc.PlayerServiceStub(server.channel).BlockPlayer(
        players_pb2.BlockPlayerRequest(player_id=dara_id), metadata=auth(eun)
    )
    await refused(offer(server, dara, game.match_id), grpc.StatusCode.FAILED_PRECONDITION,
                  "REMATCH_NOT_AVAILABLE")  # fmt: skip
    await refused(offer(server, eun, game.match_id), grpc.StatusCode.FAILED_PRECONDITION,
                  "PLAYER_BLOCKED")  # fmt: skip
    assert not [n for n in await listed(server, eun) if n.kind == OFFERED]
    got = await lobby(server).GetRematch(
        lobby_pb2.GetRematchRequest(match_id=game.match_id), metadata=auth(dara)
    )
    assert not got.rematch.offered  # nothing was written
    # unblocked, the rematch is available again
    await players_pb2_grpc.PlayerServiceStub(server.channel).UnblockPlayer(
        players_pb2.UnblockPlayerRequest(player_id=dara_id), metadata=auth(eun)
    )
    assert (await offer(server, dara, game.match_id)).rematch.offered


async def test_a_declined_rematch_is_off_and_anonymous_tables_have_none(
    server: Running,
) -> None:
    game = await table(server)
    (_, asha), (_, bilal) = sorted(game.tokens.items())
    await play_out(server, game)
    await offer(server, asha, game.match_id)
    declined = await lobby(server).DeclineRematch(
        lobby_pb2.DeclineRematchRequest(match_id=game.match_id), metadata=auth(bilal)
    )
    assert declined.declined
    status = await lobby(server).GetRematch(
        lobby_pb2.GetRematchRequest(match_id=game.match_id), metadata=auth(asha)
    )
    assert not status.rematch.offered and not status.rematch.accepted_seats
    # A new offer after a decline starts over.
    assert list((await offer(server, bilal, game.match_id)).rematch.accepted_seats)

    # A match with an anonymous seat cannot be rematched (the new match binds players).
    player = await sign_in(server, "Dev")
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()],
                                                                     target_points=5))  # fmt: skip
    await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id, seat=0), metadata=auth(player)
    )
    anon = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=1))
    mixed = Correspondence(created.match_id, {0: player, 1: anon.seat_token})
    await play_out(server, mixed)
    await refused(offer(server, player, created.match_id), grpc.StatusCode.FAILED_PRECONDITION,
                  "REMATCH_NOT_AVAILABLE")  # fmt: skip


@pytest.mark.postgres
async def test_two_players_accepting_at_once_on_two_replicas_start_one_match(
    tmp_path: Path,
) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "2026-12").write_text(secrets.token_urlsafe(48))
    with fresh_database() as url:
        a = await start(url, access_token_keys=str(keys))
        b = await start(url, access_token_keys=str(keys))
        try:
            for n in range(3):
                game = await table(a, names=(f"Asha {n}", f"Bilal {n}"))
                await play_out(a, game)
                (_, asha), (_, bilal) = sorted(game.tokens.items())
                answers = await asyncio.gather(
                    offer(a, asha, game.match_id), offer(b, bilal, game.match_id)
                )
                final = await lobby(a).GetRematch(
                    lobby_pb2.GetRematchRequest(match_id=game.match_id), metadata=auth(asha)
                )
                new_id = final.rematch.new_match_id
                assert new_id
                assert {r.rematch.new_match_id for r in answers} <= {new_id, ""}
                started = [
                    n for t in (asha, bilal) for n in await listed(a, t) if n.kind == STARTED
                ]
                assert len(started) == 2 and {n.match_id for n in started} == {new_id}
                view = (await b.matches.GetMatch(pb.GetMatchRequest(match_id=new_id))).view
                assert all(s.joined for s in view.seats)
        finally:
            await stop(b)
            await stop(a)


async def test_the_last_accept_and_a_waiting_players_read_at_once_start_one_match(
    server: Running,
) -> None:
    """A player waiting on the offer reads GetRematch (as `fiveup play` and the SDK's
    awaitRematch do) while the other accepts: both calls may complete the rematch, and
    both answer the one new match, every seat bound to its player (the second join of a
    seat was refused, SEAT_TAKEN, and failed the call)."""
    for n in range(3):
        game = await table(server, names=(f"Asha {n}", f"Bilal {n}"))
        (seat_a, asha), (seat_b, bilal) = sorted(game.tokens.items())
        await play_out(server, game)
        await offer(server, asha, game.match_id)
        read = lobby(server).GetRematch(
            lobby_pb2.GetRematchRequest(match_id=game.match_id), metadata=auth(asha)
        )
        accepted, status = await asyncio.gather(offer(server, bilal, game.match_id), read)
        new_id = accepted.rematch.new_match_id
        assert new_id and status.rematch.new_match_id in (new_id, "")
        for seat, token in ((seat_a, asha), (seat_b, bilal)):
            view = (
                await server.matches.GetMatch(
                    pb.GetMatchRequest(match_id=new_id), metadata=auth(token)
                )
            ).view
            assert view.viewer_seat == seat
