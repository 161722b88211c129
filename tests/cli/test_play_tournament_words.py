"""The tournament view's words (pure, from TournamentService's messages) and the keyboard
that lets the view drop its question when a table is ready."""

from __future__ import annotations

import asyncio
import io
import queue

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.cli.commands import main
from fiveup.cli.play_input import Keyboard, ask_with_chat
from fiveup.cli.play_tournament_render import final_text, refusal_text, waiting_text
from fiveup.v1 import tournaments_pb2 as pb

NOW = 1_800_000_000.0


def at(seconds: float) -> Timestamp:
    ts = Timestamp()
    ts.FromSeconds(int(seconds))
    return ts


def swiss(
    *tables: pb.TournamentTable, rounds: int = 3, unseated: tuple[str, ...] = ()
) -> pb.TournamentDetail:
    summary = pb.TournamentSummary(
        state=pb.TOURNAMENT_STATE_RUNNING, round=1, rounds=rounds,
        settings=pb.TournamentSettings(format=pb.TOURNAMENT_FORMAT_SWISS, seats=2),
    )  # fmt: skip
    rnd = pb.TournamentRound(round=1, tables=tables, unseated_player_ids=unseated)
    return pb.TournamentDetail(summary=summary, rounds=[rnd])


def table(players: tuple[str, ...], ending: int, match_id: str = "") -> pb.TournamentTable:
    return pb.TournamentTable(round=1, match_id=match_id, player_ids=players, ending=ending)  # type: ignore[arg-type]


PLAYING, PLAYED, BYE = pb.TABLE_ENDING_PLAYING, pb.TABLE_ENDING_PLAYED, pb.TABLE_ENDING_BYE


def test_where_the_person_stands_in_a_swiss() -> None:
    upcoming = pb.TournamentDetail(
        summary=pb.TournamentSummary(
            state=pb.TOURNAMENT_STATE_UPCOMING,
            settings=pb.TournamentSettings(starts_at=at(NOW + 90)),
        )
    )
    assert waiting_text(upcoming, "me", NOW).startswith("Entered. Starts in 90 seconds (")
    # seated, the match not yet open to them; then played, its ending not yet read
    seated = swiss(table(("me", "a"), PLAYING, "m1"), table(("b", "c"), PLAYING, "m2"))
    assert waiting_text(seated, "me", NOW) == "Your next table is being seated…"
    assert (
        waiting_text(seated, "me", NOW, {"m1"}) == "Waiting for round 2 (2 tables still playing)…"
    )
    bye = swiss(table(("me",), BYE), table(("b", "c"), PLAYING, "m2"))
    assert waiting_text(bye, "me", NOW) == (
        "You have a bye this round (1 point). Waiting for round 2 (1 table still playing)…"
    )
    out = swiss(table(("b", "c"), PLAYED, "m2"), unseated=("me",), rounds=1)
    assert (
        waiting_text(out, "me", NOW) == "You sit this round out. Waiting for the final standings…"
    )


def test_where_the_person_stands_in_an_arena() -> None:
    detail = swiss(table(("a", "b"), PLAYING, "m1"))
    detail.summary.settings.format = pb.TOURNAMENT_FORMAT_ARENA
    detail.summary.ends_at.CopyFrom(at(NOW + 60))
    assert waiting_text(detail, "me", NOW).startswith(
        "Waiting for your next table; the arena seats tables until "
    )
    assert waiting_text(detail, "me", NOW + 61) == (
        "The arena's time is up: waiting for its last tables and the final standings…"
    )


def test_the_last_line_and_the_refusals() -> None:
    detail = pb.TournamentDetail(
        standings=[
            pb.TournamentStanding(rank=1, player_id="a", points=3),
            pb.TournamentStanding(rank=2, player_id="me", points=1),
        ]
    )
    assert final_text(detail, "me") == "Tournament over: you finished 2nd of 2 with 1 point."
    assert refusal_text("TOURNAMENT_NOT_ELIGIBLE", "standing", "t1", "").startswith(
        "tournament t1 needs the standing of rated play"
    )
    assert refusal_text("TOURNAMENT_WITHDRAWN", "", "t1", "") == (
        "you withdrew from tournament t1 after its start; you cannot enter it again"
    )
    # a reason this client does not know: the server's words
    assert refusal_text("TOURNAMENT_NEW", "", "t1", "why") == "cannot enter tournament t1: why"


async def test_a_dropped_question_never_takes_the_next_answer() -> None:
    typed: queue.Queue[str] = queue.Queue()
    keyboard = Keyboard(io.StringIO(), typed.get)
    dropped = asyncio.ensure_future(ask_with_chat(keyboard, "", None))
    await asyncio.sleep(0)  # (the question's thread is waiting for a line)
    dropped.cancel()
    answer = asyncio.ensure_future(ask_with_chat(keyboard, "Your move: ", None))
    typed.put("3")
    assert await asyncio.wait_for(answer, 10) == "3"


def test_a_tournament_is_played_on_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    for other in (["--queue", "2"], ["--resume"], ["--stats"], ["--tournaments"]):
        with pytest.raises(SystemExit) as stopped:
            main(["play", "--tournament", "t1", *other])
        assert stopped.value.code == 2
        assert "do not go together: pick one" in capsys.readouterr().err
