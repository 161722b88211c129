"""RulesService: stateless answers straight from the rules core.  No rules here either:
decoding, then ``fiveup_core``, then encoding."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import fiveup_core
from fiveup_core import (
    LEAD_CODE,
    N_SIDES,
    N_TILES,
    VERDICT_BY_REASON,
    VERDICT_LEGAL,
    IllegalPlacement,
    LayoutDecodeError,
    decode_hand,
    placement_at,
    points_for_sum,
)

from ..match.observer import Contained, Observer
from ..shared.errors import BatchTooLarge, IllegalLayout, InvalidRequest, MalformedLayout
from ..v1 import common_pb2, rules_pb2, rules_pb2_grpc
from . import convert
from .handlers import Context, streaming, unary

MAX_BATCH = 10_000  # checks in one ValidateMoves message
# Checks in one ValidateMoveBatch call: a unary answer is buffered whole (by the server,
# the gateway and the browser), so it is kept an order of magnitude smaller.
MAX_UNARY_BATCH = 1_000

log = logging.getLogger(__name__)


def _observed(rpc: str) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """Report one request (one item) and its time in the core to the observer."""

    def decorate(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def wrapper(self: RulesServicer, request: Any, context: Any) -> Any:
            started = time.perf_counter()
            try:
                return await fn(self, request, context)
            finally:
                self._observe(rpc, 1, time.perf_counter() - started)

        return wrapper

    return decorate


def layout_from_pb(msg: common_pb2.Layout) -> fiveup_core.PureLayout:
    """Decode a Layout message; LayoutDecodeError / IllegalPlacement propagate."""
    kind = msg.WhichOneof("encoding")
    Layout = fiveup_core.Layout
    if kind == "compact" or kind is None:
        return Layout.from_bytes(msg.compact)
    if kind == "text":
        return Layout.from_text(msg.text)
    placements = [
        convert.placement_from_pb(p, f"layout.placements[{i}]")
        for i, p in enumerate(msg.placements.placements)
    ]
    return Layout.from_placements(placements)


class RulesServicer(rules_pb2_grpc.RulesServiceServicer):
    def __init__(self, observer: Observer | None = None) -> None:
        self.observer = Contained(observer)  # its failures never break an answer

    def _observe(self, rpc: str, items: int, seconds: float) -> None:
        self.observer.rules_checked(rpc, items, seconds)

    @unary
    @_observed("EvaluateLayout")
    async def EvaluateLayout(
        self, request: rules_pb2.EvaluateLayoutRequest, context: Context
    ) -> rules_pb2.EvaluateLayoutResponse:
        try:
            layout = layout_from_pb(request.layout)
        except LayoutDecodeError as exc:
            raise MalformedLayout(str(exc), field="layout") from None
        except IllegalPlacement as exc:
            return rules_pb2.EvaluateLayoutResponse(
                legal=False,
                illegal_index=exc.index or 0,
                illegal_reason=exc.reason,
                illegal_message=str(exc),
            )
        if request.hand_compact:
            try:
                hand = decode_hand(request.hand_compact)
            except LayoutDecodeError as exc:
                raise InvalidRequest(str(exc), field="hand_compact") from None
        else:
            hand = [convert.tile_from_pb(t, f"hand[{i}]") for i, t in enumerate(request.hand)]
        end_sum = layout.end_sum()
        return rules_pb2.EvaluateLayoutResponse(
            legal=True,
            open_points=[convert.open_point_pb(p) for p in layout.open_points()],
            counted_ends=[convert.counted_end_pb(c) for c in layout.counted_ends()],
            end_sum=end_sum,
            points=points_for_sum(end_sum),
            legal_moves=[convert.placement_pb(p) for p in layout.legal_moves(hand)],
            layout_compact=layout.to_bytes(),
        )

    @unary
    @_observed("ValidateMove")
    async def ValidateMove(
        self, request: rules_pb2.ValidateMoveRequest, context: Context
    ) -> rules_pb2.ValidateMoveResponse:
        compact = request.placement_compact
        if compact:
            # Fast path: two bytes and (usually) a compact layout go straight to the core,
            # no message conversion.  Anything but a legal answer takes the path below,
            # which gives the messages and errors of the Placement form.
            tile, code = _compact_codes(compact)
            if request.layout.WhichOneof("encoding") in ("compact", None):
                verdict, points, end_sum = fiveup_core.validate_move(
                    request.layout.compact, tile, code
                )
                if verdict == VERDICT_LEGAL:
                    return rules_pb2.ValidateMoveResponse(
                        verdict=VERDICT_LEGAL,  # type: ignore[arg-type]  # an int of the enum
                        points=points,
                        end_sum=end_sum,
                    )
        try:
            layout = layout_from_pb(request.layout)
        except LayoutDecodeError as exc:
            raise MalformedLayout(str(exc), field="layout") from None
        except IllegalPlacement as exc:
            raise IllegalLayout(
                f"the layout is illegal at placement #{exc.index}: {exc}",
                field="layout",
                index=str(exc.index),
                core_reason=exc.reason,
            ) from None
        if compact:
            placement = placement_at(tile, code)
        else:
            if not request.HasField("placement"):
                raise InvalidRequest("placement is required", field="placement")
            placement = convert.placement_from_pb(request.placement)
        trial = layout.copy()
        try:
            points = trial.place(placement.tile, placement.on)
        except IllegalPlacement as exc:
            return rules_pb2.ValidateMoveResponse(
                verdict=VERDICT_BY_REASON.get(exc.reason, rules_pb2.VERDICT_BAD_LAYOUT),  # type: ignore[arg-type]
                message=str(exc),
            )
        return rules_pb2.ValidateMoveResponse(
            verdict=VERDICT_LEGAL,  # type: ignore[arg-type]  # an int of the enum
            points=points,
            end_sum=trial.end_sum(),
        )

    @streaming
    async def ValidateMoves(
        self,
        request_iterator: AsyncIterator[rules_pb2.ValidateMovesRequest],
        context: Context,
    ) -> AsyncIterator[rules_pb2.ValidateMovesResponse]:
        async for batch in request_iterator:
            layouts = batch.layouts
            _check_batch(len(layouts), len(batch.placements))
            started = time.perf_counter()
            verdicts, points = fiveup_core.validate_batch(layouts, batch.placements)
            self._observe("ValidateMoves", len(layouts), time.perf_counter() - started)
            yield rules_pb2.ValidateMovesResponse(verdicts=verdicts, points=points)

    @unary
    async def ValidateMoveBatch(
        self, request: rules_pb2.ValidateMoveBatchRequest, context: Context
    ) -> rules_pb2.ValidateMoveBatchResponse:
        """One ValidateMoves batch in a unary call (gRPC-Web cannot stream requests)."""
        layouts = request.layouts
        if len(layouts) > MAX_UNARY_BATCH:
            raise BatchTooLarge(
                f"ValidateMoveBatch takes at most {MAX_UNARY_BATCH} checks a call, got "
                f"{len(layouts)}: split them, or stream them with ValidateMoves",
                field="layouts",
                limit=str(MAX_UNARY_BATCH),
            )
        _check_batch(len(layouts), len(request.placements))
        started = time.perf_counter()
        verdicts, points = fiveup_core.validate_batch(layouts, request.placements)
        self._observe("ValidateMoveBatch", len(layouts), time.perf_counter() - started)
        return rules_pb2.ValidateMoveBatchResponse(verdicts=verdicts, points=points)


def _compact_codes(data: bytes) -> tuple[int, int]:
    """(tile index, point code) of ``ValidateMoveRequest.placement_compact``; InvalidRequest
    if it is not two bytes naming a tile and a point code (or 255, the lead)."""
    if len(data) != 2:
        raise InvalidRequest(
            f"placement_compact must be 2 bytes (tile index, point code), got {len(data)}",
            field="placement_compact",
        )
    tile, code = data[0], data[1]
    if tile >= N_TILES or (code != LEAD_CODE and code >= N_TILES * N_SIDES):
        raise InvalidRequest(
            f"placement_compact bytes ({tile}, {code}) are not a tile index and a point code",
            field="placement_compact",
        )
    return tile, code


def _check_batch(n_layouts: int, n_bytes: int) -> None:
    if n_layouts > MAX_BATCH:
        raise InvalidRequest(
            f"a batch holds at most {MAX_BATCH} checks, got {n_layouts}", field="placements"
        )
    if n_bytes != 2 * n_layouts:
        raise InvalidRequest(
            f"{n_layouts} layouts need {2 * n_layouts} placement bytes, got {n_bytes}",
            field="placements",
        )
