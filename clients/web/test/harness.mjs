// What every browser scenario script shares: the environment it is run with, headless
// Chromium launched with the flags that work on this machine kind, a report of named
// steps, page errors collected, and the report written whatever happens.
import { chromium } from 'playwright-core';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const BASE = process.env.FIVEUP_WEB_URL;
export const OUT = process.env.FIVEUP_ARTIFACTS || 'test-artifacts';
const BROWSER = process.env.CHROMIUM || '/usr/bin/chromium';
if (!BASE) throw new Error('FIVEUP_WEB_URL is required');
await mkdir(OUT, { recursive: true });

export const report = { steps: [] };
const started = Date.now();
export const step = (name, data = {}) => {
  report.steps.push({ name, ...data });
  console.log(`# ${name} +${Date.now() - started}ms ${JSON.stringify(data)}`);
};

export const browser = await chromium.launch({
  executablePath: BROWSER,
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-proxy-server',
  ], // playwright gives every launch a fresh temporary profile (--user-data-dir)
});

const consoleErrors = [];
export const watchErrors = (page, who) => {
  page.on('pageerror', (err) => consoleErrors.push(`${who}: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(`${who}: ${msg.text()}`); });
};

/** Close the round-end panel if it is up (it waits over the table until dismissed). */
export async function dismissRoundEnd(page) {
  const button = page.locator('button[data-action=dismiss-round]');
  if (await button.count()) await button.click().catch(() => {}); // it may close on its own
}

/** One move at the table, as a person in a hurry makes it: the first playable tile at its
 *  first point, else draw or pass; resolves once the table shows the next version
 *  (`version`: the one the caller read, else read here). */
export async function playFirstMove(page, version = undefined, timeout = 20000) {
  const before = version ?? await page.locator('#app').getAttribute('data-version');
  const playable = page.locator('.hand button.tile.playable:not([disabled])');
  if (await playable.count()) {
    await playable.first().click();
    await page.locator('.points button.point').first().click();
  } else {
    await page.locator('button[data-move=draw], button[data-move=pass]').first().click();
  }
  await page.waitForFunction((v) => document.getElementById('app').dataset.version !== v, before, { timeout });
}

/** Run the scenario; its report (ok or the error, the page errors) is written to
 *  OUT/report.json and the browser closed either way; the exit code says which. */
export async function run(scenario) {
  try {
    await scenario();
    report.ok = true;
  } catch (err) {
    report.ok = false;
    report.error = String(err && err.stack ? err.stack : err);
    console.error(report.error);
  } finally {
    report.consoleErrors = consoleErrors;
    await writeFile(path.join(OUT, 'report.json'), JSON.stringify(report, null, 1));
    await browser.close();
  }
  process.exitCode = report.ok ? 0 : 1;
}
