"""Display names: exact cases and properties of the validation."""

# ruff: noqa: RUF001, RUF003  (look-alike letters are what these tests are about)
from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fiveup.identity.confusables import prototypes, skeleton
from fiveup.identity.errors import InvalidDisplayName, NameInvisible, NameReserved
from fiveup.identity.names import (
    MAX_LENGTH,
    guest_name,
    name_keys,
    name_skeleton,
    quoted,
    validate_display_name,
)

# Names in several scripts that must still pass (Cyrillic, Devanagari, CJK alone).
LEGIT = [
    "Ada", "Zoë", "李小龍", "José María", "Ñandú 🦤", "O'Brien-Smith", "x" * MAX_LENGTH,
    "Владимир", "Наташа Ростова", "देवनागरी", "प्रिया शर्मा", "김민준", "さくら", "王小明",
    "Youssef", "Seattle", "Botond", "Jan Bot", "Bo", "Во", "Guest-ABC234",
]  # fmt: skip


@pytest.mark.parametrize("name", LEGIT)
def test_accepted(name: str) -> None:
    assert validate_display_name(name) == unicodedata.normalize("NFC", name)


def test_normalised_to_nfc() -> None:
    decomposed = "Zoe\u0308"  # e + combining diaeresis
    assert validate_display_name(decomposed) == "Zoë"
    # Length is counted after normalisation: 32 composed characters fit.
    assert len(validate_display_name("e\u0301" * MAX_LENGTH)) == MAX_LENGTH


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "EMPTY"),
        ("x" * (MAX_LENGTH + 1), "TOO_LONG"),
        (" Ada", "SURROUNDING_SPACE"),
        ("Ada\u3000", "SURROUNDING_SPACE"),
        ("Ada  Lovelace", "REPEATED_SPACE"),
        ("Ada\nLovelace", "FORBIDDEN_CHARACTER"),
        ("Ada\x00", "FORBIDDEN_CHARACTER"),
        ("admin\u202egnp.exe", "INVISIBLE_CHARACTER"),  # right-to-left override
        ("Ad\u200ba", "INVISIBLE_CHARACTER"),  # zero-width space
        ("\u3164", "INVISIBLE_CHARACTER"),  # Hangul filler
        ("\u115f", "INVISIBLE_CHARACTER"),  # Hangul choseong filler
        ("\u1160", "INVISIBLE_CHARACTER"),  # Hangul jungseong filler
        ("Ada\uffa0", "INVISIBLE_CHARACTER"),  # halfwidth Hangul filler
        ("\u2800", "INVISIBLE_CHARACTER"),  # Braille blank
        ("A\u2800da", "INVISIBLE_CHARACTER"),
        ("Ada\ufe0f", "INVISIBLE_CHARACTER"),  # variation selector
        ("Ada\U000e0100", "INVISIBLE_CHARACTER"),  # variation selector supplement
        ("A\u00adda", "INVISIBLE_CHARACTER"),  # soft hyphen
        ("Ada\u034f", "INVISIBLE_CHARACTER"),  # combining grapheme joiner
        ("\u2066Ada\u2069", "INVISIBLE_CHARACTER"),  # bidi isolates
        ("A\u200dda", "INVISIBLE_CHARACTER"),  # zero-width joiner
        ("Ada\U000e0041", "INVISIBLE_CHARACTER"),  # tag character
        ("\u0301\u0301", "BLANK"),  # marks on nothing
        ("Ada\u0600", "FORBIDDEN_CHARACTER"),  # Arabic number sign (Cf, not ignorable)
        ("You", "LABEL"),
        ("you", "LABEL"),
        ("YOU", "LABEL"),
        ("Y0u", "LABEL"),
        ("You (seat 1)", "LABEL"),
        ("Bot", "LABEL"),
        ("Bot (seat 2)", "LABEL"),
        ("Bot (greedy)", "LABEL"),
        ("\u0412ot (seat 2)", "LABEL"),  # Cyrillic В
        ("\uff22ot", "LABEL"),  # fullwidth B
        ("Seat 3", "LABEL"),
        ("seat3", "LABEL"),
        ("Seats 1 + 3", "LABEL"),
        ("Ada (You)", "LABEL"),
        ("Kiwi [bot]", "LABEL"),
        ("open seat", "LABEL"),
        ("आप", "LABEL"),
        ("आप (सीट 2)", "LABEL"),
        ("बॉट", "LABEL"),
        ("बॉट (सीट 2)", "LABEL"),
        ("सीट 3", "LABEL"),
        ("सीट ३", "LABEL"),  # Devanagari digit
        ("खाली सीट", "LABEL"),
        ("Ada\u2028", "FORBIDDEN_CHARACTER"),  # line separator
        ("\ue000Ada", "FORBIDDEN_CHARACTER"),  # private use
        ("P\u0430ypal", "MIXED_SCRIPTS"),  # Cyrillic а among Latin letters
        ("\u0412o", "MIXED_SCRIPTS"),  # Cyrillic В, Latin o
        ("\u03a3 Ivan", "MIXED_SCRIPTS"),  # Greek with Latin
        ("राज Влад", "MIXED_SCRIPTS"),  # Devanagari with Cyrillic: no language writes both
    ],
)
def test_refused_with_a_reason(name: str, problem: str) -> None:
    with pytest.raises(InvalidDisplayName) as caught:
        validate_display_name(name)
    assert caught.value.details["problem"] == problem
    assert caught.value.details["field"] == "display_name"


@given(st.text(max_size=80))
def test_any_text_is_accepted_normalised_or_refused(raw: str) -> None:
    try:
        name = validate_display_name(raw)
    except InvalidDisplayName as exc:
        assert exc.details["problem"] in {
            "EMPTY", "TOO_LONG", "SURROUNDING_SPACE", "REPEATED_SPACE", "FORBIDDEN_CHARACTER",
            "INVISIBLE_CHARACTER", "BLANK", "LABEL", "MIXED_SCRIPTS",
        }  # fmt: skip
        return
    assert name == unicodedata.normalize("NFC", name)
    assert 1 <= len(name) <= MAX_LENGTH
    assert name == name.strip()
    assert all(unicodedata.category(c) not in {"Cc", "Cf", "Cs", "Co", "Cn"} for c in name)
    assert validate_display_name(name) == name  # idempotent


def test_guest_names_are_valid_and_varied() -> None:
    names = {guest_name() for _ in range(50)}
    assert len(names) > 40
    assert all(validate_display_name(n) == n for n in names)


def test_each_refusal_has_its_own_reason() -> None:
    with pytest.raises(NameInvisible) as invisible:
        validate_display_name("\u3164")
    assert invisible.value.reason == "NAME_INVISIBLE"
    with pytest.raises(NameReserved) as reserved:
        validate_display_name("Bot (seat 2)")
    assert reserved.value.reason == "NAME_RESERVED"
    assert reserved.value.details["label"] == "Bot"
    with pytest.raises(InvalidDisplayName) as other:
        validate_display_name("Ada\x00")
    assert other.value.reason == "INVALID_DISPLAY_NAME"


def test_messages_quote_the_name_without_its_invisible_characters() -> None:
    with pytest.raises(NameInvisible) as caught:
        validate_display_name("A\u3164da")
    assert '"A\\u3164da"' in str(caught.value)
    assert "\u3164" not in str(caught.value)
    assert quoted('a"b\\c\u202e') == '"a\\u0022b\\u005Cc\\u202E"'
    assert quoted("Ada Lovelace") == '"Ada Lovelace"'


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Bo", "\u0412o"),  # Cyrillic В
        ("Bo", "bo"),  # case
        ("Bo", "BO"),
        ("Ilya", "ilya"),  # capital I's skeleton is l, small i's is i
        ("ILYA", "ilya"),
        ("Olga", "0lga"),  # digit zero
        ("paypal", "\u0440\u0430ypal"),  # Cyrillic р and а
        ("Zoë", "Zoe\u0308"),
        ("Ada", "\uff21da"),  # fullwidth A
        ("modern", "rnodern"),  # rn looks like m
    ],
)
def test_look_alikes_share_a_key(a: str, b: str) -> None:
    assert set(name_keys(a)) & set(name_keys(b)), (a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ada", "Ida"),
        ("Bo", "Bob"),
        ("Владимир", "Vladimir"),
        ("李小龍", "李小龙"),
        ("Ann", "Anne"),
    ],
)
def test_different_names_have_different_keys(a: str, b: str) -> None:
    assert not set(name_keys(a)) & set(name_keys(b)), (a, b)


def test_the_stored_key_is_the_first_and_the_skeleton_case_folded() -> None:
    assert name_keys("\u0412o")[0] == name_skeleton("\u0412o") == "bo"
    assert skeleton("\u0412") == "B"
    assert skeleton("0") == "O"


def test_the_confusables_table_is_read_one_way() -> None:
    """Each source maps to a prototype that is no source itself (UTS #39's table is
    idempotent), so one pass gives the skeleton, and the package's two-way copy was read
    in the right direction (known lines of confusables.txt)."""
    table = prototypes()
    assert len(table) > 6000
    assert not [s for s, p in table.items() if any(c in table for c in p)]
    assert table["\u0412"] == "B" and table["0"] == "O" and table["I"] == "l"
    assert table["m"] == "rn" and "B" not in table and "l" not in table


@pytest.mark.parametrize(
    "name",
    [
        "Владимир",
        "Ελένη",
        "प्रिया शर्मा",
        "李小龍",
        "\u0412\u043e",  # one script each
        "Ravi राज",
        "Tanaka 田中たなかタナカ",
        "Kim 김",
        "Wang 王ㄅ",  # mixes people write
        "Zoë-2",
        "Ana_Maria 3",  # digits and punctuation belong to every script
    ],
)
def test_one_script_or_a_mix_people_write_passes(name: str) -> None:
    assert validate_display_name(name) == unicodedata.normalize("NFC", name)


def test_a_mixed_name_is_refused_naming_its_scripts() -> None:
    with pytest.raises(InvalidDisplayName) as caught:
        validate_display_name("P\u0430ypal")
    assert caught.value.reason == "NAME_MIXED_SCRIPTS"
    assert caught.value.details["scripts"] == "CYRILLIC,LATIN"
