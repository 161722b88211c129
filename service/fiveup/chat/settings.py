"""The chat's settings group: message limits, the word list, reads, retention."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .flood import FloodLimits
from .read_limit import ReadLimits
from .rooms import ChatConfig
from .text import WordAction


@dataclass
class ChatSettings(SettingsGroup):
    TITLE = "table chat (docs/operations.md, Chat)"

    # Table chat (docs/operations.md, "Chat").
    chat_word_list: str = setting(
        "", "a file of words and phrases chat does not carry, one a line (re-read when it "
        "changes; empty: none)",
    )  # fmt: skip
    chat_word_action: str = setting(
        "mask", "what a listed word does to a message: masked with *, or the message "
        "refused", ("mask", "reject"),
    )  # fmt: skip
    chat_max_length: int = setting(200, "longest chat message, in characters")
    chat_burst: int = setting(5, "chat messages one author may send in a match within 10 s")
    chat_per_minute: int = setting(20, "chat messages one author may send a minute, all matches")
    chat_room_burst: int = setting(30, "chat messages one room carries within 10 s")
    chat_read_rate: float = setting(
        2.0, "chat reads (ListChatMessages, WatchChat opened) a second per reader: a player, "
        "an anonymous seat, an anonymous spectator's address (0: no limit)",
    )  # fmt: skip
    chat_read_burst: float = setting(30.0, "chat reads one reader may make at once")
    chat_retention_seconds: float = setting(
        30 * 86_400.0, "chat messages are deleted this long after they were sent (0: keep)"
    )
    chat_report_retention_seconds: float = setting(
        365 * 86_400.0, "chat reports (with their copy of the message) are deleted this long "
        "after (0: keep)",
    )  # fmt: skip


def chat_config(settings: ChatSettings, *, sweep_seconds: float) -> ChatConfig:
    """``sweep_seconds``: how often retention sweeps (the server's one retention pace)."""
    return ChatConfig(
        max_text_length=settings.chat_max_length,
        flood=FloodLimits(
            burst=settings.chat_burst,
            per_minute=settings.chat_per_minute,
            room_burst=settings.chat_room_burst,
        ),
        word_list=settings.chat_word_list,
        word_action=WordAction(settings.chat_word_action),
        retention_seconds=settings.chat_retention_seconds,
        report_retention_seconds=settings.chat_report_retention_seconds,
        retention_sweep_seconds=sweep_seconds,
        reads=ReadLimits(rate=settings.chat_read_rate, burst=settings.chat_read_burst),
    )
