import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import type { PairInfo, Ticker } from '../protocol';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { buildWeb } from './buildWeb';

interface ClientStreamFigures {
  pairs: number;
  ticksPerPairPerSecond: number;
  seconds: number;
  fps: number;
  scriptingMsPerFrame: number;
  taskMsPerFrame: number;
}

const CONFIG = {
  certification: false,
  lang: 'en-us',
  custom: '',
  thirdPartyWithdrawalAddress: false,
  h5ico: '',
  appDownloadLink: '',
  logo: '',
  companyName: 'Bench',
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

/**
 * A stand-in exchange for the web app: the built app, the REST calls the market list makes, and a
 * socket that sends the `tickers` channel with every pair changed, `rate` times a second.
 */
const startFeedServer = (webRoot: string, pairs: number, rate: number) => {
  const infos: PairInfo[] = Array.from({ length: pairs }, (_, i) => ({
    symbol: `c${i}usdt`,
    name: `C${i}/USDT`,
    base: `C${i}`,
    quote: 'USDT',
    pricePrecision: 2,
    qtyPrecision: 3,
  }));
  const prices = infos.map((_, i) => 100 + i);
  const tickers = (): Ticker[] =>
    infos.map((p, i) => ({
      pair: p.symbol,
      open: '100.00',
      high: '200.00',
      low: '50.00',
      last: prices[i]!.toFixed(2),
      volume: '1000.000',
      quoteVolume: (100_000 + i).toFixed(2),
      changePercent: (((prices[i]! - 100) / 100) * 100).toFixed(2),
      ts: Date.now(),
    }));
  const envelope = (data: unknown) => JSON.stringify({ code: 1, msg: 'app.msg.success', data });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/api/index/config') return res.end(envelope(CONFIG));
      if (url.pathname === '/api/market/pairs') return res.end(envelope(infos));
      if (url.pathname === '/api/market/tickers') return res.end(envelope(tickers()));
      return res.end(envelope([]));
    }
    const file = path.join(webRoot, url.pathname);
    const target =
      fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(webRoot, 'index.html');
    res.setHeader('content-type', TYPES[path.extname(target)] ?? 'application/octet-stream');
    fs.createReadStream(target).pipe(res);
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  let seq = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < prices.length; i++) prices[i] = Math.max(1, prices[i]! + (Math.random() - 0.5));
    const frame = JSON.stringify({ ch: 'tickers', seq: ++seq, ts: Date.now(), data: tickers() });
    for (const c of wss.clients) c.send(frame);
  }, 1000 / rate);
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise((r) => {
            clearInterval(timer);
            for (const c of wss.clients) c.terminate();
            wss.close();
            server.close(() => r());
          }),
      }),
    ),
  );
};

/** The market list in Chromium under `pairs` × `rate` ticks a second through tickers$: frames per
 * second and main-thread time per frame (CDP metrics), over a fixed number of seconds. */
export const measureClientStreams = async (
  pairs = 200,
  rate = 20,
  seconds = 8,
): Promise<ClientStreamFigures> => {
  const webRoot = buildWeb();
  const feed = await startFeedServer(webRoot, pairs, rate);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // Reduced motion keeps the decorative particles out of the figures.
    await context.addInitScript(() => localStorage.setItem('lang', 'us'));
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${feed.url}/market`);
    await page
      .locator('.market-row')
      .nth(pairs - 1)
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as {
        metrics: Array<{ name: string; value: number }>;
      };
      const get = (n: string) => metrics.find((m) => m.name === n)?.value ?? 0;
      return { script: get('ScriptDuration'), task: get('TaskDuration') };
    };
    const before = await metric();
    // A string, not a function: the TypeScript loader would wrap a function with helpers the page lacks.
    const frames = await page.evaluate<number>(`new Promise((resolve) => {
      let n = 0;
      const end = performance.now() + ${seconds * 1000};
      const tick = () => {
        n++;
        if (performance.now() < end) requestAnimationFrame(tick);
        else resolve(n);
      };
      requestAnimationFrame(tick);
    })`);
    const after = await metric();
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      pairs,
      ticksPerPairPerSecond: rate,
      seconds,
      fps: round(frames / seconds),
      scriptingMsPerFrame: round(((after.script - before.script) * 1000) / frames),
      taskMsPerFrame: round(((after.task - before.task) * 1000) / frames),
    };
  } finally {
    await browser.close();
    await feed.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  }
};
