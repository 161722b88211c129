"""``fiveup play``'s table chat: the players' room of the match, read and written from
the terminal.

Incoming messages (WatchChat, resumed after its last cursor when the connection drops)
are printed as lines between the moves as soon as they arrive -- over an open prompt
too, which is then shown again.  At any prompt of the match a line that starts with
``:`` is a chat command: ``:say TEXT`` (free text: a signed-in player), ``:phrase N`` (a
quick-chat phrase, by its number or key; anyone seated), ``:phrases`` (the list) and
``:help``.  ``:say`` or ``:phrase`` alone asks for the words.  What the server refuses
(an anonymous seat's free text, a rate limit, a line too long) is one line with the
server's reason; what it holds back (free text and game talk during a partnership
round) is shown to its author at once, marked held, as the server answers it.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TextIO

import grpc

from ..v1 import chat_pb2, chat_pb2_grpc

Metadata = Callable[[], Awaitable[tuple[tuple[str, str], ...]]]
Ask = Callable[[str], Awaitable[str]]

HELP = (
    "Chat: at a prompt type :say TEXT (signed-in players) or :phrase N for a quick phrase"
    " (:phrases lists them, :help shows this line)."
)
PARTNERSHIP_RULE = (
    "Partners play without table talk: during a round your free text and game-talk"
    " phrases reach the table when the round ends; courtesy phrases reach your opponents"
    " at once."
)
HELD = "held: the table reads it when this round ends; partners play without table talk"
HELD_FROM_PARTNER = "your opponents read it now, your partner when this round ends"
RECONNECT_SECONDS = (0.5, 1.0, 2.0, 4.0)  # waits before reopening a dropped chat stream


@dataclass(frozen=True, slots=True)
class ChatCommand:
    """A ``:`` line: what to do and its argument ("" when none was given)."""

    verb: str  # say, phrase, phrases, help
    argument: str


VERBS = ("say", "phrase", "phrases", "help")


def parse_command(answer: str) -> ChatCommand | None:
    """The chat command in a typed line, or None when it is not one (no leading ``:``);
    an unknown verb is ``help``."""
    text = answer.strip()
    if not text.startswith(":"):
        return None
    verb, _, argument = text[1:].partition(" ")
    verb = verb.lower()
    return ChatCommand(verb if verb in VERBS else "help", argument.strip())


def author_text(author: chat_pb2.ChatAuthor) -> str:
    """Who wrote a message as the table shows it: "Asha (seat 2)", "seat 2", "you"."""
    if author.you:
        return "you"
    seat = f"seat {author.seat + 1}" if author.HasField("seat") else "a spectator"
    return f"{author.display_name} ({seat})" if author.display_name else seat


class TableChat:
    """The players' room of one match, for the person at one seat."""

    def __init__(
        self, channel: grpc.aio.Channel, match_id: str, metadata: Metadata, out: TextIO
    ) -> None:
        self.stub = chat_pb2_grpc.ChatServiceStub(channel)
        self.match_id = match_id
        self.metadata = metadata
        self.out = out
        self.phrases: list[chat_pb2.ChatPhrase] = []
        self.prompt: str | None = None  # the prompt on screen now (shown again after a line)
        self.partnership = False  # a 4-seat match: what passes during a round differs
        self._shown: set[int] = set()  # message ids already printed
        self._sending = 0  # sends awaiting their answer
        self._early: dict[int, chat_pb2.ChatMessage] = {}  # own lines the stream gave first
        self._cursor = 0
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        with contextlib.suppress(grpc.aio.AioRpcError):  # no phrases: :phrase says so
            listed = await self.stub.ListChatPhrases(chat_pb2.ListChatPhrasesRequest())
            self.phrases = list(listed.phrases)
        self._task = asyncio.ensure_future(self._follow())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    # ------------------------------------------------------------------ reading

    def show(self, line: str) -> None:
        """Print a line now; an open prompt is shown again below it."""
        if self.prompt is None:
            print(line, file=self.out, flush=True)
        else:
            print(f"\n{line}\n{self.prompt}", end="", file=self.out, flush=True)

    def words(self, message: chat_pb2.ChatMessage) -> str:
        if message.WhichOneof("content") == "phrase":
            for p in self.phrases:
                if p.key == message.phrase:
                    return p.texts.get("en") or p.key
            return message.phrase
        return message.text

    def line_of(self, message: chat_pb2.ChatMessage) -> str:
        late = " (written during the round)" if message.delayed else ""
        return f"» {author_text(message.author)}: {self.words(message)}{late}"

    async def _follow(self) -> None:
        """Print each new message of the room, reopening the stream after a drop."""
        failures = 0
        while True:
            try:
                call = self.stub.WatchChat(
                    chat_pb2.WatchChatRequest(match_id=self.match_id, after_seq=self._cursor),
                    metadata=await self.metadata(),
                )
                async for item in call:
                    failures = 0
                    self._cursor = max(self._cursor, item.message.cursor)
                    self._take(item.message)
                return  # the server closed the room's stream: nothing more will come
            except grpc.aio.AioRpcError as exc:
                if exc.code() not in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.INTERNAL):
                    self.show(f"! chat stopped: {exc.details()}")
                    return
                if failures >= len(RECONNECT_SECONDS):
                    self.show("! chat stopped: the server stays unreachable")
                    return
                await asyncio.sleep(RECONNECT_SECONDS[failures])
                failures += 1

    def _take(self, message: chat_pb2.ChatMessage) -> None:
        # A message comes once, or twice (held, then released): print it once.  The
        # person's own were printed when sent (from another process: shown here).
        if message.message_id in self._shown:
            return
        if message.author.you and self._sending:
            # the stream can beat the send's own answer: that answer prints it
            self._early[message.message_id] = message
            return
        self._shown.add(message.message_id)
        self.show(self.line_of(message))

    # ------------------------------------------------------------------ writing

    def phrase_list(self) -> list[str]:
        if not self.phrases:
            return ["No quick-chat phrases on this server."]
        lines = ["Quick-chat phrases (:phrase N):"]
        for i, p in enumerate(self.phrases, start=1):
            when = ""
            if self.partnership:  # what the table-talk rule does with it during a round
                when = "  (opponents at once)" if p.courtesy else "  (at the round's end)"
            lines.append(f"  {i:>2}) {p.texts.get('en') or p.key}{when}")
        return lines

    def _phrase_key(self, argument: str) -> str | None:
        if argument.isdigit() and 1 <= int(argument) <= len(self.phrases):
            return self.phrases[int(argument) - 1].key
        keys = {p.key for p in self.phrases}
        return argument if argument in keys else None

    async def command(self, command: ChatCommand, ask: Ask) -> None:
        """Carry out a chat command typed at a prompt; ``ask`` asks for missing words."""
        if command.verb == "help":
            self.show(HELP)
            return
        if command.verb == "phrases":
            self.show("\n".join(self.phrase_list()))
            return
        if command.verb == "say":
            text = command.argument or (await ask("Say (Enter: nothing): ")).strip()
            if text:
                await self._send(chat_pb2.SendChatMessageRequest(text=text))
            return
        argument = command.argument
        if not argument:
            self.show("\n".join(self.phrase_list()))
            if not self.phrases:
                return
            argument = (await ask(f"Phrase [1-{len(self.phrases)}, Enter: none]: ")).strip()
            if not argument:
                return
        key = self._phrase_key(argument)
        if key is None:
            self.show(f"No phrase {argument!r}: type a number from 1 to {len(self.phrases)}.")
            return
        await self._send(chat_pb2.SendChatMessageRequest(phrase=key))

    def _held_note(self, message: chat_pb2.ChatMessage) -> str:
        """What the partnership rule does with the author's message, or ""."""
        if not message.held:
            return ""
        courtesy = message.WhichOneof("content") == "phrase" and any(
            p.key == message.phrase and p.courtesy for p in self.phrases
        )
        return f"  ({HELD_FROM_PARTNER if courtesy else HELD})"

    async def _send(self, request: chat_pb2.SendChatMessageRequest) -> None:
        request.match_id = self.match_id
        request.request_id = uuid.uuid4().hex
        self._sending += 1
        try:
            sent = await self.stub.SendChatMessage(request, metadata=await self.metadata())
        except grpc.aio.AioRpcError as exc:
            self.show(f"Chat refused: {exc.details()}")
            return
        finally:
            self._sending -= 1
        self._shown.add(sent.message.message_id)
        self._early.pop(sent.message.message_id, None)
        self.show(self.line_of(sent.message) + self._held_note(sent.message))
        for other in list(self._early.values()):  # own lines of another process of theirs
            self._take(other)
        self._early.clear()
