"""Which bot fills a table's empty seats: a bot about the players' strength.

The ladder (``fiveup.bots.ladder``) rates every bot level on the players' own scale, so
the matchmaker can complete a table with the level whose rating is nearest the players
it seats, in the table's category.  It compares ordinals (mu - 3 sigma), the number the
rating bands hold (``Bands.ordinals``, settled ratings only): a settled player's sigma is
larger than a level's, so the pick errs a little on the weak side, which suits a table
the player did not choose.  A table where nobody's rating is settled gets the
newcomer's level, since a fresh rating says nothing about the player yet.  Operators cap
the levels by CPU (``strongest``): the master thinks ~10 ms a move where greedy thinks
none (docs/bots.md).
"""

from __future__ import annotations

from ..bots import ladder
from .formation import Bands, TablePlan


def fill_bot(plan: TablePlan, bands: Bands, newcomer: str, strongest: str) -> str:
    """The bot kind for ``plan``'s empty seats: the ladder level up to ``strongest``
    nearest the mean settled ordinal of its players; ``newcomer`` when none of them is
    settled or no such level is rated."""
    known = [
        o
        for t in plan.tickets
        if (o := bands.ordinals.get((str(t.players), t.player_id))) is not None
    ]
    if not known:
        return newcomer
    try:
        return ladder.nearest(sum(known) / len(known), ladder.levels_up_to(strongest))
    except ValueError:  # no level up to ``strongest`` is rated
        return newcomer
