"""The programs: the ``fiveup`` command line (``commands``: serve, play, simulate, verify,
check-ratings, admin, chat) and what its commands run -- the terminal client (``play``: the session
and the client loop; ``play_render``: the screen; ``play_events``: the events' lines;
``play_input``: the prompt and the move choice; ``play_chat``, ``play_rematch``,
``play_players``, ``play_stats``; ``wording``: counts and names), self-play
(``simulate``) and the record check (``verify``).  They are clients of the public API or of the composition root
(``fiveup.app``); ``main`` is the console script's entry point (``fiveup``)."""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
