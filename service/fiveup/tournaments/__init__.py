"""Tournaments (issue 34): Swiss and arena events over the lobby's tables.

The pure part -- no I/O, no clock, randomness handed in -- decides who sits where and
who is ahead: ``model`` (the types), ``swiss`` (a round's tables and byes by score
groups, without repeat meetings where avoidable), ``arena`` (pairing the waiting by
current score; points and streaks), ``partners`` (rotating partnerships at four-seat
tables) and ``standings`` (points and the published tie-breaks).  The rules players and
organisers read are docs/tournaments.md.  The context around it (ports, use cases, the
scheduler) seats the tables through the match context, as the matchmaker does.
"""
