"""``fiveup play``'s client loop: one match at the person's seat, from its stream.

The stream says whose turn it is (each step's last event carries a ``Turn``), so while
others play the loop only follows the stream.  It watches with views (``with_views``):
the view that ends each burst of events shows the table and the moves, so it reads the
match itself (GetMatch) only when the stream cannot say (it ended early).  While the
person chooses, the stream is still followed (a stand-in may play for them meanwhile).

What happened is printed in the record's order (``play_events.EventFold``): the events
since the last screen, then the table as it is now, then whose turn it is.
"""

from __future__ import annotations

import asyncio
import enum
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TextIO

import grpc

from ..v1 import match_pb2 as pb
from ..v1 import match_pb2_grpc
from . import play_players, play_stats
from .play_chat import HELP, PARTNERSHIP_RULE, TableChat
from .play_events import EventFold
from .play_input import Interrupt, ask_with_chat, choose_move
from .play_render import render, render_hints

Metadata = Callable[[], Awaitable[tuple[tuple[str, str], ...]]]
RECONNECT_SECONDS = (0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0)  # waits before reopening a stream


class Ending(enum.Enum):
    """How one match's session in the terminal ended."""

    FINISHED = "finished"  # played to its end: a rematch may follow
    CANCELLED = "cancelled"
    QUIT = "quit"  # the person typed q


@dataclass
class SeatAtTable:
    """The seat the person plays now and how to speak for it."""

    match_id: str
    seat: int
    seat_token: str = ""  # an anonymous seat's token ("" for a signed-in player)


class MatchPlay:
    """Plays the person's seat of one match until it ends or they quit: each round of
    ``run`` waits for the newest view, shows it, then follows the others' turns or asks
    for the person's move."""

    def __init__(
        self,
        stub: match_pb2_grpc.MatchServiceAsyncStub,
        table: SeatAtTable,
        metadata: Metadata,
        ask: Callable[[str], str],
        out: TextIO,
        chat: TableChat,
        creds: play_players.Credentials | None,
        channel: grpc.aio.Channel,
    ) -> None:
        self.stub, self.metadata, self.ask, self.out = stub, metadata, ask, out
        self.chat, self.creds, self.channel = chat, creds, channel
        self.match_id, self.me = table.match_id, table.seat
        self.events: asyncio.Queue[pb.WatchMatchResponse | None] = asyncio.Queue()
        self.fold = EventFold(self.me)  # the events' lines, names, the round's layout
        self.seen = 0
        self.introduced = False  # the chat's help line is shown with the first screen
        self.streamed: pb.MatchView | None = None  # the newest view the stream brought
        self.ended = False  # the stream is over
        self.wanted = 0  # the next screen shows at least this version (after a move of ours)

    async def run(self) -> Ending:
        watcher = asyncio.ensure_future(self._watch())
        try:
            while True:
                view = await self.next_view()
                self.show(view)
                if view.status == pb.MATCH_STATUS_FINISHED:
                    await self.show_rating_change()
                    return Ending.FINISHED
                if view.status == pb.MATCH_STATUS_CANCELLED:
                    return Ending.CANCELLED
                if not (view.HasField("turn") and view.turn.seat == view.viewer_seat):
                    await self.follow_others(view)
                    continue
                if await self.take_turn(view) is Ending.QUIT:
                    return Ending.QUIT
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)

    # ------------------------------------------------------------------ the stream

    async def _watch(self) -> None:
        """The match's events into ``events``; a stream the network or a server restart
        dropped is opened again after the last event received (None once it ends, or
        when the server stays away: the loop then reads the match itself)."""
        after, failures, renewed = 0, 0, False
        while True:
            call = self.stub.WatchMatch(
                pb.WatchMatchRequest(match_id=self.match_id, with_views=True, after_version=after),
                metadata=await self.metadata(),
            )
            try:
                async for item in call:
                    if item.WhichOneof("item") == "event":
                        after, failures = item.event.version, 0
                        await self.events.put(item)
                break
            except grpc.aio.AioRpcError as exc:
                code = exc.code()
                if (
                    code == grpc.StatusCode.UNAUTHENTICATED
                    and failures
                    and self.creds
                    and not renewed
                ):
                    renewed = True
                    try:
                        await self.creds.sign_in_again()  # a restart changed the signing key
                    except grpc.aio.AioRpcError:
                        break  # the loop reads the match itself, and says why it cannot
                    continue
                if code != grpc.StatusCode.UNAVAILABLE or failures == len(RECONNECT_SECONDS):
                    break
                if failures == 0:
                    print("· the connection dropped; reconnecting…", file=self.out, flush=True)
                await asyncio.sleep(RECONNECT_SECONDS[failures])
                failures += 1
        await self.events.put(None)

    async def take_event(self) -> pb.MatchEvent | None:
        """Note the next streamed event; None once the stream has ended."""
        if self.ended:
            return None
        item = await self.events.get()
        if item is None:
            self.ended = True
            return None
        event = item.event
        if item.HasField("view"):
            self.streamed = item.view
        self.seen = event.version
        was_standing_in = self.fold.stand_in
        self.fold.fold(event)
        if self.fold.stand_in and not was_standing_in:  # said now, even over the prompt
            print(
                "\nYour turn timer ran out: a stand-in bot is playing for you. "
                "Press Enter to take your seat back.",
                file=self.out, flush=True,
            )  # fmt: skip
        if self.fold.stand_in:  # the person may be away from the screen: say it now
            self.print_lines(self.fold.take_lines())
        return event

    def print_lines(self, lines: list[str]) -> None:
        if lines:
            print("\n".join(lines), file=self.out, flush=True)

    async def next_view(self) -> pb.MatchView:
        """The view that ends the newest burst (GetMatch only if the stream ended first),
        with every event up to it taken."""
        least = max(self.seen, self.wanted)
        while (self.streamed is None or self.streamed.version < least) and not self.ended:
            await self.take_event()
            least = max(self.seen, self.wanted)
        if self.streamed is not None and self.streamed.version >= least:
            view = self.streamed
        else:
            request = pb.GetMatchRequest(match_id=self.match_id, min_version=least)
            view = (await self.stub.GetMatch(request, metadata=await self.metadata())).view
        # what happened since the last screen, from the stream
        while self.seen < view.version and await self.take_event():
            pass
        return view

    # ------------------------------------------------------------------ the screen

    def show(self, view: pb.MatchView) -> None:
        """What happened since the last screen, the table, whose turn it is; the chat's
        help once."""
        self.fold.seats(view.seats)
        self.print_lines(self.fold.take_lines(catch_up=not self.introduced))
        print(render(view, self.fold.names), file=self.out, flush=True)
        if (turn := self.fold.take_turn_line()) is not None:
            print(turn, file=self.out, flush=True)
        if not self.introduced:
            print(HELP, file=self.out, flush=True)
            if len(view.seats) == 4:
                self.chat.partnership = True
                print(PARTNERSHIP_RULE, file=self.out, flush=True)
            self.introduced = True

    async def show_rating_change(self) -> None:
        """A player: what the finished match did to their rating."""
        if self.creds is None:
            return
        metadata = await self.creds.metadata()
        change = await play_stats.rating_change(self.channel, metadata, self.match_id)
        if change is not None:
            print(change, file=self.out, flush=True)

    async def follow_others(self, view: pb.MatchView) -> None:
        """Someone else's turn: follow the stream alone until it names this seat or the
        match ends; no reads meanwhile."""
        while (event := await self.take_event()) is not None:
            self.print_lines(self.fold.take_lines())
            if (turn := self.fold.take_turn_line()) is not None:
                print(turn, file=self.out, flush=True)
            if event.WhichOneof("kind") in ("match_ended", "match_cancelled") or (
                event.HasField("turn") and event.turn.seat == view.viewer_seat
            ):
                break

    # ------------------------------------------------------------------ the person's turn

    async def prompt(self, text: str) -> str:
        return await ask_with_chat(self.ask, text, self.chat)

    async def take_turn(self, view: pb.MatchView) -> Ending | None:
        """Ask for a move (hints and undo on the way) and submit it; Ending.QUIT if the
        person quits, None when the next screen should follow."""

        def moved_on(shown: int = view.version) -> bool:
            return int(self.seen) > shown

        move = await self.choose_while_following(view, moved_on)
        while move is Interrupt.HINTS:  # the server's ranked list, then ask again
            await self.show_hints(view)
            move = await choose_move(view, self.prompt, self.out, self.chat, moved_on, listed=False)
        if move is Interrupt.UNDO:
            await self.undo(view)
        elif move is Interrupt.QUIT:
            return Ending.QUIT
        elif move is Interrupt.MOVED_ON:
            self.fold.note("The match moved on while you chose; here it is now.")
        else:
            await self.submit(view, move)
        return None

    async def choose_while_following(
        self, view: pb.MatchView, moved_on: Callable[[], bool]
    ) -> pb.Move | Interrupt:
        """The person's answer, the stream followed while they think."""
        answer = asyncio.ensure_future(
            choose_move(view, self.prompt, self.out, self.chat, moved_on)
        )
        while not answer.done():
            following = asyncio.ensure_future(self.take_event())
            await asyncio.wait({answer, following}, return_when=asyncio.FIRST_COMPLETED)
            if not following.done():
                following.cancel()
                await asyncio.gather(following, return_exceptions=True)
            elif following.result() is None:
                break
        return await answer

    async def show_hints(self, view: pb.MatchView) -> None:
        try:
            hints = await self.stub.SuggestMoves(
                pb.SuggestMovesRequest(match_id=self.match_id, min_version=view.version),
                metadata=await self.metadata(),
            )
            print("\n".join(render_hints(hints, list(view.legal_moves))), file=self.out)
        except grpc.aio.AioRpcError as exc:
            print(f"! {exc.code().name}: {exc.details()}", file=self.out)

    async def undo(self, view: pb.MatchView) -> None:
        """Take the last move back; the stream tells what was taken back (move_undone)."""
        try:
            await self.stub.UndoMove(
                pb.UndoMoveRequest(
                    match_id=self.match_id,
                    expected_version=view.version,
                    request_id=uuid.uuid4().hex,
                ),
                metadata=await self.metadata(),
            )
        except grpc.aio.AioRpcError as exc:
            self.fold.note(f"! {exc.code().name}: {exc.details()}")

    async def submit(self, view: pb.MatchView, move: pb.Move) -> None:
        try:
            result = await self.stub.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=self.match_id,
                    move=move,
                    expected_version=view.version,
                    request_id=uuid.uuid4().hex,
                ),
                metadata=await self.metadata(),
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.ABORTED:  # another move came first
                self.fold.note("The match moved on before your move arrived; here it is now.")
            else:
                self.fold.note(f"! {exc.code().name}: {exc.details()}")
            return
        # what the move did (placed, scored, drew) the stream tells, in its order
        self.wanted = result.version
