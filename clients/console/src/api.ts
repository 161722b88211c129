// Where the console's calls go and who makes them: the AdminService client over gRPC-Web
// (the same Envoy gateway the players' app uses, named by its config.json), and the
// operator's token.  The token lives in this tab's sessionStorage only: closing the tab
// forgets it, and no other tab or page (the players' app included) can read it.
import { ConnectError, Code, errorReason, withToken } from "@fiveup/sdk";
import { createAdminClient, type AdminClient } from "@fiveup/sdk/admin";
import { browserTransport } from "@fiveup/sdk/web";

const TOKEN_KEY = "fiveup:console:token";
const OPERATOR_KEY = "fiveup:console:operator";

export interface SignedIn {
  operatorId: string;
  displayName: string;
  expiresMs: number; // 0: not said
}

let gatewayUrl = location.origin;
let client: AdminClient | null = null;
let onSignedOut: (reason: string) => void = () => undefined;

/** Where the gRPC-Web gateway is (the players' app's config.json, read once at boot). */
export function setGateway(url: string): void {
  gatewayUrl = url;
  client = null;
}

/** The router's way back to the sign-in screen when the server stops taking the token. */
export function whenSignedOut(fn: (reason: string) => void): void {
  onSignedOut = fn;
}

function admin(): AdminClient {
  client ??= createAdminClient(browserTransport(gatewayUrl));
  return client;
}

export function signedIn(): SignedIn | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const raw = sessionStorage.getItem(OPERATOR_KEY);
  if (!token || !raw) return null;
  try {
    return JSON.parse(raw) as SignedIn;
  } catch {
    return null;
  }
}

/** Checks `token` with GetOperator and keeps it for this tab; throws the server's refusal
 *  (a player's token: NOT_AN_OPERATOR; a forged or expired one: UNAUTHENTICATED). */
export async function signIn(token: string): Promise<SignedIn> {
  const answer = await admin().getOperator({}, withToken(token));
  const who: SignedIn = {
    operatorId: answer.operatorId,
    displayName: answer.displayName || answer.operatorId,
    expiresMs: Number(answer.expiresAt?.seconds ?? 0n) * 1000,
  };
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(OPERATOR_KEY, JSON.stringify(who));
  return who;
}

export function signOut(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(OPERATOR_KEY);
}

/** One AdminService call with the operator's token.  When the server no longer takes the
 *  token (it expired, the key changed), the tab signs out and the router shows the
 *  sign-in screen with the reason; the refusal is thrown on as it came. */
export async function call<T>(fn: (client: AdminClient, options: { headers: Record<string, string> }) => Promise<T>): Promise<T> {
  try {
    return await fn(admin(), withToken(sessionStorage.getItem(TOKEN_KEY)));
  } catch (err) {
    if (err instanceof ConnectError && err.code === Code.Unauthenticated) {
      signOut();
      onSignedOut(errorReason(err));
    }
    throw err;
  }
}
