"""Rematch: at a match's end any seated player may offer one; when every human seat has
accepted, a new match with the same seats (the same players bound to the same seat
numbers, bots where bots were) and the same options starts, and everyone is told.

The offer is its own record (the lobby store's ``rematches``: a finished match's log is
closed), made by the first offer together with the new match's id, so every replica that
completes the offer creates the same match.  Notices: "rematch offered" to the other
players in the offer's transaction, "rematch started" to everyone in the transaction
that marks it started -- after the new match exists, so none promises a match that is
not there.  A crash between the two is finished by the next call (any player offering,
accepting or reading the offer): the creation and the bindings are idempotent.

**Blocks** (docs/security.md, "Invitations and blocks"): players with a block either way
get no rematch -- an offer would push a notice to the blocker and seat the two together
again.  The blocker is told why (``PLAYER_BLOCKED``); anyone else is told only that no
rematch is available, so the block stays unknown to the blocked player.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine import HUMAN
from ..identity import Players
from ..identity.relations import BlockLookup, NoBlocks
from ..match.matches import Matches, new_match_id
from ..notifications.notices import Notice, NoticeKind
from ..shared.errors import PermissionDenied
from .errors import PlayerBlocked, RematchNotAvailable
from .ports import LobbyStore, RematchState
from .seating import SeatedTables, TableOptions
from .seats import PlayerSeats, check_rated_seat

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RematchStatus:
    """A match's rematch as a player reads it."""

    match_id: str
    accepted: tuple[int, ...]  # the seats that accepted (the first offered)
    waiting: tuple[int, ...]  # the human seats still to accept
    new_match_id: str  # "" until it has started
    offered: bool  # there is an offer at all

    @property
    def started(self) -> bool:
        return bool(self.new_match_id)


class Rematches:
    def __init__(
        self,
        matches: Matches,
        players: Players,
        seats: PlayerSeats,
        store: LobbyStore,
        tables: SeatedTables,
        *,
        blocks: BlockLookup | None = None,
        clock: Callable[[], float] = time.time,
        published: Callable[[Iterable[str]], None] | None = None,
    ) -> None:
        self.matches = matches
        self.blocks: BlockLookup = blocks or NoBlocks()
        self.players = players
        self.seats = seats
        self.store = store
        self.tables = tables  # creates the new match with its players seated
        self.clock = clock
        self.published = published  # the outbox's wake-up, after a commit with notices

    async def offer(self, access_token: str | None, match_id: str) -> RematchStatus:
        """The caller offers a rematch, or accepts the one offered (idempotent); the
        acceptance that completes the seats starts the new match."""
        owners, humans, seat = await self._table(access_token, match_id, rated_seat=True)
        await self._not_blocked(owners[seat], [owners[s] for s in humans])
        by = await self._name(owners[seat])
        offered = [
            Notice.of(
                NoticeKind.REMATCH_OFFERED,
                player,
                f"{match_id}/rematch",
                self.clock(),
                match_id=match_id,
                data={"by": by, "seat": seat},
            )
            for other, player in sorted(owners.items())
            if other != seat and other in humans
        ]
        state = await self.store.accept_rematch(
            match_id, seat, new_match_id(), self.clock(), offered
        )
        self._tell(state.told)
        if not state.started and set(humans) <= set(state.accepted):
            state = await self._start(match_id, owners, humans, state)
        return _status(state, humans)

    async def decline(self, access_token: str | None, match_id: str) -> bool:
        """The caller declines (or withdraws) the offer: it is off for everyone (a
        rematch needs every player); whether there was one to decline."""
        await self._table(access_token, match_id)
        return await self.store.decline_rematch(match_id)

    async def status(self, access_token: str | None, match_id: str) -> RematchStatus:
        owners, humans, _ = await self._table(access_token, match_id, finished=False)
        state = await self.store.rematch(match_id)
        if state is None:
            return RematchStatus(match_id, (), tuple(humans), "", False)
        if not state.started and set(humans) <= set(state.accepted):  # a crash mid-start
            state = await self._start(match_id, owners, humans, state)
        return _status(state, humans)

    # ------------------------------------------------------------------ internals

    async def _table(
        self, access_token: str | None, match_id: str, *, finished: bool = True,
        rated_seat: bool = False,
    ) -> tuple[dict[int, str], list[int], int]:  # fmt: skip
        """The match's bound seats, its human seats and the caller's seat; refused for a
        caller who holds no seat in it, (``finished``) for a match not over, and
        (``rated_seat``: offering or accepting a rated match's rematch, which is rated
        too) for a caller suspended from rated play."""
        claims = await self.players.authenticate(access_token)
        view = (await self.matches.view(match_id, None)).view
        owners = await self.seats.owners(match_id)
        mine = [s for s, p in owners.items() if p == claims.player_id]
        if not mine:
            raise PermissionDenied("only the match's players may ask for its rematch")
        humans = [i for i, kind in enumerate(view.seats) if kind == HUMAN]
        if finished and (not view.finished or view.cancelled is not None):
            raise RematchNotAvailable("a rematch is offered once the match has ended")
        if any(s not in owners for s in humans):
            raise RematchNotAvailable(
                "every human seat must be held by a signed-in player for a rematch"
            )
        if rated_seat and view.rated:
            await check_rated_seat(self.players, claims.player_id)
        return owners, humans, mine[0]

    async def _not_blocked(self, caller: str, players: list[str]) -> None:
        """Refuse a rematch among players with a block either way (any pair of them)."""
        if set(players) & await self.blocks.blocked_by(caller):
            raise PlayerBlocked("you blocked a player of this match: unblock them first")
        if await self.blocks.pairs_among(sorted(set(players))):
            raise RematchNotAvailable("no rematch is available for this match")

    async def _start(
        self, match_id: str, owners: dict[int, str], humans: list[int], state: RematchState
    ) -> RematchState:
        """Create the new match (once, whichever replica gets here first) with the same
        seats and options, bind the same players to the same seats (``lobby.seating``),
        then mark it started with its notices."""
        new_id = state.new_match_id
        old = (await self.matches.view(match_id, None)).view
        options = TableOptions(
            old.target_points, unrated=not old.rated, hints=old.hints_allowed,
            practice=old.practice, turn_clock_seconds=old.turn_clock_seconds,
        )  # fmt: skip
        await self.tables.open(new_id, old.seats, options, {s: owners[s] for s in humans})
        started = [
            Notice.of(
                NoticeKind.REMATCH_STARTED,
                owners[seat],
                f"{match_id}/rematch/started",
                self.clock(),
                match_id=new_id,
                data={"previous_match_id": match_id, "new_match_id": new_id, "seat": seat},
            )
            for seat in humans
        ]
        state = await self.store.rematch_started(match_id, started)
        self._tell(state.told)
        log.info("rematch of %s started as %s", match_id, new_id)
        return state

    async def _name(self, player_id: str) -> str:
        player = await self.players.store.get_player(player_id)
        return player.display_name if player is not None else ""

    def _tell(self, told: tuple[str, ...]) -> None:
        if told and self.published is not None:
            self.published(told)


def _status(state: RematchState, humans: list[int]) -> RematchStatus:
    waiting = tuple(s for s in humans if s not in state.accepted)
    return RematchStatus(
        state.match_id, state.accepted, waiting, state.new_match_id if state.started else "",
        True,
    )  # fmt: skip
