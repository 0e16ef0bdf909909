import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import type { Session } from '../protocol';
import { buildWeb } from './buildWeb';
import { startServerProcess } from './serverProcess';

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The pages audited, as a first-time visitor meets the public ones and as the demo trader meets
 * the screens a signed-in trader spends the day on. */
const PAGES: { page: string; signedIn: boolean }[] = [
  { page: '/home', signedIn: false },
  { page: '/marketDetail?coinPair=btcusdt', signedIn: false },
  { page: '/login', signedIn: false },
  { page: '/register', signedIn: false },
  { page: '/trade', signedIn: true },
  { page: '/contract', signedIn: true },
  { page: '/assets', signedIn: true },
  { page: '/orderList', signedIn: true },
  { page: '/defi', signedIn: true },
  { page: '/user', signedIn: true },
];

/** LIGHTHOUSE_PAGES, a comma-separated list of paths (`/trade,/user`), audits only those. */
const selectedPages = (only = process.env.LIGHTHOUSE_PAGES) => {
  if (!only) return PAGES;
  const wanted = only.split(',').map((p) => p.trim());
  const unknown = wanted.filter((w) => !PAGES.some(({ page }) => page.split('?')[0] === w));
  if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES: no such page ${unknown.join(', ')}`);
  return PAGES.filter(({ page }) => wanted.includes(page.split('?')[0]!));
};

// The demo trader's password on the bench server's first start.
const DEMO_PASSWORD = 'Lighthouse2026bench';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL = 95;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[id]?.score ?? 0) * 100);

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

const toRow = (page: string, lhr: Result): LighthouseRow => ({
  page,
  performance: score(lhr, 'performance'),
  accessibility: score(lhr, 'accessibility'),
  bestPractices: score(lhr, 'best-practices'),
  lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
  tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
  cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
});

/** What pulls a category under the goal: its audits that did not pass, so a run says what to fix. */
const shortfalls = (page: string, lhr: Result): string[] =>
  CATEGORIES.filter((id) => score(lhr, id) < GOAL).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${page} ${id}: ${a.id} (${a.score}) ${a.title} ${a.displayValue ?? ''}`.trim()),
  );

const logInDemoTrader = async (url: string): Promise<Session> => {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demotrader', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`demo trader login: HTTP ${res.status}`);
  return ((await res.json()) as { data: Session }).data;
};

/**
 * Stores the session as the app keeps it (localStorage `user`, src/state/session.ts), or removes
 * it, in the audited Chromium's profile. Lighthouse opens each run in a new tab of that profile and
 * its storage reset leaves localStorage alone, so the app starts signed in (or out) as set here.
 */
const storeSession = async (port: number, url: string, session: Session | null) => {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const tab = await browser.contexts()[0]!.newPage();
    // Any answer from the origin gives its storage; this one starts no app.
    await tab.goto(`${url}/api/health`);
    await tab.evaluate(
      (user) => (user === null ? localStorage.removeItem('user') : localStorage.setItem('user', user)),
      session && JSON.stringify(session),
    );
    await tab.close();
  } finally {
    await browser.close();
  }
};

/**
 * Lighthouse's default (mobile) preset, simulated throttling, against the built app served by the
 * real server on loopback. Several runs per page and the median by performance, because a shared
 * two-core machine makes single runs noisy (LIGHTHOUSE_RUNS, default 3). LIGHTHOUSE_REPORT_DIR keeps
 * each page's median report (JSON, opens in the Lighthouse viewer). The signed-in pages are audited
 * as the demo trader, logged in through the API.
 */
export const measureLighthouse = async (
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseRow[]> => {
  const pages = selectedPages();
  const webRoot = buildWeb();
  const server = await startServerProcess({ env: { WEB_ROOT: webRoot, DEMO_PASSWORD } });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const rows: LighthouseRow[] = [];
    const session = pages.some((p) => p.signedIn) ? await logInDemoTrader(server.url) : null;
    for (const { page, signedIn } of pages) {
      await storeSession(chrome.port, server.url, signedIn ? session : null);
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const out = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!out) throw new Error(`lighthouse returned nothing for ${page}`);
        if (out.lhr.runtimeError) throw new Error(`${page}: ${out.lhr.runtimeError.message}`);
        // A gate that turned the reader away (to login, say) would have the wrong screen audited.
        const shown = new URL(out.lhr.finalDisplayedUrl).pathname;
        if (shown !== page.split('?')[0]) throw new Error(`${page}: the app showed ${shown}`);
        results.push(out.lhr);
      }
      results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = results[Math.floor(results.length / 2)]!;
      for (const line of shortfalls(page, median)) console.log(line);
      const dir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        const name = page.replace(/\W+/g, '_').replace(/^_|_$/g, '');
        fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(median));
      }
      rows.push(toRow(page, median));
    }
    return rows;
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  measureLighthouse().then(
    (rows) => console.table(rows),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
