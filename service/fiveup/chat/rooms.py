"""The use cases of table chat: send, read (history and stream), mute, report; the
release of held messages when their round ends.  (The operators' side -- reports,
silences -- is ``fiveup admin``: AdminService, ``fiveup.admin``.)

Who the caller is comes from the bearer token, as for every other call of a match: a
player's access token (their bound seat, or a spectator with a name), a seat token (an
anonymous seat), or nothing (an anonymous spectator, who may read the spectators' room
and write nowhere).  What each may read and write, and when a message reaches whom, is
``fiveup.chat.table_talk``; what each reader is given of the stored lines is
``fiveup.chat.reading``, over the reader's own view of the room (``fiveup.chat.visible``:
cursors, ids and wake-ups count only what that reader may read); the flood rules are
``fiveup.chat.flood``; how often one reader may read, ``fiveup.chat.read_limit``.

A held message is released by whoever looks first once its round is over: a stream of
the match (woken by the match's own events), any call on its chat, or the sweeper,
which looks every ``release_seconds`` at the matches that hold messages -- so a message
is released even when nobody has the chat open, and once: the store's release is
idempotent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.errors import MatchError
from ..identity import Players
from ..identity.relations import BlockLookup, NoBlocks
from ..lobby.seats import PlayerSeats, is_access_token
from ..match.matches import Matches
from ..notifications.outbox import Outbox
from ..shared.broker import Broker, wait_any
from ..shared.errors import InvalidRequest, ShuttingDown
from .away import Telling
from .errors import (
    ChatMessageNotFound,
    ChatReadsLimited,
    ChatRequestIdReused,
    ChatSignInRequired,
    UnknownPhrase,
)
from .flood import FloodLimits, check_flood
from .observer import ChatObserver, NullChatObserver
from .phrases import PHRASES, Phrase, phrase
from .ports import (
    REPORT_REASONS,
    Author,
    ChatLine,
    ChatStore,
    DuplicateRequest,
    ListeningChatStore,
    NewLine,
    Report,
    player_key,
    seat_key,
)
from .read_limit import ReadLimiter, ReadLimits
from .reading import Delivered, deliver, scanned_to
from .table_talk import (
    ContentKind,
    Room,
    TableState,
    check_read,
    check_write,
    delivery,
    may_read,
)
from .text import MAX_TEXT_LENGTH, WordAction, WordList, clean_text
from .visible import (
    SHARED,
    fork_key,
    mute_key,
    reach_at_post,
    reach_at_release,
    reader_fork,
    room_key,
    wake_keys,
)

log = logging.getLogger(__name__)

MAX_REQUEST_ID = 128
MAX_COMMENT = 500
HISTORY_LIMIT = 200
ANONYMOUS = Author("", None, "")  # a reader without a token


@dataclass
class ChatConfig:
    max_text_length: int = MAX_TEXT_LENGTH
    flood: FloodLimits = field(default_factory=FloodLimits)
    word_list: str = ""  # a file of words and phrases chat does not carry ("": none)
    word_action: WordAction = WordAction.MASK
    release_seconds: float = 2.0  # how often the sweeper looks for held messages to release
    poll_seconds: float = 10.0  # a stream looks again this often even without a wake-up
    presence_seconds: float = 60.0  # an open stream counts its reader present this long
    retention_seconds: float = 30 * 86_400.0  # messages are deleted this long after (0: keep)
    report_retention_seconds: float = 365 * 86_400.0  # reports, with their copies (0: keep)
    retention_sweep_seconds: float = 300.0
    reads: ReadLimits = field(default_factory=ReadLimits)  # ListChatMessages, WatchChat


@dataclass(frozen=True, slots=True)
class Page:
    """A reader's history of a room: the last messages, oldest first, and the cursor to
    watch from."""

    messages: tuple[Delivered, ...]
    cursor: int


class TableChat:
    def __init__(
        self,
        store: ChatStore,
        matches: Matches,
        seats: PlayerSeats,
        players: Players,
        config: ChatConfig | None = None,
        *,
        observer: ChatObserver | None = None,
        outbox: Outbox | None = None,
        blocks: BlockLookup | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        # A reader never reads (nor is told of) lines of a player they blocked: a block
        # hides like a mute, for every match (docs/security.md, "Invitations and blocks").
        self.blocks: BlockLookup = blocks or NoBlocks()
        self.outbox = outbox  # wakes the notification streams of players told after a write
        self.matches = matches
        self.seats = seats
        self.players = players
        self.config = config or ChatConfig()
        self.observer: ChatObserver = observer or NullChatObserver()
        self.clock = clock
        self.broker = Broker()
        self._closing = asyncio.Event()
        self._sweeper: asyncio.Task[None] | None = None
        self.reads = ReadLimiter(self.config.reads)
        self._words = WordList(action=self.config.word_action)
        self._words_stamp: float | None = None
        self.load_word_list()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        if isinstance(self.store, ListeningChatStore):
            await self.store.listen(self._on_remote)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="chat-sweeper")

    async def close(self) -> None:
        self._closing.set()
        self.broker.publish_all()
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)

    def _on_remote(self, key: str) -> None:
        """Another replica's wake-up key (``fiveup.chat.visible``)."""
        if key == "*":
            self.broker.publish_all()
        elif "|" not in key:  # a match id alone, from a replica of an older release
            for room in Room:
                self.broker.publish(room_key(key, room))
        else:
            self.broker.publish(key)

    def load_word_list(self) -> None:
        """(Re)read the operator's word list when its file changed (a mounted ConfigMap
        is replaced in place); a file that cannot be read keeps the list in force."""
        path = self.config.word_list
        if not path:
            return
        try:
            stamp = Path(path).stat().st_mtime
            if stamp == self._words_stamp:
                return
            self._words = WordList.from_file(path, self.config.word_action)
            self._words_stamp = stamp
            log.info("chat word list: %d entries from %s", len(self._words), path)
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("chat word list %s not read (%s); keeping %d entries", path, exc,
                        len(self._words))  # fmt: skip

    # ------------------------------------------------------------------ who and where

    async def speaker(self, match_id: str, bearer: str | None) -> Author:
        """The caller as chat knows them."""
        if is_access_token(bearer):
            seat = await self.seats.seat_for(match_id, bearer, required=False)
            player = await self.players.get(bearer)
            return Author(player_key(player.player_id), seat, player.display_name,
                          player.player_id)  # fmt: skip
        if bearer:
            seat = await self.matches.authenticate(match_id, bearer, required=True)
            assert seat is not None
            return Author(seat_key(match_id, seat), seat, "")
        await self.matches.authenticate(match_id, None, required=False)  # exists? valid id?
        return ANONYMOUS

    async def table(self, match_id: str) -> TableState:
        progress = await self.matches.progress(match_id)
        return TableState(
            seats=progress.seats,
            in_play=not progress.finished,
            round_no=progress.round_no,
            ended_round=progress.ended_round,
        )

    # ------------------------------------------------------------------ use cases

    async def send(
        self,
        match_id: str,
        bearer: str | None,
        room: Room,
        *,
        text: str | None = None,
        phrase_key: str | None = None,
        request_id: str = "",
    ) -> Delivered:
        """Write a message (exactly one of ``text`` and ``phrase_key``); answer it as its
        author reads it (``held`` when it waits for the round's end)."""
        try:
            line = await self._compose(match_id, bearer, room, text, phrase_key, request_id)
            posted = await self.store.post(
                line,
                lambda recent: check_flood(recent, line.fingerprint, line.sent_at, self.config.flood),
                self.config.flood.window,
                await self._tell(match_id),
            )  # fmt: skip
        except DuplicateRequest:
            raise ChatRequestIdReused("this request id was already used for other words") from None
        except MatchError as exc:
            self.observer.message(room, f"refused_{exc.reason.lower()}")
            raise
        self._published(posted.told)
        if posted.created:
            held = line.held_round is not None
            self.observer.message(room, "shadowed" if line.shadow else "held" if held else "sent")
            self._wake(wake_keys(match_id, room, reach_at_post(line)))
            if held:  # the round may have ended while it was written: release it then
                await self.release_due(match_id)
        stored = posted.line
        still_held = stored.line.held_round is not None and stored.released_seq is None
        return Delivered(stored, posted.position, held=still_held, delayed=False, own=True)

    async def _compose(
        self,
        match_id: str,
        bearer: str | None,
        room: Room,
        text: str | None,
        phrase_key: str | None,
        request_id: str,
    ) -> NewLine:
        _check_request_id(request_id)
        if (text is None) == (phrase_key is None):
            raise InvalidRequest("send either text or a phrase", field="content")
        author = await self.speaker(match_id, bearer)
        if not author.key:
            raise ChatSignInRequired("sign in to write in a match's chat")
        state = await self.table(match_id)
        await self.release_due(match_id, state)
        check_write(room, state, author.seat)
        chosen: Phrase | None = None
        if phrase_key is not None:
            chosen = phrase(phrase_key)
            if chosen is None:
                raise UnknownPhrase(f"no quick-chat phrase {phrase_key!r}", field="phrase")
            kind, body = ContentKind.PHRASE, chosen.key
        else:
            assert text is not None
            if not author.signed_in:
                raise ChatSignInRequired(
                    "free text needs a signed-in player; an anonymous seat sends phrases"
                )
            body = clean_text(text, self.config.max_text_length)
            masked = self._words.apply(body)
            if masked != body:
                self.observer.masked()
            kind, body = ContentKind.TEXT, masked
        when = delivery(room, state, author.seat, kind, chosen.kind if chosen else None)
        now = self.clock()
        shadow = False
        if author.signed_in:
            until = await self.store.silenced_until(author.player_id)
            shadow = until is not None and until > now
        line = NewLine(
            match_id=match_id, room=room, author=author, kind=kind, body=body, sent_at=now,
            held_round=when.held_round, early_seats=when.early_seats, shadow=shadow,
            request_id=request_id,
        )  # fmt: skip
        return line

    async def history(
        self, match_id: str, bearer: str | None, room: Room, limit: int = 50, client: str = ""
    ) -> Page:
        """The last ``limit`` (at most ``HISTORY_LIMIT``) messages of ``room`` the caller
        may read, and the cursor to watch from (the last position of their view)."""
        if not 0 <= limit <= HISTORY_LIMIT:
            raise InvalidRequest(f"page_size must be 0-{HISTORY_LIMIT}", field="page_size")
        reader = await self.speaker(match_id, bearer)
        self._take_read(_read_key(reader, client), "history")
        state = await self.table(match_id)
        check_read(room, state, reader.seat)
        await self.release_due(match_id, state)
        muted = await self._muted(reader)
        seen = await self.store.view_after(match_id, room, reader_fork(room, reader), 0)
        given = deliver(seen, reader, muted)[-(limit or 50) :]
        return Page(tuple(given), scanned_to(seen, 0))

    def _take_read(self, key: str, kind: str) -> None:
        """A read's token of ``key``'s bucket; a refusal is counted (by ``kind``:
        history or watch) before it is raised."""
        try:
            self.reads.take(key)
        except ChatReadsLimited:
            self.observer.read_refused(kind)
            raise

    async def watch(
        self, match_id: str, bearer: str | None, room: Room, after: int, client: str = ""
    ) -> AsyncIterator[Delivered]:
        """The messages of ``room`` the caller may read past cursor ``after``, live;
        ends when the server shuts down (ShuttingDown: reconnect with the last cursor).
        The stream wakes only when its reader's view gains a message (or the match
        moves on: a round's end releases what it held)."""
        if after < 0:
            raise InvalidRequest("after_seq must be >= 0", field="after_seq")
        reader = await self.speaker(match_id, bearer)
        self._take_read(_read_key(reader, client), "watch")
        state = await self.table(match_id)
        check_read(room, state, reader.seat)
        muted = await self._muted(reader)
        fork = reader_fork(room, reader)
        keys = [room_key(match_id, room)]
        if fork != SHARED:
            keys.append(fork_key(match_id, room, fork))
        if reader.key:
            keys.append(mute_key(match_id, reader.key))
        cursor = after
        if after > 0:  # a cursor past the end of the view (one from before an upgrade
            # renumbered it, or made up) resumes at its end: nothing new is missed
            cursor = min(after, scanned_to(await self.store.view_after(match_id, room, fork, 0), 0))
        renewed = 0.0
        while True:
            chat_wakes = [self.broker.waiter(key) for key in keys]
            match_wake = self.matches.broker.waiter(match_id)
            now = self.clock()
            if reader.key and now - renewed > self.config.presence_seconds / 3:
                # present from the moment the stream opens: told nothing while away
                await self.store.touch_presence(match_id, reader.key,
                                                now + self.config.presence_seconds)  # fmt: skip
                renewed = now
            state = await self.table(match_id)
            await self.release_due(match_id, state)
            seen = await self.store.view_after(match_id, room, fork, cursor)
            for item in deliver(seen, reader, muted):
                yield item
            cursor = scanned_to(seen, cursor)
            if self._closing.is_set():
                raise ShuttingDown("the server is shutting down; reconnect with after_seq")
            # (a shutdown wakes it too: ``close`` publishes to every chat waiter)
            await wait_any((*chat_wakes, match_wake), self.config.poll_seconds)
            if reader.key and any(w.is_set() for w in chat_wakes):
                muted = await self._muted(reader)  # a mute from another stream of theirs

    async def mute(self, match_id: str, bearer: str | None, message_id: int, muted: bool) -> None:
        """Stop (or start again) reading the author of message ``message_id``: a
        signed-in author everywhere, an anonymous seat in this match."""
        reader, line = await self._visible_line(match_id, bearer, message_id)
        if not reader.key:
            raise ChatSignInRequired("sign in (or hold a seat) to mute someone")
        if line.line.author.key == reader.key:
            raise InvalidRequest("you cannot mute yourself", field="message_id")
        await self.store.set_mute(reader.key, line.line.author.key, muted, self.clock())
        self.broker.publish(mute_key(match_id, reader.key))

    async def report(
        self, match_id: str, bearer: str | None, message_id: int, reason: str, comment: str
    ) -> bool:
        """Keep a report of message ``message_id`` for the operators (False: reported
        already)."""
        if reason not in REPORT_REASONS:
            raise InvalidRequest(f"reason must be one of {', '.join(REPORT_REASONS)}",
                                 field="reason")  # fmt: skip
        if len(comment) > MAX_COMMENT:
            raise InvalidRequest(f"comment must be at most {MAX_COMMENT} characters",
                                 field="comment")  # fmt: skip
        reader, line = await self._visible_line(match_id, bearer, message_id)
        if not reader.key:
            raise ChatSignInRequired("sign in (or hold a seat) to report a message")
        added = await self.store.add_report(
            Report(match_id, line.seq, reader.key, reason, comment.strip(), self.clock())
        )
        if added:
            self.observer.reported(reason)
        return added

    @staticmethod
    def phrases() -> tuple[Phrase, ...]:
        return PHRASES

    # ------------------------------------------------------------------ held messages

    async def release_due(self, match_id: str, state: TableState | None = None) -> int:
        """Release the messages whose round is over; answer how many."""
        state = state or await self.table(match_id)
        up_to = state.ended_round if state.in_play else max(state.round_no, state.ended_round)
        if up_to == 0:
            return 0
        if not await self.store.has_held(match_id, up_to):
            return 0
        released = await self.store.release(
            match_id, up_to, self.clock(), await self._tell(match_id)
        )
        self._published(released.told)
        if released.lines:
            self.observer.released(len(released.lines))
            for line in released.lines:
                self._wake(wake_keys(match_id, line.line.room, reach_at_release(line.line)))
        return len(released.lines)

    async def _sweep(self) -> None:
        """Release what is due everywhere; delete what retention says; re-read the word
        list.  Never stops for an error (logged)."""
        loop = asyncio.get_running_loop()
        retained = loop.time()
        while not self._closing.is_set():
            try:
                for match_id in await self.store.pending_releases(200):
                    with contextlib.suppress(Exception):
                        await self.release_due(match_id)
                if loop.time() - retained >= self.config.retention_sweep_seconds:
                    retained = loop.time()
                    await self.sweep_retention()
                    self.load_word_list()
            except Exception:
                log.exception("chat sweep failed")
            with contextlib.suppress(TimeoutError):  # (close cancels it anyway)
                await asyncio.wait_for(self._closing.wait(), self.config.release_seconds or None)

    async def sweep_retention(self) -> int:
        """Delete the messages (and reports) past their retention; answer how many."""
        now = self.clock()
        deleted = 0
        if self.config.retention_seconds > 0:
            deleted = await self.store.delete_before(now - self.config.retention_seconds, 1000)
        if self.config.report_retention_seconds > 0:
            await self.store.delete_reports_before(now - self.config.report_retention_seconds, 1000)
        return deleted

    # ------------------------------------------------------------------ helpers

    async def _tell(self, match_id: str) -> Telling:
        """Who a write may tell of its message while they are away, and how."""
        owners = await self.seats.owners(match_id)
        mutes = {
            player_key(p): await self.store.muted_by(player_key(p)) | await self._blocked_keys(p)
            for p in owners.values()
        }
        return Telling(owners, mutes, self.clock)

    def _wake(self, keys: tuple[str, ...]) -> None:
        for key in keys:
            self.broker.publish(key)

    def _published(self, players: tuple[str, ...]) -> None:
        if players and self.outbox is not None:
            self.outbox.published(players)

    async def _muted(self, reader: Author) -> frozenset[str]:
        if not reader.key:
            return frozenset()
        muted = await self.store.muted_by(reader.key)
        if reader.player_id:
            muted |= await self._blocked_keys(reader.player_id)
        return muted

    async def _blocked_keys(self, player_id: str) -> frozenset[str]:
        """The chat keys of the players ``player_id`` blocked."""
        return frozenset(player_key(p) for p in await self.blocks.blocked_by(player_id))

    async def _visible_line(
        self, match_id: str, bearer: str | None, message_id: int
    ) -> tuple[Author, ChatLine]:
        """The caller and message ``message_id``, if it is in the caller's view now
        (a message held from them, or another's shadowed one, is not)."""
        reader = await self.speaker(match_id, bearer)
        line = await self.store.line_by_id(match_id, message_id) if message_id > 0 else None
        if line is not None:
            room = line.line.room
            state = await self.table(match_id)
            if may_read(room, state, reader.seat) and await self.store.seen_in(
                match_id, room, reader_fork(room, reader), line.seq
            ):
                return reader, line
        raise ChatMessageNotFound(f"no chat message {message_id} in this match")


def _read_key(reader: Author, client: str) -> str:
    """Whose bucket a read takes from: the reader's (a player's across their matches),
    else the client address's (an anonymous spectator)."""
    return reader.key or f"a:{client}"


def _check_request_id(request_id: str) -> None:
    if len(request_id) > MAX_REQUEST_ID or not (request_id.isascii() and request_id.isprintable()):
        raise InvalidRequest(
            f"request_id must be at most {MAX_REQUEST_ID} printable ASCII characters",
            field="request_id",
        )
