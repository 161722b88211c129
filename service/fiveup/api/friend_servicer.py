"""FriendService: translates protobuf to ``fiveup.friends.Friends`` and back."""

from __future__ import annotations

from ..friends import Friends
from ..friends.ports import FriendState
from ..friends.presence import PresenceView
from ..shared.errors import InvalidRequest
from ..v1 import friends_pb2, friends_pb2_grpc
from .handlers import Context, bearer_token, unary
from .limits import Limits
from .player_servicer import timestamp
from .ratings_servicer import CATEGORY_FROM_PB, standing_pb, window_from_pb

STATE_TO_PB = {
    FriendState.NONE: friends_pb2.FRIEND_STATE_NONE,
    FriendState.REQUEST_SENT: friends_pb2.FRIEND_STATE_REQUEST_SENT,
    FriendState.REQUEST_RECEIVED: friends_pb2.FRIEND_STATE_REQUEST_RECEIVED,
    FriendState.FRIENDS: friends_pb2.FRIEND_STATE_FRIENDS,
}


def presence_pb(view: PresenceView) -> friends_pb2.Presence:
    return friends_pb2.Presence(
        online=view.online, in_match=view.in_match, last_seen=timestamp(view.last_seen)
    )


class FriendServicer(friends_pb2_grpc.FriendServiceServicer):
    def __init__(self, friends: Friends, limits: Limits | None = None) -> None:
        self.friends = friends
        # The two reads that cost a query per friend share the public reads' limit.
        self.limits = limits or Limits()

    @unary
    async def SendFriendRequest(
        self, request: friends_pb2.SendFriendRequestRequest, context: Context
    ) -> friends_pb2.SendFriendRequestResponse:
        state = await self.friends.send(bearer_token(context), request.player_id)
        return friends_pb2.SendFriendRequestResponse(state=STATE_TO_PB[state])

    @unary
    async def RespondToFriendRequest(
        self, request: friends_pb2.RespondToFriendRequestRequest, context: Context
    ) -> friends_pb2.RespondToFriendRequestResponse:
        state = await self.friends.respond(bearer_token(context), request.player_id, request.accept)
        return friends_pb2.RespondToFriendRequestResponse(state=STATE_TO_PB[state])

    @unary
    async def RemoveFriend(
        self, request: friends_pb2.RemoveFriendRequest, context: Context
    ) -> friends_pb2.RemoveFriendResponse:
        removed = await self.friends.remove(bearer_token(context), request.player_id)
        return friends_pb2.RemoveFriendResponse(removed=removed)

    @unary
    async def ListFriends(
        self, request: friends_pb2.ListFriendsRequest, context: Context
    ) -> friends_pb2.ListFriendsResponse:
        self.limits.check_reads("ListFriends", self.limits.config.client_of(context))
        views = await self.friends.list_friends(bearer_token(context))
        return friends_pb2.ListFriendsResponse(
            friends=[
                friends_pb2.Friend(
                    player_id=v.friend.player_id,
                    display_name=v.friend.display_name,
                    since=timestamp(v.friend.since),
                    presence=presence_pb(v.presence),
                )
                for v in views
            ]
        )

    @unary
    async def ListFriendRequests(
        self, request: friends_pb2.ListFriendRequestsRequest, context: Context
    ) -> friends_pb2.ListFriendRequestsResponse:
        found = await self.friends.requests(bearer_token(context), request.outgoing)
        return friends_pb2.ListFriendRequestsResponse(
            requests=[
                friends_pb2.FriendRequest(
                    player_id=r.player_id,
                    display_name=r.display_name,
                    sent_at=timestamp(r.sent_at),
                )
                for r in found
            ]
        )

    @unary
    async def GetFriendsBoard(
        self, request: friends_pb2.GetFriendsBoardRequest, context: Context
    ) -> friends_pb2.GetFriendsBoardResponse:
        self.limits.check_reads("GetFriendsBoard", self.limits.config.client_of(context))
        category = CATEGORY_FROM_PB.get(request.category)
        if category is None:
            await self.friends.players.authenticate(bearer_token(context))
            raise InvalidRequest("category is required", field="category")
        window = window_from_pb(request.window)
        standings = await self.friends.board(bearer_token(context), category, window)
        rule = self.friends.standings.config.rule
        return friends_pb2.GetFriendsBoardResponse(
            standings=[standing_pb(s, rule) for s in standings]
        )
