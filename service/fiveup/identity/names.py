"""Display names: what other players see, so what must be safe to show anywhere.

A name is normalised to Unicode NFC (one spelling per visible string, so two players
cannot tell "é" from "é" apart in a list while the server thinks them different), then
refused if it is empty, too long, has leading/trailing/doubled white space, or holds a
character of a category that is invisible or changes how text around it renders:
controls (Cc), formatting characters (Cf: bidirectional overrides, zero-width joiners),
surrogates (Cs), private use (Co), unassigned code points (Cn), and line/paragraph
separators (Zl, Zp).  The length is counted in code points after normalisation.
"""

from __future__ import annotations

import itertools
import secrets
import unicodedata

from .errors import InvalidDisplayName

MAX_LENGTH = 32
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_GUEST_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I look-alikes


def validate_display_name(raw: str) -> str:
    """The name to store for ``raw``, or ``InvalidDisplayName`` whose ``problem`` says
    which rule it breaks (EMPTY, TOO_LONG, SURROUNDING_SPACE, REPEATED_SPACE,
    FORBIDDEN_CHARACTER)."""
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
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise InvalidDisplayName(
                f"display_name has an invisible or control character U+{ord(char):04X}"
                f" at position {index}",
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
