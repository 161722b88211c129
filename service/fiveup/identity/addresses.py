"""The address prefixes a player is seen from, for the operators (docs/security.md,
"Addresses seen"): at each sign-in and refresh the caller's address -- the peer, or the
address a trusted proxy forwarded (``fiveup.api.limits`` decides which, as it does for
the rate limits) -- is cut to its network prefix before anything is stored: an IPv4 /24
or an IPv6 /64 (one household or one provider's customer, never one device).  Only the
prefix, the player and the first and last time are kept, for ``address_retention_seconds``
(90 days) after the last time; a player deleted by guest retention takes theirs along.
Operators see them on a player's profile (an audited read), and the integrity signals
compare them (opponents seen from the same prefix)."""

from __future__ import annotations

import ipaddress

IPV4_PREFIX = 24
IPV6_PREFIX = 64


def address_prefix(address: str) -> str | None:
    """The prefix of a client address in CIDR notation ("203.0.113.0/24",
    "2001:db8:1:2::/64"); None for what is no IP address (a Unix socket, "unknown")."""
    text = address.strip().removeprefix("[").split("]")[0].split("%")[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    bits = IPV4_PREFIX if ip.version == 4 else IPV6_PREFIX
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))
