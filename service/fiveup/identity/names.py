"""Display names: what other players see, so what must be safe to show anywhere.

A name is normalised to Unicode NFC (one spelling per visible string, so two players
cannot tell "é" from "é" apart in a list while the server thinks them different), then
refused if it is empty or too long (``INVALID_DISPLAY_NAME``), or holds a character that
shows nothing (``NAME_INVISIBLE``: Unicode's default-ignorable code points -- zero-width
characters, bidirectional controls, variation selectors, the Hangul fillers U+115F,
U+1160, U+3164, U+FFA0 --, the Braille blank U+2800, or no visible character at all), or
a character of a category that is invisible or changes how text around it renders
(``INVALID_DISPLAY_NAME``: controls Cc, the other formatting characters Cf, surrogates Cs,
private use Co, unassigned Cn, line/paragraph separators Zl, Zp), or has
leading/trailing/doubled white space, or imitates a label the clients show for a seat
(``NAME_RESERVED``: "You", "Bot (seat 2)", "Seat 3" and their Hindi forms,
``fiveup.identity.labels``).  The length is counted in code points after normalisation.

Look-alikes are compared on the name's **key**: its UTS #39 skeleton
(``fiveup.identity.confusables``), case-folded, so "Bo" with a Cyrillic Ve (U+0412),
"B0" and "bo" are all "Bo".  The key is stored with each player, and a name whose key is another player's
is refused (``NAME_CONFUSABLE``, by ``fiveup.identity.players``).  A skeleton treats some
letters differently in each case (capital I looks like l, small i does not), so a new
name is checked with the keys of its folded and its upper-case spelling too
(``name_keys``).
"""

from __future__ import annotations

import itertools
import secrets
import unicodedata

from .confusables import skeleton
from .errors import InvalidDisplayName, NameInvisible, NameReserved
from .labels import label_imitated

MAX_LENGTH = 32
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_GUEST_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I look-alikes

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt; unicodedata does not
# expose it): characters a renderer shows as nothing when it does not support them.
_DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
# Blank characters that are not default-ignorable: they render as an empty cell.
_BLANK = frozenset({0x2800})  # BRAILLE PATTERN BLANK


def is_invisible(char: str) -> bool:
    """Whether ``char`` shows nothing (default-ignorable, or a blank glyph)."""
    code = ord(char)
    return code in _BLANK or any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def quoted(text: str) -> str:
    """``text`` quoted for an error message: what cannot be seen or changes the text
    around it (and quotes, backslashes) as ``\\uXXXX``, so a message never carries the
    very characters it refuses."""
    out = []
    for char in text[: MAX_LENGTH * 2]:
        if char == " " or (char.isprintable() and not is_invisible(char) and char not in '"\\'):
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}")
    return '"' + "".join(out) + ("…" if len(text) > MAX_LENGTH * 2 else "") + '"'


def name_skeleton(name: str) -> str:
    """The key a name is stored and compared with: its UTS #39 skeleton, case-folded."""
    return unicodedata.normalize("NFD", skeleton(name).casefold())


def name_keys(name: str) -> tuple[str, ...]:
    """Every key a new name is compared with: its own, and those of its case-folded and
    upper-case spellings (a skeleton maps "I" to "l" but leaves "i": "IL" and "il" must
    still meet)."""
    keys = dict.fromkeys(name_skeleton(form) for form in (name, name.casefold(), name.upper()))
    return tuple(keys)


def validate_display_name(raw: str) -> str:
    """The name to store for ``raw``, or ``InvalidDisplayName`` (or its kinds
    ``NameInvisible``, ``NameReserved``) whose ``problem`` says which rule it breaks
    (EMPTY, TOO_LONG, INVISIBLE_CHARACTER, BLANK, FORBIDDEN_CHARACTER, SURROUNDING_SPACE,
    REPEATED_SPACE, LABEL)."""
    name = unicodedata.normalize("NFC", raw)
    if not name:
        raise InvalidDisplayName(
            "display_name must not be empty", field="display_name", problem="EMPTY"
        )
    if len(name) > MAX_LENGTH:
        raise InvalidDisplayName(
            f"display_name is longer than {MAX_LENGTH} characters",
            field="display_name",
            problem="TOO_LONG",
            max_length=str(MAX_LENGTH),
        )
    for index, char in enumerate(name):
        if is_invisible(char):
            raise NameInvisible(
                f"display_name {quoted(name)} has an invisible character U+{ord(char):04X}"
                f" at position {index}: every character of a name must show",
                field="display_name",
                problem="INVISIBLE_CHARACTER",
                position=str(index),
            )
    for index, char in enumerate(name):
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise InvalidDisplayName(
                f"display_name {quoted(name)} has an invisible or control character"
                f" U+{ord(char):04X} at position {index}",
                field="display_name",
                problem="FORBIDDEN_CHARACTER",
                position=str(index),
            )
    if name != name.strip():
        raise InvalidDisplayName(
            "display_name must not start or end with white space",
            field="display_name",
            problem="SURROUNDING_SPACE",
        )
    if any(a.isspace() and b.isspace() for a, b in itertools.pairwise(name)):
        raise InvalidDisplayName(
            "display_name must not have two white-space characters in a row",
            field="display_name",
            problem="REPEATED_SPACE",
        )
    if all(unicodedata.category(char)[0] in "ZM" for char in name):
        raise NameInvisible(
            f"display_name {quoted(name)} has no visible character",
            field="display_name",
            problem="BLANK",
        )
    for key in name_keys(name):
        label = label_imitated(key, name_skeleton)
        if label is not None:
            raise NameReserved(
                f"display_name {quoted(name)} reads as the table's label {quoted(label)}:"
                " pick a name that is not a seat's or a player's label",
                field="display_name",
                problem="LABEL",
                label=label,
            )
    return name


def is_valid_display_name(raw: str) -> bool:
    try:
        validate_display_name(raw)
    except InvalidDisplayName:
        return False
    return True


def guest_name() -> str:
    """A name for a player who did not pick one: "Guest-" and six random characters."""
    return "Guest-" + "".join(secrets.choice(_GUEST_ALPHABET) for _ in range(6))


def neutral_name() -> str:
    """The name an operator's reset gives when they give none: "Player " and six digits
    (says nothing of the player; drawn again should another player's look the same)."""
    return f"Player {secrets.randbelow(900_000) + 100_000}"
