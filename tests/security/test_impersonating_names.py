"""Names that impersonate the table, through a real server (issue 31, finding 5).

``You``, ``Bot (seat 2)``, ``Seat 3``, blank-looking names (U+3164, U+115F, U+2800) and
look-alikes (``Вo``, Cyrillic В) were accepted as display names: at SignInAsGuest and at
UpdatePlayer.  Each is refused now with its own reason, nothing is written (the player
keeps the name they had), and a second player cannot take a name whose skeleton equals a
first player's current name, in any case or script -- while the first may keep theirs.
"""

# ruff: noqa: RUF002, RUF003  (look-alike letters are what these tests are about)
from __future__ import annotations

import secrets

import grpc
import pytest

from fiveup.v1 import players_pb2 as pb
from fiveup.v1 import players_pb2_grpc
from tests.harness import Running, auth, server_fixture
from tests.service.helpers import error_info

# The finding's names, and the reason each is refused with.
FINDING = [
    ("You", "NAME_RESERVED"),
    ("Bot (seat 2)", "NAME_RESERVED"),
    ("Seat 3", "NAME_RESERVED"),
    ("\u0412ot (seat 2)", "NAME_RESERVED"),  # Cyrillic В
    ("बॉट (सीट 2)", "NAME_RESERVED"),
    ("\u3164", "NAME_INVISIBLE"),
    ("\u115f", "NAME_INVISIBLE"),
    ("\u2800", "NAME_INVISIBLE"),
    ("Ad\u3164a", "NAME_INVISIBLE"),
    ("P\u0430ypal", "NAME_MIXED_SCRIPTS"),  # Cyrillic а: no player named Paypal needed
    ("\u0412o", "NAME_MIXED_SCRIPTS"),
]


server = server_fixture()


def device() -> str:
    return secrets.token_urlsafe(24)


async def refusal(call) -> tuple[grpc.StatusCode, str, dict[str, str], str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    info = error_info(caught.value)
    return caught.value.code(), info.reason, dict(info.metadata), caught.value.details() or ""


async def test_the_findings_names_are_refused_at_sign_in_and_rename(server: Running) -> None:
    players = players_pb2_grpc.PlayerServiceStub(server.channel)
    signed = await players.SignInAsGuest(
        pb.SignInAsGuestRequest(device_id=device(), display_name="Ada")
    )
    token = auth(signed.session.access_token)
    for name, reason in FINDING:
        code, got, meta, message = await refusal(
            players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device(), display_name=name))
        )
        assert (code, got) == (grpc.StatusCode.INVALID_ARGUMENT, reason), name
        assert meta["field"] == "display_name"
        assert not any(char in message for char in "\u3164\u115f\u2800"), message
        code, got, _, _ = await refusal(
            players.UpdatePlayer(pb.UpdatePlayerRequest(display_name=name), metadata=token)
        )
        assert (code, got) == (grpc.StatusCode.INVALID_ARGUMENT, reason), name
    player = await players.GetPlayer(pb.GetPlayerRequest(), metadata=token)
    assert player.player.display_name == "Ada"  # every refusal left the name alone


async def test_a_second_player_cannot_take_a_look_alike_of_a_first_players_name(
    server: Running,
) -> None:
    players = players_pb2_grpc.PlayerServiceStub(server.channel)
    first = await players.SignInAsGuest(
        pb.SignInAsGuestRequest(device_id=device(), display_name="Bo")
    )
    second = await players.SignInAsGuest(
        pb.SignInAsGuestRequest(device_id=device(), display_name="Cy")
    )
    for look_alike in ("\u0412\u043e", "BO", "bo", "\uff22o"):  # Cyrillic, case, fullwidth
        code, reason, meta, _ = await refusal(
            players.SignInAsGuest(
                pb.SignInAsGuestRequest(device_id=device(), display_name=look_alike)
            )
        )
        assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "NAME_CONFUSABLE"), look_alike
        assert meta["problem"] == "CONFUSABLE"
        code, reason, _, _ = await refusal(
            players.UpdatePlayer(
                pb.UpdatePlayerRequest(display_name=look_alike),
                metadata=auth(second.session.access_token),
            )
        )
        assert (code, reason) == (grpc.StatusCode.ALREADY_EXISTS, "NAME_CONFUSABLE"), look_alike
    mine = auth(second.session.access_token)
    assert (
        await players.GetPlayer(pb.GetPlayerRequest(), metadata=mine)
    ).player.display_name == "Cy"
    # the first player keeps, re-sets and re-cases their own name
    theirs = auth(first.session.access_token)
    for name in ("Bo", "BO", "Bo"):
        updated = await players.UpdatePlayer(
            pb.UpdatePlayerRequest(display_name=name), metadata=theirs
        )
        assert updated.player.display_name == name
    # once the first player is renamed, the name is free
    await players.UpdatePlayer(pb.UpdatePlayerRequest(display_name="Dee"), metadata=theirs)
    updated = await players.UpdatePlayer(
        pb.UpdatePlayerRequest(display_name="\u0412\u043e"), metadata=mine
    )
    assert updated.player.display_name == "\u0412\u043e"


async def test_names_in_every_script_still_pass(server: Running) -> None:
    players = players_pb2_grpc.PlayerServiceStub(server.channel)
    for name in ("Zoë", "Владимир", "प्रिया शर्मा", "李小龍", "Youssef", "Jan Bot"):
        signed = await players.SignInAsGuest(
            pb.SignInAsGuestRequest(device_id=device(), display_name=name)
        )
        assert signed.session.player.display_name == name
