"""The tournaments context's builder: ``build_tournaments(...)`` makes the use cases
behind TournamentService (``Tournaments``) and each replica's ``Director`` over the
tournament store.  It depends on the identity context (``Players``; blocks kept apart at
tables), the ratings context (ratings at the start and for the entry band; the standing
of rated play), the match context (``Matches``: a table's end is read from its log) and
the lobby (``SeatedTables``: a table is opened the way the matchmaker opens one) and the
friends context (``FriendLookup``: whom a player may invite)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..friends.ports import FriendLookup
from ..identity import Players
from ..identity.relations import BlockLookup
from ..lobby.seating import SeatedTables
from ..match.matches import Matches
from .director import Director
from .model import Rng
from .ports import TournamentStore
from .service import RatingsAtStart, StandingCheck, Tournaments
from .settings import TournamentsConfig


@dataclass(frozen=True, slots=True)
class TournamentsContext:
    tournaments: Tournaments
    director: Director

    async def start(self) -> None:
        await self.director.start()

    async def close(self) -> None:
        self.tournaments.close()
        await self.director.close()


def build_tournaments(
    config: TournamentsConfig,
    store: TournamentStore,
    players: Players,
    ratings: RatingsAtStart,
    standing: StandingCheck,
    matches: Matches,
    seated: SeatedTables,
    *,
    blocks: BlockLookup | None = None,
    friends: FriendLookup | None = None,
    clock: Callable[[], float] = time.time,
    rng: Rng | None = None,
    published: Callable[[Iterable[str]], None] | None = None,
) -> TournamentsContext:
    """``published``: the notifications context's ``Outbox.published``, told after a
    change wrote notices ("your table is ready") to wake those players' streams."""
    tournaments = Tournaments(
        config, store, players, ratings, standing, friends=friends, blocks=blocks,
        clock=clock, published=published,
    )  # fmt: skip
    director = Director(config, tournaments, matches, seated, blocks=blocks, clock=clock, rng=rng)
    return TournamentsContext(tournaments, director)
