"""Stacked-deck scenarios, one or more per rule of docs/rules.md, with exact scores.

Every scenario writes out the hands (seat order) and the front of the boneyard, plays
scripted moves and checks the events and state.  End sums in the comments are worked
out by hand from the rules; the assertions compare them with what the engine says.
"""

from __future__ import annotations

import pytest

from fiveup.engine import (
    Draw,
    Match,
    MatchConfig,
    MatchEnded,
    Pass,
    Passed,
    Place,
    RoundDealt,
    RoundEnded,
    TileDrawn,
    TilePlaced,
    displayed,
    errors,
    n_sides,
    side_of,
    view_for,
)
from fiveup_core import ConnectionPoint
from tests.engine.helpers import (
    new_match,
    parse_move,
    play,
    snapshot,
    stacked_deck,
    tile,
    tiles,
)


def rejected(match: Match, line: str, error: type[errors.MatchError]) -> errors.MatchError:
    """``line`` must raise exactly ``error`` and leave the match untouched."""
    before = snapshot(match)
    seat, action = parse_move(line)
    with pytest.raises(errors.MatchError) as info:
        match.act(seat, action)
    assert type(info.value) is error, f"{line!r} raised {info.value!r}, expected {error.__name__}"
    assert snapshot(match) == before
    return info.value


def point(text: str) -> ConnectionPoint:
    """``"[6|6]:chain_a"`` as a connection point."""
    t, side = text.split(":")
    return ConnectionPoint(tile(t), side)


# --------------------------------------------------------------------------- drawing


def draw_scenario() -> Match:
    """Seat 0 leads [6|6]; seat 1 holds no six and the boneyard starts [0|3], [2|6]."""
    deck = stacked_deck(
        hands=["[6|6] [3|3] [4|4] [5|5] [3|4]", "[0|0] [0|1] [1|1] [0|2] [1|2]"],
        boneyard="[0|3] [2|6]",
    )
    match, _, _ = new_match(deck, n_seats=2)
    play(match, "0: [6|6]")
    return match


def test_the_starter_may_lead_any_tile_of_their_hand() -> None:
    deck = stacked_deck(["[6|6] [3|3] [4|4] [5|5] [3|4]", "[0|0] [0|1] [1|1] [0|2] [1|2]"])
    match, events, dealer = new_match(deck, n_seats=2, lots={1: 0})
    # the first starter comes from the dealer's fair lot
    assert isinstance(events[-1], RoundDealt)
    assert (events[-1].starter, events[-1].by_lot) == (0, True)
    assert dealer.lot_calls == [(1, 2)]
    assert match.to_move() == 0
    assert match.legal_actions(0) == [
        Place(t, None) for t in tiles("[6|6] [3|3] [4|4] [5|5] [3|4]")
    ]
    assert match.legal_actions(1) == []
    # with a lead available, drawing or passing is refused
    rejected(match, "0: draw", errors.MustPlaceNotDraw)
    rejected(match, "0: pass", errors.MustPlaceNotDraw)


def test_forced_draw_when_no_tile_fits() -> None:
    match = draw_scenario()
    assert match.to_move() == 1
    assert match.legal_actions(1) == [Draw()]
    # none of seat 1's tiles shows a six, so every placement is illegal
    err = rejected(match, "1: [0|1]@[6|6]:chain_a", errors.IllegalMove)
    assert err.details["core_reason"] == "PIP_MISMATCH"
    rejected(match, "1: [1|2]@[6|6]:chain_b", errors.IllegalMove)
    # tiles it does not hold are rejected as such
    rejected(match, "1: [2|6]@[6|6]:chain_a", errors.TileNotInHand)
    # the boneyard is not empty: no passing
    rejected(match, "1: pass", errors.MustDrawNotPass)


def test_an_unplayable_drawn_tile_keeps_the_turn_and_another_draw_follows() -> None:
    match = draw_scenario()
    events = play(match, "1: draw")
    assert events == [TileDrawn(seat=1, tile=tile("[0|3]"), playable=False)]
    assert match.to_move() == 1
    assert match.round is not None and match.round.must_play is None
    assert tile("[0|3]") in match.round.hands[1]
    assert match.legal_actions(1) == [Draw()]
    rejected(match, "1: pass", errors.MustDrawNotPass)
    rejected(match, "0: [3|3]@[6|6]:chain_a", errors.NotYourTurn)


def test_a_playable_drawn_tile_must_be_placed_at_once() -> None:
    match = draw_scenario()
    events = play(match, "1: draw", "1: draw")
    assert events[-1] == TileDrawn(seat=1, tile=tile("[2|6]"), playable=True)
    assert match.round is not None and match.round.must_play == tile("[2|6]")
    assert match.to_move() == 1
    # only the drawn tile, at any legal connection point for it
    assert match.legal_actions(1) == [
        Place(tile("[2|6]"), point("[6|6]:chain_a")),
        Place(tile("[2|6]"), point("[6|6]:chain_b")),
    ]
    # another tile of the hand (even one just drawn), drawing again and passing are refused
    rejected(match, "1: [0|3]@[6|6]:chain_a", errors.MustPlayDrawnTile)
    rejected(match, "1: [0|0]@[6|6]:chain_a", errors.MustPlayDrawnTile)
    rejected(match, "1: draw", errors.MustPlayDrawnTile)
    rejected(match, "1: pass", errors.MustPlayDrawnTile)
    # the drawn tile still has to go on a legal point
    err = rejected(match, "1: [2|6]@[6|6]:branch_a", errors.IllegalMove)
    assert err.details["core_reason"] == "BRANCH_NOT_OPEN"
    # the other seat sees only that a tile was drawn, not which nor whether it fits
    seen = view_for(match, 0)
    assert seen.must_play is None and seen.legal_actions == ()
    assert seen.round_events[-1] == TileDrawn(seat=1, tile=None, playable=None)
    assert view_for(match, 1).must_play == tile("[2|6]")

    # [6|6] still an end (12) + the [2|6]'s low end 2 = 14: no points
    events = play(match, "1: [2|6]@[6|6]:chain_b")
    assert events == [
        TilePlaced(seat=1, tile=tile("[2|6]"), on=point("[6|6]:chain_b"), points=0, end_sum=14)
    ]
    assert match.round.must_play is None
    assert match.to_move() == 0
    assert match.round.hands[1] == tiles("[0|0] [0|1] [1|1] [0|2] [1|2] [0|3]")


# --------------------------------------------------------------------------- passing


def pass_scenario() -> tuple[Match, list[object]]:
    """Four seats.  Seat 0 leads [6|6]; seat 1 holds no six, nor does the boneyard, so
    seat 1 draws all eight tiles and then must pass; seats 2 and 3 each hold a six."""
    deck = stacked_deck(
        hands=[
            "[6|6] [0|6] [1|6] [2|6] [3|6]",
            "[0|0] [0|1] [0|2] [0|3] [0|4]",
            "[4|6] [0|5] [1|1] [1|2] [1|3]",
            "[5|6] [1|4] [1|5] [2|2] [2|3]",
        ],
        boneyard="[2|4] [2|5] [3|3] [3|4] [3|5] [4|4] [4|5] [5|5]",
    )
    match, _, _ = new_match(deck, n_seats=4)
    events = play(match, "0: [6|6]")
    return match, events


def test_pass_only_with_an_empty_boneyard() -> None:
    match, _ = pass_scenario()
    rejected(match, "1: pass", errors.MustDrawNotPass)
    drawn = play(match, *["1: draw"] * 7)
    assert all(isinstance(e, TileDrawn) and not e.playable for e in drawn)
    rejected(match, "1: pass", errors.MustDrawNotPass)  # one tile left
    play(match, "1: draw")
    assert match.round is not None and match.round.boneyard == []
    # not blocked: seats 2 and 3 can still place a six
    assert match.round.over is False
    assert match.to_move() == 1
    assert match.legal_actions(1) == [Pass()]
    rejected(match, "1: draw", errors.BoneyardEmpty)

    events = play(match, "1: pass")
    assert events == [Passed(seat=1)]
    assert match.to_move() == 2  # passing ends the turn

    # seat 2 holds [4|6]: it may neither draw nor pass
    rejected(match, "2: pass", errors.MustPlaceNotDraw)
    rejected(match, "2: draw", errors.MustPlaceNotDraw)
    assert match.legal_actions(2) == [
        Place(tile("[4|6]"), point("[6|6]:chain_a")),
        Place(tile("[4|6]"), point("[6|6]:chain_b")),
    ]


# --------------------------------------------------------------------------- blocked round

BLOCKED_HANDS = [
    "[6|6] [0|6] [2|4] [2|2] [5|5]",
    "[3|6] [4|5] [1|3] [0|0] [1|2]",
    "[5|6] [0|3] [2|6] [3|5] [1|4]",
    "[3|4] [4|6] [1|6] [0|1] [0|2]",
]
BLOCKED_BONEYARD = "[0|4] [0|5] [1|1] [1|5] [2|3] [2|5] [3|3] [4|4]"
# Twelve placements put all seven sixes on the table with every open point showing 6;
# no tile left in a hand or the boneyard has a six.
BLOCKED_SCRIPT = [
    "0: [6|6]",  # the double counts 12: nothing
    "1: [3|6]@[6|6]:chain_a",  # 12 + 3 = 15: side 1 scores 15
    "2: [5|6]@[6|6]:chain_b",  # [6|6] is inside now: 3 + 5 = 8
    "3: [3|4]@[3|6]:low",  # 4 + 5 = 9
    "0: [0|6]@[6|6]:branch_a",  # 4 + 5 + 0 = 9
    "1: [4|5]@[5|6]:low",  # 4 + 4 + 0 = 8
    "2: [0|3]@[0|6]:low",  # 4 + 4 + 3 = 11
    "3: [4|6]@[3|4]:high",  # 6 + 4 + 3 = 13
    "0: [2|4]@[4|5]:low",  # 6 + 2 + 3 = 11
    "1: [1|3]@[0|3]:high",  # 6 + 2 + 1 = 9
    "2: [2|6]@[2|4]:low",  # 6 + 6 + 1 = 13
    "3: [1|6]@[1|3]:low",  # 6 + 6 + 6 = 18
]


def test_blocked_round_deducts_everyone_and_the_next_starter_is_drawn_by_lot() -> None:
    deck = stacked_deck(BLOCKED_HANDS, BLOCKED_BONEYARD)
    match, _, dealer = new_match(deck, n_seats=4, lots={1: 0, 2: 3})
    play(match, *BLOCKED_SCRIPT)
    assert match.scores == [0, 15]
    assert match.to_move() == 0
    assert {p.pip for p in match.round.layout.open_points()} == {6}  # type: ignore[union-attr]
    assert match.legal_actions(0) == [Draw()]

    # seat 0 draws the whole boneyard, nothing fits; after the last draw nobody can place
    events = play(match, *["0: draw"] * 7)
    assert [e.playable for e in events] == [False] * 7  # type: ignore[attr-defined]
    events = play(match, "0: draw")
    drawn, ended, dealt = events
    assert drawn == TileDrawn(seat=0, tile=tile("[4|4]"), playable=False)
    # no passes needed: the block is detected at once
    assert ended == RoundEnded(
        round_no=1,
        blocked=True,
        winner=None,
        hands=(
            tuple(tiles("[2|2] [5|5]") + tiles(BLOCKED_BONEYARD)),  # 57 pips -> 55
            tuple(tiles("[0|0] [1|2]")),  # 3 pips -> 5
            tuple(tiles("[3|5] [1|4]")),  # 13 pips -> 15
            tuple(tiles("[0|1] [0|2]")),  # 3 pips -> 5
        ),
        deductions=(55, 5, 15, 5),
        # side 0 (seats 0+2): 0 - 55 - 15; side 1 (seats 1+3): 15 - 5 - 5 (3+3 pips cost
        # 2 displayed points, not the 1 that adding the hands first would give)
        scores=(-70, 5),
    )
    assert displayed(ended.deductions[1] + ended.deductions[3]) == 2
    assert isinstance(dealt, RoundDealt)
    assert dealt.round_no == 2 and dealt.by_lot is True
    assert dealt.starter == 3 == dealer.lots[2]
    assert dealer.lot_calls == [(1, 4), (2, 4)]
    assert match.to_move() == 3
    assert match.scores == [-70, 5]
    assert displayed(match.scores[0]) == -14
    assert not match.finished


# --------------------------------------------------------------------------- going out


def go_out_deck(leftover: str) -> list:
    """Seat 1 goes out in nine placements; seat 0 is left holding ``leftover``."""
    return stacked_deck(
        hands=[
            f"[3|5] [5|6] [1|6] [1|3] {leftover}",
            "[2|3] [0|2] [0|4] [4|5] [2|5]",
        ]
    )


GO_OUT_SCRIPT = [
    "1: [2|3]",  # 2 + 3 = 5: seat 1 scores 5
    "0: [3|5]@[2|3]:high",  # 2 + 5 = 7
    "1: [0|2]@[2|3]:low",  # 0 + 5 = 5: seat 1 scores 5
    "0: [5|6]@[3|5]:high",  # 0 + 6 = 6
    "1: [0|4]@[0|2]:low",  # 4 + 6 = 10: seat 1 scores 10
    "0: [1|6]@[5|6]:high",  # 4 + 1 = 5: seat 0 scores 5
    "1: [4|5]@[0|4]:high",  # 5 + 1 = 6
    "0: [1|3]@[1|6]:low",  # 5 + 3 = 8
    "1: [2|5]@[4|5]:high",  # 2 + 3 = 5: seat 1 scores 5 with its last tile
]


@pytest.mark.parametrize(
    ("leftover", "deduction", "seat0_score"),
    [
        ("[0|0]", 0, 5),  # 0 pips: nothing
        ("[1|1]", 0, 5),  # 2 pips round down to 0
        ("[1|2]", 5, 0),  # 3 pips round up to 5 (1 displayed point)
        ("[2|2]", 5, 0),  # 4 -> 5
        ("[1|4]", 5, 0),  # exactly 5 stays 5
        ("[3|4]", 5, 0),  # 7 -> 5
        ("[4|4]", 10, -5),  # 8 -> 10: the score goes below zero
        ("[6|6]", 10, -5),  # 12 -> 10
    ],
)
def test_going_out_scores_the_last_tile_then_the_reckoning(
    leftover: str, deduction: int, seat0_score: int
) -> None:
    match, _, dealer = new_match(go_out_deck(leftover), n_seats=2, lots={1: 1, 2: 0})
    events = play(match, *GO_OUT_SCRIPT)
    placed = [e for e in events if isinstance(e, TilePlaced)]
    assert [e.points for e in placed] == [5, 0, 5, 0, 10, 5, 0, 0, 5]
    last, ended, dealt = events[-3:]
    assert last == TilePlaced(
        seat=1, tile=tile("[2|5]"), on=point("[4|5]:high"), points=5, end_sum=5
    )
    assert ended == RoundEnded(
        round_no=1,
        blocked=False,
        winner=1,
        hands=((tile(leftover),), ()),
        deductions=(deduction, 0),
        scores=(seat0_score, 25),
    )
    # the player who went out starts the next round (the lot would have said seat 0)
    assert isinstance(dealt, RoundDealt)
    assert (dealt.round_no, dealt.starter, dealt.by_lot) == (2, 1, False)
    assert dealer.lot_calls == [(1, 2)]
    assert match.to_move() == 1
    assert match.scores == [seat0_score, 25]
    assert displayed(deduction) == deduction // 5  # e.g. 3 pips cost 1 displayed point
    assert displayed(seat0_score) == seat0_score // 5  # -5 raw is -1 displayed
    assert view_for(match, None).last_round_end == ended


def test_the_tile_that_empties_a_hand_counts_toward_the_target() -> None:
    # target 5 displayed = 25 raw: seat 1 has 20 before its last tile and 25 after it
    match, _, _ = new_match(go_out_deck("[1|2]"), n_seats=2, lots={1: 1}, target_points=5)
    play(match, *GO_OUT_SCRIPT[:-1])
    assert match.scores == [5, 20]
    events = play(match, GO_OUT_SCRIPT[-1])
    assert [type(e) for e in events] == [TilePlaced, RoundEnded, MatchEnded]
    assert events[-1] == MatchEnded(winner_side=1, scores=(0, 25))
    assert match.finished and match.winner_side == 1 and match.to_move() is None
    rejected(match, "0: draw", errors.MatchFinished)


# --------------------------------------------------------------------------- end of match


def tie_deck(leftover: str) -> list:
    """Seat 0 leads and goes out; each seat scores 5 on the way; seat 1 keeps ``leftover``."""
    return stacked_deck(
        hands=[
            "[0|5] [0|1] [1|4] [4|6] [6|6]",
            f"[5|6] [3|6] [1|3] [1|5] {leftover}",
        ]
    )


TIE_SCRIPT = [
    "0: [0|5]",  # 0 + 5 = 5: seat 0 scores 5
    "1: [5|6]@[0|5]:high",  # 0 + 6 = 6
    "0: [0|1]@[0|5]:low",  # 1 + 6 = 7
    "1: [3|6]@[5|6]:high",  # 1 + 3 = 4
    "0: [1|4]@[0|1]:high",  # 4 + 3 = 7
    "1: [1|3]@[3|6]:low",  # 4 + 1 = 5: seat 1 scores 5
    "0: [4|6]@[1|4]:high",  # 6 + 1 = 7
    "1: [1|5]@[1|3]:low",  # 6 + 5 = 11
    "0: [6|6]@[4|6]:high",  # the double at the end counts 12: 12 + 5 = 17
]


def test_a_tie_at_the_top_plays_further_rounds_until_one_side_leads_alone() -> None:
    # target 2 displayed = 10 raw.  Rounds 1 and 2 end 5:5 each; round 3 costs seat 1 5.
    decks = {1: tie_deck("[0|0]"), 2: tie_deck("[0|0]"), 3: tie_deck("[1|2]")}
    match, _, _ = new_match(decks, n_seats=2, lots={1: 0}, target_points=2)

    events = play(match, *TIE_SCRIPT)
    points = [e.points for e in events if isinstance(e, TilePlaced)]
    assert points == [5, 0, 0, 0, 0, 5, 0, 0, 0]
    assert events[-2] == RoundEnded(1, False, 0, ((), (tile("[0|0]"),)), (0, 0), (5, 5))
    assert isinstance(events[-1], RoundDealt) and events[-1].starter == 0

    # 10:10 reaches the target, but the top is shared: another round, no MatchEnded
    events = play(match, *TIE_SCRIPT)
    assert events[-2] == RoundEnded(2, False, 0, ((), (tile("[0|0]"),)), (0, 0), (10, 10))
    assert isinstance(events[-1], RoundDealt) and events[-1].round_no == 3
    assert not match.finished

    # 15:10 -- both past the target, only seat 0 at the top: it wins
    events = play(match, *TIE_SCRIPT)
    assert events[-2] == RoundEnded(3, False, 0, ((), (tile("[1|2]"),)), (0, 5), (15, 10))
    assert events[-1] == MatchEnded(winner_side=0, scores=(15, 10))
    assert match.finished and match.winner_side == 0


def test_the_target_is_checked_only_after_the_reckoning() -> None:
    # target 1 displayed = 5 raw: seat 0 has it after its lead, but the round goes on
    match, _, _ = new_match(tie_deck("[0|0]"), n_seats=2, lots={1: 0}, target_points=1)
    play(match, TIE_SCRIPT[0])
    assert match.scores == [5, 0] and not match.finished
    events = play(match, *TIE_SCRIPT[1:])
    # 5:5 after the reckoning: a tie at the top, so round 2 is dealt
    assert isinstance(events[-1], RoundDealt) and not match.finished


# --------------------------------------------------------------------------- turns, sides


def test_turns_go_clockwise_in_seat_order() -> None:
    deck = stacked_deck(
        hands=[
            "[0|6] [3|6] [0|0] [0|1] [0|2]",
            "[1|6] [1|1] [1|2] [1|3] [1|4]",
            "[6|6] [2|6] [2|2] [2|3] [2|4]",
        ]
    )
    match, events, _ = new_match(deck, n_seats=3, lots={1: 2})
    assert isinstance(events[-1], RoundDealt) and events[-1].starter == 2
    script = [
        "2: [6|6]",
        "0: [0|6]@[6|6]:chain_a",
        "1: [1|6]@[6|6]:chain_b",
        "2: [2|6]@[6|6]:branch_a",
        "0: [3|6]@[6|6]:branch_b",
    ]
    order = []
    for line in script:
        seat = match.to_move()
        order.append(seat)
        for other in {0, 1, 2} - {seat}:
            assert match.legal_actions(other) == []
            rejected(match, f"{other}: {line.split(': ')[1]}", errors.NotYourTurn)
        play(match, line)
    assert order == [2, 0, 1, 2, 0]
    assert match.to_move() == 1
    rejected(match, "3: draw", errors.NotYourTurn)  # not a seat of this match


def test_partners_share_one_score_in_a_four_player_match() -> None:
    assert n_sides(4) == 2 and [side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert n_sides(3) == 3 and [side_of(s, 3) for s in range(3)] == [0, 1, 2]
    deck = stacked_deck(
        hands=[
            "[1|4] [1|3] [0|0] [0|1] [0|2]",
            "[4|4] [0|3] [0|4] [0|5] [0|6]",
            "[1|1] [2|2] [2|3] [2|4] [2|5]",
            "[3|4] [3|3] [3|5] [5|5] [5|6]",
        ]
    )
    match, _, _ = new_match(deck, n_seats=4)
    assert match.scores == [0, 0]
    play(match, "0: [1|4]")  # 1 + 4 = 5
    assert match.scores == [5, 0]
    play(match, "1: [4|4]@[1|4]:high")  # 1 + 8 = 9
    play(match, "2: [1|1]@[1|4]:low")  # 2 + 8 = 10, for seat 0's side
    assert match.scores == [15, 0]
    play(match, "3: [3|4]@[4|4]:chain_b")  # [4|4] is inside: 2 + 3 = 5, for seat 1's side
    assert match.scores == [15, 5]
    for viewer in (0, 1, 2, 3, None):
        assert view_for(match, viewer).scores == (15, 5)


# --------------------------------------------------------------------------- config


def test_a_match_has_two_to_four_seats_and_a_sane_target() -> None:
    with pytest.raises(errors.InvalidConfig):
        MatchConfig(seats=("human",), seed=b"s")
    with pytest.raises(errors.InvalidConfig):
        MatchConfig(seats=("human",) * 5, seed=b"s")
    with pytest.raises(errors.InvalidConfig):
        MatchConfig(seats=("human",) * 2, seed=b"s", target_points=0)
    assert MatchConfig(seats=("human",) * 2, seed=b"s").target_points == 61


def test_a_dealer_must_deal_each_tile_once() -> None:
    class Broken:
        def deck(self, round_no: int) -> list:
            return tiles("[0|0]") * 28

        def lot(self, round_no: int, n_seats: int) -> int:
            return 0

    with pytest.raises(ValueError, match="28 tiles"):
        Match.start(MatchConfig(seats=("human",) * 2, seed=b"s"), Broken())
