"""The table-talk rules as pure functions: who reads and writes each room, and when a
message reaches each reader, in every kind of match."""

from __future__ import annotations

import pytest

from fiveup.chat.errors import ChatNotAllowed
from fiveup.chat.phrases import PHRASES, PhraseKind
from fiveup.chat.table_talk import (
    AT_ONCE,
    ContentKind,
    Delivery,
    Room,
    TableState,
    check_write,
    delivery,
    may_read,
)

TEXT, PHRASE = ContentKind.TEXT, ContentKind.PHRASE
COURTESY, GAME = PhraseKind.COURTESY, PhraseKind.GAME


def state(seats: int, *, in_play: bool = True, round_no: int = 3, ended: int = 2) -> TableState:
    return TableState(seats, in_play, round_no, ended)


@pytest.mark.parametrize("seats", [2, 3])
def test_without_partners_the_players_talk_at_once(seats: int) -> None:
    for kind, phrase in ((TEXT, None), (PHRASE, COURTESY), (PHRASE, GAME)):
        assert delivery(Room.PLAYERS, state(seats), 0, kind, phrase) == AT_ONCE


def test_partners_wait_for_the_round_but_courtesy_reaches_the_opponents() -> None:
    table = state(4, round_no=3, ended=2)
    assert delivery(Room.PLAYERS, table, 0, TEXT) == Delivery(3)
    assert delivery(Room.PLAYERS, table, 1, PHRASE, GAME) == Delivery(3)
    assert delivery(Room.PLAYERS, table, 0, PHRASE, COURTESY) == Delivery(3, frozenset({1, 3}))
    assert delivery(Room.PLAYERS, table, 3, PHRASE, COURTESY) == Delivery(3, frozenset({0, 2}))


@pytest.mark.parametrize("table", [state(4, in_play=False), state(2, in_play=False)])
def test_after_the_match_everything_passes_at_once(table: TableState) -> None:
    assert delivery(Room.PLAYERS, table, 0, TEXT) == AT_ONCE
    assert delivery(Room.SPECTATORS, table, None, TEXT) == AT_ONCE


def test_the_spectators_room_waits_with_three_or_more_seats() -> None:
    assert delivery(Room.SPECTATORS, state(2), None, TEXT) == AT_ONCE
    assert delivery(Room.SPECTATORS, state(3), None, TEXT) == Delivery(3)
    assert delivery(Room.SPECTATORS, state(4), None, PHRASE, COURTESY) == Delivery(3)


def test_who_reads_and_writes_which_room() -> None:
    live, over = state(4), state(4, in_play=False)
    assert may_read(Room.PLAYERS, live, 0) and not may_read(Room.PLAYERS, live, None)
    assert not may_read(Room.PLAYERS, over, None)  # the players' room stays theirs
    assert may_read(Room.SPECTATORS, live, None) and not may_read(Room.SPECTATORS, live, 2)
    assert may_read(Room.SPECTATORS, over, 2)
    check_write(Room.PLAYERS, live, 1)
    check_write(Room.SPECTATORS, live, None)
    check_write(Room.SPECTATORS, over, 1)
    for room, seat in ((Room.PLAYERS, None), (Room.SPECTATORS, 1)):
        with pytest.raises(ChatNotAllowed):
            check_write(room, live, seat)


def test_courtesy_phrases_speak_of_the_people_only() -> None:
    """The words of a courtesy phrase never name a tile, a move, a score or the round."""
    game_words = ("play", "turn", "move", "tile", "lead", "luck", "game", "match", "round",
                  "score", "double", "draw", "pass", "win", "fun", "oops", "rematch")  # fmt: skip
    courtesy = [p for p in PHRASES if p.kind is COURTESY]
    assert {p.key for p in courtesy} == {"hello", "thanks", "one_moment", "back", "connection",
                                         "bye"}  # fmt: skip
    for p in courtesy:
        assert not any(w in p.texts["en"].lower() for w in game_words), p
