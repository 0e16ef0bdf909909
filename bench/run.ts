import { measureBundle } from './bundle';
import { measureClientStreams } from './clientStreams';
import { measureContracts } from './contracts';
import { measureHttp } from './http';
import { measureSpotEngine } from './spotEngine';
import { measureSpotHttp } from './spotHttp';
import { measureFanout } from './wsFanout';

/** Every benchmark, one table each. Figures only: nothing here passes or fails on time. */
const main = async () => {
  console.log('\nHTTP, public endpoints over loopback (embedded SQLite)');
  console.table(await measureHttp());
  console.log('\nWeb app, first visit (KB gzipped; budget: initial JS under 200)');
  console.table([measureBundle()]);
  console.log(
    '\nWebSocket gateway fan-out: clients on tickers + one depth.<pair> each (goal: p99 < 100 ms, RSS < 1 GB)',
  );
  console.table([await measureFanout()]);
  console.log(
    '\nClient streams: 200 pairs × 20 ticks/s into the market list in Chromium (goal: 60 fps, < 4 ms scripting)',
  );
  console.table([await measureClientStreams()]);
  console.log(
    '\nSpot matching engine in process, exchange-core mix over ~1000 resting orders (goal: 1M ops/s, p99 < 10 µs)',
  );
  console.table(measureSpotEngine());
  console.log(
    '\nSpot orders over HTTP with persistence, 100 connections, constant rate (goal: 10k/s, p99 < 25 ms)',
  );
  console.table(await measureSpotHttp());
  console.log(
    '\nTimed contracts: 10 000 closing within one minute, lag from close time to settlement (goal: < 1 s)',
  );
  console.table([await measureContracts()]);
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
