"""Free text: cleaning (one visible line, bounded) and the operator's word list against
the disguises a troll uses, without masking innocent words."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fiveup.chat.errors import ChatTextBlocked, ChatTextInvalid
from fiveup.chat.text import MAX_MARKS, WordAction, WordList, clean_text


@given(st.text(max_size=300))
def test_cleaned_text_is_one_visible_line(raw: str) -> None:
    try:
        text = clean_text(raw)
    except ChatTextInvalid:
        return
    assert text and text == text.strip() and len(text) <= 200
    assert "  " not in text and not any(c.isspace() and c != " " for c in text)
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text)
    run = 0
    for c in text:
        run = run + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        assert run <= MAX_MARKS
    assert clean_text(text) == text  # cleaning twice changes nothing


def test_hindi_and_emoji_survive_cleaning() -> None:
    for text in ("नमस्ते, अच्छा खेल!", "क्षत्रिय", "gg 👍🏽", "é e\u0301"):
        assert clean_text(text) == unicodedata.normalize("NFC", text)


@pytest.mark.parametrize("raw", ["", "   ", "\n\t", "\u200b\u200d", "\x1b\x07"])
def test_empty_is_refused(raw: str) -> None:
    with pytest.raises(ChatTextInvalid) as caught:
        clean_text(raw)
    assert caught.value.details["problem"] == "EMPTY"


def test_too_long_is_refused_not_cut() -> None:
    assert clean_text("a" * 200) == "a" * 200
    with pytest.raises(ChatTextInvalid) as caught:
        clean_text("a" * 201)
    assert caught.value.details == {"field": "text", "problem": "TOO_LONG", "max_length": "200"}


WORDS = WordList(["shit", "son of a", "गधा"])


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("oh shit", "oh ****"),
        ("Oh SHIT!", "Oh ****!"),
        ("sh1t", "****"),  # digits for letters
        ("$hit", "****"),
        ("shït", "****"),  # an accent
        ("\u0455h\u0456t", "****"),  # Cyrillic look-alikes
        ("shiiiiit", "********"),  # stretched
        ("s.h.i.t", "*******"),  # spaced apart
        ("s.h.i.t", "*******"),
        ("s\u200bhit", "****"),  # a zero-width space is cleaned away first
        ("you son of a goat", "you *** ** * goat"),
        ("तुम गधा हो", "तुम *** हो"),
    ],
)
def test_listed_words_are_masked_in_disguise(text: str, masked: str) -> None:
    assert WORDS.apply(clean_text(text)) == masked


@pytest.mark.parametrize(
    "text",
    ["shitake mushrooms", "Scunthorpe", "a sun of gold", "sh it", "it is a shot", "गधे"],
)
def test_innocent_words_pass(text: str) -> None:
    assert WORDS.apply(text) == text


def test_reject_mode_refuses() -> None:
    strict = WordList(["shit"], WordAction.REJECT)
    assert strict.apply("nice play") == "nice play"
    with pytest.raises(ChatTextBlocked):
        strict.apply("sh1t")


def test_the_list_file_skips_comments(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "words.txt"
    path.write_text("# the operator's list\n\nshit\n  # indented comment\nson of a\n")
    words = WordList.from_file(path)
    assert len(words) == 2 and words.apply("son of a shit") == "*** ** * ****"
