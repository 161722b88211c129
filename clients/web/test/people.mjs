/** The people of a browser test: guests signed in through the API, and browser contexts
 * that hold one's session as a returning visitor's browser would. */
import { randomUUID } from 'node:crypto';
import { browser, watchErrors } from './harness.mjs';

/** A guest signed in through `api`; `kept` is the session as the web app stores it. */
export async function signInGuest(api, name) {
  const device = randomUUID();
  const s = (await api.players.signInAsGuest({ deviceId: device, displayName: name })).session;
  return {
    name, device, token: s.accessToken, playerId: s.player.playerId,
    kept: JSON.stringify({
      playerId: s.player.playerId, displayName: s.player.displayName, accessToken: s.accessToken,
      accessExpiresMs: Number(s.accessTokenExpiresAt.seconds) * 1000, refreshToken: s.refreshToken,
    }),
  };
}

/** A page in a new browser context holding `g`'s session (as one that signed in before would). */
export async function signedInPage(g, options, who = g.name) {
  const context = await browser.newContext(options);
  await context.addInitScript(([device, kept]) => {
    if (!localStorage.getItem('fiveup:player')) {
      localStorage.setItem('fiveup:device', device);
      localStorage.setItem('fiveup:player', kept);
    }
  }, [g.device, g.kept]);
  const page = await context.newPage();
  watchErrors(page, who);
  return page;
}
