"""``fiveup play``'s ratings: the signed-in player's rating and statistics (``--stats``), the
rating change a rated match brought, and the server's bot levels with their ratings
(``--levels``; "a bot about your strength" under ``--stats``), as RatingsService answers
them."""

from __future__ import annotations

from collections.abc import Sequence

import grpc

from ..v1 import match_pb2, ratings_pb2, ratings_pb2_grpc
from .wording import count_text

CATEGORY_NAMES = {
    ratings_pb2.RATING_CATEGORY_TWO_PLAYERS: "2 players",
    ratings_pb2.RATING_CATEGORY_THREE_PLAYERS: "3 players",
    ratings_pb2.RATING_CATEGORY_FOUR_PARTNERSHIPS: "4 players (partnerships)",
}
HISTORY_SHOWN = 8  # the latest ratings drawn as a trail


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def shown(rating: ratings_pb2.Rating) -> str:
    """A rating as players read it: 1500 for a newcomer, with a ? while provisional."""
    return f"{rating.display_rating}{'?' if rating.provisional else ''}"


def level_name(level: ratings_pb2.BotLevel) -> str:
    """The kind as ``--bots`` names it: BOT_KIND_MASTER -> master."""
    return match_pb2.BotKind.Name(level.kind).removeprefix("BOT_KIND_").lower()


def render_levels(levels: Sequence[ratings_pb2.BotLevel]) -> list[str]:
    """The ladder, weakest first: each level's --bots name, title, rating and budget."""
    lines = ["Bot levels, weakest first (ratings on the players' 2-player scale; --bots NAME):"]
    for lv in levels:
        rating = f"rating {shown(lv.rating):>5}" if lv.HasField("rating") else "not rated".ljust(12)
        lines.append(f"  {level_name(lv):<7} {lv.title:<9} {rating}  {lv.budget}")
    return lines


def nearest_level(
    levels: Sequence[ratings_pb2.BotLevel], rating: ratings_pb2.Rating
) -> ratings_pb2.BotLevel | None:
    """The rated level whose rating (mu, what players are shown and ranked by) is nearest
    ``rating``'s; a tie goes to the weaker."""
    rated = [lv for lv in levels if lv.HasField("rating")]
    return min(rated, key=lambda lv: abs(lv.rating.mu - rating.mu), default=None)


def render_stats(
    stats: ratings_pb2.GetPlayerStatsResponse,
    levels: Sequence[ratings_pb2.BotLevel] = (),
) -> list[str]:
    """The player's figures per category, one short block each; with ``levels``, the
    bot about the player's strength where their 2-player rating is settled."""
    lines = [f"{stats.display_name}: ratings and statistics"]
    if not stats.categories:
        return [*lines, "  No finished matches yet: play one with --queue 2."]
    for c in stats.categories:
        name = CATEGORY_NAMES.get(c.category, "?")
        if not c.HasField("rating"):
            head = "not rated yet (no rated match)"
        elif c.provisional:
            place = f", would stand #{c.place}" if c.HasField("place") else ""
            head = (
                f"rating {shown(c.rating)} ± {c.rating.display_deviation}, provisional: on the "
                f"leaderboard once it settles (a few more rated matches){place}"
            )
        else:
            rank = f", rank #{c.rank}" if c.HasField("rank") else ""
            if c.inactive:
                rank = f", off the leaderboard until your next rated match (#{c.place})"
            head = f"rating {shown(c.rating)} ± {c.rating.display_deviation}{rank}"
        interval = c.win_rate_interval
        lines += [
            f"  {name}: {head}",
            f"    {count_text(c.matches, 'match')} ({c.rated_matches} rated), {c.wins} won: "
            f"{_pct(c.win_rate)} (95% interval {_pct(interval.lower)} to {_pct(interval.upper)})",
            f"    per round: {c.points_per_round:.1f} points scored, {c.deduction_per_round:.1f} "
            f"deducted; {count_text(c.blocked_rounds, 'blocked round')}; best placement "
            f"{count_text(c.best_placement_points, 'point')}",
        ]
        if c.history:
            trail = " → ".join(shown(p.rating) for p in c.history[-HISTORY_SHOWN:])
            lines.append(f"    rating after each rated match: {trail}")
        two = c.category == ratings_pb2.RATING_CATEGORY_TWO_PLAYERS
        if two and c.HasField("rating") and not c.provisional:
            near = nearest_level(levels, c.rating)
            if near is not None:
                lines.append(
                    f"    a bot about your strength: {level_name(near)} ({near.title}, rating "
                    f"{shown(near.rating)}): fiveup play --bots {level_name(near)}"
                )
    return lines


def rating_change_line(match_id: str, latest: Sequence[ratings_pb2.PlayerMatch]) -> str | None:
    """What the finished match ``match_id`` did to the player's rating (None: it is not
    among the player's latest results)."""
    for m in latest:
        if m.match_id != match_id:
            continue
        name = CATEGORY_NAMES.get(m.category, "?")
        if not m.rated:
            return (
                "This match was not rated (rated matches have signed-in people in every seat,"
                " and no hints)."
            )
        before, after = m.rating_before, m.rating_after
        change = after.display_rating - before.display_rating
        return f"Rating ({name}): {shown(before)} → {shown(after)} ({change:+d})."
    return None


async def fetch_stats(
    channel: grpc.aio.Channel, metadata: tuple[tuple[str, str], ...]
) -> ratings_pb2.GetPlayerStatsResponse:
    stub = ratings_pb2_grpc.RatingsServiceStub(channel)
    return await stub.GetPlayerStats(ratings_pb2.GetPlayerStatsRequest(), metadata=metadata)


async def fetch_levels(channel: grpc.aio.Channel) -> list[ratings_pb2.BotLevel]:
    stub = ratings_pb2_grpc.RatingsServiceStub(channel)
    return list((await stub.ListBotLevels(ratings_pb2.ListBotLevelsRequest())).levels)


async def rating_change(
    channel: grpc.aio.Channel, metadata: tuple[tuple[str, str], ...], match_id: str
) -> str | None:
    """The rating change line of the player's match that just finished (its result is
    written with the match's end, so it is there as soon as the end is)."""
    stub = ratings_pb2_grpc.RatingsServiceStub(channel)
    page = await stub.ListPlayerMatches(
        ratings_pb2.ListPlayerMatchesRequest(page_size=5), metadata=metadata
    )
    return rating_change_line(match_id, page.matches)
