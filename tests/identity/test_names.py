"""Display names: exact cases and properties of the validation."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fiveup.identity.errors import InvalidDisplayName
from fiveup.identity.names import MAX_LENGTH, guest_name, validate_display_name


@pytest.mark.parametrize(
    "name", ["Ada", "Zoë", "李小龍", "José María", "Ñandú 🦤", "O'Brien-Smith", "x" * MAX_LENGTH]
)
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
        ("admin\u202egnp.exe", "FORBIDDEN_CHARACTER"),  # right-to-left override
        ("Ad\u200ba", "FORBIDDEN_CHARACTER"),  # zero-width space
        ("Ada\u2028", "FORBIDDEN_CHARACTER"),  # line separator
        ("\ue000Ada", "FORBIDDEN_CHARACTER"),  # private use
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
