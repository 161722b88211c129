"""Hostile input: every RPC of MatchService, RulesService, PlayerService, LobbyService and
RatingsService, fed random
bytes, random messages and mutations of valid requests, against a real server over a real
channel (with a local identity provider for the ID tokens).

For every call: it ends (a deadline on each), its status code is one the API documents
(never UNKNOWN or INTERNAL), a failure carries an ErrorInfo whose reason maps to that
code in the status table, no error quotes a hidden tile or the seed, and a rejected call
leaves the match it aimed at exactly as it was (all three views, byte for byte).

Examples per test: ``FIVEUP_FUZZ_EXAMPLES`` (default 60, derandomised so ``make test`` is
repeatable; ``make fuzz`` runs thousands with fresh randomness).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from google.protobuf.timestamp_pb2 import Timestamp
from google.rpc import error_details_pb2, status_pb2
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

import fiveup_core
from fiveup.api.errors import STATUS_BY_REASON
from fiveup.app.services import PUBLIC_SERVICES
from fiveup.v1 import (
    chat_pb2,
    common_pb2,
    friends_pb2,
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2_grpc,
    notifications_pb2,
    players_pb2,
    players_pb2_grpc,
    ratings_pb2,
    rules_pb2,
    seasons_pb2,
    tournaments_pb2,
    tournaments_pb2_grpc,
)
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, start, stop
from tests.identity.idp import IdentityProvider, rsa_key, serve_idp

from .leaks import error_blobs, leaks

EXAMPLES = int(os.environ.get("FIVEUP_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="FIVEUP_FUZZ_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.function_scoped_fixture],
)  # fmt: skip
UNARY_DEADLINE = 10.0  # a unary call that takes longer has hung
WATCH_DEADLINE = 0.3  # a watch stream on a live match stays open: that is its job

SERVICES = list(PUBLIC_SERVICES)
METHODS = {f"/{s.full_name}/{m.name}": m for s in SERVICES for m in s.methods}
DOCUMENTED = set(STATUS_BY_REASON.values()) | {grpc.StatusCode.OK}


# --------------------------------------------------------------------------- the server


@dataclass
class Fuzzed:
    """A real server on its own event loop thread, and a blocking client channel."""

    running: Running
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    channel: grpc.Channel
    match_id: str = ""  # two joined humans, the match whose state is watched
    tokens: dict[int, str] = field(default_factory=dict)
    other_id: str = ""  # another match: its tokens are the wrong ones
    other_token: str = ""
    finished_id: str = ""  # a finished match (GetMatchRecord answers)
    lobby_id: str = ""  # free seats left
    baseline: list[bytes] = field(default_factory=list)
    stub: match_pb2_grpc.MatchServiceStub | None = None
    idp: IdentityProvider | None = None
    access_token: str = ""  # a signed-in player's (never refreshed or signed out here)
    refresh_token: str = ""  # another session's, for RefreshSession / SignOut
    tournament_id: str = ""  # an upcoming tournament the access token's player created
    # The valid requests, built once: a fuzzed call that is valid (a seat's own move)
    # changes the match, and examples must not draw differently after it.
    valid: dict[str, list[Message]] | None = None
    invite_code: str = ""  # a private table's
    invitee_id: str = ""  # another player, whom the valid CreatePrivateTable invites

    def run(self, coro: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    @property
    def match(self) -> Any:
        session = self.running.app.matches.repository.cached(self.match_id)
        assert session is not None
        return session.match

    def snapshot(self) -> list[bytes]:
        assert self.stub is not None
        views = [self.stub.GetMatch(pb.GetMatchRequest(match_id=self.match_id), timeout=10)]
        for token in self.tokens.values():
            views.append(
                self.stub.GetMatch(
                    pb.GetMatchRequest(match_id=self.match_id), metadata=bearer(token), timeout=10
                )
            )
        return [v.SerializeToString(deterministic=True) for v in views]


def new_fuzz_match(f: Fuzzed) -> None:
    """The two-person match the fuzzers aim at, both seats taken by ``f.tokens``."""
    assert f.stub is not None
    human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
    f.match_id = f.stub.CreateMatch(
        pb.CreateMatchRequest(seats=[human, human], hints_allowed=True)
    ).match_id
    for seat in (0, 1):
        f.tokens[seat] = f.stub.JoinMatch(
            pb.JoinMatchRequest(match_id=f.match_id, seat=seat)
        ).seat_token


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="fuzzed-server", daemon=True)
    thread.start()
    db: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
    idp_context = contextlib.ExitStack()
    idp = idp_context.enter_context(serve_idp(rsa_key("fuzz-key")))
    running = asyncio.run_coroutine_threadsafe(
        start(
            db,
            turn_timeout_seconds=0.0,
            max_watchers_per_match=0,
            id_token_issuer=idp.issuer,
            id_token_audience=idp.audience,
            id_token_jwks_url=idp.url,
        ),
        loop,
    ).result(60)
    channel = grpc.insecure_channel(running.target)
    f = Fuzzed(running, loop, thread, channel, stub=match_pb2_grpc.MatchServiceStub(channel))
    f.idp = idp
    players = players_pb2_grpc.PlayerServiceStub(channel)
    device = players_pb2.SignInAsGuestRequest(device_id="fuzz-device-0123456789")
    f.access_token = players.SignInAsGuest(device).session.access_token
    f.refresh_token = players.SignInAsGuest(device).session.refresh_token
    KNOWN_TOKENS[:] = [f.access_token, f.refresh_token, idp.token(sub="fuzz-subject")]
    f.invitee_id = players.SignInAsGuest(
        players_pb2.SignInAsGuestRequest(device_id="fuzz-invitee-0123456789")
    ).session.player.player_id
    f.invite_code = (
        lobby_pb2_grpc.LobbyServiceStub(channel)
        .CreatePrivateTable(
            lobby_pb2.CreatePrivateTableRequest(seats=[pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)] * 3),
            metadata=bearer(f.access_token),
        )
        .invite_code
    )
    KNOWN_TOKENS.append(f.invite_code)
    f.tournament_id = (
        tournaments_pb2_grpc.TournamentServiceStub(channel)
        .CreateTournament(
            tournaments_pb2.CreateTournamentRequest(
                settings=fuzz_tournament(), request_id="fuzz-tournament"
            ),
            metadata=bearer(f.access_token),
        )
        .tournament.tournament_id
    )
    stub = f.stub
    assert stub is not None
    human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
    greedy = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY)
    new_fuzz_match(f)
    f.other_id = stub.CreateMatch(pb.CreateMatchRequest(seats=[human, greedy])).match_id
    f.other_token = stub.JoinMatch(pb.JoinMatchRequest(match_id=f.other_id)).seat_token
    f.lobby_id = stub.CreateMatch(pb.CreateMatchRequest(seats=[human, human, human])).match_id
    f.finished_id = stub.CreateMatch(
        pb.CreateMatchRequest(seats=[greedy, greedy], target_points=5)
    ).match_id
    watch = stub.WatchMatch(pb.WatchMatchRequest(match_id=f.finished_id), timeout=60)
    assert any(e.event.WhichOneof("kind") == "match_ended" for e in watch)
    # From here on bots move slowly: fuzzed CreateMatch calls start many bot matches.
    running.app.matches.config.bot_delay = 0.5
    f.baseline = f.snapshot()
    KNOWN_IDS[:] = [f.match_id, f.other_id, f.finished_id, f.lobby_id]
    try:
        yield f
    finally:
        channel.close()
        f.run(stop(running))
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
        idp_context.close()


KNOWN_IDS: list[str] = []  # filled by the fixture; drawn from lazily
KNOWN_TOKENS: list[str] = []  # an access token, a refresh token and an ID token


# --------------------------------------------------------------------------- one call


@dataclass
class Outcome:
    code: grpc.StatusCode
    error: grpc.RpcError | None


def call(f: Fuzzed, path: str, payloads: list[bytes], metadata: Any = None) -> Outcome:
    method = METHODS[path]
    md = tuple(metadata or ())
    try:
        if method.client_streaming:
            responses = f.channel.stream_stream(path)(
                iter(payloads), timeout=UNARY_DEADLINE, metadata=md
            )
            for _ in responses:
                pass
        elif method.server_streaming:
            stream = f.channel.unary_stream(path)(payloads[0], timeout=WATCH_DEADLINE, metadata=md)
            for _ in stream:
                pass
        else:
            f.channel.unary_unary(path)(payloads[0], timeout=UNARY_DEADLINE, metadata=md)
    except grpc.RpcError as exc:
        return Outcome(exc.code(), exc)  # type: ignore[attr-defined]
    return Outcome(grpc.StatusCode.OK, None)


def check(f: Fuzzed, path: str, outcome: Outcome) -> None:
    """The invariants of every answer."""
    method = METHODS[path]
    code, exc = outcome.code, outcome.error
    if currently_in_test_context():
        event(f"{NAME[path]} {code.name}")  # --hypothesis-show-statistics: what was reached
    if code == grpc.StatusCode.DEADLINE_EXCEEDED and method.server_streaming:
        pass  # a watch that was still open, waiting for the next event
    else:
        assert code in DOCUMENTED, f"{path}: undocumented {code}: {exc and exc.details()}"  # type: ignore[attr-defined]
        if exc is not None:
            info = _error_info(exc)
            assert info is not None, f"{path}: {code} without ErrorInfo: {exc.details()}"  # type: ignore[attr-defined]
            assert info.domain == "fiveup.v1"
            assert STATUS_BY_REASON.get(info.reason) == code, (path, info.reason, code)
    if exc is not None:
        blob, text = error_blobs(exc)
        for viewer in (None, 0, 1):
            found = leaks(blob, text, f.match, viewer, named=_all_tiles_if_named(text))
            assert found == [], (path, text)
    now = f.snapshot()
    if code == grpc.StatusCode.OK:
        f.baseline = now  # an accepted call may change the match
    else:
        assert now == f.baseline, f"{path}: a rejected call ({code}) changed the match"


def _error_info(exc: grpc.RpcError) -> error_details_pb2.ErrorInfo | None:
    for key, value in exc.trailing_metadata() or ():  # type: ignore[attr-defined]
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(value).details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info
    return None


def _all_tiles_if_named(text: str) -> list[tuple[int, int]]:
    # Fuzzed requests name arbitrary tiles, which errors may quote back ("[2|5] is not in
    # your hand"); hidden-tile leaks are checked on fixed requests in
    # test_error_secrets.py.  Here only the seed and the boneyard order are.
    return [(a, b) for a in range(7) for b in range(a, 7)]


# --------------------------------------------------------------------------- strategies

_INT_RANGES = {
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_ENUM: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1),
    FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}
_EDGES = (0, 1, 2, 3, 5, 6, 7, 27, 28, 29, 61, 100, 127, 128, 255, 256, 2**31 - 1, -1, -(2**31))


def _ints(lo: int, hi: int) -> st.SearchStrategy[int]:
    return st.one_of(st.sampled_from([v for v in _EDGES if lo <= v <= hi]), st.integers(lo, hi))


def _strings(name: str) -> st.SearchStrategy[str]:
    text = st.text(max_size=80)
    if name == "match_id":
        return st.one_of(st.deferred(lambda: st.sampled_from(KNOWN_IDS)), text)
    if name in ("id_token", "refresh_token"):
        return st.one_of(st.deferred(lambda: st.sampled_from(KNOWN_TOKENS)), text)
    if name == "invite_code":
        return st.one_of(st.deferred(lambda: st.sampled_from(KNOWN_TOKENS[3:])), text)
    if name == "device_id":
        return st.one_of(st.just("fuzz-device-0123456789"), text)
    if name == "text":  # a layout in the text notation
        return st.one_of(text, st.sampled_from(["", "[6|6]", "[6|6] [6|5]@low", "[6|6]@"]))
    return text


def _scalar(fd: FieldDescriptor) -> st.SearchStrategy[Any]:
    if fd.type in _INT_RANGES:
        lo, hi = _INT_RANGES[fd.type]
        if fd.type == FieldDescriptor.TYPE_ENUM:  # known values, and unknown ones
            known = [v.number for v in fd.enum_type.values]
            return st.one_of(st.sampled_from(known), _ints(lo, hi))
        return _ints(lo, hi)
    if fd.type == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if fd.type == FieldDescriptor.TYPE_STRING:
        return _strings(fd.name)
    if fd.type == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=64)
    if fd.type in (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE):
        return st.floats(allow_nan=True, width=32 if fd.type == FieldDescriptor.TYPE_FLOAT else 64)
    raise NotImplementedError(fd.type)  # pragma: no cover


def messages(descriptor: Descriptor, depth: int = 0) -> st.SearchStrategy[Message]:
    """Any message of this type: each field set or not, to any value of its type (enum
    fields to unknown numbers too), nested messages to a few levels."""
    cls = GetMessageClass(descriptor)
    optional: dict[str, st.SearchStrategy[Any]] = {}
    for fd in descriptor.fields:
        if fd.message_type is not None:
            if depth >= 4:
                continue
            value: st.SearchStrategy[Any] = st.deferred(
                lambda fd=fd: messages(fd.message_type, depth + 1)
            )
        else:
            value = _scalar(fd)
        if fd.is_repeated:
            value = st.lists(value, max_size=6 if depth < 2 else 2)
        optional[fd.name] = value

    def build(values: dict[str, Any]) -> Message:
        msg = cls()
        for name, v in values.items():
            fd = descriptor.fields_by_name[name]
            if fd.is_repeated:
                if fd.message_type is not None:
                    for item in v:
                        msg_field = getattr(msg, name).add()
                        msg_field.CopyFrom(item)
                else:
                    getattr(msg, name).extend(v)
            elif fd.message_type is not None:
                getattr(msg, name).CopyFrom(v)
            else:
                setattr(msg, name, v)
        return msg

    return st.fixed_dictionaries({}, optional=optional).map(build)  # type: ignore[arg-type]


# Who calls: nobody, each seat, a seat of another match, forged and malformed tokens, a
# signed-in player and a forged player token.
CALLERS = [
    "none", "seat0", "seat1", "other", "forged", "empty", "basic", "lowercase", "player",
    "forged_player",
]  # fmt: skip


def caller_metadata(f: Fuzzed, who: str) -> tuple[tuple[str, str], ...]:
    return {
        "none": (),
        "seat0": bearer(f.tokens[0]),
        "seat1": bearer(f.tokens[1]),
        "other": bearer(f.other_token),
        "forged": bearer(f.tokens[0][:-2] + "xx"),
        "empty": (("authorization", "Bearer "),),
        "basic": (("authorization", "Basic " + f.tokens[0]),),
        "lowercase": (("authorization", "bearer " + f.tokens[1]),),
        "player": bearer(f.access_token),
        "forged_player": bearer(f.access_token[:-2] + "xx"),
    }[who]


def valid_requests(f: Fuzzed) -> dict[str, list[Message]]:
    """Well-formed requests of each method, aimed at the fuzzed match where there is one
    (the same ones for every example)."""
    if f.valid is None:
        f.valid = _valid_requests(f)
    return f.valid


def _valid_requests(f: Fuzzed) -> dict[str, list[Message]]:
    view = f.match
    mover = view.to_move()
    legal = [
        pb.Move(place=pb.PlaceMove(tile=common_pb2.Tile(low=a.tile[0], high=a.tile[1])))
        for a in view.legal_actions(mover)
        if hasattr(a, "tile") and a.on is None
    ][:1] or [pb.Move(draw=pb.DrawMove())]
    layout = fiveup_core.Layout()
    layout.place((6, 6), None)
    compact = layout.to_bytes()
    human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
    return {
        "CreateMatch": [pb.CreateMatchRequest(seats=[human, human], target_points=10)],
        "JoinMatch": [pb.JoinMatchRequest(match_id=f.lobby_id)],
        "GetMatch": [pb.GetMatchRequest(match_id=f.match_id)],
        "ListLegalMoves": [pb.ListLegalMovesRequest(match_id=f.match_id)],
        "SubmitMove": [pb.SubmitMoveRequest(match_id=f.match_id, move=legal[0],
                                            expected_version=view.version, request_id="fuzz")],
        "WatchMatch": [pb.WatchMatchRequest(match_id=f.match_id, after_version=view.version),
                       pb.WatchMatchRequest(match_id=f.match_id, after_version=view.version,
                                            with_views=True)],
        "GetMatchRecord": [pb.GetMatchRecordRequest(match_id=f.finished_id)],
        # the fuzzer holds seat tokens, never the creator's: every cancel is refused
        "CancelMatch": [pb.CancelMatchRequest(match_id=f.match_id)],
        "SuggestMoves": [pb.SuggestMovesRequest(match_id=f.match_id, min_version=view.version,
                                                deadline_ms=100)],
        "UndoMove": [pb.UndoMoveRequest(match_id=f.match_id, expected_version=view.version,
                                        request_id="fuzz-undo")],
        "EvaluateLayout": [rules_pb2.EvaluateLayoutRequest(
            layout=common_pb2.Layout(compact=compact),
            hand=[common_pb2.Tile(low=5, high=6), common_pb2.Tile(low=1, high=2)])],
        "ValidateMove": [rules_pb2.ValidateMoveRequest(
            layout=common_pb2.Layout(text=layout.to_text()),
            placement=common_pb2.Placement(
                tile=common_pb2.Tile(low=5, high=6),
                on=common_pb2.ConnectionPoint(tile=common_pb2.Tile(low=6, high=6),
                                              side=common_pb2.SIDE_CHAIN_A)))],
        "ValidateMoves": [rules_pb2.ValidateMovesRequest(layouts=[compact, b""],
                                                         placements=bytes([26, 255, 27, 255]))],
        "ValidateMoveBatch": [rules_pb2.ValidateMoveBatchRequest(
            layouts=[compact, b""], placements=bytes([26, 255, 27, 255]))],
        "SignInAsGuest": [players_pb2.SignInAsGuestRequest(device_id="fuzz-device-0123456789",
                                                           display_name="Fuzz")],
        "SignInWithIdToken": [players_pb2.SignInWithIdTokenRequest(id_token=KNOWN_TOKENS[2])],
        "RefreshSession": [players_pb2.RefreshSessionRequest(refresh_token=f.refresh_token)],
        "SignOut": [players_pb2.SignOutRequest(refresh_token=f.refresh_token)],
        "GetPlayer": [players_pb2.GetPlayerRequest()],
        "UpdatePlayer": [players_pb2.UpdatePlayerRequest(display_name="Fuzz Two")],
        "LinkIdentity": [players_pb2.LinkIdentityRequest(device_id="fuzz-device-abcdefghijkl")],
        "BlockPlayer": [players_pb2.BlockPlayerRequest(player_id=f.invitee_id)],
        "UnblockPlayer": [players_pb2.UnblockPlayerRequest(player_id=f.invitee_id)],
        "ListBlockedPlayers": [players_pb2.ListBlockedPlayersRequest(page_size=5)],
        "ListOpenTables": [lobby_pb2.ListOpenTablesRequest(page_size=5, players=3)],
        "CreatePrivateTable": [lobby_pb2.CreatePrivateTableRequest(
            seats=[human, human], join=True, invited_player_ids=[f.invitee_id])],
        "JoinWithInvite": [lobby_pb2.JoinWithInviteRequest(invite_code=f.invite_code)],
        "ListMyMatches": [lobby_pb2.ListMyMatchesRequest(page_size=5)],
        "FindMatch": [lobby_pb2.FindMatchRequest(players=2)],
        "CancelFindMatch": [lobby_pb2.CancelFindMatchRequest()],
        "GetLeaderboard": [ratings_pb2.GetLeaderboardRequest(
            category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS, page_size=5)],
        "GetPlayerStats": [ratings_pb2.GetPlayerStatsRequest(history_limit=5)],
        "ListPlayerMatches": [ratings_pb2.ListPlayerMatchesRequest(page_size=5)],
        "ListBotLevels": [ratings_pb2.ListBotLevelsRequest()],
        "SendChatMessage": [chat_pb2.SendChatMessageRequest(match_id=f.match_id, phrase="hello")],
        "ListChatMessages": [chat_pb2.ListChatMessagesRequest(
            match_id=f.match_id, room=chat_pb2.CHAT_ROOM_SPECTATORS)],
        "WatchChat": [chat_pb2.WatchChatRequest(
            match_id=f.match_id, room=chat_pb2.CHAT_ROOM_SPECTATORS)],
        "MuteChatAuthor": [chat_pb2.MuteChatAuthorRequest(
            match_id=f.match_id, message_id=1, muted=True)],
        "ReportChatMessage": [chat_pb2.ReportChatMessageRequest(
            match_id=f.match_id, message_id=1, reason=chat_pb2.CHAT_REPORT_REASON_SPAM)],
        "ListChatPhrases": [chat_pb2.ListChatPhrasesRequest()],
        # aimed at the finished match: a resign or rematch offer there is refused (or a
        # no-op), so the fuzzed match stays in play for every example
        "Resign": [pb.ResignRequest(match_id=f.finished_id)],
        "OfferRematch": [lobby_pb2.OfferRematchRequest(match_id=f.match_id)],
        "DeclineRematch": [lobby_pb2.DeclineRematchRequest(match_id=f.match_id)],
        "GetRematch": [lobby_pb2.GetRematchRequest(match_id=f.match_id)],
        "WatchNotifications": [notifications_pb2.WatchNotificationsRequest(after_seq=0)],
        "ListNotifications": [notifications_pb2.ListNotificationsRequest(page_size=5)],
        "GetNotificationSettings": [notifications_pb2.GetNotificationSettingsRequest()],
        "UpdateNotificationSettings": [
            notifications_pb2.UpdateNotificationSettingsRequest(web_push=True)],
        "MuteMatchNotifications": [notifications_pb2.MuteMatchNotificationsRequest(
            match_id=f.match_id, muted=True)],
        "GetWebPushKey": [notifications_pb2.GetWebPushKeyRequest()],
        "SubscribeWebPush": [notifications_pb2.SubscribeWebPushRequest(
            endpoint="https://push.example/fuzz",
            keys=notifications_pb2.WebPushKeys(
                p256dh="BAAA" + "A" * 83, auth="AAAAAAAAAAAAAAAAAAAAAA"))],
        "UnsubscribeWebPush": [notifications_pb2.UnsubscribeWebPushRequest(
            endpoint="https://push.example/fuzz")],
        "CreateTournament": [tournaments_pb2.CreateTournamentRequest(
            settings=fuzz_tournament(), request_id="fuzz-tournament")],
        "ListTournaments": [tournaments_pb2.ListTournamentsRequest(page_size=5)],
        "GetTournament": [tournaments_pb2.GetTournamentRequest(tournament_id=f.tournament_id)],
        "JoinTournament": [tournaments_pb2.JoinTournamentRequest(tournament_id=f.tournament_id)],
        "WithdrawFromTournament": [tournaments_pb2.WithdrawFromTournamentRequest(
            tournament_id=f.tournament_id)],
        "WatchTournament": [tournaments_pb2.WatchTournamentRequest(
            tournament_id=f.tournament_id)],
        "InviteToTournament": [tournaments_pb2.InviteToTournamentRequest(
            tournament_id=f.tournament_id, player_id=f.invitee_id)],
        "SendFriendRequest": [friends_pb2.SendFriendRequestRequest(player_id=f.invitee_id)],
        "RespondToFriendRequest": [friends_pb2.RespondToFriendRequestRequest(
            player_id=f.invitee_id, accept=False)],
        "RemoveFriend": [friends_pb2.RemoveFriendRequest(player_id=f.invitee_id)],
        "ListFriends": [friends_pb2.ListFriendsRequest()],
        "ListFriendRequests": [friends_pb2.ListFriendRequestsRequest(outgoing=True)],
        "GetFriendsBoard": [friends_pb2.GetFriendsBoardRequest(
            category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS)],
        "ListSeasons": [seasons_pb2.ListSeasonsRequest(kind=seasons_pb2.SEASON_KIND_WEEKLY,
                                                       page_size=5)],
        "GetSeasonBoard": [seasons_pb2.GetSeasonBoardRequest(season_id="weekly", page_size=5)],
        "GetLeague": [seasons_pb2.GetLeagueRequest()],
        "ListLeagueChanges": [seasons_pb2.ListLeagueChangesRequest(page_size=5)],
    }  # fmt: skip


def fuzz_tournament() -> tournaments_pb2.TournamentSettings:
    """An upcoming two-seat Swiss (an hour from when the fuzzer starts)."""
    starts = Timestamp()
    starts.FromSeconds(int(time.time()) + 3600)
    return tournaments_pb2.TournamentSettings(
        name="Fuzz",
        format=tournaments_pb2.TOURNAMENT_FORMAT_SWISS,
        seats=2,
        capacity=8,
        starts_at=starts,
    )


def mutate(msg: Message, data: st.DataObject) -> Message:
    """Change one to three things of a valid request: clear a field, or set it to any value
    of its type (recursively into sub-messages)."""
    out = type(msg)()
    out.CopyFrom(msg)
    if not out.DESCRIPTOR.fields:  # e.g. GetPlayerRequest: nothing to mutate
        return out
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        target: Message = out
        while True:
            fields = list(target.DESCRIPTOR.fields)
            fd = data.draw(st.sampled_from(fields), label="field")
            if (
                fd.message_type is not None
                and not fd.is_repeated
                and fd.message_type.fields
                and data.draw(st.booleans())
            ):
                target = getattr(target, fd.name)  # descend
                continue
            break
        if data.draw(st.booleans(), label="clear"):
            target.ClearField(fd.name)
        elif fd.is_repeated:
            target.ClearField(fd.name)
            if fd.message_type is not None:
                for item in data.draw(st.lists(messages(fd.message_type, 2), max_size=4)):
                    getattr(target, fd.name).add().CopyFrom(item)
            else:
                getattr(target, fd.name).extend(data.draw(st.lists(_scalar(fd), max_size=8)))
        elif fd.message_type is not None:
            getattr(target, fd.name).CopyFrom(data.draw(messages(fd.message_type, 2)))
        else:
            setattr(target, fd.name, data.draw(_scalar(fd), label=fd.name))
    return out


def flip(raw: bytes, data: st.DataObject) -> bytes:
    """Byte-level damage to a serialized request: flips, cuts, insertions."""
    buf = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        kind = data.draw(st.sampled_from(["flip", "cut", "insert", "byte"]), label="edit")
        at = data.draw(st.integers(0, max(0, len(buf))), label="at")
        if kind == "flip" and buf:
            at = min(at, len(buf) - 1)
            buf[at] ^= 1 << data.draw(st.integers(0, 7))
        elif kind == "cut":
            del buf[at:]
        elif kind == "insert":
            buf[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        elif buf:
            buf[min(at, len(buf) - 1)] = data.draw(st.integers(0, 255))
    return bytes(buf)


PATHS = sorted(METHODS)
NAME = {path: path.rsplit("/", 1)[1] for path in PATHS}


def payloads_for(path: str, first: bytes, data: st.DataObject) -> list[bytes]:
    if METHODS[path].client_streaming:  # a stream of one to three messages
        more = data.draw(st.lists(st.binary(max_size=32), max_size=2), label="more")
        return [first, *more]
    return [first]


# --------------------------------------------------------------------------- the fuzzers


@FUZZ
@given(data=st.data())
def test_random_bytes(fuzzed: Fuzzed, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(PATHS), label="method")
    raw = data.draw(st.binary(max_size=512), label="bytes")
    who = data.draw(st.sampled_from(CALLERS), label="caller")
    outcome = call(fuzzed, path, payloads_for(path, raw, data), caller_metadata(fuzzed, who))
    check(fuzzed, path, outcome)


@FUZZ
@given(data=st.data())
def test_random_messages(fuzzed: Fuzzed, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(PATHS), label="method")
    message = data.draw(messages(METHODS[path].input_type), label="message")
    who = data.draw(st.sampled_from(CALLERS), label="caller")
    payloads = [message.SerializeToString()]
    if METHODS[path].client_streaming:
        payloads += [
            m.SerializeToString()
            for m in data.draw(st.lists(messages(METHODS[path].input_type), max_size=2))
        ]
    check(fuzzed, path, call(fuzzed, path, payloads, caller_metadata(fuzzed, who)))


@FUZZ
@given(data=st.data())
def test_mutated_valid_requests(fuzzed: Fuzzed, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(PATHS), label="method")
    base = valid_requests(fuzzed)[NAME[path]][0]
    message = mutate(base, data)
    who = data.draw(st.sampled_from(CALLERS), label="caller")
    raw = message.SerializeToString()
    check(
        fuzzed,
        path,
        call(fuzzed, path, payloads_for(path, raw, data), caller_metadata(fuzzed, who)),
    )


@FUZZ
@given(data=st.data())
def test_damaged_bytes_of_valid_requests(fuzzed: Fuzzed, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(PATHS), label="method")
    base = valid_requests(fuzzed)[NAME[path]][0]
    raw = flip(base.SerializeToString(), data)
    who = data.draw(st.sampled_from(CALLERS), label="caller")
    check(
        fuzzed,
        path,
        call(fuzzed, path, payloads_for(path, raw, data), caller_metadata(fuzzed, who)),
    )


def test_the_valid_requests_are_valid(fuzzed: Fuzzed) -> None:
    """The mutation fuzzers start from requests the server accepts."""
    if fuzzed.match.to_move() is None:  # a fuzzed Resign that named it from a seat ended it
        new_fuzz_match(fuzzed)
        fuzzed.baseline = fuzzed.snapshot()
    requests = _valid_requests(fuzzed)  # fresh: the fuzzers may have moved the match on
    assert set(requests) == set(NAME.values())
    for path in PATHS:
        if NAME[path] in (
            "SubmitMove",
            "JoinMatch",
            "CreateMatch",
            "CancelMatch",
            "Resign",
            "RefreshSession",
            "SignOut",
            "BlockPlayer",
            "UnblockPlayer",
            "CreatePrivateTable",
            "JoinWithInvite",
            "UndoMove",
            "SendChatMessage",
            "MuteChatAuthor",
            "ReportChatMessage",
            "Resign",
            "OfferRematch",
            "DeclineRematch",
            "UpdateNotificationSettings",
            "MuteMatchNotifications",
            "SubscribeWebPush",
            "UnsubscribeWebPush",
            "SendFriendRequest",
            "RemoveFriend",
            "GetRematch",  # only a signed-in player of the match: its seats are anonymous
            "CreateTournament",
            "JoinTournament",
            "WithdrawFromTournament",
            "InviteToTournament",
        ):
            continue  # they would change state; their validity shows in the fuzz runs
        mover_only = ("ListLegalMoves", "SuggestMoves")
        md = bearer(fuzzed.tokens[fuzzed.match.to_move()]) if NAME[path] in mover_only else ()
        if NAME[path] in (
            "GetPlayer",
            "UpdatePlayer",
            "LinkIdentity",
            "ListBlockedPlayers",
            "ListMyMatches",
            "FindMatch",
            "CancelFindMatch",
            "GetPlayerStats",
            "ListPlayerMatches",
            "WatchNotifications",
            "ListNotifications",
            "GetNotificationSettings",
            "GetWebPushKey",
            "RespondToFriendRequest",
            "ListFriends",
            "ListFriendRequests",
            "GetFriendsBoard",
            "GetLeague",
            "ListLeagueChanges",
        ):
            md = bearer(fuzzed.access_token)
        outcome = call(fuzzed, path, [requests[NAME[path]][0].SerializeToString()], md)
        expected = {grpc.StatusCode.OK}
        if METHODS[path].server_streaming and not METHODS[path].client_streaming:
            expected.add(grpc.StatusCode.DEADLINE_EXCEEDED)
        assert outcome.code in expected, (path, outcome.error)


# --------------------------------------------------------------------------- specific cases


def _code_and_reason(
    f: Fuzzed, path: str, message: Message | bytes, md: Any = ()
) -> tuple[Any, str]:
    raw = message if isinstance(message, bytes) else message.SerializeToString()
    outcome = call(f, path, [raw], md)
    check(f, path, outcome) if outcome.code != grpc.StatusCode.RESOURCE_EXHAUSTED else None
    info = _error_info(outcome.error) if outcome.error is not None else None
    return outcome.code, info.reason if info else ""


RULES = "/fiveup.v1.RulesService/"
MATCHES = "/fiveup.v1.MatchService/"


def test_oversized_messages_are_refused_by_grpc(fuzzed: Fuzzed) -> None:
    limit = fuzzed.running.app.config.max_receive_bytes
    huge = "x" * (limit + 1)
    for path, message in [
        (MATCHES + "GetMatch", pb.GetMatchRequest(match_id=huge)),
        (MATCHES + "SubmitMove", pb.SubmitMoveRequest(match_id=fuzzed.match_id, request_id=huge)),
        (
            RULES + "EvaluateLayout",
            rules_pb2.EvaluateLayoutRequest(layout=common_pb2.Layout(text=huge)),
        ),
    ]:
        outcome = call(fuzzed, path, [message.SerializeToString()], bearer(fuzzed.tokens[0]))
        assert outcome.code == grpc.StatusCode.RESOURCE_EXHAUSTED, (path, outcome.error)
        assert fuzzed.snapshot() == fuzzed.baseline


def _tile(a: int, b: int) -> common_pb2.Tile:
    return common_pb2.Tile(low=a, high=b)


def test_layouts_longer_than_any_real_one(fuzzed: Fuzzed) -> None:
    """A layout holds at most 28 tiles: 29, or 10,000, placements are an illegal layout
    (a verdict, or INVALID_ARGUMENT), never a crash."""
    full = fiveup_core.Layout()
    # Build a legal long layout greedily, then add one more placement.
    hand = list(fiveup_core.ALL_TILES)
    placements: list[common_pb2.Placement] = []
    while True:
        moves = full.legal_moves(hand) if len(full) else [fiveup_core.Placement((6, 6), None)]
        if not moves:
            break
        tile, on = moves[0]
        full.place(tile, on)
        hand.remove(tile)
        p = common_pb2.Placement(tile=_tile(*tile))
        if on is not None:
            p.on.CopyFrom(common_pb2.ConnectionPoint(
                tile=_tile(*on.tile), side=["low", "high", "chain_a", "chain_b", "branch_a",
                                            "branch_b"].index(on.side) + 1))  # fmt: skip
        placements.append(p)
    extra = [placements[0]] * (29 - len(placements) + 1)
    for count, items in [
        ("29+", placements + extra),
        ("10000", [placements[1]] * 10_000),
        ("10000 leads", [common_pb2.Placement(tile=_tile(6, 6))] * 10_000),
    ]:
        layout = common_pb2.Layout(placements=common_pb2.PlacementList(placements=items))
        code, reason = _code_and_reason(
            fuzzed, RULES + "EvaluateLayout", rules_pb2.EvaluateLayoutRequest(layout=layout)
        )
        assert code in (grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT), count
        code, reason = _code_and_reason(
            fuzzed,
            RULES + "ValidateMove",
            rules_pb2.ValidateMoveRequest(
                layout=layout, placement=common_pb2.Placement(tile=_tile(0, 0))
            ),
        )
        assert code == grpc.StatusCode.INVALID_ARGUMENT and reason == "ILLEGAL_LAYOUT", count
    response = rules_pb2.EvaluateLayoutResponse.FromString(
        fuzzed.channel.unary_unary(RULES + "EvaluateLayout")(
            rules_pb2.EvaluateLayoutRequest(
                layout=common_pb2.Layout(
                    placements=common_pb2.PlacementList(placements=placements + extra)
                )
            ).SerializeToString(),
            timeout=UNARY_DEADLINE,
        )
    )
    assert not response.legal and response.illegal_index == len(placements)
    # A hand of 10,000 tiles, and a 10,001-check batch.
    big_hand = rules_pb2.EvaluateLayoutRequest(
        layout=common_pb2.Layout(compact=full.to_bytes()), hand=[_tile(1, 2)] * 10_000
    )
    assert _code_and_reason(fuzzed, RULES + "EvaluateLayout", big_hand)[0] in (
        grpc.StatusCode.OK,
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    batch = rules_pb2.ValidateMovesRequest(layouts=[b""] * 10_001, placements=b"\x00\xff" * 10_001)
    assert _code_and_reason(fuzzed, RULES + "ValidateMoves", batch) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    )
    unary = rules_pb2.ValidateMoveBatchRequest(
        layouts=[b""] * 1_001, placements=b"\x00\xff" * 1_001
    )
    assert _code_and_reason(fuzzed, RULES + "ValidateMoveBatch", unary) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BATCH_TOO_LARGE",
    )


def test_unknown_enum_values_are_invalid_arguments(fuzzed: Fuzzed) -> None:
    mover = fuzzed.match.to_move()
    cases: list[tuple[str, Message, Any]] = [
        (
            "CreateMatch",
            pb.CreateMatchRequest(seats=[pb.SeatSpec(kind=99), pb.SeatSpec(kind=1)]),
            (),
        ),  # type: ignore[arg-type]
        ("CreateMatch", pb.CreateMatchRequest(seats=[pb.SeatSpec(kind=2, bot=42)] * 2), ()),  # type: ignore[arg-type]
        (
            "SubmitMove",
            pb.SubmitMoveRequest(
                match_id=fuzzed.match_id,
                expected_version=fuzzed.match.version,
                request_id="enum",
                move=pb.Move(
                    place=pb.PlaceMove(
                        tile=_tile(0, 0), on=common_pb2.ConnectionPoint(tile=_tile(0, 0), side=-7)
                    )
                ),
            ),
            bearer(fuzzed.tokens[mover]),
        ),  # type: ignore[arg-type]
    ]
    for name, message, md in cases:
        assert _code_and_reason(fuzzed, MATCHES + name, message, md) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "INVALID_ARGUMENT",
        ), name
    placement = common_pb2.Placement(
        tile=_tile(6, 5), on=common_pb2.ConnectionPoint(tile=_tile(6, 6), side=1000)
    )  # type: ignore[arg-type]
    code, reason = _code_and_reason(
        fuzzed,
        RULES + "ValidateMove",
        rules_pb2.ValidateMoveRequest(layout=common_pb2.Layout(text="[6|6]"), placement=placement),
    )
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT")


def test_tokens_of_the_wrong_seat_or_match_forged_or_reused(fuzzed: Fuzzed) -> None:
    f = fuzzed
    mover = f.match.to_move()
    version = f.match.version

    def submit(md: Any, request_id: str = "tok", move: pb.Move | None = None) -> tuple[Any, str]:
        move = move or pb.Move(draw=pb.DrawMove())
        return _code_and_reason(
            f,
            MATCHES + "SubmitMove",
            pb.SubmitMoveRequest(
                match_id=f.match_id, move=move, expected_version=version, request_id=request_id
            ),
            md,
        )

    assert submit(bearer(f.tokens[1 - mover])) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "NOT_YOUR_TURN",
    )
    assert submit(bearer(f.other_token)) == (grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED")
    assert submit(bearer(f.tokens[mover][::-1])) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "PERMISSION_DENIED",
    )
    assert submit(bearer("x" * 4000)) == (grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED")
    assert submit(()) == (grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")
    assert submit((("authorization", "Token " + f.tokens[mover]),)) == (
        grpc.StatusCode.UNAUTHENTICATED,
        "UNAUTHENTICATED",
    )
    listing = (MATCHES + "ListLegalMoves", pb.ListLegalMovesRequest(match_id=f.other_id))
    assert _code_and_reason(f, *listing, bearer(f.tokens[mover])) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "PERMISSION_DENIED",
    )  # a real token, another match
    # A request id already used: the same move is answered again (nothing new is
    # recorded), another move with it is refused.
    legal = _valid_requests(f)["SubmitMove"][0]  # fresh: the fuzzers may have moved on
    once = pb.SubmitMoveRequest(
        match_id=f.match_id, move=legal.move, expected_version=version, request_id="once"
    ).SerializeToString()

    def submit_once() -> pb.SubmitMoveResponse:
        answer = f.channel.unary_unary(MATCHES + "SubmitMove")(
            once, metadata=bearer(f.tokens[mover]), timeout=UNARY_DEADLINE
        )
        return pb.SubmitMoveResponse.FromString(answer)

    first = submit_once()
    f.baseline = f.snapshot()
    again = submit_once()
    assert again == first and f.snapshot() == f.baseline
    assert submit(bearer(f.tokens[mover]), "once", pb.Move(**{"pass": pb.PassMove()})) == (
        grpc.StatusCode.ALREADY_EXISTS,
        "REQUEST_ID_REUSED",
    )
    # The other seat reusing that id is refused too (ids are per match, not per seat).
    assert submit(bearer(f.tokens[1 - mover]), "once")[1] in ("REQUEST_ID_REUSED", "STALE_VERSION")


def test_the_server_is_still_healthy(fuzzed: Fuzzed) -> None:
    assert fuzzed.snapshot() == fuzzed.baseline
    assert call(fuzzed, RULES + "EvaluateLayout", [b""]).code == grpc.StatusCode.OK
