import WebSocket from 'ws';
import { percentile, rssMb, startServerProcess } from './serverProcess';

interface FanoutFigures {
  clients: number;
  seconds: number;
  messagesPerSecond: number;
  p50DelayMs: number;
  p99DelayMs: number;
  serverRssMb: number;
  serverRssIdleMb: number;
}

const PAIRS = [
  'btcusdt',
  'ethusdt',
  'bnbusdt',
  'solusdt',
  'xrpusdt',
  'dogeusdt',
  'adausdt',
  'trxusdt',
  'ltcusdt',
  'dotusdt',
];

/** The `ts` of a channel frame without parsing the whole frame: the gateway writes `{"ch":…,"seq":…,"ts":…`
 * first, and parsing every frame here would measure this process rather than the server. */
const frameTs = (frame: string) => {
  const i = frame.indexOf('"ts":');
  return i < 0 ? NaN : parseInt(frame.slice(i + 5, i + 20), 10);
};

/**
 * Gateway fan-out: `clients` sockets on the real server (its own process, simulated feed), each on
 * `tickers` and one `depth.<pair>`. Reports messages delivered per second, delay from the server's
 * publish time (`ts`) to receipt here, and the server's resident memory. Bounded in clients and time.
 */
export const measureFanout = async (clients = 5000, seconds = 10): Promise<FanoutFigures> => {
  const server = await startServerProcess();
  const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  const serverRssIdleMb = rssMb(server.pid);
  const sockets: WebSocket[] = [];
  let measuring = false;
  let received = 0;
  const delays: number[] = [];
  try {
    for (let i = 0; i < clients; i += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, clients - i) }, (_, j) => {
          const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
          sockets.push(ws);
          ws.on('message', (data) => {
            if (!measuring) return;
            received++;
            // Sample the delay of one message in ten: enough for the percentiles, light on this process.
            if (received % 10 === 0) delays.push(Date.now() - frameTs(data.toString()));
          });
          return new Promise<void>((resolve, reject) => {
            ws.once('open', () => {
              ws.send(
                JSON.stringify({ op: 'sub', ch: ['tickers', `depth.${PAIRS[(i + j) % PAIRS.length]}`] }),
              );
              resolve();
            });
            ws.once('error', reject);
          });
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2000));
    measuring = true;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    measuring = false;
    const elapsed = (performance.now() - started) / 1000;
    const serverRss = rssMb(server.pid);
    delays.sort((a, b) => a - b);
    return {
      clients,
      seconds: Math.round(elapsed),
      messagesPerSecond: Math.round(received / elapsed),
      p50DelayMs: percentile(delays, 0.5),
      p99DelayMs: percentile(delays, 0.99),
      serverRssMb: serverRss,
      serverRssIdleMb,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
};
