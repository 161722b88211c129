"""Players' identities and sessions: guest and external sign-in, access and refresh
tokens, display names (see docs/players.md)."""

from __future__ import annotations

from .players import Players, PlayersConfig, SignedIn

__all__ = ["Players", "PlayersConfig", "SignedIn"]
