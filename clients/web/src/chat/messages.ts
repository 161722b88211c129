// The messages one room's reader holds, kept by id: the server may send a message twice
// (held to its early readers, then released), and a reconnect resumes from the last
// cursor; the second copy replaces the first where it stands.  Messages keep the order
// they reached this reader in (a message held back from it arrives at the round's end
// and is shown there, marked, not slipped in among what was read long ago).
import type { ChatAuthor, ChatMessage } from "@fiveup/sdk";

/** One author as this panel tells them apart (to hide a muted author's messages at
 *  once; the server stops sending them). */
export function authorKey(author: ChatAuthor | undefined): string {
  if (!author) return "?";
  return author.seat !== undefined ? `seat:${author.seat}` : `name:${author.displayName}`;
}

export class RoomMessages {
  private readonly byId = new Map<bigint, ChatMessage>();
  /** Where to resume the stream from (WatchChatRequest.after_seq). */
  cursor = 0n;

  /** Start again from a history page (ListChatMessages). */
  reset(messages: ChatMessage[], cursor: bigint): void {
    this.byId.clear();
    for (const m of messages) this.byId.set(m.messageId, m);
    this.cursor = cursor;
  }

  /** Keep a message (new, or the released copy of one already held); answers whether it
   *  was new to this reader.  Only what the stream read moves the cursor on: a message
   *  a send answered may have overtaken others still on their way. */
  put(message: ChatMessage, streamed: boolean): boolean {
    const had = this.byId.has(message.messageId);
    if (had && !streamed) return false; // the stream's copy is as new or newer
    this.byId.set(message.messageId, message);
    if (streamed && message.cursor > this.cursor) this.cursor = message.cursor;
    return !had;
  }

  /** Forget what an author wrote (just muted). */
  dropAuthor(key: string): bigint[] {
    const dropped: bigint[] = [];
    for (const [id, m] of this.byId) {
      if (!m.author?.you && authorKey(m.author) === key) {
        this.byId.delete(id);
        dropped.push(id);
      }
    }
    return dropped;
  }

  get(id: bigint): ChatMessage | undefined {
    return this.byId.get(id);
  }

  all(): ChatMessage[] {
    return [...this.byId.values()];
  }
}
