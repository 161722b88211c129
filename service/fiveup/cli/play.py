"""``fiveup play``: play a match in the terminal against server-side bots or strangers.

A real client of the public gRPC API: it creates a match and joins its first seat (or,
signed in as a guest player, takes the seat the matchmaker finds or resumes its match in
progress; see ``play_players``), follows the match's event stream, and submits moves
chosen from the server's legal-move list.  A signed-in player sees what a finished match
did to their rating, and ``--stats`` shows their ratings and statistics (``play_stats``).
The match's chat shows between the moves and is written from any prompt
(``play_chat``); a finished match offers a rematch (``play_rematch``).
``--tournament`` enters a tournament and plays its tables as they are seated
(``play_tournament``).  It never touches the engine; everything it shows comes from the
server's views and events.

This module is the session: the options, the table to play (new, queued or resumed),
and one match after another while a rematch follows.  ``play_loop`` plays one match
(the stream, the screens, the person's turn); ``play_render`` draws the screen,
``play_events`` words the events, ``play_input`` reads the answers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, cast

import grpc

from ..shared.usererror import UserError
from ..v1 import match_pb2 as pb
from ..v1 import match_pb2_grpc
from . import play_players, play_stats
from .play_chat import TableChat
from .play_input import Keyboard, ask_with_chat, read_line
from .play_loop import Ending, MatchPlay, SeatAtTable
from .play_rematch import NextMatch, ServerRematch, ask_again_against_bots
from .play_render import seat_text
from .play_tournament import TournamentPlay, list_tournaments

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
    tournaments: bool = False  # list the upcoming and running tournaments, then stop
    tournament: str | None = None  # enter (or come back to) this tournament, play its tables


async def play(
    options: PlayOptions,
    ask: Callable[[str], str] | None = None,
    out: TextIO = sys.stdout,
) -> int:
    """Play a seat until the match ends (0 on a finished match): seat 0 of a new match
    against bots, or, signed in as a guest, a table found by the matchmaker or the
    player's match in progress."""
    if ask is None:  # a tournament drops the question of its view when a table is ready
        ask = Keyboard(out) if options.tournament else read_line
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


async def _new_table(
    stub: match_pb2_grpc.MatchServiceAsyncStub,
    options: PlayOptions,
    seats: list[pb.SeatSpec],
    out: TextIO,
) -> SeatAtTable:
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
    return SeatAtTable(created.match_id, 0, joined.seat_token)


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
        if options.tournaments:
            return await list_tournaments(channel, out)
        if options.tournament:
            device_file = options.device_file or play_players.DEFAULT_DEVICE_FILE
            creds = await play_players.Credentials.sign_in(channel, device_file)
            print(f"Signed in as {creds.player.display_name}.", file=out, flush=True)
            return await TournamentPlay(channel, creds, options.tournament, ask, out).run()
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
            table = SeatAtTable(seat.match_id, seat.seat)
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
                ending = await MatchPlay(
                    stub, table, metadata, ask, out, chat, creds, channel
                ).run()
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
                    table = SeatAtTable(following.match_id, following.seat)
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
