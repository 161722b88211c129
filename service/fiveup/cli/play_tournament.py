"""``fiveup play --tournament ID``: a signed-in player enters a tournament (or comes
back to it) and plays its tables from the terminal.

The tournament view follows WatchTournament: the standings and where the person stands
("waiting for round 2"), redrawn when they change.  When the stream names the person's
table (``your_table``) the view steps aside and the table is played with the match loop
(``play_loop.MatchPlay``: the hand, the moves, the chat as in any match); when it ends
the view comes back with the standings the table changed, until the tournament's final
standings.  ``w`` withdraws (after a confirmation), ``q`` leaves the terminal with the
entry kept: the same command later resumes (a stand-in plays a table meanwhile, as in
any live match).  A dropped stream is opened again; its first message is the whole
tournament, so nothing is missed.  ``--tournaments`` lists what can be entered.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import time
from collections.abc import Callable
from typing import Any, TextIO

import grpc
from google.rpc import error_details_pb2, status_pb2

from ..shared.usererror import UserError
from ..v1 import match_pb2_grpc, tournaments_pb2_grpc
from ..v1 import tournaments_pb2 as pb
from . import play_players
from .play_chat import TableChat
from .play_input import ask_with_chat
from .play_loop import RECONNECT_SECONDS, Ending, MatchPlay, SeatAtTable
from .play_render import seat_text
from .play_tournament_render import (
    final_text,
    refusal_text,
    render_list,
    render_standings,
    waiting_text,
)

KEYS = "Type w to withdraw, or q to leave (you stay entered; the same command brings you back)."
OVER = (pb.TOURNAMENT_STATE_FINISHED, pb.TOURNAMENT_STATE_CANCELLED)


class Stop(enum.Enum):
    """How the person left the tournament view before its end."""

    WITHDRAWN = "withdrawn"
    LEFT = "left"


async def list_tournaments(channel: grpc.aio.Channel, out: TextIO) -> int:
    """The upcoming tournaments (soonest first), then the running ones."""
    stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
    found: list[pb.TournamentSummary] = []
    for state in (pb.TOURNAMENT_STATE_UPCOMING, pb.TOURNAMENT_STATE_RUNNING):
        page = await stub.ListTournaments(pb.ListTournamentsRequest(state=state, page_size=50))
        found += page.tournaments
    print("\n".join(render_list(found, time.time())), file=out, flush=True)
    return 0


def _reason(exc: grpc.aio.AioRpcError) -> tuple[str, str]:
    """The ErrorInfo reason of a refusal and its ``rule`` (empty when absent)."""
    for key, value in exc.trailing_metadata() or ():
        if key == "grpc-status-details-bin" and isinstance(value, bytes):
            for detail in status_pb2.Status.FromString(value).details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info.reason, info.metadata.get("rule", "")
    return "", ""


class TournamentPlay:
    """One person in one tournament, from their entry to its end (or their leaving)."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        creds: play_players.Credentials,
        tournament_id: str,
        ask: Callable[[str], str],
        out: TextIO,
    ) -> None:
        self.channel, self.creds, self.tid = channel, creds, tournament_id
        self.ask, self.out = ask, out
        self.stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
        self.matches = match_pb2_grpc.MatchServiceStub(channel)
        self.me = creds.player.player_id
        self.played: set[str] = set()  # the tables played (or left to a stand-in) here
        self.shown: tuple[str, ...] | None = None  # the standings last shown
        self.waiting = ""  # the line last shown of where the person stands

    def say(self, *lines: str) -> None:
        print("\n".join(lines), file=self.out, flush=True)

    # ------------------------------------------------------------------ entering

    async def get(self) -> pb.TournamentDetail:
        request = pb.GetTournamentRequest(tournament_id=self.tid)
        answer = await self.stub.GetTournament(request, metadata=await self.creds.metadata())
        return answer.tournament

    def refused(self, exc: grpc.aio.AioRpcError) -> UserError | None:
        reason, rule = _reason(exc)
        if not reason.startswith("TOURNAMENT_"):
            return None
        return UserError(refusal_text(reason, rule, self.tid, exc.details() or ""))

    async def enter(self) -> pb.TournamentDetail:
        """Enter the tournament, or come back to it when already entered."""
        try:
            detail = await self.get()
            mine = next((e for e in detail.entrants if e.player_id == self.me), None)
            if mine is not None and not mine.active and detail.summary.state not in OVER:
                raise UserError(f"you withdrew from tournament {self.tid}; you cannot play it")
            if mine is None:
                request = pb.JoinTournamentRequest(tournament_id=self.tid)
                await self.stub.JoinTournament(request, metadata=await self.creds.metadata())
                detail = await self.get()
                self.say(f"Entered {detail.summary.settings.name}.")
            else:
                self.say(f"Back in {detail.summary.settings.name}.")
        except grpc.aio.AioRpcError as exc:
            if (error := self.refused(exc)) is not None:
                raise error from None
            raise
        return detail

    # ------------------------------------------------------------------ the session

    async def run(self) -> int:
        known: pb.TournamentDetail | None = await self.enter()
        while True:
            followed = await self.follow(known)
            if followed is Stop.LEFT:
                self.say(
                    f"You are still entered: fiveup play --tournament {self.tid} takes you back."
                )
                return 0
            if followed is Stop.WITHDRAWN:
                return 0
            detail = followed
            if detail.summary.state == pb.TOURNAMENT_STATE_CANCELLED:
                raise UserError(
                    f"tournament {self.tid} was called off: too few entrants for a table"
                )
            if detail.summary.state == pb.TOURNAMENT_STATE_FINISHED:
                self.say("", *render_standings(detail, self.me), final_text(detail, self.me))
                return 0
            if await self.play_table(detail.your_table) is Ending.QUIT:
                self.say(
                    "You left your table (a stand-in plays for you meanwhile); you are still"
                    f" entered: fiveup play --tournament {self.tid} takes you back."
                )
                return 0
            self.shown = None  # the view comes back whole after a table
            known = None  # as the stream tells it now: the table may not be over for it yet

    def ready(self, detail: pb.TournamentDetail) -> bool:
        """The person's table is there to play, or the tournament is over."""
        table = detail.your_table.match_id
        return detail.summary.state in OVER or bool(table and table not in self.played)

    def show(self, detail: pb.TournamentDetail) -> None:
        """The standings when they changed, and where the person stands when that did."""
        standings = tuple(render_standings(detail, self.me))
        waiting = waiting_text(detail, self.me, time.time(), self.played)
        first = self.shown is None
        if standings != self.shown:
            self.say("", *standings)
        elif waiting.split(" (")[0] == self.waiting.split(" (")[0] and "Starts" in waiting:
            return  # only the countdown moved on
        elif waiting == self.waiting:
            return
        self.shown, self.waiting = standings, waiting
        self.say(waiting, *([KEYS] if first else []))

    async def follow(self, known: pb.TournamentDetail | None) -> pb.TournamentDetail | Stop:
        """Follow the tournament (from ``known``, if given) until the person's table is
        ready or it is over (that state), or they withdraw or leave."""
        if known is not None:
            if self.ready(known):
                return known
            self.show(known)
        updates: asyncio.Queue[pb.TournamentDetail] = asyncio.Queue()
        watcher = asyncio.ensure_future(self.watch(updates))
        key: asyncio.Future[str] | None = None
        update: asyncio.Future[pb.TournamentDetail] | None = None
        try:
            while True:
                key = key or asyncio.ensure_future(ask_with_chat(self.ask, "", None))
                update = update or asyncio.ensure_future(updates.get())
                waiting: set[asyncio.Future[Any]] = {key, update, watcher}
                await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                if watcher.done():
                    watcher.result()  # the stream gave up: its error
                if update.done():
                    detail, update = update.result(), None
                    if self.ready(detail):
                        return detail
                    self.show(detail)
                if key.done():
                    answer, key = key.result().strip().lower(), None
                    if answer in ("q", "quit", "exit"):
                        return Stop.LEFT
                    if answer in ("w", "withdraw") and await self.withdraw():
                        return Stop.WITHDRAWN
                    if answer not in ("", "w", "withdraw"):
                        self.say(KEYS)
        finally:
            for task in (watcher, key, update):
                if task is not None:
                    task.cancel()
            await asyncio.gather(
                *(t for t in (watcher, key, update) if t is not None), return_exceptions=True
            )

    async def watch(self, updates: asyncio.Queue[pb.TournamentDetail]) -> None:
        """WatchTournament into ``updates``, opened again when it drops (its first message
        is the whole tournament, so the view resumes from the tournament's state)."""
        failures, renewed = 0, False
        while True:
            request = pb.WatchTournamentRequest(tournament_id=self.tid)
            call = self.stub.WatchTournament(request, metadata=await self.creds.metadata())
            try:
                async for item in call:
                    failures = 0
                    await updates.put(item.tournament)
                latest = await self.get()  # it ended: the tournament is over (or the server left)
                await updates.put(latest)
                if latest.summary.state in OVER:
                    return
            except grpc.aio.AioRpcError as exc:
                if exc.code() == grpc.StatusCode.UNAUTHENTICATED and failures and not renewed:
                    # back after a restart that changed the server's signing key (a
                    # development server's is made at each start): the same device again
                    await self.creds.sign_in_again()
                    renewed = True
                    continue
                if exc.code() not in (
                    grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED
                ):  # fmt: skip
                    raise
                if failures == len(RECONNECT_SECONDS):
                    raise UserError(
                        "lost the server; when it is back, fiveup play --tournament "
                        f"{self.tid} takes you back to the tournament"
                    ) from None
                if failures == 0:
                    self.say("· the connection dropped; reconnecting…")
                await asyncio.sleep(RECONNECT_SECONDS[failures])
                failures += 1

    async def withdraw(self) -> bool:
        """Withdraw after a confirmation; whether the person did."""
        prompt = "Withdraw from the tournament? You will not be paired again. [y/N] "
        if (await ask_with_chat(self.ask, prompt, None)).strip().lower() not in ("y", "yes"):
            self.say("Still entered.")
            return False
        request = pb.WithdrawFromTournamentRequest(tournament_id=self.tid)
        await self.stub.WithdrawFromTournament(request, metadata=await self.creds.metadata())
        self.say("You withdrew from the tournament; your results so far stay in its standings.")
        return True

    # ------------------------------------------------------------------ a table

    async def play_table(self, table: pb.YourTable) -> Ending:
        """Play the person's table with the match loop (hand, moves, chat as in any match)."""
        self.played.add(table.match_id)
        self.say(
            "",
            f"Round {table.round}: your table is ready — match {table.match_id};"
            f" you are {seat_text(table.seat)}.",
        )
        chat = TableChat(self.channel, table.match_id, self.creds.metadata, self.out)
        await chat.start()
        try:
            seat = SeatAtTable(table.match_id, table.seat)
            return await MatchPlay(
                self.matches, seat, self.creds.metadata, self.ask, self.out, chat, self.creds,
                self.channel,
            ).run()  # fmt: skip
        finally:
            with contextlib.suppress(Exception):
                await chat.close()
