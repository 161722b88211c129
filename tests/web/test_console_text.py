"""The operators' console's text (clients/console/src/i18n.ts), read as text: its English
and Hindi tables have the same keys and placeholders, every Hindi entry is Hindi, the
Devanagari font both apps ship (clients/web/fonts/, copied into the console's bundle)
covers every character of it, and every refusal an operator meets -- the operators'
API's own reasons and every credential refusal -- has a message in both languages (any
other reason is shown as a generic line followed by the reason itself)."""

from __future__ import annotations

import re

import grpc

from fiveup.admin import errors as admin_errors
from fiveup.api.errors import STATUS_BY_REASON, domain_error_classes

from ..clients.conftest import CLIENTS_DIR

I18N = CLIENTS_DIR / "console" / "src" / "i18n.ts"
FONT_CHARS = CLIENTS_DIR / "web" / "fonts" / "devanagari-chars.txt"


def tables() -> dict[str, dict[str, str]]:
    text = I18N.read_text()
    english = text.split("const en = {", 1)[1].split("\n};", 1)[0]
    hindi = text.split("const hi: Record<Key, string> = {", 1)[1].split("\n};", 1)[0]
    entry = re.compile(r'^\s+(\w+): "((?:[^"\\]|\\.)*)",$', re.M)
    return {"en": dict(entry.findall(english)), "hi": dict(entry.findall(hindi))}


def test_english_and_hindi_have_the_same_keys_and_placeholders() -> None:
    found = tables()
    assert len(found["en"]) > 200  # the parser read the tables, not a fragment
    assert found["en"].keys() == found["hi"].keys()
    for key, english in found["en"].items():
        hindi = found["hi"][key]
        assert sorted(re.findall(r"\{\w+\}", english)) == sorted(re.findall(r"\{\w+\}", hindi)), key
        assert re.search(r"[\u0900-\u097f]", hindi) or key in {"language", "reportReasonLabel"}, (
            f"{key} is not Hindi"
        )


def test_the_shipped_devanagari_font_has_every_character_of_the_hindi_text() -> None:
    covered = set(FONT_CHARS.read_text().strip())
    used = {c for text in tables()["hi"].values() for c in text if "\u0900" <= c <= "\u097f"}
    missing = "".join(sorted(used - covered))
    assert missing == "", f"run scripts/subset-devanagari.sh: the font lacks {missing!r}"


# What the operators' use cases refuse with from the contexts they act on (an unknown
# player or match, a sanction to lift, a name through the name rules, a match to void).
AREA_REASONS = {
    "PLAYER_NOT_FOUND", "MATCH_NOT_FOUND", "MATCH_NOT_FINISHED", "MATCH_HAS_NO_RESULT",
    "SANCTION_NOT_FOUND", "SANCTION_NOT_IN_FORCE", "INVALID_DISPLAY_NAME", "NAME_RESERVED",
    "NAME_CONFUSABLE", "NAME_INVISIBLE", "INVALID_ARGUMENT", "RATED_PLAY_SUSPENDED",
    "SIGN_IN_SUSPENDED",
}  # fmt: skip


def operator_reasons() -> set[str]:
    """The operators' API's own refusals, its areas' and every credential refusal."""
    own = {cls.reason for cls in domain_error_classes() if cls.__module__ == admin_errors.__name__}
    credentials = {r for r, s in STATUS_BY_REASON.items() if s is grpc.StatusCode.UNAUTHENTICATED}
    assert set(STATUS_BY_REASON) >= AREA_REASONS, AREA_REASONS - set(STATUS_BY_REASON)
    return own | credentials | AREA_REASONS | {"INTERNAL", "UNAVAILABLE", "PERMISSION_DENIED"}


def test_every_refusal_an_operator_meets_has_a_message_in_both_languages() -> None:
    reasons = operator_reasons()
    assert {"NOT_AN_OPERATOR", "REASON_REQUIRED", "TOKEN_EXPIRED"} <= reasons
    for lang, table in tables().items():
        missing = sorted(r for r in reasons if f"err_{r}" not in table)
        assert missing == [], f"{lang}: no message for {missing}"
