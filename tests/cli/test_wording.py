"""The terminal client's words: counts with their noun in the right number (`fiveup play
--stats` said "1 matches"), seats numbered from 1 in every line, as the web client
numbers them (the turn line said "Seat 1 to play" for the API's seat 1, the second seat),
and named by the web client's rule (the reckoning said "seat 1" for the person)."""

from __future__ import annotations

from fiveup.cli.play_render import points_text, turn_text
from fiveup.cli.play_stats import render_stats
from fiveup.cli.wording import SeatNames, count_text
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp
from tests.identity.test_name_labels import tables


def test_a_count_takes_the_singular_for_one_and_minus_one_only() -> None:
    assert [count_text(n, "match") for n in (0, 1, 2)] == ["0 matches", "1 match", "2 matches"]
    assert [count_text(n, "point") for n in (-2, -1, 1, 5)] == [
        "-2 points", "-1 point", "1 point", "5 points",
    ]  # fmt: skip
    assert count_text(1, "blocked round") == "1 blocked round"
    assert [points_text(raw) for raw in (5, 10, -5)] == ["1 point", "2 points", "-1 point"]


def test_stats_of_one_match_say_one_match() -> None:
    one = rp.CategoryStats(
        category=rp.RATING_CATEGORY_TWO_PLAYERS, matches=1, rated_matches=0, wins=1,
        blocked_rounds=1, best_placement_points=1,
    )  # fmt: skip
    shown = "\n".join(render_stats(rp.GetPlayerStatsResponse(display_name="Ann", categories=[one])))
    assert "1 match (0 rated), 1 won" in shown, shown
    assert "; 1 blocked round; best placement 1 point" in shown, shown
    many = rp.CategoryStats(category=rp.RATING_CATEGORY_TWO_PLAYERS, matches=3, blocked_rounds=2)
    shown = "\n".join(
        render_stats(rp.GetPlayerStatsResponse(display_name="Ann", categories=[many]))
    )
    assert "3 matches (0 rated)" in shown and "2 blocked rounds" in shown, shown


def test_the_turn_line_numbers_seats_from_one() -> None:
    # the API's seat 1 is the second seat: "Seat 2", as the web client and every other
    # line of this client say
    assert turn_text(pb.Turn(seat=1), me=0, now=0.0) == "Seat 2 to play…"
    assert turn_text(pb.Turn(seat=0), me=1, now=0.0) == "Seat 1 to play…"
    assert turn_text(pb.Turn(seat=1), me=1, now=0.0) == "Your turn."


def test_a_seat_is_named_by_the_web_clients_rule_in_its_words() -> None:
    # the web's seatName (clients/web/src/table/state.ts) with its English words from
    # clients/web/src/i18n.ts: the viewer "You", a claimed name, "Bot (seat N)", "Seat N"
    web = tables()["en"]
    names = SeatNames(me=0, names={2: "Asha"}, bots={1})
    assert names.of(0) == web["you"]
    assert names.of(1) == web["botSeat"].replace("{n}", "2")
    assert names.of(2) == "Asha"
    assert names.of(3) == web["seat"].replace("{n}", "4")
    # inside a sentence the plain words are lower case; a name and a bot's label are not
    assert [names.within(s) for s in range(4)] == ["you", "Bot (seat 2)", "Asha", "seat 4"]
    # the viewer's own seat is "You" whatever it was claimed as; a spectator has none
    assert SeatNames(me=2, names={2: "Asha"}).of(2) == "You"
    assert SeatNames(me=None, bots={0}).of(0) == "Bot (seat 1)"
    # the turn line uses the same rule
    assert turn_text(pb.Turn(seat=1), me=0, now=0.0, names=names) == "Bot (seat 2) to play…"
    assert turn_text(pb.Turn(seat=2), me=0, now=0.0, names=names) == "Asha to play…"
