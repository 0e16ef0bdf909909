import { measureBundle } from './bundle';
import { measureHttp } from './http';

/** Every benchmark, one table each. Figures only: nothing here passes or fails on time. */
const main = async () => {
  console.log('\nHTTP, public endpoints over loopback (embedded SQLite)');
  console.table(await measureHttp());
  console.log('\nWeb app, first visit (KB gzipped; budget: initial JS under 200)');
  console.table([measureBundle()]);
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
