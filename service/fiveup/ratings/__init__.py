"""Ratings and player statistics (issue 16): the rating model over finished matches and
the per-seat figures of one match, both pure functions of the event log."""
