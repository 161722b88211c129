// Lighthouse, mobile (its default: a mid-range phone's screen, simulated slow 4G and a
// slower CPU: 4x, scaled to the host below), on the landing page and on a table in play, in Debian's Chromium with the
// project's headless flags.  Run by tests/web/test_audits.py, which checks the scores:
//
//   FIVEUP_WEB_URL=http://127.0.0.1:8000 FIVEUP_ARTIFACTS=/tmp/out node test/lighthouse.mjs
//
// Each page is measured FIVEUP_LIGHTHOUSE_RUNS times (3) and judged by the median run, as
// Lighthouse's own guidance on variability recommends: one run on a loaded machine can
// land a long way from the page's real cost either way.  Every run's scores and metrics
// are in the report, and each page's median run is saved as HTML beside it.
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { BASE, OUT, browser, run, step, watchErrors } from './harness.mjs';

const RUNS = Number(process.env.FIVEUP_LIGHTHOUSE_RUNS || 3);
const CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli', 'index.js');
const FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --no-proxy-server';
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift', 'interactive'];

// Lighthouse's 4x CPU slowdown is calibrated for a high-end desktop (benchmark index 1500
// and up, docs/throttling.md): on a slower or busier host the same 4x models a phone far
// below the mid-tier one it means to, and the score measures the machine, not the page.
// As its docs advise, the multiplier is scaled to the host: 4 x index / 1500, never above
// 4, taken from the index the previous run measured (the first run of a session uses 4).
const REFERENCE_INDEX = 1500;
const DEFAULT_SLOWDOWN = 4;
const slowdownFor = (index) => (index === undefined ? DEFAULT_SLOWDOWN
  : Math.max(1, Math.min(DEFAULT_SLOWDOWN, Math.round((DEFAULT_SLOWDOWN * index) / REFERENCE_INDEX * 10) / 10)));
let lastIndex;

/** One Lighthouse run of `url`: its categories' scores, the metrics, the failed
 *  accessibility audits and the scripts the page fetched. */
async function lighthouse(url, name, i) {
  const file = path.join(OUT, `${name}-${i}.json`);
  const slowdown = slowdownFor(lastIndex);
  await promisify(execFile)(process.execPath, [
    CLI, url, '--quiet', `--chrome-flags=${FLAGS}`, '--only-categories=performance,accessibility',
    `--throttling.cpuSlowdownMultiplier=${slowdown}`,
    '--output=json', '--output=html', `--output-path=${file.replace(/\.json$/, '')}`,
  ], { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM || '/usr/bin/chromium' }, timeout: 90000, maxBuffer: 1 << 24 });
  const lhr = JSON.parse(await readFile(file.replace(/\.json$/, '.report.json'), 'utf8'));
  lastIndex = lhr.environment.benchmarkIndex;
  const audit = (id) => lhr.audits[id];
  const a11yFailed = lhr.categories.accessibility.auditRefs
    .filter((ref) => audit(ref.id).score !== null && audit(ref.id).score < 1)
    .map((ref) => ref.id);
  return {
    run: i,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    metrics: Object.fromEntries(METRICS.map((id) => [id, Math.round(audit(id).numericValue * 1000) / 1000])),
    a11yFailed,
    textCompression: audit('uses-text-compression').score,
    longTasks: (audit('long-tasks').details?.items || []).map((t) => Math.round(t.duration)),
    scripts: audit('network-requests').details.items
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: r.url.replace(BASE, ''), transferSize: r.transferSize, resourceSize: r.resourceSize })),
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    formFactor: lhr.configSettings.formFactor,
    throttling: lhr.configSettings.throttlingMethod,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    file: path.basename(file.replace(/\.json$/, '')),
  };
}

/** `RUNS` runs of one page; the median one (by performance) is kept as HTML. */
async function measure(url, name) {
  const runs = [];
  for (let i = 1; i <= RUNS; i += 1) runs.push(await lighthouse(url, name, i));
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  for (const r of runs) {
    await rm(path.join(OUT, `${r.file}.report.json`));
    if (r !== median) await rm(path.join(OUT, `${r.file}.report.html`));
  }
  step(`lighthouse ${name}`, { url: url.replace(BASE, ''), median, runs });
}

await run(async () => {
  // a table in play: a person against a bot, two moves in, left waiting on the person's
  // turn (the bot answers at once: FIVEUP_BOT_DELAY=0 in the tests)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchErrors(page, 'player');
  await page.goto(`${BASE}/#/`);
  await page.locator('#seat-1').selectOption('greedy');
  await page.getByRole('button', { name: 'Create match' }).click();
  // against a bot there is nobody to invite: straight to the table
  await page.waitForURL(/#\/play\//);
  const watchLink = `${BASE}/#/watch/${page.url().split('/').pop()}`;
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  for (let moves = 0; moves < 2; ) {
    await page.waitForFunction(() => {
      const a = document.getElementById('app');
      return a.dataset.roundEnd || a.dataset.status === 'finished' || a.dataset.myTurn === 'true';
    }, null, { timeout: 30000 });
    const app = await page.evaluate(() => ({ ...document.getElementById('app').dataset }));
    if (app.roundEnd || app.status === 'finished') break;
    const playable = page.locator('.hand button.tile.playable:not([disabled])');
    if (await playable.count()) {
      await playable.first().click();
      await page.locator('.points button.point').first().click();
      moves += 1;
    } else {
      await page.locator('button[data-move=draw], button[data-move=pass]').first().click();
    }
    await page.waitForFunction((v) => document.getElementById('app').dataset.version !== v, app.version, { timeout: 20000 });
  }
  const tiles = Number(await page.locator('#app').getAttribute('data-tiles'));
  step('table ready', { watchLink: watchLink.replace(BASE, ''), tiles });
  await measure(`${BASE}/`, 'landing');
  await measure(watchLink, 'table');
  await context.close();
});
