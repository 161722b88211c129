"""The lobby: seats bound to players, open and private tables, and the matchmaker.  Its
port is ``ports.LobbyStore``; its builder ``builder.build_lobby`` takes the match and
identity contexts and a rating lookup."""
