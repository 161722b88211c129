"""LobbyService over real channels: open tables with filters and paging, private tables
joined by invite code (unguessable, expiring, unlisted)."""

from __future__ import annotations

import time
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import lobby_pb2 as lb
from fiveup.v1 import lobby_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human, start, stop
from .helpers import error_info
from .test_player_seats import new_device_id, refused, sign_in


def lobby(server: Running) -> lobby_pb2_grpc.LobbyServiceStub:
    return lobby_pb2_grpc.LobbyServiceStub(server.channel)


async def test_open_tables_paging_filters_and_names(server: Running) -> None:
    ada = await sign_in(server, new_device_id(), "Ada")
    made = []
    for seats, target in [
        ([human(), bot()], 61), ([human(), human(), bot()], 21), ([human()] * 4, 61),
        ([human(), human()], 61), ([bot(), bot()], 61),
    ]:  # fmt: skip
        created = await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=seats, target_points=target)
        )
        made.append(created.match_id)
    await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=made[3]), metadata=auth(ada.access))
    await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=made[0]))  # anonymous: full now
    seen, token = [], ""
    while True:
        page = await lobby(server).ListOpenTables(
            lb.ListOpenTablesRequest(page_size=1, page_token=token)
        )
        assert len(page.tables) <= 1
        seen += list(page.tables)
        token = page.next_page_token
        if not token:
            break
    assert [t.match_id for t in seen] == [made[3], made[2], made[1]]  # newest first
    assert [(s.taken, s.display_name) for s in seen[0].seats] == [(True, "Ada"), (False, "")]
    only = await lobby(server).ListOpenTables(lb.ListOpenTablesRequest(players=3))
    assert [t.match_id for t in only.tables] == [made[1]] and only.tables[0].target_points == 21
    four = await lobby(server).ListOpenTables(lb.ListOpenTablesRequest(partnerships=True))
    assert [t.match_id for t in four.tables] == [made[2]]
    not_four = await lobby(server).ListOpenTables(lb.ListOpenTablesRequest(partnerships=False))
    assert [t.match_id for t in not_four.tables] == [made[3], made[1]]
    for bad in (lb.ListOpenTablesRequest(players=5), lb.ListOpenTablesRequest(page_size=101),
                lb.ListOpenTablesRequest(page_token="bm90IGEgY3Vyc29y")):  # fmt: skip
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await lobby(server).ListOpenTables(bad)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_private_tables(server: Running) -> None:
    host = await sign_in(server, new_device_id(), "Host")
    guest = await sign_in(server, new_device_id(), "Guest")
    made = await lobby(server).CreatePrivateTable(
        lb.CreatePrivateTableRequest(seats=[human(), human(), bot()], join=True),
        metadata=auth(host.access),
    )
    assert made.seat == 0 and len(made.invite_code) >= 22
    assert made.invite_expires_at.ToSeconds() - time.time() == pytest.approx(86400, abs=60)
    listed = await lobby(server).ListOpenTables(lb.ListOpenTablesRequest())
    assert made.match_id not in {t.match_id for t in listed.tables}  # never listed
    # Plain JoinMatch is refused, anonymous or signed in: the invite is the permission.
    await refused(
        server.matches.JoinMatch(pb.JoinMatchRequest(match_id=made.match_id)),
        grpc.StatusCode.PERMISSION_DENIED, "INVITE_REQUIRED",
    )  # fmt: skip
    await refused(
        server.matches.JoinMatch(pb.JoinMatchRequest(match_id=made.match_id), metadata=auth(guest.access)),
        grpc.StatusCode.PERMISSION_DENIED, "INVITE_REQUIRED",
    )  # fmt: skip
    await refused(
        lobby(server).JoinWithInvite(lb.JoinWithInviteRequest(invite_code=made.invite_code[:-1] + "x"), metadata=auth(guest.access)),
        grpc.StatusCode.NOT_FOUND, "INVITE_NOT_FOUND",
    )  # fmt: skip
    await refused(
        lobby(server).JoinWithInvite(lb.JoinWithInviteRequest(invite_code=made.invite_code)),
        grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED",
    )  # fmt: skip
    joined = await lobby(server).JoinWithInvite(
        lb.JoinWithInviteRequest(invite_code=made.invite_code), metadata=auth(guest.access)
    )
    assert (joined.match_id, joined.seat) == (made.match_id, 1)
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=made.match_id), metadata=auth(guest.access)
        )
    ).view
    assert view.viewer_seat == 1
    # The host's own join did not take a second seat; the table is full now.
    again = await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=made.match_id), metadata=auth(host.access)
    )
    assert again.seat == 0
    await refused(
        lobby(server).CreatePrivateTable(lb.CreatePrivateTableRequest(seats=[human(), bot()])),
        grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED",
    )  # fmt: skip
    await refused(
        lobby(server).CreatePrivateTable(lb.CreatePrivateTableRequest(seats=[human()]), metadata=auth(host.access)),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_CONFIG",
    )  # fmt: skip


async def test_invites_expire(tmp_path: Path) -> None:
    now = [time.time()]
    running = await start(tmp_path / "invites.sqlite3", clock=lambda: now[0])
    try:
        host = await sign_in(running, new_device_id())
        guest = await sign_in(running, new_device_id())
        made = await lobby(running).CreatePrivateTable(
            lb.CreatePrivateTableRequest(seats=[human(), human()], invite_ttl_seconds=60),
            metadata=auth(host.access),
        )
        now[0] += 61
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await lobby(running).JoinWithInvite(
                lb.JoinWithInviteRequest(invite_code=made.invite_code), metadata=auth(guest.access)
            )
        assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert error_info(caught.value).reason == "INVITE_EXPIRED"
    finally:
        await stop(running)
