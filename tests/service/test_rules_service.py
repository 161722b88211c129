"""RulesService answers agree with fiveup_core, on random legal and illegal layouts."""

from __future__ import annotations

import random

import grpc
import pytest

import fiveup_core
from fiveup.api import convert, rules_servicer
from fiveup.v1 import common_pb2, rules_pb2
from fiveup_core import ALL_TILES, SIDES, Layout, LayoutDecodeError, validate_batch

from ..harness import Running
from .helpers import error_info


def random_layout(rng: random.Random, size: int) -> Layout:
    layout = Layout()
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    for _ in range(size):
        moves = layout.legal_moves(tiles)
        if not moves:
            break
        move = rng.choice(moves)
        layout.place(move.tile, move.on)
        tiles.remove(move.tile)
    return layout


def random_placement(rng: random.Random, layout: Layout) -> fiveup_core.Placement:
    """Often legal, often not: any tile onto any side of a tile on the table (or a lead)."""
    if rng.random() < 0.5:
        moves = layout.legal_moves(ALL_TILES)
        if moves:
            return rng.choice(moves)
    tile = rng.choice(ALL_TILES)
    if not len(layout) or rng.random() < 0.05:
        return fiveup_core.Placement(tile, None)
    on = fiveup_core.ConnectionPoint(rng.choice(layout.tiles()), rng.choice(SIDES))
    return fiveup_core.Placement(tile, on)


def as_pb(layout_placements: list[fiveup_core.Placement]) -> common_pb2.Layout:
    return common_pb2.Layout(
        placements=common_pb2.PlacementList(
            placements=[convert.placement_pb(p) for p in layout_placements]
        )
    )


async def test_evaluate_layout_matches_the_core(server: Running) -> None:
    rng = random.Random(7)
    for _ in range(150):
        layout = random_layout(rng, rng.randint(0, 20))
        placements = list(layout.placements())
        if placements and rng.random() < 0.4:  # make it illegal somewhere
            placements.insert(rng.randrange(len(placements) + 1), random_placement(rng, layout))
        hand = rng.sample(ALL_TILES, 5)
        encoding = rng.choice(["placements", "text", "compact"])
        if encoding == "placements":
            request_layout = as_pb(placements)
        elif encoding == "text":
            request_layout = common_pb2.Layout(text=fiveup_core.format_placements(placements))
        else:
            request_layout = common_pb2.Layout(
                compact=bytes(
                    b
                    for p in placements
                    for b in (
                        fiveup_core.tile_index(p.tile),
                        255
                        if p.on is None
                        else fiveup_core.tile_index(p.on.tile) * 6 + SIDES.index(p.on.side),
                    )
                )
            )
        answer = await server.rules.EvaluateLayout(
            rules_pb2.EvaluateLayoutRequest(
                layout=request_layout, hand=[convert.tile_pb(t) for t in hand]
            )
        )
        try:
            expected = Layout.from_placements(placements)
        except fiveup_core.IllegalPlacement as exc:
            assert not answer.legal
            assert answer.illegal_index == exc.index
            assert answer.illegal_reason == exc.reason
            continue
        assert answer.legal
        assert list(answer.open_points) == [
            convert.open_point_pb(p) for p in expected.open_points()
        ]
        assert list(answer.counted_ends) == [
            convert.counted_end_pb(c) for c in expected.counted_ends()
        ]
        assert answer.end_sum == expected.end_sum()
        assert list(answer.legal_moves) == [
            convert.placement_pb(p) for p in expected.legal_moves(hand)
        ]
        assert answer.layout_compact == expected.to_bytes()


async def test_validate_move_and_batches_match_the_core(server: Running) -> None:
    rng = random.Random(11)
    layouts, codes, expected = [], bytearray(), []
    for _ in range(120):
        layout = random_layout(rng, rng.randint(0, 18))
        placement = random_placement(rng, layout)
        answer = await server.rules.ValidateMove(
            rules_pb2.ValidateMoveRequest(
                layout=common_pb2.Layout(compact=layout.to_bytes()),
                placement=convert.placement_pb(placement),
            )
        )
        trial = layout.copy()
        try:
            points = trial.place(placement.tile, placement.on)
        except fiveup_core.IllegalPlacement as exc:
            assert answer.verdict == fiveup_core.VERDICT_BY_REASON[exc.reason]
            assert answer.points == 0
            expected.append((answer.verdict, 0))
        else:
            assert answer.verdict == rules_pb2.VERDICT_LEGAL
            assert (answer.points, answer.end_sum) == (points, trial.end_sum())
            expected.append((rules_pb2.VERDICT_LEGAL, points // 5))
        layouts.append(layout.to_bytes())
        codes += bytes(
            [
                fiveup_core.tile_index(placement.tile),
                255
                if placement.on is None
                else fiveup_core.tile_index(placement.on.tile) * 6 + SIDES.index(placement.on.side),
            ]
        )
    layouts.append(b"\x01")  # malformed compact layout
    codes += b"\x00\xff"
    expected.append((rules_pb2.VERDICT_BAD_LAYOUT, 0))

    async def batches():  # type: ignore[no-untyped-def]
        for start in range(0, len(layouts), 50):
            yield rules_pb2.ValidateMovesRequest(
                layouts=layouts[start : start + 50],
                placements=bytes(codes[2 * start : 2 * (start + 50)]),
            )

    got = []
    async for response in server.rules.ValidateMoves(batches()):
        got.extend(zip(response.verdicts, response.points, strict=True))
    assert got == expected
    assert validate_batch(layouts, bytes(codes)) == (
        bytes(v for v, _ in expected),
        bytes(p for _, p in expected),
    )
    # The unary batch (for gRPC-Web callers) answers exactly what the stream answered.
    unary = await server.rules.ValidateMoveBatch(
        rules_pb2.ValidateMoveBatchRequest(layouts=layouts, placements=bytes(codes))
    )
    assert list(zip(unary.verdicts, unary.points, strict=True)) == expected


async def test_validate_move_batch_is_bounded_with_a_clear_reason(server: Running) -> None:
    limit = rules_servicer.MAX_UNARY_BATCH
    lead = bytes([fiveup_core.tile_index(ALL_TILES[3]), 255])
    full = await server.rules.ValidateMoveBatch(
        rules_pb2.ValidateMoveBatchRequest(layouts=[b""] * limit, placements=lead * limit)
    )
    assert full.verdicts == bytes([rules_pb2.VERDICT_LEGAL]) * limit
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.rules.ValidateMoveBatch(
            rules_pb2.ValidateMoveBatchRequest(
                layouts=[b""] * (limit + 1), placements=lead * (limit + 1)
            )
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    info = error_info(caught.value)
    assert (info.reason, info.metadata["limit"]) == ("BATCH_TOO_LARGE", str(limit))
    assert f"at most {limit} checks" in (caught.value.details() or "")
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.rules.ValidateMoveBatch(
            rules_pb2.ValidateMoveBatchRequest(layouts=[b"", b""], placements=lead)
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_info(caught.value).metadata["field"] == "placements"


async def test_malformed_layouts_are_invalid_argument(server: Running) -> None:
    for layout in (common_pb2.Layout(compact=b"\x01"), common_pb2.Layout(text="[9|9]")):
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await server.rules.EvaluateLayout(rules_pb2.EvaluateLayoutRequest(layout=layout))
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert error_info(caught.value).reason == "MALFORMED_LAYOUT"
        assert error_info(caught.value).metadata["field"] == "layout"
    bad_tile = common_pb2.Layout(
        placements=common_pb2.PlacementList(
            placements=[common_pb2.Placement(tile=common_pb2.Tile(low=2, high=8))]
        )
    )
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.rules.EvaluateLayout(rules_pb2.EvaluateLayoutRequest(layout=bad_tile))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_info(caught.value).reason == "INVALID_TILE"
    assert error_info(caught.value).metadata["field"] == "layout.placements[0].tile"
    illegal = common_pb2.Layout(text="[1|4] [2|2]@[1|4]:low")
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await server.rules.ValidateMove(
            rules_pb2.ValidateMoveRequest(
                layout=illegal, placement=common_pb2.Placement(tile=common_pb2.Tile(low=4, high=4))
            )
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_info(caught.value).reason == "ILLEGAL_LAYOUT"
    assert error_info(caught.value).metadata["index"] == "1"
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        async for _ in server.rules.ValidateMoves(
            iter([rules_pb2.ValidateMovesRequest(layouts=[b""], placements=b"\x00")])
        ):
            pass
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert LayoutDecodeError.reason == "MALFORMED_LAYOUT"
