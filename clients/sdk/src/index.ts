// @fiveup/sdk: everything a TypeScript/JavaScript client of Five Up needs, in one package.
//
// * the messages and the services, generated from ../../protos at build time
//   (`npm run build`: buf generate + protoc-gen-es; src/gen is never committed);
// * `createFiveUpClients(transport)`: Connect clients of MatchService, RulesService,
//   PlayerService (sign-in, sessions), LobbyService (matchmaking, the player's matches)
//   RatingsService (leaderboards, player statistics, finished matches), ChatService
//   (table chat), NotificationService (the player's notifications, Web Push),
//   SeasonService (season boards, the player's league), FriendService (friends, requests,
//   presence, the friends' board) and TournamentService (Swiss and arena tournaments: the
//   schedule, entries, the live standings and each entrant's next table);
// * the live streams as apps use them, resumed after a dropped connection from the last
//   cursor seen (`resumable`): `watchNotifications` (after_seq), `watchChat` (after_seq,
//   with `ChatRoomLog` keeping each message's latest copy), `sendChat` (retried with one
//   request id), and the rematch (`offerRematch`, `declineRematch`, `awaitRematch`);
// * the operators' API: its own entry point, `@fiveup/sdk/admin` (never this one, so an
//   app that imports only this one carries nothing of it);
// * the transports: `@fiveup/sdk/node` (native gRPC over HTTP/2, connect-node) and
//   `@fiveup/sdk/web` (gRPC-Web through the Envoy gateway, connect-web);
// * the error details the server attaches (google.rpc.ErrorInfo / RetryInfo) and the
//   compact layout encoding.
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import { MatchService } from "./gen/fiveup/v1/match_pb.js";
import { RulesService } from "./gen/fiveup/v1/rules_pb.js";
import { PlayerService } from "./gen/fiveup/v1/players_pb.js";
import { LobbyService } from "./gen/fiveup/v1/lobby_pb.js";
import { RatingsService } from "./gen/fiveup/v1/ratings_pb.js";
import { ChatService } from "./gen/fiveup/v1/chat_pb.js";
import { NotificationService } from "./gen/fiveup/v1/notifications_pb.js";
import { SeasonService } from "./gen/fiveup/v1/seasons_pb.js";
import { TournamentService } from "./gen/fiveup/v1/tournaments_pb.js";
import { FriendService } from "./gen/fiveup/v1/friends_pb.js";

export * from "./gen/fiveup/v1/common_pb.js";
export * from "./gen/fiveup/v1/match_pb.js";
export * from "./gen/fiveup/v1/rules_pb.js";
export * from "./gen/fiveup/v1/players_pb.js";
export * from "./gen/fiveup/v1/lobby_pb.js";
export * from "./gen/fiveup/v1/ratings_pb.js";
export * from "./gen/fiveup/v1/chat_pb.js";
export * from "./gen/fiveup/v1/notifications_pb.js";
export * from "./gen/fiveup/v1/seasons_pb.js";
export * from "./gen/fiveup/v1/tournaments_pb.js";
export * from "./gen/fiveup/v1/friends_pb.js";
export * from "./resume.js";
export * from "./notifications.js";
export * from "./chat.js";
export * from "./rematch.js";
export * from "./errors.js";
export * from "./compact.js";
export { create, toBinary, fromBinary } from "@bufbuild/protobuf";
export { ConnectError, Code } from "@connectrpc/connect";

export interface FiveUpClients {
  matches: Client<typeof MatchService>;
  rules: Client<typeof RulesService>;
  players: Client<typeof PlayerService>;
  lobby: Client<typeof LobbyService>;
  ratings: Client<typeof RatingsService>;
  chat: Client<typeof ChatService>;
  notifications: Client<typeof NotificationService>;
  seasons: Client<typeof SeasonService>;
  tournaments: Client<typeof TournamentService>;
  friends: Client<typeof FriendService>;
}

export function createFiveUpClients(transport: Transport): FiveUpClients {
  return {
    matches: createClient(MatchService, transport),
    rules: createClient(RulesService, transport),
    players: createClient(PlayerService, transport),
    lobby: createClient(LobbyService, transport),
    ratings: createClient(RatingsService, transport),
    chat: createClient(ChatService, transport),
    notifications: createClient(NotificationService, transport),
    seasons: createClient(SeasonService, transport),
    tournaments: createClient(TournamentService, transport),
    friends: createClient(FriendService, transport),
  };
}

/** Call options carrying a seat token or a player's access token
 *  (`authorization: Bearer <token>`). */
export function withToken(token: string | null | undefined, headers: Record<string, string> = {}): {
  headers: Record<string, string>;
} {
  return { headers: token ? { ...headers, authorization: `Bearer ${token}` } : { ...headers } };
}

/** A fresh idempotency key for SubmitMove's request_id. */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}
