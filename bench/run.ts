import { measureBundle } from './bundle';
import { measureClientStreams } from './clientStreams';
import { measureHttp } from './http';
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
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
