"""The egress guard's metric (docs/operations.md): refused destinations by channel
(``web_push``, ``webhook``, ``identity``) and reason (``fiveup.egress.policy.REFUSALS``) --
never a URL, host or player::

    fiveup_egress_refused_total{channel, reason}
"""

from __future__ import annotations

from prometheus_client import Counter

EGRESS_REFUSED = Counter(
    "fiveup_egress_refused",
    "Requests the server refused to make for someone (a player's push endpoint, a "
    "redirect, a host resolving into a private range), by channel and reason.",
    ("channel", "reason"),
)
