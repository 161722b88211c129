// ChatService for apps: a match's chat room as one stream that outlives its connections,
// a send that is safe to retry, and the room's messages kept by id.
//
// WatchChat resumes after a cursor (every message it sends carries one).  A message can
// reach a reader twice: held (its author, during a partnership round), then released at
// the round's end -- `ChatRoomLog` keeps the latest copy of each.
import { Code, ConnectError, type Client } from "@connectrpc/connect";
import {
  ChatRoom,
  type ChatMessage,
  ChatService,
} from "./gen/fiveup/v1/chat_pb.js";
import { currentToken, resumable, type ResumeOptions, type TokenSource } from "./resume.js";

export interface WatchChatOptions extends ResumeOptions {
  /** The room (default: the players'). */
  room?: ChatRoom;
  /** Resume after this cursor (ChatMessage.cursor or ListChatMessages' cursor; 0: all). */
  afterCursor?: bigint | number;
}

async function headersFor(token: TokenSource): Promise<Record<string, string>> {
  const auth = await currentToken(token);
  return auth ? { authorization: `Bearer ${auth}` } : {};
}

/** The room's messages after `afterCursor`, then live, across reconnects.  `token`: a
 *  seat token, a player's access token (or a function giving a fresh one), or none (an
 *  anonymous spectator, the spectators' room). */
export function watchChat(
  client: Client<typeof ChatService>,
  token: TokenSource,
  matchId: string,
  options: WatchChatOptions = {},
): AsyncGenerator<ChatMessage, void, undefined> {
  const room = options.room ?? ChatRoom.PLAYERS;
  return resumable(
    async function* (afterSeq, signal) {
      const headers = await headersFor(token);
      for await (const m of client.watchChat({ matchId, room, afterSeq }, { headers, signal })) {
        if (m.message) yield m.message;
      }
    },
    (m) => m.cursor,
    BigInt(options.afterCursor ?? 0),
    { refreshes: typeof token === "function", ...options },
  );
}

/** What to say: free text (a signed-in player) or a quick-chat phrase's key. */
export type ChatContent = { text: string } | { phrase: string };

export interface SendChatOptions {
  room?: ChatRoom;
  /** The idempotency key (default: a fresh one); a retry with it writes nothing new. */
  requestId?: string;
  /** Times an UNAVAILABLE send is tried again with the same request id (default 2). */
  retries?: number;
  signal?: AbortSignal;
}

/** Writes a message and answers it as its author reads it (`held`: the rest of the table
 *  reads it when the round ends).  A dropped connection is retried with the same request
 *  id, so the message is written once; refusals (CHAT_SIGN_IN_REQUIRED, CHAT_RATE_LIMITED,
 *  ...) are thrown as the server sent them (errorReason, retryDelayMs). */
export async function sendChat(
  client: Client<typeof ChatService>,
  token: TokenSource,
  matchId: string,
  content: ChatContent,
  options: SendChatOptions = {},
): Promise<ChatMessage> {
  const requestId = options.requestId ?? globalThis.crypto.randomUUID();
  const body =
    "text" in content
      ? { case: "text" as const, value: content.text }
      : { case: "phrase" as const, value: content.phrase };
  const retries = options.retries ?? 2;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await client.sendChatMessage(
        { matchId, room: options.room ?? ChatRoom.PLAYERS, content: body, requestId },
        { headers: await headersFor(token), signal: options.signal },
      );
      if (!answer.message) throw new ConnectError("SendChatMessage answered no message", Code.Internal);
      return answer.message;
    } catch (error) {
      const transient = error instanceof ConnectError && error.code === Code.Unavailable;
      if (!transient || attempt >= retries || options.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }
}

/** What `ChatRoomLog.add` did with a message. */
export type ChatChange = "new" | "released" | "unchanged";

/** A room's messages by id, each in its latest state (a held copy replaced by its
 *  release), listed in the reader's order. */
export class ChatRoomLog {
  private readonly byId = new Map<bigint, ChatMessage>();

  add(message: ChatMessage): ChatChange {
    const known = this.byId.get(message.messageId);
    this.byId.set(message.messageId, message);
    if (!known) return "new";
    return known.held && !message.held ? "released" : "unchanged";
  }

  get(messageId: bigint): ChatMessage | undefined {
    return this.byId.get(messageId);
  }

  /** Every message, in the reader's order: by its position (cursor) in what this reader
   *  may read -- a held message released later takes its place at its release.  Ids are
   *  random (they count nothing), so they order nothing. */
  messages(): ChatMessage[] {
    return [...this.byId.values()].sort((a, b) => (a.cursor < b.cursor ? -1 : a.cursor > b.cursor ? 1 : 0));
  }
}
