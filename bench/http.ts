import http from 'node:http';
import { cpuMs, percentile, startServerProcess } from './serverProcess';

interface HttpFigures {
  path: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU (every thread) a request. */
  serverCpuUs: number;
  /** The answer's size on the wire. */
  bytes: number;
}

/** What a phone asks for first: the site, the coin list, the notices, the tickers and a chart. */
const PATHS = [
  '/api/index/config',
  '/api/index/coinlist',
  '/api/index/notice',
  '/api/market/tickers',
  '/api/market/kline?pair=btcusdt&interval=1m&limit=300',
];

/**
 * Requests per second, latency and the server's CPU a request for the public endpoints, against
 * the real server (its own process, simulated feed, embedded database) over loopback: `concurrency`
 * keep-alive connections, each asking again as soon as it is answered, for `seconds` a path after a
 * warm-up, accepting compressed answers as a browser does. Bounded: it stops by itself.
 */
export const measureHttp = async (seconds = 4, concurrency = 32): Promise<HttpFigures[]> => {
  const server = await startServerProcess();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        server.url + path,
        { agent, headers: { lang: 'de', 'accept-encoding': 'gzip, deflate, br' } },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
    });
  const results: HttpFigures[] = [];
  try {
    for (const path of PATHS) {
      for (let i = 0; i < 300; i++) await get(path);
      const latencies: number[] = [];
      let bytes = 0;
      const cpuBefore = cpuMs(server.pid);
      const started = performance.now();
      const until = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            const t0 = performance.now();
            bytes = await get(path);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const cpu = cpuMs(server.pid) - cpuBefore;
      latencies.sort((a, b) => a - b);
      results.push({
        path,
        requests: latencies.length,
        concurrency,
        perSecond: Math.round(latencies.length / elapsed),
        p50Ms: Math.round(percentile(latencies, 0.5) * 100) / 100,
        p99Ms: Math.round(percentile(latencies, 0.99) * 100) / 100,
        serverCpuUs: Math.round((cpu * 1000) / latencies.length),
        bytes,
      });
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
  return results;
};

if (import.meta.url === `file://${process.argv[1]}`) void measureHttp().then((r) => console.table(r));
