"""The UTS #39 skeleton of a string: what it looks like, spelled one way.

Unicode's confusables table (UTS #39, ``confusables.txt``) maps each character that can
be mistaken for another (Cyrillic Ve U+0412, digit ``0``, capital ``I``) to its
prototype (``B``, ``O``, ``l``); two strings with the same skeleton look alike.  The table comes from
the ``confusable-homoglyphs`` package, which keeps a copy of Unicode's file.  That copy
holds each line of the file in both directions (source -> prototype and prototype ->
source), so the direction is recovered here: a source has exactly one prototype, a
prototype with several sources is never a source, and where a pair of single characters
only name each other the package wrote the source first (it adds keys in the file's
order, the source of each line before its prototype).  A prototype is never a source (the
table is idempotent: the module's test checks it), so one pass of the map suffices.

``skeleton`` is the UTS #39 definition: NFD, each character replaced by its prototype,
NFD again.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs.utils import load

_LRM = "\u200e"  # the package wraps right-to-left characters in left-to-right marks


@functools.cache
def prototypes() -> dict[str, str]:
    """Source character -> its prototype (one or more characters)."""
    raw: dict[str, list[dict[str, str]]] = load("confusables.json")
    order = {key.strip(_LRM): index for index, key in enumerate(raw)}
    table = {
        key.strip(_LRM): [entry["c"].strip(_LRM) for entry in entries]
        for key, entries in raw.items()
    }
    mapping: dict[str, str] = {}
    for char, targets in table.items():
        if len(char) != 1 or len(targets) != 1:
            continue  # a sequence, or a prototype of several sources
        target = targets[0]
        if len(target) == 1 and table.get(target) == [char] and order[char] > order[target]:
            continue  # the prototype of a pair that only name each other
        mapping[char] = target
    return mapping


def skeleton(text: str) -> str:
    """UTS #39 ``skeleton(text)``: equal for strings that look alike."""
    table = prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
