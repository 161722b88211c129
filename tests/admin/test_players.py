"""The players area through a real server on SQLite and PostgreSQL: find a player by id
or by a piece of their name (case and look-alikes folded), read the profile (audited
first, with its reason), end their sessions, reset their name through the name rules --
each seen by the player, each in the audit log, each refused with its reason when wrong
(and then nothing changed, nothing recorded)."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest

from fiveup.identity.addresses import address_prefix
from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import chat_pb2
from fiveup.v1 import match_pb2 as match_pb
from fiveup.v1 import players_pb2 as players_pb

from ..harness import Running, auth, human, server_fixture, serving
from ..postgres_db import database_on_each_store
from ..service.chat_table import signed_in_table
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth, players_stub, sign_in_guest

db = database_on_each_store("admin_players")
server = server_fixture(on_each_store=True)


async def refused(call, code: grpc.StatusCode, reason: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    info = error_info(caught.value)
    assert info.reason == reason, caught.value.details()
    return dict(info.metadata)


async def audit_actions(server: Running, target: str = "") -> list[str]:
    page = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(target_id=target), metadata=operator_auth(server)
    )
    return [e.action for e in reversed(page.entries)]


async def test_find_by_id_and_by_a_piece_of_the_name(server: Running) -> None:
    asha = (await sign_in_guest(server.channel, "Asha Rao")).player
    await sign_in_guest(server.channel, "Ashanti")
    await sign_in_guest(server.channel, "Bo")
    stub, md = admin_stub(server), operator_auth(server)

    async def names(query: str, limit: int = 0) -> list[str]:
        found = await stub.FindPlayers(pb.FindPlayersRequest(query=query, limit=limit), metadata=md)
        return [p.display_name for p in found.players]

    assert await names(asha.player_id) == ["Asha Rao"]
    assert sorted(await names("asha")) == ["Asha Rao", "Ashanti"]
    assert sorted(await names("ASHA")) == ["Asha Rao", "Ashanti"]
    assert sorted(await names("\u0410sha")) == ["Asha Rao", "Ashanti"]  # Cyrillic A
    assert await names("rao") == ["Asha Rao"]
    assert len(await names("sha", limit=1)) == 1
    assert await names("nobody here") == []
    assert await names("%_") == []  # LIKE's own characters are plain text
    found = await stub.FindPlayers(pb.FindPlayersRequest(query="rao"), metadata=md)
    summary = found.players[0]
    assert summary.guest and summary.player_id == asha.player_id
    assert summary.created_at.seconds > 0 and not summary.active_sanctions
    assert await audit_actions(server) == []  # public facts: no record


@pytest.mark.parametrize(
    "request_",
    [pb.FindPlayersRequest(query="a"), pb.FindPlayersRequest(query="x" * 65),
     pb.FindPlayersRequest(query="asha", limit=101)],
    ids=["too-short", "too-long", "limit"],
)  # fmt: skip
async def test_a_bad_search_is_invalid(server: Running, request_: pb.FindPlayersRequest) -> None:
    meta = await refused(
        admin_stub(server).FindPlayers(request_, metadata=operator_auth(server)),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip
    assert meta["field"] in ("query", "limit")


async def test_the_profile_is_read_with_a_reason_and_audited_first(server: Running) -> None:
    table = await signed_in_table(server, 2, ["Asha", "Troll"])
    players = players_stub(server)
    me = await players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(table.seats[1].token))
    troll = me.player.player_id
    rude = await table.say(1, text="you all stink")
    await table.chat.ReportChatMessage(
        chat_pb2.ReportChatMessageRequest(
            match_id=table.match_id, message_id=rude.message_id,
            reason=chat_pb2.CHAT_REPORT_REASON_ABUSE, comment="rude",
        ),
        metadata=auth(table.seats[0].token),
    )  # fmt: skip
    stub, md = admin_stub(server), operator_auth(server)
    await refused(
        stub.GetPlayerProfile(pb.GetPlayerProfileRequest(player_id=troll), metadata=md),
        grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED",
    )  # fmt: skip
    await refused(
        stub.GetPlayerProfile(
            pb.GetPlayerProfileRequest(player_id="f" * 32, reason="look"), metadata=md
        ),
        grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND",
    )  # fmt: skip
    assert await audit_actions(server) == []  # refused reads are not recorded
    profile = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=troll, reason="reported for abuse"), metadata=md
    )
    assert profile.player.display_name == "Troll"
    assert [(m.match_id, m.seat, m.status) for m in profile.recent_matches] == [
        (table.match_id, 1, match_pb.MATCH_STATUS_IN_PROGRESS)
    ]
    assert [s.active for s in profile.sessions] == [True]
    assert [a.prefix for a in profile.addresses] == ["127.0.0.0/24"]
    assert profile.addresses[0].players_sharing == 1  # Asha signed in from there too
    assert [(r.text, r.author_player_id, r.reason, r.comment) for r in profile.reports_against] == [
        ("you all stink", troll, "abuse", "rude")
    ]
    assert list(profile.reports_filed) == [] and list(profile.ratings) == []
    assert (profile.standing.distinct_opponents, profile.standing.own_moves) == (0, 0)
    assert not profile.standing.ranked
    asha = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=profile.reports_against[0].reporter_player_id,
                                   reason="the reporter"), metadata=md,
    )  # fmt: skip
    assert [r.report_id for r in asha.reports_filed] == [profile.reports_against[0].report_id]
    log = await stub.ListAuditLog(pb.ListAuditLogRequest(target_id=troll), metadata=md)
    assert [(e.action, e.reason, e.operator_id) for e in log.entries] == [
        ("GetPlayerProfile", "reported for abuse", "local:ops")
    ]


async def test_revoking_sessions_signs_the_player_out_everywhere(server: Running) -> None:
    device = "revoked-device-00000001"
    first = await sign_in_guest(server.channel, "Twice", device)
    second = await sign_in_guest(server.channel, "", device)
    player_id = first.player.player_id
    stub, md, players = admin_stub(server), operator_auth(server), players_stub(server)
    await refused(
        stub.RevokePlayerSessions(pb.RevokePlayerSessionsRequest(player_id=player_id), metadata=md),
        grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED",
    )  # fmt: skip
    await players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(first.access_token))
    answer = await stub.RevokePlayerSessions(
        pb.RevokePlayerSessionsRequest(player_id=player_id, reason="stolen device"), metadata=md
    )
    assert answer.revoked == 2
    for session in (first, second):
        await refused(
            players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(session.access_token)),
            grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
        )  # fmt: skip
        await refused(
            players.RefreshSession(
                players_pb.RefreshSessionRequest(refresh_token=session.refresh_token)
            ),
            grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
        )  # fmt: skip
    again = await sign_in_guest(server.channel, "", device)  # not a ban: a fresh start
    assert again.player.player_id == player_id
    profile = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=player_id, reason="after"), metadata=md
    )
    assert sorted((s.active, s.end_reason) for s in profile.sessions) == [
        (False, "revoked by an operator"), (False, "revoked by an operator"), (True, ""),
    ]  # fmt: skip
    assert await audit_actions(server, player_id) == ["RevokePlayerSessions", "GetPlayerProfile"]


async def test_resetting_a_name_goes_through_the_name_rules(server: Running) -> None:
    target = await sign_in_guest(server.channel, "Hitler Fan")
    await sign_in_guest(server.channel, "Taken Name")
    player_id = target.player.player_id
    stub, md = admin_stub(server), operator_auth(server)

    def reset(name: str, reason: str = "offensive name") -> object:
        return stub.ResetPlayerName(
            pb.ResetPlayerNameRequest(player_id=player_id, display_name=name, reason=reason),
            metadata=md,
        )

    await refused(reset("Calm", ""), grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED")
    await refused(reset("Bot (seat 2)"), grpc.StatusCode.INVALID_ARGUMENT, "NAME_RESERVED")
    await refused(reset("a\u200bb"), grpc.StatusCode.INVALID_ARGUMENT, "NAME_INVISIBLE")
    await refused(reset("TAKEN NAME"), grpc.StatusCode.ALREADY_EXISTS, "NAME_CONFUSABLE")
    players = players_stub(server)
    me = await players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(target.access_token))
    assert me.player.display_name == "Hitler Fan"  # every refusal left it as it was
    renamed = await reset("Calm Player")
    assert renamed.player.display_name == "Calm Player"
    neutral = await reset("")
    assert neutral.player.display_name.startswith("Player ")
    me = await players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(target.access_token))
    assert me.player.display_name == neutral.player.display_name
    log = await stub.ListAuditLog(pb.ListAuditLogRequest(target_id=player_id), metadata=md)
    assert [(e.action, e.details_json) for e in reversed(log.entries)] == [
        ("ResetPlayerName", '{"from":"Hitler Fan","to":"Calm Player"}'),
        ("ResetPlayerName", f'{{"from":"Calm Player","to":"{neutral.player.display_name}"}}'),
    ]


async def test_the_actions_refuse_an_unknown_player_and_record_nothing(server: Running) -> None:
    stub, md, ghost = admin_stub(server), operator_auth(server), "0123456789abcdef" * 2
    calls = [
        stub.RevokePlayerSessions(pb.RevokePlayerSessionsRequest(player_id=ghost, reason="x"),
                                  metadata=md),
        stub.ResetPlayerName(pb.ResetPlayerNameRequest(player_id=ghost, reason="x"), metadata=md),
        stub.LiftSanction(pb.LiftSanctionRequest(player_id=ghost, sanction_id="1", reason="x"),
                          metadata=md),
    ]  # fmt: skip
    for call in calls:
        await refused(call, grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND")
    assert await audit_actions(server) == []


async def test_the_rated_matches_count_on_the_profile(server: Running) -> None:
    """A rated match played to its end: the ratings and the standing show it."""
    table = await signed_in_table(server, 2, ["Ada", "Bea"])
    # signed_in_table makes unrated tables; this one is rated
    created = await server.matches.CreateMatch(
        match_pb.CreateMatchRequest(seats=[human(), human()])
    )
    for seat in table.seats:
        await server.matches.JoinMatch(
            match_pb.JoinMatchRequest(match_id=created.match_id), metadata=auth(seat.token)
        )
    table.match_id = created.match_id
    await table.play_to_end()
    players = players_stub(server)
    ada = (
        await players.GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(table.seats[0].token))
    ).player.player_id
    profile = await admin_stub(server).GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=ada, reason="ratings"), metadata=operator_auth(server)
    )
    assert [(r.player_count, r.games, r.provisional) for r in profile.ratings] == [(2, 1, True)]
    assert profile.standing.distinct_opponents == 1 and profile.standing.own_moves > 0
    rated = [m for m in profile.recent_matches if m.match_id == created.match_id]
    assert rated[0].rated and rated[0].status == match_pb.MATCH_STATUS_FINISHED


# --------------------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    ("address", "prefix"),
    [
        ("203.0.113.77", "203.0.113.0/24"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("[2001:db8::1]", "2001:db8::/64"),
        ("::ffff:198.51.100.9", "198.51.100.0/24"),
        ("fe80::1%eth0", "fe80::/64"),
        ("unix:/tmp/socket", None),
        ("", None),
    ],
)
def test_only_a_prefix_of_an_address_is_kept(address: str, prefix: str | None) -> None:
    assert address_prefix(address) == prefix


async def test_the_address_a_trusted_proxy_forwards_is_recorded_as_its_prefix(
    tmp_path: Path,
) -> None:
    async with serving(
        tmp_path / "proxy.sqlite3", client_address_header="x-forwarded-for",
        trusted_proxies="127.0.0.1",
    ) as running:  # fmt: skip
        players = players_stub(running)
        for forwarded in ("203.0.113.77", "203.0.113.9", "2001:db8:5:6::1"):
            signed = await players.SignInAsGuest(
                players_pb.SignInAsGuestRequest(device_id="proxied-device-000001"),
                metadata=(("x-forwarded-for", forwarded),),
            )
        player_id = signed.session.player.player_id
        profile = await admin_stub(running).GetPlayerProfile(
            pb.GetPlayerProfileRequest(player_id=player_id, reason="where from"),
            metadata=operator_auth(running),
        )
        assert sorted(a.prefix for a in profile.addresses) == [
            "2001:db8:5:6::/64", "203.0.113.0/24",
        ]  # fmt: skip
        assert running.app.contexts is not None
        moderation = running.app.contexts.players.moderation
        assert moderation is not None
        assert await moderation.players_sharing("203.0.113.0/24") == [player_id]
        assert await running.app.contexts.players.forget_addresses() == 0  # 90 days


async def test_addresses_are_forgotten_after_their_retention(tmp_path: Path) -> None:
    async with serving(tmp_path / "short.sqlite3", address_retention_seconds=1e-6) as running:
        session = await sign_in_guest(running.channel, "Brief")
        assert running.app.contexts is not None
        players = running.app.contexts.players
        assert players.moderation is not None
        assert len(await players.moderation.addresses_of(session.player.player_id)) == 1
        assert await players.forget_addresses() == 1
        assert await players.moderation.addresses_of(session.player.player_id) == []
