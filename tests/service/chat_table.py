"""Tables for the chat tests: matches whose human seats are signed-in players (or
anonymous seats), a chat client per seat, and play through the public API until a
round ends."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

import grpc

from fiveup.v1 import chat_pb2, chat_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, human


@dataclass
class Seat:
    seat: int
    token: str  # an access token (signed in) or a seat token (anonymous)
    name: str = ""


@dataclass
class Table:
    server: Running
    match_id: str
    seats: list[Seat]

    @property
    def chat(self) -> chat_pb2_grpc.ChatServiceStub:
        return chat_pb2_grpc.ChatServiceStub(self.server.channel)

    async def say(
        self, seat: int | str, text: str | None = None, phrase: str | None = None,
        room: int = chat_pb2.CHAT_ROOM_PLAYERS, request_id: str = "",
    ) -> chat_pb2.ChatMessage:  # fmt: skip
        token = self.seats[seat].token if isinstance(seat, int) else seat
        request = chat_pb2.SendChatMessageRequest(
            match_id=self.match_id, room=room, request_id=request_id
        )
        if text is not None:
            request.text = text
        if phrase is not None:
            request.phrase = phrase
        return (await self.chat.SendChatMessage(request, metadata=_md(token))).message

    async def read(
        self, seat: int | str | None, room: int = chat_pb2.CHAT_ROOM_PLAYERS
    ) -> list[chat_pb2.ChatMessage]:
        token = self.seats[seat].token if isinstance(seat, int) else seat
        answer = await self.chat.ListChatMessages(
            chat_pb2.ListChatMessagesRequest(match_id=self.match_id, room=room),
            metadata=_md(token),
        )
        return list(answer.messages)

    def watch(
        self, seat: int | str | None, room: int = chat_pb2.CHAT_ROOM_PLAYERS, after: int = 0
    ) -> ChatStream:
        token = self.seats[seat].token if isinstance(seat, int) else seat
        call = self.chat.WatchChat(
            chat_pb2.WatchChatRequest(match_id=self.match_id, room=room, after_seq=after),
            metadata=_md(token),
        )
        return ChatStream(call).start()

    async def view(self) -> pb.MatchView:
        return (await self.server.matches.GetMatch(pb.GetMatchRequest(match_id=self.match_id))).view

    async def play_round(self) -> None:
        """Play the round in progress to its reckoning (each seat's first legal move)."""
        start = (await self.view()).round_number
        for n in range(500):
            view = await self.view()
            if view.round_number > start or view.status != pb.MATCH_STATUS_IN_PROGRESS:
                return
            if view.last_round.round_number >= start:
                return
            mover = self.seats[view.turn_seat]
            legal = await self.server.matches.ListLegalMoves(
                pb.ListLegalMovesRequest(match_id=self.match_id), metadata=auth(mover.token)
            )
            if not legal.moves:
                continue
            try:
                await self.server.matches.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=self.match_id, move=legal.moves[0],
                        expected_version=legal.version, request_id=f"r{start}-{n}",
                    ),
                    metadata=auth(mover.token),
                )  # fmt: skip
            except grpc.aio.AioRpcError as exc:
                assert exc.code() == grpc.StatusCode.ABORTED, exc
        raise AssertionError("the round did not end")

    async def play_to_end(self) -> None:
        for _ in range(200):
            if (await self.view()).status != pb.MATCH_STATUS_IN_PROGRESS:
                return
            await self.play_round()
        raise AssertionError("the match did not end")


@dataclass
class ChatStream:
    call: grpc.aio.UnaryStreamCall  # type: ignore[type-arg]
    got: list[chat_pb2.ChatMessage] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    error: grpc.aio.AioRpcError | None = None
    task: asyncio.Task[None] | None = None

    def start(self) -> ChatStream:
        self.task = asyncio.get_running_loop().create_task(self._run())
        return self

    async def _run(self) -> None:
        try:
            async for item in self.call:
                self.got.append(item.message)
                self.changed.set()
        except grpc.aio.AioRpcError as exc:
            if exc.code() != grpc.StatusCode.CANCELLED:
                self.error = exc
        self.changed.set()

    async def until(self, count: int, timeout: float = 30.0) -> list[chat_pb2.ChatMessage]:
        """Wait (bounded) until the stream has given ``count`` messages."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self.got) < count:
            if self.error is not None:
                raise self.error
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"{len(self.got)} of {count} messages: {self.got}")
            self.changed.clear()
            if len(self.got) < count:
                await asyncio.wait_for(self.changed.wait(), left)
        return self.got[:count]

    async def stop(self) -> None:
        self.call.cancel()
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)


def _md(token: str | None) -> tuple[tuple[str, str], ...] | None:
    return auth(token) if token else None


async def sign_in(server: Running, name: str) -> str:
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    answer = await stub.SignInAsGuest(
        players_pb2.SignInAsGuestRequest(device_id=secrets.token_urlsafe(20), display_name=name)
    )
    return answer.session.access_token


async def signed_in_table(
    server: Running,
    seats: int,
    names: Sequence[str] | None = None,
    *,
    anonymous: Sequence[int] = (),
) -> Table:
    """A match of ``seats`` human seats, each joined by a signed-in player (seats in
    ``anonymous`` by an anonymous seat token)."""
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human() for _ in range(seats)], unrated=True)
    )
    names = list(names or [f"Player {i + 1}" for i in range(seats)])
    joined = []
    for seat in range(seats):
        if seat in anonymous:
            answer = await server.matches.JoinMatch(
                pb.JoinMatchRequest(match_id=created.match_id, seat=seat)
            )
            joined.append(Seat(seat, answer.seat_token))
            continue
        token = await sign_in(server, names[seat])
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat), metadata=auth(token)
        )
        joined.append(Seat(seat, token, names[seat]))
    return Table(server, created.match_id, joined)


def words(messages: Sequence[chat_pb2.ChatMessage]) -> list[str]:
    return [m.text or m.phrase for m in messages]
