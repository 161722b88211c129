"""Sanctions through a real server on SQLite and PostgreSQL, each seen by the player it
falls on: a sign-in suspension refuses SignInAsGuest and RefreshSession and ends their
sessions, a chat silence keeps their messages from everyone else, a rated-play
suspension keeps them from rated seats (a rated table, the matchmaker) but not from
unrated play -- and each is lifted (the player is back), audited both ways, and refused
with its reason when the request is wrong (nothing imposed)."""

from __future__ import annotations

import time

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc
from fiveup.v1 import match_pb2 as match_pb
from fiveup.v1 import players_pb2 as players_pb

from ..harness import Running, auth, human, server_fixture
from ..postgres_db import database_on_each_store
from ..service.chat_table import signed_in_table, words
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth, players_stub, sign_in_guest

db = database_on_each_store("admin_sanctions")
server = server_fixture(on_each_store=True)

HOUR = 3600


def at(seconds_from_now: float) -> Timestamp:
    stamp = Timestamp()
    stamp.FromNanoseconds(int((time.time() + seconds_from_now) * 1e9))
    return stamp


async def refused(call, code: grpc.StatusCode, reason: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    info = error_info(caught.value)
    assert info.reason == reason, caught.value.details()
    return dict(info.metadata)


async def impose(server: Running, player_id: str, kind: int, reason: str = "abuse") -> pb.Sanction:
    answer = await admin_stub(server).ImposeSanction(
        pb.ImposeSanctionRequest(player_id=player_id, kind=kind, ends_at=at(HOUR), reason=reason),
        metadata=operator_auth(server),
    )
    return answer.sanction


async def lift(server: Running, player_id: str, sanction: pb.Sanction) -> pb.Sanction:
    answer = await admin_stub(server).LiftSanction(
        pb.LiftSanctionRequest(
            player_id=player_id, sanction_id=sanction.sanction_id, reason="appeal upheld"
        ),
        metadata=operator_auth(server),
    )
    return answer.sanction


async def audit_actions(server: Running, player_id: str) -> list[tuple[str, str, str]]:
    page = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(target_id=player_id), metadata=operator_auth(server)
    )
    return [(e.action, e.operator_id, e.reason) for e in reversed(page.entries)]


async def test_a_sign_in_suspension_refuses_sign_in_and_refresh_until_lifted(
    server: Running,
) -> None:
    device = "suspended-device-0000001"
    session = await sign_in_guest(server.channel, "Mallory", device)
    player_id = session.player.player_id
    players = players_stub(server)
    sanction = await impose(server, player_id, pb.SANCTION_KIND_SIGN_IN_SUSPENSION)
    assert sanction.kind == pb.SANCTION_KIND_SIGN_IN_SUSPENSION and sanction.operator_id
    meta = await refused(
        players.SignInAsGuest(players_pb.SignInAsGuestRequest(device_id=device)),
        grpc.StatusCode.PERMISSION_DENIED, "SIGN_IN_SUSPENDED",
    )  # fmt: skip
    assert meta["until"].endswith("Z")
    await refused(
        players.RefreshSession(
            players_pb.RefreshSessionRequest(refresh_token=session.refresh_token)
        ),
        grpc.StatusCode.PERMISSION_DENIED, "SIGN_IN_SUSPENDED",
    )  # fmt: skip
    await refused(  # the live session ended with the suspension
        players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(session.access_token)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip
    lifted = await lift(server, player_id, sanction)
    assert lifted.lifted_by == "local:ops" and lifted.lift_reason == "appeal upheld"
    assert lifted.HasField("lifted_at")
    again = await players.SignInAsGuest(players_pb.SignInAsGuestRequest(device_id=device))
    assert again.session.player.player_id == player_id
    assert await audit_actions(server, player_id) == [
        ("ImposeSanction", "local:ops", "abuse"),
        ("LiftSanction", "local:ops", "appeal upheld"),
    ]


async def test_a_chat_silence_keeps_a_players_words_from_the_others(server: Running) -> None:
    table = await signed_in_table(server, 2, ["Asha", "Troll"])
    troll = (
        await players_stub(server).GetPlayer(
            players_pb.GetPlayerRequest(), metadata=auth(table.seats[1].token)
        )
    ).player.player_id
    sanction = await impose(server, troll, pb.SANCTION_KIND_CHAT_SILENCE, "spam")
    await table.say(1, text="buy gold")
    assert words(await table.read(1)) == ["buy gold"]  # the author sees it as sent
    assert words(await table.read(0)) == []  # nobody else does
    await lift(server, troll, sanction)
    await table.say(1, text="sorry")
    assert words(await table.read(0)) == ["sorry"]
    assert [a for a, _, _ in await audit_actions(server, troll)] == [
        "ImposeSanction", "LiftSanction",
    ]  # fmt: skip


async def test_two_silences_keep_the_later_end_when_one_is_lifted(server: Running) -> None:
    table = await signed_in_table(server, 2, ["Asha", "Troll"])
    assert server.app.contexts is not None
    chat = server.app.contexts.chat
    troll = (await chat.speaker(table.match_id, table.seats[1].token)).player_id
    first = await impose(server, troll, pb.SANCTION_KIND_CHAT_SILENCE)
    stub, md = admin_stub(server), operator_auth(server)
    await stub.ImposeSanction(
        pb.ImposeSanctionRequest(
            player_id=troll, kind=pb.SANCTION_KIND_CHAT_SILENCE, ends_at=at(2 * HOUR),
            reason="again",
        ),
        metadata=md,
    )  # fmt: skip
    await lift(server, troll, first)
    await table.say(1, text="still silenced")
    assert words(await table.read(0)) == []


async def test_a_rated_play_suspension_keeps_a_player_from_rated_seats(server: Running) -> None:
    session = await sign_in_guest(server.channel, "Farmer")
    token, player_id = session.access_token, session.player.player_id
    sanction = await impose(server, player_id, pb.SANCTION_KIND_RATED_PLAY_SUSPENSION)
    matches = server.matches
    rated = await matches.CreateMatch(match_pb.CreateMatchRequest(seats=[human(), human()]))
    assert (await matches.GetMatch(match_pb.GetMatchRequest(match_id=rated.match_id))).view.rated
    await refused(
        matches.JoinMatch(match_pb.JoinMatchRequest(match_id=rated.match_id), metadata=auth(token)),
        grpc.StatusCode.PERMISSION_DENIED, "RATED_PLAY_SUSPENDED",
    )  # fmt: skip
    lobby = lobby_pb2_grpc.LobbyServiceStub(server.channel)
    search = lobby.FindMatch(lobby_pb2.FindMatchRequest(players=2), metadata=auth(token))
    await refused(search.read(), grpc.StatusCode.PERMISSION_DENIED, "RATED_PLAY_SUSPENDED")
    unrated = await matches.CreateMatch(
        match_pb.CreateMatchRequest(seats=[human(), human()], unrated=True)
    )
    joined = await matches.JoinMatch(
        match_pb.JoinMatchRequest(match_id=unrated.match_id), metadata=auth(token)
    )
    assert joined.seat == 0  # casual play goes on
    await lift(server, player_id, sanction)
    seated = await matches.JoinMatch(
        match_pb.JoinMatchRequest(match_id=rated.match_id), metadata=auth(token)
    )
    assert seated.seat == 0


async def test_sanctions_are_listed_in_force_and_on_the_profile(server: Running) -> None:
    session = await sign_in_guest(server.channel, "Listed")
    player_id = session.player.player_id
    silence = await impose(server, player_id, pb.SANCTION_KIND_CHAT_SILENCE)
    suspension = await impose(server, player_id, pb.SANCTION_KIND_RATED_PLAY_SUSPENSION)
    await lift(server, player_id, silence)
    stub, md = admin_stub(server), operator_auth(server)
    found = await stub.FindPlayers(pb.FindPlayersRequest(query=player_id), metadata=md)
    assert [s.sanction_id for s in found.players[0].active_sanctions] == [suspension.sanction_id]
    profile = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=player_id, reason="review"), metadata=md
    )
    assert [(s.sanction_id, s.HasField("lifted_at")) for s in profile.sanctions] == [
        (suspension.sanction_id, False), (silence.sanction_id, True),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "code", "reason", "field"),
    [
        ({"reason": ""}, grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED", "reason"),
        ({"reason": "  "}, grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED", "reason"),
        ({"kind": pb.SANCTION_KIND_UNSPECIFIED}, grpc.StatusCode.INVALID_ARGUMENT,
         "INVALID_ARGUMENT", "kind"),
        ({"kind": 99}, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "kind"),
        ({"ends_at": -60}, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "ends_at"),
        ({"ends_at": 400 * 86_400}, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
         "ends_at"),
        ({"ends_at": None}, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "ends_at"),
        ({"player_id": "0" * 32}, grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND", "player_id"),
        ({"player_id": "not an id!"}, grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND",
         "player_id"),
    ],
    ids=["no-reason", "blank-reason", "no-kind", "unknown-kind", "past", "beyond-a-year",
         "no-end", "unknown-player", "malformed-player"],
)  # fmt: skip
async def test_a_wrong_imposition_is_refused_and_imposes_nothing(
    server: Running, change: dict[str, object], code: grpc.StatusCode, reason: str, field: str
) -> None:
    session = await sign_in_guest(server.channel, "Innocent")
    player_id = session.player.player_id
    request = pb.ImposeSanctionRequest(
        player_id=player_id, kind=pb.SANCTION_KIND_SIGN_IN_SUSPENSION, ends_at=at(HOUR),
        reason="abuse",
    )  # fmt: skip
    for key, value in change.items():
        if key == "ends_at":
            request.ClearField("ends_at")
            if value is not None:
                request.ends_at.CopyFrom(at(float(value)))  # type: ignore[arg-type]
        else:
            setattr(request, key, value)
    meta = await refused(
        admin_stub(server).ImposeSanction(request, metadata=operator_auth(server)), code, reason
    )
    assert meta.get("field") == field
    profile = await admin_stub(server).GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=player_id, reason="check"),
        metadata=operator_auth(server),
    )
    assert list(profile.sanctions) == []
    assert [a for a, _, _ in await audit_actions(server, player_id)] == ["GetPlayerProfile"]
    await players_stub(server).SignInAsGuest(  # still free to sign in
        players_pb.SignInAsGuestRequest(device_id="innocent-device-00001")
    )


async def test_a_wrong_lift_is_refused(server: Running) -> None:
    one = (await sign_in_guest(server.channel, "One")).player.player_id
    two = (await sign_in_guest(server.channel, "Two")).player.player_id
    sanction = await impose(server, one, pb.SANCTION_KIND_CHAT_SILENCE)
    stub, md = admin_stub(server), operator_auth(server)

    def lifting(player_id: str, sanction_id: str, reason: str = "why") -> object:
        return stub.LiftSanction(
            pb.LiftSanctionRequest(player_id=player_id, sanction_id=sanction_id, reason=reason),
            metadata=md,
        )

    await refused(lifting(one, sanction.sanction_id, ""), grpc.StatusCode.INVALID_ARGUMENT,
                  "REASON_REQUIRED")  # fmt: skip
    await refused(lifting(two, sanction.sanction_id), grpc.StatusCode.NOT_FOUND,
                  "SANCTION_NOT_FOUND")  # another player's sanction  # fmt: skip
    await refused(lifting(one, "999999"), grpc.StatusCode.NOT_FOUND, "SANCTION_NOT_FOUND")
    await refused(lifting(one, "x1"), grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT")
    await lift(server, one, sanction)
    await refused(lifting(one, sanction.sanction_id), grpc.StatusCode.FAILED_PRECONDITION,
                  "SANCTION_NOT_IN_FORCE")  # fmt: skip
    assert [a for a, _, _ in await audit_actions(server, one)] == [
        "ImposeSanction", "LiftSanction",
    ]  # fmt: skip


async def test_a_rated_play_suspension_covers_private_tables_and_rematches(
    server: Running,
) -> None:
    farmer = await sign_in_guest(server.channel, "Farmer")
    friend = await sign_in_guest(server.channel, "Friend")
    matches, lobby = server.matches, lobby_pb2_grpc.LobbyServiceStub(server.channel)
    played = await matches.CreateMatch(match_pb.CreateMatchRequest(seats=[human(), human()]))
    for session in (farmer, friend):
        await matches.JoinMatch(
            match_pb.JoinMatchRequest(match_id=played.match_id), metadata=auth(session.access_token)
        )
    await matches.Resign(
        match_pb.ResignRequest(match_id=played.match_id), metadata=auth(friend.access_token)
    )
    sanction = await impose(server, farmer.player.player_id, pb.SANCTION_KIND_RATED_PLAY_SUSPENSION)
    await refused(
        lobby.OfferRematch(
            lobby_pb2.OfferRematchRequest(match_id=played.match_id),
            metadata=auth(farmer.access_token),
        ),
        grpc.StatusCode.PERMISSION_DENIED, "RATED_PLAY_SUSPENDED",
    )  # fmt: skip
    rated_table = lobby_pb2.CreatePrivateTableRequest(seats=[human(), human()], join=True)
    await refused(
        lobby.CreatePrivateTable(rated_table, metadata=auth(farmer.access_token)),
        grpc.StatusCode.PERMISSION_DENIED, "RATED_PLAY_SUSPENDED",
    )  # fmt: skip
    casual = await lobby.CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(seats=[human(), human()], join=True, unrated=True),
        metadata=auth(farmer.access_token),
    )
    assert casual.match_id
    await lift(server, farmer.player.player_id, sanction)
    offered = await lobby.OfferRematch(
        lobby_pb2.OfferRematchRequest(match_id=played.match_id), metadata=auth(farmer.access_token)
    )
    assert offered.rematch.match_id == played.match_id


async def test_a_sanctioned_guest_is_not_forgotten_while_it_lasts(server: Running) -> None:
    """Guest retention forgets a guest who never sat down and holds no session -- but not
    one under a sanction: its device would sign in again as a new player, free of it."""
    assert server.app.contexts is not None
    players = server.app.contexts.players
    banned = await sign_in_guest(server.channel, "Banned", "banned-guest-device-01")
    idle = await sign_in_guest(server.channel, "Idle", "idle-guest-device-0001")
    await players_stub(server).SignOut(players_pb.SignOutRequest(refresh_token=idle.refresh_token))
    await admin_stub(server).ImposeSanction(
        pb.ImposeSanctionRequest(
            player_id=banned.player.player_id, kind=pb.SANCTION_KIND_SIGN_IN_SUSPENSION,
            ends_at=at(300 * 86_400), reason="ban evasion",
        ),
        metadata=operator_auth(server),
    )  # fmt: skip
    later = time.time() + players.config.guest_retention_seconds + 60
    players._clock = lambda: later
    try:
        assert await players.forget_guests() == 1  # the idle one
    finally:
        players._clock = time.time
    assert await players.store.get_player(idle.player.player_id) is None
    assert await players.store.get_player(banned.player.player_id) is not None
    await refused(
        players_stub(server).SignInAsGuest(
            players_pb.SignInAsGuestRequest(device_id="banned-guest-device-01")
        ),
        grpc.StatusCode.PERMISSION_DENIED, "SIGN_IN_SUSPENDED",
    )  # fmt: skip
