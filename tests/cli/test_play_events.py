"""The terminal's event fold (``fiveup.cli.play_events.EventFold``) on its own: a round's
end comes after the placement that ended it, with the layout that round ended on (a
move taken back is not in it), then the reckoning, then the next deal; whose turn it is
once per change, before that seat's move; seats named as the web names them."""

from __future__ import annotations

from fiveup.cli.play_events import EventFold
from fiveup.v1 import common_pb2 as cp
from fiveup.v1 import match_pb2 as pb


def tile(a: int, b: int) -> cp.Tile:
    return cp.Tile(low=a, high=b)


def placed(
    version: int, seat: int, t: cp.Tile, on: cp.Tile | None = None, **kw: object
) -> pb.MatchEvent:
    placement = cp.Placement(tile=t)
    if on is not None:
        placement.on.CopyFrom(cp.ConnectionPoint(tile=on, side=cp.SIDE_HIGH))
    return pb.MatchEvent(
        version=version, tile_placed=pb.TilePlacedEvent(seat=seat, placement=placement), **kw
    )


def test_a_round_end_in_the_records_order() -> None:
    fold = EventFold(me=0)
    human = pb.SeatInfo(seat=0, kind=pb.SEAT_KIND_HUMAN)
    bot = pb.SeatInfo(seat=1, kind=pb.SEAT_KIND_BOT)
    for event in [
        pb.MatchEvent(version=1, match_started=pb.MatchStartedEvent(seats=[human, bot])),
        pb.MatchEvent(
            version=2, round_dealt=pb.RoundDealtEvent(round_number=1, starter=0),
            turn=pb.Turn(seat=0),
        ),
        placed(3, 0, tile(1, 2), turn=pb.Turn(seat=1)),
        placed(4, 1, tile(2, 3), tile(1, 2), turn=pb.Turn(seat=0)),
        pb.MatchEvent(version=5, move_undone=pb.MoveUndoneEvent(seat=0, to_version=3),
                      turn=pb.Turn(seat=1)),
        pb.MatchEvent(version=6, tile_drawn=pb.TileDrawnEvent(seat=1), turn=pb.Turn(seat=1)),
        placed(7, 1, tile(2, 4), tile(1, 2)),
        pb.MatchEvent(version=8, round_ended=pb.RoundEndedEvent(
            round_number=1, winner_seat=1, hands=[pb.Hand(tiles=[tile(0, 5)]), pb.Hand()],
            deductions=[5, 0],
        )),
        pb.MatchEvent(
            version=9, round_dealt=pb.RoundDealtEvent(round_number=2, starter=1),
            turn=pb.Turn(seat=1),
        ),
    ]:  # fmt: skip
        fold.fold(event)
    lines = fold.take_lines()
    assert lines == [
        "· round 1 dealt; you lead",
        "· you placed [1|2] (end sum 0)",
        "Bot (seat 2) to play…",
        "· Bot (seat 2) placed [2|3] (end sum 0)",
        "· you took moves back: the table is as it was before them",
        "Bot (seat 2) to play…",  # the turn went back to the bot: a change
        "· Bot (seat 2) drew a tile",  # its turn still: not said again
        "· Bot (seat 2) placed [2|4] (end sum 0)",
        "Round 1 over — Bot (seat 2) went out. Its final layout:",
        "  [1|2]",
        "  └─high─ [2|4]",  # the layout it ended on: the move taken back is not in it
        "Reckoning:",
        "  You:          [0|5]                           5 pips → -1 point",
        "  Bot (seat 2): (empty)                         0 pips → nothing to deduct",
        "· round 2 dealt; Bot (seat 2) leads",
    ]
    # the new round's first turn waits for the screen (then comes before the bot's move)
    assert fold.take_turn_line() == "Bot (seat 2) to play…"
    assert fold.take_turn_line() is None


def test_a_claimed_name_names_the_seat_from_then_on() -> None:
    fold = EventFold(me=0)
    fold.fold(
        pb.MatchEvent(version=1, seat_claimed=pb.SeatClaimedEvent(seat=1, display_name="Asha"))
    )
    fold.fold(pb.MatchEvent(version=2, passed=pb.PassedEvent(seat=1), turn=pb.Turn(seat=2)))
    fold.fold(pb.MatchEvent(version=3, passed=pb.PassedEvent(seat=2)))
    assert fold.take_lines() == [
        "· seat 2 took a seat as Asha",
        "· Asha passed",
        "Seat 3 to play…",
        "· seat 3 passed",
    ]
