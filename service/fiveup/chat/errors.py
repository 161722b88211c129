"""Errors of table chat; each carries its reason and status code (docs/api.md lists
them)."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..shared.errors import InvalidRequest, PermissionDenied, TooManyRequests


class ChatNotAllowed(PermissionDenied):
    """The caller may not read or write this room now: the players' room is for the
    seated players, the spectators' room is not for them while the match is in play;
    ``details['room']`` names the room."""

    reason = "CHAT_NOT_ALLOWED"


class ChatSignInRequired(PermissionDenied):
    """Free text from an anonymous seat, or anything from an anonymous spectator: who
    wrote it must be someone a mute, a report and a silence can reach."""

    reason = "CHAT_SIGN_IN_REQUIRED"


class ChatTextInvalid(InvalidRequest):
    """Free text that is empty or too long once cleaned; ``details['problem']`` is
    EMPTY or TOO_LONG (with ``max_length``)."""

    reason = "CHAT_TEXT_INVALID"


class ChatTextBlocked(InvalidRequest):
    """The text holds a word of the operator's list (when the server refuses such
    messages rather than masking the words)."""

    reason = "CHAT_TEXT_BLOCKED"


class UnknownPhrase(InvalidRequest):
    reason = "UNKNOWN_PHRASE"


class ChatRateLimited(TooManyRequests):
    """Too many messages too fast (``details['scope']``: ``author`` in this match,
    ``author_minute`` across matches, or ``room``); RetryInfo says when to try again."""

    reason = "CHAT_RATE_LIMITED"


class ChatDuplicate(TooManyRequests):
    """The same words as one of the author's two last messages, just now."""

    reason = "CHAT_DUPLICATE"


class ChatMessageNotFound(MatchError):
    """No message of this match with this id that the caller can see."""

    reason = "CHAT_MESSAGE_NOT_FOUND"
    code = "NOT_FOUND"


class ChatRequestIdReused(MatchError):
    """A chat request id the same author already used for other words."""

    reason = "CHAT_REQUEST_ID_REUSED"
    code = "ALREADY_EXISTS"


class ChatReadsLimited(TooManyRequests):
    """Too many chat reads (ListChatMessages, WatchChat opened) from one reader
    (``fiveup.chat.read_limit``); RetryInfo says when to try again."""

    reason = "CHAT_READS_LIMITED"
