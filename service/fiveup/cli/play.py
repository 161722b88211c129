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
import enum
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, cast

import grpc

from ..shared.usererror import UserError
from ..v1 import match_pb2 as pb
from ..v1 import match_pb2_grpc
from . import play_players, play_stats
from .play_chat import HELP, PARTNERSHIP_RULE, TableChat
from .play_events import describe_event
from .play_input import Interrupt, ask_with_chat, choose_move, read_line
from .play_rematch import NextMatch, ServerRematch, ask_again_against_bots
from .play_render import points_text, render, render_hints, seat_text, tile_text, turn_text

# Bot kind name ("greedy", ...) -> its enum value, from the contract.
BOT_KINDS = {
    v.name.removeprefix("BOT_KIND_").lower(): cast(pb.BotKind.ValueType, v.number)
    for v in pb.BotKind.DESCRIPTOR.values
    if v.number
}

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
    ask = ask or read_line
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
                    return await ask_with_chat(ask, text, chat)

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
        return await ask_with_chat(ask, text, chat)

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

            answer = asyncio.ensure_future(choose_move(view, prompt, out, chat, moved_on))
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
                move = await choose_move(view, prompt, out, chat, moved_on, listed=False)
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
