// A finished match's rematch as this tab follows it: reads GetRematch while the match's
// end is shown (the server's word is the truth: another player's offer or decline lands
// there), offers or accepts (OfferRematch) and declines (DeclineRematch), and says when
// the new match has started so the table can move to it.  Only a seat bound to a
// signed-in player can take part: the server rematches signed-in players only.
import type { Rematch } from "@fiveup/sdk";
import type { Clients } from "../app/api.js";

/** How often the offer is read while the end panel is up (the SDK's own wait reads it
 *  every second; a little slower here, the panel has nothing else to wait on). */
const POLL_MS = 1500;

/** What the end panel draws the rematch from. */
export interface RematchState {
  readonly rematch: Rematch | null;
  /** It was on offer and is off now (someone declined or withdrew), or this tab declined. */
  readonly declined: boolean;
  /** An offer or decline is on its way. */
  readonly busy: boolean;
}

type Auth = () => Promise<{ headers: Record<string, string> }>;

export class RematchFollower {
  private rematch: Rematch | null = null;
  private declined = false;
  private busy = false;
  private timer = 0;
  private stopped = false;

  constructor(
    private readonly matchId: string,
    private readonly clients: Clients,
    private readonly auth: Auth,
    private readonly changed: () => void,
    private readonly started: (newMatchId: string) => void,
    private readonly failed: (err: unknown) => void,
  ) {}

  get state(): RematchState {
    return { rematch: this.rematch, declined: this.declined, busy: this.busy };
  }

  start(): void {
    if (this.timer || this.stopped) return;
    void this.read();
    this.timer = window.setInterval(() => void this.read(), POLL_MS);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  async offer(): Promise<void> {
    await this.call(async () => {
      this.take((await this.clients.lobby.offerRematch({ matchId: this.matchId }, await this.auth())).rematch!);
    });
  }

  async decline(): Promise<void> {
    await this.call(async () => {
      await this.clients.lobby.declineRematch({ matchId: this.matchId }, await this.auth());
      this.declined = true;
      this.rematch = null;
    });
  }

  private async call(act: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.changed();
    try {
      await act();
    } catch (err) {
      this.failed(err);
    } finally {
      this.busy = false;
      if (!this.stopped) this.changed();
    }
  }

  private async read(): Promise<void> {
    if (this.busy) return;
    try {
      const answer = await this.clients.lobby.getRematch({ matchId: this.matchId }, await this.auth());
      if (!this.stopped && !this.busy) this.take(answer.rematch!);
    } catch {
      // a read that failed is tried again at the next tick; an action's error is shown
    }
  }

  private take(now: Rematch): void {
    const before = this.rematch;
    if (before?.offered && !now.offered && !now.newMatchId) this.declined = true;
    if (now.offered) this.declined = false;
    this.rematch = now;
    if (now.newMatchId) {
      this.stop();
      this.started(now.newMatchId);
      return;
    }
    const same = before !== null && before.offered === now.offered
      && before.acceptedSeats.join() === now.acceptedSeats.join() && before.waitingSeats.join() === now.waitingSeats.join();
    if (!same) this.changed();
  }
}
