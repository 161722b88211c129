"""Words for the terminal client, one rule each for every line it prints: counts with
the noun in the right number ("1 match", "2 matches", "-1 point"), and who sits at a
seat ("You", "Asha", "Bot (seat 2)", "Seat 3"), as the web client names them."""

from __future__ import annotations

from dataclasses import dataclass, field


def plural_word(n: int, singular: str) -> str:
    """``singular`` or its plural, as the count ``n`` takes it (one and minus one: singular)."""
    if abs(n) == 1:
        return singular
    # the nouns the client counts: "match" -> "matches", "point" -> "points"
    return singular + ("es" if singular.endswith(("ch", "sh", "s", "x", "z")) else "s")


def count_text(n: int, singular: str) -> str:
    """``n`` and its noun: "1 match", "0 matches", "3 points"."""
    return f"{n} {plural_word(n, singular)}"


@dataclass
class SeatNames:
    """Who sits at a seat, in words: the web client's rule (``seatName`` in
    clients/web/src/table/state.ts, its words from clients/web/src/i18n.ts), so that both
    clients name a seat alike.  The viewer's own seat is "You"; a seat claimed under a
    name is that name; a bot is "Bot (seat 2)"; anyone else (a person not named, an open
    seat) is "Seat 2".  Seats are numbered from 1 (the API counts from 0)."""

    me: int | None  # the viewer's seat (None: a spectator)
    names: dict[int, str] = field(default_factory=dict)  # the names seats were claimed under
    bots: set[int] = field(default_factory=set)  # the seats bots play

    def of(self, seat: int) -> str:
        """The seat's name as a line or sentence starts with it: "You", "Bot (seat 2)"."""
        if seat == self.me:
            return "You"
        if name := self.names.get(seat):
            return name
        if seat in self.bots:
            return f"Bot (seat {seat + 1})"
        return f"Seat {seat + 1}"

    def within(self, seat: int) -> str:
        """The same name inside a sentence: "you", "seat 2"; a name or "Bot (seat 2)" as is."""
        if seat == self.me:
            return "you"
        if self.names.get(seat) or seat in self.bots:
            return self.of(seat)
        return f"seat {seat + 1}"
