"""ValidateMove's compact fast path (``placement_compact``) answers exactly like the
Placement form, over a real channel: verdicts, points, end sums, messages and errors."""

from __future__ import annotations

import random

import grpc
import pytest

import fiveup_core
from fiveup.api import convert
from fiveup.v1 import common_pb2, rules_pb2
from fiveup_core import ALL_TILES, LEAD_CODE, SIDES

from ..harness import Running
from .helpers import error_info
from .test_rules_service import random_layout, random_placement


def compact(p: fiveup_core.Placement) -> bytes:
    code = LEAD_CODE if p.on is None else ALL_TILES.index(p.on.tile) * 6 + SIDES.index(p.on.side)
    return bytes([ALL_TILES.index(p.tile), code])


async def test_compact_and_message_placements_get_the_same_answers(server: Running) -> None:
    rng = random.Random(23)
    legal = 0
    for i in range(150):
        layout = random_layout(rng, rng.randint(0, 18))
        placement = random_placement(rng, layout)
        encoding = "text" if i % 5 == 0 else "compact"  # the fast path needs a compact layout
        request_layout = (
            common_pb2.Layout(text=layout.to_text())
            if encoding == "text"
            else common_pb2.Layout(compact=layout.to_bytes())
        )
        by_message = await server.rules.ValidateMove(rules_pb2.ValidateMoveRequest(
            layout=request_layout, placement=convert.placement_pb(placement)))  # fmt: skip
        by_bytes = await server.rules.ValidateMove(rules_pb2.ValidateMoveRequest(
            layout=request_layout, placement_compact=compact(placement)))  # fmt: skip
        assert by_bytes == by_message
        legal += by_bytes.verdict == rules_pb2.VERDICT_LEGAL
    assert 30 < legal < 140  # both kinds of answer were exercised


async def test_compact_placement_wins_over_the_message(server: Running) -> None:
    lead = common_pb2.Layout(compact=bytes([10, 255]))  # [1|4]
    answer = await server.rules.ValidateMove(rules_pb2.ValidateMoveRequest(
        layout=lead, placement=common_pb2.Placement(tile=common_pb2.Tile(low=6, high=6)),
        placement_compact=bytes([ALL_TILES.index((4, 4)), 10 * 6 + 1])))  # fmt: skip
    assert (answer.verdict, answer.points, answer.end_sum) == (rules_pb2.VERDICT_LEGAL, 0, 9)


@pytest.mark.parametrize(
    ("layout", "placement_compact"),
    [
        (b"", b"\x0a"),  # one byte
        (b"", b"\x0a\xff\x00"),  # three
        (b"", bytes([28, 255])),  # tile byte 28
        (b"\x0a\xff", bytes([22, 168])),  # point code 168
        (b"\x0a\xff", bytes([22, 254])),
    ],
)
async def test_malformed_compact_placements_are_invalid_argument(
    server: Running, layout: bytes, placement_compact: bytes
) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.rules.ValidateMove(rules_pb2.ValidateMoveRequest(
            layout=common_pb2.Layout(compact=layout), placement_compact=placement_compact))  # fmt: skip
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_info(caught.value).metadata["field"] == "placement_compact"


async def test_bad_layouts_still_get_the_layout_errors(server: Running) -> None:
    for layout, index in ((b"\x01", None), (bytes([10, 255, 10, 255]), "1")):
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await server.rules.ValidateMove(rules_pb2.ValidateMoveRequest(
                layout=common_pb2.Layout(compact=layout), placement_compact=bytes([22, 61])))  # fmt: skip
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        info = error_info(caught.value)
        assert info.metadata["field"] == "layout"
        assert info.metadata.get("index") == index
