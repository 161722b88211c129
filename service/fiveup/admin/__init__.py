"""The operators' tools, run from the command line against a server's database:
``check_ratings`` rebuilds the ratings from the event log and compares
(``fiveup check-ratings``), ``moderation`` reads and settles chat reports (``fiveup
chat``).  The operators' console grows here."""
