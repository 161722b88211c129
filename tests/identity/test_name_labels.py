"""The labels the clients show for seats and players are names no player may take.

The server keeps one list of the clients' label words (fiveup.identity.labels); this test
reads the labels themselves from the web client's translations (clients/web/src/i18n.ts,
English and Hindi) and the terminal client's wording (fiveup.cli.play_render), renders
each as a table shows it, and checks the name rules refuse every one: a label added to a client
that the list misses fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fiveup.cli.play_render import seat_text
from fiveup.identity.errors import NameReserved
from fiveup.identity.names import validate_display_name

I18N = Path(__file__).resolve().parents[2] / "clients" / "web" / "src" / "i18n.ts"
# The keys of the labels a table shows in place of a name (a seat, a bot, the viewer).
LABEL_KEYS = ("you", "bot", "seat", "seatOpen", "team", "botSeat", "youSeat", "youAs", "nameSeat")
BOT_KEY = re.compile(r"bot[A-Z]\w*")


def tables() -> dict[str, dict[str, str]]:
    text = I18N.read_text(encoding="utf-8")
    found: dict[str, dict[str, str]] = {}
    for lang in ("en", "hi"):
        start = re.search(rf"^const {lang}\b.*\{{$", text, re.M)
        assert start is not None, lang
        end = text.index("\n};", start.end())
        body = text[start.end() : end]
        found[lang] = dict(re.findall(r'^\s+(\w+): "((?:[^"\\]|\\.)*)",?$', body, re.M))
    return found


def rendered(template: str) -> str:
    return (
        template.replace("{n}", "2").replace("{a}", "1").replace("{b}", "3")
        .replace("{name}", "Ada").replace("{bot}", "Bot").replace("{rating}", "1500")
    )  # fmt: skip


def web_labels() -> list[str]:
    labels = []
    for table in tables().values():
        keys = [k for k in LABEL_KEYS if k in table]
        keys += [k for k in table if BOT_KEY.fullmatch(k)]
        assert len(keys) >= len(LABEL_KEYS), keys  # the keys are still there
        labels += [rendered(table[k]) for k in keys]
    return labels


def cli_labels() -> list[str]:
    seat = seat_text(2)
    return [seat, seat.capitalize(), "you", "You", "seats 1 & 3", "seats 1 & 3 (you)"]


@pytest.mark.parametrize("label", web_labels() + cli_labels())
def test_no_name_may_be_a_label_of_either_client(label: str) -> None:
    with pytest.raises(NameReserved):
        validate_display_name(label)


def test_both_languages_are_read() -> None:
    found = tables()
    assert found["en"]["botSeat"] == "Bot (seat {n})"
    assert found["hi"]["you"] == "आप"
