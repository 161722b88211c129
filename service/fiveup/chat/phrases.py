"""Quick-chat phrases: the one list, with their words in every language the clients speak.

A phrase travels as its key; each client shows it in its player's language from this
list (``ListChatPhrases`` serves it), so two players who speak different languages read
the same phrase each in their own.

Each phrase is **courtesy** or **game talk**.  Courtesy phrases speak of the people at
the table (a greeting, thanks, a pause, a connection) and never of tiles, moves, scores
or the round; game talk comments on play or on the round ahead.  The difference matters
only in a partnership match during a round (``fiveup.chat.table_talk``): there a
courtesy phrase reaches the sender's opponents at once, and everything else -- game
talk, free text, and the sender's partner's copy of a courtesy phrase -- waits for the
round's end.  docs/security.md says why.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

LANGUAGES = ("en", "hi")  # the clients' languages (clients/web/src/i18n.ts, fiveup play)


class PhraseKind(enum.Enum):
    COURTESY = "courtesy"  # about the people at the table: passes during a round
    GAME = "game"  # about the play or the round: held in a partnership round


@dataclass(frozen=True, slots=True)
class Phrase:
    key: str
    kind: PhraseKind
    texts: Mapping[str, str]  # language -> the words

    def text(self, language: str = "en") -> str:
        return self.texts.get(language) or self.texts["en"]


def _phrase(key: str, kind: PhraseKind, en: str, hi: str) -> Phrase:
    return Phrase(key, kind, {"en": en, "hi": hi})


C, G = PhraseKind.COURTESY, PhraseKind.GAME
PHRASES: tuple[Phrase, ...] = (
    _phrase("hello", C, "Hello!", "नमस्ते!"),
    _phrase("thanks", C, "Thanks!", "धन्यवाद!"),
    _phrase("one_moment", C, "One moment, please", "एक पल रुकिए"),
    _phrase("back", C, "I'm back", "मैं फिर से यहाँ हूँ"),
    _phrase("connection", C, "Connection trouble, sorry", "माफ़ कीजिए, कनेक्शन में दिक्कत है"),
    _phrase("bye", C, "Bye!", "अलविदा!"),
    _phrase("good_luck", G, "Good luck!", "शुभकामनाएँ!"),
    _phrase("have_fun", G, "Have fun!", "मज़े कीजिए!"),
    _phrase("nice_play", G, "Nice play!", "बढ़िया चाल!"),
    _phrase("oops", G, "Oops!", "उफ़!"),
    _phrase("your_turn", G, "Your turn", "आपकी बारी"),
    _phrase("well_played", G, "Well played!", "बहुत बढ़िया खेले!"),
    _phrase("good_game", G, "Good game!", "अच्छा खेल रहा!"),
    _phrase("rematch", G, "Rematch?", "एक और बाज़ी?"),
)
del C, G

BY_KEY: dict[str, Phrase] = {p.key: p for p in PHRASES}
assert len(BY_KEY) == len(PHRASES), "phrase keys are unique"
assert all(set(p.texts) == set(LANGUAGES) for p in PHRASES), "every phrase in every language"


def phrase(key: str) -> Phrase | None:
    return BY_KEY.get(key)
