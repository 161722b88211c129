"""The egress guard's address and URL checks, with exact vectors (pure: nothing here
connects anywhere; the public addresses are only *checked*)."""

from __future__ import annotations

import ipaddress

import pytest
from prometheus_client import REGISTRY

from fiveup.egress.addresses import numeric_spelling, refusal
from fiveup.egress.policy import (
    REFUSALS,
    AllowEntry,
    EgressPolicy,
    EgressRefused,
    identity_policy,
    parse_allow_entry,
    parse_allow_list,
    web_push_policy,
    webhook_policy,
)

REFUSED = {
    # IPv4
    "0.0.0.0": "unspecified",
    "0.1.2.3": "unspecified",
    "10.0.0.1": "private",
    "10.255.255.255": "private",
    "100.64.0.1": "shared",
    "100.127.255.254": "shared",
    "127.0.0.1": "loopback",
    "127.255.0.9": "loopback",
    "169.254.169.254": "link_local",  # the cloud metadata service
    "172.16.0.1": "private",
    "172.31.255.255": "private",
    "192.0.0.8": "reserved",
    "192.0.2.1": "documentation",
    "192.88.99.1": "reserved",
    "192.168.1.1": "private",
    "198.18.0.1": "reserved",
    "198.19.255.255": "reserved",
    "198.51.100.7": "documentation",
    "203.0.113.9": "documentation",
    "224.0.0.1": "multicast",
    "239.255.255.250": "multicast",
    "240.0.0.1": "reserved",
    "255.255.255.255": "reserved",
    # IPv6
    "::": "unspecified",
    "::1": "loopback",
    "::ffff:127.0.0.1": "loopback",  # IPv4-mapped
    "::ffff:10.1.2.3": "private",
    "::ffff:169.254.169.254": "link_local",
    "::127.0.0.1": "reserved",  # IPv4-compatible (deprecated)
    "::8.8.8.8": "reserved",
    "64:ff9b::7f00:1": "loopback",  # NAT64 embedding 127.0.0.1
    "64:ff9b::a00:1": "private",  # NAT64 embedding 10.0.0.1
    "64:ff9b:1::808:808": "private",  # local-use NAT64
    "100::1": "reserved",  # discard-only
    "2001::1": "reserved",  # Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2": "reserved",
    "2001:2::1": "reserved",  # benchmarking
    "2001:db8::1": "documentation",
    "2002:7f00:1::1": "reserved",  # 6to4 embedding 127.0.0.1
    "2002:808:808::1": "reserved",  # 6to4 of a public address: refused whole
    "3fff::1": "documentation",
    "5f00::1": "reserved",  # SRv6
    "fc00::1": "private",
    "fd12:3456::1": "private",
    "fe80::1": "link_local",
    "fe80::1%2": "link_local",
    "febf::1": "link_local",
    "fec0::1": "private",  # site-local
    "ff02::1": "multicast",
    "ff0e::1": "multicast",
}
PUBLIC = ["8.8.8.8", "1.1.1.1", "142.250.74.10", "2001:4860::8888", "2606:4700::1111",
          "::ffff:8.8.8.8", "64:ff9b::808:808", "100.128.0.1", "172.32.0.1", "11.0.0.1"]  # fmt: skip


@pytest.mark.parametrize(("text", "reason"), sorted(REFUSED.items()))
def test_special_ranges_are_refused_with_their_reason(text: str, reason: str) -> None:
    assert refusal(ipaddress.ip_address(text)) == reason


@pytest.mark.parametrize("text", PUBLIC)
def test_public_unicast_addresses_are_admitted(text: str) -> None:
    assert refusal(ipaddress.ip_address(text)) is None


@pytest.mark.parametrize(
    "host", ["127.1", "2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "0", "127.0.0.1.",
             "017700000001", "10.1", "0x0a.0.0.1"],
)  # fmt: skip
def test_legacy_numeric_spellings_are_recognised(host: str) -> None:
    assert numeric_spelling(host)


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "fcm.googleapis.com", "deadbeef", "a1.b2"])
def test_names_and_canonical_addresses_are_not_numeric_spellings(host: str) -> None:
    assert not numeric_spelling(host)


def push(*allow: str, http: bool = False) -> EgressPolicy:
    return web_push_policy(parse_allow_list(",".join(allow)), allow_http=http)


# The endpoint forms (and more): each refused by a default Web Push policy.
ATTACKS = {
    "https://127.0.0.1:6379/": "loopback",
    "https://127.0.0.1:5432/": "loopback",
    "https://127.0.0.1:9464/metrics": "loopback",
    "https://127.0.0.1/": "loopback",
    "https://localhost/": "not_allowed",
    "https://localhost.:443/": "not_allowed",
    "https://[::1]/": "loopback",
    "https://[::ffff:127.0.0.1]/": "loopback",
    "https://[::ffff:7f00:1]/": "loopback",
    "https://[0:0:0:0:0:0:0:1]/": "loopback",
    "https://127.1/": "numeric_spelling",
    "https://2130706433/": "numeric_spelling",
    "https://0x7f000001/": "numeric_spelling",
    "https://0177.0.0.1/": "numeric_spelling",
    "https://0/": "numeric_spelling",
    "https://0.0.0.0/": "unspecified",
    "https://[::]/": "unspecified",
    "https://169.254.169.254/latest/meta-data/": "link_local",
    "https://[fe80::1]/": "link_local",
    "https://10.0.0.1/": "private",
    "https://192.168.0.1/": "private",
    "https://172.16.0.1/": "private",
    "https://100.64.0.1/": "shared",
    "https://[fd00::1]/": "private",
    "https://[fec0::1]/": "private",
    "https://[64:ff9b::7f00:1]/": "loopback",
    "https://user:pw@fcm.googleapis.com/fcm/send/x": "userinfo",
    "https://fcm.googleapis.com@127.0.0.1/": "userinfo",
    "https://fcm.googleapis.com\\@127.0.0.1/": "host",
    "http://fcm.googleapis.com/fcm/send/x": "scheme",
    "https://fcm.googleapis.com:8443/fcm/send/x": "port",
    "https://fcm.googleapis.com.evil.example/x": "not_allowed",
    "https://evilfcm.googleapis.com/x": "not_allowed",
    "https://notify.windows.com.evil.example/x": "not_allowed",
    "https://8.8.8.8/": "not_allowed",
    "https://%31%32%37.0.0.1/": "host",
    "ftp://fcm.googleapis.com/x": "scheme",
    "https:///x": "host",
}


@pytest.mark.parametrize(("url", "reason"), sorted(ATTACKS.items()))
def test_the_default_web_push_policy_refuses_each_form(url: str, reason: str) -> None:
    with pytest.raises(EgressRefused) as refused:
        push().check_url(url)
    assert refused.value.reason == reason


@pytest.mark.parametrize(
    "url", ["https://fcm.googleapis.com/fcm/send/abc", "https://fcm.googleapis.com/wp/abc",
            "https://FCM.googleapis.com./wp/abc", "https://fcm.googleapis.com:443/wp/abc",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
            "https://web.push.apple.com/QGx", "https://wns2-par02p.notify.windows.com/w/?token=1"],
)  # fmt: skip
def test_the_browser_push_services_are_admitted(url: str) -> None:
    destination = push().check_url(url)
    assert not destination.trusted and destination.port == 443


def test_an_allow_entry_admits_its_host_and_nothing_else() -> None:
    policy = push("127.0.0.1:8443", http=True)
    assert policy.check_url("http://127.0.0.1:8443/push/a").trusted
    for other in ("http://127.0.0.1:8444/", "http://localhost:8443/", "http://127.1:8443/",
                  "http://[::1]:8443/", "http://127.0.0.2:8443/"):  # fmt: skip
        with pytest.raises(EgressRefused):
            policy.check_url(other)
    any_port = push("127.0.0.1")
    assert any_port.check_url("https://127.0.0.1:6379/").trusted
    with pytest.raises(EgressRefused) as refused:  # the scheme rule still holds
        any_port.check_url("http://127.0.0.1:6379/")
    assert refused.value.reason == "scheme"


def test_allow_entries_parse_in_every_form_and_refuse_nonsense() -> None:
    assert parse_allow_list("relay.internal, 127.0.0.1:8080 [::1]:9 ::1,Relay.Internal.:443") == (
        AllowEntry("relay.internal"), AllowEntry("127.0.0.1", 8080), AllowEntry("::1", 9),
        AllowEntry("::1"), AllowEntry("relay.internal", 443),
    )  # fmt: skip
    for bad in ("http://x", "user@host", "127.1", "host:0", "host:70000", "[::1", "[x]:1",
                "a_b.example", "host:port"):  # fmt: skip
        with pytest.raises(ValueError):
            parse_allow_entry(bad)


def test_operator_urls_are_trusted_exactly_for_their_own_channel() -> None:
    hook = webhook_policy((), "http://10.1.2.3:8080/hooks")
    assert hook.check_url("http://10.1.2.3:8080/hooks").trusted
    with pytest.raises(EgressRefused):
        hook.check_url("http://10.1.2.3:8081/hooks")
    with pytest.raises(EgressRefused):
        hook.check_url("http://u:p@10.1.2.3:8080/hooks")
    # The webhook's host is not a push endpoint for players.
    with pytest.raises(EgressRefused):
        push().check_url("https://10.1.2.3:8080/hooks")
    idp = identity_policy((), ["https://idp.internal/jwks"])
    assert idp.check_url("https://idp.internal/jwks").trusted
    assert not idp.check_url("https://keys.example.com/jwks").trusted  # a public hop
    for hop in ("https://127.0.0.1/", "https://keys.example.com:8443/", "https://0x7f000001/"):
        with pytest.raises(EgressRefused):
            idp.check_url(hop)


def test_each_refusal_is_counted_by_channel_and_reason() -> None:
    before = REGISTRY.get_sample_value(
        "fiveup_egress_refused_total", {"channel": "web_push", "reason": "loopback"}
    )
    with pytest.raises(EgressRefused):
        push().check_url("https://[::1]/")
    after = REGISTRY.get_sample_value(
        "fiveup_egress_refused_total", {"channel": "web_push", "reason": "loopback"}
    )
    assert after == (before or 0) + 1
    assert set(ATTACKS.values()) <= REFUSALS
