"""``fiveup play``'s tournament screens: the list of tournaments, a tournament's
standings, where the person stands ("waiting for round 2"), and the one line for each
refusal of an entry.  Everything comes from TournamentService's answers."""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from ..v1 import tournaments_pb2 as pb
from .wording import count_text

FORMATS = {pb.TOURNAMENT_FORMAT_SWISS: "Swiss", pb.TOURNAMENT_FORMAT_ARENA: "arena"}
STATES = {
    pb.TOURNAMENT_STATE_UPCOMING: "upcoming",
    pb.TOURNAMENT_STATE_RUNNING: "running",
    pb.TOURNAMENT_STATE_FINISHED: "finished",
    pb.TOURNAMENT_STATE_CANCELLED: "called off",
}

# Why an entry was refused (the ErrorInfo reason) -> the line the person reads.
REFUSALS = {
    "TOURNAMENT_NOT_FOUND": "no tournament {tid} (check the id: fiveup play --tournaments lists"
    " them; an invitation-only one is shown only to the players it names)",
    "TOURNAMENT_FULL": "tournament {tid} is full; pick another (fiveup play --tournaments)",
    "TOURNAMENT_ENTRIES_CLOSED": "entries to tournament {tid} are closed; pick another"
    " (fiveup play --tournaments)",
    "TOURNAMENT_WITHDRAWN": "you withdrew from tournament {tid} after its start; you cannot"
    " enter it again",
    "TOURNAMENT_BUSY": "tournament {tid} is busy right now; try again in a moment",
}
NOT_ELIGIBLE = {
    "invitation": "tournament {tid} is by invitation and does not name you",
    "rating": "your rating is outside tournament {tid}'s rating band",
    "standing": "tournament {tid} needs the standing of rated play (a linked account, or"
    " enough rated play as a guest)",
}


def refusal_text(reason: str, rule: str, tid: str, details: str) -> str:
    """The one line for a refused entry (the server's own words for a reason not known)."""
    if reason == "TOURNAMENT_NOT_ELIGIBLE":
        text = NOT_ELIGIBLE.get(rule, "the tournament's entry rules keep you out ({details})")
        return text.format(tid=tid, details=details) + ": you cannot enter it"
    known = REFUSALS.get(reason)
    return known.format(tid=tid) if known else f"cannot enter tournament {tid}: {details}"


def _when(ts_seconds: float, now: float) -> str:
    left = ts_seconds - now
    clock = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts_seconds))
    if 0 < left < 3600:
        return f"in {count_text(max(1, round(left)), 'second') if left < 120 else count_text(round(left / 60), 'minute')} ({clock})"
    return clock


def rules_text(settings: pb.TournamentSettings) -> str:
    """ "Swiss, 2 seats, to 61 points"."""
    seats = f"{settings.seats} seats" + (" (rotating partners)" if settings.seats == 4 else "")
    target = settings.target_points or 61
    return (
        f"{FORMATS.get(settings.format, 'tournament')}, {seats}, to {count_text(target, 'point')}"
    )


def render_list(tournaments: Sequence[pb.TournamentSummary], now: float) -> list[str]:
    """One line per tournament, and how to enter one."""
    if not tournaments:
        return ["No upcoming or running tournaments."]
    lines = []
    for t in tournaments:
        s = t.settings
        if t.state == pb.TOURNAMENT_STATE_UPCOMING:
            when = "starts " + _when(s.starts_at.ToNanoseconds() / 1e9, now)
        elif s.format == pb.TOURNAMENT_FORMAT_SWISS and t.rounds:
            when = f"round {t.round} of {t.rounds}"
        else:
            when = STATES.get(t.state, "")
        lines.append(
            f"  {t.tournament_id}  {s.name} — {rules_text(s)}; "
            f"{t.entrants}/{s.capacity} entered; {when}"
        )
    return [*lines, "Enter one with: fiveup play --tournament ID"]


def render_standings(detail: pb.TournamentDetail, me: str) -> list[str]:
    """The standings, the person's line marked."""
    summary = detail.summary
    head = f"{summary.settings.name} — {rules_text(summary.settings)}"
    if summary.rounds and summary.round:
        head += f"; round {summary.round} of {summary.rounds}"
    lines = [head]
    if not detail.standings:
        names = ", ".join(e.display_name or "?" for e in detail.entrants if e.active)
        return [*lines, f"  Entered ({len(detail.entrants)}): {names}"]
    lines.append("    #  player                points  Buchholz     SB  wins")
    for s in detail.standings:
        name = (s.display_name or "?")[:16] + (" (you)" if s.player_id == me else "")
        left = "" if s.active else "  withdrawn"
        lines.append(
            f"  {s.rank:>3}  {name:<22}{s.points:>6g}  {s.buchholz:>8g}  "
            f"{s.sonneborn_berger:>5g}  {s.wins:>4}{left}"
        )
    return lines


def waiting_text(
    detail: pb.TournamentDetail, me: str, now: float, played: Collection[str] = ()
) -> str:
    """Where the person stands while they have no table to play (``played``: the tables
    they played already, whose endings the tournament may not have read yet)."""
    summary = detail.summary
    if summary.state == pb.TOURNAMENT_STATE_UPCOMING:
        starts = _when(summary.settings.starts_at.ToNanoseconds() / 1e9, now)
        return f"Entered. Starts {starts}; waiting for round 1…"
    arena = summary.settings.format == pb.TOURNAMENT_FORMAT_ARENA
    if not detail.rounds:
        return "Waiting for your first table…" if arena else "Waiting for round 1…"
    if any(
        t.ending == pb.TABLE_ENDING_PLAYING and me in t.player_ids and t.match_id not in played
        for r in detail.rounds[-2:]
        for t in r.tables
    ):
        return "Your next table is being seated…"
    if arena:
        ends = summary.ends_at.ToNanoseconds() / 1e9
        if summary.HasField("ends_at") and ends <= now:
            return "The arena's time is up: waiting for its last tables and the final standings…"
        clock = time.strftime("%H:%M:%S UTC", time.gmtime(ends))
        return "Waiting for your next table" + (
            f"; the arena seats tables until {clock}…" if summary.HasField("ends_at") else "…"
        )
    current = detail.rounds[-1]
    playing = sum(1 for t in current.tables if t.ending == pb.TABLE_ENDING_PLAYING)
    last = summary.rounds and current.round >= summary.rounds
    after = "the final standings" if last else f"round {current.round + 1}"
    byes = [t for t in current.tables if t.ending == pb.TABLE_ENDING_BYE and me in t.player_ids]
    mine = "You have a bye this round (1 point). " if byes else ""
    if me in current.unseated_player_ids:
        mine = "You sit this round out. "
    if playing:
        return f"{mine}Waiting for {after} ({count_text(playing, 'table')} still playing)…"
    return f"{mine}Waiting for {after}…"


def final_text(detail: pb.TournamentDetail, me: str) -> str:
    """The last line: where the person finished."""
    mine = next((s for s in detail.standings if s.player_id == me), None)
    if mine is None:
        return "Tournament over."
    return (
        f"Tournament over: you finished {ordinal(mine.rank)} of {len(detail.standings)} "
        f"with {mine.points:g} {'point' if mine.points == 1 else 'points'}."
    )


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
