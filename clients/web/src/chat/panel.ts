// The table's chat (ChatService): one room at a time -- the players' room for a seated
// player, the spectators' room for a watcher (and for the players once the match is
// over) -- read from its history (ListChatMessages) and then live (WatchChat, resumed
// from the last cursor after a drop), written with quick phrases (ListChatPhrases, in
// the page's language) or free text, each other author's message with Mute and Report.
// What may be written when is chat/rules.ts (the server's table talk rules, mirrored);
// the server decides, and a refusal ends in one line above the composer.
import {
  ChatReportReason, ChatRoom, errorInfo, errorReason, newRequestId, retryDelayMs,
  type ChatMessage, type ChatPhrase, type MatchView,
} from "@fiveup/sdk";
import { el } from "../dom.js";
import { lang, reasonText, t, type Key } from "../i18n.js";
import type { Clients } from "../app/api.js";
import { RoomMessages, authorKey } from "./messages.js";
import { chatOffer, type ChatOffer, type ChatViewer } from "./rules.js";

/** The server's free-text limit (chat.proto); a refusal's max_length replaces it. */
const DEFAULT_MAX_LENGTH = 200;
const HISTORY = 50;
/** A refusal the panel cannot get past by trying again: it waits for the table to change. */
const FINAL = new Set(["CHAT_NOT_ALLOWED", "CHAT_SIGN_IN_REQUIRED", "MATCH_NOT_FOUND", "PERMISSION_DENIED", "UNAUTHENTICATED"]);
const REPORT_REASONS: [ChatReportReason, Key][] = [
  [ChatReportReason.SPAM, "chatReasonSpam"],
  [ChatReportReason.ABUSE, "chatReasonAbuse"],
  [ChatReportReason.TABLE_TALK, "chatReasonTableTalk"],
  [ChatReportReason.OTHER, "chatReasonOther"],
];

/** What the panel needs of the table. */
export interface ChatHost {
  /** Call options with the caller's token for chat: the seat token, else the signed-in
   *  player's access token (a watcher too), else none. */
  auth(): Promise<{ headers: Record<string, string> }>;
  /** A seat's name as the table shows it ("You", the claimed name, "Seat 2"). */
  nameOf(seat: number): string;
}

export class ChatPanel {
  readonly root = el("section", { class: "chat", "aria-label": t("chat") });
  private clients: Clients | null = null;
  private view: MatchView | null = null;
  private viewer: ChatViewer = { seat: undefined, signedIn: false };
  private room: ChatRoom | null = null;
  private offer: ChatOffer | null = null;
  private readonly messages = new RoomMessages();
  private listed = false;
  private phrases: ChatPhrase[] = [];
  private maxLength = DEFAULT_MAX_LENGTH;
  private readonly muted = new Map<string, { messageId: bigint; name: string }>();
  private abort = new AbortController();
  private stopped = false;
  private wake: (() => void) | null = null;
  private blocked = false; // refused for good in this room: wait for update() to change it
  private sending = false;
  private allPhrases = false; // the game-talk phrases shown too

  private readonly tabs = el("div", { class: "chat-rooms", role: "group", "aria-label": t("chatRooms") });
  private readonly log = el("ol", { class: "chat-log", "aria-live": "polite", "aria-label": t("chatMessages"), tabindex: "0" });
  private readonly empty = el("p", { class: "note chat-empty", text: t("chatEmpty") });
  private readonly mutedBox = el("p", { class: "note chat-muted" });
  private readonly note = el("p", { class: "chat-note" });
  private readonly errorLine = el("p", { class: "error chat-error", role: "alert" });
  private readonly phraseRow = el("div", { class: "chat-phrases", role: "group", "aria-label": t("chatPhrases") });
  private readonly input = el("input", { type: "text", class: "chat-input", "aria-label": t("chatMessageLabel"), placeholder: t("chatPlaceholder"), autocomplete: "off", enterkeyhint: "send" });
  private readonly count = el("span", { class: "chat-count", "aria-live": "off" });
  private readonly sendButton = el("button", { type: "submit", class: "primary", "data-action": "chat-send", text: t("chatSend") });
  private readonly form = el("form", { class: "chat-form" });
  private readonly items = new Map<bigint, HTMLLIElement>();
  // On a phone the chat is below the board: messages that come while it is out of view
  // are counted on a button that brings it into view.
  private readonly jump = el("button", { type: "button", class: "chat-jump", "data-action": "chat-jump" });
  private unread = 0;
  private inView = true;
  private readonly watcher = new IntersectionObserver((entries) => {
    this.inView = entries.some((e) => e.isIntersecting);
    this.root.dataset.inView = String(this.inView);
    if (this.inView) this.unread = 0;
    this.drawJump();
  });

  constructor(readonly matchId: string, private readonly host: ChatHost) {
    this.errorLine.hidden = true;
    this.form.append(this.input, this.count, this.sendButton);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.sendText();
    });
    this.input.addEventListener("input", () => this.drawCount());
    const countId = `chat-count-${matchId}`;
    this.count.id = countId;
    this.input.setAttribute("aria-describedby", countId);
    this.root.append(el("h3", { text: t("chat") }), this.tabs, this.log, this.empty, this.mutedBox, this.note, this.errorLine, this.phraseRow, this.form);
    this.root.dataset.messages = "0";
    this.drawCount();
    this.jump.hidden = true;
    this.jump.addEventListener("click", () => {
      this.root.scrollIntoView({ block: "end" });
      this.log.focus({ preventScroll: true });
      this.unread = 0;
      this.drawJump();
    });
    this.root.append(this.jump);
    this.watcher.observe(this.log);
  }

  async start(clients: Clients): Promise<void> {
    this.clients = clients;
    try {
      this.phrases = (await clients.chat.listChatPhrases({})).phrases;
    } catch (err) {
      this.showError(err);
    }
    this.drawComposer();
    void this.follow();
  }

  stop(): void {
    this.watcher.disconnect();
    this.stopped = true;
    this.abort.abort();
    this.wake?.();
  }

  /** The table changed (a round began or ended, the match is over): what may be
   *  written now, and which room is read. */
  update(view: MatchView, viewer: ChatViewer): void {
    this.view = view;
    this.viewer = viewer;
    const offer = chatOffer(view, viewer, this.room ?? ChatRoom.PLAYERS);
    if (this.room === null || !offer.rooms.includes(this.room)) {
      this.switchRoom(offer.rooms[0]);
      return;
    }
    const changed = JSON.stringify({ ...this.offer, phrase: undefined }) !== JSON.stringify({ ...offer, phrase: undefined })
      || this.offer?.phrase !== offer.phrase;
    this.offer = offer;
    if (changed) {
      this.drawTabs();
      this.drawComposer();
    }
  }

  private switchRoom(room: ChatRoom): void {
    if (!this.view) return;
    this.room = room;
    this.offer = chatOffer(this.view, this.viewer, room);
    this.root.dataset.room = room === ChatRoom.SPECTATORS ? "spectators" : "players";
    this.listed = false;
    this.blocked = false;
    this.messages.reset([], 0n);
    this.items.clear();
    this.log.replaceChildren();
    this.drawLog();
    this.drawTabs();
    this.drawComposer();
    this.restart();
  }

  /** Drop the open stream and read again (another room; an author shown again). */
  private restart(): void {
    this.abort.abort();
    this.abort = new AbortController();
    this.wake?.();
  }

  // ------------------------------------------------------------------ reading

  private async follow(): Promise<void> {
    let delay = 250;
    while (!this.stopped) {
      const room = this.room;
      const signal = this.abort.signal;
      if (room === null || this.blocked || !this.clients) {
        await this.pause(60_000);
        continue;
      }
      try {
        if (!this.listed) {
          const page = await this.clients.chat.listChatMessages({ matchId: this.matchId, room, pageSize: HISTORY }, { ...(await this.host.auth()), signal });
          if (room !== this.room) continue;
          this.messages.reset(page.messages, page.cursor);
          this.listed = true;
          this.items.clear();
          this.log.replaceChildren();
          this.drawLog();
        }
        const stream = this.clients.chat.watchChat(
          { matchId: this.matchId, room, afterSeq: this.messages.cursor },
          { ...(await this.host.auth()), signal },
        );
        this.root.dataset.live = "true";
        for await (const item of stream) {
          delay = 250;
          if (room !== this.room || !item.message) break;
          this.receive(item.message, true);
          this.root.dataset.cursor = String(this.messages.cursor); // how far the stream has read
        }
      } catch (err) {
        if (this.stopped) return;
        if (signal.aborted) continue; // a room switch or a restart: go again at once
        const reason = errorReason(err);
        this.root.dataset.live = "false";
        if (FINAL.has(reason)) {
          this.blocked = true;
          this.showError(err);
          continue;
        }
      }
      await this.pause(delay);
      delay = Math.min(delay * 2, 5000);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private receive(message: ChatMessage, streamed: boolean): void {
    if (streamed && message.cursor > this.messages.cursor) this.messages.cursor = message.cursor;
    if (!message.author?.you && this.muted.has(authorKey(message.author))) return;
    const fresh = this.messages.put(message, streamed);
    if (fresh || streamed) this.drawMessage(message);
    if (fresh && streamed && !message.author?.you && !this.inView) {
      this.unread += 1;
      this.drawJump();
    }
  }

  private drawJump(): void {
    this.jump.hidden = this.unread === 0;
    this.jump.textContent = t("chatUnread", { n: this.unread });
    this.root.dataset.unread = String(this.unread);
  }

  // ------------------------------------------------------------------ drawing

  private drawTabs(): void {
    const rooms = this.offer?.rooms ?? [];
    this.tabs.hidden = rooms.length < 2;
    this.tabs.replaceChildren(...rooms.map((room) => {
      const b = el("button", {
        type: "button", class: "tab", "data-room": room === ChatRoom.SPECTATORS ? "spectators" : "players",
        "aria-pressed": String(room === this.room), text: t(room === ChatRoom.SPECTATORS ? "chatSpectators" : "chatPlayers"),
      });
      b.addEventListener("click", () => room !== this.room && this.switchRoom(room));
      return b;
    }));
  }

  private drawLog(): void {
    for (const m of this.messages.all()) this.drawMessage(m);
    this.drawEmpty();
  }

  private drawEmpty(): void {
    const n = this.items.size;
    this.empty.hidden = n > 0;
    this.root.dataset.messages = String(n);
  }

  /** A message's line: new ones are appended, a released copy replaces its held one. */
  private drawMessage(message: ChatMessage): void {
    const atBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    const item = this.messageItem(message);
    const old = this.items.get(message.messageId);
    if (old) {
      const focused = old.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.action : undefined;
      old.replaceWith(item);
      if (focused) item.querySelector<HTMLElement>(`[data-action="${focused}"]`)?.focus();
    } else this.log.append(item);
    this.items.set(message.messageId, item);
    this.drawEmpty();
    if (atBottom || !old) this.log.scrollTop = this.log.scrollHeight;
  }

  private authorName(message: ChatMessage): string {
    const author = message.author;
    if (author?.you) return t("you");
    if (author?.seat !== undefined) return author.displayName || this.host.nameOf(author.seat);
    return author?.displayName || t("chatSpectator");
  }

  private words(message: ChatMessage): string {
    if (message.content.case === "text") return message.content.value;
    const key = message.content.value ?? "";
    const phrase = this.phrases.find((p) => p.key === key);
    return phrase ? phrase.texts[lang()] ?? phrase.texts.en ?? key : key;
  }

  private messageItem(message: ChatMessage): HTMLLIElement {
    const own = Boolean(message.author?.you);
    const item = el("li", {
      class: `chat-message${own ? " own" : ""}`, "data-id": String(message.messageId),
      "data-kind": message.content.case ?? "", "data-held": String(message.held), "data-delayed": String(message.delayed),
    });
    const sent = message.sentAt ? new Date(Number(message.sentAt.seconds) * 1000) : null;
    const line = el("p", { class: "chat-line" },
      el("span", { class: "who", text: this.authorName(message) }), " ",
      el("span", { class: message.content.case === "phrase" ? "words phrase" : "words", text: this.words(message) }));
    if (sent) {
      line.append(" ", el("time", { datetime: sent.toISOString(), text: sent.toLocaleTimeString(lang() === "hi" ? "hi-IN" : "en-GB", { hour: "2-digit", minute: "2-digit" }) }));
    }
    item.append(line);
    if (message.held) item.append(el("p", { class: "chat-mark", text: t(own ? "chatHeldOwn" : "chatHeldOthers") }));
    if (message.delayed) item.append(el("p", { class: "chat-mark", text: t("chatDelayed") }));
    if (!own && (this.viewer.seat !== undefined || this.viewer.signedIn)) {
      // Mute and Report behind one small button: a busy log stays readable
      const box = this.messageActions(message);
      const id = `chat-actions-${message.messageId}`;
      box.id = id;
      box.hidden = true;
      const more = el("button", {
        type: "button", class: "ghost small more", "data-action": "chat-options", "aria-expanded": "false",
        "aria-controls": id, "aria-label": t("chatOptionsLabel", { name: this.authorName(message) }), text: "⋯",
      });
      more.addEventListener("click", () => {
        box.hidden = !box.hidden;
        more.setAttribute("aria-expanded", String(!box.hidden));
        if (!box.hidden) box.querySelector<HTMLElement>("button:not([hidden])")?.focus();
      });
      line.append(more);
      item.append(box);
    }
    return item;
  }

  private messageActions(message: ChatMessage): HTMLElement {
    const name = this.authorName(message);
    const mute = el("button", { type: "button", class: "small", "data-action": "chat-mute", "aria-label": t("chatMuteLabel", { name }), text: t("chatMute") });
    const report = el("button", { type: "button", class: "small", "data-action": "chat-report", "aria-label": t("chatReportLabel", { name }), text: t("chatReport") });
    const box = el("div", { class: "chat-actions" }, mute, report);
    mute.addEventListener("click", () => void this.mute(message, true));
    report.addEventListener("click", () => {
      report.hidden = true;
      box.append(this.reportForm(message, box, report));
      box.querySelector<HTMLElement>("select")?.focus();
    });
    return box;
  }

  private reportForm(message: ChatMessage, box: HTMLElement, opener: HTMLButtonElement): HTMLElement {
    const select = el("select", { "aria-label": t("chatReportWhy") },
      ...REPORT_REASONS.map(([value, key]) => el("option", { value: String(value), text: t(key) })));
    const send = el("button", { type: "submit", class: "small", "data-action": "chat-report-send", text: t("chatReportSend") });
    const cancel = el("button", { type: "button", class: "ghost small", "data-action": "chat-report-cancel", text: t("cancel") });
    const form = el("form", { class: "chat-report" }, select, send, cancel);
    cancel.addEventListener("click", () => {
      form.remove();
      opener.hidden = false;
      opener.focus();
    });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.report(message, Number(select.value) as ChatReportReason, form, box);
    });
    return form;
  }

  private drawMuted(): void {
    this.mutedBox.replaceChildren();
    this.mutedBox.hidden = this.muted.size === 0;
    for (const [key, { name }] of this.muted) {
      const again = el("button", { type: "button", class: "ghost small", "data-action": "chat-unmute", "data-author": key, text: t("chatUnmute", { name }) });
      again.addEventListener("click", () => {
        const entry = this.muted.get(key);
        if (entry) void this.unmute(key, entry.messageId);
      });
      this.mutedBox.append(again);
    }
  }

  private drawComposer(): void {
    const offer = this.offer;
    const writing = Boolean(offer?.canWrite);
    const closed = offer?.closedBecause ?? null;
    const notes: string[] = [];
    if (closed) notes.push(t(`chatClosed_${closed}` as const));
    if (offer?.heldForRound) notes.push(t("chatHeldForRound"));
    this.note.textContent = notes.join(" ");
    this.note.hidden = notes.length === 0;
    this.root.dataset.freeText = String(writing && Boolean(offer?.freeText));
    this.root.dataset.closed = closed ?? "";
    this.form.hidden = !(writing && offer?.freeText);
    const phrases = writing && offer ? this.phrases.filter(offer.phrase) : [];
    this.phraseRow.hidden = phrases.length === 0;
    // the courtesy phrases first, always shown; game talk behind "More phrases"
    const more = el("button", { type: "button", class: "ghost small", "data-action": "chat-more-phrases", "aria-expanded": String(this.allPhrases) });
    const buttons = phrases.map((p) => {
      const b = el("button", { type: "button", class: "small", "data-phrase": p.key, "data-courtesy": String(p.courtesy), text: p.texts[lang()] ?? p.texts.en ?? p.key });
      b.hidden = !p.courtesy && !this.allPhrases;
      b.addEventListener("click", () => void this.send({ case: "phrase", value: p.key }));
      return b;
    });
    const drawMore = () => {
      more.textContent = t(this.allPhrases ? "chatFewerPhrases" : "chatMorePhrases");
      more.setAttribute("aria-expanded", String(this.allPhrases));
    };
    more.addEventListener("click", () => {
      this.allPhrases = !this.allPhrases;
      buttons.forEach((b) => (b.hidden = b.dataset.courtesy !== "true" && !this.allPhrases));
      drawMore();
    });
    drawMore();
    this.phraseRow.replaceChildren(...buttons);
    if (buttons.some((b) => b.dataset.courtesy !== "true")) this.phraseRow.append(more);
    this.drawCount();
  }

  private drawCount(): void {
    const n = [...this.input.value.trim()].length;
    this.count.textContent = t("chatCount", { n, max: this.maxLength });
    this.count.classList.toggle("over", n > this.maxLength);
  }

  // ------------------------------------------------------------------ writing

  private async sendText(): Promise<void> {
    const text = this.input.value;
    if (!text.trim()) return;
    if (await this.send({ case: "text", value: text })) {
      this.input.value = "";
      this.drawCount();
    }
  }

  private async send(content: { case: "text" | "phrase"; value: string }): Promise<boolean> {
    if (!this.clients || this.room === null || this.sending) return false;
    this.sending = true;
    this.sendButton.disabled = true;
    try {
      const answer = await this.clients.chat.sendChatMessage(
        { matchId: this.matchId, room: this.room, content, requestId: newRequestId() },
        await this.host.auth(),
      );
      this.clearError();
      if (answer.message) this.receive(answer.message, false);
      return true;
    } catch (err) {
      this.showError(err);
      return false;
    } finally {
      this.sending = false;
      this.sendButton.disabled = false;
    }
  }

  private async mute(message: ChatMessage, muted: boolean): Promise<void> {
    if (!this.clients) return;
    try {
      await this.clients.chat.muteChatAuthor({ matchId: this.matchId, messageId: message.messageId, muted }, await this.host.auth());
    } catch (err) {
      this.showError(err);
      return;
    }
    this.clearError();
    const key = authorKey(message.author);
    this.muted.set(key, { messageId: message.messageId, name: this.authorName(message) });
    for (const id of this.messages.dropAuthor(key)) {
      this.items.get(id)?.remove();
      this.items.delete(id);
    }
    this.drawEmpty();
    this.drawMuted();
    this.mutedBox.querySelector<HTMLElement>(`[data-author="${CSS.escape(key)}"]`)?.focus();
  }

  private async unmute(key: string, messageId: bigint): Promise<void> {
    if (!this.clients) return;
    try {
      await this.clients.chat.muteChatAuthor({ matchId: this.matchId, messageId, muted: false }, await this.host.auth());
    } catch (err) {
      this.showError(err);
      return;
    }
    this.muted.delete(key);
    this.drawMuted();
    this.listed = false; // their messages come back with the history
    this.restart();
    this.log.focus();
  }

  private async report(message: ChatMessage, reason: ChatReportReason, form: HTMLElement, box: HTMLElement): Promise<void> {
    if (!this.clients) return;
    try {
      const answer = await this.clients.chat.reportChatMessage(
        { matchId: this.matchId, messageId: message.messageId, reason, comment: "" },
        await this.host.auth(),
      );
      const ack = el("p", { class: "chat-ack", role: "status", tabindex: "-1", text: t(answer.reported ? "chatReported" : "chatReportedBefore") });
      form.replaceWith(ack);
      box.dataset.reported = "true";
      ack.focus();
      this.clearError();
    } catch (err) {
      this.showError(err);
    }
  }

  // ------------------------------------------------------------------ errors

  private showError(err: unknown): void {
    const reason = errorReason(err);
    const meta = errorInfo(err)?.metadata ?? {};
    let text = reasonText(reason);
    if (reason === "CHAT_TEXT_INVALID" && meta.problem === "TOO_LONG") {
      const max = Number(meta.max_length);
      if (Number.isInteger(max) && max > 0) this.maxLength = max;
      text = t("chatTooLong", { max: this.maxLength });
      this.drawCount();
    } else if (reason === "CHAT_RATE_LIMITED" || reason === "CHAT_DUPLICATE") {
      const ms = retryDelayMs(err);
      if (ms) text = `${text} ${t("chatRetryIn", { s: Math.max(1, Math.ceil(ms / 1000)) })}`;
    }
    this.errorLine.hidden = false;
    this.errorLine.textContent = text;
    this.errorLine.dataset.reason = reason;
  }

  private clearError(): void {
    this.errorLine.hidden = true;
    this.errorLine.textContent = "";
    delete this.errorLine.dataset.reason;
  }
}
