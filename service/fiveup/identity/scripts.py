"""Which scripts a name mixes, and whether the mix is one people write or one that
impersonates (UTS #39, section 5.2, "Moderately Restrictive").

A name may use one script (Common and Inherited characters -- digits, punctuation,
combining marks -- belong to every script), or Latin with Han, Hiragana and Katakana
(Japanese), with Han and Bopomofo (Chinese), with Han and Hangul (Korean), or Latin with
any one other script but Cyrillic and Greek: "Ravi राज" passes.  Latin mixed with
Cyrillic or Greek is how look-alikes are spelled ("Paypal" with its first a Cyrillic, U+0430), so it is
refused even when no other player's name is imitated yet.  The script of a character
comes from the ``confusable-homoglyphs`` package's copy of Unicode's Scripts.txt.
"""

from __future__ import annotations

from confusable_homoglyphs import categories

_EVERY_SCRIPT = frozenset({"COMMON", "INHERITED"})
_WRITTEN_TOGETHER = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
_LOOK_ALIKE_SCRIPTS = frozenset({"CYRILLIC", "GREEK"})


def scripts_of(text: str) -> frozenset[str]:
    """The scripts of ``text``'s characters, Common and Inherited left out."""
    found = set()
    for char in text:
        try:
            script = categories.alias(char)
        except (KeyError, ValueError, IndexError):
            script = "UNKNOWN"
        found.add(script)
    return frozenset(found - _EVERY_SCRIPT)


def refused_mix(text: str) -> frozenset[str]:
    """The scripts of ``text`` when they mix in a way the rule refuses; empty when they
    do not."""
    scripts = scripts_of(text)
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in _WRITTEN_TOGETHER):
        return frozenset()
    others = scripts - {"LATIN"}
    if "LATIN" in scripts and len(others) == 1 and not others & _LOOK_ALIKE_SCRIPTS:
        return frozenset()
    return scripts
