"""``fiveup play``'s rematch: at a finished match's end, "Rematch? [y/N]".

A signed-in player (``--queue``, ``--resume``) asks the server (LobbyService's
OfferRematch, DeclineRematch, GetRematch): the first yes offers, the others' yes accept,
and once every human seat has accepted the new match -- the same seats, players and
options -- starts, and this terminal plays it.  An anonymous player's match is against
bots only, who never refuse: a yes creates a new match with the same seats and options
(the server's rematch binds signed-in players, so it is not for an anonymous seat).

No, an empty answer, a decline by another player, or nobody answering within the wait
(``--rematch-wait``, then the offer is withdrawn) end the program with status 0.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TextIO

import grpc

from ..v1 import lobby_pb2, lobby_pb2_grpc
from .play_chat import ChatCommand, TableChat, parse_command

Metadata = Callable[[], Awaitable[tuple[tuple[str, str], ...]]]
Ask = Callable[[str], Awaitable[str]]
POLL_SECONDS = 1.0  # how often the offer is read while a person waits on it
YES = ("y", "yes")


@dataclass(frozen=True, slots=True)
class NextMatch:
    """The rematch to play: its id and the person's seat in it."""

    match_id: str
    seat: int


def seats_text(seats: list[int]) -> str:
    names = [f"seat {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


async def _answer(ask: Ask, prompt: str, chat: TableChat | None, seconds: float) -> str | None:
    """The person's answer to ``prompt`` (chat commands carried out on the way), or None
    when ``seconds`` pass without one."""
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    while True:
        try:
            answer = await asyncio.wait_for(ask(prompt), max(0.0, until - loop.time()))
        except TimeoutError:
            return None
        command: ChatCommand | None = parse_command(answer)
        if command is None or chat is None:
            return answer.strip().lower()
        await chat.command(command, ask)


class ServerRematch:
    """The rematch of a signed-in player's finished match, through LobbyService."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        match_id: str,
        seat: int,
        metadata: Metadata,
        out: TextIO,
        wait_seconds: float,
    ) -> None:
        self.stub = lobby_pb2_grpc.LobbyServiceStub(channel)
        self.match_id = match_id
        self.seat = seat
        self.metadata = metadata
        self.out = out
        self.wait_seconds = wait_seconds

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    async def status(self) -> lobby_pb2.Rematch:
        request = lobby_pb2.GetRematchRequest(match_id=self.match_id)
        return (await self.stub.GetRematch(request, metadata=await self.metadata())).rematch

    async def ask(self, ask: Ask, chat: TableChat | None) -> NextMatch | None:
        try:
            return await self._ask(ask, chat)
        except grpc.aio.AioRpcError as exc:  # e.g. REMATCH_NOT_AVAILABLE: one line
            self.say(f"No rematch: {exc.details()}")
            return None

    async def _ask(self, ask: Ask, chat: TableChat | None) -> NextMatch | None:
        now = await self.status()
        offered_by = [s for s in now.accepted_seats if s != self.seat]
        prompt = (
            f"{seats_text(offered_by)} offers a rematch. Play again? [y/N] "
            if now.offered and offered_by
            else "Rematch? [y/N] "
        )
        # Meanwhile the others may offer or decline: say so over the open prompt.
        watching = asyncio.ensure_future(self._tell_changes(now, chat))
        try:
            answer = await _answer(ask, prompt, chat, self.wait_seconds)
        finally:
            watching.cancel()
            await asyncio.gather(watching, return_exceptions=True)
        if answer is None:
            self.say(f"\nNo answer within {self.wait_seconds:g} s: no rematch.")
            await self._withdraw()
            return None
        if answer not in YES:
            if (await self.status()).offered:
                await self._withdraw()
                self.say("You declined the rematch.")
            return None
        offer = lobby_pb2.OfferRematchRequest(match_id=self.match_id)
        rematch = (await self.stub.OfferRematch(offer, metadata=await self.metadata())).rematch
        return await self._wait(rematch)

    async def _tell_changes(self, seen: lobby_pb2.Rematch, chat: TableChat | None) -> None:
        def show(line: str) -> None:
            if chat is not None:
                chat.show(line)
            else:
                self.say(line)

        while True:
            await asyncio.sleep(POLL_SECONDS)
            now = await self.status()
            new = [s for s in now.accepted_seats if s not in seen.accepted_seats and s != self.seat]
            if now.offered and new:
                show(f"· {seats_text(new)} would play again: y to accept")
            elif seen.offered and not now.offered:
                show("· the rematch was declined; y offers a new one")
            seen = now

    async def _wait(self, rematch: lobby_pb2.Rematch) -> NextMatch | None:
        loop = asyncio.get_running_loop()
        until = loop.time() + self.wait_seconds
        if not rematch.new_match_id:
            self.say(
                f"Waiting for {seats_text(list(rematch.waiting_seats))} to accept"
                f" (up to {self.wait_seconds:g} s; Ctrl-C leaves)…"
            )
        while not rematch.new_match_id:
            if not rematch.offered:
                self.say("The rematch was declined.")
                return None
            if loop.time() >= until:
                if await self._withdraw():
                    self.say(
                        f"Nobody accepted within {self.wait_seconds:g} s: the offer is withdrawn."
                    )
                    return None
                rematch = await self.status()  # the last seat answered just now
                continue
            await asyncio.sleep(min(POLL_SECONDS, max(0.0, until - loop.time())))
            rematch = await self.status()
        return NextMatch(rematch.new_match_id, self.seat)

    async def _withdraw(self) -> bool:
        request = lobby_pb2.DeclineRematchRequest(match_id=self.match_id)
        with contextlib.suppress(grpc.aio.AioRpcError):  # the program ends either way
            return (
                await self.stub.DeclineRematch(request, metadata=await self.metadata())
            ).declined
        return False


async def ask_again_against_bots(
    ask: Ask, chat: TableChat | None, wait_seconds: float, out: TextIO
) -> bool:
    """An anonymous player's match against bots: whether to play the same table again."""
    answer = await _answer(ask, "Rematch? [y/N] ", chat, wait_seconds)
    if answer is None:
        print(f"\nNo answer within {wait_seconds:g} s: no rematch.", file=out, flush=True)
        return False
    return answer in YES
