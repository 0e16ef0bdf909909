import { startServerProcess } from './serverProcess';
import { printSpotHttp, runRates, type SpotHttpFigures } from './spotHttp';

/**
 * The same load as the HTTP benchmark (`spotHttp.ts`: its order mix, 100 connections, a constant
 * offered rate, CPU per order of both processes) against `httpFloorServer.ts`, which does nothing
 * with an order but hand it to another thread and answer: what Node, Fastify, the thread hand-over
 * and the load client cost on this machine before any of the exchange's own work. The spot HTTP
 * rows read against it: their server CPU an order less this one's is the exchange's.
 */
export const measureHttpFloor = async (rates = [6000, 9000], seconds = 5): Promise<SpotHttpFigures[]> => {
  const server = await startServerProcess({ entry: 'bench/httpFloorServer.ts' });
  // Tokens as long as real ones: the floor reads none, but the requests are the same size.
  const tokens = Array.from({ length: 100 }, (_, i) => String(i).padStart(43, 't'));
  try {
    return await runRates(server, tokens, rates, seconds, 97_000);
  } finally {
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) void measureHttpFloor().then(printSpotHttp);
