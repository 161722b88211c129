"""Seats bound to players over real channels: a signed-in player joins as themself and
plays the seat from any of their devices; their token acts for no other seat; the
anonymous seat-token path is unchanged; ListMyMatches lists their matches."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import grpc
import pytest

from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human
from .helpers import error_info


@dataclass
class Device:
    """One signed-in session of a player (one phone, one laptop...)."""

    access: str
    refresh: str
    player_id: str


async def sign_in(server: Running, device_id: str, name: str = "") -> Device:
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    session = (
        await stub.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=device_id, display_name=name)
        )
    ).session
    return Device(session.access_token, session.refresh_token, session.player.player_id)


def new_device_id() -> str:
    return secrets.token_urlsafe(20)


async def refused(call, code: grpc.StatusCode, reason: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    assert error_info(caught.value).reason == reason


async def legal_move(server: Running, match_id: str, token: str) -> tuple[pb.Move, int]:
    legal = await server.matches.ListLegalMoves(
        pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(token)
    )
    return legal.moves[0], legal.version


async def test_a_seat_played_from_two_devices(server: Running) -> None:
    device_id = new_device_id()
    laptop = await sign_in(server, device_id, "Ada")
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), bot("greedy")])
    )
    joined = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id), metadata=auth(laptop.access)
    )
    assert joined.seat == 0 and joined.seat_token == ""  # the access token acts for the seat
    phone = await sign_in(server, device_id)  # the same player, another session
    assert phone.player_id == laptop.player_id and phone.access != laptop.access
    for device in (laptop, phone):
        view = (
            await server.matches.GetMatch(
                pb.GetMatchRequest(match_id=created.match_id), metadata=auth(device.access)
            )
        ).view
        assert view.viewer_seat == 0 and len(view.hand) > 0
    # Moves alternate between the devices; each sees the other's.
    for turn, device in enumerate([laptop, phone, laptop, phone]):
        view = (
            await server.matches.GetMatch(
                pb.GetMatchRequest(match_id=created.match_id), metadata=auth(device.access)
            )
        ).view
        if view.status == pb.MATCH_STATUS_FINISHED:
            break
        move, version = await legal_move(server, created.match_id, device.access)
        answer = await server.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=created.match_id, move=move, expected_version=version,
                request_id=f"move-{turn}",
            ),
            metadata=auth(device.access),
        )  # fmt: skip
        assert answer.version > version
    # Joining again from the phone answers the seat the player already has.
    again = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id), metadata=auth(phone.access)
    )
    assert again.seat == 0


async def test_a_players_token_never_acts_for_another_seat(server: Running) -> None:
    alice = await sign_in(server, new_device_id(), "Alice")
    bob = await sign_in(server, new_device_id(), "Bob")
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    match_id = created.match_id
    a = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=match_id), metadata=auth(alice.access)
    )
    b = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=match_id), metadata=auth(bob.access)
    )
    assert (a.seat, b.seat) == (0, 1)
    spectator = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
    mover = {0: alice, 1: bob}[spectator.turn_seat]
    waiter = {0: bob, 1: alice}[spectator.turn_seat]
    move, version = await legal_move(server, match_id, mover.access)
    request = pb.SubmitMoveRequest(
        match_id=match_id, move=move, expected_version=version, request_id="x"
    )
    # The waiter's token acts for the waiter's seat only: it is not their turn.
    await refused(
        server.matches.SubmitMove(request, metadata=auth(waiter.access)),
        grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN",
    )  # fmt: skip
    seen = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=match_id), metadata=auth(waiter.access)
        )
    ).view
    assert seen.viewer_seat != spectator.turn_seat
    # A player without a seat in a match: spectator for reads, refused for the seat's calls.
    carol = await sign_in(server, new_device_id(), "Carol")
    await refused(
        server.matches.SubmitMove(request, metadata=auth(carol.access)),
        grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED",
    )  # fmt: skip
    await refused(
        server.matches.ListLegalMoves(pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(carol.access)),
        grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED",
    )  # fmt: skip
    watched = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=match_id), metadata=auth(carol.access)
        )
    ).view
    assert not watched.HasField("viewer_seat") and len(watched.hand) == 0
    # The full table refuses another player.
    await refused(
        server.matches.JoinMatch(pb.JoinMatchRequest(match_id=match_id), metadata=auth(carol.access)),
        grpc.StatusCode.FAILED_PRECONDITION, "NO_FREE_SEAT",
    )  # fmt: skip
    # The mover's own token still works, and the match moved only by their move.
    answer = await server.matches.SubmitMove(request, metadata=auth(mover.access))
    assert answer.version > version


async def test_signed_out_and_forged_tokens_act_for_nobody(server: Running) -> None:
    player = await sign_in(server, new_device_id())
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), bot()]))
    await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id), metadata=auth(player.access)
    )
    forged = player.access[:-4] + "AAAA"
    await refused(
        server.matches.ListLegalMoves(pb.ListLegalMovesRequest(match_id=created.match_id), metadata=auth(forged)),
        grpc.StatusCode.UNAUTHENTICATED, "INVALID_SIGNATURE",
    )  # fmt: skip
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    await stub.SignOut(players_pb2.SignOutRequest(refresh_token=player.refresh))
    await refused(
        server.matches.ListLegalMoves(pb.ListLegalMovesRequest(match_id=created.match_id), metadata=auth(player.access)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip
    await refused(
        server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id), metadata=auth(player.access)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip


async def test_anonymous_seat_tokens_work_as_before_beside_players(server: Running) -> None:
    player = await sign_in(server, new_device_id())
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    anonymous = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id, seat=1)
    )
    assert anonymous.seat == 1 and anonymous.seat_token
    joined = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id), metadata=auth(player.access)
    )
    assert joined.seat == 0
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=created.match_id), metadata=auth(anonymous.seat_token)
        )
    ).view
    assert view.viewer_seat == 1
    await refused(
        server.matches.JoinMatch(pb.JoinMatchRequest(match_id="nope"), metadata=auth(player.access)),
        grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND",
    )  # fmt: skip


async def test_list_my_matches(server: Running) -> None:
    player = await sign_in(server, new_device_id(), "Ada")
    lobby = lobby_pb2_grpc.LobbyServiceStub(server.channel)
    ids = []
    for seats in ([human(), bot()], [bot(), human(), bot()], [human(), human()]):
        created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats))
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id), metadata=auth(player.access)
        )
        ids.append(created.match_id)
    got, token = [], ""
    while True:
        page = await lobby.ListMyMatches(
            lobby_pb2.ListMyMatchesRequest(page_size=2, page_token=token),
            metadata=auth(player.access),
        )
        got += [(m.match_id, m.seat, m.status) for m in page.matches]
        token = page.next_page_token
        if not token:
            break
    assert got == [
        (ids[2], 0, pb.MATCH_STATUS_IN_PROGRESS),
        (ids[1], 1, pb.MATCH_STATUS_IN_PROGRESS),
        (ids[0], 0, pb.MATCH_STATUS_IN_PROGRESS),
    ]
    first = (
        await lobby.ListMyMatches(lobby_pb2.ListMyMatchesRequest(), metadata=auth(player.access))
    ).matches[0]
    assert [s.display_name for s in first.table.seats] == ["Ada", ""]
    await refused(
        lobby.ListMyMatches(lobby_pb2.ListMyMatchesRequest()),
        grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED",
    )  # fmt: skip
    await refused(
        lobby.ListMyMatches(lobby_pb2.ListMyMatchesRequest(page_token="garbage!"), metadata=auth(player.access)),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip


async def test_a_players_arrival_is_on_the_stream_by_display_name(server: Running) -> None:
    ada = await sign_in(server, new_device_id(), "Ada Lovelace")
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human(), bot("greedy")])
    )
    match_id = created.match_id
    anonymous = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=1))
    joined = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=match_id, seat=0), metadata=auth(ada.access)
    )
    call = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id))
    claims = []
    async for item in call:
        if item.event.HasField("seat_claimed"):
            claims.append(item.event)
        if item.event.version >= joined.version:
            break
    call.cancel()
    assert [(c.seat_claimed.seat, c.seat_claimed.display_name) for c in claims] == [
        (1, ""),  # a bare seat token names nobody
        (0, "Ada Lovelace"),
    ]
    assert claims[-1].version == joined.version  # JoinMatch's version includes the claim
    for c in claims:  # public: neither the access token nor the seat token, nor the id
        blob = c.SerializeToString()
        assert ada.access.encode() not in blob and anonymous.seat_token.encode() not in blob
        assert ada.player_id.encode() not in blob
