"""Where the server may send a request for someone else: the egress policy of one channel
(Web Push, the webhook, the identity provider), and the operator's allowlist.

A destination is a URL.  ``EgressPolicy.check_url`` judges it before any connection (no
DNS: the same answer at ``SubscribeWebPush`` as at send time), ``check_address`` judges
each address its host resolves to (``fiveup.egress.client`` calls it from the resolver,
so the connection goes to the checked address).  A destination is admitted when

* it is **trusted**: its host (and port, if the entry names one) is an operator's entry --
  ``--egress-allow HOST[:PORT]`` or the channel's own operator-chosen URL (the webhook URL,
  the identity provider's JWKS URL).  The operator chose it, so its addresses are not
  range-checked (a private relay, a backend in the cluster, a test's loopback service);
  the scheme, userinfo and redirect rules still hold; or
* it is **public**: a host of the channel's ``services`` (the browser push services for
  Web Push) or, for a channel with ``any_public_host``, any host; on one of the channel's
  ``ports``; every address it resolves to outside the ranges ``fiveup.egress.addresses``
  refuses.

Always refused: userinfo (``https://user@host/``), a scheme the channel does not use, a
host that is not a hostname or a canonical address (``numeric_spelling``, percent signs,
backslashes, spaces), and a redirect from https to http.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from yarl import URL

from .addresses import IPAddress, literal, numeric_spelling, refusal

# The browser push services, as the browsers hand out their endpoints (docs/security.md,
# "Egress"): Chrome and the Chromium family (FCM, chrome/browser/push_messaging),
# Firefox (Mozilla autopush), Safari (Apple), Edge (Windows Push Notification Services).
# A leading "." admits the name's subdomains (label boundaries only).
PUSH_SERVICES: tuple[str, ...] = (
    "fcm.googleapis.com",  # Chrome, Opera, Brave, Samsung Internet...
    "updates.push.services.mozilla.com",  # Firefox
    ".push.apple.com",  # Safari: web.push.apple.com
    ".notify.windows.com",  # Edge: wns2-<region>.notify.windows.com
)

# The reasons a destination is refused (a fixed set: they label a metric).
REFUSALS = frozenset({
    "scheme", "userinfo", "host", "numeric_spelling", "port", "not_allowed", "redirect",
    "unresolved", "unspecified", "private", "shared", "loopback", "link_local", "reserved",
    "documentation", "multicast",
})  # fmt: skip

_HOSTNAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")
_UNSAFE_TEXT = re.compile(r"[\x00-\x20\\\x7f]")


class EgressRefused(OSError):
    """A destination the policy refuses.  An ``OSError`` so that, raised in the resolver,
    aiohttp reports it as a connection error (``ClientConnectorDNSError``) and never
    connects; ``reason`` is one of ``REFUSALS``."""

    def __init__(self, channel: str, reason: str, detail: str) -> None:
        super().__init__(f"{channel}: {detail}")
        self.channel = channel
        self.reason = reason
        self.detail = detail


def normal_host(host: str) -> str:
    """A host as the policy compares it: lower case, no trailing dot, an IP address in its
    canonical form (``[::1]``, ``0:0::1`` and ``::1`` are the same host)."""
    host = host.lower().rstrip(".")
    address = literal(host)
    return str(address) if address is not None else host


@dataclass(frozen=True, slots=True)
class AllowEntry:
    """One operator entry: a host, and a port (``None``: any port of the host)."""

    host: str
    port: int | None = None

    def admits(self, host: str, port: int) -> bool:
        return normal_host(host) == self.host and (self.port is None or self.port == port)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port is None else f"{host}:{self.port}"


def parse_allow_entry(text: str) -> AllowEntry:
    """``HOST`` or ``HOST:PORT`` (``[v6]`` or ``[v6]:PORT`` for IPv6); ValueError if not."""
    text = text.strip()
    if not text or "/" in text or "@" in text:
        raise ValueError(f"{text!r} is not HOST or HOST:PORT")
    port: int | None = None
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r} is not [IPv6] or [IPv6]:PORT")
        port_text = rest[1:] if rest else None
        if literal(host) is None:
            raise ValueError(f"{text!r}: {host!r} is not an IPv6 address")
    elif text.count(":") > 1:  # a bare IPv6 address, no port
        host, port_text = text, None
        if literal(host) is None:
            raise ValueError(f"{text!r} is not an IPv6 address (write [v6]:PORT for a port)")
    else:
        host, _, port_text = text.partition(":") if ":" in text else (text, "", None)
    if port_text is not None:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise ValueError(f"{text!r}: the port must be 1-65535")
        port = int(port_text)
    host = normal_host(host)
    if literal(host) is None and (numeric_spelling(host) or not _HOSTNAME.match(host)):
        raise ValueError(f"{text!r}: {host!r} is not a hostname or a canonical IP address")
    return AllowEntry(host, port)


def parse_allow_list(text: str) -> tuple[AllowEntry, ...]:
    """``--egress-allow``: entries separated by commas or spaces (the flag repeats)."""
    return tuple(parse_allow_entry(part) for part in re.split(r"[,\s]+", text) if part)


def operator_entry(url: str) -> AllowEntry:
    """The exact host and port of an operator-chosen URL (the webhook, the JWKS URL)."""
    parsed = URL(url)
    if not parsed.host or parsed.port is None:
        raise ValueError(f"{url!r} has no host")
    return AllowEntry(normal_host(parsed.host), parsed.port)


@dataclass(frozen=True, slots=True)
class Destination:
    """A URL the policy admitted: ``trusted`` when an operator's entry admitted it."""

    url: URL
    host: str
    port: int
    trusted: bool


def _refuse_all(channel: str, reason: str) -> None:
    """The default refusal hook: counted by the egress metric."""
    from .metrics import EGRESS_REFUSED  # a leaf module; imported late to keep this one pure

    EGRESS_REFUSED.labels(channel, reason).inc()


@dataclass(frozen=True, slots=True)
class EgressPolicy:
    channel: str  # "web_push", "webhook", "identity": the metric's label
    allow: tuple[AllowEntry, ...] = ()
    services: tuple[str, ...] = ()  # public hosts admitted ("." prefix: and subdomains)
    any_public_host: bool = False  # admit any host (whose addresses are public)
    ports: frozenset[int] = frozenset({443})  # for destinations no entry admits
    schemes: frozenset[str] = frozenset({"https"})
    on_refused: Callable[[str, str], None] = _refuse_all

    def with_operator_urls(self, urls: Iterable[str]) -> EgressPolicy:
        """This policy with each operator-chosen URL's host:port admitted as trusted."""
        entries = tuple(operator_entry(u) for u in urls if u)
        return EgressPolicy(
            self.channel, self.allow + entries, self.services, self.any_public_host,
            self.ports, self.schemes, self.on_refused,
        )  # fmt: skip

    def refuse(self, reason: str, detail: str) -> EgressRefused:
        self.on_refused(self.channel, reason)
        return EgressRefused(self.channel, reason, detail)

    def trusted(self, host: str, port: int) -> bool:
        return any(entry.admits(host, port) for entry in self.allow)

    def _service(self, host: str) -> bool:
        for name in self.services:
            if host == name or (name.startswith(".") and host.endswith(name)):
                return True
        return self.any_public_host

    def check_url(self, url: str | URL) -> Destination:
        """The destination of ``url`` if this channel may send there, else raises
        ``EgressRefused`` (no DNS lookup here: ``check_address`` judges what a host
        resolves to, at connection time)."""
        if isinstance(url, str):
            if _UNSAFE_TEXT.search(url):
                raise self.refuse("host", "the URL holds spaces, controls or backslashes")
            try:
                url = URL(url)
            except ValueError:
                raise self.refuse("host", "not a URL") from None
        if url.scheme not in self.schemes:
            raise self.refuse("scheme", f"the scheme must be {' or '.join(sorted(self.schemes))}")
        if url.raw_user is not None or url.raw_password is not None:
            raise self.refuse("userinfo", "a URL with a user or password is not sent to")
        raw = url.raw_host
        if not raw or url.port is None:
            raise self.refuse("host", "the URL has no host")
        host = normal_host(raw)
        port = url.port
        address = literal(host)
        if address is None:
            if numeric_spelling(host):
                raise self.refuse("numeric_spelling", "the host is an address in a legacy spelling")
            if not _HOSTNAME.match(host):
                raise self.refuse("host", "the host is not a hostname or an IP address")
        if self.trusted(host, port):
            return Destination(url, host, port, True)
        if address is not None:
            self.check_address(address, host, port)
            if not self.any_public_host:
                raise self.refuse("not_allowed", self._not_allowed())
        elif not self._service(host):
            raise self.refuse("not_allowed", self._not_allowed())
        if port not in self.ports:
            ports = ", ".join(str(p) for p in sorted(self.ports))
            raise self.refuse("port", f"the port must be {ports} (or an --egress-allow entry's)")
        return Destination(url, host, port, False)

    def check_address(self, address: IPAddress, host: str, port: int) -> None:
        """Raise ``EgressRefused`` when ``host``:``port`` (not trusted) resolved to
        ``address`` in a refused range."""
        if self.trusted(host, port):
            return
        reason = refusal(address)
        if reason is not None:
            raise self.refuse(reason, f"{host} is a {reason.replace('_', '-')} address")

    def _not_allowed(self) -> str:
        if self.services:
            return "not a browser push service (an operator admits others with --egress-allow)"
        return "not a destination of this server (an operator admits others with --egress-allow)"


# ---------------------------------------------------------------- the channels' policies


def web_push_policy(
    allow: tuple[AllowEntry, ...] = (), *, allow_http: bool = False
) -> EgressPolicy:
    """Web Push: the browser push services on 443 over https, and the operator's entries
    (``allow_http``: http:// too, for a loopback test service or a local relay)."""
    schemes = frozenset({"https", "http"}) if allow_http else frozenset({"https"})
    return EgressPolicy("web_push", allow, PUSH_SERVICES, schemes=schemes)


def webhook_policy(allow: tuple[AllowEntry, ...], url: str) -> EgressPolicy:
    """The webhook: the operator's URL (its exact host and port, trusted: the operator
    chose it) and the operator's entries; no redirect is followed."""
    policy = EgressPolicy("webhook", allow, ports=frozenset({80, 443}),
                          schemes=frozenset({"https", "http"}))  # fmt: skip
    return policy.with_operator_urls([url])


def identity_policy(allow: tuple[AllowEntry, ...], urls: Iterable[str]) -> EgressPolicy:
    """The identity provider: its JWKS URL (trusted, as the webhook's), and where it
    redirects, any public host on 80 or 443 (each hop checked; never https to http)."""
    policy = EgressPolicy("identity", allow, any_public_host=True, ports=frozenset({80, 443}),
                          schemes=frozenset({"https", "http"}))  # fmt: skip
    return policy.with_operator_urls(urls)
