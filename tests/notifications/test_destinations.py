"""The destination registry's own rules, without a server: what one destination is (an
origin, however its URL is spelled), the circuit's states and backoff, and the bound on
how many destinations a replica remembers (a stranger registering endpoints on many
origins cannot grow it)."""

from __future__ import annotations

from fiveup.notifications.destinations import (
    CircuitState,
    Destination,
    Destinations,
    IsolationConfig,
    origin,
    without_paths,
)


def test_one_origin_however_it_is_spelled() -> None:
    assert origin("https://Push.Example/a?b") == "https://push.example:443"
    assert origin("https://push.example:443/other") == "https://push.example:443"
    assert origin("http://127.0.0.1:8080/hook") == "http://127.0.0.1:8080"
    assert origin("https://[::1]:9/x") == "https://[::1]:9"
    assert origin("https://push.example./x") == "https://push.example:443"
    assert origin("https://push.example:444/") != origin("https://push.example/")
    for bad in ("", "ftp://x/", "https:///nohost", "https://h:99999/", "not a url"):
        assert origin(bad) == ""


def test_the_circuit_opens_after_n_failures_doubles_and_closes_on_a_probe() -> None:
    config = IsolationConfig(failures=3, open_seconds=10, max_open_seconds=25)
    d: Destination[object] = Destination("https://h:443", "web_push")
    assert d.limit(config) == 1  # unknown: one slot until it answers
    for _ in range(2):
        d.began()
        assert d.ended(False, 0.1, 100.0, config) is None
    d.began()
    assert d.ended(False, 0.1, 100.0, config) is CircuitState.OPEN
    assert 110.0 <= d.open_until <= 112.5  # 10 s, jittered up to +25%
    assert d.blocked_until(105.0) == d.open_until  # nothing goes while open
    assert d.blocked_until(d.open_until) is None and d.state is CircuitState.HALF_OPEN
    assert d.limit(config) == 1 and d.queue_room(config) == 0  # one probe, nothing queued
    d.began()
    assert d.ended(False, 0.1, 200.0, config) is CircuitState.OPEN  # the probe failed
    assert 220.0 <= d.open_until <= 225.0  # twice as long
    for _ in range(3):  # each failed probe doubles, up to the cap
        assert d.blocked_until(d.open_until) is None
        d.began()
        d.ended(False, 0.1, 300.0, config)
    assert d.open_until - 300.0 <= 25 * 1.25
    assert d.blocked_until(d.open_until) is None
    d.began()
    assert d.ended(True, 0.05, 400.0, config) is CircuitState.CLOSED
    assert d.failures == 0 and d.limit(config) == config.per_destination


def test_a_slow_push_service_keeps_one_slot_the_webhook_keeps_its_share() -> None:
    config = IsolationConfig(per_destination=8, slow_seconds=1.0)
    push: Destination[object] = Destination("https://slow:443", "web_push")
    hook: Destination[object] = Destination("https://app:443", "webhook", pace_limited=False)
    for d in (push, hook):
        for _ in range(5):
            d.began()
            d.ended(True, 3.0, 0.0, config)  # answers, after 3 s each time
    assert push.limit(config) == 1 and hook.limit(config) == 8


def test_the_registry_is_bounded_and_forgets_idle_destinations_first() -> None:
    registry: Destinations[str] = Destinations(IsolationConfig(max_destinations=3))
    busy = registry.find("https://a:443", "web_push")
    assert busy is not None
    busy.began()  # a send in flight: never forgotten
    for name in ("b", "c", "d", "e"):
        assert registry.find(f"https://{name}:443", "web_push") is not None
    assert len(registry) == 3
    assert registry.get("https://a:443") is busy  # kept; b and c went
    assert registry.get("https://b:443") is None and registry.get("https://c:443") is None
    for d in registry:
        d.began()
    assert registry.find("https://f:443", "web_push") is None  # all busy: the caller defers
    assert len(registry) == 3


def test_a_failures_line_keeps_only_the_origin_of_a_url() -> None:
    line = "ClientResponseError: 500, message='x', url='https://push.example/wpush/v2/SECRET'"
    assert (
        without_paths(line)
        == "ClientResponseError: 500, message='x', url='https://push.example:443'"
    )
    assert without_paths("HTTP 503") == "HTTP 503"
