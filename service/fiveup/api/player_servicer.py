"""PlayerService: translates protobuf to ``fiveup.identity.Players`` and back."""

from __future__ import annotations

from google.protobuf.timestamp_pb2 import Timestamp

from ..identity import Players, SignedIn
from ..identity.players import identity_kind
from ..identity.ports import BlockRecord, PlayerRecord
from ..identity.relations import Blocks
from ..shared import paging
from ..shared.errors import InvalidRequest
from ..v1 import players_pb2, players_pb2_grpc
from .handlers import Context, bearer_token, unary
from .limits import Limits

_KINDS = {
    "device": players_pb2.IDENTITY_KIND_DEVICE,
    "external": players_pb2.IDENTITY_KIND_EXTERNAL,
}


def timestamp(seconds: float) -> Timestamp:
    stamp = Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


def player_pb(player: PlayerRecord) -> players_pb2.Player:
    kinds = sorted({_KINDS[identity_kind(p)] for p in player.providers})
    return players_pb2.Player(
        player_id=player.player_id,
        display_name=player.display_name,
        created_at=timestamp(player.created_at),
        last_seen_at=timestamp(player.last_seen_at),
        identities=kinds,
    )


def session_pb(signed_in: SignedIn) -> players_pb2.Session:
    tokens = signed_in.tokens
    return players_pb2.Session(
        access_token=tokens.access_token,
        access_token_expires_at=timestamp(tokens.access_expires_at),
        refresh_token=tokens.refresh_token,
        refresh_token_expires_at=timestamp(tokens.refresh_expires_at),
        player=player_pb(signed_in.player),
    )


def blocked_pb(record: BlockRecord) -> players_pb2.BlockedPlayer:
    return players_pb2.BlockedPlayer(
        player_id=record.blocked,
        display_name=record.display_name,
        blocked_at=timestamp(record.blocked_at),
    )


class PlayerServicer(players_pb2_grpc.PlayerServiceServicer):
    def __init__(
        self, players: Players, limits: Limits | None = None, blocks: Blocks | None = None
    ) -> None:
        self.players = players
        self.limits = limits or Limits()  # sign-in limits (off unless configured)
        self.blocks = blocks  # None: a server without blocks (the RPCs are UNIMPLEMENTED)

    @unary
    async def SignInAsGuest(
        self, request: players_pb2.SignInAsGuestRequest, context: Context
    ) -> players_pb2.SignInAsGuestResponse:
        # Per client address and IPv6 /64: a new guest costs a row (docs/security.md).
        client = self.limits.config.client_of(context)
        self.limits.check_creation("SignInAsGuest", client)
        signed_in = await self.players.sign_in_guest(
            request.device_id, request.display_name, address=client
        )
        return players_pb2.SignInAsGuestResponse(
            session=session_pb(signed_in), created=signed_in.created
        )

    @unary
    async def SignInWithIdToken(
        self, request: players_pb2.SignInWithIdTokenRequest, context: Context
    ) -> players_pb2.SignInWithIdTokenResponse:
        signed_in = await self.players.sign_in_external(
            request.id_token, request.display_name, address=self.limits.config.client_of(context)
        )
        return players_pb2.SignInWithIdTokenResponse(
            session=session_pb(signed_in), created=signed_in.created
        )

    @unary
    async def RefreshSession(
        self, request: players_pb2.RefreshSessionRequest, context: Context
    ) -> players_pb2.RefreshSessionResponse:
        signed_in = await self.players.refresh(
            request.refresh_token, address=self.limits.config.client_of(context)
        )
        return players_pb2.RefreshSessionResponse(session=session_pb(signed_in))

    @unary
    async def SignOut(
        self, request: players_pb2.SignOutRequest, context: Context
    ) -> players_pb2.SignOutResponse:
        await self.players.sign_out(request.refresh_token)
        return players_pb2.SignOutResponse()

    @unary
    async def GetPlayer(
        self, request: players_pb2.GetPlayerRequest, context: Context
    ) -> players_pb2.GetPlayerResponse:
        player = await self.players.get(bearer_token(context))
        return players_pb2.GetPlayerResponse(player=player_pb(player))

    @unary
    async def UpdatePlayer(
        self, request: players_pb2.UpdatePlayerRequest, context: Context
    ) -> players_pb2.UpdatePlayerResponse:
        player = await self.players.rename(bearer_token(context), request.display_name)
        return players_pb2.UpdatePlayerResponse(player=player_pb(player))

    @unary
    async def LinkIdentity(
        self, request: players_pb2.LinkIdentityRequest, context: Context
    ) -> players_pb2.LinkIdentityResponse:
        which = request.WhichOneof("identity")
        if which == "device_id":
            player = await self.players.link_device(bearer_token(context), request.device_id)
        elif which == "id_token":
            player = await self.players.link_external(bearer_token(context), request.id_token)
        else:
            await self.players.authenticate(bearer_token(context))
            raise InvalidRequest("set device_id or id_token", field="identity")
        return players_pb2.LinkIdentityResponse(player=player_pb(player))

    # ------------------------------------------------------------------ blocks

    def _blocks(self) -> Blocks:
        if self.blocks is None:
            raise NotImplementedError("this server keeps no blocks")
        return self.blocks

    @unary
    async def BlockPlayer(
        self, request: players_pb2.BlockPlayerRequest, context: Context
    ) -> players_pb2.BlockPlayerResponse:
        record = await self._blocks().block(bearer_token(context), request.player_id)
        player = await self.players.store.get_player(record.blocked)
        named = BlockRecord(
            record.blocker, record.blocked, record.blocked_at,
            player.display_name if player is not None else "",
        )  # fmt: skip
        return players_pb2.BlockPlayerResponse(blocked=blocked_pb(named))

    @unary
    async def UnblockPlayer(
        self, request: players_pb2.UnblockPlayerRequest, context: Context
    ) -> players_pb2.UnblockPlayerResponse:
        lifted = await self._blocks().unblock(bearer_token(context), request.player_id)
        return players_pb2.UnblockPlayerResponse(unblocked=lifted)

    @unary
    async def ListBlockedPlayers(
        self, request: players_pb2.ListBlockedPlayersRequest, context: Context
    ) -> players_pb2.ListBlockedPlayersResponse:
        size = paging.page_size(request.page_size)
        after = paging.decode(request.page_token, (float, str))
        page = await self._blocks().list(
            bearer_token(context), size, (after[0], after[1]) if after else None
        )
        return players_pb2.ListBlockedPlayersResponse(
            blocked=[blocked_pb(b) for b in page.blocks],
            next_page_token=paging.encode(page.next_cursor),
        )
