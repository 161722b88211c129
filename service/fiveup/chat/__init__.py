"""Table chat: a players' room and a spectators' room per match, quick-chat phrases in
every client language and free text, flood limits, mutes, reports kept for operators,
an operator word list and silences, and the table-talk rules that keep partnerships
honest (``table_talk``; docs/security.md)."""
