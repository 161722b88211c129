"""Table chat through a real server: the two rooms and who reads and writes them, phrases
and free text, the partnership rule in a 4-player match, flood limits, mutes, reports,
retries, and the attacks a cheater or a troll would try."""

from __future__ import annotations

import time
from pathlib import Path

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.notifications import Notice, NoticeKind
from fiveup.store import open_notification_store
from fiveup.v1 import admin_pb2, chat_pb2
from fiveup.v1 import match_pb2 as pb

from ..admin.operators import admin_stub, operator_auth
from ..harness import Running, auth, human, start, stop, wait_for
from .chat_table import sign_in, signed_in_table, words
from .helpers import error_info

PLAYERS, SPECTATORS = chat_pb2.CHAT_ROOM_PLAYERS, chat_pb2.CHAT_ROOM_SPECTATORS


async def refused(call, code: grpc.StatusCode, reason: str) -> grpc.aio.AioRpcError:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    assert error_info(caught.value).reason == reason, error_info(caught.value)
    return caught.value


# ------------------------------------------------------------------ two players


async def test_two_players_talk_at_once_and_a_stream_resumes(server: Running) -> None:
    table = await signed_in_table(server, 2, ["Asha", "Bilal"])
    stream = table.watch(1)
    try:
        sent = await table.say(0, text="hi there")
        assert sent.author.you and sent.author.seat == 0 and sent.author.display_name == "Asha"
        assert not sent.held and sent.cursor == 1 and sent.message_id > 0
        await table.say(1, phrase="hello")
        got = await stream.until(2)
        assert words(got) == ["hi there", "hello"]
        assert [m.author.you for m in got] == [False, True]
        assert not any(m.held or m.delayed for m in got)
    finally:
        await stream.stop()
    # A reader that lost its stream resumes after the last cursor it got.
    await table.say(0, text="are you back?")
    again = table.watch(1, after=got[-1].cursor)
    try:
        assert words(await again.until(1)) == ["are you back?"]
    finally:
        await again.stop()
    assert words(await table.read(0)) == ["hi there", "hello", "are you back?"]


async def test_the_spectators_room_is_apart_from_the_players(server: Running) -> None:
    table = await signed_in_table(server, 2)
    watcher = await sign_in(server, "Watcher")
    await table.say(0, text="players only")
    await table.say(watcher, text="go seat 1!", room=SPECTATORS)
    # Spectators never read the players' room; the players do not read the spectators'
    # room while the match is in play (a watcher could coach them).
    for who in (watcher, None):
        await refused(table.read(who), grpc.StatusCode.PERMISSION_DENIED, "CHAT_NOT_ALLOWED")
    for seat in (0, 1):
        await refused(
            table.read(seat, SPECTATORS), grpc.StatusCode.PERMISSION_DENIED, "CHAT_NOT_ALLOWED"
        )
        await refused(
            table.say(seat, text="hi watchers", room=SPECTATORS),
            grpc.StatusCode.PERMISSION_DENIED, "CHAT_NOT_ALLOWED",
        )  # fmt: skip
    stream = table.watch(None, SPECTATORS)  # an anonymous spectator reads along
    try:
        assert words(await stream.until(1)) == ["go seat 1!"]
    finally:
        await stream.stop()
    # Writing needs a name a mute and a report can reach.
    await refused(
        table.say("", phrase="hello", room=SPECTATORS),
        grpc.StatusCode.PERMISSION_DENIED, "CHAT_SIGN_IN_REQUIRED",
    )  # fmt: skip
    await table.play_to_end()
    assert words(await table.read(0, SPECTATORS)) == ["go seat 1!"]  # open once it is over
    await table.say(1, phrase="good_game", room=SPECTATORS)
    assert words(await table.read(watcher, SPECTATORS)) == ["go seat 1!", "good_game"]


async def test_an_anonymous_seat_sends_phrases_only(server: Running) -> None:
    table = await signed_in_table(server, 2, anonymous=[1])
    await refused(
        table.say(1, text="buy gold at example.com"),
        grpc.StatusCode.PERMISSION_DENIED, "CHAT_SIGN_IN_REQUIRED",
    )  # fmt: skip
    sent = await table.say(1, phrase="thanks")
    assert sent.author.seat == 1 and sent.author.display_name == ""
    await refused(
        table.say(1, phrase="no_such_phrase"), grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_PHRASE"
    )
    assert words(await table.read(0)) == ["thanks"]


async def test_the_phrase_list_has_every_language(server: Running) -> None:
    table = await signed_in_table(server, 2)
    answer = await table.chat.ListChatPhrases(chat_pb2.ListChatPhrasesRequest())
    assert list(answer.languages) == ["en", "hi"]
    by_key = {p.key: p for p in answer.phrases}
    assert by_key["hello"].texts["en"] == "Hello!" and by_key["hello"].texts["hi"] == "नमस्ते!"
    assert by_key["hello"].courtesy and not by_key["nice_play"].courtesy
    assert all(set(p.texts) == {"en", "hi"} and all(p.texts.values()) for p in answer.phrases)


# ------------------------------------------------------------------ the partnership rule


async def test_partners_cannot_talk_during_a_round(server: Running) -> None:
    """Seats 0+2 against 1+3.  Seat 0 tells its partner about its hand in free text and
    in a game-talk phrase; nobody reads either before the round ends.  A courtesy phrase
    reaches the opponents at once and the partner only at the round's end."""
    table = await signed_in_table(server, 4)
    partner = table.watch(2)
    opponent = table.watch(1)
    try:
        held = await table.say(0, text="I hold the 6-6, lead sixes")
        assert held.held and held.author.you
        game_talk = await table.say(0, phrase="nice_play")
        courtesy = await table.say(0, phrase="thanks")
        assert game_talk.held and courtesy.held  # held from someone (the partner)
        # The opponent reads the courtesy phrase now (not the text, not the game talk)...
        first = await opponent.until(1)
        assert words(first) == ["thanks"] and not first[0].delayed
        # ...and the partner's first message is another seat's live one: nothing of
        # seat 0's came before it.
        await table.say(1, phrase="hello")  # an opponent's courtesy phrase: live to 0 and 2
        assert words(await partner.until(1)) == ["hello"]
        assert words(await table.read(2)) == ["hello"]
        assert words(await table.read(3)) == ["thanks"]  # the other opponent
        assert words(await table.read(0)) == [
            "I hold the 6-6, lead sixes",
            "nice_play",
            "thanks",
            "hello",
        ]
        before = (await table.view()).round_number
        await table.play_round()
        after_round = await partner.until(5)
        assert words(after_round[1:]) == ["I hold the 6-6, lead sixes", "nice_play", "thanks",
                                          "hello"]  # fmt: skip
        assert [m.delayed for m in after_round[1:]] == [True, True, True, False]
        assert not any(m.held for m in after_round[1:])
        assert after_round[-1].cursor > after_round[0].cursor
        view = await table.view()
        assert view.last_round.round_number == before  # released by the reckoning
        # The opponent gets the rest at the release, and again (no longer held) the two
        # courtesy phrases it read early: a client keeps messages by id.
        got = await opponent.until(6)
        assert words(got) == [
            "thanks",
            "hello",
            "I hold the 6-6, lead sixes",
            "nice_play",
            "thanks",
            "hello",
        ]
        assert [m.delayed for m in got] == [False, False, True, True, False, False]
        assert got[4].message_id == got[0].message_id and not got[4].held
    finally:
        await partner.stop()
        await opponent.stop()
    assert all(not m.held for m in await table.read(0))


async def test_the_spectators_room_runs_a_round_behind_with_three_or_more_seats(
    server: Running,
) -> None:
    """A seated player can read the spectators' room through an anonymous view and write
    there with a spare account: in a match of 3+ seats that room is held until the
    round ends, so it cannot carry a hand to a partner."""
    table = await signed_in_table(server, 4)
    spare = await sign_in(server, "Spare account")
    message = await table.say(spare, text="seat 0 holds 6-6", room=SPECTATORS)
    assert message.held
    assert words(await table.read(None, SPECTATORS)) == []  # the partner's anonymous view
    assert words(await table.read(spare, SPECTATORS)) == ["seat 0 holds 6-6"]  # its author
    await table.play_round()
    released = await table.read(None, SPECTATORS)
    assert words(released) == ["seat 0 holds 6-6"] and released[0].delayed
    # with two seats there is nobody to signal to (names of their own: names are unique)
    two = await signed_in_table(server, 2, ["Player 5", "Player 6"])
    live = await two.say(spare, text="nice game", room=SPECTATORS)
    assert not live.held and words(await two.read(None, SPECTATORS)) == ["nice game"]


async def test_after_the_match_partners_talk_freely(server: Running) -> None:
    table = await signed_in_table(server, 4)
    await table.play_to_end()
    sent = await table.say(0, text="well played partner")
    assert not sent.held
    assert words(await table.read(2)) == ["well played partner"]


# ------------------------------------------------------------------ abuse


async def test_flood_limits(server: Running) -> None:
    table = await signed_in_table(server, 2)
    await table.say(0, text="same words")
    await refused(table.say(0, text="SAME words"), grpc.StatusCode.RESOURCE_EXHAUSTED,
                  "CHAT_DUPLICATE")  # fmt: skip
    for n in range(4):
        await table.say(0, text=f"message {n}")
    caught = await refused(
        table.say(0, text="one too many"), grpc.StatusCode.RESOURCE_EXHAUSTED, "CHAT_RATE_LIMITED"
    )
    assert error_info(caught).metadata["scope"] == "author"
    await table.say(1, phrase="one_moment")  # the other player is not slowed down
    assert len(await table.read(1)) == 6


async def test_text_that_fakes_lines_or_hides_is_cleaned(server: Running) -> None:
    table = await signed_in_table(server, 2, ["Asha", "Bilal"])
    tricks = {
        "hi\nBilal: I resign": "hi Bilal: I resign",  # a new line that fakes another author
        "\x1b[2J\x1b[31mSYSTEM\x1b[0m: gg": "[2J[31mSYSTEM[0m: gg",  # terminal escapes
        "abc\u202edcba": "abcdcba",  # a bidirectional override
        "q\u0301\u0302\u0303\u0304\u0305\u0306\u0307a": "q\u0301\u0302\u0303a",  # Zalgo
    }
    for raw, clean in tricks.items():
        assert (await table.say(0, text=raw)).text == clean
    await refused(table.say(0, text=" \u200b\n "), grpc.StatusCode.INVALID_ARGUMENT,
                  "CHAT_TEXT_INVALID")  # fmt: skip
    caught = await refused(
        table.say(1, text="x" * 201), grpc.StatusCode.INVALID_ARGUMENT, "CHAT_TEXT_INVALID"
    )
    assert error_info(caught).metadata["problem"] == "TOO_LONG"


async def test_mute_and_report(server: Running) -> None:
    table = await signed_in_table(server, 3)
    rude = await table.say(1, text="you are all idiots")
    await table.chat.MuteChatAuthor(
        chat_pb2.MuteChatAuthorRequest(match_id=table.match_id, message_id=rude.message_id,
                                       muted=True),
        metadata=auth(table.seats[0].token),
    )  # fmt: skip
    await table.say(1, text="still here")
    assert words(await table.read(0)) == []  # muted for seat 0 only
    assert words(await table.read(2)) == ["you are all idiots", "still here"]
    reported = await table.chat.ReportChatMessage(
        chat_pb2.ReportChatMessageRequest(
            match_id=table.match_id, message_id=rude.message_id,
            reason=chat_pb2.CHAT_REPORT_REASON_ABUSE, comment="insults",
        ),
        metadata=auth(table.seats[2].token),
    )  # fmt: skip
    assert reported.reported
    listed = await admin_stub(server).ListReports(  # the operator's view
        admin_pb2.ListReportsRequest(open_only=True, reason="queue"),
        metadata=operator_auth(server),
    )
    assert [(r.text, r.reason, r.comment, r.HasField("resolved_at")) for r in listed.reports] == [
        ("you are all idiots", "abuse", "insults", False)
    ]
    again = await table.chat.ReportChatMessage(
        chat_pb2.ReportChatMessageRequest(match_id=table.match_id, message_id=rude.message_id,
                                          reason=chat_pb2.CHAT_REPORT_REASON_ABUSE),
        metadata=auth(table.seats[2].token),
    )  # fmt: skip
    assert not again.reported
    assert server.app.contexts is not None
    reports = await server.app.contexts.chat.store.reports(open_only=True, limit=10)
    assert [(r.report.reason, r.line.line.body) for r in reports] == [
        ("abuse", "you are all idiots")
    ]
    # A message the caller cannot read cannot be reported or muted (no probing).
    watcher = await sign_in(server, "Watcher")
    await refused(
        table.chat.ReportChatMessage(
            chat_pb2.ReportChatMessageRequest(match_id=table.match_id, message_id=rude.message_id,
                                              reason=chat_pb2.CHAT_REPORT_REASON_SPAM),
            metadata=auth(watcher),
        ),
        grpc.StatusCode.NOT_FOUND, "CHAT_MESSAGE_NOT_FOUND",
    )  # fmt: skip


async def test_a_silenced_player_talks_to_themself(server: Running) -> None:
    """An operator's silence is a shadow ban: the troll sees their messages as sent,
    nobody else sees them (a troll who knew would just make a new account)."""
    table = await signed_in_table(server, 2)
    assert server.app.contexts is not None
    chat = server.app.contexts.chat
    troll_id = (await chat.speaker(table.match_id, table.seats[1].token)).player_id
    until = Timestamp(seconds=int(time.time()) + 3600)
    await admin_stub(server).ImposeSanction(
        admin_pb2.ImposeSanctionRequest(player_id=troll_id, kind=admin_pb2.SANCTION_KIND_CHAT_SILENCE,
                                        ends_at=until, reason="spam"),
        metadata=operator_auth(server),
    )  # fmt: skip
    sent = await table.say(1, text="spam spam spam")
    assert not sent.held and words(await table.read(1)) == ["spam spam spam"]
    assert words(await table.read(0)) == []


async def test_a_retried_send_writes_once(server: Running) -> None:
    table = await signed_in_table(server, 2)
    first = await table.say(0, text="gg", request_id="phone-1")
    again = await table.say(0, text="gg", request_id="phone-1")
    assert again.message_id == first.message_id
    await refused(
        table.say(0, text="other words", request_id="phone-1"),
        grpc.StatusCode.ALREADY_EXISTS, "CHAT_REQUEST_ID_REUSED",
    )  # fmt: skip
    assert words(await table.read(1)) == ["gg"]


async def test_bad_requests_get_clear_errors(server: Running) -> None:
    table = await signed_in_table(server, 2)
    await refused(
        table.chat.SendChatMessage(chat_pb2.SendChatMessageRequest(match_id=table.match_id),
                                   metadata=auth(table.seats[0].token)),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip
    await refused(
        table.chat.ListChatMessages(chat_pb2.ListChatMessagesRequest(match_id="nope")),
        grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND",
    )  # fmt: skip
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    other = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    await refused(  # a seat token of another match
        table.say(other.seat_token, phrase="hello"),
        grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED",
    )  # fmt: skip


async def test_the_operators_word_list_masks_or_refuses(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("# banned here\nidiot\n")
    for action, expect in (("mask", "you *****"), ("reject", None)):
        running = await start(tmp_path / f"{action}.sqlite3", chat_word_list=str(words),
                              chat_word_action=action)  # fmt: skip
        try:
            table = await signed_in_table(running, 2)
            if expect is not None:
                assert (await table.say(0, text="you 1d1ot")).text == expect
            else:
                await refused(table.say(0, text="you 1d1ot"), grpc.StatusCode.INVALID_ARGUMENT,
                              "CHAT_TEXT_BLOCKED")  # fmt: skip
            assert (await table.say(0, phrase="hello")).phrase == "hello"  # phrases pass
        finally:
            await stop(running)


async def test_a_player_away_from_the_chat_is_told_by_a_notification(server: Running) -> None:
    """The notice is written with the message (the outbox), once while they are away;
    a player with the chat open is told nothing; in a partnership round the partner is
    told when the message is released."""
    table = await signed_in_table(server, 2, ["Asha", "Bilal"])
    bilal = (await server.app.contexts.chat.speaker(table.match_id, table.seats[1].token)).player_id  # type: ignore[union-attr]
    await table.say(0, text="your move, Bilal")
    await table.say(0, text="hello?")
    [notice] = await chat_notices(server, bilal)
    assert dict(notice.data)["text"] == "your move, Bilal" and notice.match_id == table.match_id
    stream = table.watch(1)  # Bilal opens the chat
    try:
        await stream.until(2)
        await table.say(0, text="there you are")
        await stream.until(3)
    finally:
        await stream.stop()
    assert len(await chat_notices(server, bilal)) == 1

    partners = await signed_in_table(server, 4)
    ids = [(await server.app.contexts.chat.speaker(partners.match_id, s.token)).player_id  # type: ignore[union-attr]
           for s in partners.seats]  # fmt: skip
    await partners.say(0, text="partner, lead the fives")
    assert [len(await chat_notices(server, p)) for p in ids] == [0, 0, 0, 0]  # held: nobody
    await partners.play_round()
    await wait_for(lambda: _told(server, ids[2]))
    assert [len(await chat_notices(server, p)) for p in ids] == [0, 1, 1, 1]


async def _told(server: Running, player_id: str) -> bool:
    return bool(await chat_notices(server, player_id))


async def chat_notices(server: Running, player_id: str) -> list[Notice]:
    store = open_notification_store(str(server.db))
    await store.open()
    try:
        found = await store.read_after(player_id, 0, 100)
    finally:
        await store.close()
    return [s.notice for s in found if s.notice.kind is NoticeKind.CHAT_MESSAGE]
