"""Random matches for 2, 3 and 4 players, driven by a hypothesis state machine.

Each step either plays a few random legal actions (chosen from ``legal_actions``) and
checks every resulting event against the rules, or attempts one kind of illegal action,
which must raise exactly the right ``fiveup.engine.errors`` class and change nothing.
After every step the invariants below hold: the 28 tiles are conserved, scores move in
fives, only the seat to move has actions, replaying the log rebuilds the same state, and
no view or redacted event shows a tile its viewer may not see.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from fiveup.engine import (
    Action,
    Draw,
    Event,
    Match,
    MatchConfig,
    MatchEnded,
    Pass,
    Passed,
    Place,
    RoundDealt,
    RoundEnded,
    SeatAutoPlayed,
    TileDrawn,
    TilePlaced,
    errors,
    event_from_dict,
    redact,
    side_of,
    view_for,
)
from fiveup.engine.shuffle import commitment, fair_lot, round_deck
from fiveup_core import (
    ALL_TILES,
    SIDES,
    ConnectionPoint,
    Layout,
    Tile,
    pip_total,
    points_for_sum,
    reckon_pips,
)
from tests.engine.helpers import snapshot

HAND_SIZE = 5


@dataclass
class Before:
    """What the referee needs to know of the state before an action."""

    seat: int
    round_no: int
    hands: list[list[Tile]]
    boneyard: list[Tile]
    layout: Layout
    must_play: Tile | None
    scores: list[int]


def _flip(t: Tile) -> Tile:
    return (t[1], t[0])


def _dict_tiles(data: dict[str, Any]) -> set[Tile]:
    """Every tile named in a serialised event."""
    out: set[Tile] = set()
    if data.get("tile") is not None:
        out.add(tuple(data["tile"]))  # type: ignore[arg-type]
    if data.get("on") is not None:
        out.add(tuple(data["on"][0]))  # type: ignore[arg-type]
    for hand in data.get("hands") or ():
        out.update(tuple(t) for t in hand)  # type: ignore[misc]
    out.update(tuple(t) for t in data.get("boneyard") or ())  # type: ignore[misc]
    return out


def _serialised(e: Event) -> dict[str, Any]:
    return json.loads(json.dumps(e.to_dict()))  # type: ignore[no-any-return]


def _view_tiles(view: Any, round_events: list[dict[str, Any]]) -> set[Tile]:
    """Every tile a view mentions, in any of its fields (events as serialised)."""
    out: set[Tile] = set(view.hand)
    if view.must_play is not None:
        out.add(view.must_play)
    for data in round_events:
        out |= _dict_tiles(data)
    skip = {"hand", "must_play", "round_events", "last_round_end"}
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        if f.name in skip or not isinstance(value, tuple):
            continue
        for item in value:  # placements, open points, counted ends, legal actions, ...
            t = getattr(item, "tile", None)
            if isinstance(t, tuple):
                out.add(t)
            on = getattr(item, "on", None)
            if on is not None:
                out.add(on.tile)
    return out


class MatchMachine(RuleBasedStateMachine):
    N_SEATS = 2

    def __init__(self) -> None:
        super().__init__()
        self.match: Match | None = None
        self.config: MatchConfig | None = None
        self.log: list[Event] = []
        self.views_checked_at = -1

    # ------------------------------------------------------------------ helpers

    @property
    def m(self) -> Match:
        assert self.match is not None
        return self.match

    @property
    def seed(self) -> bytes:
        assert self.config is not None
        return self.config.seed

    def playing(self) -> bool:
        return self.match is not None and not self.match.finished

    def _round(self) -> Any:
        r = self.m.round
        assert r is not None
        return r

    def _reject(self, seat: int, action: Any, error: type[errors.MatchError]) -> None:
        before = snapshot(self.m)
        with pytest.raises(errors.MatchError) as info:
            self.m.act(seat, action)
        assert type(info.value) is error, f"{action} by {seat}: {info.value!r}, not {error}"
        assert info.value.reason == error.reason
        assert snapshot(self.m) == before, "a rejected action changed the match"
        event(f"rejected: {error.__name__}")

    # ------------------------------------------------------------------ start

    @initialize(
        seed=st.binary(min_size=32, max_size=32),
        target_points=st.sampled_from([1, 2, 4, 61]),
    )
    def start(self, seed: bytes, target_points: int) -> None:
        n = self.N_SEATS
        self.config = MatchConfig(seats=("human",) * n, seed=seed, target_points=target_points)
        self.match, events = Match.start(self.config)
        self.log = list(events)
        started, dealt = events
        assert started.to_dict() == {
            "type": "match_started",
            "seats": ["human"] * n,
            "target_points": target_points,
            "commitment": commitment(seed),
            "hints": False,
            "practice": False,
            "rated": False,
        }
        assert isinstance(dealt, RoundDealt)
        assert dealt.round_no == 1 and dealt.by_lot
        assert dealt.starter == fair_lot(seed, 1, n)
        self._check_deal(dealt)

    def _check_deal(self, dealt: RoundDealt) -> None:
        n = self.N_SEATS
        deck = round_deck(self.seed, dealt.round_no)
        assert dealt.hands == tuple(
            tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)
        )
        assert dealt.boneyard == tuple(deck[n * HAND_SIZE :])
        assert dealt.hand_sizes == (HAND_SIZE,) * n
        assert dealt.boneyard_size == 28 - HAND_SIZE * n
        assert self.m.to_move() == dealt.starter

    # ------------------------------------------------------------------ legal play

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def play_legal_actions(self, data: st.DataObject) -> None:
        for _ in range(data.draw(st.integers(1, 16), label="actions")):
            if self.m.finished:
                return
            seat = self.m.to_move()
            assert seat is not None
            actions = self.m.legal_actions(seat)
            assert actions, "the seat to move always has something to do"
            action = data.draw(st.sampled_from(actions), label=f"seat {seat}")
            if isinstance(action, Place) and data.draw(st.booleans(), label="flip tiles"):
                # the engine accepts tiles written high-first too
                on = action.on and ConnectionPoint(_flip(action.on.tile), action.on.side)
                action = Place(_flip(action.tile), on)
            self._act(seat, action)

    def _act(self, seat: int, action: Action) -> None:
        r = self._round()
        before = Before(
            seat=seat,
            round_no=r.round_no,
            hands=[list(h) for h in r.hands],
            boneyard=list(r.boneyard),
            layout=r.layout.copy(),
            must_play=r.must_play,
            scores=list(self.m.scores),
        )
        version = self.m.version
        events = self.m.act(seat, action)
        assert self.m.version == version + len(events)
        self.log.extend(events)
        self._referee(before, action, events)

    def _referee(self, before: Before, action: Action, events: list[Event]) -> None:
        """Check the events of one accepted action against the rules."""
        seat, n = before.seat, self.N_SEATS
        first, rest = events[0], events[1:]
        legal_before = before.layout.legal_moves(before.hands[seat])
        scores = list(before.scores)
        if isinstance(action, Place):
            assert isinstance(first, TilePlaced) and first.seat == seat
            assert first.tile == tuple(sorted(action.tile))
            assert first.tile in before.hands[seat]
            if before.must_play is not None:
                assert first.tile == before.must_play, "only the drawn tile may be placed"
            trial = before.layout.copy()
            points = trial.place(first.tile, first.on)
            assert first.points == points == points_for_sum(trial.end_sum())
            assert first.end_sum == trial.end_sum()
            scores[side_of(seat, n)] += points
        elif isinstance(action, Draw):
            assert isinstance(first, TileDrawn) and first.seat == seat
            assert before.must_play is None
            assert not legal_before, "a draw only without a legal placement"
            assert before.boneyard and first.tile == before.boneyard[0]
            assert first.playable == bool(before.layout.legal_placements(first.tile))
            event("drew a playable tile" if first.playable else "drew an unplayable tile")
        else:
            assert isinstance(first, Passed) and first.seat == seat
            assert before.must_play is None and not legal_before
            assert not before.boneyard, "a pass only with an empty boneyard"
            event("passed")

        if not rest:  # the round goes on
            r = self._round()
            assert r.round_no == before.round_no and not r.over
            assert all(r.hands), "nobody has gone out"
            assert r.boneyard or any(r.layout.has_legal_move(h) for h in r.hands), "not blocked"
            assert self.m.scores == scores
            if isinstance(first, TileDrawn):
                assert self.m.to_move() == seat, "a draw does not end the turn"
                if first.playable:
                    assert r.must_play == first.tile
                    placements = r.layout.legal_placements(first.tile)
                    assert self.m.legal_actions(seat) == [Place(p.tile, p.on) for p in placements]
                else:
                    assert r.must_play is None
            else:
                assert self.m.to_move() == (seat + 1) % n, "turns go clockwise"
                assert r.must_play is None
            return
        self._check_round_end(first, rest)

    def _check_round_end(self, first: Event, rest: list[Event]) -> None:
        n = self.N_SEATS
        assert self.config is not None
        ended = rest[0]
        assert isinstance(ended, RoundEnded)
        # the state after the action, before the reckoning
        mid = Match.replay(self.config, self.log[: len(self.log) - len(rest)])
        r = mid.round
        assert r is not None and ended.round_no == r.round_no
        went_out = [s for s, h in enumerate(r.hands) if not h]
        if ended.blocked:
            assert ended.winner is None and not went_out
            assert not r.boneyard
            assert not any(r.layout.has_legal_move(h) for h in r.hands)
            event("round blocked")
        else:
            assert isinstance(first, TilePlaced)
            assert went_out == [first.seat] == [ended.winner], "the placer went out"
            event("round won by going out")
        assert ended.hands == tuple(tuple(h) for h in r.hands)
        assert ended.deductions == tuple(reckon_pips(pip_total(h)) for h in r.hands)
        expected = list(mid.scores)
        for seat, deduction in enumerate(ended.deductions):
            expected[side_of(seat, n)] -= deduction
        assert list(ended.scores) == expected
        assert self.m.last_round_end == ended

        top = max(expected)
        target_raw = self.m.config.target_points * 5
        if top >= target_raw and expected.count(top) == 1:
            assert rest[1:] == [MatchEnded(expected.index(top), tuple(expected))]
            assert self.m.finished and self.m.winner_side == expected.index(top)
            assert self.m.to_move() is None
            event("match ended")
            return
        if top >= target_raw:
            event("tie at the top: another round")
        assert len(rest) == 2
        dealt = rest[1]
        assert isinstance(dealt, RoundDealt)
        assert dealt.round_no == ended.round_no + 1
        if ended.blocked:
            assert dealt.by_lot and dealt.starter == fair_lot(self.seed, dealt.round_no, n)
        else:
            assert not dealt.by_lot and dealt.starter == ended.winner
        self._check_deal(dealt)
        assert self.m.scores == expected

    # ------------------------------------------------------------------ illegal actions

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def act_out_of_turn(self, data: st.DataObject) -> None:
        turn = self.m.to_move()
        assert turn is not None
        others = [s for s in range(-1, self.N_SEATS + 1) if s != turn]
        seat = data.draw(st.sampled_from(others), label="seat")
        actions = [*self.m.legal_actions(turn), Draw(), Pass()]
        self._reject(seat, data.draw(st.sampled_from(actions), label="action"), errors.NotYourTurn)

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def place_a_tile_not_in_hand(self, data: st.DataObject) -> None:
        seat, r = self.m.to_move(), self._round()
        assert seat is not None
        t = data.draw(st.sampled_from([t for t in ALL_TILES if t not in r.hands[seat]]))
        on = data.draw(st.sampled_from([None, *(p.point for p in r.layout.open_points())]))
        expected = errors.MustPlayDrawnTile if r.must_play is not None else errors.TileNotInHand
        self._reject(seat, Place(t, on), expected)

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def place_on_a_bad_point(self, data: st.DataObject) -> None:
        seat, r = self.m.to_move(), self._round()
        assert seat is not None
        t = r.must_play if r.must_play is not None else data.draw(st.sampled_from(r.hands[seat]))
        legal = {p.on for p in r.layout.legal_placements(t)}
        points: list[object] = [None] + [ConnectionPoint(x, s) for x in ALL_TILES for s in SIDES]
        bad = [p for p in points if p not in legal]
        malformed = [("x", "low"), (t, "sideways"), ((7, 7), "low"), 42, "[1|1]:low"]
        on = data.draw(st.sampled_from(bad + malformed), label="on")
        self._reject(seat, Place(t, on), errors.IllegalMove)

    @precondition(lambda self: self.playing())
    @rule(t=st.sampled_from([(7, 7), (0, -1), (1,), "[1|1]", None]))
    def place_a_malformed_tile(self, t: Any) -> None:
        seat = self.m.to_move()
        assert seat is not None
        self._reject(seat, Place(t, None), errors.IllegalMove)

    @precondition(lambda self: self.playing())
    @rule(action=st.sampled_from([Draw(), Pass()]))
    def draw_or_pass_when_not_allowed(self, action: Action) -> None:
        seat, r = self.m.to_move(), self._round()
        assert seat is not None
        legal = self.m.legal_actions(seat)
        if action in legal:  # a forced draw or pass: just play it
            self._act(seat, action)
            return
        if r.must_play is not None:  # a playable tile was just drawn
            expected: type[errors.MatchError] = errors.MustPlayDrawnTile
        elif isinstance(legal[0], Place):  # holding a legal placement
            expected = errors.MustPlaceNotDraw
        elif isinstance(action, Pass):  # no placement, but the boneyard has tiles
            expected = errors.MustDrawNotPass
        else:  # no placement and nothing left to draw
            expected = errors.BoneyardEmpty
        self._reject(seat, action, expected)

    @precondition(lambda self: self.playing() and self._round().must_play is not None)
    @rule(data=st.data())
    def place_another_tile_than_the_drawn_one(self, data: st.DataObject) -> None:
        seat, r = self.m.to_move(), self._round()
        assert seat is not None
        others = [t for t in r.hands[seat] if t != r.must_play]
        t = data.draw(st.sampled_from(others), label="tile")
        points = [None, *(p.point for p in r.layout.open_points())]
        on = data.draw(st.sampled_from(points), label="on")
        self._reject(seat, Place(t, on), errors.MustPlayDrawnTile)

    @precondition(lambda self: self.match is not None and self.match.finished)
    @rule(data=st.data())
    def act_after_the_match_ended(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, self.N_SEATS - 1), label="seat")
        action = data.draw(st.sampled_from([Draw(), Pass(), Place((0, 0), None)]))
        self._reject(seat, action, errors.MatchFinished)
        assert self.m.set_auto(seat, seat not in self.m.auto_seats) == []

    @precondition(lambda self: self.match is not None and self.match.finished)
    @rule(
        seed=st.binary(min_size=32, max_size=32),
        target_points=st.sampled_from([1, 2, 4, 61]),
    )
    def start_another_match(self, seed: bytes, target_points: int) -> None:
        self.views_checked_at = -1
        self.start(seed, target_points)

    # ------------------------------------------------------------------ stand-ins, storage

    @precondition(lambda self: self.match is not None)
    @rule(data=st.data())
    def toggle_stand_in(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, self.N_SEATS - 1), label="seat")
        active = data.draw(st.booleans(), label="active")
        was = seat in self.m.auto_seats
        events = self.m.set_auto(seat, active)
        self.log.extend(events)
        if self.m.finished:
            assert events == []
            return
        assert events == ([] if was == active else [SeatAutoPlayed(seat, active)])
        assert (seat in self.m.auto_seats) == active

    @precondition(lambda self: self.match is not None)
    @rule()
    def replay_the_log_as_stored(self) -> None:
        """The log as a store keeps it (JSON) folds back to the very same state."""
        assert self.config is not None
        stored = [json.dumps(e.to_dict()) for e in self.log]
        replayed = Match.replay(self.config, [event_from_dict(json.loads(s)) for s in stored])
        assert snapshot(replayed) == snapshot(self.m)

    # ------------------------------------------------------------------ invariants

    @invariant()
    def tiles_are_conserved(self) -> None:
        if self.match is None:
            return
        r = self._round()
        held = [t for h in r.hands for t in h] + r.boneyard + r.layout.tiles()
        assert sorted(held) == sorted(ALL_TILES)

    @invariant()
    def scores_move_in_fives(self) -> None:
        if self.match is None:
            return
        assert len(self.m.scores) == (2 if self.N_SEATS == 4 else self.N_SEATS)
        assert all(s % 5 == 0 for s in self.m.scores)
        for e in self.log:
            if isinstance(e, TilePlaced):
                assert e.points % 5 == 0 and e.points >= 0
            if isinstance(e, RoundEnded):
                assert all(d % 5 == 0 and d >= 0 for d in e.deductions)

    @invariant()
    def only_the_seat_to_move_may_act(self) -> None:
        if self.match is None:
            return
        turn = self.m.to_move()
        for seat in range(self.N_SEATS):
            actions = self.m.legal_actions(seat)
            if seat != turn:
                assert actions == []
                continue
            r = self._round()
            if r.must_play is not None:
                assert actions and all(a == Place(r.must_play, a.on) for a in actions)  # type: ignore[union-attr]
            elif r.layout.has_legal_move(r.hands[seat]):
                assert all(isinstance(a, Place) for a in actions)
            else:
                assert actions == ([Draw()] if r.boneyard else [Pass()])

    @invariant()
    def replay_rebuilds_the_same_state(self) -> None:
        if self.match is None:
            return
        assert self.config is not None
        assert self.m.version == len(self.log)
        assert snapshot(Match.replay(self.config, self.log)) == snapshot(self.m)

    @invariant()
    def views_show_no_hidden_tile(self) -> None:
        # a view is a function of the state, and the state changes only with the version
        # (rejected actions are checked to change nothing): look once per version
        if self.match is None or self.m.version == self.views_checked_at:
            return
        self.views_checked_at = self.m.version
        r, n = self._round(), self.N_SEATS
        revealed: set[Tile] = set()
        if r.over:  # the match is over: the last reckoning revealed every hand
            assert self.m.last_round_end is not None
            revealed = {t for h in self.m.last_round_end.hands for t in h}
        on_table = set(r.layout.tiles())
        for viewer in [*range(n), None]:
            view = view_for(self.m, viewer)
            own = set(r.hands[viewer]) if viewer is not None else set()
            hidden = set(r.boneyard) | {t for s, h in enumerate(r.hands) if s != viewer for t in h}
            hidden -= revealed
            round_events = [_serialised(e) for e in view.round_events]
            mentioned = _view_tiles(view, round_events)
            assert not mentioned & hidden, f"seat {viewer} sees {mentioned & hidden}"
            assert mentioned <= own | on_table | revealed
            assert view.hand == (tuple(r.hands[viewer]) if viewer is not None else ())
            assert view.hand_sizes == tuple(len(h) for h in r.hands)
            assert view.boneyard_size == len(r.boneyard)
            assert view.scores == tuple(self.m.scores)
            assert view.turn == self.m.to_move()
            mine = viewer is not None and viewer == self.m.to_move()
            assert view.must_play == (r.must_play if mine else None)
            expected_actions = self.m.legal_actions(viewer) if viewer is not None else []
            assert list(view.legal_actions) == expected_actions
            for data in round_events:
                self._check_redacted(data, viewer)

    def _check_redacted(self, data: dict[str, Any], viewer: int | None) -> None:
        if data["type"] == "round_dealt":
            assert data["boneyard"] == []
            assert all(h == [] for s, h in enumerate(data["hands"]) if s != viewer)
        if data["type"] == "tile_drawn" and data["seat"] != viewer:
            assert data["tile"] is None and data["playable"] is None

    def teardown(self) -> None:
        if self.match is None:
            return
        # the whole log: it serialises losslessly and its redactions hide the secrets
        for e in self.log:
            assert event_from_dict(_serialised(e)) == e
            for viewer in [*range(self.N_SEATS), None]:
                seen = redact(e, viewer)
                assert event_from_dict(_serialised(seen)) == seen
                self._check_redacted(_serialised(seen), viewer)


def _settings(max_examples: int) -> settings:
    return settings(
        max_examples=max_examples,
        stateful_step_count=50,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


class TwoPlayers(MatchMachine):
    N_SEATS = 2


class ThreePlayers(MatchMachine):
    N_SEATS = 3


class FourPlayers(MatchMachine):
    N_SEATS = 4


TestTwoPlayers = TwoPlayers.TestCase
TestTwoPlayers.settings = _settings(70)
TestThreePlayers = ThreePlayers.TestCase
TestThreePlayers.settings = _settings(50)
TestFourPlayers = FourPlayers.TestCase
TestFourPlayers.settings = _settings(50)
