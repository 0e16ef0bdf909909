import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
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

const PAGES = ['/home', '/marketDetail?coinPair=btcusdt'];
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

/**
 * Lighthouse's default (mobile) preset, simulated throttling, against the built app served by the
 * real server on loopback. Several runs per page and the median by performance, because a shared
 * two-core machine makes single runs noisy (LIGHTHOUSE_RUNS, default 3). LIGHTHOUSE_REPORT_DIR keeps
 * each page's median report (JSON, opens in the Lighthouse viewer).
 */
export const measureLighthouse = async (
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseRow[]> => {
  const webRoot = buildWeb();
  const server = await startServerProcess({ env: { WEB_ROOT: webRoot } });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of PAGES) {
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
