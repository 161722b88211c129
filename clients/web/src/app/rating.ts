// A rating as players read it (docs/ratings.md, "The display scale"), for every page that
// shows one (the leaderboard, the profile, a finished table's banner).
import type { Rating } from "@fiveup/sdk";

const signedInt = (x: number) => (x === 0 ? "±0" : `${x > 0 ? "+" : "−"}${Math.abs(x)}`);

/** A rating as players read it (docs/ratings.md, "The display scale"): 1500 for a new
 *  player, with a "?" while provisional, as lichess shows it. */
export function shownRating(rating: Rating): string {
  return `${rating.displayRating}${rating.provisional ? "?" : ""}`;
}

/** "+12", "−70", "±0": the change a rated match made, on the display scale. */
export function ratingChange(before: Rating, after: Rating): string {
  return signedInt(after.displayRating - before.displayRating);
}
