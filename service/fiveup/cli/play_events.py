"""``fiveup play``'s lines for the match's events: one line each, in words, as the
stream brings them ("· seat 2 placed [2|3] and scored 1 point (end sum 5)")."""

from __future__ import annotations

from ..v1 import match_pb2 as pb
from .play_render import points_text, seat_text, tile_text


def describe_event(e: pb.MatchEvent, me: int, stand_in: bool = False) -> str | None:
    """One line for an event; ``stand_in``: a stand-in bot is playing for seat ``me``, so
    what that seat does is the stand-in's doing, not the person's."""
    kind = e.WhichOneof("kind")

    def who(seat: int) -> str:
        if seat != me:
            return seat_text(seat)
        return "your stand-in" if stand_in else "you"

    def verb(seat: int, singular: str, plural: str) -> str:
        """The verb after who(seat): "you lead", "seat 2 leads"."""
        return plural if seat == me and not stand_in else singular

    if kind == "match_cancelled":
        why = (
            "it was too long for the server"
            if e.match_cancelled.reason == pb.CANCEL_REASON_LENGTH_LIMIT
            else "its creator cancelled it"
        )
        return f"· the match was cancelled: {why}"
    if kind == "forfeited":
        reason = {
            pb.FORFEIT_REASON_RESIGNED: "resigned",
            pb.FORFEIT_REASON_ABANDONED: "left: the stand-in's time ran out",
            pb.FORFEIT_REASON_DEADLINE: "let the turn's clock run out",
        }.get(e.forfeited.reason, "conceded")
        return f"· {who(e.forfeited.seat)} {reason}: that side forfeits the match"
    if kind == "seat_auto_played":
        auto = e.seat_auto_played
        if auto.seat != me:
            return (
                f"· a stand-in bot plays for {seat_text(auto.seat)} (its turn timer ran out)"
                if auto.active
                else f"· {seat_text(auto.seat)} is back; its stand-in stopped"
            )
        return (
            "· your turn timer ran out: a stand-in bot plays for you until you move again"
            if auto.active
            else "· you are back: your stand-in stopped"
        )

    if kind == "tile_placed":
        placed = e.tile_placed
        scored = f" and scored {points_text(placed.points)}" if placed.points else ""
        return f"· {who(placed.seat)} placed {tile_text(placed.placement.tile)}{scored} (end sum {placed.end_sum})"
    if kind == "tile_drawn":
        drawn = e.tile_drawn
        if not drawn.HasField("tile"):
            return f"· {who(drawn.seat)} drew a tile"
        fits = {pb.PLAYABILITY_PLAYABLE: ": it fits", pb.PLAYABILITY_UNPLAYABLE: ": no fit"}
        return f"· {who(drawn.seat)} drew {tile_text(drawn.tile)}{fits.get(drawn.playability, '')}"
    if kind == "passed":
        return f"· {who(e.passed.seat)} passed"
    if kind == "move_undone":
        return f"· {who(e.move_undone.seat)} took moves back: the table is as it was before them"
    if kind == "round_dealt":
        dealt = e.round_dealt
        lot = " (chosen by lot)" if dealt.by_lot else ""
        return f"· round {dealt.round_number} dealt; {who(dealt.starter)} {verb(dealt.starter, 'leads', 'lead')}{lot}"
    if kind == "round_ended" and e.round_ended.blocked_without_passes:
        return f"· round {e.round_ended.round_number} blocked: nobody can place, no passes needed"
    if kind == "seat_claimed":
        name = e.seat_claimed.display_name
        return f"· {who(e.seat_claimed.seat)} took a seat" + (f" as {name}" if name else "")
    return None
