"""Opening a table with its players already seated: the one way the lobby's parts (the
matchmaker's rounds, rematches) and the contexts above it (tournaments) create a match
whose human seats are claimed for named players.

``SeatedTables.open`` creates the match under an id chosen beforehand and claims each
named seat for its player (``Matches.join`` with the player's id and display name);
with ``bind`` it also binds each seat to its player in the lobby store, so every
MatchService call for the seat accepts that player's access token.  The matchmaker binds
in its round's transaction instead (``bind=False``, a fresh id).  Opening again an id
that exists (a second replica, a retry after a crash between the creation and the
bindings) finishes what is missing and creates nothing twice: callers that record the
match id first (a rematch's offer, a tournament's round) may call it any number of
times.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..engine import HUMAN
from ..identity import Players
from ..match.errors import MatchNotFound, SeatTaken
from ..match.matches import Matches
from .ports import LobbyStore, SeatAlreadyBound


@dataclass(frozen=True, slots=True)
class TableOptions:
    """The match options of a seated table (``Matches.create``'s)."""

    target_points: int
    unrated: bool = False
    hints: bool = False
    practice: bool = False
    turn_clock_seconds: int | None = None


class SeatedTables:
    def __init__(
        self,
        matches: Matches,
        players: Players,
        store: LobbyStore,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.matches = matches
        self.players = players
        self.store = store
        self.clock = clock

    async def open(
        self,
        match_id: str,
        kinds: Sequence[str],
        options: TableOptions,
        owners: Mapping[int, str],
        *,
        bind: bool = True,
        fresh: bool = False,
    ) -> None:
        """Create ``match_id`` (``kinds``: HUMAN or a bot kind per seat) unless it exists,
        claim each seat of ``owners`` (seat -> player id) for its player and, with
        ``bind``, bind it.  ``fresh``: the id was just drawn, so it cannot exist (the
        matchmaker: no read to check)."""
        if fresh or not await self.exists(match_id):
            try:
                await self.matches.create(
                    list(kinds), options.target_points, match_id=match_id,
                    hints=options.hints, practice=options.practice, unrated=options.unrated,
                    turn_clock_seconds=options.turn_clock_seconds,
                )  # fmt: skip
            except Exception:
                if fresh or not await self.exists(match_id):  # not a racing replica's
                    raise
        bound = await self.store.seat_owners(match_id) if bind else {}
        for seat, player in sorted(owners.items()):
            if kinds[seat] != HUMAN or bound.get(seat) == player:
                continue
            # Two callers may open the same table at once: the seat is this player's
            # either way.
            with contextlib.suppress(SeatTaken):
                await self.matches.join(
                    match_id, seat, display_name=await self.name(player), player_id=player
                )
            if bind:
                with contextlib.suppress(SeatAlreadyBound):
                    await self.store.bind_seat(match_id, seat, player, self.clock())

    async def exists(self, match_id: str) -> bool:
        try:
            await self.matches.progress(match_id)
        except MatchNotFound:
            return False
        return True

    async def name(self, player_id: str) -> str:
        player = await self.players.store.get_player(player_id)
        return player.display_name if player is not None else ""
