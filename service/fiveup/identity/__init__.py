"""Players' identities and sessions: guest and external sign-in, access and refresh
tokens, display names (docs/operations.md, "Player sessions").  Its port is ``ports.PlayerStore``; its
builder ``builder.build_identity``; it depends on no other context."""

from __future__ import annotations

from .players import Players, PlayersConfig, SignedIn, is_player_id

__all__ = ["Players", "PlayersConfig", "SignedIn", "is_player_id"]
