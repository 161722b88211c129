"""The web app has a clear message for every error reason the API sends, and its English
and Hindi tables have the same keys (clients/web/src/i18n.ts), and the Devanagari font the
app ships (clients/web/fonts/) covers every character of the Hindi text."""

from __future__ import annotations

import re

from fiveup.admin import errors as admin_errors
from fiveup.api.errors import STATUS_BY_REASON, domain_error_classes

from ..clients.conftest import CLIENTS_DIR

I18N = CLIENTS_DIR / "web" / "src" / "i18n.ts"


def tables() -> dict[str, dict[str, str]]:
    text = I18N.read_text()
    english = text.split("const en = {", 1)[1].split("\n};", 1)[0]
    hindi = text.split("const hi: Record<Key, string> = {", 1)[1].split("\n};", 1)[0]
    entry = re.compile(r'^\s+(\w+): "((?:[^"\\]|\\.)*)",$', re.M)
    return {"en": dict(entry.findall(english)), "hi": dict(entry.findall(hindi))}


def test_every_api_reason_has_a_message_in_both_languages() -> None:
    found = tables()
    # the operators' reasons are the console's to word (its own bundle and translations)
    operators_only = {
        cls.reason for cls in domain_error_classes() if cls.__module__ == admin_errors.__name__
    }
    reasons = (set(STATUS_BY_REASON) - operators_only) | {"INTERNAL", "UNAVAILABLE"}
    for lang, table in found.items():
        missing = sorted(r for r in reasons if f"err_{r}" not in table)
        assert missing == [], f"{lang}: no message for {missing}"


def test_english_and_hindi_have_the_same_keys_and_placeholders() -> None:
    found = tables()
    assert len(found["en"]) > 100
    assert found["en"].keys() == found["hi"].keys()
    for key, english in found["en"].items():
        hindi = found["hi"][key]
        assert sorted(re.findall(r"\{\w+\}", english)) == sorted(re.findall(r"\{\w+\}", hindi)), key
        assert re.search(r"[\u0900-\u097f]", hindi) or key in {"language"}, f"{key} is not Hindi"


def test_the_shipped_devanagari_font_has_every_character_of_the_hindi_text() -> None:
    # clients/web/fonts/ is cut to these characters (scripts/subset-devanagari.sh): a
    # new one would show as an empty box on a system without a Devanagari font
    covered = set((CLIENTS_DIR / "web" / "fonts" / "devanagari-chars.txt").read_text().strip())
    used = {c for text in tables()["hi"].values() for c in text if "\u0900" <= c <= "\u097f"}
    missing = "".join(sorted(used - covered))
    assert missing == "", f"run scripts/subset-devanagari.sh: the font lacks {missing!r}"
