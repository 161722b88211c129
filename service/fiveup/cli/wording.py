"""Counts in words for the terminal client: the noun in the right number ("1 match",
"2 matches", "-1 point"), one rule for every line the client prints."""

from __future__ import annotations


def plural_word(n: int, singular: str) -> str:
    """``singular`` or its plural, as the count ``n`` takes it (one and minus one: singular)."""
    if abs(n) == 1:
        return singular
    # the nouns the client counts: "match" -> "matches", "point" -> "points"
    return singular + ("es" if singular.endswith(("ch", "sh", "s", "x", "z")) else "s")


def count_text(n: int, singular: str) -> str:
    """``n`` and its noun: "1 match", "0 matches", "3 points"."""
    return f"{n} {plural_word(n, singular)}"
