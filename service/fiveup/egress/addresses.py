"""Which IP addresses the server may connect to for someone else: the range checks of the
egress guard (pure: no I/O).

``refusal(address)`` names the special-purpose range an address falls in (``None`` for an
ordinary public unicast address).  The tables follow the IANA special-purpose address
registries (RFC 6890 and its updates): every range that is not globally reachable, or that
reaches a host other than the one it seems to name, is refused:

* IPv4: "this network" (0/8), private (10/8, 172.16/12, 192.168/16), shared CGNAT
  (100.64/10), loopback (127/8), link-local (169.254/16), the IETF protocol block
  (192.0.0/24), documentation (192.0.2/24, 198.51.100/24, 203.0.113/24), the old 6to4 relay
  anycast (192.88.99/24), benchmarking (198.18/15), multicast (224/4), reserved (240/4) and
  broadcast.
* IPv6: everything outside global unicast 2000::/3 (unspecified, loopback, the deprecated
  IPv4-compatible ::/96, discard 100::/64, ULA fc00::/7, link-local fe80::/10, site-local
  fec0::/10, multicast ff00::/8, SRv6 5f00::/16 ...), and inside it the IETF protocol
  block 2001::/23 (Teredo 2001::/32 among them), documentation 2001:db8::/32 and
  3fff::/20, and 6to4 2002::/16.  Teredo and 6to4 are refused whole: each tunnels to an
  IPv4 address of the sender's choosing and no push service or identity provider lives there.
* Addresses that *embed* an IPv4 address are judged by it: IPv4-mapped ::ffff:0:0/96 and
  the NAT64 well-known prefix 64:ff9b::/96 reach the embedded IPv4 host, so
  ``::ffff:127.0.0.1`` and ``64:ff9b::a00:1`` are loopback and private; the local-use NAT64
  prefix 64:ff9b:1::/48 is private whatever it embeds.

The guard checks addresses *after* resolution, so every spelling of a host (``127.1``,
``2130706433``, ``0x7f000001``, ``0``, ``[::ffff:7f00:1]``) ends up here as the address a
socket would really reach.  ``numeric_spelling`` recognises the legacy numeric IPv4 forms
(``inet_aton``'s) in a URL's host, which the guard refuses outright: no real endpoint is
written that way, and a check that only saw the text could be fooled by them.
"""

from __future__ import annotations

import ipaddress
import re
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

IPAddress = IPv4Address | IPv6Address

# (network, reason); the reasons are a fixed set (they label a metric).
_V4: tuple[tuple[IPv4Network, str], ...] = tuple(
    (IPv4Network(net), reason)
    for net, reason in (
        ("0.0.0.0/8", "unspecified"),
        ("10.0.0.0/8", "private"),
        ("100.64.0.0/10", "shared"),
        ("127.0.0.0/8", "loopback"),
        ("169.254.0.0/16", "link_local"),
        ("172.16.0.0/12", "private"),
        ("192.0.0.0/24", "reserved"),
        ("192.0.2.0/24", "documentation"),
        ("192.88.99.0/24", "reserved"),
        ("192.168.0.0/16", "private"),
        ("198.18.0.0/15", "reserved"),
        ("198.51.100.0/24", "documentation"),
        ("203.0.113.0/24", "documentation"),
        ("224.0.0.0/4", "multicast"),
        ("240.0.0.0/4", "reserved"),  # 255.255.255.255 (broadcast) included
    )
)

_V6_GLOBAL = IPv6Network("2000::/3")
_V6_MAPPED = IPv6Network("::ffff:0:0/96")
_V6_NAT64 = IPv6Network("64:ff9b::/96")
# Outside 2000::/3 (checked before the catch-all "reserved"): named for clearer reasons.
_V6_OUTSIDE: tuple[tuple[IPv6Network, str], ...] = tuple(
    (IPv6Network(net), reason)
    for net, reason in (
        ("::/128", "unspecified"),
        ("::1/128", "loopback"),
        ("64:ff9b:1::/48", "private"),
        ("fc00::/7", "private"),  # unique local addresses
        ("fe80::/10", "link_local"),
        ("fec0::/10", "private"),  # site-local (deprecated, still routed inside some sites)
        ("ff00::/8", "multicast"),
    )
)
_V6_INSIDE: tuple[tuple[IPv6Network, str], ...] = tuple(
    (IPv6Network(net), reason)
    for net, reason in (
        ("2001::/23", "reserved"),  # IETF protocol assignments: Teredo, ORCHID, benchmarking
        ("2001:db8::/32", "documentation"),
        ("2002::/16", "reserved"),  # 6to4
        ("3fff::/20", "documentation"),
    )
)

REASONS = frozenset(
    {reason for _, reason in _V4} | {reason for _, reason in _V6_OUTSIDE + _V6_INSIDE}
)


def refusal(address: IPAddress) -> str | None:
    """Why the server must not connect to ``address`` for someone else (a reason of
    ``REASONS``), or ``None`` for a public unicast address."""
    if isinstance(address, IPv4Address):
        for network, reason in _V4:
            if address in network:
                return reason
        return None
    if address.scope_id:
        return "link_local"  # a zone index only means something on a local link
    if address in _V6_MAPPED:
        return refusal(IPv4Address(int(address) & 0xFFFFFFFF))
    if address in _V6_NAT64:
        return refusal(IPv4Address(int(address) & 0xFFFFFFFF))
    if address not in _V6_GLOBAL:
        for outside, reason in _V6_OUTSIDE:
            if address in outside:
                return reason
        return "reserved"
    for inside, reason in _V6_INSIDE:
        if address in inside:
            return reason
    return None


def literal(host: str) -> IPAddress | None:
    """The address a URL host spells canonically (``127.0.0.1``, ``[::1]`` or ``::1``),
    or ``None`` when the host is a name (or a legacy numeric spelling: ``numeric_spelling``)."""
    text = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


_NUMERIC = re.compile(r"^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]*))*\.?$", re.IGNORECASE)


def numeric_spelling(host: str) -> bool:
    """A host written as numbers that is not a canonical address: ``127.1``,
    ``2130706433``, ``0x7f000001``, ``0177.0.0.1``, ``0``, ``127.0.0.1.`` -- forms the C
    library's ``inet_aton`` (and so ``getaddrinfo``) reads as an IPv4 address, and a WHATWG
    URL parser too.  No endpoint is honestly written so."""
    return literal(host) is None and bool(_NUMERIC.match(host))
