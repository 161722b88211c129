// Web Push in real headless Chromium (Debian's /usr/bin/chromium, through
// playwright-core), against the stack tests/web/test_notifications_web.py starts:
//
//   FIVEUP_WEB_URL=… FIVEUP_SERVER=host:port FIVEUP_PUSH=<test push service>
//   FIVEUP_PUSH_ENDPOINT=… FIVEUP_PUSH_P256DH=… FIVEUP_PUSH_AUTH=…
//   FIVEUP_FENCE_ENDPOINT=… FIVEUP_FENCE_P256DH=… FIVEUP_FENCE_AUTH=…
//   FIVEUP_WEB_URL_NO_PUSH=<the same app before a server without Web Push>
//   FIVEUP_ARTIFACTS=… node test/notifications.mjs
//
// There is no push service a browser could reach on this closed network (Chromium's
// subscribe fails or never settles), so pushManager.subscribe is replaced in the page
// by a stub that answers with the test push service's endpoint and keys the test made
// (a real P-256 pair: the server's RFC 8291 encryption is decrypted with them there).
// Everything else is real: the permission, the service worker, SubscribeWebPush, the
// server's encrypted push after the opponent's move, and a push delivered to the
// worker through the DevTools protocol (ServiceWorker.deliverPushMessage) that it shows.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MatchStatus, SeatKind, createFiveUpClients, errorReason, withToken } from '@fiveup/sdk';
import { grpcTransport } from '@fiveup/sdk/node';
import { BASE, OUT, browser, report, run, step, watchErrors } from './harness.mjs';
import { signedInPage as plainSignedInPage, signInGuest } from './people.mjs';

const need = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const SERVER = need('FIVEUP_SERVER');
const PUSH = need('FIVEUP_PUSH');
const STUB = { endpoint: need('FIVEUP_PUSH_ENDPOINT'), p256dh: need('FIVEUP_PUSH_P256DH'), auth: need('FIVEUP_PUSH_AUTH') };
const FENCE = { endpoint: need('FIVEUP_FENCE_ENDPOINT'), keys: { p256dh: need('FIVEUP_FENCE_P256DH'), auth: need('FIVEUP_FENCE_AUTH') } };
const NO_PUSH = need('FIVEUP_WEB_URL_NO_PUSH');
const api = createFiveUpClients(grpcTransport(SERVER));
const WAIT = { timeout: 30000 };
const DEADLINE_MS = 30000;

/** Polls `probe` until it answers something truthy, or fails after the deadline. */
async function until(what, probe, ms = DEADLINE_MS) {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const guest = (name) => signInGuest(api, name);

/** A context holding `g`'s session, notifications allowed, pushManager stubbed. */
async function signedInPage(g, base, who) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['notifications'], { origin: new URL(base).origin });
  await context.addInitScript(([device, kept, stub]) => {
    if (!localStorage.getItem('fiveup:player')) {
      localStorage.setItem('fiveup:device', device);
      localStorage.setItem('fiveup:player', kept);
    }
    // A PushSubscription-like answer naming the test push service and the test's keys;
    // kept in localStorage, as the browser keeps a real one across reloads.
    const KEY = 'test:push-subscription';
    const keyBytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const make = () => ({
      endpoint: stub.endpoint, expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: keyBytes(localStorage.getItem(KEY)) },
      toJSON: () => ({ endpoint: stub.endpoint, expirationTime: null, keys: { p256dh: stub.p256dh, auth: stub.auth } }),
      unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
    });
    PushManager.prototype.subscribe = async function (options) {
      const bytes = new Uint8Array(options.applicationServerKey);
      localStorage.setItem(KEY, btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
      return make();
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(KEY) ? make() : null;
    };
  }, [g.device, g.kept, STUB]);
  const page = await context.newPage();
  watchErrors(page, who);
  return page;
}

const card = (page) => page.locator('section.notifications');
const cardState = (page) => card(page).evaluate((c) => ({
  state: c.dataset.state, text: c.querySelector('.notify-state').textContent,
  button: c.querySelector('button').hidden ? null : c.querySelector('button').textContent,
}));
const waitState = (page, state) => page.locator(`section.notifications[data-state=${state}]`).waitFor(WAIT);

/** The pushes the test push service decrypted for one of its endpoints. */
async function pushes(endpoint) {
  const name = endpoint.split('/').pop();
  return (await (await fetch(`${PUSH}/pushes/${name}`)).json()).pushes;
}

/** The seat to move plays its first legal move (its player's token). */
async function moveOnce(matchId, tokens) {
  for (;;) {
    const view = (await api.matches.getMatch({ matchId })).view;
    if (view.status !== MatchStatus.IN_PROGRESS) throw new Error('the match ended');
    const seat = view.turnSeat;
    const mine = (await api.matches.getMatch({ matchId }, withToken(tokens[seat]))).view;
    if (mine.turnSeat !== seat || !mine.legalMoves.length) continue;
    try {
      await api.matches.submitMove({ matchId, move: mine.legalMoves[0], expectedVersion: mine.version, requestId: randomUUID() }, withToken(tokens[seat]));
      return seat;
    } catch (err) {
      if (errorReason(err) !== 'STALE_VERSION') throw err;
    }
  }
}

/** Moves until `seat` has just moved (it is someone else's turn now). */
async function untilMoved(matchId, tokens, seat) {
  for (let n = 0; n < 200; n++) {
    if ((await moveOnce(matchId, tokens)) !== seat) continue;
    // a seat that drew goes on (and nobody is told): only a handed-over turn counts
    const view = (await api.matches.getMatch({ matchId })).view;
    if (view.turnSeat !== seat || view.status !== MatchStatus.IN_PROGRESS) return;
  }
  throw new Error(`seat ${seat} never handed the turn over`);
}

await run(async () => {
  const asha = await guest('Asha');
  const bilal = await guest('Bilal');
  const page = await signedInPage(asha, BASE, 'asha');
  // The DevTools protocol sees the worker's registration and its versions from the start.
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map(); // registrationId -> scopeURL
  const activated = new Set(); // registrationIds with an activated version
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: rs }) => {
    for (const r of rs) if (!r.isDeleted) registrations.set(r.registrationId, r.scopeURL);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  await page.goto(`${BASE}/#/`);
  await card(page).waitFor(WAIT);
  await waitState(page, 'off');
  const before = await cardState(page);
  const registeredBefore = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  step('off', { ...before, registeredBefore });

  await card(page).locator('button').click();
  await waitState(page, 'on');
  const ready = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL, state: r.active?.state };
  });
  const subscribedWith = await page.evaluate(() => localStorage.getItem('test:push-subscription'));
  const serverKey = (await api.notifications.getWebPushKey({}, withToken(asha.token))).applicationServerKey;
  const settings = (await api.notifications.getNotificationSettings({}, withToken(asha.token))).settings;
  await card(page).screenshot({ path: path.join(OUT, 'notifications-on.png') });
  await page.screenshot({ path: path.join(OUT, 'start-page-on.png'), fullPage: true });
  step('on', {
    ...(await cardState(page)), ready, keyMatches: subscribedWith === serverKey,
    stored: settings.subscriptions.map((s) => s.endpoint), webPush: settings.webPush,
  });
  // Still on after a reload (the browser's subscription and the server's agree).
  await page.reload();
  await waitState(page, 'on');
  step('on after reload', await cardState(page));
  // The server forgets the subscription (as after a push service's 410): the next start
  // sends it again, without asking anything.
  await api.notifications.unsubscribeWebPush({ endpoint: STUB.endpoint }, withToken(asha.token));
  await page.reload();
  await waitState(page, 'on');
  step('resubscribed', {
    ...(await cardState(page)),
    stored: (await api.notifications.getNotificationSettings({}, withToken(asha.token))).settings.subscriptions.map((s) => s.endpoint),
  });

  // A push delivered to the worker through the DevTools protocol shows its notification.
  // (A push service delivers at least once, and so does this test: on a busy machine a
  // push can reach a worker that is still starting up and be dropped, so it is sent
  // again, to the registration active then, until it shows; the tag keeps it to one.)
  const scope = ready.scope;
  const notice = { id: `test-${randomUUID()}`, kind: 'your_turn', match_id: 'm-devtools', title: 'Your turn', body: 'Bilal moved. It is your turn.' };
  const shownNow = () => page.evaluate(async (tag) => {
    const r = await navigator.serviceWorker.ready;
    const found = (await r.getNotifications({ tag })).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
    return found.length ? found : null;
  }, notice.id);
  let registrationId;
  let shown = null;
  let attempts = 0;
  for (let attempt = 1; !shown; attempt += 1) {
    attempts = attempt;
    registrationId = await until('the worker activated', () =>
      [...registrations].reverse().find(([id, s]) => s === scope && activated.has(id))?.[0]);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(BASE).origin, registrationId, data: JSON.stringify(notice) });
    try {
      shown = await until('the notification shown', shownNow, 8000);
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
  // The same notice again (a push service may deliver twice): still one notification.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(BASE).origin, registrationId, data: JSON.stringify({ ...notice, body: 'again' }) });
  const replaced = await until('the repeat shown', () => page.evaluate(async (tag) => {
    const r = await navigator.serviceWorker.ready;
    const found = await r.getNotifications({ tag });
    return found.length === 1 && found[0].body === 'again' ? found.length : null;
  }, notice.id));
  step('devtools push', { shown, sameTagCount: replaced, attempts });

  // The done-when piece: Bilal moves in a correspondence match, the server pushes to
  // Asha's subscription (decrypted by the test push service with the stub's keys).
  const table = await api.lobby.createPrivateTable(
    { seats: [{ kind: SeatKind.HUMAN }, { kind: SeatKind.HUMAN }], join: true, turnClockSeconds: 86400 },
    withToken(asha.token));
  const joined = await api.lobby.joinWithInvite({ inviteCode: table.inviteCode }, withToken(bilal.token));
  const tokens = { [table.seat]: asha.token, [joined.seat]: bilal.token };
  const matchId = table.matchId;
  await untilMoved(matchId, tokens, joined.seat);
  const pushed = await until('the push of Bilal’s move', async () => {
    const got = (await pushes(STUB.endpoint)).filter((p) => p.payload.match_id === matchId && p.payload.kind === 'your_turn');
    return got.some((p) => p.payload.body.startsWith('Bilal ')) ? got : null;
  });
  step('pushed', { matchId, pushed });

  // Turn off: both sides forget the subscription; the next turn reaches only the
  // fence (a second subscription of Asha's, stored through the API), never the stub.
  await card(page).locator('button').click();
  await waitState(page, 'off');
  const afterOff = (await api.notifications.getNotificationSettings({}, withToken(asha.token))).settings;
  await api.notifications.subscribeWebPush(FENCE, withToken(asha.token));
  const countBefore = (await pushes(STUB.endpoint)).length;
  await untilMoved(matchId, tokens, table.seat);
  await untilMoved(matchId, tokens, joined.seat);
  const fenced = await until('the fence’s push', async () => {
    const got = (await pushes(FENCE.endpoint)).filter((p) => p.payload.match_id === matchId);
    return got.length ? got : null;
  });
  step('off again', {
    ...(await cardState(page)), stored: afterOff.subscriptions.map((s) => s.endpoint),
    browserSubscription: await page.evaluate(() => localStorage.getItem('test:push-subscription')),
    fenced: fenced.length, stubBefore: countBefore, stubAfter: (await pushes(STUB.endpoint)).length,
  });

  // A browser that refuses the permission (headless Chromium answers "denied" to the
  // prompt, as a person who clicks Block does): the card says so, nothing more to press.
  const dana = await guest('Dana');
  const refusing = await plainSignedInPage(dana, { viewport: { width: 1280, height: 900 } }, 'refusing');
  await refusing.goto(`${BASE}/#/`);
  await waitState(refusing, 'off');
  await card(refusing).locator('button').click();
  await waitState(refusing, 'blocked');
  const blockedSettings = (await api.notifications.getNotificationSettings({}, withToken(dana.token))).settings;
  step('blocked', { ...(await cardState(refusing)), stored: blockedSettings.subscriptions.length });
  await refusing.reload();
  await waitState(refusing, 'blocked'); // and stays so: only the browser's settings change it
  step('blocked after reload', await cardState(refusing));
  await card(refusing).screenshot({ path: path.join(OUT, 'notifications-blocked.png') });
  // A browser without the Push API (as Safari on an iPhone, outside a home-screen app).
  const older = await plainSignedInPage(dana, { viewport: { width: 390, height: 844 } }, 'no-push-api');
  await older.context().addInitScript(() => { delete window.PushManager; });
  await older.goto(`${BASE}/#/`);
  await waitState(older, 'unsupported');
  step('unsupported', await cardState(older));

  // A server without Web Push: the control says so and offers nothing to press.
  const other = await guest('Chitra'); // an account on the other server: signed in there
  const noPushApi = createFiveUpClients(grpcTransport(need('FIVEUP_SERVER_NO_PUSH')));
  const s = (await noPushApi.players.signInAsGuest({ deviceId: other.device, displayName: 'Chitra' })).session;
  const kept = JSON.stringify({
    playerId: s.player.playerId, displayName: s.player.displayName, accessToken: s.accessToken,
    accessExpiresMs: Number(s.accessTokenExpiresAt.seconds) * 1000, refreshToken: s.refreshToken,
  });
  const noPush = await signedInPage({ ...other, kept }, NO_PUSH, 'no-push');
  await noPush.goto(`${NO_PUSH}/#/`);
  await waitState(noPush, 'unavailable');
  step('unavailable', await cardState(noPush));
  await noPush.evaluate(() => { localStorage.setItem('fiveup:lang', 'hi'); });
  await noPush.reload();
  await waitState(noPush, 'unavailable');
  step('unavailable hi', await cardState(noPush));
});
