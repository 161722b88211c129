"""Translation between protobuf messages and domain objects, both ways.

Incoming messages are validated here: anything malformed becomes ``InvalidRequest``
(INVALID_ARGUMENT) naming the field, before it reaches the application layer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

import fiveup_core
from fiveup_core import (
    SIDES,
    ConnectionPoint,
    CountedEnd,
    OpenPoint,
    Placement,
    Tile,
    normalize_tile,
)

from ..bots import BOT_KINDS
from ..engine import (
    FORFEIT_REASONS,
    HUMAN,
    Action,
    Draw,
    Event,
    Forfeited,
    MatchCancelled,
    MatchEnded,
    MatchStarted,
    MatchView,
    MoveUndone,
    Pass,
    Passed,
    Place,
    RoundDealt,
    RoundEnded,
    ScoredAction,
    SeatAutoPlayed,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
    Turn,
    displayed,
    side_of,
    tally,
)
from ..match.hints import Hint
from ..shared.errors import InvalidRequest, InvalidTile
from ..v1 import common_pb2, match_pb2

SIDE_TO_PB = {name: i + 1 for i, name in enumerate(SIDES)}  # enum value = side index + 1
# Bot kinds: the service's (fiveup.bots.BOT_KINDS) by the contract's enum value of the
# same name (BOT_KIND_<NAME>); a kind the contract lacks fails here, at import.
BOT_TO_PB: dict[str, match_pb2.BotKind.ValueType] = {
    kind: match_pb2.BotKind.Value(f"BOT_KIND_{kind.upper()}") for kind in BOT_KINDS
}
PB_TO_BOT = {v: k for k, v in BOT_TO_PB.items()}
CANCEL_REASON_TO_PB = {
    "creator": match_pb2.CANCEL_REASON_CREATOR,
    "length_limit": match_pb2.CANCEL_REASON_LENGTH_LIMIT,
    "operator": match_pb2.CANCEL_REASON_OPERATOR,
}
PB_TO_CANCEL_REASON = {v: k for k, v in CANCEL_REASON_TO_PB.items()}
# Forfeit reasons: the engine's (FORFEIT_REASONS) by the contract's enum value of the
# same name; a reason the contract lacks fails here, at import.
FORFEIT_REASON_TO_PB: dict[str, match_pb2.ForfeitReason.ValueType] = {
    reason: match_pb2.ForfeitReason.Value(f"FORFEIT_REASON_{reason.upper()}")
    for reason in FORFEIT_REASONS
}
PB_TO_FORFEIT_REASON = {v: k for k, v in FORFEIT_REASON_TO_PB.items()}

# Outbound messages of the board's parts, built once per distinct value: a view repeats
# the whole layout on every GetMatch, and its parts are plain tuples (hashable, few: at
# most 28 tiles, each joining one of a few thousand points).  Nothing mutates them: a
# message given to a repeated field or CopyFrom is copied into its parent.
_TILE_PB: dict[Tile, common_pb2.Tile] = {}
_POINT_PB: dict[ConnectionPoint, common_pb2.ConnectionPoint] = {}
_PLACEMENT_PB: dict[tuple[Tile, ConnectionPoint | None], common_pb2.Placement] = {}
_OPEN_POINT_PB: dict[OpenPoint, common_pb2.OpenPoint] = {}
_COUNTED_END_PB: dict[CountedEnd, common_pb2.CountedEnd] = {}


# --------------------------------------------------------------------------- inbound


def tile_from_pb(msg: common_pb2.Tile, field: str = "tile") -> Tile:
    a, b = msg.low, msg.high
    try:
        return normalize_tile((a, b))
    except fiveup_core.InvalidTile:
        raise InvalidTile(
            f"{field}: [{a}|{b}] is not a double-six tile (pips 0..6)", field=field
        ) from None


def point_from_pb(msg: common_pb2.ConnectionPoint, field: str = "on") -> ConnectionPoint:
    if not 1 <= msg.side <= 6:
        raise InvalidRequest(f"{field}.side: {msg.side} is not a known side", field=f"{field}.side")
    return ConnectionPoint(tile_from_pb(msg.tile, f"{field}.tile"), SIDES[msg.side - 1])


def placement_from_pb(msg: common_pb2.Placement, field: str = "placement") -> Placement:
    tile = tile_from_pb(msg.tile, f"{field}.tile")
    on = point_from_pb(msg.on, f"{field}.on") if msg.HasField("on") else None
    return Placement(tile, on)


def action_from_pb(msg: match_pb2.Move) -> Action:
    kind = msg.WhichOneof("kind")
    if kind == "place":
        tile = tile_from_pb(msg.place.tile, "move.place.tile")
        on = point_from_pb(msg.place.on, "move.place.on") if msg.place.HasField("on") else None
        return Place(tile, on)
    if kind == "draw":
        return Draw()
    if kind == "pass":
        return Pass()
    raise InvalidRequest("move: set one of place, draw or pass", field="move")


def seats_from_pb(specs: Sequence[match_pb2.SeatSpec]) -> list[str]:
    seats = []
    for i, spec in enumerate(specs):
        if spec.kind == match_pb2.SEAT_KIND_HUMAN:
            if spec.bot != match_pb2.BOT_KIND_UNSPECIFIED:  # which one was meant? ask
                raise InvalidRequest(
                    f"seats[{i}]: a human seat names no bot kind (for a bot, use SEAT_KIND_BOT)",
                    field="seats", index=str(i),
                )  # fmt: skip
            seats.append(HUMAN)
        elif spec.kind == match_pb2.SEAT_KIND_BOT and spec.bot in PB_TO_BOT:
            seats.append(PB_TO_BOT[spec.bot])
        else:
            raise InvalidRequest(
                f"seats[{i}]: choose a seat kind (and a bot kind for bots)", field="seats"
            )
    return seats


# --------------------------------------------------------------------------- outbound


def tile_pb(tile: Tile) -> common_pb2.Tile:
    msg = _TILE_PB.get(tile)
    if msg is None:
        msg = _TILE_PB[tile] = common_pb2.Tile(low=tile[0], high=tile[1])
    return msg


def point_pb(point: ConnectionPoint) -> common_pb2.ConnectionPoint:
    msg = _POINT_PB.get(point)
    if msg is None:
        msg = _POINT_PB[point] = common_pb2.ConnectionPoint(
            tile=tile_pb(point.tile),
            side=SIDE_TO_PB[point.side],  # type: ignore[arg-type]
        )
    return msg


def placement_pb(p: Placement | tuple[Tile, ConnectionPoint | None]) -> common_pb2.Placement:
    msg = _PLACEMENT_PB.get(p)
    if msg is None:
        tile, on = p
        msg = (
            common_pb2.Placement(tile=tile_pb(tile))
            if on is None
            else common_pb2.Placement(tile=tile_pb(tile), on=point_pb(on))
        )
        _PLACEMENT_PB[p] = msg
    return msg


def open_point_pb(p: OpenPoint) -> common_pb2.OpenPoint:
    msg = _OPEN_POINT_PB.get(p)
    if msg is None:
        msg = _OPEN_POINT_PB[p] = common_pb2.OpenPoint(
            point=point_pb(ConnectionPoint(p.tile, p.side)), pip=p.pip
        )
    return msg


def counted_end_pb(c: CountedEnd) -> common_pb2.CountedEnd:
    msg = _COUNTED_END_PB.get(c)
    if msg is None:
        msg = _COUNTED_END_PB[c] = common_pb2.CountedEnd(tile=tile_pb(c.tile), value=c.value)
    return msg


def action_pb(action: Action | ScoredAction) -> match_pb2.Move:
    """A move; a scored one also carries its placement's points and resulting end sum."""
    scored = action if isinstance(action, ScoredAction) else None
    if scored is not None:
        action = scored.action
    if isinstance(action, Place):
        place = match_pb2.PlaceMove(tile=tile_pb(action.tile))
        if action.on is not None:
            place.on.CopyFrom(point_pb(action.on))
        if scored is not None:
            place.points, place.end_sum = scored.points, scored.end_sum
        return match_pb2.Move(place=place)
    if isinstance(action, Draw):
        return match_pb2.Move(draw=match_pb2.DrawMove())
    move = match_pb2.Move()
    getattr(move, "pass").SetInParent()  # `pass` is a Python keyword
    return move


def scores_pb(scores: Sequence[int]) -> list[common_pb2.SideScore]:
    return [
        common_pb2.SideScore(
            side=side, raw_points=raw, displayed_points=displayed(raw), tally=tally(displayed(raw))
        )
        for side, raw in enumerate(scores)
    ]


def seat_infos_pb(
    seats: Sequence[str], joined: Iterable[int], auto: Iterable[int]
) -> list[match_pb2.SeatInfo]:
    joined_set, auto_set = set(joined), set(auto)
    out = []
    for seat, kind in enumerate(seats):
        human = kind == HUMAN
        out.append(
            match_pb2.SeatInfo(
                seat=seat,
                kind=match_pb2.SEAT_KIND_HUMAN if human else match_pb2.SEAT_KIND_BOT,
                bot=match_pb2.BOT_KIND_UNSPECIFIED if human else BOT_TO_PB[kind],
                joined=(seat in joined_set) if human else True,
                auto_played=seat in auto_set,
                side=side_of(seat, len(seats)),
            )
        )
    return out


def hands_pb(hands: Sequence[Sequence[Tile]]) -> list[match_pb2.Hand]:
    return [match_pb2.Hand(tiles=[tile_pb(t) for t in hand]) for hand in hands]


def turn_pb(turn: Turn) -> match_pb2.Turn:
    msg = match_pb2.Turn(seat=turn.seat, stand_in=turn.stand_in)
    if turn.deadline is not None:
        msg.deadline.FromMicroseconds(round(turn.deadline * 1_000_000))
    return msg


def round_ended_pb(e: RoundEnded) -> match_pb2.RoundEndedEvent:
    msg = match_pb2.RoundEndedEvent(
        round_number=e.round_no,
        blocked=e.blocked,
        blocked_without_passes=e.blocked_without_passes,
        hands=hands_pb(e.hands),
        deductions=list(e.deductions),
        scores=scores_pb(e.scores),
    )
    if e.winner is not None:
        msg.winner_seat = e.winner
    return msg


def match_ended_pb(e: MatchEnded) -> match_pb2.MatchEndedEvent:
    msg = match_pb2.MatchEndedEvent(winner_side=e.winner_side, scores=scores_pb(e.scores))
    if e.forfeited_side is not None:
        msg.forfeited_side = e.forfeited_side
    return msg


def event_pb(version: int, e: Event, seats: Sequence[str] = ()) -> match_pb2.MatchEvent:
    """An (already redacted) event as a MatchEvent."""
    msg = match_pb2.MatchEvent(version=version)
    if isinstance(e, TilePlaced):
        msg.tile_placed.CopyFrom(
            match_pb2.TilePlacedEvent(
                seat=e.seat,
                placement=placement_pb((e.tile, e.on)),
                points=e.points,
                end_sum=e.end_sum,
            )
        )
    elif isinstance(e, TileDrawn):
        drawn = match_pb2.TileDrawnEvent(
            seat=e.seat, playable=bool(e.playable), playability=_PLAYABILITY[e.playable]
        )
        if e.tile is not None:
            drawn.tile.CopyFrom(tile_pb(e.tile))
        msg.tile_drawn.CopyFrom(drawn)
    elif isinstance(e, Passed):
        msg.passed.CopyFrom(match_pb2.PassedEvent(seat=e.seat))
    elif isinstance(e, RoundDealt):
        msg.round_dealt.CopyFrom(
            match_pb2.RoundDealtEvent(
                round_number=e.round_no,
                starter=e.starter,
                by_lot=e.by_lot,
                hand_sizes=list(e.hand_sizes),
                boneyard_size=e.boneyard_size,
                hands=hands_pb(e.hands),
                boneyard=[tile_pb(t) for t in e.boneyard],
            )
        )
    elif isinstance(e, RoundEnded):
        msg.round_ended.CopyFrom(round_ended_pb(e))
    elif isinstance(e, MatchEnded):
        msg.match_ended.CopyFrom(match_ended_pb(e))
    elif isinstance(e, MatchStarted):
        msg.match_started.CopyFrom(
            match_pb2.MatchStartedEvent(
                seats=seat_infos_pb(e.seats, (), ()),
                target_points=e.target_points,
                shuffle_commitment=e.commitment,
                hints_allowed=e.hints,
                practice=e.practice,
                rated=e.rated,
            )
        )
    elif isinstance(e, SeatAutoPlayed):
        msg.seat_auto_played.CopyFrom(match_pb2.SeatAutoPlayedEvent(seat=e.seat, active=e.active))
    elif isinstance(e, MatchCancelled):
        msg.match_cancelled.CopyFrom(
            match_pb2.MatchCancelledEvent(reason=CANCEL_REASON_TO_PB[e.reason])
        )
    elif isinstance(e, SeatClaimed):
        msg.seat_claimed.CopyFrom(
            match_pb2.SeatClaimedEvent(
                seat=e.seat, display_name=e.display_name, player_id=e.player_id
            )
        )
    elif isinstance(e, MoveUndone):
        msg.move_undone.CopyFrom(match_pb2.MoveUndoneEvent(seat=e.seat, to_version=e.to_version))
    elif isinstance(e, Forfeited):
        msg.forfeited.CopyFrom(
            match_pb2.ForfeitedEvent(seat=e.seat, reason=FORFEIT_REASON_TO_PB[e.reason])
        )
    else:  # pragma: no cover
        raise TypeError(f"unknown event {e!r}")
    if e.turn is not None:
        msg.turn.CopyFrom(turn_pb(e.turn))
    return msg


# A drawn tile's playability: None is hidden (another seat drew it), never "unplayable".
_PLAYABILITY = {
    None: match_pb2.PLAYABILITY_HIDDEN,
    True: match_pb2.PLAYABILITY_PLAYABLE,
    False: match_pb2.PLAYABILITY_UNPLAYABLE,
}
_PLAYABLE_FROM_PB = {
    match_pb2.PLAYABILITY_PLAYABLE: True,
    match_pb2.PLAYABILITY_UNPLAYABLE: False,
}


def turn_from_pb(msg: match_pb2.Turn) -> Turn:
    deadline = None
    if msg.HasField("deadline"):
        deadline = msg.deadline.ToMicroseconds() / 1_000_000
    return Turn(msg.seat, deadline, msg.stand_in)


def _hands(hands: Iterable[match_pb2.Hand]) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(tile_from_pb(t) for t in hand.tiles) for hand in hands)


def event_from_pb(msg: match_pb2.MatchEvent) -> Event:
    """The inverse of ``event_pb`` for unredacted events (records, ``fiveup verify``)."""
    event = _event_kind_from_pb(msg)
    if msg.HasField("turn"):
        event = dataclasses.replace(event, turn=turn_from_pb(msg.turn))
    return event


def _event_kind_from_pb(msg: match_pb2.MatchEvent) -> Event:
    kind = msg.WhichOneof("kind")
    if kind == "match_started":
        e = msg.match_started
        seats = tuple(
            HUMAN if s.kind == match_pb2.SEAT_KIND_HUMAN else PB_TO_BOT[s.bot] for s in e.seats
        )
        return MatchStarted(
            seats,
            e.target_points,
            e.shuffle_commitment,
            hints=e.hints_allowed,
            practice=e.practice,
            rated=e.rated,
        )
    if kind == "round_dealt":
        d = msg.round_dealt
        return RoundDealt(
            d.round_number,
            d.starter,
            d.by_lot,
            tuple(d.hand_sizes),
            d.boneyard_size,
            _hands(d.hands),
            tuple(tile_from_pb(t) for t in d.boneyard),
        )
    if kind == "tile_placed":
        p = msg.tile_placed
        placement = placement_from_pb(p.placement)
        return TilePlaced(p.seat, placement.tile, placement.on, p.points, p.end_sum)
    if kind == "tile_drawn":
        t = msg.tile_drawn
        # A server from before ``playability`` sent only the bool.
        playable = (
            _PLAYABLE_FROM_PB.get(t.playability)
            if t.playability != match_pb2.PLAYABILITY_UNSPECIFIED
            else t.playable
        )
        tile = tile_from_pb(t.tile) if t.HasField("tile") else None
        return TileDrawn(t.seat, tile, playable)
    if kind == "passed":
        return Passed(msg.passed.seat)
    if kind == "round_ended":
        r = msg.round_ended
        return RoundEnded(
            r.round_number,
            r.blocked,
            r.winner_seat if r.HasField("winner_seat") else None,
            _hands(r.hands),
            tuple(r.deductions),
            tuple(s.raw_points for s in r.scores),
        )
    if kind == "match_ended":
        m = msg.match_ended
        return MatchEnded(
            m.winner_side,
            tuple(s.raw_points for s in m.scores),
            forfeited_side=m.forfeited_side if m.HasField("forfeited_side") else None,
        )
    if kind == "seat_auto_played":
        return SeatAutoPlayed(msg.seat_auto_played.seat, msg.seat_auto_played.active)
    if kind == "match_cancelled":
        reason = PB_TO_CANCEL_REASON.get(msg.match_cancelled.reason)
        if reason is None:
            raise InvalidRequest(f"event {msg.version}: unknown cancel reason", field="events")
        return MatchCancelled(reason)
    if kind == "seat_claimed":
        claim = msg.seat_claimed
        return SeatClaimed(claim.seat, claim.display_name, claim.player_id)
    if kind == "move_undone":
        return MoveUndone(msg.move_undone.seat, msg.move_undone.to_version)
    if kind == "forfeited":
        forfeit = PB_TO_FORFEIT_REASON.get(msg.forfeited.reason)
        if forfeit is None:
            raise InvalidRequest(f"event {msg.version}: unknown forfeit reason", field="events")
        return Forfeited(msg.forfeited.seat, forfeit)
    raise InvalidRequest(f"event {msg.version} has no kind", field="events")


def _status(view: MatchView) -> match_pb2.MatchStatus.ValueType:
    if view.cancelled:
        return match_pb2.MATCH_STATUS_CANCELLED
    return match_pb2.MATCH_STATUS_FINISHED if view.finished else match_pb2.MATCH_STATUS_IN_PROGRESS


def view_pb(match_id: str, view: MatchView, joined: Iterable[int]) -> match_pb2.MatchView:
    msg = match_pb2.MatchView(
        match_id=match_id,
        version=view.version,
        seats=seat_infos_pb(view.seats, joined, view.auto_seats),
        target_points=view.target_points,
        shuffle_commitment=view.commitment,
        round_number=view.round_no,
        scores=scores_pb(view.scores),
        layout=[placement_pb(p) for p in view.layout],
        layout_compact=view.layout_compact,
        layout_text=view.layout_text,
        open_points=[open_point_pb(p) for p in view.open_points],
        counted_ends=[counted_end_pb(c) for c in view.counted_ends],
        end_sum=view.end_sum,
        hand=[tile_pb(t) for t in view.hand],
        hand_sizes=list(view.hand_sizes),
        boneyard_size=view.boneyard_size,
        legal_moves=[action_pb(a) for a in view.scored_legal_actions],
        round_starter_by_lot=view.round_by_lot,
        status=_status(view),
        hints_allowed=view.hints_allowed,
        practice=view.practice,
        can_undo=view.can_undo,
        rated=view.rated,
        play_started=view.play_started,
        turn_clock_seconds=view.turn_clock_seconds or 0,
    )
    if view.forfeited is not None:
        msg.forfeited_seat = view.forfeited.seat
        msg.forfeit_reason = FORFEIT_REASON_TO_PB[view.forfeited.reason]
    if view.viewer is not None:
        msg.viewer_seat = view.viewer
    if view.turn is not None:
        msg.turn_seat = view.turn
    if view.current_turn is not None:
        msg.turn.CopyFrom(turn_pb(view.current_turn))
    if view.round_starter is not None:
        msg.round_starter = view.round_starter
    if view.must_play is not None:
        msg.must_play.CopyFrom(tile_pb(view.must_play))
    if view.last_round_end is not None:
        msg.last_round.CopyFrom(round_ended_pb(view.last_round_end))
    if view.winner_side is not None:
        msg.winner_side = view.winner_side
    return msg


def hint_pb(hint: Hint) -> match_pb2.Hint:
    # the move exactly as ListLegalMoves lists it (its points and end sum included)
    move = action_pb(ScoredAction(hint.action, hint.points, hint.end_sum))
    msg = match_pb2.Hint(move=move, points=hint.points, end_sum=hint.end_sum)
    if hint.expected_margin is not None:
        msg.expected_margin = hint.expected_margin
    if hint.expected_net is not None:
        msg.expected_net_points = hint.expected_net
    if hint.win_chance is not None:
        msg.win_chance = hint.win_chance
    return msg
