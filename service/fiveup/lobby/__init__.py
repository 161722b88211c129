"""The lobby: seats bound to players, open and private tables, and the matchmaker."""
