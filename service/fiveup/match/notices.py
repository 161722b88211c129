"""What a correspondence match tells its players while they are away: the notices an
append causes (written in the append's own transaction: fiveup.notifications), and the
turn index the store keeps for ListMyMatches and the deadline sweep.

Live matches notify nobody: their players are at the table, on a two-minute turn timer.
A correspondence match (``turn_clock_seconds`` set) notifies

* **your turn**: the seat to move changed, or its turn started waiting for it (its seat
  was claimed), and a signed-in player holds it (a player who must go on -- draw, then
  place -- is not told again);
* **match ended**: to every signed-in player of the match, with the result;
* **deadline soon**: from the sweep, when ``reminder_lead`` of the clock is left
  (``fiveup.match.correspondence``).
"""

from __future__ import annotations

from ..engine import Event, Match
from ..notifications.notices import Notice, NoticeKind
from .ports import TurnIndex

ENDING_EVENTS = frozenset({"match_ended", "match_cancelled"})
MAX_REMINDER_LEAD = 12 * 3600.0


def reminder_lead(clock_seconds: float) -> float:
    """How long before a turn's deadline its player is reminded: a quarter of the clock,
    at most 12 hours (a 10-minute clock reminds at 2.5 minutes left, a day's at 6 hours,
    three days' at 12 hours)."""
    return min(clock_seconds / 4, MAX_REMINDER_LEAD)


def turn_index(match: Match) -> TurnIndex:
    """The correspondence match's turn as the store indexes it: a claimed human seat
    waited for, until its deadline (nobody, once the match is over or a bot plays)."""
    turn = match.current_turn()
    clock = match.turn_clock_seconds
    if clock is None or turn is None or turn.deadline is None or turn.stand_in:
        return TurnIndex()
    return TurnIndex(turn.seat, turn.deadline, turn.deadline - reminder_lead(clock))


def append_notices(
    match_id: str, match: Match, previous: Event | None, events: list[Event], version: int,
    now: float,
) -> list[Notice]:  # fmt: skip
    """The notices of ``events`` (just applied to ``match``, ending at ``version``);
    ``previous``: the event they follow (None when unknown: then the turn counts as new)."""
    if match.turn_clock_seconds is None or not events:
        return []
    if any(e.kind in ENDING_EVENTS for e in events):
        return ended_notices(match_id, match, version, now)
    turn = events[-1].turn
    if turn is None or turn.stand_in or turn.seat in match.auto_seats:
        return []
    before = previous.turn if previous is not None else None
    if (
        before is not None
        and (before.seat, before.stand_in) == (turn.seat, turn.stand_in)
        and (before.deadline is None) == (turn.deadline is None)
    ):
        return []  # the same player goes on (a turn that starts waiting, on a claim, is new)
    player = match.seat_players.get(turn.seat)
    if player is None:
        return []
    data: dict[str, object] = {"seat": turn.seat, "version": version, "deadline": turn.deadline}
    mover = before.seat if before is not None and before.seat != turn.seat else None
    if mover is not None:  # "Bilal moved. It is your turn." (a bot: "Your opponent moved.")
        data["moved_by"] = match.seat_names.get(mover, "")
    return [Notice.of(NoticeKind.YOUR_TURN, player, f"{match_id}@{version}", now,
                      match_id=match_id, data=data)]  # fmt: skip


def ended_notices(match_id: str, match: Match, version: int, now: float) -> list[Notice]:
    """ "Match ended" to every signed-in player of the match."""
    notices = []
    for seat, player in sorted(match.seat_players.items()):
        won = match.winner_side is not None and match.side_of(seat) == match.winner_side
        data = {
            "seat": seat,
            "won": won,
            "cancelled": match.cancelled is not None,
            "scores": list(match.scores),
            "version": version,
        }
        notices.append(Notice.of(NoticeKind.MATCH_ENDED, player, f"{match_id}@end", now,
                                 match_id=match_id, data=data))  # fmt: skip
    return notices


def reminder_notices(match_id: str, match: Match, now: float) -> list[Notice]:
    """ "Deadline soon" for the player whose turn it is (its deadline names the turn)."""
    turn = match.current_turn()
    if turn is None or turn.deadline is None or turn.stand_in:
        return []
    player = match.seat_players.get(turn.seat)
    if player is None:
        return []
    data = {"seat": turn.seat, "deadline": turn.deadline, "version": match.version}
    return [Notice.of(NoticeKind.DEADLINE_SOON, player, f"{match_id}@{match.version}", now,
                      match_id=match_id, data=data)]  # fmt: skip
