"""The operators' use cases behind AdminService (docs/operations.md, "Operating a live
service"): who may act (``operators``), the append-only record of what they did
(``audit``), and one module per area they act on -- players, matches, reports, ratings
integrity, deliveries -- each over the contexts' own ports and use cases, never SQL.
``builder.build_admin`` makes them from the contexts; ``fiveup.api`` translates."""
