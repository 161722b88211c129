"""``fiveup play``'s screen: the layout as a tree, the scores, a round's final layout and
reckoning, the moves and hints in words, whose turn it is.  Everything it draws comes
from the server's views and events (nothing here knows the rules); seats are named by
``wording.SeatNames``, the rule the web client uses."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..v1 import common_pb2
from ..v1 import match_pb2 as pb
from .wording import SeatNames, count_text, plural_word

# Side enum value -> its name in the notation ("low", "chain_a", ...), from the contract.
SIDE_NAMES = {
    v.number: v.name.removeprefix("SIDE_").lower()
    for v in common_pb2.Side.DESCRIPTOR.values
    if v.number
}


def tile_text(t: common_pb2.Tile) -> str:
    return f"[{t.low}|{t.high}]"


def _key(t: common_pb2.Tile) -> tuple[int, int]:
    return (min(t.low, t.high), max(t.low, t.high))


def points_text(raw: int) -> str:
    """Raw points in displayed points, in words: "1 point", "3 points"."""
    return count_text(raw // 5, "point")


def seat_text(seat: int) -> str:
    """A seat as every client numbers it: from 1 (the API counts from 0)."""
    return f"seat {seat + 1}"


def move_text(move: pb.Move) -> str:
    kind = move.WhichOneof("kind")
    if kind == "draw":
        return "draw a tile from the boneyard"
    if kind == "pass":
        return "pass"
    place = move.place
    # The server lists each placement with what it scores and the end sum it leaves.
    outcome = f"  (end sum {place.end_sum}" + (
        f", scores {points_text(place.points)})" if place.points else ")"
    )
    if not place.HasField("on"):
        return f"lead {tile_text(place.tile)}{outcome}"
    return (
        f"place {tile_text(place.tile)} on {tile_text(place.on.tile)} "
        f"{SIDE_NAMES[place.on.side]}{outcome}"
    )


def turn_text(turn: pb.Turn, me: int, now: float, names: SeatNames | None = None) -> str:
    """Whose turn it is, with the countdown the server announced."""
    if turn.seat == me:
        text = "Your turn"
        if turn.stand_in:
            text += " — a stand-in is playing for you"
            if turn.HasField("deadline"):
                text += f"; move within {_seconds_left(turn, now)} s to take your seat back"
        elif turn.HasField("deadline"):
            text += f" — {_seconds_left(turn, now)} s before a stand-in takes over"
        return text + "."
    text = f"{(names or SeatNames(me)).of(turn.seat)} to play"
    if turn.stand_in:
        text += " (a stand-in plays for it)"
    elif turn.HasField("deadline"):
        text += f" ({_seconds_left(turn, now)} s left)"
    return text + "…"


def _seconds_left(turn: pb.Turn, now: float) -> int:
    return max(0, round(turn.deadline.ToMicroseconds() / 1_000_000 - now))


# --------------------------------------------------------------------------- rendering


def render_layout(view: pb.MatchView) -> list[str]:
    """The layout as a tree: every spinner's chains and branches on their own lines,
    open connection points shown as ○ with their pip, counting ends marked with ★."""
    if not view.layout:
        return ["  (empty table: the starter leads any tile)"]
    open_points = {(_key(o.point.tile), int(o.point.side)): o.pip for o in view.open_points}
    counted: dict[tuple[int, int], list[int]] = {}
    for c in view.counted_ends:
        counted.setdefault(_key(c.tile), []).append(c.value)
    return layout_tree(view.layout, open_points, counted)


def layout_tree(
    layout: Sequence[common_pb2.Placement],
    open_points: dict[tuple[tuple[int, int], int], int] | None = None,
    counted: dict[tuple[int, int], list[int]] | None = None,
) -> list[str]:
    """The tiles of ``layout`` (placements in the order played) as a tree; with a view's
    open points and counting ends when given (a round's final layout has none to show)."""
    open_points = open_points or {}
    counted = counted or {}
    children: dict[tuple[tuple[int, int], int], common_pb2.Tile] = {}
    for p in layout:
        if p.HasField("on"):
            children[(_key(p.on.tile), int(p.on.side))] = p.tile
    lines: list[str] = []

    def node(tile: common_pb2.Tile, prefix: str, label: str, last: bool, root: bool) -> None:
        key = _key(tile)
        double = tile.low == tile.high
        marks = []
        if double:
            marks.append("spinner")
        if key in counted:
            marks.append("★ counts " + "+".join(map(str, counted[key])))
        head = "" if root else ("└─" if last else "├─") + f"{label}─ "
        lines.append(
            f"  {prefix}{head}{tile_text(tile)}" + (f"  ({', '.join(marks)})" if marks else "")
        )
        # The server's view says it all: a side holds a child, or is an open point, or
        # (the side the tile joined by, an unopened branch) is not drawn.
        shown = [s for s in SIDE_NAMES if (key, s) in children or (key, s) in open_points]
        child_prefix = prefix + ("" if root else ("   " if last else "│  "))
        for i, side in enumerate(shown):
            is_last = i == len(shown) - 1
            name = SIDE_NAMES[side]
            if (key, side) in children:
                node(children[(key, side)], child_prefix, name, is_last, False)
            else:
                branch = "└─" if is_last else "├─"
                lines.append(f"  {child_prefix}{branch}{name}─ ○ open ({open_points[(key, side)]})")

    node(layout[0].tile, "", "", True, True)
    return lines


def render_scores(view: pb.MatchView, names: SeatNames) -> list[str]:
    lines = []
    for score in view.scores:
        who = side_text(view, score.side, names)
        lines.append(
            f"  {who:<18} {score.displayed_points:>4} {plural_word(score.displayed_points, 'point'):<6}"
            f" ({score.raw_points:>4} raw)  {score.tally}"
        )
    return lines


def side_text(view: pb.MatchView, side: int, names: SeatNames) -> str:
    """A score side in words: its seat's name ("you", "Bot (seat 2)"), or both partners
    "seats 1 & 3" (with "(you)")."""
    if len(view.seats) == 4:
        ours = view.HasField("viewer_seat") and view.viewer_seat % 2 == side
        return f"seats {side + 1} & {side + 3}" + (" (you)" if ours else "")
    return names.within(side)


def render_round_end(
    r: pb.RoundEndedEvent, layout: Sequence[common_pb2.Placement], names: SeatNames
) -> list[str]:
    """A round's end, as the table stood when it ended: who went out (or the block), the
    final layout, then the reckoning of every hand."""
    how = f"{names.within(r.winner_seat)} went out"
    if r.blocked:
        how = "blocked: nobody could play"
        if r.blocked_without_passes:
            how += " (declared at once: the boneyard is empty, no passes needed)"
    lines = [f"Round {r.round_number} over — {how}. Its final layout:"]
    lines += layout_tree(layout) if layout else ["  (no tile was placed)"]
    lines.append("Reckoning:")
    rows = [names.of(seat) + ":" for seat in range(len(r.hands))]
    width = max(map(len, rows), default=0)
    for row, hand, deduction in zip(rows, r.hands, r.deductions, strict=True):
        tiles = " ".join(tile_text(t) for t in hand.tiles) or "(empty)"
        pips = sum(t.low + t.high for t in hand.tiles)
        cost = f"-{points_text(deduction)}" if deduction else "nothing to deduct"
        pip_word = "pip " if pips == 1 else "pips"
        lines.append(f"  {row:<{width}} {tiles:<30} {pips:>2} {pip_word} → {cost}")
    return lines


def render(view: pb.MatchView, names: SeatNames, now: float | None = None) -> str:
    """The table now.  What led to it (the events, a round's end) is printed before it, by
    the event fold; whose turn it is, when it is someone else's, after it (by the fold,
    once per turn)."""
    starter = ""
    if view.HasField("round_starter"):
        lead = names.within(view.round_starter)
        starter = f"  ({lead} led{', by lot' if view.round_starter_by_lot else ''})"
    out = [
        "=" * 72,
        f"Five Up — match {view.match_id}  round {view.round_number}{starter}  "
        f"playing to {view.target_points} point{'' if view.target_points == 1 else 's'}",
        "Layout (○ open connection point with its pip, ★ counting end):",
        *render_layout(view),
        f"End sum: {view.end_sum}"
        + ("  → scores!" if view.end_sum and view.end_sum % 5 == 0 else ""),
        "Scores:",
        *render_scores(view, names),
        "Hands: "
        + ", ".join(f"{names.within(s)} {n}" for s, n in enumerate(view.hand_sizes))
        + f"; boneyard {view.boneyard_size}",
        "Your hand: " + (" ".join(tile_text(t) for t in view.hand) or "(empty)"),
    ]
    if view.status == pb.MATCH_STATUS_FINISHED:
        winner = side_text(view, view.winner_side, names)
        if view.HasField("viewer_seat") and view.winner_side == (
            view.viewer_seat % 2 if len(view.seats) == 4 else view.viewer_seat
        ):
            out.append("Match over: you win." if winner == "you" else f"Match over: {winner} win.")
        else:
            out.append(f"Match over: {winner} {'win' if winner.startswith('seats') else 'wins'}.")
    elif view.status == pb.MATCH_STATUS_CANCELLED:
        out.append("Match cancelled: it ended without a winner.")
    elif view.HasField("turn") and view.turn.seat == view.viewer_seat:
        out.append(turn_text(view.turn, view.viewer_seat, time.time() if now is None else now))
    return "\n".join(out)


def render_hints(hints: pb.SuggestMovesResponse, listed: Sequence[pb.Move]) -> list[str]:
    """The ranked moves, with the number each has in the move list."""
    number = {m.SerializeToString(deterministic=True): i for i, m in enumerate(listed, start=1)}
    lines = [
        f"Hints (best first; the master's estimate from {hints.samples} sampled deals: win = your"
        " chance to win the match; over the rest of this round, net = the points your side"
        " should score minus what its hands will cost, margin = that net minus the other"
        " sides' average):"
    ]
    for hint in hints.hints:
        i = number.get(hint.move.SerializeToString(deterministic=True), 0)
        estimate = (
            f"win {hint.win_chance:.0%}, margin {hint.expected_margin / 5:+.1f}, "
            f"net {hint.expected_net_points / 5:+.1f} points"
            if hint.HasField("expected_margin")
            else "forced"
        )
        lines.append(
            f"  {i:>2}) {move_text(hint.move):<34} now {points_text(hint.points)}, "
            f"end sum {hint.end_sum}; {estimate}"
        )
    return lines
