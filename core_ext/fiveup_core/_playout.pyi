"""Type stub of the compiled play-outs (``_playout.pyx``): ``playout``'s twins."""

from collections.abc import Sequence

from ._types import PlayOut, Weights
from .abstract import AbstractLayout
from .playout import DealSpec

def play_out(
    table: AbstractLayout,
    hands: Sequence[Sequence[int]],
    boneyard: Sequence[int],
    turn: int,
    weights: Weights = ...,
) -> PlayOut: ...
def play_outs(
    table: AbstractLayout,
    hands: Sequence[Sequence[int]],
    boneyard: Sequence[int],
    seat: int,
    candidates: Sequence[tuple[int, int, int]],
    weights: Weights = ...,
) -> list[PlayOut]: ...
def search(
    table: AbstractLayout,
    spec: DealSpec,
    candidates: Sequence[tuple[int, int, int]],
    weights: Weights,
    samples: int,
    seed: int,
) -> list[list[PlayOut] | None]: ...
