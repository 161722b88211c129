// What the chat panel offers, from the match as this viewer sees it: the server's table
// talk rules (service/fiveup/chat/table_talk.py) mirrored, so the panel never offers
// what the server would hold back or refuse.  The server decides; this only draws it.
//
// * A seated player reads and writes the players' room; the spectators' room is for
//   the watchers, and the seated players read it only once the match is over.
// * In a four-seat (partnership) match, while a round is in play, free text between the
//   seated players is held until the round ends, and so are the game-talk phrases: the
//   panel closes free text and offers only the courtesy phrases (which reach the
//   opponents at once, the partner at the round's end).
// * In the spectators' room of a match of three or four seats, every message written
//   during a round waits for its end.
// * Free text needs a signed-in player; an anonymous seat sends phrases; an anonymous
//   spectator only reads.
import { ChatRoom, MatchStatus, type ChatPhrase, type MatchView } from "@fiveup/sdk";

/** Who is looking at the chat. */
export interface ChatViewer {
  /** The seat this tab holds (undefined: a spectator). */
  readonly seat: number | undefined;
  /** A signed-in player (an access token, not just a seat token). */
  readonly signedIn: boolean;
}

/** What the panel offers now. */
export interface ChatOffer {
  /** The rooms this viewer may read, the first one the default. */
  readonly rooms: ChatRoom[];
  /** Whether this viewer may write in the room shown. */
  readonly canWrite: boolean;
  /** Whether free text may be written (else only phrases). */
  readonly freeText: boolean;
  /** Why not, when it is not: a key of the notes below. */
  readonly closedBecause: "partnershipRound" | "signInForText" | "signInToWrite" | "spectatorsAfterMatch" | null;
  /** Messages written now wait for the round's end (spectators of 3-4 seats). */
  readonly heldForRound: boolean;
  /** Which phrases to offer. */
  readonly phrase: (p: ChatPhrase) => boolean;
}

export function inPlay(view: MatchView): boolean {
  return view.status !== MatchStatus.FINISHED && view.status !== MatchStatus.CANCELLED;
}

/** A round is being played: dealt and not reckoned yet (the server's round_in_play). */
export function roundInPlay(view: MatchView): boolean {
  const ended = view.lastRound?.roundNumber ?? 0;
  return inPlay(view) && view.roundNumber > ended;
}

export function chatOffer(view: MatchView, viewer: ChatViewer, room: ChatRoom): ChatOffer {
  const seated = viewer.seat !== undefined;
  const playing = inPlay(view);
  const rooms = seated
    ? playing ? [ChatRoom.PLAYERS] : [ChatRoom.PLAYERS, ChatRoom.SPECTATORS]
    : [ChatRoom.SPECTATORS];
  const all = () => true;
  if (room === ChatRoom.SPECTATORS) {
    if (seated) {
      // read once the match is over; a seated player never writes there in play
      return { rooms, canWrite: !playing && viewer.signedIn, freeText: viewer.signedIn, closedBecause: playing ? "spectatorsAfterMatch" : viewer.signedIn ? null : "signInToWrite", heldForRound: false, phrase: all };
    }
    if (!viewer.signedIn) {
      return { rooms, canWrite: false, freeText: false, closedBecause: "signInToWrite", heldForRound: false, phrase: all };
    }
    return { rooms, canWrite: true, freeText: true, closedBecause: null, heldForRound: view.seats.length >= 3 && roundInPlay(view), phrase: all };
  }
  if (view.seats.length === 4 && roundInPlay(view)) {
    return { rooms, canWrite: true, freeText: false, closedBecause: "partnershipRound", heldForRound: false, phrase: (p) => p.courtesy };
  }
  if (!viewer.signedIn) {
    return { rooms, canWrite: true, freeText: false, closedBecause: "signInForText", heldForRound: false, phrase: all };
  }
  return { rooms, canWrite: true, freeText: true, closedBecause: null, heldForRound: false, phrase: all };
}
