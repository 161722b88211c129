"""The words the clients print for seats and players, which no display name may imitate.

A table shows each seat as a name or as one of these labels ("You", "Bot (seat 2)",
"Seat 3", "open seat", and the Hindi forms "आप", "बॉट (सीट 2)", "सीट 3", "खाली सीट"): a
player named "Bot (seat 2)" or "You" could pass for the table itself.  The clients keep
their own wording (clients/web/src/i18n.ts, fiveup.cli); this is the server's one list of
it, and tests/identity/test_name_labels.py renders every label of both clients and checks
that the name rules refuse it, so a new label in a client that this list misses fails
there.

Labels are compared on skeletons (``fiveup.identity.names``), so "Bot" spelled with a
Cyrillic Ve (U+0412) and "Y0u" are the labels they imitate.  A name is refused when its first word is a label
word ("Bot", "Seat 3", "You (seat 1)", "Seat3"), when it holds a label word in brackets
("Ada (You)", "Kiwi [bot]"), or when it is a label phrase ("open seat").  A label word
later in a name, without brackets, is a name like any other ("Jan Bot", "Youssef").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# Every word the clients use alone or first for a seat or a player (English and Hindi).
LABEL_WORDS: tuple[str, ...] = ("You", "Bot", "Seat", "Seats", "आप", "बॉट", "सीट")
# Labels of several words whose first word is an ordinary one.
LABEL_PHRASES: tuple[str, ...] = ("open seat", "खाली सीट")
_BRACKETS = frozenset("()[]{}<>")


def words(text: str) -> list[str]:
    """The runs of letters (with their marks) and the runs of digits of ``text``: "Seat3"
    is ["Seat", "3"], "Bot (seat 2)" is ["Bot", "seat", "2"]."""
    found: list[str] = []
    current, kind = "", ""
    for char in text:
        category = unicodedata.category(char)[0]
        this = "L" if category in "LM" else "N" if category == "N" else ""
        if this and (this == kind or (category == "M" and kind)):
            current += char
            continue
        if current:
            found.append(current)
        current, kind = (char, this) if this else ("", "")
    if current:
        found.append(current)
    return found


def label_imitated(key: str, key_of: Callable[[str], str]) -> str | None:
    """The label a name's skeleton ``key`` imitates, or None; ``key_of`` turns a label into
    the same kind of key."""
    name_words = words(key)
    if not name_words:
        return None
    reserved = {key_of(word): word for word in LABEL_WORDS}
    if name_words[0] in reserved:
        return reserved[name_words[0]]
    if any(char in _BRACKETS for char in key):
        for word in name_words:
            if word in reserved:
                return reserved[word]
    for phrase in LABEL_PHRASES:
        if name_words == words(key_of(phrase)):
            return phrase
    return None
