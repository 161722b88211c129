"""Ratings and player statistics (issue 16): the rating model over finished matches and
the per-seat figures of one match, both pure functions of the event log, and the read
side (leaderboards, player statistics).  Its port is ``ports.RatingStore``; its builder
``builder.build_ratings`` takes the identity context.

Seasons and leagues (issue 34, docs/seasons.md) count the same results in season points:
the calendar (``schedule``), the points and the league's arithmetic (``leagues``), the
use cases and the rollover (``seasons``) over ``season_ports.SeasonStore``."""
