"""NotificationService: translates protobuf to the notification outbox
(``fiveup.notifications``) and back."""

from __future__ import annotations

from collections.abc import AsyncIterator

from google.protobuf.struct_pb2 import Struct
from google.protobuf.timestamp_pb2 import Timestamp

from ..notifications.builder import NotificationsContext
from ..notifications.notices import StoredNotice, render
from ..notifications.outbox import Settings
from ..notifications.ports import PushSubscription
from ..shared.errors import InvalidRequest
from ..v1 import notifications_pb2 as pb
from ..v1 import notifications_pb2_grpc
from .handlers import Context, bearer_token, streaming, unary

DEFAULT_PAGE = 50
MAX_PAGE = 100


def _timestamp(seconds: float) -> Timestamp:
    stamp = Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


def notification_pb(stored: StoredNotice) -> pb.Notification:
    notice = stored.notice
    title, body = render(notice)
    facts = Struct()
    facts.update(dict(notice.data))
    return pb.Notification(
        notification_id=notice.notice_id,
        seq=stored.seq,
        kind=pb.NotificationKind.Value("NOTIFICATION_KIND_" + notice.kind.name),
        match_id=notice.match_id,
        created_at=_timestamp(notice.created_at),
        title=title,
        body=body,
        facts=facts,
        push=notice.push,
    )


def subscription_pb(sub: PushSubscription) -> pb.WebPushSubscription:
    return pb.WebPushSubscription(
        subscription_id=sub.subscription_id,
        endpoint=sub.endpoint,
        created_at=_timestamp(sub.created_at),
    )


class NotificationServicer(notifications_pb2_grpc.NotificationServiceServicer):
    def __init__(self, notifications: NotificationsContext) -> None:
        self.notifications = notifications
        self.outbox = notifications.outbox

    def _settings_pb(self, settings: Settings) -> pb.NotificationSettings:
        return pb.NotificationSettings(
            webhook=settings.channels.webhook,
            web_push=settings.channels.web_push,
            muted_match_ids=list(settings.muted_matches),
            subscriptions=[subscription_pb(s) for s in settings.subscriptions],
            webhook_available=self.notifications.webhook_available,
            web_push_available=self.notifications.web_push_available,
        )

    @streaming
    async def WatchNotifications(
        self, request: pb.WatchNotificationsRequest, context: Context
    ) -> AsyncIterator[pb.WatchNotificationsResponse]:
        async for stored in self.outbox.watch(bearer_token(context), request.after_seq):
            yield pb.WatchNotificationsResponse(notification=notification_pb(stored))

    @unary
    async def ListNotifications(
        self, request: pb.ListNotificationsRequest, context: Context
    ) -> pb.ListNotificationsResponse:
        if request.page_size > MAX_PAGE:
            raise InvalidRequest(f"page_size must be at most {MAX_PAGE}", field="page_size")
        page = await self.outbox.list_after(
            bearer_token(context), request.after_seq, request.page_size or DEFAULT_PAGE
        )
        return pb.ListNotificationsResponse(
            notifications=[notification_pb(s) for s in page.notices], latest_seq=page.latest_seq
        )

    @unary
    async def GetNotificationSettings(
        self, request: pb.GetNotificationSettingsRequest, context: Context
    ) -> pb.GetNotificationSettingsResponse:
        settings = await self.outbox.settings(bearer_token(context))
        return pb.GetNotificationSettingsResponse(settings=self._settings_pb(settings))

    @unary
    async def UpdateNotificationSettings(
        self, request: pb.UpdateNotificationSettingsRequest, context: Context
    ) -> pb.UpdateNotificationSettingsResponse:
        settings = await self.outbox.choose_channels(
            bearer_token(context),
            webhook=request.webhook if request.HasField("webhook") else None,
            web_push=request.web_push if request.HasField("web_push") else None,
        )
        return pb.UpdateNotificationSettingsResponse(settings=self._settings_pb(settings))

    @unary
    async def MuteMatchNotifications(
        self, request: pb.MuteMatchNotificationsRequest, context: Context
    ) -> pb.MuteMatchNotificationsResponse:
        settings = await self.outbox.mute(bearer_token(context), request.match_id, request.muted)
        return pb.MuteMatchNotificationsResponse(settings=self._settings_pb(settings))

    @unary
    async def GetWebPushKey(
        self, request: pb.GetWebPushKeyRequest, context: Context
    ) -> pb.GetWebPushKeyResponse:
        return pb.GetWebPushKeyResponse(application_server_key=self.notifications.web_push_key)

    @unary
    async def SubscribeWebPush(
        self, request: pb.SubscribeWebPushRequest, context: Context
    ) -> pb.SubscribeWebPushResponse:
        subscription = await self.outbox.subscribe(
            bearer_token(context), request.endpoint, request.keys.p256dh, request.keys.auth
        )
        return pb.SubscribeWebPushResponse(subscription=subscription_pb(subscription))

    @unary
    async def UnsubscribeWebPush(
        self, request: pb.UnsubscribeWebPushRequest, context: Context
    ) -> pb.UnsubscribeWebPushResponse:
        removed = await self.outbox.unsubscribe(bearer_token(context), request.endpoint)
        return pb.UnsubscribeWebPushResponse(removed=removed)
