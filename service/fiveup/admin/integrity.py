"""Ratings integrity: the operators' list of patterns in rated results that look farmed,
with their evidence (``detectors``), and what an operator decides about each -- dismiss
it, void its matches, or void them and suspend its players from rated play
(docs/operations.md, "Ratings integrity").

A listing of the open signals scans first: the rated matches of the window
(``ratings.evidence``), how the few short ones ended (``match.forfeits``), the address
prefixes their players were seen from (the identity context's), and the matches
operators already judged; the scan's signals replace the open ones kept
(``signals.SignalStore.refresh``).  So the list is always what the data says now, and a
decision, kept for good, is what stops the same evidence coming back."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..identity.ports import SanctionKind, SanctionRecord
from ..match.forfeits import ForfeitReader
from ..ratings.evidence import RatedEvidence, RatedResult
from ..shared.errors import InvalidRequest
from .audit import Audit, require_reason
from .detectors import IntegrityConfig, Judged, detect, fewest_own_moves
from .errors import SignalNotFound, SignalResolved
from .matches import VoidOutcome
from .ports import Operator
from .signals import Decision, Signal, SignalKind, SignalRecord, SignalStatus, SignalStore

MAX_SUSPENSION_SECONDS = 366 * 86_400.0  # a sanction ends within a year (ImposeSanction's)
MAX_SIGNAL_ID_CHARS = 64  # ids are 24 hex digits; anything much longer is not one


class SeenPrefix(Protocol):
    @property
    def prefix(self) -> str: ...


class AddressBook(Protocol):
    """The address prefixes players were seen from (the identity context's)."""

    async def addresses_of(self, player_id: str) -> Sequence[SeenPrefix]: ...

    async def players_sharing(self, prefix: str) -> Sequence[object]: ...


class Voiding(Protocol):
    """Voids a rated result, recomputing every rating it touched, and audits it
    (``admin.matches.MatchAdmin``: a match voided already answers its void)."""

    async def void(self, operator: Operator, match_id: str, reason: str) -> VoidOutcome: ...


class Sanctioning(Protocol):
    """Imposes a sanction and audits it (``admin.players.PlayerAdmin``)."""

    async def impose(
        self, operator: Operator, player_id: str, kind: SanctionKind, ends_at: float, reason: str
    ) -> SanctionRecord: ...


@dataclass(frozen=True, slots=True)
class Resolution:
    record: SignalRecord  # as kept now
    voided: tuple[str, ...]  # the matches this decision voided (not those voided before)
    sanctions: tuple[SanctionRecord, ...]  # the suspensions it imposed


class IntegritySignals:
    """List the signals (scanning first), resolve one."""

    def __init__(
        self,
        config: IntegrityConfig,
        store: SignalStore,
        ratings: RatedEvidence,
        forfeits: ForfeitReader,
        addresses: AddressBook,
        audit: Audit,
        matches: Voiding,
        players: Sanctioning,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.store = store
        self.ratings = ratings
        self.forfeits = forfeits
        self.addresses = addresses
        self.audit = audit
        self.matches = matches
        self.players = players
        self.clock = clock
        self._scanning = asyncio.Lock()  # one scan at a time in this process

    async def listed(
        self,
        operator: Operator,
        *,
        status: SignalStatus | None,
        kind: SignalKind | None,
        limit: int,
        reason: str,
    ) -> list[SignalRecord]:
        """The signals of ``status`` (None: the open ones, scanned now) and ``kind``
        (None: every kind), the most suspicious first.  Private (addresses): audited
        before it reads."""
        reason = require_reason(reason)
        status = status or SignalStatus.OPEN
        details = {"status": status.value, "kind": "" if kind is None else kind.value}
        await self.audit.record(operator, "ListIntegritySignals", "signal", "", reason, details)
        if status is SignalStatus.OPEN:
            await self.scan()
        return await self.store.signals(status=status, kind=kind, limit=limit)

    async def scan(self) -> list[Signal]:
        """Find the signals the data shows now and keep them (``SignalStore.refresh``)."""
        async with self._scanning:
            now = self.clock()
            since = now - self.config.window_seconds
            results = await self.ratings.rated_results_since(since, limit=self.config.max_matches)
            short = [
                r.match_id
                for r in results
                if (fewest := fewest_own_moves(r)) is not None
                and fewest <= self.config.early_max_own_moves
            ]
            found = detect(
                results, self.config, now,
                forfeits=await self.forfeits.forfeits(short),
                addresses=await self._addresses(results),
                judged=await self._judged(since),
            )  # fmt: skip
            await self.store.refresh(found, now)
            return found

    async def _judged(self, since: float) -> Judged:
        """The matches operators already judged, by the kind and subject of the signal
        (a signal resolved before ``since`` judged only matches older than the window)."""
        judged: dict[tuple[SignalKind, tuple[str, ...]], set[str]] = defaultdict(set)
        for record in await self.store.judged(resolved_since=since):
            judged[(record.signal.kind, record.signal.subject)].update(record.signal.match_ids)
        return {key: frozenset(matches) for key, matches in judged.items()}

    async def _addresses(self, results: Iterable[RatedResult]) -> dict[str, frozenset[str]]:
        """The prefixes each player of ``results`` was seen from, less the shared
        networks: a prefix two opponents share is looked up once, and left out when more
        than ``shared_max_players`` players were seen from it."""
        seen: dict[str, frozenset[str]] = {}
        pairs = {(a.player_id, b.player_id) for r in results for a, b in r.opponents()}
        for player in sorted({p for pair in pairs for p in pair}):
            seen[player] = frozenset(a.prefix for a in await self.addresses.addresses_of(player))
        shared = set().union(*(seen[a] & seen[b] for a, b in pairs)) if pairs else set()
        crowded = set()
        for prefix in sorted(shared):
            if len(await self.addresses.players_sharing(prefix)) > self.config.shared_max_players:
                crowded.add(prefix)
        return {player: prefixes - crowded for player, prefixes in seen.items()}

    async def resolve(
        self,
        operator: Operator,
        signal_id: str,
        decision: Decision | None,
        reason: str,
        *,
        suspend_until: float | None = None,
    ) -> Resolution:
        """Dismiss the signal, or confirm it: void every match of its evidence (each
        through the matches area, which recomputes the ratings and audits the void), and
        with VOID_AND_SUSPEND suspend every player of it from rated play until
        ``suspend_until``.  Audited once it is done.  The actions come before the
        decision is kept, so a resolution that fails half-way leaves the signal open to
        resolve again (a match voided already is not voided twice)."""
        reason = require_reason(reason)
        if decision is None:
            raise InvalidRequest("decision must be DISMISS, VOID_MATCHES or VOID_AND_SUSPEND",
                                 field="decision")  # fmt: skip
        now = self.clock()
        if decision is Decision.VOID_AND_SUSPEND and not (
            suspend_until is not None and now < suspend_until <= now + MAX_SUSPENSION_SECONDS
        ):
            raise InvalidRequest(
                "VOID_AND_SUSPEND needs sanction_ends_at in the future, within a year",
                field="sanction_ends_at",
            )
        record = None
        if signal_id.isascii() and 0 < len(signal_id) <= MAX_SIGNAL_ID_CHARS:
            record = await self.store.signal(signal_id)
        if record is None:
            raise SignalNotFound(f"no integrity signal {signal_id!r}: list the signals again",
                                 field="signal_id")  # fmt: skip
        if record.status is not SignalStatus.OPEN:
            raise SignalResolved(f"the signal was {record.status.value} already")
        voided: list[str] = []
        sanctions: list[SanctionRecord] = []
        if decision is not Decision.DISMISS:
            voided = await self._void(operator, record.signal.match_ids, reason)
        if decision is Decision.VOID_AND_SUSPEND:
            assert suspend_until is not None
            for player in record.signal.players:
                sanctions.append(
                    await self.players.impose(
                        operator,
                        player,
                        SanctionKind.RATED_PLAY_SUSPENSION,
                        suspend_until,
                        reason,
                    )
                )
        done = dataclasses.replace(
            record,
            status=SignalStatus.DISMISSED if decision is Decision.DISMISS
            else SignalStatus.CONFIRMED,
            decision=decision, resolved_by=operator.operator_id, resolution=reason,
            resolved_at=now,
        )  # fmt: skip
        if not await self.store.resolve(done):
            raise SignalResolved("another operator resolved the signal meanwhile")
        await self.audit.record(
            operator, "ResolveIntegritySignal", "signal", signal_id, reason,
            {"decision": decision.value, "kind": record.signal.kind.value,
             "players": list(record.signal.players), "voided": voided,
             "suspended_until": suspend_until if sanctions else None},
        )  # fmt: skip
        return Resolution(done, tuple(voided), tuple(sanctions))

    async def _void(self, operator: Operator, match_ids: Sequence[str], reason: str) -> list[str]:
        """Void each match (each void audited by the matches area); answer those this
        call voided (one voided already -- by another signal, or a resolution that
        failed half-way -- is left as it is)."""
        voided = []
        for match_id in match_ids:
            outcome = await self.matches.void(operator, match_id, reason)
            if not outcome.already_voided:
                voided.append(match_id)
        return voided
