"""Type stub of the compiled bulk validation (``_batch_compiled.pyx``): the answers of
``_batch.validate_batch_with`` / ``validate_move_with`` with the compiled ``Layout``."""

from collections.abc import Sequence

def validate_batch(layouts: Sequence[bytes], placements: bytes) -> tuple[bytes, bytes]: ...
def validate_move(layout: bytes, tile: int, code: int) -> tuple[int, int, int]: ...
