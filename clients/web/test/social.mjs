// What friends.mjs and seasons.mjs share: signing a browser in as a guest through the
// page's own form, waiting for a page to draw, and axe-core on the page as it is (the
// rules axe.mjs runs: WCAG 2.x A and AA plus best practices).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BASE, OUT, browser, step, watchErrors } from './harness.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A new browser (its own profile) signed in as a new guest `name` (or as the guest of
 *  `device`, when given), on its profile page. */
export async function guest(name, { device = '', width = 1280, height = 800 } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  if (device) await ctx.addInitScript((d) => { if (!localStorage.getItem('fiveup:device')) localStorage.setItem('fiveup:device', d); }, device);
  const page = await ctx.newPage();
  watchErrors(page, name);
  await page.goto(`${BASE}/#/me`);
  await page.locator('#guest-name').fill(name);
  await page.getByRole('button', { name: 'Continue as a guest' }).click();
  await page.locator('#app[data-page=profile][data-player]').waitFor({ timeout: 15000 });
  const playerId = await page.evaluate(() => JSON.parse(localStorage.getItem('fiveup:player')).playerId);
  return { name, ctx, page, playerId };
}

/** The page now in the URL has drawn at least `n` answers. */
export async function drawn(page, pageName, n = 1) {
  try {
    await page.waitForFunction(([name, count]) => {
      const a = document.getElementById('app').dataset;
      return a.page === name && Number(a.loaded) >= count && (a.at === undefined || a.at === location.hash);
    }, [pageName, n], { timeout: 15000 });
  } catch (err) {
    const state = await page.evaluate(() => ({ hash: location.hash, ...document.getElementById('app').dataset, text: document.querySelector('main')?.textContent?.slice(0, 300) }));
    throw new Error(`${pageName} did not draw ${n} time(s): ${JSON.stringify(state)}\n${err}`);
  }
}

/** axe-core's violations on the page as it is now (and how many rules passed). */
export async function audit(page, state) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return {
      passes: r.passes.length,
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })),
    };
  });
  step(`axe ${state}`, result);
  return result;
}

/** A laptop and a phone screenshot of the page as it is now, named `<name>-laptop.png`
 *  and `<name>-phone.png`. */
export async function shots(page, name) {
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(OUT, `${name}-laptop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(size);
}
