"""The api's settings group: the abuse limits the servicers and interceptors enforce
(rates, stream caps, bot-only matches), and whom to believe about a client's address
(docs/security.md)."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .limits import LimitsConfig


@dataclass
class LimitsSettings(SettingsGroup):
    TITLE = "abuse limits (rates, streams, bot-only matches)"

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
    max_watchers_per_match: int = setting(64, "open WatchMatch streams on one match (0: no cap)")
    client_address_header: str = setting(
        "", "metadata naming the client's address (x-forwarded-for), set by the gateway "
        "(Envoy)",
    )  # fmt: skip
    trusted_proxies: str = setting(
        "", "comma-separated addresses/networks of the gateways whose client-address header "
        "is believed (e.g. 127.0.0.1 for Envoy in the same pod)",
    )  # fmt: skip
    max_client_bot_matches: int = setting(
        4, "bot-only matches running per client address (deploy/k8s sets 2)"
    )
    max_bot_matches: int = setting(32, "bot-only matches running in all (deploy/k8s sets 8)")

    def problems(self) -> list[str]:
        if self.max_server_streams > 0 and not (
            0 <= self.stream_player_reserve < self.max_server_streams
        ):
            return [
                f"stream_player_reserve ({self.stream_player_reserve}) must be below "
                f"max_server_streams ({self.max_server_streams}): other streams need room too"
            ]
        return []


def limits_config(settings: LimitsSettings) -> LimitsConfig:
    return LimitsConfig(
        rate_limit_peer=settings.rate_limit_peer,
        rate_limit_peer_burst=settings.rate_limit_peer_burst,
        rate_limit_seat=settings.rate_limit_seat,
        rate_limit_seat_burst=settings.rate_limit_seat_burst,
        max_watchers_per_match=settings.max_watchers_per_match,
        rate_limit_hints=settings.rate_limit_hints,
        rate_limit_hints_burst=settings.rate_limit_hints_burst,
        rate_limit_reads=settings.rate_limit_reads,
        rate_limit_reads_burst=settings.rate_limit_reads_burst,
        client_address_header=settings.client_address_header.lower(),
        max_client_streams=settings.max_client_streams,
        max_server_streams=settings.max_server_streams,
        max_network_streams=settings.max_network_streams,
        stream_player_reserve=settings.stream_player_reserve,
        max_anonymous_streams=settings.max_anonymous_streams,
        max_client_anonymous_streams=settings.max_client_anonymous_streams,
        max_network_anonymous_streams=settings.max_network_anonymous_streams,
        max_spectators_per_match=settings.max_spectators_per_match,
        max_seat_streams=settings.max_seat_streams,
        max_player_notification_streams=settings.max_player_notification_streams,
        max_player_chat_streams=settings.max_player_chat_streams,
        # a part of the players' reserve: never more than all of it
        stream_signed_in_reserve=min(
            settings.stream_signed_in_reserve, settings.stream_player_reserve
        ),
        max_client_reserve_streams=settings.max_client_reserve_streams,
        rate_limit_sign_in=settings.rate_limit_sign_in,
        rate_limit_sign_in_burst=settings.rate_limit_sign_in_burst,
        rate_limit_create=settings.rate_limit_create,
        rate_limit_create_burst=settings.rate_limit_create_burst,
        rate_limit_invites=settings.rate_limit_invites,
        rate_limit_invites_burst=settings.rate_limit_invites_burst,
        creation_network_factor=settings.creation_network_factor,
        max_client_bot_matches=settings.max_client_bot_matches,
        max_bot_matches=settings.max_bot_matches,
        trusted_proxies=tuple(settings.trusted_proxies.split(",")),
    )
