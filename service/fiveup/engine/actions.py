"""What a seat can do on its turn: place a tile, draw from the boneyard, or pass."""

from __future__ import annotations

from dataclasses import dataclass

from fiveup_core import ConnectionPoint, Placement, Tile, format_placement


@dataclass(frozen=True, slots=True)
class Place:
    tile: Tile
    on: ConnectionPoint | None = None  # None: the lead

    def __str__(self) -> str:
        return "place " + format_placement(Placement(self.tile, self.on))


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = Place | Draw | Pass
