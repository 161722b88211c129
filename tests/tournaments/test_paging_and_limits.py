"""ListTournaments a page at a time (page tokens), on SQLite and PostgreSQL: every
tournament the caller may see once, in order, whatever the page size, an invitation-only
one of others never; and the creation limit holds against creates at once: a player
firing more creates together than the day allows gets exactly the allowance, the rest
refused with TOURNAMENT_LIMIT_REACHED (the count is made in the writing transaction)."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest

from fiveup.v1 import admin_pb2
from fiveup.v1 import tournaments_pb2 as pb

from ..admin.operators import admin_stub, operator_auth
from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from .service_play import at, people, settings, stub

db = database_on_each_store("tournament_pages")
server = server_fixture(on_each_store=True, tournament_player_per_day=3)


async def test_pages_give_every_visible_tournament_once_in_order(server: Running) -> None:
    viewer, other = await people(server, 2)
    base = time.time() + 3600
    made = []
    for i in range(7):
        entry = pb.EntryRules(invited_player_ids=[other.player_id] if i == 3 else [])
        # two share a start time: the id breaks the tie, and no page loses either
        starts = base + (i if i != 5 else 4)
        answer = await admin_stub(server).CreateTournament(
            admin_pb2.AdminServiceCreateTournamentRequest(
                settings=settings(name=f"t{i}", starts_at=at(starts), entry=entry),
                request_id=f"page-test-{i}", reason="paging",
            ),
            metadata=operator_auth(server),
        )  # fmt: skip
        made.append((starts, answer.tournament.tournament_id, i))
    expected = [tid for _, tid, i in sorted(made) if i != 3]  # soonest first, ties by id
    everything = await stub(server).ListTournaments(
        pb.ListTournamentsRequest(page_size=100), metadata=auth(viewer.token)
    )
    assert [t.tournament_id for t in everything.tournaments] == expected
    assert everything.next_page_token == ""
    for size in (1, 2, 4):
        seen, token = [], ""
        for _ in range(20):
            page = await stub(server).ListTournaments(
                pb.ListTournamentsRequest(page_size=size, page_token=token),
                metadata=auth(viewer.token),
            )
            assert len(page.tournaments) <= size
            seen += [t.tournament_id for t in page.tournaments]
            token = page.next_page_token
            if not token:
                break
        assert seen == expected, size
    # Operators page through all of them, the invitation-only one too.
    seen, token = [], ""
    for _ in range(10):
        page = await admin_stub(server).ListTournaments(
            admin_pb2.AdminServiceListTournamentsRequest(page_size=3, page_token=token),
            metadata=operator_auth(server),
        )
        seen += [t.tournament_id for t in page.tournaments]
        token = page.next_page_token
        if not token:
            break
    assert seen == [tid for _, tid, _ in sorted(made)]
    with pytest.raises(grpc.aio.AioRpcError) as bad:
        await stub(server).ListTournaments(pb.ListTournamentsRequest(page_token="%%%"))
    assert bad.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_creates_at_once_cannot_pass_the_days_limit(server: Running) -> None:
    (player,) = await people(server, 1)

    async def create(i: int) -> str:
        try:
            await stub(server).CreateTournament(
                pb.CreateTournamentRequest(settings=settings(name=f"c{i}"),
                                           request_id=f"at-once-{i:03d}"),
                metadata=auth(player.token),
            )  # fmt: skip
        except grpc.aio.AioRpcError as exc:
            return error_info(exc).reason
        return "made"

    answers = await asyncio.gather(*(create(i) for i in range(8)))
    assert sorted(answers) == ["TOURNAMENT_LIMIT_REACHED"] * 5 + ["made"] * 3
    listed = await stub(server).ListTournaments(
        pb.ListTournamentsRequest(page_size=100), metadata=auth(player.token)
    )
    assert len(listed.tournaments) == 3
    # A retry of one that was made is still that one, not a refusal.
    made = [i for i, a in enumerate(answers) if a == "made"]
    again = await stub(server).CreateTournament(
        pb.CreateTournamentRequest(settings=settings(name=f"c{made[0]}"),
                                   request_id=f"at-once-{made[0]:03d}"),
        metadata=auth(player.token),
    )  # fmt: skip
    assert again.tournament.tournament_id in {t.tournament_id for t in listed.tournaments}
