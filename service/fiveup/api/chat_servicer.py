"""ChatService: translates protobuf to the table chat (``fiveup.chat``) and back."""

from __future__ import annotations

from collections.abc import AsyncIterator

from google.protobuf.timestamp_pb2 import Timestamp

from ..chat.phrases import LANGUAGES, PhraseKind
from ..chat.reading import Delivered
from ..chat.rooms import TableChat
from ..chat.table_talk import ContentKind, Room
from ..shared.errors import InvalidRequest
from ..v1 import chat_pb2, chat_pb2_grpc
from .handlers import Context, bearer_token, streaming, unary
from .limits import Limits, peer_address

ROOMS: dict[int, Room] = {
    chat_pb2.CHAT_ROOM_UNSPECIFIED: Room.PLAYERS,
    chat_pb2.CHAT_ROOM_PLAYERS: Room.PLAYERS,
    chat_pb2.CHAT_ROOM_SPECTATORS: Room.SPECTATORS,
}
ROOM_PB = {Room.PLAYERS: chat_pb2.CHAT_ROOM_PLAYERS, Room.SPECTATORS: chat_pb2.CHAT_ROOM_SPECTATORS}
REASONS: dict[int, str] = {
    chat_pb2.CHAT_REPORT_REASON_SPAM: "spam",
    chat_pb2.CHAT_REPORT_REASON_ABUSE: "abuse",
    chat_pb2.CHAT_REPORT_REASON_TABLE_TALK: "table_talk",
    chat_pb2.CHAT_REPORT_REASON_OTHER: "other",
}


def _room(value: int) -> Room:
    room = ROOMS.get(value)
    if room is None:
        raise InvalidRequest(f"unknown room {value}", field="room")
    return room


def _reason(value: int) -> str:
    reason = REASONS.get(value)
    if reason is None:
        raise InvalidRequest("reason must be one of the ChatReportReason values", field="reason")
    return reason


def message_pb(given: Delivered) -> chat_pb2.ChatMessage:
    line = given.line.line
    author = chat_pb2.ChatAuthor(display_name=line.author.name, you=given.own)
    if line.author.seat is not None:
        author.seat = line.author.seat
    sent = Timestamp()
    sent.FromNanoseconds(int(line.sent_at * 1e9))
    message = chat_pb2.ChatMessage(
        message_id=given.line.public_id,  # random: counts nothing (fiveup.chat.visible)
        room=ROOM_PB[line.room],
        author=author,
        sent_at=sent,
        held=given.held,
        delayed=given.delayed,
        cursor=given.cursor,
    )
    if line.kind is ContentKind.TEXT:
        message.text = line.body
    else:
        message.phrase = line.body
    return message


class ChatServicer(chat_pb2_grpc.ChatServiceServicer):
    def __init__(self, chat: TableChat, limits: Limits | None = None) -> None:
        self.chat = chat
        self.limits = limits  # how to find the client's address (anonymous readers' limit)

    def _client(self, context: Context) -> str:
        if self.limits is None:
            return peer_address(context.peer())
        return self.limits.config.client_of(context)

    @unary
    async def SendChatMessage(
        self, request: chat_pb2.SendChatMessageRequest, context: Context
    ) -> chat_pb2.SendChatMessageResponse:
        which = request.WhichOneof("content")
        sent = await self.chat.send(
            request.match_id,
            bearer_token(context),
            _room(request.room),
            text=request.text if which == "text" else None,
            phrase_key=request.phrase if which == "phrase" else None,
            request_id=request.request_id,
        )
        return chat_pb2.SendChatMessageResponse(message=message_pb(sent))

    @unary
    async def ListChatMessages(
        self, request: chat_pb2.ListChatMessagesRequest, context: Context
    ) -> chat_pb2.ListChatMessagesResponse:
        page = await self.chat.history(
            request.match_id, bearer_token(context), _room(request.room), request.page_size,
            client=self._client(context),
        )  # fmt: skip
        return chat_pb2.ListChatMessagesResponse(
            messages=[message_pb(m) for m in page.messages], cursor=page.cursor
        )

    @streaming
    async def WatchChat(
        self, request: chat_pb2.WatchChatRequest, context: Context
    ) -> AsyncIterator[chat_pb2.WatchChatResponse]:
        stream = self.chat.watch(
            request.match_id, bearer_token(context), _room(request.room), request.after_seq,
            client=self._client(context),
        )  # fmt: skip
        async for given in stream:
            yield chat_pb2.WatchChatResponse(message=message_pb(given))

    @unary
    async def MuteChatAuthor(
        self, request: chat_pb2.MuteChatAuthorRequest, context: Context
    ) -> chat_pb2.MuteChatAuthorResponse:
        await self.chat.mute(
            request.match_id, bearer_token(context), request.message_id, request.muted
        )
        return chat_pb2.MuteChatAuthorResponse()

    @unary
    async def ReportChatMessage(
        self, request: chat_pb2.ReportChatMessageRequest, context: Context
    ) -> chat_pb2.ReportChatMessageResponse:
        reported = await self.chat.report(
            request.match_id,
            bearer_token(context),
            request.message_id,
            _reason(request.reason),
            request.comment,
        )
        return chat_pb2.ReportChatMessageResponse(reported=reported)

    @unary
    async def ListChatPhrases(
        self, request: chat_pb2.ListChatPhrasesRequest, context: Context
    ) -> chat_pb2.ListChatPhrasesResponse:
        return chat_pb2.ListChatPhrasesResponse(
            phrases=[
                chat_pb2.ChatPhrase(
                    key=p.key, texts=dict(p.texts), courtesy=p.kind is PhraseKind.COURTESY
                )
                for p in self.chat.phrases()
            ],
            languages=list(LANGUAGES),
        )
