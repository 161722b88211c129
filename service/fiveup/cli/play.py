"""``fiveup play``: play a match in the terminal against server-side bots or strangers.

A real client of the public gRPC API: it creates a match and joins its first seat (or,
signed in as a guest player, takes the seat the matchmaker finds or resumes its match in
progress; see ``play_players``), follows the match's event stream, and submits moves
chosen from the server's legal-move list.  A signed-in player sees what a finished match
did to their rating, and ``--stats`` shows their ratings and statistics (``play_stats``).
The match's chat shows between the moves and is written from any prompt
(``play_chat``); a finished match offers a rematch (``play_rematch``).  It never touches
the engine; everything it shows comes from the server's views and events.

The stream says whose turn it is (each step's last event carries a ``Turn``), so while
others play the client only follows the stream.  It watches with views (``with_views``):
the view that ends each burst of events shows the table and the moves, so it reads the
match itself (GetMatch) only when the stream cannot say (it ended early).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import sys
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, cast

import grpc

from ..shared.usererror import UserError
from ..v1 import common_pb2, match_pb2_grpc
from ..v1 import match_pb2 as pb
from . import play_players, play_stats
from .play_chat import HELP, PARTNERSHIP_RULE, TableChat, parse_command
from .play_rematch import NextMatch, ServerRematch, ask_again_against_bots
from .wording import count_text, plural_word

# Side enum value -> its name in the notation ("low", "chain_a", ...), from the contract.
SIDE_NAMES = {
    v.number: v.name.removeprefix("SIDE_").lower()
    for v in common_pb2.Side.DESCRIPTOR.values
    if v.number
}
# Bot kind name ("greedy", ...) -> its enum value, from the contract.
BOT_KINDS = {
    v.name.removeprefix("BOT_KIND_").lower(): cast(pb.BotKind.ValueType, v.number)
    for v in pb.BotKind.DESCRIPTOR.values
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


def turn_text(turn: pb.Turn, me: int, now: float) -> str:
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
    text = f"{seat_text(turn.seat).capitalize()} to play"
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
    children: dict[tuple[tuple[int, int], int], common_pb2.Tile] = {}
    for p in view.layout:
        if p.HasField("on"):
            children[(_key(p.on.tile), int(p.on.side))] = p.tile
    open_points = {(_key(o.point.tile), int(o.point.side)): o.pip for o in view.open_points}
    counted: dict[tuple[int, int], list[int]] = {}
    for c in view.counted_ends:
        counted.setdefault(_key(c.tile), []).append(c.value)
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

    node(view.layout[0].tile, "", "", True, True)
    return lines


def render_scores(view: pb.MatchView) -> list[str]:
    lines = []
    for score in view.scores:
        who = side_text(view, score.side)
        lines.append(
            f"  {who:<18} {score.displayed_points:>4} {plural_word(score.displayed_points, 'point'):<6}"
            f" ({score.raw_points:>4} raw)  {score.tally}"
        )
    return lines


def side_text(view: pb.MatchView, side: int) -> str:
    """A score side in words: "you", "seat 2", or both partners "seats 1 & 3" (with "you")."""
    if len(view.seats) == 4:
        ours = view.HasField("viewer_seat") and view.viewer_seat % 2 == side
        return f"seats {side + 1} & {side + 3}" + (" (you)" if ours else "")
    return "you" if view.HasField("viewer_seat") and side == view.viewer_seat else seat_text(side)


def render_reckoning(r: pb.RoundEndedEvent) -> list[str]:
    how = f"{seat_text(r.winner_seat)} went out"
    if r.blocked:
        how = "blocked: nobody could play"
        if r.blocked_without_passes:
            how += " (declared at once: the boneyard is empty, no passes needed)"
    lines = [f"Round {r.round_number} over — {how}. Reckoning:"]
    for seat, (hand, deduction) in enumerate(zip(r.hands, r.deductions, strict=True)):
        tiles = " ".join(tile_text(t) for t in hand.tiles) or "(empty)"
        pips = sum(t.low + t.high for t in hand.tiles)
        cost = f"-{points_text(deduction)}" if deduction else "nothing to deduct"
        pip_word = "pip " if pips == 1 else "pips"
        lines.append(f"  {seat_text(seat) + ':':<8} {tiles:<30} {pips:>2} {pip_word} → {cost}")
    return lines


def render(view: pb.MatchView, notes: Sequence[str], now: float | None = None) -> str:
    starter = ""
    if view.HasField("round_starter"):
        lead = "you" if view.round_starter == view.viewer_seat else seat_text(view.round_starter)
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
        *render_scores(view),
        "Hands: "
        + ", ".join(
            f"{'you' if s == view.viewer_seat else seat_text(s)} {n}"
            for s, n in enumerate(view.hand_sizes)
        )
        + f"; boneyard {view.boneyard_size}",
        "Your hand: " + (" ".join(tile_text(t) for t in view.hand) or "(empty)"),
    ]
    if view.HasField("last_round") and view.last_round.round_number:
        out.extend(render_reckoning(view.last_round))
    out.extend(notes)
    if view.status == pb.MATCH_STATUS_FINISHED:
        winner = side_text(view, view.winner_side)
        if winner.startswith("you") or winner.endswith("(you)"):
            out.append("Match over: you win." if winner == "you" else f"Match over: {winner} win.")
        else:
            out.append(f"Match over: {winner} {'win' if winner.startswith('seats') else 'wins'}.")
    elif view.status == pb.MATCH_STATUS_CANCELLED:
        out.append("Match cancelled: it ended without a winner.")
    elif view.HasField("turn"):
        out.append(turn_text(view.turn, view.viewer_seat, time.time() if now is None else now))
    return "\n".join(out)


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


# --------------------------------------------------------------------------- the session


@dataclass
class PlayOptions:
    server: str = "127.0.0.1:50051"
    players: int = 2
    bots: Sequence[str] = ("greedy",)
    target: int = 61
    # As a signed-in guest player (the id kept in device_file): the matchmaker seats it at
    # a table of ``queue`` seats (bots fill it after bot_wait seconds), or ``resume``
    # continues its match in progress, from this or another process with the same file.
    device_file: Path | None = None
    queue: int | None = None
    resume: bool = False
    bot_wait: int = 5
    practice: bool = False  # hints on, and the person may take moves back
    hints: bool = False  # hints in an ordinary match
    stats: bool = False  # show the signed-in player's ratings and statistics, then stop
    levels: bool = False  # show the server's bot levels with their ratings, then stop
    rematch_wait: float = 60.0  # seconds the rematch prompt and the wait for others last


async def play(
    options: PlayOptions,
    ask: Callable[[str], str] | None = None,
    out: TextIO = sys.stdout,
) -> int:
    """Play a seat until the match ends (0 on a finished match): seat 0 of a new match
    against bots, or, signed in as a guest, a table found by the matchmaker or the
    player's match in progress."""
    ask = ask or _read_line
    kinds = (
        list(options.bots) * (options.players - 1) if len(options.bots) == 1 else list(options.bots)
    )
    if len(kinds) != options.players - 1:
        print(f"need {options.players - 1} bot kinds, got {len(kinds)}", file=sys.stderr)
        return 2
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)] + [
        pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=BOT_KINDS[k]) for k in kinds
    ]
    try:
        return await _play(options, seats, ask, out)
    except grpc.aio.AioRpcError as exc:
        if exc.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
            raise UserError(
                f"cannot reach a Five Up server at {options.server}: start one in another "
                "terminal (make run) or pass --server HOST:PORT (or --address)"
            ) from None
        raise UserError(f"the server refused: {exc.code().name}: {exc.details()}") from None


class Ending(enum.Enum):
    """How one match's session in the terminal ended."""

    FINISHED = "finished"  # played to its end: a rematch may follow
    CANCELLED = "cancelled"
    QUIT = "quit"  # the person typed q


@dataclass
class _Table:
    """The seat the person plays now and how to speak for it."""

    match_id: str
    seat: int
    seat_token: str = ""  # an anonymous seat's token ("" for a signed-in player)


async def _new_table(
    stub: match_pb2_grpc.MatchServiceAsyncStub,
    options: PlayOptions,
    seats: list[pb.SeatSpec],
    out: TextIO,
) -> _Table:
    """A new match of the person (seat 1) against bots, joined."""
    create = pb.CreateMatchRequest(
        seats=seats, target_points=options.target, practice=options.practice
    )
    if options.hints:
        create.hints_allowed = True
    created = await stub.CreateMatch(create)
    joined = await stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=0))
    print(
        f"Created match {created.match_id}; you are seat 1. "
        f"Shuffle commitment {created.shuffle_commitment[:16]}…",
        file=out,
    )
    return _Table(created.match_id, 0, joined.seat_token)


async def _play(
    options: PlayOptions, seats: list[pb.SeatSpec], ask: Callable[[str], str], out: TextIO
) -> int:
    async with grpc.aio.insecure_channel(options.server) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        creds: play_players.Credentials | None = None
        if options.levels:
            levels = await play_stats.fetch_levels(channel)
            print("\n".join(play_stats.render_levels(levels)), file=out, flush=True)
            return 0
        if options.queue is not None or options.resume or options.stats:
            device_file = options.device_file or play_players.DEFAULT_DEVICE_FILE
            creds = await play_players.Credentials.sign_in(channel, device_file)
            print(f"Signed in as {creds.player.display_name}.", file=out, flush=True)
            if options.stats:
                stats = await play_stats.fetch_stats(channel, await creds.metadata())
                levels = await play_stats.fetch_levels(channel)
                print("\n".join(play_stats.render_stats(stats, levels)), file=out, flush=True)
                return 0
            if options.resume:
                seat = await play_players.match_in_progress(channel, creds)
                print(f"Resuming match {seat.match_id}; you are {seat_text(seat.seat)}.", file=out)
            else:
                assert options.queue is not None
                seat = await play_players.queue_for_a_seat(
                    channel, creds, options.queue, options.bot_wait, out, options.target
                )
                print(f"Seated in match {seat.match_id}; you are {seat_text(seat.seat)}.", file=out)
            table = _Table(seat.match_id, seat.seat)
        else:
            table = await _new_table(stub, options, seats, out)

        async def metadata() -> tuple[tuple[str, str], ...]:
            """The player's access token (refreshed when near expiry) or the seat token."""
            if creds is not None:
                return await creds.metadata()
            return (("authorization", f"Bearer {table.seat_token}"),)

        while True:  # one match, then its rematch if everyone wants one
            chat = TableChat(channel, table.match_id, metadata, out)
            await chat.start()
            try:
                ending = await _play_match(stub, table, metadata, ask, out, chat, creds, channel)
                if ending is Ending.QUIT:  # the person chose to stop: not a failure
                    print("Bye.", file=out)
                    return 0
                if ending is Ending.CANCELLED:
                    return 1

                async def prompt(text: str, chat: TableChat = chat) -> str:
                    return await _prompt(ask, text, chat)

                if creds is not None:
                    rematch = ServerRematch(
                        channel, table.match_id, table.seat, metadata, out, options.rematch_wait
                    )
                    following: NextMatch | None = await rematch.ask(prompt, chat)
                    if following is None:
                        return 0
                    table = _Table(following.match_id, following.seat)
                    print(
                        f"Rematch: match {table.match_id}; you are {seat_text(table.seat)}.",
                        file=out, flush=True,
                    )  # fmt: skip
                else:
                    if not await ask_again_against_bots(prompt, chat, options.rematch_wait, out):
                        return 0
                    table = await _new_table(stub, options, seats, out)
            finally:
                await chat.close()


async def _prompt(ask: Callable[[str], str], text: str, chat: TableChat | None) -> str:
    """Ask in the prompt thread; incoming chat lines meanwhile show the prompt again."""
    if chat is not None:
        chat.prompt = text
    try:
        return await _ask_in_thread(ask, text)
    finally:
        if chat is not None:
            chat.prompt = None


async def _play_match(
    stub: match_pb2_grpc.MatchServiceAsyncStub,
    table: _Table,
    metadata: Callable[[], Awaitable[tuple[tuple[str, str], ...]]],
    ask: Callable[[str], str],
    out: TextIO,
    chat: TableChat,
    creds: play_players.Credentials | None,
    channel: grpc.aio.Channel,
) -> Ending:
    """Play the person's seat of one match until it ends or they quit."""
    match_id, me = table.match_id, table.seat
    events: asyncio.Queue[pb.WatchMatchResponse | None] = asyncio.Queue()

    async def follow() -> None:
        call = stub.WatchMatch(
            pb.WatchMatchRequest(match_id=match_id, with_views=True), metadata=await metadata()
        )
        async for item in call:
            if item.WhichOneof("item") == "event":
                await events.put(item)
        await events.put(None)

    watcher = asyncio.ensure_future(follow())
    notes: list[str] = []
    seen: int = 0
    stand_in = False  # a stand-in bot is playing for the person's seat
    introduced = False  # the chat's help line is shown with the first screen
    streamed: pb.MatchView | None = None  # the newest view the stream brought
    ended = False  # the stream is over
    wanted = 0  # the next screen shows at least this version (after a move of ours)

    async def take_event() -> pb.MatchEvent | None:
        """Note the next streamed event; None once the stream has ended."""
        nonlocal seen, stand_in, streamed, ended
        if ended:
            return None
        item = await events.get()
        if item is None:
            ended = True
            return None
        event = item.event
        if item.HasField("view"):
            streamed = item.view
        seen = event.version
        if event.WhichOneof("kind") == "seat_auto_played" and event.seat_auto_played.seat == me:
            stand_in = event.seat_auto_played.active
            if stand_in:  # said now, even while the prompt waits for an answer
                print(
                    "\nYour turn timer ran out: a stand-in bot is playing for you. "
                    "Press Enter to take your seat back.",
                    file=out, flush=True,
                )  # fmt: skip
        note = describe_event(event, me, stand_in)
        if note and stand_in:  # the person may be away from the screen: say it now
            print(note, file=out, flush=True)
        elif note:
            notes.append(note)
        if event.HasField("turn") and event.turn.seat != me:
            notes.append("  " + turn_text(event.turn, me, time.time()))
        return event

    async def prompt(text: str) -> str:
        return await _prompt(ask, text, chat)

    try:
        while True:
            # The view that ends the newest burst; GetMatch only if the stream ended first.
            while (streamed is None or streamed.version < max(seen, wanted)) and not ended:
                await take_event()
            if streamed is not None and streamed.version >= max(seen, wanted):
                view = streamed
            else:
                request = pb.GetMatchRequest(match_id=match_id, min_version=max(seen, wanted))
                view = (await stub.GetMatch(request, metadata=await metadata())).view
            # show what happened since the last screen, from the stream
            while seen < view.version and await take_event():
                pass
            print(render(view, notes[-8:]), file=out, flush=True)
            notes.clear()
            if not introduced:
                print(HELP, file=out, flush=True)
                if len(view.seats) == 4:
                    chat.partnership = True
                    print(PARTNERSHIP_RULE, file=out, flush=True)
                introduced = True
            if view.status == pb.MATCH_STATUS_FINISHED:
                if creds is not None:  # a player: what the match did to their rating
                    change = await play_stats.rating_change(
                        channel, await creds.metadata(), match_id
                    )
                    if change is not None:
                        print(change, file=out, flush=True)
                return Ending.FINISHED
            if view.status == pb.MATCH_STATUS_CANCELLED:
                return Ending.CANCELLED
            if not (view.HasField("turn") and view.turn.seat == view.viewer_seat):
                # Someone else's turn: follow the stream alone until it names this
                # seat or the match ends; no reads meanwhile.
                while (event := await take_event()) is not None:
                    print("\n".join(notes), file=out, flush=True)
                    notes.clear()
                    if event.WhichOneof("kind") in ("match_ended", "match_cancelled") or (
                        event.HasField("turn") and event.turn.seat == view.viewer_seat
                    ):
                        break
                continue

            def moved_on(shown: int = view.version) -> bool:
                return int(seen) > shown

            answer = asyncio.ensure_future(_choose(view, prompt, out, chat, moved_on))
            while not answer.done():  # follow the stream while the person thinks
                following = asyncio.ensure_future(take_event())
                await asyncio.wait({answer, following}, return_when=asyncio.FIRST_COMPLETED)
                if not following.done():
                    following.cancel()
                    await asyncio.gather(following, return_exceptions=True)
                elif following.result() is None:
                    break
            move = await answer
            while move is Interrupt.HINTS:  # the server's ranked list, then ask again
                try:
                    hints = await stub.SuggestMoves(
                        pb.SuggestMovesRequest(match_id=match_id, min_version=view.version),
                        metadata=await metadata(),
                    )
                    print("\n".join(render_hints(hints, list(view.legal_moves))), file=out)
                except grpc.aio.AioRpcError as exc:
                    print(f"! {exc.code().name}: {exc.details()}", file=out)
                move = await _choose(view, prompt, out, chat, moved_on, listed=False)
            if move is Interrupt.UNDO:
                try:
                    await stub.UndoMove(
                        pb.UndoMoveRequest(
                            match_id=match_id,
                            expected_version=view.version,
                            request_id=uuid.uuid4().hex,
                        ),
                        metadata=await metadata(),
                    )  # the stream tells what was taken back (move_undone)
                except grpc.aio.AioRpcError as exc:
                    notes.append(f"! {exc.code().name}: {exc.details()}")
                continue
            if move is Interrupt.QUIT:
                return Ending.QUIT
            if move is Interrupt.MOVED_ON:
                notes.append("The match moved on while you chose; here it is now.")
                continue
            try:
                result = await stub.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id,
                        move=move,
                        expected_version=view.version,
                        request_id=uuid.uuid4().hex,
                    ),
                    metadata=await metadata(),
                )
            except grpc.aio.AioRpcError as exc:
                if exc.code() == grpc.StatusCode.ABORTED:  # another move came first
                    notes.append("The match moved on before your move arrived; here it is now.")
                else:
                    notes.append(f"! {exc.code().name}: {exc.details()}")
                continue
            wanted = result.version
            if result.points:
                notes.append(f"You scored {points_text(result.points)} ({result.points} raw).")
            if result.HasField("drawn_tile"):
                notes.append(f"You drew {tile_text(result.drawn_tile)}.")
    finally:
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)


def _read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return "q"


def _ask_in_thread(ask: Callable[[str], str], prompt: str) -> asyncio.Future[str]:
    """Run the blocking prompt in a daemon thread.  Not the loop's executor: on Ctrl-C,
    asyncio.run waits for the executor's threads, and one blocked in input() would keep
    the program on screen until Enter; a daemon thread is simply left behind."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def settle(value: str | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value or "")

    def run() -> None:
        try:
            value = ask(prompt)
        except BaseException as exc:  # handed to the loop, which raises it in the task
            answer: tuple[str | None, BaseException | None] = (None, exc)
        else:
            answer = (value, None)
        # the loop may be gone (the program is ending): then nobody waits for the answer
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, *answer)

    threading.Thread(target=run, name="fiveup-prompt", daemon=True).start()
    return future


class Interrupt(enum.Enum):
    """What the person answered instead of a move."""

    QUIT = "quit"
    MOVED_ON = "moved on"  # the table changed while they chose (a stand-in played)
    HINTS = "hints"  # show the server's hints (h), then ask again
    UNDO = "undo"  # take the last move back (u, practice matches)


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


async def _choose(
    view: pb.MatchView,
    prompt_for: Callable[[str], Awaitable[str]],
    out: TextIO,
    chat: TableChat | None = None,
    moved_on: Callable[[], bool] = lambda: False,
    *,
    listed: bool = True,
) -> pb.Move | Interrupt:
    moves = list(view.legal_moves)
    if listed:
        for i, move in enumerate(moves, start=1):
            print(f"  {i:>2}) {move_text(move)}", file=out)
    extras = ("h for hints, " if view.hints_allowed else "") + (
        "u to undo, " if view.can_undo else ""
    )
    prompt = f"Your move [number, {extras}q to quit]: "
    while True:
        typed = await prompt_for(prompt)
        command = parse_command(typed)
        if command is not None and chat is not None:  # a chat line, then the move again
            await chat.command(command, prompt_for)
            if moved_on():
                return Interrupt.MOVED_ON
            continue
        answer = typed.strip().lower()
        if answer in ("q", "quit", "exit"):
            return Interrupt.QUIT
        if moved_on():  # whatever was typed, it was chosen on a table that is gone
            return Interrupt.MOVED_ON
        if answer == "h" and view.hints_allowed:
            return Interrupt.HINTS
        if answer == "u" and view.can_undo:
            return Interrupt.UNDO
        if answer == "" and len(moves) == 1:
            return moves[0]
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        print(f"  Type a number from 1 to {len(moves)}.", file=out, flush=True)
