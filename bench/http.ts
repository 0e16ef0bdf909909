import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed/seed';
import { buildApp } from '../server/http/app';

export interface HttpFigures {
  path: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Requests per second and latency of public endpoints over loopback, on the embedded database,
 * with a fixed number of requests at a fixed concurrency (bounded: it stops by itself). */
export const measureHttp = async (requests = 4000, concurrency = 32): Promise<HttpFigures[]> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-db-'));
  const db = openSqlite(path.join(dir, 'bench.db'));
  await migrate(db);
  await seedIfEmpty(db.kysely);
  const app = await buildApp({
    config: {
      logLevel: 'silent',
      rateLimitPerMinute: 1_000_000,
      rateLimitPerAddressPerMinute: 1_000_000,
      webRoot: dir,
      trustProxy: false,
    },
    db,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const results: HttpFigures[] = [];
  try {
    for (const p of ['/api/index/config', '/api/index/coinlist', '/api/index/notice']) {
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      const worker = async () => {
        while (next < requests) {
          next++;
          const t0 = performance.now();
          const res = await fetch(address + p, { headers: { lang: 'de' } });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
          latencies.push(performance.now() - t0);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        path: p,
        requests: latencies.length,
        concurrency,
        perSecond: Math.round(latencies.length / seconds),
        p50Ms: Math.round(percentile(latencies, 0.5) * 100) / 100,
        p99Ms: Math.round(percentile(latencies, 0.99) * 100) / 100,
      });
    }
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
};
