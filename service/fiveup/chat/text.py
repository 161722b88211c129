"""Free text as the table will see it: cleaned of what could fake a line or hide words,
bounded, and checked against the operator's word list.

``clean_text`` makes one line of visible text: Unicode NFC; every run of white space
(new lines included) becomes one space, so a message can never start a line of its own
that looks like another author's; controls and formatting characters are dropped
(terminal escapes, bidirectional overrides that reverse how a line reads, zero-width
characters that split a word past a filter); a base character keeps at most
``MAX_MARKS`` combining marks (enough for every Devanagari syllable, not for "Zalgo"
text that spills over the lines around it).  Too long or empty after cleaning is an
error, never a silent cut.

``WordList`` matches whole words (never inside a longer word: no Scunthorpe problem)
after folding the usual disguises: case, Latin accents, digits and signs for letters
(``$h1t``), Cyrillic and Greek look-alikes, letters stretched to three or more
(``shiiit``), letters spaced or dotted apart (``s h i t``, ``s.h.i.t``).  A list entry
may be several words.  The operator chooses to mask a match (``***``) or to refuse the
message.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import ChatTextBlocked, ChatTextInvalid

MAX_TEXT_LENGTH = 200  # code points, after cleaning
MAX_MARKS = 3  # combining marks kept per base character
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_SPACE = re.compile(r"\s+")


def clean_text(raw: str, max_length: int = MAX_TEXT_LENGTH) -> str:
    """The text to store for ``raw`` (ChatTextInvalid when empty or too long)."""
    text = unicodedata.normalize("NFC", raw)
    text = "".join(" " if ch.isspace() else ch for ch in text)
    kept: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in _DROPPED:
            continue
        if category in ("Mn", "Me"):
            if marks >= MAX_MARKS or not kept:
                continue
            marks += 1
        else:
            marks = 0
        kept.append(ch)
    text = _SPACE.sub(" ", "".join(kept)).strip()
    if not text:
        raise ChatTextInvalid("the message is empty", field="text", problem="EMPTY")
    if len(text) > max_length:
        raise ChatTextInvalid(
            f"the message is longer than {max_length} characters",
            field="text", problem="TOO_LONG", max_length=str(max_length),
        )  # fmt: skip
    return text


# ------------------------------------------------------------------------------ folding

# Digits and signs that stand for letters inside a word (not "!", which ends sentences).
_LEET = {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", "$": "s"}
# Cyrillic and Greek letters that look like Latin ones (after case folding).
_LOOKALIKE = dict(zip("аеорсухіјѕԁɡοαρτυνκιχ", "aeopcyxijsdgoaptuvkix", strict=True))


def _fold(ch: str) -> str:
    """What one character counts as when matching words ("" for a Latin accent)."""
    if ch in _LEET:
        return _LEET[ch]
    out = []
    for part in unicodedata.normalize("NFKD", ch.casefold()):
        if "\u0300" <= part <= "\u036f":  # the Latin combining accents: ü -> u
            continue
        out.append(_LOOKALIKE.get(part, part))
    return "".join(out)


def _is_word_piece(folded: str, ch: str) -> bool:
    return bool(folded) and (folded.isalnum() or unicodedata.category(ch).startswith("M"))


@dataclass(frozen=True, slots=True)
class _Token:
    start: int  # span in the text
    end: int
    word: str  # folded


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    start, pieces = -1, []
    for i, ch in enumerate(text + " "):
        folded = _fold(ch) if i < len(text) else ""
        if _is_word_piece(folded, ch):
            if start < 0:
                start = i
            pieces.append(folded)
        elif start >= 0:
            tokens.append(_Token(start, i, "".join(pieces)))
            start, pieces = -1, []
    return tokens


_STRETCHED = re.compile(r"(.)\1\1+")
_DOUBLE = re.compile(r"(.)\1+")


def _unstretched(word: str) -> str | None:
    """``word`` with every run of a letter cut to one, if it had a run of three or more
    (a stretched word); None for an ordinary word (compared as it is)."""
    return _DOUBLE.sub(r"\1", word) if _STRETCHED.search(word) else None


def _joined_singles(tokens: Sequence[_Token]) -> list[_Token]:
    """Runs of two or more one-letter tokens joined into one ("s h i t" -> "shit")."""
    found, run = [], []
    for token in [*tokens, None]:
        if token is not None and len(token.word) == 1:
            run.append(token)
            continue
        if len(run) >= 2:
            found.append(_Token(run[0].start, run[-1].end, "".join(t.word for t in run)))
        run = []
    return found


class WordAction(enum.Enum):
    MASK = "mask"  # the matched words become asterisks
    REJECT = "reject"  # the message is refused (CHAT_TEXT_BLOCKED)


class WordList:
    """The operator's list of words and phrases that chat does not carry."""

    def __init__(self, entries: Iterable[str] = (), action: WordAction = WordAction.MASK):
        self.action = action
        self._entries: list[tuple[str, ...]] = []
        for entry in entries:
            words = tuple(t.word for t in _tokens(entry))
            if words:
                self._entries.append(words)
        self._singles = {e[0] for e in self._entries if len(e) == 1}
        self._unstretched = {_DOUBLE.sub(r"\1", w) for w in self._singles}

    @classmethod
    def from_file(cls, path: str | Path, action: WordAction = WordAction.MASK) -> WordList:
        """One entry a line; blank lines and lines starting with ``#`` are skipped."""
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        return cls((line for line in lines if line.strip() and not line.lstrip().startswith("#")),
                   action)  # fmt: skip

    def __len__(self) -> int:
        return len(self._entries)

    def _matches(self, text: str) -> list[tuple[int, int]]:
        tokens = _tokens(text)
        spans = []
        for token in [*tokens, *_joined_singles(tokens)]:
            stretched = _unstretched(token.word)
            if token.word in self._singles or (
                stretched is not None and stretched in self._unstretched
            ):
                spans.append((token.start, token.end))
        words = [t.word for t in tokens]
        for entry in self._entries:
            if len(entry) < 2:
                continue
            for i in range(len(words) - len(entry) + 1):
                if tuple(words[i : i + len(entry)]) == entry:
                    spans.append((tokens[i].start, tokens[i + len(entry) - 1].end))
        return spans

    def apply(self, text: str) -> str:
        """``text`` with listed words masked, or ChatTextBlocked (REJECT)."""
        spans = self._matches(text) if self._entries else []
        if not spans:
            return text
        if self.action is WordAction.REJECT:
            raise ChatTextBlocked("the message has a word this server does not carry", field="text")
        chars = list(text)
        for start, end in spans:
            for i in range(start, end):
                if not chars[i].isspace():
                    chars[i] = "*"
        return "".join(chars)
