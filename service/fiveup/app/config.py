"""Server configuration: the one seam for every setting of ``fiveup serve``.

Each field of ``ServerConfig`` is a setting: its built-in default, overridden by the
environment variable ``FIVEUP_<FIELD NAME>``, overridden by the flag ``--<field-name>``.
``fiveup serve --help`` lists them all with their variables (docs/operations.md too, and
a test keeps the three in step).  The parts of the server receive the settings under
these same names.  ``ENVIRONMENT_ONLY`` lists the few variables read elsewhere (before a
server exists).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..bots.expert import MASTER_SAMPLES
from ..shared.usererror import UserError
from ..store.options import NOTIFY_MODES, SYNCHRONOUS_LEVELS

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# Variables read outside ServerConfig: they select the compiled rules core, or the build,
# before any configuration is parsed.
ENVIRONMENT_ONLY: dict[str, str] = {
    "FIVEUP_PURE_PYTHON": "1: use the pure-Python rules core instead of the compiled one",
    "FIVEUP_REQUIRE_CYTHON": "1 (or CI=true): fail the build when the core does not compile",
}


class ConfigError(UserError, ValueError):
    """Settings the server cannot start with; the message says which and why."""


def setting(
    default: Any, help: str, choices: tuple[str, ...] | None = None, *, repeatable: bool = False
) -> Any:
    """A ServerConfig field with its help text (and its allowed values).  ``repeatable``: a
    text setting whose flag may be given several times (the values joined by commas)."""
    return field(
        default=default, metadata={"help": help, "choices": choices, "repeatable": repeatable}
    )


@dataclass
class ServerConfig:
    address: str = setting("127.0.0.1:50051", "host:port to serve gRPC on (port 0: any free one)")
    db: str = setting(
        "fiveup.sqlite3", "the event store: a SQLite file path or a postgresql:// URL"
    )
    metrics_port: int = setting(9464, "port of the Prometheus /metrics endpoint (-1: off, 0: any)")
    metrics_address: str = setting("127.0.0.1", "address the /metrics endpoint binds")
    grace_seconds: float = setting(
        10.0, "drain time on SIGTERM (keep it below the pod's termination grace period)"
    )
    drain_seconds: float = setting(
        1.0, "first part of the drain: NOT_SERVING but still serving (at most half the grace)"
    )
    max_receive_bytes: int = setting(256 * 1024, "largest request message accepted")
    max_send_bytes: int = setting(4 * 1024 * 1024, "largest response message sent")
    max_concurrent_rpcs: int = setting(
        2_000, "calls in progress at once, beyond which gRPC refuses (public port)"
    )
    # Streaming calls (WatchMatch, ValidateMoves, Health.Watch) open per client address and
    # in all; the total must stay below max_concurrent_rpcs so idle streams never take the
    # slots of unary calls and health checks (docs/security.md).  0 = no cap (the
    # server-wide one only when max_concurrent_rpcs is 0, unlimited, too).
    max_client_streams: int = setting(
        50, "streaming calls open from one client address (0: no cap)"
    )
    max_server_streams: int = setting(
        1_000, "streaming calls open in all; below max-concurrent-rpcs (0: no cap)"
    )
    # The stream pools (docs/security.md, "Streams for players first"): a seated player's
    # own WatchMatch and a searching player's FindMatch may take the players' reserve,
    # which no other stream can; anonymous streams have much lower caps of their own.
    stream_player_reserve: int = setting(
        300, "of max-server-streams, the slots only players' own streams (their seat's "
        "WatchMatch, FindMatch) may take (0: none)",
    )  # fmt: skip
    max_network_streams: int = setting(
        200, "streaming calls open from one IPv6 /64 (one host may hold the whole /64; 0: no cap)"
    )
    max_anonymous_streams: int = setting(
        300, "streams that prove no identity (WatchMatch without a token, ValidateMoves, "
        "Health.Watch, reflection) open in all (0: no cap)",
    )  # fmt: skip
    max_client_anonymous_streams: int = setting(
        8, "streams that prove no identity open from one client address (0: no cap)"
    )
    max_network_anonymous_streams: int = setting(
        16, "streams that prove no identity open from one IPv6 /64 (0: no cap)"
    )
    max_spectators_per_match: int = setting(
        32, "WatchMatch streams of spectators (not seated) on one match (0: no cap)"
    )
    max_seat_streams: int = setting(
        4, "a seat's own WatchMatch streams, and a player's FindMatch streams (0: no cap)"
    )
    # Streams by player (docs/security.md, "Streams"): a signed-in player's notification
    # and chat streams are capped per player, and a player's first one of each may take
    # the signed-in reserve (part of the players' reserve) when the shared part is full.
    max_player_notification_streams: int = setting(
        4, "WatchNotifications streams one signed-in player may hold (tabs, devices; 0: no cap)"
    )
    max_player_chat_streams: int = setting(
        8, "WatchChat streams one signed-in player may hold (rooms, matches, tabs; 0: no cap)"
    )
    stream_signed_in_reserve: int = setting(
        100, "of stream-player-reserve (at most all of it), the slots a signed-in player's first "
        "WatchNotifications or WatchChat stream may take when the shared part is full (0: none)",
    )  # fmt: skip
    max_client_reserve_streams: int = setting(
        4, "of stream-signed-in-reserve, the slots one client address may hold (0: no cap)"
    )
    probe_address: str = setting(
        "", "a second, health-only gRPC server for the orchestrator's probes, e.g. "
        "0.0.0.0:8081 (empty: none)",
    )  # fmt: skip
    keepalive_time_ms: int = setting(60_000, "ping idle clients this often")
    keepalive_timeout_ms: int = setting(20_000, "drop a client that does not answer a ping by then")
    min_client_ping_ms: int = setting(
        10_000, "clients (phones) may ping this often without being sent away"
    )
    # On by default: bots that answer at once are too fast to follow.  The test-suite's
    # servers run with FIVEUP_BOT_DELAY=0 (tests/conftest.py).
    bot_delay: float = setting(
        0.6,
        "seconds a bot waits before each move in a match with a person, or in a bot-only"
        " match someone watches (a pace people can follow; 0: at once)",
    )
    sqlite_synchronous: str = setting(
        "normal", "SQLite durability: normal survives a crash, full also power loss",
        SYNCHRONOUS_LEVELS,
    )  # fmt: skip
    pg_notify: str = setting(
        "transaction", "PostgreSQL: send an append's notification inside its transaction, "
        "or right after it commits (lifts the cluster-wide commit ceiling)", NOTIFY_MODES,
    )  # fmt: skip
    bus: str = setting(
        "", "wake other replicas through NATS, e.g. nats://nats:4222, instead of PostgreSQL's "
        "LISTEN/NOTIFY, or workers' polls of one SQLite file (empty: no bus; docs/scaling.md)",
    )  # fmt: skip
    bus_prefix: str = setting(
        "fiveup", "the bus's subject prefix (<prefix>.wake.match ...): deployments sharing "
        "one NATS each take their own",
    )  # fmt: skip
    cache_size: int = setting(10_000, "matches kept folded in memory (least recently used go)")
    gc_freeze: bool = setting(
        True,
        "freeze the startup heap once serving (gc.freeze): full collections then walk "
        "only the live matches and players, not every module (docs/performance.md)",
    )
    gc_young_threshold: int = setting(
        10_000,
        "allocations between two young-generation collections (Python's own: 700); "
        "fewer short-lived call objects then live long enough to be walked again and again",
    )
    log_json: bool = setting(False, "log JSON lines instead of text")
    log_level: str = setting("INFO", "lowest level logged", LOG_LEVELS)
    workers: int = setting(1, "processes sharing the port (SO_REUSEPORT); one per core")
    bench_echo: bool = setting(
        False, "benchmarks only: serve the raw-bytes echo stream bench.rules_rpc compares with"
    )
    # Abuse limits, per process (docs/security.md).  The rates are off (0) by default:
    # automated clients (tests, benchmarks) play far faster than people; a deployment
    # facing the public sets them (suggested: 20 per peer, 5 per seat).
    rate_limit_peer: float = setting(
        0.0, "CreateMatch+JoinMatch+SubmitMove calls a second per client address (0: off)"
    )
    rate_limit_peer_burst: int = setting(100, "calls a client address may make at once")
    rate_limit_seat: float = setting(0.0, "SubmitMove calls a second per seat (0: off)")
    rate_limit_seat_burst: int = setting(20, "moves a seat may submit at once")
    rate_limit_hints: float = setting(
        1.0, "SuggestMoves calls a second per seat (0: off); each holds a core for up to "
        "its deadline",
    )  # fmt: skip
    rate_limit_hints_burst: int = setting(5, "hint requests a seat may make at once")
    rate_limit_reads: float = setting(
        20.0, "public reads (leaderboards, player stats and matches, open tables) a second "
        "per client address (0: off)",
    )  # fmt: skip
    rate_limit_reads_burst: int = setting(200, "public reads a client address may make at once")
    # Sign-in and creation limits, on by default (docs/security.md): every guest is a row
    # and every table a match; an IPv6 /64 gets creation-network-factor times each.
    rate_limit_sign_in: float = setting(
        0.2, "SignInAsGuest calls a second per client address (0: off)"
    )
    rate_limit_sign_in_burst: int = setting(30, "guest sign-ins a client address may make at once")
    rate_limit_create: float = setting(
        1.0, "CreateMatch+CreatePrivateTable calls a second per client address (0: off)"
    )
    rate_limit_create_burst: int = setting(60, "tables a client address may create at once")
    rate_limit_invites: float = setting(
        1.0, "JoinWithInvite calls (invite look-ups) a second per client address (0: off)"
    )
    rate_limit_invites_burst: int = setting(30, "invite look-ups a client address may make at once")
    creation_network_factor: float = setting(
        2.0, "an IPv6 /64's sign-in and creation rate and burst, as a multiple of one address's"
    )
    hint_workers: int = setting(1, "hint computations at once per process (threads)")
    hint_samples: int = setting(
        MASTER_SAMPLES,
        "deals of the hidden tiles sampled per hint request, the master's own budget (the "
        "deadline may cut it)",
    )
    hint_default_deadline_ms: int = setting(500, "a hint's time budget when the caller names none")
    hint_max_deadline_ms: int = setting(2000, "the most time a caller may give one hint")
    max_watchers_per_match: int = setting(64, "open WatchMatch streams on one match (0: no cap)")
    client_address_header: str = setting(
        "", "metadata naming the client's address (x-forwarded-for), set by the gateway "
        "(Envoy)",
    )  # fmt: skip
    trusted_proxies: str = setting(
        "", "comma-separated addresses/networks of the gateways whose client-address header "
        "is believed (e.g. 127.0.0.1 for Envoy in the same pod)",
    )  # fmt: skip
    # Abandoned seats: a joined human seat that has not moved for this long is played by a
    # stand-in bot until its owner moves again (0 = never); the stand-in waits
    # stand_in_delay_seconds on each of its turns, the owner's window to take the seat back.
    turn_timeout_seconds: float = setting(
        120.0, "a joined human seat silent this long is played by a stand-in bot (0: never)"
    )
    stand_in_delay_seconds: float = setting(
        3.0, "the stand-in's pause on each turn: the owner's window to take the seat back"
    )
    # A rated match's abandoned seat forfeits (the others win) instead of the stand-in's
    # next move, after either allowance (docs/ratings.md, "Ending a rated match").
    forfeit_after_stand_in_turns: int = setting(
        3, "a rated match's seat forfeits once a stand-in has played this many of its turns"
        " in a row (0: not by turns)",
    )  # fmt: skip
    forfeit_after_stand_in_seconds: float = setting(
        120.0, "a rated match's seat forfeits once a stand-in has played for it this long"
        " (0: not by time)",
    )  # fmt: skip
    correspondence_casual_forfeit: bool = setting(
        False, "an unrated correspondence turn whose clock runs out forfeits the match too "
        "(off: a stand-in plays it; a rated one always forfeits)",
    )  # fmt: skip
    # Bots never starve people (docs/security.md): matches of bots only run one move at a
    # time, off the event loop, within a share of the process's time, and at most so many
    # per client address and per process; every match ends (cancelled: length_limit)
    # past a number of rounds or events.
    bot_only_cpu_share: float = setting(
        0.25, "share of the process's time bot-only matches may use"
    )
    bot_only_min_delay: float = setting(0.01, "pause between two moves of a bot-only match")
    max_client_bot_matches: int = setting(
        4, "bot-only matches running per client address (deploy/k8s sets 2)"
    )
    max_bot_matches: int = setting(32, "bot-only matches running in all (deploy/k8s sets 8)")
    max_match_rounds: int = setting(500, "rounds after which a match is cancelled (length_limit)")
    max_match_events: int = setting(
        20_000, "events after which a match is cancelled (length_limit)"
    )
    # Retention (fiveup.match.retention).
    retention_unjoined_seconds: float = setting(
        86_400.0, "a match still missing a player is deleted this long after creation (0: keep)"
    )
    retention_finished_seconds: float = setting(
        30 * 86_400.0, "a finished or cancelled match is deleted this long after a sweep "
        "first saw it finished (0: keep)",
    )  # fmt: skip
    retention_sweep_seconds: float = setting(
        300.0, "how often retention looks for matches to delete"
    )
    # Players and sessions (docs/players.md).
    access_token_keys: str = setting(
        "", "directory with one access-token key file per key id (a mounted Secret); empty: "
        "an ephemeral key, for a single development process only",
    )  # fmt: skip
    access_token_signing_kid: str = setting("", "with several keys: the key id that signs")
    access_token_ttl_seconds: float = setting(900.0, "lifetime of an access token")
    access_token_issuer: str = setting("fiveup", "the iss claim of the access tokens")
    refresh_token_ttl_seconds: float = setting(
        30 * 24 * 3600.0, "lifetime of a refresh token (each use rotates it)"
    )
    refresh_token_reuse_seconds: float = setting(
        15.0, "a refresh token used again this soon after its rotation gets the same new "
        "tokens (concurrent refreshes, a lost answer); later, or 0, any reuse ends the "
        "session (at most 300)",
    )  # fmt: skip
    guest_retention_seconds: float = setting(
        7 * 86_400.0, "a guest who never took a seat and holds no live session is deleted "
        "this long after it was last seen (0: keep)",
    )  # fmt: skip
    session_check_seconds: float = setting(
        5.0, "how long a replica trusts that a session it has seen alive is not revoked"
    )
    # An external identity provider (all three set, or none): SignInWithIdToken.
    id_token_issuer: str = setting("", "external identity provider: the ID tokens' issuer")
    id_token_audience: str = setting("", "external identity provider: the ID tokens' audience")
    id_token_jwks_url: str = setting("", "external identity provider: its JWKS URL")
    id_token_algorithms: str = setting(
        "RS256,ES256", "accepted ID token signature algorithms (public-key ones only)"
    )
    id_token_clock_skew_seconds: float = setting(60.0, "clock skew tolerated on ID tokens")
    jwks_cache_seconds: float = setting(300.0, "how long the provider's JWKS is cached")
    jwks_min_refresh_seconds: float = setting(
        30.0, "an unknown key id refetches the JWKS at most this often"
    )
    # The matchmaker (docs/api.md, FindMatch).
    matchmaker_round_seconds: float = setting(
        0.5, "how often each replica tries a matchmaking round"
    )
    matchmaker_bot_wait_seconds: float = setting(
        30.0, "bot wait of a search that allows bots but names no wait"
    )
    matchmaker_max_bot_wait_seconds: float = setting(300.0, "the longest bot wait a search may ask")
    matchmaker_bot: str = setting(
        "greedy", "the bot that fills empty seats when no player there has an established rating"
    )
    matchmaker_strongest_bot: str = setting(
        "master",
        "the strongest ladder level that fills a rated table's empty seats (the level "
        "nearest the players' ratings; docs/bots.md)",
    )
    matchmaker_ticket_ttl_seconds: float = setting(
        10.0, "a search whose stream stopped renewing it is dropped after this long"
    )
    matchmaker_band_width: float = setting(
        5.0, "rating band: players whose ratings (ordinals) differ by up to this share a "
        "table at once",
    )  # fmt: skip
    matchmaker_band_widen_per_second: float = setting(
        0.25, "rating band: ordinal points the band widens by per second waited"
    )
    # Invitations and blocks (docs/security.md, "Invitations and blocks").
    invites_per_minute: int = setting(
        10, "invitations (named invitees of private tables) one player may send in 60 s"
    )
    invites_per_day: int = setting(100, "invitations one player may send in 24 h")
    invites_per_invitee: int = setting(
        5, "pending invitations a player may hold from distinct inviters made within "
        "--invites-invitee-window-seconds (more are refused to the inviters)",
    )  # fmt: skip
    invites_invitee_window_seconds: float = setting(3600.0, "the window of --invites-per-invitee")
    max_blocks_per_player: int = setting(1000, "players one player may keep blocked")
    # Ratings (docs/ratings.md).
    rating_settled_sigma: float = setting(
        7.3, "a rating whose sigma is at most this is settled (on the boards), provisional "
        "(shown with ?) above: 7.3 is about five rated matches",
    )  # fmt: skip
    rating_active_days: float = setting(
        30.0, "boards show settled players whose last rated match in the category ended "
        "at most this many days ago",
    )  # fmt: skip
    # Rated means earned (docs/ratings.md, "Which matches are rated"; docs/security.md).
    rated_targets: str = setting(
        "61,121", "the targets (displayed points) a match may be rated at, comma-separated,"
        " or 'any' (a 1-point match is never rated)",
    )  # fmt: skip
    rated_standing: str = setting(
        "guest_matches", "who may play rated: guest_matches (a linked external identity, or a"
        " guest past --rated-guest-min-matches), linked (a linked identity only), any",
        choices=("guest_matches", "linked", "any"),
    )  # fmt: skip
    rated_guest_min_matches: int = setting(
        3, "finished matches (any mode) a guest needs before their matches are rated"
    )
    rated_guest_min_rounds: int = setting(
        15, "rounds those finished matches must add up to (no one-round sprints)"
    )
    rated_guest_min_age_seconds: float = setting(
        86_400.0, "how old a guest account must be before its matches are rated (spare"
        " accounts must be made ahead)",
    )  # fmt: skip
    rated_pair_limit: int = setting(
        2, "rated matches the same players may play together per window; later ones are"
        " recorded unrated (0: no limit)",
    )  # fmt: skip
    rated_pair_window_seconds: float = setting(86_400.0, "the window of --rated-pair-limit")
    # Rated play costs play (issue 31; docs/ratings.md, docs/security.md "Rated play").
    rated_min_own_moves: int = setting(
        3, "a rated match a side forfeits (resigns, abandons) before every seat made this"
        " many moves of its own is recorded unrated, 'aborted' (0: every forfeit is rated)",
    )  # fmt: skip
    rated_board_min_opponents: int = setting(
        5, "boards rank a player only after rated results against this many distinct"
        " opponents (each had standing when rated; 0: no such rule)",
    )  # fmt: skip

    # Table chat (docs/operations.md, "Chat").
    chat_word_list: str = setting(
        "", "a file of words and phrases chat does not carry, one a line (re-read when it "
        "changes; empty: none)",
    )  # fmt: skip
    chat_word_action: str = setting(
        "mask", "what a listed word does to a message: masked with *, or the message "
        "refused", ("mask", "reject"),
    )  # fmt: skip
    chat_max_length: int = setting(200, "longest chat message, in characters")
    chat_burst: int = setting(5, "chat messages one author may send in a match within 10 s")
    chat_per_minute: int = setting(20, "chat messages one author may send a minute, all matches")
    chat_room_burst: int = setting(30, "chat messages one room carries within 10 s")
    chat_read_rate: float = setting(
        2.0, "chat reads (ListChatMessages, WatchChat opened) a second per reader: a player, "
        "an anonymous seat, an anonymous spectator's address (0: no limit)",
    )  # fmt: skip
    chat_read_burst: float = setting(30.0, "chat reads one reader may make at once")
    chat_retention_seconds: float = setting(
        30 * 86_400.0, "chat messages are deleted this long after they were sent (0: keep)"
    )
    chat_report_retention_seconds: float = setting(
        365 * 86_400.0, "chat reports (with their copy of the message) are deleted this long "
        "after (0: keep)",
    )  # fmt: skip

    # Notifications (docs/operations.md, "Notifications").  Secrets belong in the
    # environment (FIVEUP_WEBHOOK_SECRET), not on a command line others can read.
    webhook_url: str = setting(
        "", "the app backend's URL every notification is POSTed to, signed (empty: no webhook)"
    )
    webhook_secret: str = setting(
        "", "the webhook's signing secret (whsec_<base64> or 24+ bytes); several, comma-"
        "separated, during a rotation (each signs every request)",
    )  # fmt: skip
    webhook_timeout_seconds: float = setting(
        5.0, "a webhook attempt's time limit (--notify-timeout-seconds caps it)"
    )
    web_push: bool = setting(True, "send Web Push to subscribed browsers")
    vapid_private_key: str = setting(
        "", "the Web Push VAPID key, a PEM P-256 private key file shared by every replica "
        "(empty: <db>.vapid.pem beside a SQLite file, created on first start)",
    )  # fmt: skip
    vapid_subject: str = setting(
        "mailto:operator@fiveup.invalid", "how push services reach the operator: a mailto: "
        "or https:// URL (set your own)",
    )  # fmt: skip
    web_push_allow_http: bool = setting(
        False, "accept http:// push endpoints (tests and local push services only)"
    )
    # The egress guard (docs/security.md, "Egress"): where the server may send requests
    # for someone.  Web Push goes only to the browser push services unless listed here.
    egress_allow: str = setting(
        "", "HOST[:PORT] the server may also send to, its addresses not range-checked (a "
        "private push relay; 127.0.0.1 for a test's loopback push service); a host alone "
        "admits all its ports; repeat the flag, or separate with commas",
        repeatable=True,
    )  # fmt: skip
    notify_poll_seconds: float = setting(
        1.0, "the dispatcher looks for due deliveries at least this often (retries, leases)"
    )
    notify_lease_seconds: float = setting(
        60.0, "a claimed delivery another replica may take over once this passes without a "
        "result (a replica killed mid-send); above the senders' time limits",
    )  # fmt: skip
    notify_max_attempts: int = setting(8, "attempts of one delivery before it is dead")
    notify_backoff_seconds: float = setting(
        2.0, "the first retry's delay; it doubles per attempt (with jitter), up to an hour"
    )
    # Deliveries isolated by destination (docs/security.md, "Deliveries"): a slow or
    # hung push service or webhook holds only its own slots.
    notify_timeout_seconds: float = setting(
        5.0, "one delivery attempt's hard time limit, any channel (a hung destination "
        "holds a slot this long at most)",
    )  # fmt: skip
    notify_connect_timeout_seconds: float = setting(
        3.0, "time limit to connect to a push service or the webhook"
    )
    notify_max_in_flight: int = setting(
        256, "delivery attempts in flight on a replica, all destinations together"
    )
    notify_destination_concurrency: int = setting(
        16, "attempts in flight to one destination (origin) that answers well and fast; "
        "an unknown, slow or failing one gets 1",
    )  # fmt: skip
    notify_circuit_failures: int = setting(
        5, "consecutive failed attempts (no answer, refused, 5xx, 429) that open a "
        "destination's circuit: nothing is sent there until a probe",
    )  # fmt: skip
    notify_circuit_open_seconds: float = setting(
        5.0, "how long a circuit first stays open (with jitter); doubles per failed probe"
    )
    notify_circuit_max_open_seconds: float = setting(
        300.0, "the longest a destination's circuit stays open between probes"
    )
    notify_max_destinations: int = setting(
        10_000, "destinations (origins) a replica remembers, least recently used forgotten"
    )
    notification_retention_seconds: float = setting(
        30 * 86_400.0, "notifications (and their deliveries) are deleted this long after "
        "(0: keep)",
    )  # fmt: skip

    def problems(self) -> list[str]:
        """Settings that cannot work together, each as one sentence (empty when fine)."""
        found = []
        if self.bus and not self.bus.startswith(("nats://", "tls://")):
            found.append(f"bus ({self.bus}) must be a nats:// (or tls://) URL")
        if (
            self.bus
            and self.workers <= 1
            and not self.db.startswith(("postgresql://", "postgres://"))
        ):
            found.append(
                "bus needs a postgresql:// database or --workers 2 or more: one process on "
                "SQLite wakes its own watchers"
            )
        if self.bus_prefix and not all(part.isidentifier() for part in self.bus_prefix.split(".")):
            found.append(f"bus_prefix ({self.bus_prefix}) must be dot-separated words")
        if self.max_concurrent_rpcs > 0 and not (
            0 < self.max_server_streams < self.max_concurrent_rpcs
        ):
            found.append(
                f"max_server_streams ({self.max_server_streams}) must be between 1 and "
                f"max_concurrent_rpcs - 1 ({self.max_concurrent_rpcs - 1}): streams must "
                "leave room for unary calls and health checks"
            )
        if not (self.rating_settled_sigma > 0 and self.rating_active_days > 0):
            found.append(
                f"rating_settled_sigma ({self.rating_settled_sigma}) and rating_active_days "
                f"({self.rating_active_days}) must be above 0: otherwise no board has a player"
            )
        if self.rated_min_own_moves < 0 or self.rated_board_min_opponents < 0:
            found.append(
                f"rated_min_own_moves ({self.rated_min_own_moves}) and "
                f"rated_board_min_opponents ({self.rated_board_min_opponents}) must be 0 or more"
            )
        if self.max_server_streams > 0 and not (
            0 <= self.stream_player_reserve < self.max_server_streams
        ):
            found.append(
                f"stream_player_reserve ({self.stream_player_reserve}) must be below "
                f"max_server_streams ({self.max_server_streams}): other streams need room too"
            )
        if self.notify_lease_seconds <= 2 * self.notify_timeout_seconds:
            found.append(
                f"notify_lease_seconds ({self.notify_lease_seconds}) must be above twice "
                f"notify_timeout_seconds ({self.notify_timeout_seconds}): a claim must outlive "
                "its attempt, or two replicas could send one delivery at once"
            )
        if min(self.notify_max_in_flight, self.notify_destination_concurrency,
               self.notify_circuit_failures, self.notify_max_destinations) < 1:  # fmt: skip
            found.append(
                "notify_max_in_flight, notify_destination_concurrency, notify_circuit_failures"
                " and notify_max_destinations must be at least 1"
            )
        if self.gc_young_threshold < 1:
            found.append(
                f"gc_young_threshold ({self.gc_young_threshold}) must be at least 1 (0 would "
                "turn the collector off, and cyclic garbage would never be freed)"
            )
        return found

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServerConfig:
        """The defaults overridden by every FIVEUP_<NAME> variable set (ConfigError for a
        value the setting cannot take)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            name = env_name(f.name)
            raw = env.get(name)
            if raw is not None:
                values[f.name] = _parse(f, raw, name)
        return cls(**values)

    def with_args(self, args: argparse.Namespace) -> ServerConfig:
        changes = {
            f.name: getattr(args, f.name)
            for f in fields(self)
            if getattr(args, f.name, None) is not None
        }
        return dataclasses.replace(self, **changes)


def env_name(field_name: str) -> str:
    return "FIVEUP_" + field_name.upper()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags for every field (each defaults to the environment, then the built-in value)."""
    for f in fields(ServerConfig):
        flag = "--" + f.name.replace("_", "-")
        kind = _TYPES.get(str(f.type), str)
        choices = f.metadata.get("choices")
        text = f"{f.metadata.get('help', '')} (env {env_name(f.name)}; default {f.default!r})"
        if kind is bool:
            parser.add_argument(
                flag, action=argparse.BooleanOptionalAction, default=None, help=text
            )
        elif f.metadata.get("repeatable"):
            parser.add_argument(flag, action=_JoinAction, default=None, help=text)
        elif choices is not None:
            parser.add_argument(
                flag, type=_one_of(choices), default=None, metavar="{" + ",".join(choices) + "}",
                help=text,
            )  # fmt: skip
        else:
            parser.add_argument(flag, type=kind, default=None, help=text)


class _JoinAction(argparse.Action):
    """A repeated flag's values, joined by commas (the environment's form of the list)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
        values: Any, option_string: str | None = None,
    ) -> None:  # fmt: skip
        earlier = getattr(namespace, self.dest, None)
        setattr(namespace, self.dest, f"{earlier},{values}" if earlier else str(values))


def environment_help() -> str:
    """The --help epilog: the variables read outside ServerConfig."""
    lines = ["Also read from the environment (not flags):"]
    lines += [f"  {name}  {meaning}" for name, meaning in ENVIRONMENT_ONLY.items()]
    return "\n".join(lines)


_TYPES: dict[str, type] = {"int": int, "float": float, "str": str, "bool": bool}
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


def _parse(f: dataclasses.Field[Any], raw: str, name: str) -> Any:
    kind = _TYPES.get(str(f.type), str)
    text = raw.strip()
    if kind is bool:
        if text.lower() not in (*_TRUE, *_FALSE):
            raise ConfigError(f"{name}={raw!r}: expected one of {', '.join(_TRUE + _FALSE[:-1])}")
        return text.lower() in _TRUE
    try:
        value = kind(text)
    except ValueError:
        raise ConfigError(f"{name}={raw!r}: expected {kind.__name__}") from None
    choices = f.metadata.get("choices")
    if choices is not None:
        try:
            return _one_of(choices)(text)
        except argparse.ArgumentTypeError as exc:
            raise ConfigError(f"{name}={raw!r}: {exc}") from None
    return value


def _one_of(choices: tuple[str, ...]) -> Any:
    """An argparse type: one of ``choices``, in any case, answered as spelt there."""

    def parse(text: str) -> str:
        for choice in choices:
            if text.strip().lower() == choice.lower():
                return choice
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(choices)}")

    return parse
